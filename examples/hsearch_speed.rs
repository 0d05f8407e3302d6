//! Measures Hex H-search (`src/games/hex/hsearch.rs`) through the knowledge the solvers ask
//! for: `must_play` (the opponent's connections) and `winning_key` (the mover's), both
//! players at every position (release):
//! `cargo run --release --example hsearch_speed -- 6 8 2000` (board side, stones, count).
//!
//! 1. **Random positions**: `count` unrelated positions of `stones` random stones, each
//!    searched from scratch (nothing to start from).
//! 2. **Lines of play**: random walks as a search makes them (a move down, or back up one
//!    move a third of the time, from the empty board between `stones - 4` and `stones + 4` stones),
//!    `count` positions, measured twice on the same walk: from scratch at every position
//!    ([`HsearchMode::Scratch`]) and incrementally from the previous one
//!    ([`HsearchMode::Incremental`], what the solvers use).
//!
//! Prints microseconds per position and how often each answer was found.

use std::time::Instant;

use plyscope::game::{Game, MoveList, Point, Tactics};
use plyscope::games::hex::{Hex, HsearchMode, set_hsearch_mode};

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|s| s.parse().ok())
        .collect();
    let size = args.first().copied().unwrap_or(6);
    let stones = args.get(1).copied().unwrap_or(8);
    let positions = args.get(2).copied().unwrap_or(2000);
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut games = Vec::new();
    let mut moves = MoveList::new();
    while games.len() < positions {
        let mut g = Hex::new(size).expect("size");
        for _ in 0..stones {
            g.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let p = moves.as_slice()[(next() % moves.len() as u64) as usize];
            g.play(p);
        }
        if g.outcome().is_none() {
            games.push(g);
        }
    }
    set_hsearch_mode(HsearchMode::Scratch);
    let (micros, summary) = measure(&games);
    println!(
        "{size}x{size}, {stones} stones, {} random positions, from scratch: {micros:.1} us each (both players); {summary}",
        games.len()
    );

    // A walk down and up, as a search walks its tree.
    let mut walk = Vec::with_capacity(positions);
    let mut depths = Vec::with_capacity(positions);
    let mut g = Hex::new(size).expect("size");
    let mut played: Vec<Point> = Vec::new();
    while walk.len() < positions {
        let back = !played.is_empty()
            && (g.outcome().is_some() || played.len() >= stones + 4 || next().is_multiple_of(3));
        if back {
            let p = played.pop().expect("not empty");
            g.undo(p);
        } else {
            g.legal_moves(&mut moves);
            let p = moves.as_slice()[(next() % moves.len() as u64) as usize];
            g.play(p);
            played.push(p);
        }
        if g.outcome().is_none() && played.len() >= stones.saturating_sub(4) {
            walk.push(g.clone());
            depths.push(played.len());
        }
    }
    let mean = depths.iter().sum::<usize>() as f64 / walk.len() as f64;
    let mut scratch = 0.0;
    for mode in [HsearchMode::Scratch, HsearchMode::Incremental] {
        set_hsearch_mode(mode);
        let (micros, summary) = measure(&walk);
        let ratio = if mode == HsearchMode::Scratch {
            scratch = micros;
            String::new()
        } else {
            format!(" ({:.2}x faster)", scratch / micros)
        };
        println!(
            "{size}x{size}, a line of {} positions ({mean:.1} stones on average), {mode:?}: {micros:.1} us each{ratio}; {summary}",
            walk.len()
        );
    }
}

/// Microseconds per position for both players' knowledge, and what was found.
fn measure(games: &[Hex]) -> (f64, String) {
    let (mut lost, mut won, mut region_cells) = (0, 0, 0);
    let start = Instant::now();
    for g in games {
        let mut region = MoveList::new();
        if g.must_play(&mut region) && region.is_empty() {
            lost += 1;
        }
        region_cells += region.len();
        if g.winning_key().is_some() {
            won += 1;
        }
    }
    let micros = start.elapsed().as_secs_f64() * 1e6 / games.len() as f64;
    let summary = format!(
        "mover lost {lost}, mover won {won}, mean must-play {:.1} cells",
        region_cells as f64 / games.len() as f64
    );
    (micros, summary)
}
