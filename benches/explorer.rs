//! Explorer benches (issue 3, "Performance"): drawing one frame of the explorer over a trace
//! of a million nodes (the AtariGo 6x6 crosscut under iterative deepening, stopped at a
//! million nodes), at 120x40 into ratatui's `TestBackend`, with the selection deep in the
//! tree; and one step forward then back, drawn. The same for the crosscut's dual-lambda search
//! at level 3 (issue 4, item 7), stopped at 200,000 engine nodes: a frame in the middle with
//! the D-zone overlay, and the root at the end with every root move's level. The chart pane
//! over the million-node trace at the same step (`explorer/draw_chart_1M_*`, issue 20
//! point 4). Run with `cargo bench --bench explorer` (`-- chart` for the charts alone, with
//! the frame they are compared with: `-- 'chart|draw_frame_1M_nodes_middle'`).

use std::hint::black_box;
use std::sync::mpsc::channel;

use criterion::Criterion;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

use plyscope::puzzle;
use plyscope::run::spec::SearchSpec;
use plyscope::search::Algorithm;
use plyscope::theme::{ColorLevel, GlyphSet, Theme};
use plyscope::trace::store::MAX_EVENTS;
use plyscope::tui::app::App;
use plyscope::tui::keymap::{Action, Keymap};
use plyscope::tui::ui;

const NODES: u64 = 1_000_000;

fn big_app() -> App {
    let puzzle = puzzle::load("atarigo-6x6-crosscut").unwrap();
    let mut spec = SearchSpec::for_puzzle(&puzzle, Some(Algorithm::IterativeDeepening), MAX_EVENTS);
    spec.limits.nodes = Some(NODES);
    spec.limits.max_depth = None;
    let (tx, rx) = channel();
    let mut app = App::with_spec(puzzle, None, spec, Keymap::bundled().unwrap(), tx);
    app.wait_for_search(&rx);
    app.update(Action::StepEnd);
    eprintln!(
        "trace: {} events, {} iteration roots",
        app.session.len(),
        app.session.roots().len()
    );
    app
}

/// The crosscut's dual-lambda search, stopped at 200k engine nodes, fully recorded.
fn lambda_app() -> App {
    let puzzle = puzzle::load("atarigo-6x6-crosscut").unwrap();
    let mut spec = SearchSpec::for_puzzle(&puzzle, Some(Algorithm::DualLambda), MAX_EVENTS);
    spec.config.lambda.max_level = 3;
    spec.limits.nodes = Some(200_000);
    let (tx, rx) = channel();
    let mut app = App::with_spec(puzzle, None, spec, Keymap::bundled().unwrap(), tx);
    app.wait_for_search(&rx);
    eprintln!("lambda trace: {} events", app.session.len());
    app
}

fn lambda_benches(c: &mut Criterion) {
    let mut app = lambda_app();
    let theme = Theme::bundled("default", ColorLevel::Ansi16, GlyphSet::Unicode).unwrap();
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).unwrap();
    let middle = app.session.len() / 2;
    app.session.seek(middle);
    app.update(Action::StepNextNode);
    app.update(Action::SwitchZone);
    c.bench_function("explorer/lambda_draw_frame_middle_d_zone", |b| {
        b.iter(|| {
            terminal
                .draw(|f| ui::render(f, black_box(&app), &theme))
                .unwrap();
        })
    });
    app.update(Action::StepEnd);
    app.selected = app.session.roots().first().copied();
    c.bench_function("explorer/lambda_draw_frame_root_levels", |b| {
        b.iter(|| {
            terminal
                .draw(|f| ui::render(f, black_box(&app), &theme))
                .unwrap();
        })
    });
    app.session.seek(middle);
    c.bench_function("explorer/lambda_step_forward_back_and_draw", |b| {
        b.iter(|| {
            app.update(Action::StepForward);
            app.update(Action::StepBack);
            terminal
                .draw(|f| ui::render(f, black_box(&app), &theme))
                .unwrap();
        })
    });
}

fn benches(c: &mut Criterion) {
    let mut app = big_app();
    let theme = Theme::bundled("default", ColorLevel::Ansi16, GlyphSet::Unicode).unwrap();
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).unwrap();
    let middle = app.session.len() / 2;
    app.session.seek(middle);
    app.update(Action::StepNextNode);

    c.bench_function("explorer/draw_frame_1M_nodes_middle", |b| {
        b.iter(|| {
            terminal
                .draw(|f| ui::render(f, black_box(&app), &theme))
                .unwrap();
        })
    });

    // The chart pane at the same step (issue 20, point 4): at 120x40 two charts stacked, the
    // root's window and nodes searched, then nodes and cutoffs per ply; then one step
    // forward and back with the pane shown (the per-ply counts move with the step).
    // Opening the pane reads the whole record once (then every frame is sampled): the key
    // and the first frame are timed and printed, not benched (a fresh session per
    // iteration would re-run the search).
    let start = std::time::Instant::now();
    app.update(Action::ToggleChart);
    terminal
        .draw(|f| ui::render(f, black_box(&app), &theme))
        .unwrap();
    eprintln!(
        "chart key and first frame (scans {} events): {:?}",
        app.session.len(),
        start.elapsed()
    );
    c.bench_function("explorer/draw_chart_1M_window_and_nodes_middle", |b| {
        b.iter(|| {
            terminal
                .draw(|f| ui::render(f, black_box(&app), &theme))
                .unwrap();
        })
    });
    app.update(Action::NextChart);
    app.update(Action::NextChart);
    // The per-ply counts start at step 0 and move to the step once: printed, as above.
    let start = std::time::Instant::now();
    terminal
        .draw(|f| ui::render(f, black_box(&app), &theme))
        .unwrap();
    eprintln!(
        "first per-ply chart frame (counts to step {}): {:?}",
        app.session.step(),
        start.elapsed()
    );
    c.bench_function("explorer/draw_chart_1M_per_ply_middle", |b| {
        b.iter(|| {
            terminal
                .draw(|f| ui::render(f, black_box(&app), &theme))
                .unwrap();
        })
    });
    c.bench_function("explorer/draw_chart_1M_step_forward_back", |b| {
        b.iter(|| {
            app.update(Action::StepForward);
            app.update(Action::StepBack);
            terminal
                .draw(|f| ui::render(f, black_box(&app), &theme))
                .unwrap();
        })
    });
    app.update(Action::ToggleChart);

    app.update(Action::StepEnd);
    app.update(Action::JumpPv);
    c.bench_function("explorer/draw_frame_1M_nodes_end_pv", |b| {
        b.iter(|| {
            terminal
                .draw(|f| ui::render(f, black_box(&app), &theme))
                .unwrap();
        })
    });

    app.session.seek(middle);
    c.bench_function("explorer/step_forward_back_and_draw", |b| {
        b.iter(|| {
            app.update(Action::StepForward);
            app.update(Action::StepBack);
            terminal
                .draw(|f| ui::render(f, black_box(&app), &theme))
                .unwrap();
        })
    });
}

fn main() {
    let mut c = Criterion::default()
        .sample_size(20)
        .measurement_time(std::time::Duration::from_secs(3))
        .warm_up_time(std::time::Duration::from_secs(1))
        .configure_from_args();
    benches(&mut c);
    lambda_benches(&mut c);
    c.final_summary();
}
