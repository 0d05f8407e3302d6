//! Measures df-pn on the issue-5 targets (release): every Hex opening of a board, m,n,k
//! boards, AtariGo. `cargo run --release --example dfpn_speed -- hex 5` (or `mnk 5 5 4`,
//! `atarigo 5 5`, `hex-root 4`); prints verdict, nodes, time and table hits per position.
//! `hex-ab N` classifies the openings by alpha-beta to the end instead (immediate-win
//! tactics only, no must-play regions): an independent check of the df-pn table on 4x4
//! (on 5x5 it did not finish one opening in 110 s of CPU).
//! Environment: `EPS`, `TT_MB`, `INIT=unit`, `NODES`; `DRAW=attacker` counts draws for the
//! attacker (with Black to move on an empty m,n,k board: "White cannot force a win");
//! `SYM=0` and `CERT=0` turn off df-pn's symmetric keys and can-never-win certificates.

use std::time::Instant;

use plyscope::game::{Game, MoveList};
use plyscope::games::atarigo::AtariGo;
use plyscope::games::hex::Hex;
use plyscope::games::mnk::Mnk;
use plyscope::search::dfpn::{DfpnOptions, Mid, PlainMoves};
use plyscope::search::observer::NoTrace;
use plyscope::search::proof::{Goal, LeafInit, ProofReport};
use plyscope::search::{Algorithm, Limits, SearchConfig, SearchGame, solve as search_solve};

fn options() -> DfpnOptions {
    let eps = std::env::var("EPS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0.0);
    let mb: usize = std::env::var("TT_MB")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(256);
    let init = match std::env::var("INIT").as_deref() {
        Ok("unit") => LeafInit::Unit,
        _ => LeafInit::Mobility,
    };
    DfpnOptions {
        init,
        weak: false,
        epsilon: eps,
        table_bytes: mb << 20,
        threads: 1,
    }
}

fn solve<G: SearchGame>(game: &mut G) -> ProofReport<G::Move> {
    let goal = Goal {
        attacker: game.to_move(),
        draw_for_attacker: std::env::var("DRAW").as_deref() == Ok("attacker"),
    };
    let on = |name: &str| std::env::var(name).as_deref() != Ok("0");
    let nodes = std::env::var("NODES").ok().and_then(|s| s.parse().ok());
    let limits = Limits {
        nodes,
        ..Limits::default()
    };
    let options = options();
    let mut source = PlainMoves::new(options.init)
        .with_symmetry(on("SYM"))
        .with_certificates(on("CERT"));
    Mid::new(&mut source, &mut NoTrace, &options, goal, &limits).run(game)
}

fn line<G: SearchGame>(label: &str, game: &G, r: &ProofReport<G::Move>) {
    println!(
        "{label:>8} {:?} best {:?} nodes {} hits {}/{} {:.3}s size {:?}",
        r.verdict,
        r.best_move.map(|m| game.format_move(m)),
        r.stats.nodes,
        r.stats.tt_hits,
        r.stats.tt_probes,
        r.stats.elapsed.as_secs_f64(),
        r.proof_size
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let num = |i: usize| {
        args.get(i)
            .and_then(|s| s.parse::<usize>().ok())
            .unwrap_or(5)
    };
    let start = Instant::now();
    let mut total_nodes = 0;
    match args.first().map(String::as_str) {
        Some("hex") => {
            let mut game = Hex::new(num(1)).expect("size");
            let mut moves = MoveList::new();
            game.legal_moves(&mut moves);
            for &mv in moves.iter() {
                game.play(mv);
                let r = solve(&mut game);
                // White to move after the opening: proven = White wins the opening.
                line(&game.format_move(mv), &game, &r);
                total_nodes += r.stats.nodes;
                game.undo(mv);
            }
        }
        Some("hex-ab") => {
            let mut game = Hex::new(num(1)).expect("size");
            let mut moves = MoveList::new();
            game.legal_moves(&mut moves);
            let config = SearchConfig {
                tt_mb: 256,
                ..SearchConfig::for_algorithm(Algorithm::AlphaBeta)
            };
            for &mv in moves.iter() {
                game.play(mv);
                let r = search_solve(&mut game, &config, &Limits::default(), &mut NoTrace);
                // White to move: a win of White is a loss of the opening.
                println!(
                    "{:>8} {:?} nodes {}",
                    game.format_move(mv),
                    r.verdict,
                    r.stats.nodes
                );
                total_nodes += r.stats.nodes;
                game.undo(mv);
            }
        }
        Some("hex-root") => {
            let mut game = Hex::new(num(1)).expect("size");
            let r = solve(&mut game);
            line("root", &game, &r);
            total_nodes += r.stats.nodes;
        }
        Some("mnk") => {
            let mut game = Mnk::new(num(1), num(2), num(3), false).expect("board");
            let r = solve(&mut game);
            line("root", &game, &r);
            total_nodes += r.stats.nodes;
        }
        Some("atarigo") => {
            let mut game = AtariGo::new(num(1), num(2)).expect("board");
            let r = solve(&mut game);
            line("root", &game, &r);
            total_nodes += r.stats.nodes;
        }
        _ => eprintln!("usage: dfpn_speed hex N | hex-ab N | hex-root N | mnk M N K | atarigo M N"),
    }
    println!(
        "total nodes {total_nodes} time {:.3}s",
        start.elapsed().as_secs_f64()
    );
}
