//! Differential tests of PNS and PN² (issue 5, "Correctness"): on random small positions of
//! every stone game they agree with exhaustive alpha-beta to the end of the game whenever
//! they answer, for every leaf initialisation, with weak counting on and off, and for both
//! goals (draws disprove; draws count for the attacker). On the smallest boards they must
//! answer within the node limit; the winning move they name must really win.
//!
//! Positions come from a fixed-seed splitmix64 generator (random legal moves from the empty
//! board, never ending the game), so every run checks the same positions. Random win/loss/draw
//! trees (`TreeGame`) are checked the same way.

use crate::helpers::positions::Rng;
use crate::helpers::solvers::exact_within;
use plyscope::games::atarigo::AtariGo;
use plyscope::games::hex::Hex;
use plyscope::games::mnk::Mnk;
use plyscope::search::observer::NoTrace;
use plyscope::search::pns::{Pn2Bound, pn2, pns};
use plyscope::search::proof::{Goal, LeafInit, ProofConfig, ProofVerdict};
use plyscope::search::{Algorithm, Limits, SearchConfig, SearchGame, Verdict, solve};
use plyscope::zobrist::splitmix64;

/// The exact result for the side to move by alpha-beta to the end of the game (a 4 MB
/// table, within 3,000,000 nodes).
fn exact<G: SearchGame>(game: &G) -> Option<Verdict> {
    exact_within(&mut game.clone(), 4, 3_000_000)
}

/// True when the side to move reaches the goal with exact result `v`.
fn reaches(v: Verdict, draw_for_attacker: bool) -> bool {
    match v {
        Verdict::Win { .. } => true,
        Verdict::Draw => draw_for_attacker,
        _ => false,
    }
}

#[derive(Default, Debug)]
struct Tally {
    positions: usize,
    answers: usize,
    unknown: usize,
}

/// Every engine setting on `game`; `must_answer` on the small boards.
fn compare<G: SearchGame>(game: &G, nodes: u64, must_answer: bool, tally: &mut Tally) {
    let Some(truth) = exact(game) else { return };
    tally.positions += 1;
    for draw_for_attacker in [false, true] {
        let want = reaches(truth, draw_for_attacker);
        for init in [LeafInit::Unit, LeafInit::Mobility, LeafInit::Heuristic] {
            for weak in [false, true] {
                for two_level in [false, true] {
                    let config = ProofConfig {
                        init,
                        weak,
                        tt_mb: 4,
                        ..ProofConfig::default()
                    };
                    let goal = Goal {
                        attacker: game.to_move(),
                        draw_for_attacker,
                    };
                    let limits = Limits {
                        nodes: Some(nodes),
                        ..Limits::default()
                    };
                    let mut g = game.clone();
                    let report = if two_level {
                        // Both bounds: a fixed budget with weak counting, Breuker's fraction
                        // without.
                        let bound = if weak {
                            Pn2Bound::Fixed(50)
                        } else {
                            Pn2Bound::Fraction(1.0)
                        };
                        pn2(&mut g, &config, bound, goal, &limits, &mut NoTrace)
                    } else {
                        pns(&mut g, &config, goal, &limits, &mut NoTrace)
                    }
                    .expect("stone games have a goal");
                    let what = format!(
                        "{}\n{init:?} weak {weak} pn2 {two_level} draw {draw_for_attacker}: \
                         exact {truth:?}, got {report:?}",
                        game.diagram()
                    );
                    assert!(report.stats.nodes <= nodes, "{what}");
                    match report.verdict {
                        ProofVerdict::Unknown => {
                            assert!(!must_answer, "{what}");
                            assert!(report.stopped, "{what}");
                            tally.unknown += 1;
                            continue;
                        }
                        ProofVerdict::Proven => assert!(want, "{what}"),
                        ProofVerdict::Disproven => assert!(!want, "{what}"),
                    }
                    tally.answers += 1;
                    if report.verdict == ProofVerdict::Proven {
                        // The named move reaches the goal: after it the opponent does not.
                        let mv = report.best_move.expect("a proof names its move");
                        let mut after = game.clone();
                        after.play(mv);
                        let reached = match after.outcome() {
                            Some(_) => true,
                            None => {
                                let reply = exact(&after).expect("smaller than the root");
                                match reply {
                                    Verdict::Loss { .. } => true,
                                    Verdict::Draw => draw_for_attacker,
                                    _ => false,
                                }
                            }
                        };
                        assert!(reached, "{what}: {} does not win", game.format_move(mv));
                    }
                }
            }
        }
    }
}

fn run_game<G: SearchGame>(
    name: &str,
    start: G,
    stones: &[usize],
    samples: usize,
    nodes: u64,
    must_answer: bool,
) {
    let mut rng = Rng(0x706e_735f_6469_6666); // "pns_diff"
    let mut tally = Tally::default();
    for &n in stones {
        for _ in 0..samples {
            if let Some(game) = rng.play(&start, n) {
                compare(&game, nodes, must_answer, &mut tally);
            }
        }
    }
    eprintln!("{name}: {tally:?}");
    assert!(
        tally.positions >= samples,
        "{name}: too few positions {tally:?}"
    );
    assert!(tally.answers > 0, "{name}: {tally:?}");
}

#[test]
fn mnk_3x3_always_answers() {
    let start = Mnk::new(3, 3, 3, false).unwrap();
    run_game("mnk 3x3", start, &[0, 1, 2, 3, 4], 4, 200_000, true);
}

#[test]
fn mnk_4x4_and_5x5_part_filled() {
    let k3 = Mnk::new(4, 4, 3, false).unwrap();
    run_game("mnk 4x4 k3", k3, &[2, 4, 6], 3, 200_000, true);
    let k4 = Mnk::new(4, 4, 4, false).unwrap();
    run_game("mnk 4x4 k4", k4, &[5, 7, 9], 3, 200_000, false);
    let five = Mnk::new(5, 5, 4, false).unwrap();
    run_game("mnk 5x5 k4", five, &[12, 14, 16], 3, 200_000, false);
}

#[test]
fn atarigo_3x3_to_5x5_part_filled() {
    let three = AtariGo::new(3, 3).unwrap();
    run_game("atarigo 3x3", three, &[0, 1, 2, 3], 3, 200_000, true);
    let four = AtariGo::new(4, 4).unwrap();
    run_game("atarigo 4x4", four, &[5, 7, 9], 3, 200_000, false);
    let five = AtariGo::new(5, 5).unwrap();
    run_game("atarigo 5x5", five, &[13, 15, 17], 3, 200_000, false);
}

#[test]
fn hex_2x2_to_4x4() {
    run_game("hex 2x2", Hex::new(2).unwrap(), &[0, 1], 3, 200_000, true);
    run_game(
        "hex 3x3",
        Hex::new(3).unwrap(),
        &[0, 1, 2, 3],
        3,
        200_000,
        true,
    );
    run_game(
        "hex 4x4",
        Hex::new(4).unwrap(),
        &[2, 4, 6],
        3,
        200_000,
        false,
    );
}

/// A random win/loss/draw tree in the bracket syntax: up to `depth` levels, 1-3 children,
/// leaves W, L or D, every node labelled uniquely.
fn random_tree(depth: u32, seed: &mut u64, next: &mut u32) -> String {
    *next += 1;
    let label = format!("n{next}");
    let r = splitmix64(seed);
    if depth == 0 || (r.is_multiple_of(5) && *next > 1) {
        let value = ["W", "L", "D"][(r / 5 % 3) as usize];
        return format!("{label}:{value}");
    }
    let children = 1 + (r / 15 % 3) as usize;
    let kids: Vec<String> = (0..children)
        .map(|_| random_tree(depth - 1, seed, next))
        .collect();
    format!("({label} {})", kids.join(" "))
}

#[test]
fn random_win_loss_draw_trees_agree_with_minimax() {
    use plyscope::games::tree::TreeGame;
    let mut seed = 0x7472_6565_5f70_6e73; // "tree_pns"
    let mut checked = 0;
    for round in 0..300 {
        let text = random_tree(2 + round % 5, &mut seed, &mut 0);
        let game = TreeGame::parse(&text).unwrap();
        let truth = {
            let mut g = game.clone();
            let config = SearchConfig::for_algorithm(Algorithm::Minimax);
            solve(&mut g, &config, &Limits::default(), &mut NoTrace).verdict
        };
        let mut tally = Tally::default();
        compare(&game, 100_000, true, &mut tally);
        assert!(tally.answers > 0, "{text}: {truth:?}");
        checked += 1;
    }
    assert_eq!(checked, 300);
}
