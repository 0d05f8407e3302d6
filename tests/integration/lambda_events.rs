//! The lambda engines' observer events (the contract with the explorer, `search/observer.rs`):
//! on a tiny position the exact sequence is pinned; on bigger ones a checking observer proves
//! enter/leave balanced and properly nested (search calls hold ATTACK's candidates and attack
//! moves; attack moves hold threat checks, counter-threat checks and DEFEND's candidates and
//! defence moves; defence moves hold the re-search), and a `Break` at any event stops the
//! search with every open node left and nothing new entered.

use std::fmt::Write;
use std::ops::ControlFlow;

use plyscope::game::{Game, Player};
use plyscope::games::atarigo::AtariGo;
use plyscope::games::hex::Hex;
use plyscope::games::mnk::Mnk;
use plyscope::search::lambda::{LambdaConfig, ThreatVerdict, analyse_root, lambda_search};
use plyscope::search::observer::{
    GO, LambdaNode, LambdaNodeKind, LambdaPurpose, LambdaTtView, LambdaVerdict, Observer,
};
use plyscope::search::zone::ZoneScheme;
use plyscope::search::{Limits, SearchGame};

/// Writes one line per event, indented by nesting depth.
struct Log<G: Game> {
    game: G,
    text: String,
    depth: usize,
}

impl<G: Game> Log<G> {
    fn line(&mut self, s: String) {
        let _ = writeln!(self.text, "{}{s}", "  ".repeat(self.depth));
    }
}

fn zone_text(zone: Option<&ZoneScheme>) -> String {
    zone.map_or("-".into(), |z| format!("{:?}", z.sizes()))
}

impl<G: Game> Observer<G> for Log<G> {
    fn lambda_enter(&mut self, _game: &G, node: LambdaNode<G::Move>) -> ControlFlow<()> {
        let what = match node.kind {
            LambdaNodeKind::Search(p) => format!("search {p:?}"),
            LambdaNodeKind::Attack(m) => format!("attack {}", self.game.format_move(m)),
            LambdaNodeKind::Defence(m) => format!("defence {}", self.game.format_move(m)),
        };
        self.line(format!(
            "{what} by {} level {} depth {}",
            node.attacker, node.level, node.depth_left
        ));
        self.depth += 1;
        GO
    }

    fn lambda_attack(
        &mut self,
        level: u8,
        zone: Option<&ZoneScheme>,
        c: &[G::Move],
    ) -> ControlFlow<()> {
        let names: Vec<String> = c.iter().map(|&m| self.game.format_move(m)).collect();
        self.line(format!(
            "ATTACK {level} zone {} [{}]",
            zone_text(zone),
            names.join(" ")
        ));
        GO
    }

    fn lambda_defend(
        &mut self,
        level: u8,
        zone: Option<&ZoneScheme>,
        c: &[G::Move],
    ) -> ControlFlow<()> {
        let names: Vec<String> = c.iter().map(|&m| self.game.format_move(m)).collect();
        self.line(format!(
            "DEFEND {level} zone {} [{}]",
            zone_text(zone),
            names.join(" ")
        ));
        GO
    }

    fn lambda_tt(&mut self, _key: u64, entry: Option<LambdaTtView>) -> ControlFlow<()> {
        self.line(format!("tt {entry:?}"));
        GO
    }

    fn lambda_leave(
        &mut self,
        verdict: LambdaVerdict,
        zone: Option<&ZoneScheme>,
    ) -> ControlFlow<()> {
        self.depth -= 1;
        self.line(format!("-> {verdict:?} {}", zone_text(zone)));
        GO
    }
}

/// A lambda-1 ladder on 4x4 k=4 small enough to read: Black (to move) owns a1 b1 a2 b2,
/// White c3 d3 c4. The search finds the ladder c2 (d2) b3 (b4) d1 (c1) ending in a win in
/// one, after c1 with its own threat fails; the zones shrink as the ladder goes on.
#[test]
fn the_event_sequence_of_a_small_search_is_pinned() {
    let g = Mnk::new(4, 4, 4, false)
        .unwrap()
        .with_free_stones(
            &[
                (0, Player::Black),
                (1, Player::Black),
                (4, Player::Black),
                (5, Player::Black),
                (10, Player::White),
                (11, Player::White),
                (14, Player::White),
            ],
            Player::Black,
        )
        .unwrap();
    let mut log = Log {
        game: g.clone(),
        text: String::new(),
        depth: 0,
    };
    let mut game = g.clone();
    let config = LambdaConfig {
        max_level: 1,
        max_depth: u32::MAX,
        zones: true,
        tt_mb: 1,
        dual: false,
    };
    let r = lambda_search(&mut game, &config, &Limits::default(), &mut log);
    println!("{}", log.text);
    assert_eq!(r.verdict, ThreatVerdict::Win { level: 1 });
    assert_eq!(log.depth, 0);
    insta::assert_snapshot!(log.text);
}

/// Checks nesting rules and balance; optionally breaks at one event.
struct Checker<G: Game> {
    stack: Vec<LambdaNodeKind<G::Move>>,
    events: u64,
    break_at: Option<u64>,
    broke: bool,
    enters: u64,
    leaves: u64,
    after_break_non_leave: u64,
}

impl<G: Game> Checker<G> {
    fn new(break_at: Option<u64>) -> Self {
        Checker {
            stack: Vec::new(),
            events: 0,
            break_at,
            broke: false,
            enters: 0,
            leaves: 0,
            after_break_non_leave: 0,
        }
    }

    fn tick(&mut self, leave: bool) -> ControlFlow<()> {
        self.events += 1;
        if self.broke && !leave {
            self.after_break_non_leave += 1;
        }
        if Some(self.events) == self.break_at {
            self.broke = true;
            return ControlFlow::Break(());
        }
        GO
    }

    fn top(&self) -> Option<LambdaNodeKind<G::Move>> {
        self.stack.last().copied()
    }
}

impl<G: Game> Observer<G> for Checker<G> {
    fn lambda_enter(&mut self, _game: &G, node: LambdaNode<G::Move>) -> ControlFlow<()> {
        match (self.top(), node.kind) {
            (None, LambdaNodeKind::Search(LambdaPurpose::Root)) => {}
            (Some(LambdaNodeKind::Search(_)), LambdaNodeKind::Attack(_)) => {}
            (
                Some(LambdaNodeKind::Attack(_)),
                LambdaNodeKind::Search(LambdaPurpose::Threat | LambdaPurpose::CounterThreat),
            ) => {}
            (Some(LambdaNodeKind::Attack(_)), LambdaNodeKind::Defence(_)) => {}
            (
                Some(LambdaNodeKind::Defence(_)),
                LambdaNodeKind::Search(LambdaPurpose::AfterDefence),
            ) => {}
            (top, kind) => panic!("{kind:?} entered inside {top:?}"),
        }
        self.stack.push(node.kind);
        self.enters += 1;
        self.tick(false)
    }

    fn lambda_attack(&mut self, _: u8, _: Option<&ZoneScheme>, _: &[G::Move]) -> ControlFlow<()> {
        assert!(
            matches!(self.top(), Some(LambdaNodeKind::Search(_))),
            "ATTACK inside {:?}",
            self.top()
        );
        self.tick(false)
    }

    fn lambda_defend(&mut self, _: u8, _: Option<&ZoneScheme>, _: &[G::Move]) -> ControlFlow<()> {
        assert!(
            matches!(self.top(), Some(LambdaNodeKind::Attack(_))),
            "DEFEND inside {:?}",
            self.top()
        );
        self.tick(false)
    }

    fn lambda_tt(&mut self, _: u64, _: Option<LambdaTtView>) -> ControlFlow<()> {
        assert!(
            matches!(self.top(), Some(LambdaNodeKind::Search(_))),
            "tt inside {:?}",
            self.top()
        );
        self.tick(false)
    }

    fn lambda_leave(&mut self, verdict: LambdaVerdict, _: Option<&ZoneScheme>) -> ControlFlow<()> {
        let kind = self.stack.pop().expect("a leave without an enter");
        match (kind, verdict) {
            (_, LambdaVerdict::Stopped) => assert!(self.broke, "Stopped without a break"),
            (LambdaNodeKind::Search(_), LambdaVerdict::NoThreat | LambdaVerdict::GameOver) => {
                panic!("a search cannot end {verdict:?}")
            }
            (
                LambdaNodeKind::Defence(_),
                LambdaVerdict::NoThreat | LambdaVerdict::SelfEndangering { .. },
            ) => {
                panic!("a defence cannot end {verdict:?}")
            }
            _ => {}
        }
        self.leaves += 1;
        self.tick(true)
    }
}

fn check_game<G: SearchGame>(game: G, config: LambdaConfig) {
    let mut full = Checker::<G>::new(None);
    let mut g = game.clone();
    let r = lambda_search(&mut g, &config, &Limits::default(), &mut full);
    assert!(!r.stopped);
    assert!(full.stack.is_empty() && full.enters == full.leaves && full.enters > 1);
    // Observing changes nothing: the same answer and node count as headless.
    let headless = lambda_search(
        &mut game.clone(),
        &config,
        &Limits::default(),
        &mut plyscope::search::observer::NoTrace,
    );
    assert_eq!(
        (headless.verdict, headless.stats.nodes, headless.best_move),
        (r.verdict, r.stats.nodes, r.best_move)
    );
    let total = full.events;
    // Break at a spread of events: everything open is left, nothing new starts.
    for i in 0..25u64 {
        let at = 1 + i * total / 25;
        let mut c = Checker::<G>::new(Some(at));
        let mut g = game.clone();
        let key = g.key();
        let r = lambda_search(&mut g, &config, &Limits::default(), &mut c);
        assert!(r.stopped, "break at {at} of {total}");
        assert_eq!(r.verdict, ThreatVerdict::Unknown);
        assert!(c.stack.is_empty(), "break at {at}: {:?} left open", c.stack);
        assert_eq!(c.enters, c.leaves);
        assert_eq!(
            c.after_break_non_leave, 0,
            "break at {at}: events after the break"
        );
        assert_eq!(g.key(), key, "position restored after a break");
    }
    // Root analysis follows the same rules.
    let mut c = Checker::<G>::new(None);
    let mut g = game.clone();
    let a = analyse_root(&mut g, &config, &Limits::default(), &mut c);
    assert!(!a.stopped && c.stack.is_empty() && c.enters == c.leaves);
}

#[test]
fn events_nest_and_a_break_stops_cleanly() {
    for dual in [false, true] {
        for zones in [true, false] {
            let config = LambdaConfig {
                max_level: 2,
                max_depth: u32::MAX,
                zones,
                tt_mb: 1,
                dual,
            };
            let mut m = Mnk::new(4, 4, 4, false).unwrap();
            for mv in [5, 0, 6] {
                m.play(mv);
            }
            check_game(m, config);
            let mut a = AtariGo::new(4, 4).unwrap();
            for mv in [5, 6, 10] {
                a.play(mv);
            }
            check_game(a, config);
            check_game(Hex::new(3).unwrap(), config);
        }
    }
}
