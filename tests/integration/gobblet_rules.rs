//! Gobblet and Gobblet Gobblers against a naive model and against plain minimax:
//!
//! - perft from the start pinned, and equal to the naive generator's count
//!   (`tests/integration/helpers/naive/gobblet.rs`: stacks as vectors, every move on a copy, lines scanned);
//! - move lists and outcomes equal to the naive model's along random games;
//! - alpha-beta (fail-hard, fail-soft, iterative deepening; ordering on and off) equals
//!   minimax on random positions at fixed depths, with both evaluations;
//! - with a table (and tactics) every decided value (a win or loss within the depth) is
//!   minimax's, and none is invented;
//! - symmetric-move pruning changes no value;
//! - (that a subtree which met a repetition draw is not tabled is tested next to the table:
//!   `search::alphabeta::tests::subtrees_that_met_a_repetition_draw_are_not_tabled`);
//! - the Gobblet Gobblers start is a first-player win in 13 plies (release only:
//!   `cargo test --release --test integration gobblet_rules:: -- --ignored`, about 4.5 M nodes).

use crate::helpers::naive::gobblet as naive_gobblet;
use crate::helpers::table_check;

use crate::helpers::solvers::depth_limit;
use naive_gobblet::NaiveGobblet;
use plyscope::game::{Game, MoveList, Outcome, Player, perft};
use plyscope::games::gobblet::{Evaluation, Gobblet, GobbletMove, Variant};
use plyscope::search::observer::NoTrace;
use plyscope::search::{Algorithm, MoveOrdering, SearchConfig, Value, Verdict, solve};
use plyscope::zobrist::splitmix64;

#[test]
fn perft_is_pinned_and_agrees_with_the_naive_generator() {
    // (variant, perft 1.., naive checked up to this depth)
    let cases: [(Variant, &[u64], u32); 2] = [
        (Variant::Gobblet, &GOBBLET_PERFT, 3),
        (Variant::Gobblers, &GOBBLERS_PERFT, 3),
    ];
    for (variant, pinned, naive_depth) in cases {
        let naive = match variant {
            Variant::Gobblet => NaiveGobblet::gobblet(),
            Variant::Gobblers => NaiveGobblet::gobblers(),
        };
        for (i, &want) in pinned.iter().enumerate() {
            let depth = i as u32 + 1;
            let mut g = Gobblet::new(variant);
            assert_eq!(perft(&mut g, depth), want, "{variant:?} perft({depth})");
            if depth <= naive_depth {
                assert_eq!(naive.perft(depth), want, "naive {variant:?} perft({depth})");
            }
        }
    }
}

const GOBBLET_PERFT: [u64; 4] = [16, 240, 10_080, 406_560];
const GOBBLERS_PERFT: [u64; 4] = [27, 675, 20_313, 572_472];

fn sorted_moves(g: &Gobblet) -> Vec<String> {
    let mut list = MoveList::new();
    g.legal_moves(&mut list);
    let mut v: Vec<String> = list.iter().map(|&m| g.format_move(m)).collect();
    v.sort();
    v
}

#[test]
fn random_games_agree_with_the_naive_model() {
    let mut seed = 0x60bb1e7;
    let mut compared = 0;
    for game in 0..60 {
        let variant = if game % 2 == 0 {
            Variant::Gobblet
        } else {
            Variant::Gobblers
        };
        let mut g = Gobblet::new(variant);
        let mut naive = match variant {
            Variant::Gobblet => NaiveGobblet::gobblet(),
            Variant::Gobblers => NaiveGobblet::gobblers(),
        };
        let mut played = Vec::new();
        for _ in 0..40 {
            let want = naive.successors();
            let mut texts: Vec<String> = want.iter().map(|(t, _)| t.clone()).collect();
            texts.sort();
            if g.outcome() == Some(Outcome::Draw) {
                break; // repetitions are not modelled by the naive game
            }
            assert_eq!(sorted_moves(&g), texts, "{played:?}\n{}", g.diagram());
            let expected = naive.winner.map(Outcome::Win);
            assert_eq!(g.outcome(), expected, "{played:?}\n{}", g.diagram());
            if want.is_empty() {
                break;
            }
            let i = (splitmix64(&mut seed) % want.len() as u64) as usize;
            let mv = g.parse_move(&want[i].0).expect("naive move is legal");
            // Immediate wins agree with the naive successors too.
            let wins = g.winner_after(g.to_move(), mv);
            assert_eq!(wins, want[i].1.winner, "{}", want[i].0);
            played.push(want[i].0.clone());
            g.play(mv);
            naive = want[i].1.clone();
            compared += 1;
        }
        // Undo back to the start restores the key.
        let start = Gobblet::new(variant);
        let mut replay = Gobblet::new(variant);
        let moves: Vec<GobbletMove> = played
            .iter()
            .map(|t| {
                let m = replay.parse_move(t).unwrap();
                replay.play(m);
                m
            })
            .collect();
        for &m in moves.iter().rev() {
            replay.undo(m);
        }
        assert_eq!(replay.key(), start.key());
        assert_eq!(replay.diagram(), start.diagram());
    }
    assert!(compared > 500, "{compared}");
}

fn random_position(variant: Variant, plies: usize, seed: &mut u64) -> Option<Gobblet> {
    let mut g = Gobblet::new(variant);
    let mut moves = MoveList::new();
    for _ in 0..plies {
        g.legal_moves(&mut moves);
        if moves.is_empty() {
            return None;
        }
        let i = (splitmix64(seed) % moves.len() as u64) as usize;
        g.play(moves.as_slice()[i]);
    }
    g.outcome().is_none().then_some(g)
}

#[test]
fn alpha_beta_equals_minimax_on_random_positions() {
    let mut seed = 2026;
    let mut compared = 0;
    for round in 0..24 {
        let (variant, depth) = if round % 3 == 0 {
            (Variant::Gobblet, 2)
        } else {
            (Variant::Gobblers, 3)
        };
        let plies = 2 + (splitmix64(&mut seed) % 10) as usize;
        let Some(mut g) = random_position(variant, plies, &mut seed) else {
            continue;
        };
        let evaluation = Evaluation::ALL[round % 2];
        g.set_evaluation(evaluation);
        let key = g.key();
        let oracle = solve(
            &mut g,
            &SearchConfig::plain(Algorithm::Minimax),
            &depth_limit(depth),
            &mut NoTrace,
        );
        for algorithm in [
            Algorithm::AlphaBeta,
            Algorithm::AlphaBetaSoft,
            Algorithm::IterativeDeepening,
        ] {
            for ordering in [MoveOrdering::NONE, MoveOrdering::ALL] {
                let config = SearchConfig {
                    algorithm,
                    tt_mb: 0,
                    ordering,
                    ..SearchConfig::default()
                };
                let r = solve(&mut g, &config, &depth_limit(depth), &mut NoTrace);
                assert_eq!(g.key(), key);
                assert_eq!(
                    r.value,
                    oracle.value,
                    "{algorithm:?} {ordering:?} {}\n{}",
                    evaluation.name(),
                    g.diagram()
                );
                compared += 1;
            }
        }
    }
    assert!(compared >= 100, "{compared}");
}

/// With a table (and with tactics) a fixed-depth search may import knowledge from beyond the
/// horizon (a transposition met with more depth left), so its heuristic value can differ
/// from minimax's. What it must never change is a decided value: where minimax at depth `d`
/// finds a win or loss within `d` plies, every variant finds the same one, and where minimax
/// finds none, no variant claims a win or loss within `d` plies. The positions come from
/// random games, so they carry history and repetition draws can occur inside the searches
/// (the table must not reuse a value that rested on one).
#[test]
fn alpha_beta_with_a_table_keeps_every_decided_value() {
    let mut seed = 4242;
    let (mut compared, mut decided) = (0, 0);
    for round in 0..16 {
        let (variant, depth) = if round % 3 == 0 {
            (Variant::Gobblet, 3)
        } else {
            (Variant::Gobblers, 4)
        };
        let plies = 4 + (splitmix64(&mut seed) % 14) as usize;
        let Some(mut g) = random_position(variant, plies, &mut seed) else {
            continue;
        };
        g.set_evaluation(Evaluation::ALL[round % 2]);
        let (oracle_decided, n) = table_check::table_search_keeps_minimax_decisions(&mut g, depth);
        decided += usize::from(oracle_decided);
        compared += n;
    }
    assert!(compared >= 60, "{compared}");
    assert!(decided >= 3, "too few decided positions: {decided}");
}

#[test]
fn symmetric_move_pruning_changes_no_value() {
    let mut seed = 77;
    let mut pruned_somewhere = false;
    for round in 0..16 {
        let variant = if round % 4 == 0 {
            Variant::Gobblet
        } else {
            Variant::Gobblers
        };
        let plies = (splitmix64(&mut seed) % 3) as usize;
        let Some(g) = random_position(variant, plies, &mut seed) else {
            continue;
        };
        // A fresh position (no history), as a puzzle would start.
        let n = g.side();
        let stacks: Vec<Vec<(Player, u8)>> = (0..n * n).map(|s| g.stack(s).collect()).collect();
        let mut plain = Gobblet::from_stacks(variant, &stacks, g.to_move()).unwrap();
        let mut pruned = plain.clone();
        pruned.set_symmetric_pruning(true);
        let (mut a, mut b) = (MoveList::new(), MoveList::new());
        plain.legal_moves(&mut a);
        pruned.legal_moves(&mut b);
        pruned_somewhere |= b.len() < a.len();
        let depth = if variant == Variant::Gobblet { 2 } else { 4 };
        let config = SearchConfig {
            tt_mb: 0,
            ..SearchConfig::for_algorithm(Algorithm::AlphaBetaSoft)
        };
        let x = solve(&mut plain, &config, &depth_limit(depth), &mut NoTrace);
        let y = solve(&mut pruned, &config, &depth_limit(depth), &mut NoTrace);
        assert_eq!(x.value, y.value, "{}", plain.diagram());
        assert!(y.stats.nodes <= x.stats.nodes);
    }
    assert!(pruned_somewhere);
}

#[test]
#[ignore = "release only: cargo test --release --test integration gobblet_rules:: -- --ignored (4.5 M nodes)"]
fn gobblers_start_is_a_first_player_win_in_13_plies() {
    let mut g = Gobblet::new(Variant::Gobblers);
    let r = solve(
        &mut g,
        &SearchConfig::for_algorithm(Algorithm::IterativeDeepening),
        &depth_limit(13),
        &mut NoTrace,
    );
    assert_eq!(r.verdict, Verdict::Win { plies: 13 });
    assert_eq!(r.value, Value::win_at(13));
    assert_eq!(g.to_move(), Player::Black);
}

/// Checks that the bundled puzzle `name` is a forced win in exactly `plies` plies: plain
/// alpha-beta (no table, no tactics, no heuristics: exhaustive to the depth, so equal to
/// minimax there) finds a win at `plies` and none at `plies - 2`. Returns the nodes searched.
fn check_forced_win(name: &str, plies: usize) -> u64 {
    use plyscope::puzzle::{self, Position};
    let p = puzzle::load(name).unwrap();
    let Position::Gobblet(mut g) = p.position.clone() else {
        panic!("{name} is a Gobblet puzzle");
    };
    let expect = p.expect.as_ref().unwrap();
    assert_eq!(expect.plies, Some(plies), "{name}");
    assert_eq!(p.limits.max_depth, Some(plies as u32), "{name}");
    let exhaustive = SearchConfig {
        tt_mb: 0,
        tactics: false,
        ..SearchConfig::for_algorithm(Algorithm::AlphaBeta)
    };
    let r = solve(
        &mut g,
        &exhaustive,
        &depth_limit(plies as u32),
        &mut NoTrace,
    );
    assert_eq!(r.verdict, Verdict::Win { plies }, "{name}");
    let shorter = solve(
        &mut g,
        &exhaustive,
        &depth_limit(plies as u32 - 2),
        &mut NoTrace,
    );
    assert!(
        !matches!(shorter.verdict, Verdict::Win { .. }),
        "{name}: a shorter win {:?}",
        shorter.verdict
    );
    if plies == 3 {
        let m = solve(
            &mut g,
            &SearchConfig::plain(Algorithm::Minimax),
            &depth_limit(3),
            &mut NoTrace,
        );
        assert_eq!(m.verdict, Verdict::Win { plies: 3 }, "{name}: minimax");
    }
    r.stats.nodes + shorter.stats.nodes
}

/// The bundled Gobblet (4x4) and Gobblet Gobblers puzzles are wins at exactly their stated
/// distance (the 4x4 win in 7 is release only, below).
#[test]
fn gobblet_puzzles_are_forced_wins_at_their_distance() {
    for (name, plies) in [
        ("gobblet-win-in-3", 3usize),
        ("gobblet-win-in-5", 5),
        ("gobblers-win-in-5", 5),
        ("gobblers-win-in-7", 7),
    ] {
        check_forced_win(name, plies);
    }
}

/// The 4x4 win in 7: about 1.45 M nodes of exhaustive alpha-beta.
/// `cargo test --release --test integration gobblet_rules:: -- --ignored gobblet_4x4_win_in_7`
#[test]
#[ignore = "release only: cargo test --release --test integration gobblet_rules:: -- --ignored (1.45 M nodes)"]
fn gobblet_4x4_win_in_7_is_exact() {
    let nodes = check_forced_win("gobblet-win-in-7", 7);
    assert!(nodes > 0);
}
