//! Proof-number family benchmarks with asserted node counts (conventions.md 8: node counts
//! are a signature). Each engine has its own row functions (PNS and PN² here; df-pn and
//! lambda-df-pn add theirs).
//!
//! `cargo bench --bench proof` runs them in release. Before the benches it prints, once, a
//! table of every bundled win/loss/draw puzzle: verdict, nodes and time per algorithm, each
//! run capped at `TABLE_CAP` nodes (`PROOF_TABLE=0` skips it). Each bench first checks the
//! deterministic node count, so a change in behaviour fails here instead of silently
//! changing the timing.

use std::hint::black_box;
use std::time::Instant;

use criterion::{Criterion, criterion_group, criterion_main};

use plyscope::game::StoneGame;
use plyscope::games::any::{AnyGame, GameVisitor};
use plyscope::puzzle;
use plyscope::search::observer::NoTrace;
use plyscope::search::pns::{Pn2Bound, pn2, pns};
use plyscope::search::proof::{Goal, LeafInit, ProofConfig, ProofReport, ProofVerdict};
use plyscope::search::{Limits, SearchGame};

/// Node cap of each run of the table.
const TABLE_CAP: u64 = 20_000_000;

/// The best-first engines of this file.
#[derive(Clone, Copy, Debug)]
enum BestFirst {
    Pns,
    Pn2,
}

/// Runs `engine` with the default settings (one-move look-ahead, no weak counting) for the
/// side to move, draws disproving.
fn run_best_first<G: SearchGame>(game: &G, engine: BestFirst, cap: u64) -> ProofReport<G::Move> {
    run_with_init(game, engine, LeafInit::Mobility, cap)
}

/// Runs `engine` with leaf initialisation `init`.
fn run_with_init<G: SearchGame>(
    game: &G,
    engine: BestFirst,
    init: LeafInit,
    cap: u64,
) -> ProofReport<G::Move> {
    let mut g = game.clone();
    let config = ProofConfig {
        init,
        ..ProofConfig::default()
    };
    let goal = Goal {
        attacker: g.to_move(),
        draw_for_attacker: false,
    };
    let limits = Limits {
        nodes: Some(cap),
        ..Limits::default()
    };
    match engine {
        BestFirst::Pns => pns(&mut g, &config, goal, &limits, &mut NoTrace),
        BestFirst::Pn2 => pn2(
            &mut g,
            &config,
            Pn2Bound::default(),
            goal,
            &limits,
            &mut NoTrace,
        ),
    }
    .expect("win/loss/draw puzzle")
}

fn verdict_word(v: ProofVerdict) -> &'static str {
    match v {
        ProofVerdict::Proven => "proven",
        ProofVerdict::Disproven => "disproven",
        ProofVerdict::Unknown => "unknown",
    }
}

/// One table row per engine and leaf initialisation for a puzzle's position.
fn best_first_rows<G: SearchGame>(name: &str, game: &G) {
    let runs = [
        (BestFirst::Pns, LeafInit::Unit),
        (BestFirst::Pns, LeafInit::Mobility),
        (BestFirst::Pns, LeafInit::Heuristic),
        (BestFirst::Pn2, LeafInit::Mobility),
    ];
    for (engine, init) in runs {
        let start = Instant::now();
        let r = run_with_init(game, engine, init, TABLE_CAP);
        println!(
            "{name:24} {:20} {:10} {:>12} {:>10.3}s  proof {:?} move {:?}",
            format!("{engine:?}/{init:?}").to_lowercase(),
            verdict_word(r.verdict),
            r.stats.nodes,
            start.elapsed().as_secs_f64(),
            r.proof_size,
            r.best_move.map(|m| game.format_move(m)),
        );
    }
}

/// The table of PNS and PN² on every bundled win/loss/draw puzzle.
fn best_first_table() {
    println!("PNS / PN2 by leaf initialisation, 64 MB arena, cap {TABLE_CAP} nodes:");
    for entry in puzzle::bundled() {
        let puzzle = entry.load().expect("bundled puzzle");
        puzzle.position.with_game(Rows(entry.name));
    }
}

/// The table's rows for the stone games; a tree, and the games whose repetition draws
/// depend on the path (which proof tables refuse), have none.
struct Rows<'a>(&'a str);

impl GameVisitor for Rows<'_> {
    type Output = ();
    fn visit<G: AnyGame>(self, _: &G) {}
    fn visit_stones<G: AnyGame + StoneGame>(self, game: &G) {
        best_first_rows(self.0, game);
    }
}

/// A pinned case: puzzle, engine and its node count.
struct Case {
    puzzle: &'static str,
    engine: BestFirst,
    nodes: u64,
}

/// The Hex cases are the root's key since Hex's knowledge reached PNS (issue 18 point 5;
/// before: hex-3x3 PNS 167, hex-4x4 PNS 51,671 and PN² 40,741 nodes); hex-7x7 keeps a Hex
/// tree to measure.
const BEST_FIRST_CASES: [Case; 7] = [
    Case {
        puzzle: "tictactoe",
        engine: BestFirst::Pns,
        nodes: 3_634,
    },
    Case {
        puzzle: "tictactoe",
        engine: BestFirst::Pn2,
        nodes: 3_459,
    },
    Case {
        puzzle: "mnk-4x4-k3",
        engine: BestFirst::Pns,
        nodes: 387,
    },
    Case {
        puzzle: "hex-3x3",
        engine: BestFirst::Pns,
        nodes: 2,
    },
    Case {
        puzzle: "hex-4x4",
        engine: BestFirst::Pns,
        nodes: 2,
    },
    Case {
        puzzle: "hex-4x4",
        engine: BestFirst::Pn2,
        nodes: 2,
    },
    Case {
        puzzle: "hex-7x7",
        engine: BestFirst::Pns,
        nodes: 5_690,
    },
];

fn bench_case<G: SearchGame>(c: &mut Criterion, case: &Case, game: &G) {
    let r = run_best_first(game, case.engine, TABLE_CAP);
    assert_eq!(
        r.stats.nodes, case.nodes,
        "{} {:?}",
        case.puzzle, case.engine
    );
    let id = format!("{:?}/{}", case.engine, case.puzzle).to_lowercase();
    c.bench_function(&id, |b| {
        b.iter(|| black_box(run_best_first(game, case.engine, TABLE_CAP)))
    });
}

fn best_first_benches(c: &mut Criterion) {
    if std::env::var("PROOF_TABLE").as_deref() != Ok("0") {
        best_first_table();
    }
    for case in &BEST_FIRST_CASES {
        let puzzle = puzzle::load(case.puzzle).expect("bundled puzzle");
        puzzle.position.with_game(Bench(c, case));
    }
}

/// One case's benchmark; the cases are stone puzzles.
struct Bench<'a, 'b>(&'a mut Criterion, &'b Case);

impl GameVisitor for Bench<'_, '_> {
    type Output = ();
    fn visit<G: AnyGame>(self, _: &G) {
        unreachable!("stone puzzles only")
    }
    fn visit_stones<G: AnyGame + StoneGame>(self, game: &G) {
        bench_case(self.0, self.1, game);
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = best_first_benches
}
criterion_main!(benches);
