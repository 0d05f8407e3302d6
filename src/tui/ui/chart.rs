//! The chart pane: what the search did up to the step as a picture, drawn with ratatui's own
//! widgets ([`Chart`] with [`Dataset`]s and labelled [`Axis`]es for lines over the steps, a
//! horizontal [`BarChart`] for counts per ply). The data come from the session
//! ([`crate::view::charts`]), sampled to the pane's width (two points a cell: the Braille marker's
//! resolution), so a frame costs the same on a million-event trace.
//!
//! Each line chart names its lines in a legend above the plot (never over it), with the
//! marker each line is drawn with: the lines differ in shape as well as in colour
//! (Braille dots, `•`, `x`; under `--ascii` `*`, `o`, `x`), so they are told apart without
//! colour. A line under the legend says what the axes count and what is not drawn; the axes
//! are labelled at both ends and in the middle. The per-ply bars stand under a heading.
//!
//! The main screen draws it in the tree's place: one chart on a screen below
//! [`TWO_CHARTS_SCREEN_ROWS`] rows, the chosen chart and the next one stacked from there
//! (120x40). The split view draws one line of a chart for both searches, A's and B's, named
//! by letter and algorithm as their headers are ([`render_split`]).

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::symbols::Marker;
use ratatui::text::{Line, Span};
use ratatui::widgets::{
    Axis, Bar, BarChart, BarGroup, Chart as ChartWidget, Dataset, GraphType, Paragraph, Wrap,
};

use crate::theme::{Slot, Theme};
use crate::tui::app::App;
use crate::view::charts::{Chart, ChartBody, ChartKind};

use super::{glyph_text, pane};

/// From this many rows of screen the main screen stacks two charts (each then has at least
/// 11 rows, whatever the Why block under them takes).
pub const TWO_CHARTS_SCREEN_ROWS: u16 = 40;

/// Draws the main screen's chart pane in `area` (the tree's place).
pub fn render(frame: &mut Frame, area: Rect, app: &App, theme: &Theme) {
    render_charts(frame, area, app, theme);
    ascii_only(frame, area, theme);
}

/// With the ASCII glyph set (`--ascii`), the characters ratatui's chart widgets draw that
/// are not ASCII are replaced in `area`: axis and border lines by `|`, `-` and `+`, the
/// lines' Braille dots by `*`, the bars' blocks by `#`; anything else not ASCII by `?`.
fn ascii_only(frame: &mut Frame, area: Rect, theme: &Theme) {
    if theme.glyph_set() != crate::theme::GlyphSet::Ascii {
        return;
    }
    let buffer = frame.buffer_mut();
    for y in area.top()..area.bottom() {
        for x in area.left()..area.right() {
            let cell = &mut buffer[(x, y)];
            let symbol = cell.symbol();
            if symbol.is_ascii() {
                continue;
            }
            let replacement = ascii_for(symbol);
            cell.set_symbol(replacement);
        }
    }
}

/// The ASCII stand-in of a symbol the chart widgets draw.
fn ascii_for(symbol: &str) -> &'static str {
    let Some(c) = symbol.chars().next() else {
        return " ";
    };
    match c {
        '│' | '┃' | '║' | '▕' => "|",
        '─' | '━' | '═' => "-",
        '┌' | '┐' | '└' | '┘' | '├' | '┤' | '┬' | '┴' | '┼' | '╭' | '╮' | '╯' | '╰' => {
            "+"
        }
        '\u{2800}' => " ",
        '\u{2801}'..='\u{28ff}' | '•' | '·' => "*",
        '▏' | '▎' | '▍' | '▌' | '▋' | '▊' | '▉' | '█' | '▀' | '▄' | '▐' | '▇' | '▆' | '▅' | '▃'
        | '▂' | '▁' => "#",
        '…' => ".",
        _ => "?",
    }
}

fn render_charts(frame: &mut Frame, area: Rect, app: &App, theme: &Theme) {
    let kinds = app.session.chart_kinds();
    let first = app.chart.unwrap_or(0) % kinds.len().max(1);
    if frame.area().height >= TWO_CHARTS_SCREEN_ROWS && kinds.len() > 1 {
        let [top, bottom] =
            Layout::vertical([Constraint::Percentage(50), Constraint::Percentage(50)]).areas(area);
        one(frame, top, app, &kinds, first, true, theme);
        one(
            frame,
            bottom,
            app,
            &kinds,
            (first + 1) % kinds.len(),
            false,
            theme,
        );
    } else {
        one(frame, area, app, &kinds, first, true, theme);
    }
}

/// Draws the split view's chart: one line of a chart for both searches
/// ([`crate::view::charts::SplitChart`]),
/// search A's with the first marker and colour, B's with the second.
pub fn render_split(frame: &mut Frame, area: Rect, first: &App, second: &App, theme: &Theme) {
    render_split_chart(frame, area, first, second, theme);
    ascii_only(frame, area, theme);
}

fn render_split_chart(frame: &mut Frame, area: Rect, first: &App, second: &App, theme: &Theme) {
    let charts = crate::tui::app::chart::split_charts(first, second);
    let i = first.chart.unwrap_or(0) % charts.len().max(1);
    let Some(&split) = charts.get(i) else {
        return;
    };
    let points = sample_points(area);
    let searches = [
        ("A", first, first.session.chart(split.kind, points)),
        ("B", second, second.session.chart(split.kind, points)),
    ];
    let mut named = Vec::new();
    let mut range: Option<(f64, f64)> = None;
    for (index, (letter, app, chart)) in searches.iter().enumerate() {
        let ChartBody::Lines(lines) = &chart.body else {
            continue;
        };
        let Some(line) = lines.iter().find(|l| l.name == split.line) else {
            continue;
        };
        for &(_, y) in &line.points {
            range = Some(range.map_or((y, y), |(lo, hi)| (lo.min(y), hi.max(y))));
        }
        named.push(Named {
            name: format!("{letter} {}", app.spec.config.algorithm.name()),
            style: theme.style(SEARCH_SLOTS[index]),
            index,
            points: line.points.as_slice(),
            runs: line.runs.as_slice(),
        });
    }
    let step = searches.iter().map(|(_, _, c)| c.step).max().unwrap_or(0);
    let title = format!(
        " {} (both, {}/{}, {} next) ",
        split.title(),
        i + 1,
        charts.len(),
        key_of(first, crate::tui::keymap::Action::NextChart)
    );
    let y_label = match split.kind {
        ChartKind::RootNumbers | ChartKind::RootWindow => split.line,
        kind => kind.y_label(),
    };
    lines(
        frame,
        area,
        theme,
        &Plot {
            title: &title,
            kind: split.kind,
            x_label: split.kind.x_label(),
            y_label,
            note: note(split.kind),
            step,
            range,
            new_roots: &[],
        },
        named,
    );
}

/// The mark of the step where a new root search began (ASCII in either glyph set).
const NEW_ROOT: char = ':';

/// The colours of the split view's two searches, A and B.
const SEARCH_SLOTS: [Slot; 2] = [Slot::SidePn, Slot::SideDn];

/// Draws the `i`-th chart of `kinds`; `keyed`: its title names the key to the next one (the
/// upper of two stacked charts, or the only one: the key moves both).
fn one(
    frame: &mut Frame,
    area: Rect,
    app: &App,
    kinds: &[ChartKind],
    i: usize,
    keyed: bool,
    theme: &Theme,
) {
    let Some(&kind) = kinds.get(i) else {
        return;
    };
    let chart = app.session.chart(kind, sample_points(area));
    let title = if keyed {
        format!(
            " {} ({}/{}, {} next) ",
            kind.title(),
            i + 1,
            kinds.len(),
            key_of(app, crate::tui::keymap::Action::NextChart)
        )
    } else {
        format!(" {} ({}/{}) ", kind.title(), i + 1, kinds.len())
    };
    match &chart.body {
        ChartBody::Lines(series) => {
            let named = series
                .iter()
                .enumerate()
                .map(|(index, s)| Named {
                    name: legend_name(s.name),
                    style: theme.style(line_slot(s.name)),
                    index,
                    points: s.points.as_slice(),
                    runs: s.runs.as_slice(),
                })
                .collect();
            lines(
                frame,
                area,
                theme,
                &Plot {
                    title: &title,
                    kind,
                    x_label: kind.x_label(),
                    y_label: kind.y_label(),
                    note: note(kind),
                    step: chart.step,
                    range: chart.y_range(),
                    new_roots: &chart.new_roots,
                },
                named,
            );
        }
        ChartBody::Bars(counts) => bars(frame, area, theme, &title, &chart, counts),
    }
}

/// A line to draw: its legend name, its colour, its place among the chart's lines (which
/// picks its marker, [`marker`]), its points and their connected runs.
struct Named<'a> {
    name: String,
    style: Style,
    index: usize,
    points: &'a [(f64, f64)],
    runs: &'a [std::ops::Range<usize>],
}

/// What a line chart says besides its lines.
struct Plot<'a> {
    kind: ChartKind,
    title: &'a str,
    x_label: &'static str,
    y_label: &'static str,
    /// What the chart leaves out.
    note: Option<&'static str>,
    /// The last step drawn (the x axis runs from 0 to it).
    step: usize,
    /// The smallest and largest y (`None`: nothing finite to draw).
    range: Option<(f64, f64)>,
    /// Steps where a new root search began (iterative deepening's iterations), drawn as
    /// dotted vertical lines under the others.
    new_roots: &'a [usize],
}

/// Points a line gets: two a cell of the plot's width (Braille's resolution).
fn sample_points(area: Rect) -> usize {
    (area.width as usize).saturating_sub(2).max(1) * 2
}

/// The marker of a chart's `index`-th line of `count` and the two cells the legend shows of
/// it. A chart of one line is drawn with Braille dots (two points a cell across, four up);
/// the lines of a chart of several differ in shape as well as colour (`•`, `o`, `x`; `*`,
/// `o`, `x` under `--ascii`), so they are told apart without colour, and all have one point
/// a cell, so equal values stand on the same row.
fn marker(index: usize, count: usize, ascii: bool) -> (Marker, &'static str) {
    match (count, index, ascii) {
        (1, _, false) => (Marker::Braille, "⠤⠤"),
        (1, _, true) | (_, 0, true) => (Marker::Custom('*'), "**"),
        (_, 0, false) => (Marker::Dot, "••"),
        (_, 1, _) => (Marker::Custom('o'), "oo"),
        _ => (Marker::Custom('x'), "xx"),
    }
}

/// A line chart over the steps `0..=step`: inside its block, the legend (each line's marker
/// and name) and the axes' meaning with what is not drawn, wrapped to the width, over the
/// plot with labelled axes (both ends and the middle).
fn lines(frame: &mut Frame, area: Rect, theme: &Theme, plot: &Plot<'_>, named: Vec<Named<'_>>) {
    let ascii = theme.glyph_set() == crate::theme::GlyphSet::Ascii;
    let block = pane(plot.title, theme, false);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let width = inner.width.max(1);
    let count = named.len();
    // A line with no point up to the step is named with what it has been instead.
    let only = if plot.note.is_some() {
        "none finite"
    } else {
        "none yet"
    };
    let entries: Vec<Vec<Span<'_>>> = named
        .iter()
        .enumerate()
        .map(|(i, n)| {
            // A line drawn over by a later one with the same points cannot be seen: the
            // legend says which covers it (a full-window root's alpha is its value).
            let under = named[i + 1..]
                .iter()
                .find(|later| !n.points.is_empty() && later.points == n.points);
            let name = if n.points.is_empty() {
                format!(" {}: {only}", n.name)
            } else if let Some(later) = under {
                format!(" {}: under {}", n.name, later.name)
            } else {
                format!(" {}", n.name)
            };
            vec![
                Span::styled(marker(n.index, count, ascii).1, n.style),
                Span::styled(glyph_text(theme, &name), n.style),
            ]
        })
        .collect();
    let mut entries = entries;
    if !plot.new_roots.is_empty() {
        entries.push(vec![Span::styled(
            format!("{NEW_ROOT}{NEW_ROOT} new iteration"),
            theme.style(Slot::Border),
        )]);
    }
    let mut header = legend_rows(entries, width);
    // In words, not "x:"/"y:", which would read as the third line's marker.
    let axes = format!(
        "across: {}, up: {}{}",
        plot.x_label,
        plot.y_label,
        plot.note.map_or(String::new(), |n| format!("; {n}"))
    );
    let text = theme.style(Slot::Text);
    // The plot keeps at least five rows: the note gives way first, then the legend.
    let mut note_rows: Vec<Line<'_>> = super::lesson::wrap(&super::glyph_text(theme, &axes), width)
        .into_iter()
        .map(|l| Line::from(Span::styled(l, text)))
        .collect();
    let room = inner.height.saturating_sub(5) as usize;
    if header.len() + note_rows.len() > room {
        note_rows.clear();
    }
    header.truncate(room);
    header.extend(note_rows);
    let [header_area, plot_area] =
        Layout::vertical([Constraint::Length(header.len() as u16), Constraint::Min(0)])
            .areas(inner);
    frame.render_widget(Paragraph::new(header), header_area);
    let Some((lo, hi)) = plot.range else {
        let text = format!(
            "nothing to draw up to step {}: no finite {} so far",
            plot.step, plot.y_label
        );
        frame.render_widget(
            Paragraph::new(Span::styled(text, theme.style(Slot::Text))).wrap(Wrap { trim: true }),
            plot_area,
        );
        return;
    };
    let (lo, hi) = y_bounds(lo, hi, plot.kind != ChartKind::RootWindow);
    let label = |s: String| Span::styled(s, theme.style(Slot::SideLabel));
    let x_max = plot.step.max(1) as f64;
    // The middle of the steps is labelled from two steps on (0, 1, 1 says nothing).
    let x_labels = if plot.step >= 2 {
        vec![
            label("0".into()),
            label(compact(x_max / 2.0)),
            label(compact(x_max)),
        ]
    } else {
        vec![label("0".into()), label(compact(x_max))]
    };
    // A new root search's step as a vertical line from the bottom to the top, first, so
    // that the lines are drawn over it.
    let verticals: Vec<[(f64, f64); 2]> = plot
        .new_roots
        .iter()
        .map(|&s| [(s as f64, lo), (s as f64, hi)])
        .collect();
    let datasets = verticals
        .iter()
        .map(|points| {
            Dataset::default()
                .marker(Marker::Custom(NEW_ROOT))
                .graph_type(GraphType::Line)
                .style(theme.style(Slot::Border))
                .data(points)
        })
        // One dataset a connected run: a line is not drawn across steps without a value.
        .chain(named.iter().flat_map(|n| {
            n.runs.iter().map(|run| {
                Dataset::default()
                    .marker(marker(n.index, count, ascii).0)
                    .graph_type(GraphType::Line)
                    .style(n.style)
                    .data(&n.points[run.clone()])
            })
        }))
        .collect();
    let widget = ChartWidget::new(datasets)
        .x_axis(
            Axis::default()
                .style(theme.style(Slot::Border))
                .bounds([0.0, x_max])
                .labels(x_labels),
        )
        .y_axis(
            Axis::default()
                .style(theme.style(Slot::Border))
                .bounds([lo, hi])
                .labels([
                    label(compact(lo)),
                    label(compact((lo + hi) / 2.0)),
                    label(compact(hi)),
                ]),
        )
        .legend_position(None);
    frame.render_widget(widget, plot_area);
}

/// The legend's entries laid out in rows of `width`, two spaces between entries, an entry
/// wider than a row on a row of its own.
fn legend_rows(entries: Vec<Vec<Span<'_>>>, width: u16) -> Vec<Line<'_>> {
    let mut rows: Vec<Line<'_>> = Vec::new();
    let mut used = 0usize;
    for entry in entries {
        let w: usize = entry.iter().map(Span::width).sum();
        match rows.last_mut() {
            Some(row) if used + 2 + w <= width as usize => {
                row.spans.push(Span::raw("  "));
                row.spans.extend(entry);
                used += 2 + w;
            }
            _ => {
                rows.push(Line::from(entry));
                used = w;
            }
        }
    }
    rows
}

/// The y axis's bounds for values from `lo` to `hi`: a single value gets a unit either side
/// (not below 0 for a `count` at 0: nodes, hits, pn and dn), and whole numbers get an even span, so that the middle
/// label is a whole number too (pn from 1 to 8 is drawn on 1 to 9, labelled 1, 5, 9).
fn y_bounds(lo: f64, hi: f64, count: bool) -> (f64, f64) {
    let (lo, hi) = if hi > lo {
        (lo, hi)
    } else if lo == 0.0 && count {
        (0.0, 2.0)
    } else {
        (lo - 1.0, hi + 1.0)
    };
    let whole = lo.fract() == 0.0 && hi.fract() == 0.0;
    if whole && (hi - lo) % 2.0 == 1.0 {
        (lo, hi + 1.0)
    } else {
        (lo, hi)
    }
}

/// Counts per ply as horizontal bars under a heading, one row a ply with the ply and its
/// count before the bar. More plies than rows: the last row sums the deepest plies
/// ("13-16"), so every count is on screen.
fn bars(frame: &mut Frame, area: Rect, theme: &Theme, title: &str, chart: &Chart, counts: &[u64]) {
    let mut block = pane(title, theme, false);
    let inner = block.inner(area);
    let rows = (inner.height.saturating_sub(1) as usize).max(1);
    let shown = per_ply_rows(counts, rows);
    if shown.len() < counts.len() {
        let first = shown.len() - 1;
        block = block.title_bottom(Line::from(Span::styled(
            format!(
                " plies {first}-{} summed on the last row ",
                counts.len() - 1
            ),
            theme.style(Slot::Text),
        )));
    }
    frame.render_widget(block, area);
    let plies: Vec<String> = shown.iter().map(|(p, _)| p.clone()).collect();
    let values: Vec<String> = shown.iter().map(|&(_, n)| compact(n as f64)).collect();
    // The ply column is as wide as "ply" at least, so the heading stands over it; the count
    // column as wide as the y label's first word or the widest count.
    let ply_width = plies.iter().map(String::len).max().unwrap_or(0).max(3);
    let y_label = chart.kind.y_label();
    let count_width = values
        .iter()
        .map(String::len)
        .max()
        .unwrap_or(0)
        .max(y_label.len());
    let [heading, body] =
        Layout::vertical([Constraint::Length(1), Constraint::Min(0)]).areas(inner);
    let text = format!(
        "{:>ply_width$} {y_label:>count_width$} by step {}",
        "ply", chart.step
    );
    frame.render_widget(
        Paragraph::new(Span::styled(text, theme.style(Slot::SideLabel))),
        heading,
    );
    if counts.is_empty() {
        let text = format!("none yet at step {}", chart.step);
        frame.render_widget(
            Paragraph::new(Span::styled(text, theme.style(Slot::Text))),
            body,
        );
        return;
    }
    let slot = match chart.kind {
        ChartKind::CutoffsPerPly => Slot::TreeCutoff,
        _ => Slot::SideValue,
    };
    // The count stands in the label, not over the bar, so a bar's length is its count's.
    let data: Vec<Bar> = shown
        .iter()
        .zip(plies.iter().zip(&values))
        .map(|(&(_, n), (ply, value))| {
            Bar::new(n)
                .label(Line::from(format!(
                    "{ply:>ply_width$} {value:>count_width$}"
                )))
                .text_value(String::new())
        })
        .collect();
    let widget = BarChart::horizontal(Vec::<Bar>::new())
        .data(BarGroup::new(data))
        .bar_width(1)
        .bar_gap(0)
        .bar_style(theme.style(slot))
        .value_style(theme.style(Slot::Text))
        .label_style(theme.style(Slot::SideLabel));
    frame.render_widget(widget, body);
}

/// The rows of the per-ply bars in `rows` lines: a row a ply, or, with more plies than
/// rows, the last row the sum of the plies from there on, labelled with their range.
fn per_ply_rows(counts: &[u64], rows: usize) -> Vec<(String, u64)> {
    if counts.len() <= rows {
        return counts
            .iter()
            .enumerate()
            .map(|(ply, &n)| (ply.to_string(), n))
            .collect();
    }
    let last = rows - 1;
    let mut shown: Vec<(String, u64)> = counts[..last]
        .iter()
        .enumerate()
        .map(|(ply, &n)| (ply.to_string(), n))
        .collect();
    shown.push((
        format!("{last}-{}", counts.len() - 1),
        counts[last..].iter().sum(),
    ));
    shown
}

/// A number in a few columns: 950, 12.3k, 1.05M.
fn compact(v: f64) -> String {
    let a = v.abs();
    if a >= 1e6 {
        format!("{:.2}M", v / 1e6)
    } else if a >= 1e4 {
        format!("{:.1}k", v / 1e3)
    } else {
        format!("{}", v.round() as i64)
    }
}

/// The legend's words for a line.
fn legend_name(name: &str) -> String {
    match name {
        "pn" => "pn (0 once proven)".to_string(),
        "dn" => "dn (0 once disproven)".to_string(),
        other => other.to_string(),
    }
}

fn line_slot(name: &str) -> Slot {
    match name {
        "pn" => Slot::SidePn,
        "dn" => Slot::SideDn,
        "alpha" => Slot::TreeLower,
        "beta" => Slot::TreeUpper,
        "value" => Slot::SideValue,
        "hits" => Slot::TreeTtHit,
        _ => Slot::SideValue,
    }
}

/// What the chart leaves out, under it.
fn note(kind: ChartKind) -> Option<&'static str> {
    match kind {
        ChartKind::RootNumbers => Some("∞ not drawn"),
        ChartKind::RootWindow => Some("∞ and win/loss not drawn"),
        _ => None,
    }
}

fn key_of(app: &App, action: crate::tui::keymap::Action) -> String {
    app.keymap
        .keys(action)
        .first()
        .map_or(action.name().to_string(), |k| k.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn per_ply_rows_sum_the_deepest_plies_on_the_last_row() {
        let counts = [1, 16, 30, 238, 327];
        assert_eq!(
            per_ply_rows(&counts, 5),
            counts
                .iter()
                .enumerate()
                .map(|(p, &n)| (p.to_string(), n))
                .collect::<Vec<_>>()
        );
        assert_eq!(
            per_ply_rows(&counts, 3),
            [
                ("0".to_string(), 1),
                ("1".to_string(), 16),
                ("2-4".to_string(), 30 + 238 + 327)
            ]
        );
        // Every count is on screen: the rows add up to the total.
        let total: u64 = counts.iter().sum();
        for rows in 1..=6 {
            let shown = per_ply_rows(&counts, rows);
            assert!(shown.len() <= rows.max(1));
            assert_eq!(shown.iter().map(|r| r.1).sum::<u64>(), total, "{rows} rows");
        }
    }

    #[test]
    fn y_bounds_give_whole_middles_and_keep_counts_at_zero() {
        assert_eq!(y_bounds(1.0, 8.0, true), (1.0, 9.0));
        assert_eq!(y_bounds(0.0, 10.0, true), (0.0, 10.0));
        assert_eq!(y_bounds(0.0, 0.0, true), (0.0, 2.0));
        assert_eq!(y_bounds(0.0, 0.0, false), (-1.0, 1.0));
        assert_eq!(y_bounds(5.0, 5.0, true), (4.0, 6.0));
        assert_eq!(y_bounds(0.5, 1.0, true), (0.5, 1.0));
    }

    #[test]
    fn several_lines_differ_by_marker_and_share_a_resolution() {
        for ascii in [false, true] {
            let markers: Vec<_> = (0..3).map(|i| marker(i, 3, ascii)).collect();
            for (i, a) in markers.iter().enumerate() {
                for b in &markers[i + 1..] {
                    assert_ne!(a.1, b.1, "legend samples differ");
                }
                assert_ne!(a.0, Marker::Braille, "one point a cell for every line");
                assert!(!ascii || a.1.is_ascii());
            }
        }
        assert_eq!(marker(0, 1, false).0, Marker::Braille);
    }
}
