//! The recorder and the replay on proof-number searches (issue 5, item 6): a best-first PNS
//! and a df-pn (the plain ones of `common/pn_engines.rs`, which report the events as the
//! contract says) on small tic-tac-toe positions. Revisits of a (parent, move) must not
//! create nodes, the numbers of every node "as of step i" must be those of its latest event
//! by then, and stepping back must restore exactly what stepping forward changed.

use std::collections::HashSet;

use crate::helpers::pn_engines;
use plyscope::game::Game;
use plyscope::games::mnk::Mnk;
use plyscope::search::proof::ProofNumbers;
use plyscope::trace::recorder::Recorder;
use plyscope::trace::replay::{PnMark, PnState, Replay, pn_mark_at};
use plyscope::trace::store::{Event, EventKind, PnStep, Trace};

/// Tic-tac-toe after a1 b2 (Black to move): small enough to solve, big enough to revisit.
fn position() -> Mnk {
    let mut g = Mnk::new(3, 3, 3, false).unwrap();
    for m in ["a1", "b2"] {
        let mv = g.parse_move(m).unwrap();
        g.play(mv);
    }
    g
}

fn pns_trace(iterations: usize) -> (Trace<u16>, ProofNumbers) {
    let mut g = position();
    let mut r: Recorder<Mnk> = Recorder::default();
    let root = pn_engines::pns(&mut g, iterations, &mut r);
    (r.into_trace(), root)
}

fn dfpn_trace() -> (Trace<u16>, ProofNumbers) {
    let mut g = position();
    let mut r: Recorder<Mnk> = Recorder::default();
    let root = pn_engines::dfpn(&mut g, &mut r);
    (r.into_trace(), root)
}

/// The numbers of `node` as of `step` read straight off the log: the latest `Pn` event of
/// the node, or of its parent's expansion naming its move, whichever came last.
fn numbers_by_scan(t: &Trace<u16>, node: u32, step: usize) -> Option<ProofNumbers> {
    let n = t.node(node);
    let mut found = None;
    for (e, event) in t.events()[..step].iter().enumerate() {
        match *event {
            Event::Pn {
                node: id, numbers, ..
            } if id == node => found = Some(numbers),
            Event::PnExpand {
                node: p,
                moves,
                numbers,
                ..
            } if Some(p) == n.parent() => {
                if let Some(i) = t.moves(moves).iter().position(|&m| Some(m) == n.mv()) {
                    found = Some(t.pn_numbers(numbers, moves.len())[i]);
                }
            }
            _ => {}
        }
        let _ = e;
    }
    found
}

fn states(t: &Trace<u16>, r: &Replay) -> Vec<Option<PnState>> {
    (0..t.node_count() as u32).map(|id| r.pn(t, id)).collect()
}

#[test]
fn pns_revisits_are_merged_into_one_node_per_parent_and_move() {
    let (t, root) = pns_trace(1000);
    assert!(root.is_solved(), "the small position is solved: {root}");
    let first = t
        .events()
        .iter()
        .filter(|e| {
            matches!(
                e,
                Event::Pn {
                    step: PnStep::FirstEnter,
                    ..
                }
            )
        })
        .count();
    let revisits = t
        .events()
        .iter()
        .filter(|e| {
            matches!(
                e,
                Event::Pn {
                    step: PnStep::Enter,
                    ..
                }
            )
        })
        .count();
    assert_eq!(first, t.node_count(), "one node per first enter");
    assert!(
        revisits > first,
        "PNS walks down from the root every iteration"
    );
    // No (parent, move) twice.
    let mut seen = HashSet::new();
    for n in t.nodes() {
        assert!(seen.insert((n.parent(), n.mv())), "a duplicated node");
    }
    // One root; the replay's children follow the links.
    let mut r = Replay::new();
    r.seek(&t, t.len());
    assert_eq!(t.roots().count(), 1);
    let children: Vec<u32> = r.children(&t, 0).collect();
    let by_parent: Vec<u32> = (1..t.node_count() as u32)
        .filter(|&c| t.node(c).parent() == Some(0))
        .collect();
    assert_eq!(children, by_parent);
    // Every enter has its leave: the search is back out of the root.
    assert_eq!(r.current(), None);
    assert_eq!(r.pn(&t, 0).unwrap().numbers, Some(root));
}

#[test]
fn numbers_are_those_of_the_step_and_stepping_back_restores_them() {
    for (t, _) in [pns_trace(40), dfpn_trace()] {
        let mut r = Replay::new();
        let mut forward = vec![states(&t, &r)];
        while r.forward(&t) {
            let step = r.step();
            if step.is_multiple_of(7) || step == t.len() {
                for id in 0..r.entered() {
                    assert_eq!(
                        r.pn(&t, id).unwrap().numbers,
                        numbers_by_scan(&t, id, step),
                        "node {id} at step {step}"
                    );
                }
            }
            forward.push(states(&t, &r));
        }
        // Step back one event at a time: the same states in reverse.
        while r.back(&t) {
            assert_eq!(states(&t, &r), forward[r.step()], "step {}", r.step());
        }
        // Far seeks agree with stepping.
        for target in [t.len() / 3, t.len(), 5, t.len() / 2] {
            r.seek(&t, target);
            assert_eq!(states(&t, &r), forward[target], "seek {target}");
        }
    }
}

#[test]
fn dfpn_frames_carry_thresholds_and_the_path_is_the_descent() {
    let (t, root) = dfpn_trace();
    assert!(root.is_solved(), "df-pn solves the small position: {root}");
    let mut r = Replay::new();
    let mut deepest = 0;
    while r.forward(&t) {
        let path = r.path(&t);
        deepest = deepest.max(path.len());
        for &id in &path {
            let s = r.pn(&t, id).unwrap();
            assert!(s.thresholds.is_some(), "every df-pn frame has thresholds");
        }
        if let Some(&last) = path.last() {
            assert_eq!(Some(last), r.current());
        }
    }
    assert!(deepest >= 3);
    // df-pn re-enters children with new thresholds: some threshold changes exist, and the
    // revisits did not duplicate nodes.
    let changes = (0..t.len())
        .filter(|&e| pn_mark_at(&t, e, PnMark::ThresholdChange))
        .count();
    assert!(changes > 0);
    let mut seen = HashSet::new();
    for n in t.nodes() {
        assert!(seen.insert((n.parent(), n.mv())));
    }
}

#[test]
fn marks_find_expansions_and_proofs() {
    let (t, _) = pns_trace(1000);
    let expansions = (0..t.len())
        .filter(|&e| pn_mark_at(&t, e, PnMark::Expansion))
        .count();
    assert_eq!(
        expansions,
        t.events()
            .iter()
            .filter(|e| e.is(EventKind::PnExpand))
            .count()
    );
    // The root's proof is the last proof mark.
    let last_proof = (0..t.len())
        .rev()
        .find(|&e| pn_mark_at(&t, e, PnMark::Proof))
        .unwrap();
    let Event::Pn { numbers, .. } = *t.event(last_proof as u32) else {
        panic!("a proof is a Pn event");
    };
    assert!(numbers.is_solved());
    // No proof mark repeats a node that was solved already.
    for e in 0..t.len() {
        if pn_mark_at(&t, e, PnMark::Proof)
            && let Event::Pn { prev, .. } = *t.event(e as u32)
            && prev != u32::MAX
            && let Event::Pn { numbers, .. } = *t.event(prev)
        {
            assert!(!numbers.is_solved());
        }
    }
}

#[test]
fn the_record_budget_counts_proof_events_and_expansion_numbers() {
    use plyscope::trace::recorder::RecordConfig;
    let mut g = position();
    let mut r: Recorder<Mnk> = Recorder::new(RecordConfig {
        budget: 60,
        ..RecordConfig::default()
    });
    let live = r.live();
    let root = pn_engines::pns(&mut g, 1000, &mut r);
    drop(r);
    assert!(root.is_solved(), "the engine goes on past the budget");
    let t = live.read();
    assert!(t.truncation().is_some());
    assert!(t.len() < 60, "expansion numbers count in the budget");
    assert!(live.unrecorded() > 0);
    // What was recorded replays.
    let mut replay = Replay::new();
    replay.seek(&t, t.len());
    assert_eq!(replay.step(), t.len());
}

// ---------------------------------------------------------------------------------------
// The real engines (issue 5 items 1-3) through the recorder.

use plyscope::search::engine::proof_search;
use plyscope::search::proof::{Goal, ProofConfig, ProofVerdict};
use plyscope::search::{Algorithm, Limits};

/// Records `algorithm` on the bundled puzzle `name` (an m,n,k one).
fn real(name: &str, algorithm: Algorithm) -> (Trace<u16>, ProofVerdict) {
    let plyscope::puzzle::Position::Mnk(mut g) = plyscope::puzzle::load(name).unwrap().position
    else {
        panic!("an m,n,k puzzle");
    };
    let goal = Goal {
        attacker: g.to_move(),
        draw_for_attacker: false,
    };
    let mut r: Recorder<Mnk> = Recorder::default();
    let report = proof_search(
        &mut g,
        algorithm,
        &ProofConfig::default(),
        goal,
        &Limits::default(),
        &mut r,
    );
    (r.into_trace(), report.verdict)
}

#[test]
fn real_engines_are_recorded_with_revisits_merged_and_replay_both_ways() {
    for algorithm in Algorithm::PROOF_FAMILY {
        for (name, verdict) in [
            ("tictactoe-fork", ProofVerdict::Proven),
            ("tictactoe", ProofVerdict::Disproven),
        ] {
            let (t, got) = real(name, algorithm);
            if algorithm == Algorithm::LambdaDfPn {
                // A threat search proves wins only; no lambda-tree is no disproof.
                assert!(
                    got == verdict || got == ProofVerdict::Unknown,
                    "{algorithm} {name}"
                );
            } else {
                assert_eq!(got, verdict, "{algorithm} on {name}");
            }
            assert!(!t.is_empty(), "{algorithm} reports pn events");
            // No (parent, move) twice among the proof nodes (lambda-df-pn's threat checks
            // are lambda nodes, one per call).
            let mut seen = HashSet::new();
            for n in t.nodes().iter().filter(|n| n.kind().is_proof()) {
                assert!(
                    seen.insert((n.parent(), n.mv())),
                    "{algorithm} on {name}: a duplicated node"
                );
            }
            // Every enter has its leave: the replay ends outside the root.
            let mut r = Replay::new();
            let mut forward = Vec::new();
            let stride = (t.len() / 200).max(1);
            loop {
                if r.step().is_multiple_of(stride) {
                    forward.push((r.step(), states(&t, &r)));
                }
                if !r.forward(&t) {
                    break;
                }
            }
            assert_eq!(r.current(), None, "{algorithm} on {name}: all frames left");
            for id in (0..r.entered()).step_by(stride) {
                if !t.node(id).kind().is_proof() {
                    continue;
                }
                assert_eq!(
                    r.pn(&t, id).unwrap().numbers,
                    numbers_by_scan(&t, id, t.len()),
                    "{algorithm} on {name}: node {id} at the end"
                );
            }
            for (step, state) in forward.iter().rev() {
                r.seek(&t, *step);
                assert_eq!(&states(&t, &r), state, "{algorithm} on {name}: step {step}");
            }
        }
    }
}
