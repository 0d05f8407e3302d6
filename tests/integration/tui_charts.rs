//! The chart pane (issue 20, point 4): the series against what the node pane shows for the
//! root at the same step, nodes per ply against the nodes entered, and snapshots of the
//! pane at 80x24 and 120x40 for a proof search (pn/dn), an alpha-beta search (window,
//! cutoffs per ply) and the split view (both searches' curves on one chart).

use crate::helpers::explorer::{ascii_screen, open, open_puzzle, screen};
use plyscope::puzzle;
use plyscope::search::proof::PN_INFINITY;
use plyscope::search::{Algorithm, WIN};
use plyscope::tui::app::App;
use plyscope::tui::keymap::Action;
use plyscope::view::charts::{ChartBody, ChartKind};

/// Steps spread over the whole record, both ends included.
fn probe_steps(len: usize) -> Vec<usize> {
    let mut steps: Vec<usize> = (0..=40).map(|i| len * i / 40).collect();
    steps.dedup();
    steps
}

/// The y of the line `name` exactly at step `x` (every chart samples its own step; `None`:
/// the line has no point there, its value is infinite or not known yet).
fn exact(chart: &plyscope::view::charts::Chart, name: &str, x: usize) -> Option<f64> {
    let ChartBody::Lines(lines) = &chart.body else {
        return None;
    };
    let line = lines.iter().find(|l| l.name == name)?;
    line.points.iter().find(|p| p.0 == x as f64).map(|p| p.1)
}

/// Nodes per ply add up to the nodes entered, and the nodes line ends at that count.
fn check_node_counts(app: &App) {
    let (entered, deepest) = app.session.tree_so_far();
    let step = app.session.step();
    let ChartBody::Bars(per_ply) = app.session.chart(ChartKind::NodesPerPly, 80).body else {
        panic!("nodes per ply are bars");
    };
    assert_eq!(per_ply.iter().sum::<u64>(), entered as u64, "step {step}");
    if entered > 0 {
        assert_eq!(per_ply.len(), deepest + 1, "step {step}");
    }
    let nodes = app.session.chart(ChartKind::NodesSearched, 80);
    assert_eq!(
        exact(&nodes, "nodes", step),
        Some(entered as f64),
        "step {step}"
    );
}

#[test]
fn proof_numbers_follow_the_node_pane_of_the_root() {
    for algorithm in [Algorithm::Pns, Algorithm::Pn2, Algorithm::DfPn] {
        let (mut app, _rx) = open("tictactoe", Some(algorithm));
        let kinds = app.session.chart_kinds();
        assert_eq!(kinds[0], ChartKind::RootNumbers, "{algorithm}");
        assert!(!kinds.contains(&ChartKind::RootWindow));
        assert!(!kinds.contains(&ChartKind::CutoffsPerPly));
        let len = app.session.len();
        // Forward and back again: the per-ply cursor moves both ways.
        let mut steps = probe_steps(len);
        steps.extend(probe_steps(len).into_iter().rev());
        for step in steps {
            app.session.seek(step);
            check_node_counts(&app);
            let Some(&root) = app.session.roots().last() else {
                continue;
            };
            let numbers = app.session.detail(root).proof.unwrap().numbers;
            let chart = app.session.chart(ChartKind::RootNumbers, 1_000);
            for (name, shown) in [("pn", numbers.map(|n| n.pn)), ("dn", numbers.map(|n| n.dn))] {
                let finite = shown.filter(|&v| v != PN_INFINITY).map(f64::from);
                assert_eq!(
                    exact(&chart, name, step),
                    finite,
                    "{algorithm} {name} at step {step}"
                );
            }
        }
        // The end: tic-tac-toe is a draw, so the win is disproven: dn 0.
        app.session.seek(len);
        let chart = app.session.chart(ChartKind::RootNumbers, 100);
        assert_eq!(exact(&chart, "dn", len), Some(0.0), "{algorithm}");
    }
}

#[test]
fn window_and_value_follow_the_node_pane_of_the_root() {
    for algorithm in [Algorithm::AlphaBeta, Algorithm::IterativeDeepening] {
        let (mut app, _rx) = open("tictactoe", Some(algorithm));
        let kinds = app.session.chart_kinds();
        assert!(kinds.contains(&ChartKind::RootWindow), "{algorithm}");
        assert!(kinds.contains(&ChartKind::CutoffsPerPly), "{algorithm}");
        assert!(!kinds.contains(&ChartKind::RootNumbers));
        let len = app.session.len();
        let mut cut_seen = 0;
        for step in probe_steps(len) {
            app.session.seek(step);
            check_node_counts(&app);
            let Some(&root) = app.session.roots().last() else {
                continue;
            };
            let d = app.session.detail(root);
            let window = d.window.unwrap();
            let chart = app.session.chart(ChartKind::RootWindow, 100_000);
            // Heuristic values only: infinite bounds and wins or losses are not drawn.
            let finite = |v: i32| {
                (v.abs() <= WIN && !plyscope::search::Value(v).is_decisive()).then_some(v as f64)
            };
            let alpha = match d.value {
                Some(v) if v > window.alpha => v.0,
                _ => window.alpha.0,
            };
            assert_eq!(
                exact(&chart, "alpha", step),
                finite(alpha),
                "alpha, step {step}"
            );
            assert_eq!(
                exact(&chart, "beta", step),
                finite(window.beta.0),
                "beta, step {step}"
            );
            assert_eq!(
                exact(&chart, "value", step),
                d.value.and_then(|v| finite(v.0)),
                "value, step {step}"
            );
            // Cutoffs per ply count the cutoffs that skipped a move by the step.
            let ChartBody::Bars(cuts) = app.session.chart(ChartKind::CutoffsPerPly, 80).body else {
                panic!("cutoffs per ply are bars");
            };
            let total: u64 = cuts.iter().sum();
            assert!(total >= cut_seen, "cutoffs only grow with the step");
            cut_seen = total;
        }
        assert!(cut_seen > 0, "{algorithm}: the search cut somewhere");
    }
}

#[test]
fn the_chart_key_toggles_and_cycles() {
    let (mut app, _rx) = open("tictactoe-win", Some(Algorithm::DfPn));
    assert_eq!(app.chart, None);
    app.update(Action::NextChart);
    assert_eq!(app.chart, None, "the next-chart key needs the pane open");
    app.update(Action::ToggleChart);
    assert_eq!(app.chart, Some(0));
    let n = app.session.chart_kinds().len();
    for _ in 0..n {
        app.update(Action::NextChart);
    }
    assert_eq!(app.chart, Some(0), "cycles through {n} charts");
    app.update(Action::ToggleChart);
    assert_eq!(app.chart, None);
}

/// A proof search's pane at its middle step: pn and dn of the root at 80x24, and two charts
/// stacked at 120x40.
#[test]
fn proof_search_chart_at_80x24_and_120x40() {
    let (mut app, _rx) = open("tictactoe", Some(Algorithm::DfPn));
    let middle = app.session.len() / 2;
    app.session.seek(middle);
    app.update(Action::StepForward);
    app.update(Action::ToggleChart);
    let s = screen(&app, 80, 24);
    assert!(s.contains("root pn / dn") && s.contains("step"), "{s}");
    insta::assert_snapshot!("chart_tictactoe_dfpn_80x24", s.clone());
    // The manual shows this screen: it must be what the explorer draws.
    let manual =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/explore.md")).unwrap();
    assert!(manual.contains(&s), "docs/explore.md should show:\n{s}");
    insta::assert_snapshot!("chart_tictactoe_dfpn_120x40", screen(&app, 120, 40));
}

/// Alpha-beta at its middle step: the root's window, then (next chart) nodes searched and
/// nodes per ply, then cutoffs per ply.
#[test]
fn alpha_beta_chart_at_80x24_and_120x40() {
    let (mut app, _rx) = open("tictactoe", Some(Algorithm::AlphaBeta));
    let middle = app.session.len() / 2;
    app.session.seek(middle);
    app.update(Action::StepForward);
    app.update(Action::ToggleChart);
    let s = screen(&app, 80, 24);
    assert!(s.contains("root window") && s.contains("value"), "{s}");
    insta::assert_snapshot!("chart_tictactoe_alphabeta_window_80x24", s);
    let kinds = app.session.chart_kinds();
    let cut = kinds
        .iter()
        .position(|&k| k == ChartKind::CutoffsPerPly)
        .unwrap();
    for _ in 0..cut {
        app.update(Action::NextChart);
    }
    let s = screen(&app, 80, 24);
    assert!(s.contains("cutoffs per ply") && s.contains("ply"), "{s}");
    insta::assert_snapshot!("chart_tictactoe_alphabeta_cutoffs_80x24", s);
    insta::assert_snapshot!(
        "chart_tictactoe_alphabeta_cutoffs_120x40",
        screen(&app, 120, 40)
    );
}

/// The split view: one chart, both searches' curves, named by algorithm.
#[test]
fn split_view_chart_has_both_curves() {
    let p = puzzle::load("tictactoe").unwrap();
    let (mut app, _rx) = open_puzzle(p, Some(Algorithm::DfPn));
    plyscope::tui::app::split::open_with(&mut app, Algorithm::Pns);
    let split = app.split.as_mut().unwrap();
    split.wait_for_search();
    split.pane.progress.nodes_per_second = 0.0;
    // Both at the middle of the longer search (the shorter one may be over by then).
    let middle = app
        .session
        .len()
        .max(app.split.as_ref().unwrap().pane.session.len())
        / 2;
    for _ in 0..middle {
        app.update(Action::StepForward);
    }
    app.update(Action::ToggleChart);
    assert_eq!(app.chart, Some(0));
    let s = screen(&app, 120, 40);
    assert!(s.contains("root pn (both, 1/3"), "{s}");
    assert!(
        s.contains("•• A dfpn  oo B pns"),
        "one legend entry a search:\n{s}"
    );
    insta::assert_snapshot!("chart_split_tictactoe_dfpn_pns_120x40", s);
    // At 80x24 the searches' results and steps stand over the chart, whole.
    let s = screen(&app, 80, 24);
    for header in [
        "▶ A dfpn: disproven, root [∞, 0]",
        "  B pns: disproven, root [∞, 0]",
    ] {
        assert!(s.contains(header), "{header}:\n{s}");
    }
    assert!(s.contains("•• A dfpn  oo B pns"), "{s}");
    insta::assert_snapshot!("chart_split_tictactoe_dfpn_pns_80x24", s);
    // Then the root's dn of both, then nodes searched: one line a search on each.
    app.update(Action::NextChart);
    let s = screen(&app, 80, 24);
    assert!(s.contains("root dn (both, 2/3"), "{s}");
    app.update(Action::NextChart);
    let s = screen(&app, 120, 40);
    assert!(s.contains("nodes searched (both, 3/3"), "{s}");
    assert!(s.contains("•• A dfpn  oo B pns"), "{s}");
    insta::assert_snapshot!("chart_split_tictactoe_dfpn_pns_nodes_120x40", s);
}

/// The split view's charts: one for each line of a line chart both searches have, so that
/// every split chart draws two lines, one a search.
#[test]
fn split_charts_are_one_line_of_each_search() {
    use plyscope::view::charts::SplitChart;
    let proof = ChartKind::for_search(true, false, true);
    let alpha_beta = ChartKind::for_search(false, true, true);
    let titles = |a: &[ChartKind], b: &[ChartKind]| -> Vec<String> {
        SplitChart::list(a, b).iter().map(|c| c.title()).collect()
    };
    assert_eq!(
        titles(&proof, &proof),
        ["root pn", "root dn", "nodes searched", "table hits"]
    );
    assert_eq!(
        titles(&alpha_beta, &alpha_beta),
        [
            "root alpha",
            "root beta",
            "root value",
            "nodes searched",
            "table hits"
        ]
    );
    let no_table = ChartKind::for_search(true, false, false);
    assert_eq!(titles(&no_table, &alpha_beta), ["nodes searched"]);
}

/// Without colour the lines of a chart differ by their markers, which the legend shows: a
/// proof search's pn is drawn with `*`, its dn with `o` under `--ascii`, the window's
/// alpha, beta and value with `*`, `o` and `x`, and the legend stands over the plot, not on it.
#[test]
fn lines_differ_by_marker_and_the_legend_names_them() {
    let (mut app, _rx) = open("tictactoe", Some(Algorithm::DfPn));
    app.session.seek(app.session.len() / 2);
    app.update(Action::ToggleChart);
    let s = ascii_screen(&app, 80, 24);
    let rows: Vec<&str> = s.lines().collect();
    let legend = rows
        .iter()
        .position(|r| r.contains("** pn (0 once proven)"))
        .unwrap();
    assert!(rows[legend + 1].contains("oo dn (0 once disproven)"), "{s}");
    assert!(
        rows[legend + 2].contains("across: step, up: pn/dn; inf not drawn"),
        "{s}"
    );
    // The plot is under them: its rows hold both markers.
    let plot = rows[legend + 3..].join("\n");
    assert!(plot.contains('*') && plot.contains('o'), "{s}");
    let (mut app, _rx) = open("tictactoe", Some(Algorithm::AlphaBeta));
    app.update(Action::StepEnd);
    app.update(Action::ToggleChart);
    let s = ascii_screen(&app, 80, 24);
    // A full-window root's beta stays +inf: the legend says it has nothing to draw,
    // and its alpha, raised to the best child's value, lies wholly under the value's line.
    assert!(s.contains("** alpha: under value"), "{s}");
    assert!(s.contains("oo beta: none finite  xx value"), "{s}");
}

/// Two charts stand one over the other from 40 rows of screen, whatever the Why block takes;
/// one below.
#[test]
fn two_charts_from_forty_rows() {
    let (mut app, _rx) = open("tictactoe", Some(Algorithm::AlphaBeta));
    app.update(Action::ToggleChart);
    for step in [0, 1, app.session.len() / 2, app.session.len()] {
        app.session.seek(step);
        let charts = |h| screen(&app, 120, h).matches("/5").count();
        assert_eq!(charts(40), 2, "step {step}");
        assert_eq!(charts(39), 1, "step {step}");
    }
}

/// The per-ply bars stand under a heading naming the rows and the counts.
#[test]
fn per_ply_bars_have_a_heading() {
    let (mut app, _rx) = open("tictactoe", Some(Algorithm::AlphaBeta));
    app.session.seek(300);
    app.update(Action::ToggleChart);
    let kinds = app.session.chart_kinds();
    let per_ply = kinds
        .iter()
        .position(|&k| k == ChartKind::NodesPerPly)
        .unwrap();
    for _ in 0..per_ply {
        app.update(Action::NextChart);
    }
    let s = screen(&app, 80, 24);
    assert!(s.contains("ply nodes by step 300"), "{s}");
    // The count stands under its heading, right-aligned, before the bar.
    let root = s.lines().find(|l| l.contains("  0 ")).expect(&s);
    assert!(
        root.contains("  0     1 █"),
        "ply 0 holds the root, its count before the bar:\n{s}"
    );
}

/// A lambda search has no root numbers, window or cutoffs to chart; its node counts hold
/// at every probed step, forward and back.
#[test]
fn lambda_search_charts_nodes_only() {
    let (mut app, _rx) = open("mnk-4x4-k4-corners", Some(Algorithm::Lambda));
    let kinds = app.session.chart_kinds();
    assert!(
        !kinds.iter().any(|k| matches!(
            k,
            ChartKind::RootNumbers | ChartKind::RootWindow | ChartKind::CutoffsPerPly
        )),
        "{kinds:?}"
    );
    let len = app.session.len();
    let mut steps = probe_steps(len);
    steps.extend(probe_steps(len).into_iter().rev());
    for step in steps {
        app.session.seek(step);
        check_node_counts(&app);
    }
}

/// `--ascii` holds in the chart pane too: lines, axes and bars of every chart, alone and in
/// the split view, are drawn with ASCII only (`*` dots, `|` `-` `+` axes, `#` bars).
#[test]
fn ascii_mode_draws_every_chart_in_ascii() {
    for (puzzle, algorithm) in [
        ("tictactoe", Algorithm::DfPn),
        ("tictactoe", Algorithm::AlphaBeta),
    ] {
        let (mut app, _rx) = open(puzzle, Some(algorithm));
        app.update(Action::StepEnd);
        app.update(Action::ToggleChart);
        let kinds = app.session.chart_kinds().len();
        let mut drew_a_line = false;
        for _ in 0..kinds {
            for (w, h) in [(80, 24), (120, 40)] {
                let s = ascii_screen(&app, w, h);
                assert!(s.is_ascii(), "{puzzle} {algorithm:?} {w}x{h}:\n{s}");
                drew_a_line |= s.contains('*');
            }
            app.update(Action::NextChart);
        }
        assert!(drew_a_line, "the first line is drawn with '*'");
    }
    let (mut app, _rx) = open("tictactoe", Some(Algorithm::DfPn));
    app.update(Action::ToggleSplit);
    let started = std::time::Instant::now();
    while app
        .split
        .as_ref()
        .is_some_and(|s| !s.pane.session.finished())
    {
        assert!(started.elapsed().as_secs() < 60);
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    app.update(Action::StepEnd);
    app.update(Action::ToggleChart);
    let s = ascii_screen(&app, 120, 40);
    assert!(s.is_ascii(), "{s}");
}

/// Iterative deepening's root window marks where each iteration after the first began: one
/// mark per iteration (8 on tic-tac-toe, the node pane's `iteration 8`), each at the step its
/// root was entered, and the legend names the mark.
#[test]
fn iterative_deepening_marks_each_new_iteration() {
    let (mut app, _rx) = open("tictactoe", Some(Algorithm::IterativeDeepening));
    let end = app.session.len();
    app.session.seek(end);
    let chart = app.session.chart(ChartKind::RootWindow, 200);
    assert_eq!(chart.new_roots.len(), 7, "{:?}", chart.new_roots);
    assert!(chart.new_roots.windows(2).all(|w| w[0] < w[1]));
    assert!(chart.new_roots.iter().all(|&s| s <= end));
    // Halfway, only the iterations begun by then.
    let half = chart.new_roots[3];
    app.session.seek(half);
    let early = app.session.chart(ChartKind::RootWindow, 200);
    assert_eq!(early.new_roots, chart.new_roots[..4]);
    // A single root search has none.
    let (mut ab, _ab_rx) = open("tictactoe", Some(Algorithm::AlphaBeta));
    ab.session.seek(ab.session.len());
    assert!(
        ab.session
            .chart(ChartKind::RootWindow, 200)
            .new_roots
            .is_empty()
    );
    app.session.seek(end);
    app.update(Action::ToggleChart);
    let s = ascii_screen(&app, 80, 24);
    assert!(s.contains(":: new iteration"), "{s}");
}

/// A line breaks where it has no value to draw: iterative deepening's root value is not
/// known from a new iteration's start until its first child returns, and no slope is drawn
/// across those steps.
#[test]
fn a_line_breaks_where_it_has_no_value() {
    let (mut app, _rx) = open("tictactoe", Some(Algorithm::IterativeDeepening));
    app.session.seek(app.session.len());
    let chart = app.session.chart(ChartKind::RootWindow, 10_000);
    let ChartBody::Lines(lines) = &chart.body else {
        panic!("the window is lines");
    };
    let value = lines.iter().find(|l| l.name == "value").unwrap();
    // One run per iteration at least: each new root starts without a value.
    assert!(value.runs.len() >= 8, "{:?}", value.runs);
    for (run, next) in value.runs.iter().zip(value.runs.iter().skip(1)) {
        assert!(run.end <= next.start && !run.is_empty());
        // Between two runs lies a new root's start: the break is where data is missing.
        let (last, first) = (value.points[run.end - 1].0, value.points[next.start].0);
        assert!(
            chart
                .new_roots
                .iter()
                .any(|&s| last < s as f64 && s as f64 <= first),
            "a break from step {last} to {first} with no new root between"
        );
    }
    // Runs cover every point once, in order.
    let covered: usize = value.runs.iter().map(|r| r.len()).sum();
    assert_eq!(covered, value.points.len());
}
