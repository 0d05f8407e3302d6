//! Czech checkers speed (release build): `cargo run --release --example dama_speed`.
//!
//! 1. play + undo pairs per second, every legal move of a few fixed positions (the start,
//!    mid-games from a fixed splitmix64 stream, a king ending), over and over for a second;
//! 2. perft 7 from the start (179,740 leaves, pinned in `tests/integration/dama_rules.rs`): nodes
//!    (every position generated) and leaves per second;
//! 3. alpha-beta with Kühr's example 2.5 evaluation: iterative deepening (table,
//!    ordering) to depth 13 from the start and a mid-game position, 11 in a king ending, nodes
//!    per second (the 64 MiB table is cleared once per search, which small searches feel).
//!
//! Node counts are deterministic; times are not (report them as ratios within one run).

use std::hint::black_box;
use std::time::{Duration, Instant};

use plyscope::game::{Game, MoveList, Player, Point};
use plyscope::games::dama::{Dama, Piece};
use plyscope::search::observer::NoTrace;
use plyscope::search::{Algorithm, Limits, SearchConfig, solve};
use plyscope::zobrist::splitmix64;

/// `plies` random legal moves from the start (stopping before the game ends).
fn mid_game(plies: usize, seed: u64) -> Dama {
    let mut game = Dama::new();
    let mut state = seed;
    let mut moves = MoveList::new();
    for _ in 0..plies {
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

fn king_ending() -> Dama {
    let pieces: [(Point, Piece); 5] = [
        (2, Piece::King(Player::White)),
        (20, Piece::King(Player::White)),
        (11, Piece::Man(Player::White)),
        (45, Piece::King(Player::Black)),
        (54, Piece::Man(Player::Black)),
    ];
    Dama::with_pieces(&pieces, Player::White).expect("a valid ending")
}

fn play_undo() {
    let mut positions = [Dama::new(), mid_game(12, 1), mid_game(24, 2), king_ending()];
    let mut pairs = 0u64;
    let mut generated = 0u64;
    let mut sink = 0u64;
    let start = Instant::now();
    let mut moves = MoveList::new();
    while start.elapsed() < Duration::from_millis(1000) {
        for game in positions.iter_mut() {
            game.legal_moves(&mut moves);
            generated += 1;
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
    let seconds = start.elapsed().as_secs_f64();
    black_box((sink, generated));
    println!(
        "play+undo      {:>7.1} million pairs per second",
        pairs as f64 / seconds / 1e6
    );
}

/// Perft that also counts inner nodes.
fn perft_nodes(game: &mut Dama, depth: u32, nodes: &mut u64) -> u64 {
    *nodes += 1;
    if depth == 0 {
        return 1;
    }
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    let mut leaves = 0;
    for &mv in moves.iter() {
        game.play(mv);
        leaves += perft_nodes(game, depth - 1, nodes);
        game.undo(mv);
    }
    leaves
}

fn perft_speed() {
    let mut game = Dama::new();
    let mut nodes = 0;
    let start = Instant::now();
    let leaves = perft_nodes(&mut game, 7, &mut nodes);
    let seconds = start.elapsed().as_secs_f64();
    assert_eq!(leaves, 179_740, "perft 7 from the start");
    println!(
        "perft 7        {leaves} leaves, {nodes} nodes in {seconds:.3} s: {:.1} million nodes per second",
        nodes as f64 / seconds / 1e6
    );
}

fn alpha_beta(label: &str, mut game: Dama, depth: u32) {
    let config = SearchConfig::for_algorithm(Algorithm::IterativeDeepening);
    let limits = Limits {
        max_depth: Some(depth),
        ..Limits::default()
    };
    let r = solve(&mut game, &config, &limits, &mut NoTrace);
    let best = r.best_move.map(|m| game.format_move(m)).unwrap_or_default();
    println!(
        "id depth {depth} {label:<10} {} nodes in {:.3} s: {:.2} million nodes per second (value {}, best {best})",
        r.stats.nodes,
        r.stats.elapsed.as_secs_f64(),
        r.stats.nodes_per_second() / 1e6,
        r.value
    );
}

pub fn main() {
    play_undo();
    perft_speed();
    alpha_beta("start", Dama::new(), 13);
    alpha_beta("mid-game", mid_game(24, 2), 13);
    alpha_beta("ending", king_ending(), 11);
}
