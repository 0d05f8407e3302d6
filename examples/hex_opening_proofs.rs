//! Builds and verifies a proof for every winning opening of a bundled Hex puzzle (the
//! proofs of the empty 6x6 board and of every winning 6x6 opening should verify in under a
//! minute and 2 GB each), printing per opening the proof's size, the derivation
//! steps checked and the times.
//!
//! `cargo run --release --example hex_opening_proofs -- hex-6x6 [MAX_POSITIONS]`
//!
//! The root classification (`--root`) names the winning openings; each proof starts with
//! that opening (`ExtractOptions::root_move`, the CLI's `solve --proof-move`) and is
//! verified from its JSON text, as `plyscope verify` does.

use std::time::Instant;

use plyscope::proof_tree::ExtractOptions;
use plyscope::proof_tree::extract::extract;
use plyscope::puzzle::find_bundled;
use plyscope::run::solve::solve_puzzle;
use plyscope::run::spec::SearchSpec;
use plyscope::search::Algorithm;
use plyscope::verify::verify_text;

fn main() {
    let name = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "hex-6x6".to_string());
    // Most positions of one proof (a bound on memory: a position of a Hex 6x6 proof with
    // derivations takes about 4 KB while it is built).
    let max_positions: usize = std::env::args()
        .nth(2)
        .map_or(200_000, |n| n.parse().expect("a number of positions"));
    let bundled = find_bundled(&name).unwrap_or_else(|| panic!("no bundled puzzle {name}"));
    let puzzle = bundled.load().expect("a bundled puzzle loads");
    let mut options = SearchSpec::headless(&puzzle, Algorithm::DfPn);
    options.root_analysis = true;
    // The kept table of each proof's df-pn grows up to this (MiB).
    options.set_table_mb(1024);
    let start = Instant::now();
    let report = solve_puzzle(&puzzle, &options).expect("the solve runs");
    println!(
        "{name}: {} ({} nodes, {:.2} s)",
        report.result,
        report.nodes,
        start.elapsed().as_secs_f64()
    );
    let wins: Vec<String> = report
        .root_moves
        .iter()
        .flatten()
        .filter(|m| m.class == "win")
        .map(|m| m.mv.clone())
        .collect();
    options.root_analysis = false;
    println!("opening  positions  leaves  steps  bytes     build s  verify s");
    let (mut worst_build, mut worst_verify) = (0f64, 0f64);
    for mv in &wins {
        let bounds = ExtractOptions {
            root_move: Some(mv.clone()),
            max_positions,
            ..ExtractOptions::default()
        };
        let start = Instant::now();
        let tree = match extract(&puzzle, bundled.text, &options, &report, &bounds) {
            Ok(extracted) => extracted.tree,
            Err(e) => {
                println!("{mv:<8} no proof within the bound: {e}");
                continue;
            }
        };
        let build = start.elapsed().as_secs_f64();
        let text = tree.to_json();
        let start = Instant::now();
        let verified = verify_text(&text).unwrap_or_else(|e| panic!("{mv}: {e}"));
        let check = start.elapsed().as_secs_f64();
        worst_build = worst_build.max(build);
        worst_verify = worst_verify.max(check);
        println!(
            "{mv:<8} {:>9}  {:>6}  {:>5}  {:>8}  {build:>7.3}  {check:>8.3}",
            verified.positions,
            verified.connection_leaves,
            verified.derivation_steps,
            text.len()
        );
    }
    println!(
        "{} winning openings; slowest build {worst_build:.3} s, slowest verify {worst_verify:.3} s",
        wins.len()
    );
}
