//! Speed of `StoneGame::evs_orders`, the level-0 knowledge lambda search asks for at every
//! node (thesis 000, definition 13 and section 5.2).
//!
//! For each game: 16 middle-game positions reached by random moves that do not end the game
//! (7x7 k=4 after 12 moves; AtariGo 6x6 from the crosscut after 8 more; Hex 4x4 after 6 and
//! 7x7 after 16), then a timed loop asking each position for both players' orders in turn.
//! Prints nanoseconds per call and the mean number of points in `EVS(., 1)`, `EVS(., 2)` and
//! `EVS(., 3)` (how much the orders narrow a zone). Run with
//! `cargo run --release --example evs_speed` (optionally `-- SECONDS` per game).

use std::hint::black_box;
use std::time::{Duration, Instant};

use plyscope::game::{Game, MoveList, NO_REGION, Player, StoneGame};
use plyscope::games::atarigo::AtariGo;
use plyscope::games::hex::Hex;
use plyscope::games::mnk::Mnk;
use plyscope::zobrist::splitmix64;

/// Positions per game.
const POSITIONS: usize = 16;

/// `start` after `moves` random moves, none of which ends the game.
fn middle_game<G: Game>(start: &G, moves: usize, rng: &mut u64) -> G {
    'retry: loop {
        let mut game = start.clone();
        let mut list = MoveList::new();
        for _ in 0..moves {
            game.legal_moves(&mut list);
            let mut tries = 0;
            loop {
                let mv = list.as_slice()[(splitmix64(rng) % list.len() as u64) as usize];
                game.play(mv);
                if game.outcome().is_none() {
                    break;
                }
                game.undo(mv);
                tries += 1;
                if tries > 64 {
                    continue 'retry;
                }
            }
        }
        return game;
    }
}

/// Times `evs_orders` over `positions` for `seconds`; prints one line.
fn measure<G: StoneGame>(name: &str, positions: &[G], seconds: f64) {
    let points = positions[0].num_points();
    let mut orders = vec![0u8; points];
    // Zone sizes, once per position and player.
    let mut within = [0usize; 3];
    for game in positions {
        for player in [Player::Black, Player::White] {
            game.evs_orders(player, &mut orders);
            for (order, count) in within.iter_mut().enumerate() {
                *count += orders
                    .iter()
                    .filter(|&&o| o != NO_REGION && o as usize <= order + 1)
                    .count();
            }
        }
    }
    let per = (2 * positions.len()) as f64;
    let budget = Duration::from_secs_f64(seconds);
    let start = Instant::now();
    let mut calls = 0u64;
    while start.elapsed() < budget {
        for _ in 0..64 {
            for game in positions {
                for player in [Player::Black, Player::White] {
                    game.evs_orders(black_box(player), black_box(&mut orders));
                    calls += 1;
                }
            }
        }
    }
    let ns = start.elapsed().as_nanos() as f64 / calls as f64;
    println!(
        "{name:<24} {ns:>8.0} ns/call   |EVS1| {:>5.1}  |EVS2| {:>5.1}  |EVS3| {:>5.1}  of {points} points",
        within[0] as f64 / per,
        within[1] as f64 / per,
        within[2] as f64 / per,
    );
}

fn main() {
    let seconds: f64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1.0);
    let mut rng = 0x0e75_5eed;

    let start = Mnk::new(7, 7, 4, false).expect("valid size");
    let games: Vec<Mnk> = (0..POSITIONS)
        .map(|_| middle_game(&start, 12, &mut rng))
        .collect();
    measure("m,n,k 7x7 k=4, 12 moves", &games, seconds);

    let crosscut = AtariGo::new(6, 6)
        .expect("valid size")
        .with_stones(
            &[
                (14, Player::Black),
                (15, Player::White),
                (20, Player::White),
                (21, Player::Black),
            ],
            Player::Black,
        )
        .expect("the crosscut");
    let games: Vec<AtariGo> = (0..POSITIONS)
        .map(|_| middle_game(&crosscut, 8, &mut rng))
        .collect();
    measure("AtariGo 6x6 crosscut+8", &games, seconds);

    for (size, moves) in [(4, 6), (7, 16)] {
        let start = Hex::new(size).expect("valid size");
        let games: Vec<Hex> = (0..POSITIONS)
            .map(|_| middle_game(&start, moves, &mut rng))
            .collect();
        measure(
            &format!("Hex {size}x{size}, {moves} moves"),
            &games,
            seconds,
        );
    }
}
