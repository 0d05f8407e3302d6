//! Parallel df-pn (issue 19, point 1): threads sharing one table find what one thread finds.
//!
//! - On the bundled puzzles df-pn decides, 2 and 4 threads reach the puzzle's expected
//!   answer, and a proven winning move really wins: after it, one-thread df-pn disproves
//!   the opponent's goal (`tests/integration/dfpn_differential.rs` runs the parallel engine against
//!   exhaustive search on random small positions of every stone game).
//! - A root analysis on two threads (`solve --root --threads 2`: the openings side by side)
//!   classifies every opening as one thread does, with the same node count per opening,
//!   and the result agrees.
//!
//! - lambda-df-pn's last stage (df-pn over the real game with must-play regions) on 2 and 3
//!   threads answers what one thread answers on random AtariGo 5x5 set-ups (whose one-thread
//!   answers `tests/integration/atarigo_random.rs` checks against exhaustive search), among them the
//!   7 of its 200 that reach the last stage.
//!
//! Every search is bounded by node limits; none asserts a time.

use plyscope::game::Game;
use plyscope::games::atarigo::random::RandomSetup;
use plyscope::puzzle::{self, ExpectedResult, Position, Puzzle};
use plyscope::run::solve::solve_puzzle;
use plyscope::run::spec::SearchSpec;
use plyscope::search::dfpn::{DfpnOptions, dfpn_search};
use plyscope::search::lambda_dfpn::lambda_dfpn_counted;
use plyscope::search::observer::NoTrace;
use plyscope::search::proof::{Goal, ProofConfig, ProofVerdict};
use plyscope::search::{Algorithm, Limits, SearchGame};

const PUZZLES: &[&str] = &[
    "tictactoe",
    "tictactoe-win",
    "tictactoe-fork",
    "mnk-5x5-k4",
    "mnk-6x5-k4",
    "mnk-7x7-k4",
    "hex-4x4-white-b3",
    "hex-5x5",
    "hex-6x6",
    "atarigo-4x4",
];

fn options(threads: usize) -> DfpnOptions {
    DfpnOptions {
        table_bytes: 16 << 20,
        threads,
        ..DfpnOptions::from_config(&ProofConfig::default())
    }
}

/// df-pn on `threads` threads agrees with the puzzle's answer; a proven move wins.
fn check<G: SearchGame>(game: &mut G, puzzle: &Puzzle, threads: usize) {
    let goal = Goal {
        attacker: game.to_move(),
        draw_for_attacker: puzzle.draw_counts_for_attacker,
    };
    let limits = Limits {
        nodes: Some(2_000_000),
        ..Limits::default()
    };
    let before = game.key();
    let report = dfpn_search(game, &options(threads), goal, &limits, &mut NoTrace);
    assert_eq!(game.key(), before, "the position is left as found");
    let expect = puzzle.expect.as_ref().and_then(|e| e.result).unwrap();
    let reached = match expect {
        ExpectedResult::Win => true,
        ExpectedResult::Draw => puzzle.draw_counts_for_attacker,
        ExpectedResult::Loss => false,
    };
    let name = format!("{} on {threads} threads", puzzle.name);
    match report.verdict {
        ProofVerdict::Unknown => panic!("{name}: not decided in 2 M nodes: {report:?}"),
        ProofVerdict::Disproven => assert!(!reached, "{name}: disproved a true goal"),
        ProofVerdict::Proven => {
            assert!(reached, "{name}: proved a false goal");
            assert!(!report.stopped, "{name}");
            let mv = report.best_move.expect("a proven root names its move");
            game.play(mv);
            if game.outcome().is_none() {
                let opponent = Goal {
                    attacker: game.to_move(),
                    draw_for_attacker: !goal.draw_for_attacker,
                };
                let reply = dfpn_search(game, &options(1), opponent, &limits, &mut NoTrace);
                assert_eq!(
                    reply.verdict,
                    ProofVerdict::Disproven,
                    "{name}: the winning move {} does not win",
                    game.format_move(mv)
                );
            }
            game.undo(mv);
        }
    }
}

#[test]
fn threads_sharing_a_table_reach_every_puzzles_answer() {
    for name in PUZZLES {
        let puzzle = puzzle::load(name).expect("bundled");
        for threads in [2, 4] {
            match puzzle.position.clone() {
                Position::Mnk(mut g) => check(&mut g, &puzzle, threads),
                Position::AtariGo(mut g) => check(&mut g, &puzzle, threads),
                Position::Hex(mut g) => check(&mut g, &puzzle, threads),
                other => panic!("{name}: no df-pn check for {other:?}"),
            }
        }
    }
}

#[test]
fn a_root_analysis_on_two_threads_classifies_as_one_thread_does() {
    for name in ["hex-4x4", "hex-5x5", "mnk-4x4-k3"] {
        let puzzle = puzzle::load(name).expect("bundled");
        let run = |threads: usize| {
            let mut options = SearchSpec::headless(&puzzle, Algorithm::DfPn);
            options.root_analysis = true;
            options.set_threads(threads);
            options.limits.nodes = Some(5_000_000);
            solve_puzzle(&puzzle, &options).expect("df-pn runs on it")
        };
        let (one, two) = (run(1), run(2));
        assert_eq!(one.result, two.result, "{name}");
        assert!(
            one.check.is_ok() && two.check.is_ok(),
            "{name}: {:?}",
            two.check
        );
        let moves = one.root_moves.clone().expect("a root analysis");
        assert!(moves.len() > 3, "{name}");
        assert_eq!(
            Some(moves),
            two.root_moves,
            "{name}: every opening's class and node count"
        );
        assert_eq!(one.winning_moves, two.winning_moves, "{name}");
    }
}

#[test]
fn lambda_dfpns_last_stage_on_several_threads_answers_as_one_thread() {
    // The sample of `tests/integration/atarigo_random.rs` (its seed): the 7 of its 200 set-ups the
    // lambda-trees up to level 3 leave to the last stage (2,170 to 200,002 df-pn nodes), and
    // the first 10, which the levels decide.
    const SEED: u64 = 0x0019_A7A2_0005;
    const LAST_STAGE: [u64; 7] = [98, 101, 105, 132, 143, 166, 190];
    let limits = Limits {
        nodes: Some(2_000_000),
        ..Limits::default()
    };
    let mut last_stage_runs = 0;
    for index in (0..10).chain(LAST_STAGE) {
        let drawn = RandomSetup::SAMPLE_5X5.draw(SEED, index);
        let goal = |g: &plyscope::games::atarigo::AtariGo| Goal {
            attacker: g.to_move(),
            draw_for_attacker: false,
        };
        let run = |threads: usize| {
            let mut game = drawn.game().expect("a valid set-up");
            let before = game.key();
            let config = ProofConfig {
                threads,
                ..ProofConfig::default()
            };
            let goal = goal(&game);
            let run = lambda_dfpn_counted(&mut game, &config, goal, &limits, &mut NoTrace);
            assert_eq!(
                game.key(),
                before,
                "#{index}: the position is left as found"
            );
            run
        };
        let one = run(1);
        assert_ne!(
            one.report.verdict,
            ProofVerdict::Unknown,
            "#{index}: one thread decides it"
        );
        if one.must_play.is_some() {
            last_stage_runs += 1;
        }
        for threads in [2, 3] {
            let many = run(threads);
            assert_eq!(
                many.report.verdict,
                one.report.verdict,
                "#{index} on {threads} threads:\n{}",
                drawn.board()
            );
            assert_eq!(
                many.must_play.is_some(),
                one.must_play.is_some(),
                "#{index}"
            );
            if many.report.verdict == ProofVerdict::Proven && one.report.level.is_none() {
                // A real-game proof names a move that wins: the same check as one thread's.
                let mv = many
                    .report
                    .best_move
                    .expect("a proven OR root names its move");
                let mut game = drawn.game().unwrap();
                game.play(mv);
                if game.outcome().is_none() {
                    let config = ProofConfig::default();
                    let opponent = goal(&game);
                    let reply =
                        lambda_dfpn_counted(&mut game, &config, opponent, &limits, &mut NoTrace);
                    assert_eq!(
                        reply.report.verdict,
                        ProofVerdict::Disproven,
                        "#{index}: {threads} threads' winning move does not win"
                    );
                }
            }
        }
    }
    assert_eq!(
        last_stage_runs,
        LAST_STAGE.len(),
        "the set-ups the last stage decides"
    );
}

#[test]
fn a_root_search_starts_on_one_thread_and_takes_more_only_when_it_stays_open() {
    let run = |name: &str, threads: usize| {
        let puzzle = puzzle::load(name).expect("bundled");
        let mut options = SearchSpec::headless(&puzzle, Algorithm::DfPn);
        options.set_threads(threads);
        options.limits.nodes = Some(2_000_000);
        solve_puzzle(&puzzle, &options).expect("df-pn runs on it")
    };
    // Decided within the warm-up: the one-thread search, node for node.
    for name in ["hex-5x5", "hex-6x6", "tictactoe-fork"] {
        let (one, two) = (run(name, 1), run(name, 2));
        assert!(
            one.nodes < plyscope::run::solve::proof::WARM_UP_NODES,
            "{name}"
        );
        assert_eq!((one.nodes, &one.result), (two.nodes, &two.result), "{name}");
    }
    // Open after it: the parallel search answers the same, and the warm-up's nodes count.
    let (one, two) = (run("mnk-5x5-k4", 1), run("mnk-5x5-k4", 2));
    assert!(one.nodes > plyscope::run::solve::proof::WARM_UP_NODES);
    assert_eq!(one.result, two.result);
    assert!(two.check.is_ok(), "{:?}", two.check);
    assert!(two.nodes > plyscope::run::solve::proof::WARM_UP_NODES);
}
