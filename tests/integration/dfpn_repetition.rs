//! df-pn and repeated positions (the graph-history interaction; Hric and Baudiš on df-pn(r)): on
//! random small directed graphs with cycles, a position repeated on the current path is a
//! draw for that path, and df-pn must agree with a naive search that follows exactly that
//! rule, path by path, with no table. The graphs make the classic trap likely: a node whose
//! value on one path comes from a repetition and on another does not; a table that cached the
//! first answer as a plain proof or disproof would give the second path a wrong answer.
//!
//! The game is test-only: a node of a graph and the side to move; a move goes along an edge
//! and passes the turn; some nodes end the game with a fixed outcome.

use std::fmt;

use crate::helpers::positions::Rng;
use plyscope::game::{Game, MoveList, Outcome, Player, Tactics};
use plyscope::search::dfpn::{DfpnOptions, DfpnTable, Mid, PlainMoves};
use plyscope::search::observer::NoTrace;
use plyscope::search::proof::{Goal, LeafInit, ProofVerdict};
use plyscope::search::{LambdaGame, Limits, Pass};

#[derive(Clone)]
struct CycleGame {
    edges: Vec<Vec<u8>>,
    end: Vec<Option<Outcome>>,
    node: u8,
    side: Player,
    history: Vec<u8>,
}

impl fmt::Debug for CycleGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "edges {:?} end {:?}", self.edges, self.end)
    }
}

impl CycleGame {
    fn random(rng: &mut Rng) -> CycleGame {
        let n = 4 + rng.below(9);
        let mut edges = Vec::new();
        let mut end = Vec::new();
        for i in 0..n {
            // Node 0 (the start) never ends the game.
            let terminal = i > 0 && rng.below(10) < 2;
            end.push(terminal.then(|| match rng.below(3) {
                0 => Outcome::Win(Player::Black),
                1 => Outcome::Win(Player::White),
                _ => Outcome::Draw,
            }));
            let mut out = Vec::new();
            if !terminal {
                for _ in 0..1 + rng.below(4) {
                    let to = rng.below(n) as u8;
                    if !out.contains(&to) {
                        out.push(to);
                    }
                }
            }
            edges.push(out);
        }
        CycleGame {
            edges,
            end,
            node: 0,
            side: Player::Black,
            history: Vec::new(),
        }
    }

    /// The value for the side to move (1 win, 0 draw, -1 loss) when a position repeated on
    /// `path` is a draw: plain recursion over paths, no table.
    fn naive(&mut self, path: &mut Vec<(u8, Player)>) -> i8 {
        if let Some(outcome) = self.end[self.node as usize] {
            return match outcome {
                Outcome::Win(p) if p == self.side => 1,
                Outcome::Win(_) => -1,
                _ => 0,
            };
        }
        path.push((self.node, self.side));
        let mut best = -1;
        for to in self.edges[self.node as usize].clone() {
            self.play(to);
            let value = if path.contains(&(self.node, self.side)) {
                0
            } else {
                -self.naive(path)
            };
            self.undo(to);
            best = best.max(value);
        }
        path.pop();
        best
    }
}

impl Game for CycleGame {
    type Move = u8;

    fn name(&self) -> &'static str {
        "cycle graph"
    }

    fn to_move(&self) -> Player {
        self.side
    }

    fn ply(&self) -> usize {
        self.history.len()
    }

    fn legal_moves(&self, out: &mut MoveList<u8>) {
        out.clear();
        if self.end[self.node as usize].is_none() {
            for &to in &self.edges[self.node as usize] {
                out.push(to);
            }
        }
    }

    fn play(&mut self, mv: u8) {
        self.history.push(self.node);
        self.node = mv;
        self.side = self.side.opponent();
    }

    fn undo(&mut self, _mv: u8) {
        self.node = self.history.pop().expect("a move to undo");
        self.side = self.side.opponent();
    }

    fn outcome(&self) -> Option<Outcome> {
        self.end[self.node as usize]
    }

    fn key(&self) -> u64 {
        let mut z = (u64::from(self.node) * 2 + self.side.index() as u64 + 1)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 31)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z ^ (z >> 29)
    }

    fn parse_move(&self, text: &str) -> Result<u8, String> {
        text.parse().map_err(|_| format!("'{text}' is not a node"))
    }

    fn format_move(&self, mv: u8) -> String {
        mv.to_string()
    }

    fn diagram(&self) -> String {
        format!("{self:?} at {} ({} to move)", self.node, self.side)
    }
}

impl Tactics for CycleGame {}
impl Pass for CycleGame {}
impl LambdaGame for CycleGame {}

fn solve(game: &mut CycleGame, options: &DfpnOptions, goal: Goal) -> ProofVerdict {
    let mut source = PlainMoves::new(options.init);
    let mut observer = NoTrace;
    let limits = Limits {
        nodes: Some(200_000),
        ..Limits::default()
    };
    let mut engine = Mid::new(&mut source, &mut observer, options, goal, &limits);
    let report = engine.run(game);
    assert!(game.history.is_empty(), "the position is left as found");
    report.verdict
}

#[test]
fn repetitions_are_draws_of_the_path_and_never_cached_as_results() {
    let mut rng = Rng(0x00C7_C1E5);
    let (mut compared, mut unknown, mut draws) = (0, 0, 0);
    for _ in 0..1500 {
        let mut game = CycleGame::random(&mut rng);
        let truth = game.naive(&mut Vec::new());
        draws += usize::from(truth == 0);
        for draw_for_attacker in [false, true] {
            let goal = Goal {
                attacker: Player::Black,
                draw_for_attacker,
            };
            let expected = truth > 0 || (truth == 0 && draw_for_attacker);
            for (init, table_bytes) in [
                (LeafInit::Mobility, 1 << 16),
                (LeafInit::Unit, 1 << 16),
                (LeafInit::Unit, 4 * DfpnTable::<u8>::slot_bytes()),
                (LeafInit::Mobility, 0),
            ] {
                let options = DfpnOptions {
                    init,
                    weak: false,
                    epsilon: 0.0,
                    table_bytes,
                    threads: 1,
                };
                match solve(&mut game, &options, goal) {
                    ProofVerdict::Proven => assert!(expected, "{game:?} {goal:?} {options:?}"),
                    ProofVerdict::Disproven => {
                        assert!(!expected, "{game:?} {goal:?} {options:?}")
                    }
                    ProofVerdict::Unknown => unknown += 1,
                }
                compared += 1;
            }
        }
    }
    println!("compared {compared}, unknown {unknown}, draws {draws}");
    assert!(draws >= 200, "repetition draws are common enough to test");
    assert!(unknown * 100 <= compared, "df-pn answers almost always");
}

/// The trap by hand (draws count for Black, the attacker). Nodes: R=0 (Black to move),
/// X=1, Y=2, D=3, E=4, F=5; 6 ends the game with White's win, 7 with Black's.
///
/// ```text
/// R -> X, Y    X -> D, E    Y -> D, 7 (Black wins)    D -> X    E -> F    F -> 6 (White wins)
/// ```
///
/// df-pn tries R -> X -> D first: there D -> X repeats X, a draw, which Black counts as
/// reaching the goal, so D is "proven" on that path. White refutes X through E anyway. On
/// R -> Y -> D, X is not on the path: White answers D -> X with X -> E and wins, so D is
/// lost and R is disproven. Caching D's path-dependent proof would prove R.
#[test]
fn the_classic_trap_is_not_fallen_into() {
    let mut game = CycleGame {
        edges: vec![
            vec![1, 2],
            vec![3, 4],
            vec![3, 7],
            vec![1],
            vec![5],
            vec![6],
            vec![],
            vec![],
        ],
        end: vec![
            None,
            None,
            None,
            None,
            None,
            None,
            Some(Outcome::Win(Player::White)),
            Some(Outcome::Win(Player::Black)),
        ],
        node: 0,
        side: Player::Black,
        history: Vec::new(),
    };
    assert_eq!(game.naive(&mut Vec::new()), -1, "White wins on every path");
    let goal = Goal {
        attacker: Player::Black,
        draw_for_attacker: true,
    };
    for init in [LeafInit::Unit, LeafInit::Mobility] {
        let options = DfpnOptions {
            init,
            weak: false,
            epsilon: 0.0,
            table_bytes: 1 << 16,
            threads: 1,
        };
        assert_eq!(solve(&mut game, &options, goal), ProofVerdict::Disproven);
    }
}
