//! PNS step by step on a hand-made tree (issue 5: a textbook check), and the event contract of
//! `crate::search::observer` for PNS and PN² (every `pn_enter` matched by one `pn_leave`, also
//! when a node limit or the observer stops the search).

use std::ops::ControlFlow;

use plyscope::game::{Game, Player};
use plyscope::games::hex::Hex;
use plyscope::games::tree::TreeGame;
use plyscope::search::observer::{Observer, PnNodeView};
use plyscope::search::pns::{Pn2Bound, pn2, pns};
use plyscope::search::proof::{Goal, LeafInit, ProofConfig, ProofNumbers, ProofVerdict};
use plyscope::search::{Limits, SearchGame};

/// Writes every pn event of a tree search as a line.
#[derive(Default)]
struct Log(Vec<String>);

impl Observer<TreeGame> for Log {
    fn pn_enter(&mut self, game: &TreeGame, _: Option<u16>, node: PnNodeView) -> ControlFlow<()> {
        self.0
            .push(format!("enter {} {}", game.current_name(), node.numbers));
        ControlFlow::Continue(())
    }

    fn pn_expand(&mut self, _: &[u16], numbers: &[ProofNumbers]) -> ControlFlow<()> {
        let list: Vec<String> = numbers.iter().map(|n| n.to_string()).collect();
        self.0.push(format!("expand {}", list.join(" ")));
        ControlFlow::Continue(())
    }

    fn pn_update(&mut self, node: PnNodeView) -> ControlFlow<()> {
        self.0.push(format!("update {}", node.numbers));
        ControlFlow::Continue(())
    }

    fn pn_leave(&mut self, node: PnNodeView) -> ControlFlow<()> {
        self.0.push(format!("leave {}", node.numbers));
        ControlFlow::Continue(())
    }
}

/// Black (the attacker) moves at r; a and b are White's (AND), a1, a2 and b2 Black's (OR).
/// Leaves are from Black's view: W win, L loss, D draw.
const TREE: &str = "(r (a (a1 a11:L a12:W) (a2 a21:W a22:D)) (b b1:W (b2 b21:L b22:L)))";

fn unit() -> ProofConfig {
    ProofConfig {
        init: LeafInit::Unit,
        weak: false,
        tt_mb: 1,
        ..ProofConfig::default()
    }
}

/// The six iterations worked out by hand with `[1, 1]` leaves (OR: pn = min, dn = sum;
/// AND: pn = sum, dn = min; a finished game is solved when created):
///
/// 1. r is the most-proving node: a, b get [1, 1]; r = [min 1, 1 + 1] = [1, 2].
/// 2. r -> a (the first child with pn 1): a1, a2 get [1, 1]; a = [1 + 1, min 1] = [2, 1]
///    changed; r = [min(2, 1), 1 + 1] = [1, 2] unchanged (recomputed once, then the backup
///    stops at the root anyway).
/// 3. r -> b (pn 1 < 2): b1 is a win [0, ∞], b2 [1, 1]; b = [0 + 1, min(∞, 1)] = [1, 1]
///    unchanged: the backup stops, r is not recomputed.
/// 4. r -> b -> b2 (AND: the smallest dn, 1 < ∞): both children lost [∞, 0]; b2 = [∞, 0],
///    b = [∞, 0], r = [min(2, ∞), 1 + 0] = [2, 1].
/// 5. r -> a -> a1 (AND: dn 1 = 1, the first): a11 lost, a12 won; a1 = [0, ∞]; a =
///    [0 + 1, min(∞, 1)] = [1, 1]; r = [1, 1].
/// 6. r -> a -> a2 (dn 1 < ∞): a21 won, a22 a draw (a disproof); a2 = [0, ∞], a = [0, ∞],
///    r = [0, ∞]: proven by a; the proof tree r, a, a1, a12, a2, a21 has 6 nodes, and the
///    search created 13 (r and two children per expansion).
#[test]
fn textbook_tree_iterations_by_hand() {
    let mut game = TreeGame::parse(TREE).unwrap();
    let goal = Goal {
        attacker: Player::Black,
        draw_for_attacker: false,
    };
    let mut log = Log::default();
    let report = pns(&mut game, &unit(), goal, &Limits::default(), &mut log).unwrap();
    let expected = [
        // 1
        "enter r [1, 1]",
        "expand [1, 1] [1, 1]",
        "update [1, 2]",
        "leave [1, 2]",
        // 2
        "enter r [1, 2]",
        "enter a [1, 1]",
        "expand [1, 1] [1, 1]",
        "update [2, 1]",
        "leave [2, 1]",
        "update [1, 2]",
        "leave [1, 2]",
        // 3
        "enter r [1, 2]",
        "enter b [1, 1]",
        "expand [0, ∞] [1, 1]",
        "update [1, 1]",
        "leave [1, 1]",
        "leave [1, 2]",
        // 4
        "enter r [1, 2]",
        "enter b [1, 1]",
        "enter b2 [1, 1]",
        "expand [∞, 0] [∞, 0]",
        "update [∞, 0]",
        "leave [∞, 0]",
        "update [∞, 0]",
        "leave [∞, 0]",
        "update [2, 1]",
        "leave [2, 1]",
        // 5
        "enter r [2, 1]",
        "enter a [2, 1]",
        "enter a1 [1, 1]",
        "expand [∞, 0] [0, ∞]",
        "update [0, ∞]",
        "leave [0, ∞]",
        "update [1, 1]",
        "leave [1, 1]",
        "update [1, 1]",
        "leave [1, 1]",
        // 6
        "enter r [1, 1]",
        "enter a [1, 1]",
        "enter a2 [1, 1]",
        "expand [0, ∞] [∞, 0]",
        "update [0, ∞]",
        "leave [0, ∞]",
        "update [0, ∞]",
        "leave [0, ∞]",
        "update [0, ∞]",
        "leave [0, ∞]",
    ];
    assert_eq!(log.0, expected);
    assert_eq!(report.verdict, ProofVerdict::Proven);
    assert_eq!(report.root, ProofNumbers::PROVEN);
    assert_eq!(game.format_move(report.best_move.unwrap()), "a");
    assert_eq!(report.proof_size, Some(6));
    assert_eq!(report.stats.nodes, 13);
    assert!(!report.stopped);
}

/// The same tree when draws count for Black: a22 is a proof too, nothing else changes the
/// verdict; with White as the attacker at an AND root the goal is out of reach.
#[test]
fn textbook_tree_goals() {
    let mut game = TreeGame::parse(TREE).unwrap();
    let goal = Goal {
        attacker: Player::Black,
        draw_for_attacker: true,
    };
    let report = pns(
        &mut game,
        &unit(),
        goal,
        &Limits::default(),
        &mut Log::default(),
    )
    .unwrap();
    assert_eq!(report.verdict, ProofVerdict::Proven);
    let goal = Goal {
        attacker: Player::White,
        draw_for_attacker: false,
    };
    let report = pns(
        &mut game,
        &unit(),
        goal,
        &Limits::default(),
        &mut Log::default(),
    )
    .unwrap();
    assert_eq!(report.verdict, ProofVerdict::Disproven);
}

/// Checks the nesting of pn events on any game; optionally breaks after `stop_after`
/// events.
struct Nesting {
    depth: i64,
    enters: u64,
    second_level_enters: u64,
    events: u64,
    stop_after: Option<u64>,
    max_depth: i64,
}

impl Nesting {
    fn new(stop_after: Option<u64>) -> Nesting {
        Nesting {
            depth: 0,
            enters: 0,
            second_level_enters: 0,
            events: 0,
            stop_after,
            max_depth: 0,
        }
    }

    fn tick(&mut self) -> ControlFlow<()> {
        self.events += 1;
        match self.stop_after {
            Some(n) if self.events >= n => ControlFlow::Break(()),
            _ => ControlFlow::Continue(()),
        }
    }
}

impl<G: Game> Observer<G> for Nesting {
    fn pn_enter(&mut self, _: &G, mv: Option<G::Move>, node: PnNodeView) -> ControlFlow<()> {
        assert_eq!(
            mv.is_none(),
            self.depth == 0,
            "the root is entered with no move"
        );
        assert!(
            node.thresholds.is_none(),
            "best-first PNS has no thresholds"
        );
        self.depth += 1;
        self.max_depth = self.max_depth.max(self.depth);
        self.enters += 1;
        if node.second_level {
            self.second_level_enters += 1;
        }
        self.tick()
    }

    fn pn_expand(&mut self, moves: &[G::Move], numbers: &[ProofNumbers]) -> ControlFlow<()> {
        assert!(self.depth > 0, "expand inside a node");
        assert_eq!(moves.len(), numbers.len());
        self.tick()
    }

    fn pn_update(&mut self, _: PnNodeView) -> ControlFlow<()> {
        assert!(self.depth > 0, "update inside a node");
        self.tick()
    }

    fn pn_leave(&mut self, _: PnNodeView) -> ControlFlow<()> {
        self.depth -= 1;
        assert!(self.depth >= 0, "a leave without an enter");
        self.tick()
    }
}

fn nesting_on<G: SearchGame>(game: &G, two_level: bool, nodes: Option<u64>, stop: Option<u64>) {
    let mut g = game.clone();
    let key = g.key();
    let goal = Goal {
        attacker: g.to_move(),
        draw_for_attacker: false,
    };
    let limits = Limits {
        nodes,
        ..Limits::default()
    };
    let config = ProofConfig::default();
    let mut obs = Nesting::new(stop);
    let report = if two_level {
        pn2(
            &mut g,
            &config,
            Pn2Bound::Fixed(30),
            goal,
            &limits,
            &mut obs,
        )
    } else {
        pns(&mut g, &config, goal, &limits, &mut obs)
    }
    .unwrap();
    assert_eq!(obs.depth, 0, "every enter is matched by a leave");
    assert!(obs.enters > 0);
    assert_eq!(g.key(), key, "the position is restored");
    if nodes.is_some() || stop.is_some() {
        assert!(report.stopped);
        assert_eq!(report.verdict, ProofVerdict::Unknown);
    } else {
        assert!(!report.stopped);
        assert_ne!(report.verdict, ProofVerdict::Unknown);
    }
    if two_level && stop.is_none() && nodes.is_none() {
        assert!(obs.second_level_enters > 0, "PN² shows its second level");
    }
}

/// Finished on tic-tac-toe and (PNS) on Hex 4x4 after Black's a1 (Hex's knowledge decides
/// its small boards in a few expansions, leaving PN² no second level to show); stopped on m,n,k 5x5 k=4, which no
/// limit here lets the search finish (with Hex's knowledge PNS solves the empty Hex boards
/// up to 6x6 within 50 nodes).
#[test]
fn events_nest_when_finished_and_when_stopped() {
    let mut hex = Hex::new(4).unwrap();
    hex.play(hex.parse_move("a1").unwrap());
    let tictactoe = plyscope::games::mnk::Mnk::new(3, 3, 3, false).unwrap();
    let stopped = plyscope::games::mnk::Mnk::new(5, 5, 4, false).unwrap();
    nesting_on(&hex, false, None, None);
    for two_level in [false, true] {
        nesting_on(&tictactoe, two_level, None, None);
        nesting_on(&stopped, two_level, Some(40), None);
        for stop in [1, 2, 5, 17, 60] {
            nesting_on(&stopped, two_level, None, Some(stop));
        }
    }
}

/// The node limit is what stops the search: the count never passes it.
#[test]
fn node_limit_is_respected() {
    // Not Hex: with its knowledge PNS solves the empty boards up to 6x6 within 50 nodes.
    let mut game = plyscope::games::mnk::Mnk::new(5, 5, 4, false).unwrap();
    for limit in [1, 10, 100, 1000] {
        let goal = Goal {
            attacker: Player::Black,
            draw_for_attacker: false,
        };
        let limits = Limits {
            nodes: Some(limit),
            ..Limits::default()
        };
        let config = ProofConfig::default();
        let report = pns(&mut game, &config, goal, &limits, &mut Nesting::new(None)).unwrap();
        assert!(
            report.stats.nodes <= limit,
            "{limit}: {}",
            report.stats.nodes
        );
        assert!(report.stopped);
    }
}

/// PN² whose second level may only expand its root is PNS: the second level's one
/// expansion initialises the children exactly as PNS's expansion does, so verdict, move,
/// proof size and node count are the same.
#[test]
fn pn2_with_an_empty_second_budget_is_pns() {
    let hex = Hex::new(3).unwrap();
    let tictactoe = plyscope::games::mnk::Mnk::new(3, 3, 3, false).unwrap();
    fn both<G: SearchGame>(game: &G, init: LeafInit, weak: bool) {
        let goal = Goal {
            attacker: game.to_move(),
            draw_for_attacker: false,
        };
        let config = ProofConfig {
            init,
            weak,
            tt_mb: 4,
            ..ProofConfig::default()
        };
        let limits = Limits::default();
        let mut g = game.clone();
        let one = pns(&mut g, &config, goal, &limits, &mut Nesting::new(None)).unwrap();
        let bound = Pn2Bound::Fixed(0);
        let two = pn2(
            &mut g,
            &config,
            bound,
            goal,
            &limits,
            &mut Nesting::new(None),
        )
        .unwrap();
        assert_eq!(one.verdict, two.verdict);
        assert_eq!(one.best_move, two.best_move);
        assert_eq!(one.proof_size, two.proof_size);
        assert_eq!(one.root, two.root);
        assert_eq!(one.stats.nodes, two.stats.nodes, "{init:?} weak {weak}");
    }
    for init in [LeafInit::Unit, LeafInit::Mobility, LeafInit::Heuristic] {
        for weak in [false, true] {
            both(&hex, init, weak);
            both(&tictactoe, init, weak);
        }
    }
}

/// A time limit stops the search (checked every 64 iterations) with the events closed.
#[test]
fn time_limit_stops_with_events_closed() {
    // m,n,k 5x5 k=4, a draw no search here finishes in time (Hex 5x5 is won by its root's
    // key since Hex's knowledge reached PNS).
    let start = plyscope::games::mnk::Mnk::new(5, 5, 4, false).unwrap();
    for two_level in [false, true] {
        let mut g = start.clone();
        let goal = Goal {
            attacker: g.to_move(),
            draw_for_attacker: false,
        };
        let limits = Limits {
            time: Some(std::time::Duration::from_millis(20)),
            ..Limits::default()
        };
        let config = ProofConfig::default();
        let mut obs = Nesting::new(None);
        let report = if two_level {
            pn2(
                &mut g,
                &config,
                Pn2Bound::default(),
                goal,
                &limits,
                &mut obs,
            )
        } else {
            pns(&mut g, &config, goal, &limits, &mut obs)
        }
        .unwrap();
        assert!(report.stopped);
        assert_eq!(report.verdict, ProofVerdict::Unknown);
        assert_eq!(obs.depth, 0);
        assert!(report.stats.elapsed < std::time::Duration::from_secs(5));
    }
}

/// The tree stays within the memory given: with 1 MB the arena holds 1 MB / 28 bytes of
/// nodes (PN²: half each for its two trees), and a full arena stops the search.
#[test]
fn memory_stays_within_the_size_given() {
    // m,n,k 5x5 k=4 (2-byte moves, 28-byte nodes as Hex's), far beyond 1 MB of tree; Hex
    // 5x5 is won by its root's key since Hex's knowledge reached PNS.
    let start = plyscope::games::mnk::Mnk::new(5, 5, 4, false).unwrap();
    let bound = (1 << 20) / 28;
    for two_level in [false, true] {
        let mut g = start.clone();
        let goal = Goal {
            attacker: g.to_move(),
            draw_for_attacker: false,
        };
        let config = ProofConfig {
            tt_mb: 1,
            ..ProofConfig::default()
        };
        // PN² re-searches below its first tree many times over: a node limit bounds the run.
        let limits = Limits {
            nodes: two_level.then_some(2_000_000),
            ..Limits::default()
        };
        let report = if two_level {
            pn2(
                &mut g,
                &config,
                Pn2Bound::default(),
                goal,
                &limits,
                &mut Nesting::new(None),
            )
        } else {
            pns(&mut g, &config, goal, &limits, &mut Nesting::new(None))
        }
        .unwrap();
        assert!(report.stopped, "pn2 {two_level}");
        if !two_level {
            assert!(report.stats.nodes <= bound, "{}", report.stats.nodes);
        }
    }
}
