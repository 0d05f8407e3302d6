//! Iterative deepening on the AtariGo 6x6 crosscut, iteration by iteration (release):
//! `cargo run --release --example id_crosscut -- [without...]`, each argument an
//! enhancement's name (`plyscope solve --without NAME`) to turn off.

use plyscope::game::point_name;
use plyscope::puzzle::Position;
use plyscope::search::config::Enhancement;
use plyscope::search::deepening::iterative_deepening;
use plyscope::search::observer::NoTrace;
use plyscope::search::{Limits, SearchConfig};

fn main() {
    let mut config = SearchConfig::default();
    for name in std::env::args().skip(1) {
        let e = Enhancement::from_name(&name).unwrap_or_else(|| panic!("no enhancement {name}"));
        config = config.without(e);
    }
    let puzzle = plyscope::puzzle::load("atarigo-6x6-crosscut").expect("bundled");
    let Position::AtariGo(mut game) = puzzle.position else {
        unreachable!("the crosscut is an AtariGo puzzle")
    };
    let r = iterative_deepening(
        &mut game,
        &config,
        &Limits::default(),
        &mut NoTrace,
        |rep| {
            println!(
                "depth {:2}  value {:>7}  nodes {:>10}  total {:>11}  {:6.2} s  best {}",
                rep.depth,
                rep.value.to_string(),
                rep.nodes,
                rep.total_nodes,
                rep.elapsed.as_secs_f64(),
                rep.best_move.map_or("-".into(), |m| point_name(m, 6)),
            );
        },
    );
    let pv: Vec<String> = r.pv.iter().map(|&m| point_name(m, 6)).collect();
    println!(
        "{} after {} nodes in {:.2} s ({:.0} nodes/s); pv {}",
        r.verdict,
        r.stats.nodes,
        r.stats.elapsed.as_secs_f64(),
        r.stats.nodes_per_second(),
        pv.join(" ")
    );
}
