//! Measures df-pn with must-play regions (lambda-df-pn's fallback,
//! `plyscope::search::lambda_dfpn::must_play`) on AtariGo (release):
//! `cargo run --release --example must_play_speed -- 5x5 2` (board: `5x5`, `4x4`, `crosscut`;
//! then the lambda level of the regions). `NODES` caps df-pn's nodes, `TT_MB` sizes the
//! tables (default 256).

use plyscope::game::{Game, Player};
use plyscope::games::atarigo::AtariGo;
use plyscope::search::Limits;
use plyscope::search::lambda_dfpn::must_play::must_play_dfpn;
use plyscope::search::observer::NoTrace;
use plyscope::search::proof::{Goal, ProofConfig};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let board = args.first().map_or("5x5", String::as_str);
    let level: u8 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(2);
    let mut game = match board {
        "4x4" => AtariGo::new(4, 4).unwrap(),
        "crosscut" => {
            let stones = [
                (14, Player::Black),
                (21, Player::Black),
                (15, Player::White),
                (20, Player::White),
            ];
            AtariGo::new(6, 6)
                .unwrap()
                .with_stones(&stones, Player::Black)
                .unwrap()
        }
        _ => AtariGo::new(5, 5).unwrap(),
    };
    let nodes = std::env::var("NODES").ok().and_then(|s| s.parse().ok());
    let tt_mb = std::env::var("TT_MB")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(256);
    let config = ProofConfig {
        tt_mb,
        ..ProofConfig::default()
    };
    let goal = Goal {
        attacker: game.to_move(),
        draw_for_attacker: false,
    };
    let limits = Limits {
        nodes,
        ..Limits::default()
    };
    let run = must_play_dfpn(&mut game, &config, level, goal, &limits, &mut NoTrace);
    let r = &run.report;
    println!(
        "{board} level {level}: {:?} best {:?} nodes {} (df-pn {}, lambda {}) {:.3}s size {:?} {:?}",
        r.verdict,
        r.best_move.map(|m| game.format_move(m)),
        r.stats.nodes,
        run.dfpn_nodes,
        run.counters.lambda_nodes,
        r.stats.elapsed.as_secs_f64(),
        r.proof_size,
        run.counters
    );
}
