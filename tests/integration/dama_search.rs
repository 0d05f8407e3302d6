//! Alpha-beta equals minimax on Czech checkers (issue 6, "alpha-beta = minimax differential
//! tests on random positions"): on random positions (random games from the start, random
//! setups with kings), every alpha-beta variant without a table (fail-hard, fail-soft,
//! iterative deepening; ordering on and off) gives plain minimax's value at depths 1 to 5
//! with the Kühr evaluation at the horizon, and its best move is worth that value.
//!
//! Those comparisons run without a table: a table carries results between transpositions met
//! with different depth left, so a fixed-depth value may legitimately differ from minimax's.
//! With a table (and with tactics) the decided values must still agree: a win or loss within
//! the depth is minimax's, and none is invented. The positions come after random king moves,
//! so they carry history and repetition draws (`Game::outcome_depends_on_history`) occur
//! inside the searches; a table that reused a value resting on one would show here. (That
//! such subtrees are not stored is tested where the table lives:
//! `search::alphabeta::tests::subtrees_that_met_a_repetition_draw_are_not_tabled`.)

use crate::helpers::table_check;

use crate::helpers::positions::random_dama_pieces;
use crate::helpers::solvers::depth_limit;
use plyscope::game::{Game, MoveList, Player};
use plyscope::games::dama::{Dama, Piece};
use plyscope::search::observer::NoTrace;
use plyscope::search::{Algorithm, MoveOrdering, SearchConfig, Value, solve};
use plyscope::zobrist::splitmix64;

fn variants() -> Vec<SearchConfig> {
    let mut v = Vec::new();
    for algorithm in [
        Algorithm::AlphaBeta,
        Algorithm::AlphaBetaSoft,
        Algorithm::IterativeDeepening,
    ] {
        for ordering in [MoveOrdering::NONE, MoveOrdering::ALL] {
            v.push(SearchConfig {
                algorithm,
                tt_mb: 0,
                ordering,
                tactics: false,
                ..SearchConfig::default()
            });
        }
    }
    v
}

/// Minimax value of the position after `m`, seen from before it.
fn move_value(game: &mut Dama, m: <Dama as Game>::Move, depth: u32) -> Value {
    game.play(m);
    let child = solve(
        game,
        &SearchConfig::plain(Algorithm::Minimax),
        &depth_limit(depth - 1),
        &mut NoTrace,
    );
    game.undo(m);
    let c = child.value;
    if c.is_decisive() {
        Value(-c.0.signum() * (c.0.abs() - 1))
    } else {
        -c
    }
}

fn differential(game: &mut Dama, depth: u32) {
    let key = game.key();
    let oracle = solve(
        game,
        &SearchConfig::plain(Algorithm::Minimax),
        &depth_limit(depth),
        &mut NoTrace,
    );
    for config in variants() {
        let what = format!("{config:?} depth {depth}\n{}", game.diagram());
        let r = solve(game, &config, &depth_limit(depth), &mut NoTrace);
        assert_eq!(game.key(), key, "{what}: position not restored");
        assert_eq!(r.value, oracle.value, "{what}");
        if game.outcome().is_some() {
            continue;
        }
        let best = r
            .best_move
            .unwrap_or_else(|| panic!("no best move: {what}"));
        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        assert!(moves.contains(&best), "{what}");
        assert_eq!(move_value(game, best, depth), oracle.value, "{what}");
    }
}

fn random_playout(game: &mut Dama, plies: usize, state: &mut u64) {
    let mut moves = MoveList::new();
    for _ in 0..plies {
        game.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let i = (splitmix64(state) % moves.len() as u64) as usize;
        game.play(moves.as_slice()[i]);
    }
}

#[test]
fn random_games_from_the_start_agree_with_minimax() {
    for seed in 0..80u64 {
        let mut state = seed;
        let mut game = Dama::new();
        random_playout(&mut game, 6 + (seed as usize * 7) % 40, &mut state);
        differential(&mut game, 1 + (seed % 4) as u32);
    }
}

/// A few men and kings per side on random dark squares.
fn random_setup(state: &mut u64) -> Dama {
    let pieces = random_dama_pieces(state, 4, 2);
    Dama::with_pieces(&pieces, Player::White).unwrap()
}

#[test]
fn random_setups_with_kings_agree_with_minimax() {
    for seed in 0..200u64 {
        let mut state = seed.wrapping_mul(0x2545_F491_4F6C_DD1D);
        let mut game = random_setup(&mut state);
        differential(&mut game, 1 + (seed % 5) as u32);
    }
}

/// Plays a quiet king move of each side and both moves back, when there are such moves, so
/// that the position has occurred twice: a search of 4 or more plies can then meet its third
/// occurrence, a draw that holds on this path only. True when it did.
fn shuffle_kings_there_and_back(game: &mut Dama) -> bool {
    let mut played = Vec::new();
    for _ in 0..2 {
        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        let quiet_king = moves.iter().copied().find(|m| {
            m.capture_count() == 0 && matches!(game.piece(m.from()), Some(Piece::King(_)))
        });
        let Some(m) = quiet_king else {
            break;
        };
        game.play(m);
        played.push(m);
    }
    if played.len() < 2 {
        for &m in played.iter().rev() {
            game.undo(m);
        }
        return false;
    }
    let forward = played.clone();
    for m in forward {
        let back = format!(
            "{}-{}",
            plyscope::game::point_name(m.to(), 8),
            plyscope::game::point_name(m.from(), 8)
        );
        // Not legal when a jump became mandatory or the way back is blocked: give up.
        let Ok(b) = game.parse_move(&back) else {
            for &m in played.iter().rev() {
                game.undo(m);
            }
            return false;
        };
        game.play(b);
        played.push(b);
    }
    if game.occurrences() == 2 {
        // The same four moves again make the third occurrence: a draw that only this path
        // has, four plies into a search from here.
        let cycle: Vec<_> = played.clone();
        for &m in &cycle {
            game.play(m);
        }
        assert_eq!(game.outcome(), Some(plyscope::game::Outcome::Draw));
        assert!(game.outcome_depends_on_history());
        for &m in cycle.iter().rev() {
            game.undo(m);
        }
        return true;
    }
    for &m in played.iter().rev() {
        game.undo(m);
    }
    false
}

/// With a table and tactics, every decided value (a win or loss within the depth) is
/// minimax's and none is invented, on random king setups after a few random moves (history
/// included, so repetition draws can end lines inside the search).
#[test]
fn with_a_table_decided_values_agree_with_minimax() {
    let (mut compared, mut decided, mut repetitions, mut draws_in_reach) = (0, 0, 0, 0);
    for seed in 0..60u64 {
        let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0xda3a;
        let mut game = random_setup(&mut state);
        random_playout(&mut game, (seed % 5) as usize, &mut state);
        let depth = 2 + (seed % 4) as u32;
        if shuffle_kings_there_and_back(&mut game) {
            repetitions += 1;
            draws_in_reach += usize::from(depth >= 4);
        }
        let (oracle_decided, n) =
            table_check::table_search_keeps_minimax_decisions(&mut game, depth);
        decided += usize::from(oracle_decided);
        compared += n;
    }
    assert!(compared >= 300, "{compared}");
    assert!(decided >= 5, "too few decided positions: {decided}");
    assert!(
        repetitions >= 12,
        "too few roots that occurred twice: {repetitions}"
    );
    assert!(
        draws_in_reach >= 5,
        "too few searches reaching a repetition draw: {draws_in_reach}"
    );
    eprintln!(
        "decided {decided}, roots that occurred twice {repetitions}, searched to 4+ plies {draws_in_reach}"
    );
}
