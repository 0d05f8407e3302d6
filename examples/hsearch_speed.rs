//! Measures Hex H-search (`src/games/hex/hsearch.rs`) through the knowledge the solvers ask
//! for: `must_play` (the opponent's connections) and `winning_key` (the mover's), on random
//! positions (release): `cargo run --release --example hsearch_speed -- 6 8 2000` (board
//! side, stones per position, positions). Prints microseconds per position and how often
//! each answer was found.

use std::time::Instant;

use plyscope::game::{Game, MoveList, Tactics};
use plyscope::games::hex::Hex;

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
    let (mut lost, mut won, mut region_cells) = (0, 0, 0);
    let start = Instant::now();
    for g in &games {
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
    println!(
        "{size}x{size}, {stones} stones, {} positions: {micros:.1} us each (both players); mover lost {lost}, mover won {won}, mean must-play {:.1} cells",
        games.len(),
        region_cells as f64 / games.len() as f64
    );
}
