//! Speed of AtariGo play+undo (the rules' hot path).
//!
//! For each board size: random middle-game positions (half of the points filled by random
//! moves that do not end the game), then timed loops over precomputed random empty points of
//! each position:
//! - "pairs": play one move and undo it;
//! - "walks": play 8 random moves in a row (stopping early if the game ends), then undo them
//!   all; counted as play+undo pairs too;
//! - "play+tactics+undo": play one move, ask the side to move for an immediate win and the
//!   opponent for up to two (what alpha-beta's tactics do at every node), undo.
//!
//! Move generation is done before the clock starts. Run with
//! `cargo run --release --example atari_playundo` (optionally `-- SECONDS` per measurement).

use std::hint::black_box;
use std::time::{Duration, Instant};

use plyscope::game::{Game, MoveList, Point, Tactics};
use plyscope::games::atarigo::AtariGo;
use plyscope::zobrist::splitmix64;

/// Random positions per board size.
const POSITIONS: usize = 16;
/// Random moves prepared per position.
const MOVES: usize = 1024;
/// Length of a walk.
const WALK: usize = 8;

/// A random position with `fill` stones in which the game is not over.
fn middle_game(columns: usize, rows: usize, fill: usize, rng: &mut u64) -> AtariGo {
    'retry: loop {
        let mut g = AtariGo::new(columns, rows).expect("valid size");
        let mut list = MoveList::new();
        while g.ply() < fill {
            g.legal_moves(&mut list);
            let mut tries = 0;
            loop {
                let mv = list.as_slice()[(splitmix64(rng) % list.len() as u64) as usize];
                g.play(mv);
                if g.outcome().is_none() {
                    break;
                }
                g.undo(mv);
                tries += 1;
                if tries > 64 {
                    continue 'retry;
                }
            }
        }
        return g;
    }
}

/// Play+undo pairs per second for single moves and for walks on `columns` x `rows`.
fn measure(columns: usize, rows: usize, seconds: f64) -> (f64, f64, f64) {
    let mut rng = 0x5EED ^ (columns * 100 + rows) as u64;
    let mut positions = Vec::new();
    for _ in 0..POSITIONS {
        let g = middle_game(columns, rows, columns * rows / 2, &mut rng);
        let mut list = MoveList::new();
        g.legal_moves(&mut list);
        let moves: Vec<Point> = (0..MOVES)
            .map(|_| list.as_slice()[(splitmix64(&mut rng) % list.len() as u64) as usize])
            .collect();
        positions.push((g, moves));
    }
    let budget = Duration::from_secs_f64(seconds / POSITIONS as f64);

    // Single play+undo pairs.
    let mut pairs = 0u64;
    let mut elapsed = Duration::ZERO;
    for (g, moves) in positions.iter_mut() {
        let start = Instant::now();
        while start.elapsed() < budget {
            for &mv in moves.iter() {
                g.play(black_box(mv));
                black_box(g.outcome());
                g.undo(mv);
            }
            pairs += MOVES as u64;
        }
        elapsed += start.elapsed();
    }
    let pair_rate = pairs as f64 / elapsed.as_secs_f64();

    // Walks: WALK random empty points in a row, then undo them all. The walks are drawn
    // before timing: each is a list of distinct points empty in the position.
    let mut walk_pairs = 0u64;
    let mut elapsed = Duration::ZERO;
    for (g, _) in positions.iter_mut() {
        let mut list = MoveList::new();
        g.legal_moves(&mut list);
        let walks: Vec<[Point; WALK]> = (0..MOVES / WALK)
            .map(|_| {
                let mut pts = list.as_slice().to_vec();
                let mut walk = [0; WALK];
                for slot in walk.iter_mut() {
                    let i = (splitmix64(&mut rng) % pts.len() as u64) as usize;
                    *slot = pts.swap_remove(i);
                }
                walk
            })
            .collect();
        let start = Instant::now();
        while start.elapsed() < budget {
            for walk in walks.iter() {
                let mut played = 0;
                for &mv in walk {
                    g.play(black_box(mv));
                    played += 1;
                    if g.outcome().is_some() {
                        break;
                    }
                }
                for &mv in walk[..played].iter().rev() {
                    g.undo(mv);
                }
                walk_pairs += played as u64;
            }
        }
        elapsed += start.elapsed();
    }
    let walk_rate = walk_pairs as f64 / elapsed.as_secs_f64();

    // The tactics queries alpha-beta makes at every node: an immediate win for the side to
    // move, then up to two immediate wins of the opponent.
    let mut queries = 0u64;
    let mut elapsed = Duration::ZERO;
    let mut wins = MoveList::new();
    for (g, moves) in positions.iter_mut() {
        let start = Instant::now();
        while start.elapsed() < budget {
            for &mv in moves.iter() {
                g.play(mv);
                let me = g.to_move();
                black_box(g.winning_move(me));
                g.winning_moves(me.opponent(), &mut wins, 2);
                black_box(wins.len());
                g.undo(mv);
            }
            queries += MOVES as u64;
        }
        elapsed += start.elapsed();
    }
    let query_rate = queries as f64 / elapsed.as_secs_f64();
    (pair_rate, walk_rate, query_rate)
}

fn main() {
    let seconds: f64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1.0);
    println!("AtariGo play+undo, half-filled random positions ({POSITIONS} per size)");
    println!(
        "{:>7}  {:>18}  {:>18}  {:>22}",
        "board", "pairs/s (1 move)", "pairs/s (walk 8)", "play+tactics+undo/s"
    );
    for (c, r) in [(6, 6), (7, 7), (8, 8), (9, 9), (11, 11), (13, 13), (19, 19)] {
        let (pairs, walks, queries) = measure(c, r, seconds);
        println!(
            "{:>7}  {:>16.1} M  {:>16.1} M  {:>20.1} M",
            format!("{c}x{r}"),
            pairs / 1e6,
            walks / 1e6,
            queries / 1e6
        );
    }
}
