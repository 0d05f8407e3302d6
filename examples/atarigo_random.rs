//! Times the AtariGo algorithms on the random 5x5 positions (4 to 10
//! stones, nothing captured; `src/games/atarigo/random.rs`), side by side in one run.
//!
//! `cargo run --release --example atarigo_random -- [COUNT] [ALGOS]`: COUNT positions
//! (default 200) of seed `SEED` (default the tests' seed), ALGOS a comma list of `--algo`
//! names (default `id,dfpn,lambda-dfpn,pns,pn2`). Each search is capped by `CAP` seconds
//! (default 10) and `NODES` nodes (default none). Prints one row per position (`ROWS=0`: only
//! the slow ones, over 1 s) and, per algorithm: solved, slowest, median, total time and
//! nodes, and whether every answer agrees with the first algorithm's.
//!
//! Proof-search settings for experiments: `EPS` (the 1+epsilon trick), `WEAK=1` (weak-PNS
//! sums), `INIT=unit`; `ONLY=43,98` runs those positions alone.
//!
//! `cargo run --release --example atarigo_random -- write DIR [COUNT]` writes the positions
//! as puzzle files `DIR/random-NNN.toml` for `plyscope solve` and `plyscope explore`.

use std::time::{Duration, Instant};

use plyscope::games::atarigo::random::RandomSetup;
use plyscope::search::observer::NoTrace;
use plyscope::search::proof::LeafInit;
use plyscope::search::{Algorithm, Limits, SearchConfig, Verdict, solve};

/// The tests' seed (`tests/integration/atarigo_random.rs`).
const SEED: u64 = 0x0019_A7A2_0005;

fn env<T: std::str::FromStr>(name: &str) -> Option<T> {
    std::env::var(name).ok().and_then(|s| s.parse().ok())
}

/// `Some(true)` when the side to move wins, `None` when not decided.
fn wins(verdict: Verdict) -> Option<bool> {
    match verdict {
        Verdict::Win { .. } | Verdict::Proven { .. } | Verdict::WinAtLevel { .. } => Some(true),
        Verdict::Loss { .. } | Verdict::Disproven | Verdict::LossAtLevel { .. } => Some(false),
        _ => None,
    }
}

struct Column {
    algorithm: Algorithm,
    times: Vec<Duration>,
    nodes: u64,
    solved: usize,
    disagree: usize,
    slowest: (Duration, u64),
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let seed = env("SEED").unwrap_or(SEED);
    let setup = RandomSetup::SAMPLE_5X5;
    if args.first().map(String::as_str) == Some("write") {
        let dir = args.get(1).expect("write DIR [COUNT]");
        let count: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(200);
        std::fs::create_dir_all(dir).expect("the directory");
        for i in 0..count {
            let d = setup.draw(seed, i);
            let path = format!("{dir}/random-{i:03}.toml");
            let title = format!("AtariGo 5x5, random position {i} of seed {seed:#x}");
            std::fs::write(&path, d.puzzle_toml(&title)).expect("write");
        }
        println!("wrote {count} puzzles to {dir}");
        return;
    }
    let count: u64 = args.first().and_then(|s| s.parse().ok()).unwrap_or(200);
    let names = args
        .get(1)
        .cloned()
        .unwrap_or_else(|| "id,dfpn,lambda-dfpn,pns,pn2".to_string());
    let cap = Duration::from_secs_f64(env("CAP").unwrap_or(10.0));
    let nodes: Option<u64> = env("NODES");
    let rows = std::env::var("ROWS").as_deref() != Ok("0");
    let mut columns: Vec<Column> = names
        .split(',')
        .map(|n| Column {
            algorithm: Algorithm::parse(n.trim()).unwrap_or_else(|| panic!("no algorithm {n}")),
            times: Vec::new(),
            nodes: 0,
            solved: 0,
            disagree: 0,
            slowest: (Duration::ZERO, 0),
        })
        .collect();
    let limits = Limits {
        time: Some(cap),
        nodes,
        ..Limits::default()
    };
    let only: Option<Vec<u64>> = std::env::var("ONLY")
        .ok()
        .map(|s| s.split(',').filter_map(|n| n.trim().parse().ok()).collect());
    for i in 0..count {
        if only.as_ref().is_some_and(|o| !o.contains(&i)) {
            continue;
        }
        let d = setup.draw(seed, i);
        let mut reference = None;
        let mut line = format!("{i:3} {}", d.board().replace('\n', "/"));
        let mut slow = false;
        for (k, col) in columns.iter_mut().enumerate() {
            let mut game = d.game().expect("a valid set-up");
            let mut config = SearchConfig::for_algorithm(col.algorithm);
            if let Some(eps) = env("EPS") {
                config.proof.epsilon = eps;
            }
            config.proof.weak = std::env::var("WEAK").as_deref() == Ok("1");
            if std::env::var("INIT").as_deref() == Ok("unit") {
                config.proof.init = LeafInit::Unit;
            }
            let start = Instant::now();
            let r = solve(&mut game, &config, &limits, &mut NoTrace);
            let t = start.elapsed();
            let answer = wins(r.verdict);
            if k == 0 {
                reference = answer;
            } else if answer.is_some() && reference.is_some() && answer != reference {
                col.disagree += 1;
            }
            col.solved += usize::from(answer.is_some());
            col.times.push(t);
            col.nodes += r.stats.nodes;
            if t > col.slowest.0 {
                col.slowest = (t, i);
            }
            slow |= t > Duration::from_secs(1);
            let shown = match answer {
                Some(true) => "win",
                Some(false) => "loss",
                None => "?",
            };
            line.push_str(&format!(
                "  {} {shown} {} {:.3}s",
                col.algorithm.name(),
                r.stats.nodes,
                t.as_secs_f64()
            ));
        }
        if rows || slow {
            println!("{line}");
        }
    }
    println!(
        "\n{count} positions, seed {seed:#x}, cap {:.1} s{}",
        cap.as_secs_f64(),
        nodes.map(|n| format!(", {n} nodes")).unwrap_or_default()
    );
    println!(
        "{:<12} {:>7} {:>9} {:>9} {:>9} {:>13} {:>9}",
        "algorithm", "solved", "slowest", "median", "total", "nodes", "disagree"
    );
    for col in &mut columns {
        col.times.sort();
        if col.times.is_empty() {
            continue;
        }
        let median = col.times[col.times.len() / 2];
        let total: Duration = col.times.iter().sum();
        println!(
            "{:<12} {:>7} {:>8.3}s {:>8.3}s {:>8.2}s {:>13} {:>9}   slowest: #{}",
            col.algorithm.name(),
            format!("{}/{}", col.solved, col.times.len()),
            col.slowest.0.as_secs_f64(),
            median.as_secs_f64(),
            total.as_secs_f64(),
            col.nodes,
            col.disagree,
            col.slowest.1
        );
    }
}
