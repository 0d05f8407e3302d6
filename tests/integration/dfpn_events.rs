//! df-pn's observer events follow the contract of `search/observer.rs`: every `pn_enter` is
//! matched by one `pn_leave`, the root is entered with infinite thresholds, numbers are
//! `[pn, dn]` from the attacker's view at OR and AND nodes alike, every loop turn reports a
//! `pn_update`, and an observer's `Break` stops the search with an unknown verdict.

use std::ops::ControlFlow;

use plyscope::game::{Game, Point};
use plyscope::games::hex::Hex;
use plyscope::search::Limits;
use plyscope::search::dfpn::{DfpnOptions, dfpn_search};
use plyscope::search::observer::{Observer, PnNodeView};
use plyscope::search::proof::{Goal, PN_INFINITY, ProofConfig, ProofNumbers, ProofVerdict};

#[derive(Default)]
struct Recorder {
    depth: i64,
    enters: u64,
    leaves: u64,
    updates: u64,
    expands: u64,
    root: Option<PnNodeView>,
    last_leave: Option<PnNodeView>,
    stop_after: Option<u64>,
}

impl Observer<Hex> for Recorder {
    fn pn_enter(&mut self, _game: &Hex, mv: Option<Point>, node: PnNodeView) -> ControlFlow<()> {
        if mv.is_none() {
            assert_eq!(self.depth, 0, "only the root is entered without a move");
            self.root = Some(node);
        }
        assert_eq!(node.or_node, self.depth % 2 == 0, "OR and AND alternate");
        assert!(!node.second_level);
        self.depth += 1;
        self.enters += 1;
        match self.stop_after {
            Some(n) if self.enters >= n => ControlFlow::Break(()),
            _ => ControlFlow::Continue(()),
        }
    }

    fn pn_expand(&mut self, moves: &[Point], numbers: &[ProofNumbers]) -> ControlFlow<()> {
        assert_eq!(moves.len(), numbers.len());
        self.expands += 1;
        ControlFlow::Continue(())
    }

    fn pn_update(&mut self, node: PnNodeView) -> ControlFlow<()> {
        assert!(node.thresholds.is_some(), "df-pn frames have thresholds");
        self.updates += 1;
        ControlFlow::Continue(())
    }

    fn pn_leave(&mut self, node: PnNodeView) -> ControlFlow<()> {
        self.depth -= 1;
        assert!(self.depth >= 0);
        self.leaves += 1;
        self.last_leave = Some(node);
        ControlFlow::Continue(())
    }
}

fn search(recorder: &mut Recorder) -> ProofVerdict {
    // 7x7: Hex 5x5 and 6x6 are solved in a dozen nodes since df-pn uses H-search; the
    // empty 7x7 board takes some 350.
    let mut game = Hex::new(7).unwrap();
    let goal = Goal {
        attacker: game.to_move(),
        draw_for_attacker: false,
    };
    let options = DfpnOptions::from_config(&ProofConfig {
        tt_mb: 4,
        ..ProofConfig::default()
    });
    dfpn_search(&mut game, &options, goal, &Limits::default(), recorder).verdict
}

#[test]
fn events_are_balanced_and_in_the_attackers_view() {
    let mut recorder = Recorder::default();
    assert_eq!(search(&mut recorder), ProofVerdict::Proven);
    assert_eq!(recorder.enters, recorder.leaves);
    assert_eq!(recorder.depth, 0);
    assert!(recorder.updates >= recorder.expands && recorder.expands > 100);
    let root = recorder.root.unwrap();
    assert_eq!(
        root.thresholds,
        Some(ProofNumbers::new(PN_INFINITY, PN_INFINITY))
    );
    let last = recorder.last_leave.unwrap();
    assert!(last.or_node);
    assert_eq!(last.numbers, ProofNumbers::PROVEN, "the root leaves proven");
}

#[test]
fn an_observer_break_stops_the_search() {
    let mut recorder = Recorder {
        stop_after: Some(50),
        ..Recorder::default()
    };
    assert_eq!(search(&mut recorder), ProofVerdict::Unknown);
    assert_eq!(recorder.enters, recorder.leaves, "every frame still leaves");
}
