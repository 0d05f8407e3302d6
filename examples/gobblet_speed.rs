//! Gobblet measurements (release): play+undo per second, alpha-beta nodes per second with
//! each evaluation of Kotrč, *Gobblet analysed with AI methods*, and the Gobblet Gobblers start
//! solved to its 13-ply win.
//!
//! `cargo run --release --example gobblet_speed` (all three), or with an argument:
//! `playundo`, `eval`, `gobblers`. Node counts are deterministic; times are not.

use std::time::Instant;

use plyscope::game::{Game, MoveList, perft};
use plyscope::games::gobblet::{Evaluation, Gobblet, Variant};
use plyscope::search::observer::NoTrace;
use plyscope::search::{Algorithm, Limits, SearchConfig, solve};

fn playundo() {
    for variant in [Variant::Gobblet, Variant::Gobblers] {
        let mut g = Gobblet::new(variant);
        // A middle-game position: a fixed line of moves (the first legal move each time
        // would stay in a corner; take every seventh).
        let mut moves = MoveList::new();
        for i in 0..4 {
            g.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let m = moves.as_slice()[(i * 7) % moves.len()];
            g.play(m);
        }
        let depth = if variant == Variant::Gobblet { 4 } else { 5 };
        let start = Instant::now();
        let leaves = perft(&mut g, depth);
        let perft_secs = start.elapsed().as_secs_f64();
        // Play and undo every legal move of this position, many times.
        g.legal_moves(&mut moves);
        let rounds = 200_000;
        let start = Instant::now();
        for _ in 0..rounds {
            for &m in moves.iter() {
                g.play(m);
                g.undo(m);
            }
        }
        let secs = start.elapsed().as_secs_f64();
        let pairs = rounds as f64 * moves.len() as f64;
        println!(
            "{:<8} play+undo {:.1} M pairs/s ({} moves x {rounds});  perft({depth}) = {leaves} in {perft_secs:.3}s",
            variant.name(),
            pairs / secs / 1e6,
            moves.len()
        );
    }
}

fn eval_speed() {
    let configs = [
        // Depth 6: depth 4 is a few thousand nodes, too short to time.
        (
            "plain (no table, generator order)",
            SearchConfig::plain(Algorithm::AlphaBeta),
            6,
        ),
        (
            "full (table 16 MB, 1-ply eval ordering, killers, history)",
            SearchConfig {
                tt_mb: 16,
                ..SearchConfig::for_algorithm(Algorithm::AlphaBetaSoft)
            },
            6,
        ),
    ];
    for (label, config, depth) in configs {
        for evaluation in Evaluation::ALL {
            let mut g = Gobblet::new(Variant::Gobblet);
            g.set_evaluation(evaluation);
            let limits = Limits {
                max_depth: Some(depth),
                ..Limits::default()
            };
            let start = Instant::now();
            let r = solve(&mut g, &config, &limits, &mut NoTrace);
            let secs = start.elapsed().as_secs_f64();
            println!(
                "gobblet start, alpha-beta {label} depth {depth}, {:<8}: value {:>6}  nodes {:>9}  {secs:.3}s  {:.3} M nodes/s",
                evaluation.name(),
                r.value.0,
                r.stats.nodes,
                r.stats.nodes as f64 / secs / 1e6
            );
        }
    }
}

fn gobblers() {
    let mut g = Gobblet::new(Variant::Gobblers);
    let config = SearchConfig::for_algorithm(Algorithm::IterativeDeepening);
    let limits = Limits {
        max_depth: Some(13),
        ..Limits::default()
    };
    let start = Instant::now();
    let r = solve(&mut g, &config, &limits, &mut NoTrace);
    let secs = start.elapsed().as_secs_f64();
    println!(
        "gobblers start, id to depth 13: {:?} value {} ({:?} plies)  best {}  nodes {}  {secs:.2}s",
        r.verdict,
        r.value.0,
        r.value.plies_to_end(),
        r.best_move.map(|m| g.format_move(m)).unwrap_or_default(),
        r.stats.nodes
    );
}

pub fn main() {
    let what = std::env::args().nth(1).unwrap_or_default();
    if what.is_empty() || what == "playundo" {
        playundo();
    }
    if what.is_empty() || what == "eval" {
        eval_speed();
    }
    if what.is_empty() || what == "gobblers" {
        gobblers();
    }
}
