//! The Czech checkers puzzles (`puzzles/dama-*.toml`) checked by exhaustive search, with no
//! engine code: for a win in `n` plies, the side to move has no win within `n - 2` plies
//! and has one within `n`; the puzzle's winning moves are exactly the moves that win within
//! `n` plies. The search is a plain AND/OR walk over every legal move (no table, no
//! ordering), so a "win" is a proof, and the rules' own outcome (a blocked side loses, the
//! third repetition draws) decides the ends.
//!
//! Every puzzle's horizon (`max_depth`, its length) ends before the first ply at which a
//! third repetition could occur (eight reversible plies in a row: king moves without a
//! capture), so no search of these puzzles meets a path-dependent draw, and the engines'
//! tables cannot mix paths here.
//!
//! Also here: the same answers from the engines (`plyscope solve` with each puzzle's own
//! algorithm and limits), the depth-3 search of Kühr's example 3.2 stand-in equal to
//! minimax with the seed's evaluation, and puzzle files with checkers errors.

use plyscope::game::{Game, MoveList, Outcome, Player};
use plyscope::games::dama::Dama;
use plyscope::puzzle::{self, ExpectedResult, Position};
use plyscope::run::solve::{Check, solve_puzzle};
use plyscope::run::spec::SearchSpec;
use plyscope::search::observer::NoTrace;
use plyscope::search::{Algorithm, Limits, SearchConfig, solve};

/// True when the side to move, `me`, wins within `plies` plies (odd) whatever the opponent
/// does.
fn wins_within(game: &mut Dama, plies: u32) -> bool {
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    moves.iter().any(|&m| move_wins_within(game, m, plies))
}

/// True when `m` wins within `plies` plies (odd, counting `m`) for the side to move.
fn move_wins_within(game: &mut Dama, m: <Dama as Game>::Move, plies: u32) -> bool {
    let me = game.to_move();
    game.play(m);
    let won = match game.outcome() {
        Some(Outcome::Win(p)) => p == me,
        Some(_) => false,
        None if plies < 3 => false,
        None => {
            let mut replies = MoveList::new();
            game.legal_moves(&mut replies);
            replies.iter().all(|&r| {
                game.play(r);
                let w = match game.outcome() {
                    Some(Outcome::Win(p)) => p == me,
                    Some(_) => false,
                    None => wins_within(game, plies - 2),
                };
                game.undo(r);
                w
            })
        }
    };
    game.undo(m);
    won
}

/// The checkers puzzles and the moves that win within their length (the puzzle files do
/// not list them as `winning_moves`, which means every move that wins at all: a search to
/// the end that repetition draws make impractical).
const PUZZLES: [(&str, &[&str]); 4] = [
    ("dama-001-example-3-2", &["e3-d4"]),
    ("dama-two-kings-vs-one", &["e1-g3"]),
    ("dama-king-vs-two-men", &["c5-d4"]),
    ("dama-men-race", &["c5-d6"]),
];

fn load(name: &str) -> (puzzle::Puzzle, Dama) {
    let p = puzzle::load(name).unwrap();
    let Position::Dama(game) = p.position.clone() else {
        panic!("{name} is not a checkers puzzle");
    };
    (p, game)
}

#[test]
fn every_checkers_puzzle_is_bundled_here() {
    let bundled: Vec<&str> = puzzle::bundled()
        .iter()
        .map(|b| b.name)
        .filter(|n| n.starts_with("dama-"))
        .collect();
    let ours: Vec<&str> = PUZZLES.iter().map(|p| p.0).collect();
    assert_eq!(bundled, ours);
}

#[test]
fn answers_hold_by_exhaustive_search() {
    for (name, fastest) in PUZZLES {
        let (p, mut game) = load(name);
        let expect = p.expect.as_ref().unwrap();
        assert_eq!(expect.result, Some(ExpectedResult::Win), "{name}");
        let plies = expect.plies.unwrap() as u32;
        assert!(
            !wins_within(&mut game, plies - 2),
            "{name}: wins sooner than {plies}"
        );
        assert!(wins_within(&mut game, plies), "{name}: no win in {plies}");
        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        let mut winners = Vec::new();
        for &m in moves.iter() {
            if move_wins_within(&mut game, m, plies) {
                winners.push(game.format_move(m));
            }
        }
        winners.sort();
        assert_eq!(winners, fastest, "{name}");
        assert_eq!(expect.winning_moves, None, "{name}");
        assert_eq!(
            p.limits.max_depth,
            Some(plies),
            "{name}: the horizon is the win"
        );
    }
}

#[test]
fn the_engines_agree_with_every_puzzle() {
    for (name, fastest) in PUZZLES {
        let (p, _) = load(name);
        for algorithm in [
            p.algorithm.unwrap_or(Algorithm::IterativeDeepening),
            Algorithm::AlphaBetaSoft,
        ] {
            let options = SearchSpec::headless(&p, algorithm);
            let report = solve_puzzle(&p, &options).unwrap();
            assert_eq!(
                report.check,
                Check::Agrees,
                "{name} with {}",
                algorithm.name()
            );
            let best = report.best_move.unwrap();
            assert!(fastest.contains(&best.as_str()), "{name}: {best}");
        }
    }
}

#[test]
fn proof_and_threat_searches_are_refused_with_a_reason() {
    let (p, _) = load("dama-001-example-3-2");
    let e = solve_puzzle(&p, &SearchSpec::headless(&p, Algorithm::DfPn)).unwrap_err();
    assert!(e.to_string().contains("draw by repetition"), "{e}");
    let e = solve_puzzle(&p, &SearchSpec::headless(&p, Algorithm::Lambda)).unwrap_err();
    assert!(e.to_string().contains("use --algo id"), "{e}");
}

#[test]
fn the_example_3_2_stand_in_searched_to_depth_3_equals_minimax() {
    let (_, mut game) = load("dama-001-example-3-2");
    let limits = Limits {
        max_depth: Some(3),
        ..Limits::default()
    };
    let minimax = solve(
        &mut game,
        &SearchConfig::plain(Algorithm::Minimax),
        &limits,
        &mut NoTrace,
    );
    let alphabeta = solve(
        &mut game,
        &SearchConfig::plain(Algorithm::AlphaBeta),
        &limits,
        &mut NoTrace,
    );
    assert_eq!(alphabeta.value, minimax.value);
    assert!(alphabeta.value.is_win());
    let best = alphabeta.best_move.unwrap();
    assert_eq!(game.format_move(best), "e3-d4");
    assert!(
        alphabeta.stats.nodes < minimax.stats.nodes,
        "cutoffs save nodes"
    );
    assert_eq!(game.to_move(), Player::White);
}

#[test]
fn checkers_puzzle_files_explain_their_errors() {
    let base = "title = \"t\"\ngame = \"dama\"\n";
    let error = |text: &str| puzzle::parse(text, "t.toml").unwrap_err().to_string();
    let light = format!(
        "{base}board = \"\"\"\nx . . . . . . .\n. . . . . . . .\n. . . . . . . .\n\
         . . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n\
         . . . . . . o .\n\"\"\"\n"
    );
    assert_eq!(
        error(&light),
        "t.toml:4:1: a piece on a8, a light square; pieces stand on the dark squares (a1, c1, \
         ..., h8)"
    );
    assert_eq!(
        error(&format!("{base}size = 10\n")),
        "t.toml:3:8: Czech checkers is played on 8 x 8; leave `size` out or write `size = 8`"
    );
    assert!(error(base).contains("needs `board`"));
    assert!(error(&format!("{base}white = [\"c1\"]\n")).contains("not in `black`/`white` lists"));
    let crowned = light.replace("x . . . . . . .\n", ". o . . . . . .\n");
    assert!(
        error(&crowned).contains("a white man on b8, its last row"),
        "{}",
        error(&crowned)
    );
    let ok = light
        .replace("x . . . . . . .\n", ". x . . . . . .\n")
        .replace(".\n\"\"\"", ".\n\"\"\"\nto_move = \"black\"");
    let p = puzzle::parse(&ok, "t.toml").unwrap();
    assert_eq!(p.position.to_move(), Player::Black);
    assert_eq!(p.position.game_name(), "dama");
}
