//! Czech checkers against a second, naive implementation
//! (`tests/integration/helpers/naive/dama.rs`): perft from the start pinned and recomputed naively,
//! the legal moves (with their captures and promotions), the outcome (blocked side, third
//! repetition) and the evaluation compared step by step along random games from the start and from
//! random setups with kings, and the notation read back on every legal move met.
//!
//! The rule-by-rule tests (one per special rule of Kühr, section 1.2) are in
//! `src/games/dama/tests.rs`.

use crate::helpers::naive::dama as naive_dama;

use crate::helpers::positions::random_dama_pieces;
use naive_dama::{Cell, NaiveDama, NaiveMove};
use plyscope::game::{Game, Heuristic, MoveList, Outcome, Player, Point, perft};
use plyscope::games::dama::{Dama, DamaMove, Piece};
use plyscope::zobrist::splitmix64;

/// Perft from the start, depths 1 to 8. Until a king appears these are also the published
/// counts of English checkers (same board, same men, forward-only captures, free choice).
const START_PERFT: [u64; 8] = [7, 49, 302, 1469, 7361, 36768, 179740, 845931];

#[test]
fn perft_from_the_start_is_pinned() {
    let mut game = Dama::new();
    for (depth, &expected) in START_PERFT.iter().enumerate().take(7) {
        assert_eq!(
            perft(&mut game, depth as u32 + 1),
            expected,
            "depth {}",
            depth + 1
        );
    }
    assert_eq!(game.key(), Dama::new().key());
}

/// Depth 8 (846 thousand leaves):
/// `cargo test --release --test integration dama_rules:: -- --ignored`.
#[test]
#[ignore]
fn perft_depth_8_from_the_start() {
    assert_eq!(perft(&mut Dama::new(), 8), START_PERFT[7]);
}

#[test]
fn naive_perft_from_the_start_agrees() {
    let mut naive = NaiveDama::start();
    for (depth, &expected) in START_PERFT.iter().enumerate().take(5) {
        assert_eq!(
            naive.perft(depth as u32 + 1),
            expected,
            "depth {}",
            depth + 1
        );
    }
}

fn xy(p: Point) -> (usize, usize) {
    (p as usize % 8, p as usize / 8)
}

/// A move of the real game in the naive form (captures as sorted squares).
fn to_naive(m: &DamaMove) -> NaiveMove {
    let mut captured: Vec<(usize, usize)> = (0..64)
        .filter(|s| m.captured() >> s & 1 == 1)
        .map(|s| xy(s as Point))
        .collect();
    captured.sort();
    NaiveMove {
        from: xy(m.from()),
        to: xy(m.to()),
        captured,
        landings: m.landing_squares().map(xy).collect(),
        promotes: m.promotes(),
    }
}

/// The moves of the real game in the naive form, sorted as the naive game sorts them.
fn as_naive(moves: &MoveList<DamaMove>) -> Vec<NaiveMove> {
    let mut out: Vec<NaiveMove> = moves.iter().map(to_naive).collect();
    out.sort_by(|a, b| (a.from, a.to, &a.captured).cmp(&(b.from, b.to, &b.captured)));
    out
}

/// The same position in both implementations.
fn naive_of(game: &Dama) -> NaiveDama {
    let mut board = [[Cell::Empty; 8]; 8];
    for p in 0..64 {
        let (x, y) = xy(p);
        board[y][x] = match game.piece(p) {
            None => Cell::Empty,
            Some(Piece::Man(pl)) => Cell::Man(pl),
            Some(Piece::King(pl)) => Cell::King(pl),
        };
    }
    NaiveDama::new(board, game.to_move())
}

/// Compares everything observable, then plays random moves in both, `plies` times; returns
/// how the game ended, if it did.
fn compare_along_a_random_game(mut game: Dama, plies: usize, seed: u64) -> Option<Outcome> {
    let mut naive = naive_of(&game);
    let mut state = seed;
    let mut moves = MoveList::new();
    let mut line = Vec::new();
    let mut ended = None;
    for ply in 0..plies {
        let what = format!("seed {seed} ply {ply}\n{}", game.diagram());
        game.legal_moves(&mut moves);
        let expected = naive.moves();
        let got = as_naive(&moves);
        let key = |m: &NaiveMove| (m.from, m.to, m.captured.clone(), m.promotes);
        assert_eq!(
            got.iter().map(key).collect::<Vec<_>>(),
            expected.iter().map(key).collect::<Vec<_>>(),
            "{what}"
        );
        assert_eq!(game.outcome(), naive.outcome(), "{what}");
        let white_view = naive.evaluate_for_white();
        let sign = if game.to_move() == Player::White {
            1
        } else {
            -1
        };
        if game.outcome().is_none() {
            assert_eq!(game.evaluate(), sign * white_view, "{what}");
        }
        // Every move reads back from its notation; a jump's landings are a real sequence.
        for &m in moves.iter() {
            let text = game.format_move(m);
            assert_eq!(game.parse_move(&text), Ok(m), "{text}: {what}");
        }
        if moves.is_empty() {
            ended = game.outcome();
            break;
        }
        let i = (splitmix64(&mut state) % moves.len() as u64) as usize;
        let mv = moves.as_slice()[i];
        game.play(mv);
        naive.play(&to_naive(&mv));
        line.push(mv);
    }
    // Undo all the way back restores the start.
    let start_key = {
        let mut g = game.clone();
        for &m in line.iter().rev() {
            g.undo(m);
        }
        g.key()
    };
    for &m in line.iter().rev() {
        game.undo(m);
    }
    assert_eq!(game.key(), start_key);
    assert_eq!(game.ply(), 0);
    ended
}

#[test]
fn random_games_from_the_start_agree_with_the_naive_rules() {
    for seed in 0..40 {
        compare_along_a_random_game(Dama::new(), 150, seed);
    }
}

/// A random setup: a few men and kings per side on random dark squares (men not on their
/// last row), a random side to move.
fn random_setup(seed: u64) -> Dama {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let pieces = random_dama_pieces(&mut state, 6, 3);
    let to_move = if splitmix64(&mut state).is_multiple_of(2) {
        Player::White
    } else {
        Player::Black
    };
    Dama::with_pieces(&pieces, to_move).unwrap()
}

#[test]
fn random_setups_with_kings_agree_with_the_naive_rules() {
    for seed in 0..300 {
        compare_along_a_random_game(random_setup(seed), 60, seed);
    }
}

#[test]
fn kings_shuffling_reach_the_third_repetition_in_both() {
    // Two kings go back and forth; both implementations must see the third occurrence of
    // the start position on the same ply (8), and not before.
    let pieces = [
        (0, Piece::King(Player::White)),
        (15, Piece::King(Player::Black)),
    ];
    let mut game = Dama::with_pieces(&pieces, Player::White).unwrap();
    let mut naive = naive_of(&game);
    let cycle = ["a1-b2", "h2-g1", "b2-a1", "g1-h2"];
    for (ply, text) in cycle.iter().cycle().take(8).enumerate() {
        assert_eq!(game.outcome(), None, "ply {ply}");
        assert_eq!(naive.outcome(), None, "ply {ply}");
        let mv = game.parse_move(text).unwrap();
        game.play(mv);
        naive.play(&to_naive(&mv));
    }
    assert_eq!(game.outcome(), Some(Outcome::Draw));
    assert_eq!(naive.outcome(), Some(Outcome::Draw));
    assert!(naive.moves().is_empty());
    // Random games from a sparse setup end the same way in both, however they end.
    for seed in 0..20 {
        let start = Dama::with_pieces(&pieces, Player::White).unwrap();
        compare_along_a_random_game(start, 400, seed);
    }
}
