//! Iterative deepening on the AtariGo 6x6 crosscut, iteration by iteration (release):
//! `cargo run --release --example id_crosscut -- [without...]`, each argument an
//! enhancement's name (`plyscope solve --without NAME`) to turn off.

use plyscope::game::{Player, parse_point, point_name};
use plyscope::games::atarigo::AtariGo;
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
    let p = |s: &str| parse_point(s, 6, 6).unwrap();
    let mut game = AtariGo::new(6, 6)
        .unwrap()
        .with_stones(
            &[
                (p("c3"), Player::Black),
                (p("d4"), Player::Black),
                (p("d3"), Player::White),
                (p("c4"), Player::White),
            ],
            Player::Black,
        )
        .unwrap();
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
