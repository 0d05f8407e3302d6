//! Measures play + undo pairs per second for m,n,k and Hex boards (release build):
//! `cargo run --release --example playundo [FILTER]` (FILTER: part of a board label).
//!
//! From a few fixed mid-game positions (random legal moves from a fixed splitmix64 stream),
//! every legal move is played and undone, over and over, for about a second per board.

use std::hint::black_box;
use std::time::{Duration, Instant};

use plyscope::game::{Game, MoveList};
use plyscope::games::hex::Hex;
use plyscope::games::mnk::Mnk;
use plyscope::zobrist::splitmix64;

/// Plays `stones` random legal moves (stopping before a move that would end the game).
fn random_position<G: Game>(mut game: G, stones: usize, seed: u64) -> G {
    let mut state = seed;
    let mut moves = MoveList::new();
    for _ in 0..stones {
        game.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let mv = moves.as_slice()[(splitmix64(&mut state) % moves.len() as u64) as usize];
        game.play(mv);
        if game.outcome().is_some() {
            game.undo(mv);
            break;
        }
    }
    game
}

/// Play + undo pairs per second over positions with 0, a quarter and half the board filled.
fn measure<G: Game>(label: &str, empty: G, points: usize) {
    let mut positions: Vec<G> = [0, points / 4, points / 2]
        .iter()
        .enumerate()
        .map(|(i, &n)| random_position(empty.clone(), n, 0x5eed + i as u64))
        .collect();
    let mut pairs = 0u64;
    let mut sink = 0u64;
    let budget = Duration::from_millis(1000);
    let start = Instant::now();
    let mut moves = MoveList::new();
    while start.elapsed() < budget {
        for game in positions.iter_mut() {
            game.legal_moves(&mut moves);
            for _ in 0..200 {
                for &mv in moves.iter() {
                    game.play(black_box(mv));
                    sink ^= game.key();
                    game.undo(mv);
                }
                pairs += moves.len() as u64;
            }
        }
    }
    let rate = pairs as f64 / start.elapsed().as_secs_f64();
    black_box(sink);
    println!(
        "{label:<14} {:>7.1} million play+undo per second",
        rate / 1e6
    );
}

fn main() {
    // An optional argument keeps only the boards whose label contains it ("7x7", "Hex").
    let filter = std::env::args().nth(1).unwrap_or_default();
    let wanted = |label: &str| label.contains(filter.as_str());
    let boards: [(&str, usize, usize, usize); 3] = [
        ("3x3 k=3", 3, 3, 3),
        ("7x7 k=4", 7, 7, 4),
        ("15x15 k=5", 15, 15, 5),
    ];
    for (label, columns, rows, k) in boards {
        let label = format!("m,n,k {label}");
        if wanted(&label) {
            let game = Mnk::new(columns, rows, k, false).expect("valid m,n,k size");
            measure(&label, game, columns * rows);
        }
    }
    for size in [7, 11] {
        let label = format!("Hex {size}x{size}");
        if wanted(&label) {
            let game = Hex::new(size).expect("valid Hex size");
            measure(&label, game, size * size);
        }
    }
}
