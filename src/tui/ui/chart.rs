//! The chart pane (issue 20, point 4): what the search did up to the step as a picture,
//! drawn with ratatui's own widgets ([`Chart`] with [`Dataset`]s and labelled [`Axis`]es for
//! lines over the steps, a horizontal [`BarChart`] for counts per ply). The data come from
//! the session ([`crate::view::charts`]), sampled to the pane's width (two points a cell:
//! the Braille marker's resolution), so a frame costs the same on a million-event trace.
//!
//! The main screen draws it in the tree's place: one chart below [`TWO_CHARTS_HEIGHT`]
//! rows, the chosen chart and the next one stacked from there (120x40). The split view
//! draws one chart with both searches' curves, named by algorithm ([`render_split`]).

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::symbols::Marker;
use ratatui::text::{Line, Span};
use ratatui::widgets::{
    Axis, Bar, BarChart, BarGroup, Chart as ChartWidget, Dataset, GraphType, LegendPosition,
    Paragraph, Wrap,
};

use crate::theme::{Slot, Theme};
use crate::tui::app::App;
use crate::view::charts::{Chart, ChartBody, ChartKind};

use super::pane;

/// From this many rows the main screen stacks two charts.
pub const TWO_CHARTS_HEIGHT: u16 = 30;

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
    if area.height >= TWO_CHARTS_HEIGHT && kinds.len() > 1 {
        let [top, bottom] =
            Layout::vertical([Constraint::Percentage(50), Constraint::Percentage(50)]).areas(area);
        one(frame, top, app, &kinds, first, theme);
        one(frame, bottom, app, &kinds, (first + 1) % kinds.len(), theme);
    } else {
        one(frame, area, app, &kinds, first, theme);
    }
}

/// Draws the split view's chart: the chosen line chart with both searches' curves.
pub fn render_split(frame: &mut Frame, area: Rect, first: &App, second: &App, theme: &Theme) {
    render_split_chart(frame, area, first, second, theme);
    ascii_only(frame, area, theme);
}

fn render_split_chart(frame: &mut Frame, area: Rect, first: &App, second: &App, theme: &Theme) {
    let kinds = crate::tui::app::chart::split_kinds(first, second);
    let Some(&kind) = kinds.get(first.chart.unwrap_or(0) % kinds.len().max(1)) else {
        return;
    };
    let points = sample_points(area);
    let charts = [
        (first, first.session.chart(kind, points), Slot::SidePn),
        (second, second.session.chart(kind, points), Slot::SideDn),
    ];
    // Legend names: "df-pn pn", or the algorithm alone for a one-line chart.
    let mut named = Vec::new();
    for (app, chart, slot) in &charts {
        let algorithm = app.spec.config.algorithm.name();
        if let ChartBody::Lines(lines) = &chart.body {
            for (i, line) in lines.iter().enumerate() {
                let name = if lines.len() == 1 {
                    algorithm.to_string()
                } else {
                    format!("{algorithm} {}", line.name)
                };
                // The second line of a search (dn, beta) in the other search's colour
                // would confuse the pairs: one colour a search, the dim ones for its
                // other lines.
                let style = if i == 0 {
                    theme.style(*slot)
                } else {
                    theme
                        .style(*slot)
                        .add_modifier(ratatui::style::Modifier::DIM)
                };
                named.push((name, style, line.points.as_slice()));
            }
        }
    }
    let step = charts.iter().map(|(_, c, _)| c.step).max().unwrap_or(0);
    let title = format!(
        " {} (both, {}/{}, {} next) ",
        kind.title(),
        kinds.iter().position(|&k| k == kind).unwrap_or(0) + 1,
        kinds.len(),
        key_of(first, crate::tui::keymap::Action::NextChart)
    );
    let range = charts
        .iter()
        .filter_map(|(_, c, _)| c.y_range())
        .reduce(|a, b| (a.0.min(b.0), a.1.max(b.1)));
    lines(
        frame,
        area,
        theme,
        &title,
        kind,
        step,
        range,
        named,
        note(kind),
    );
}

fn one(frame: &mut Frame, area: Rect, app: &App, kinds: &[ChartKind], i: usize, theme: &Theme) {
    let Some(&kind) = kinds.get(i) else {
        return;
    };
    let chart = app.session.chart(kind, sample_points(area));
    let title = format!(
        " {} ({}/{}, {} next) ",
        kind.title(),
        i + 1,
        kinds.len(),
        key_of(app, crate::tui::keymap::Action::NextChart)
    );
    match &chart.body {
        ChartBody::Lines(series) => {
            let named = series
                .iter()
                .map(|s| {
                    (
                        legend_name(s.name),
                        theme.style(line_slot(s.name)),
                        s.points.as_slice(),
                    )
                })
                .collect();
            lines(
                frame,
                area,
                theme,
                &title,
                kind,
                chart.step,
                chart.y_range(),
                named,
                note(kind),
            );
        }
        ChartBody::Bars(counts) => bars(frame, area, theme, &title, &chart, counts),
    }
}

/// A line to draw: its legend name, its style and its points.
type Named<'a> = (String, Style, &'a [(f64, f64)]);

/// Points a line gets: two a cell of the plot's width (Braille's resolution).
fn sample_points(area: Rect) -> usize {
    (area.width as usize).saturating_sub(2).max(1) * 2
}

/// A line chart over the steps `0..=step` with labelled axes and a legend.
#[allow(clippy::too_many_arguments)]
fn lines(
    frame: &mut Frame,
    area: Rect,
    theme: &Theme,
    title: &str,
    kind: ChartKind,
    step: usize,
    range: Option<(f64, f64)>,
    named: Vec<Named<'_>>,
    note: Option<&'static str>,
) {
    let mut block = pane(title, theme, false);
    if let Some(note) = note {
        block = block.title_bottom(Span::styled(format!(" {note} "), theme.style(Slot::Text)));
    }
    let Some((lo, hi)) = range else {
        let text = format!(
            "nothing finite to draw yet at step {step} ({})",
            kind.y_label()
        );
        frame.render_widget(
            Paragraph::new(Span::styled(text, theme.style(Slot::Text)))
                .wrap(Wrap { trim: true })
                .block(block),
            area,
        );
        return;
    };
    let (lo, hi) = if hi > lo {
        (lo, hi)
    } else {
        (lo - 1.0, hi + 1.0)
    };
    let x_max = step.max(1) as f64;
    let label = |s: String| Span::styled(s, theme.style(Slot::SideLabel));
    let datasets = named
        .into_iter()
        .map(|(name, style, points)| {
            Dataset::default()
                .name(name)
                .marker(Marker::Braille)
                .graph_type(GraphType::Line)
                .style(style)
                .data(points)
        })
        .collect();
    let widget = ChartWidget::new(datasets)
        .block(block)
        .x_axis(
            Axis::default()
                .title(label(kind.x_label().to_string()))
                .style(theme.style(Slot::Border))
                .bounds([0.0, x_max])
                .labels([label("0".into()), label(compact(x_max))]),
        )
        .y_axis(
            Axis::default()
                .title(label(kind.y_label().to_string()))
                .style(theme.style(Slot::Border))
                .bounds([lo, hi])
                .labels([label(compact(lo)), label(compact(hi))]),
        )
        .legend_position(Some(LegendPosition::TopLeft))
        .hidden_legend_constraints((Constraint::Percentage(70), Constraint::Percentage(60)));
    frame.render_widget(widget, area);
}

/// Counts per ply as horizontal bars, one row a ply, the ply on the left.
fn bars(frame: &mut Frame, area: Rect, theme: &Theme, title: &str, chart: &Chart, counts: &[u64]) {
    let rows = area.height.saturating_sub(2) as usize;
    let shown = counts.len().min(rows.max(1));
    let block = pane(title, theme, false).title_bottom(Line::from(Span::styled(
        if shown < counts.len() {
            format!(
                " rows: ply 0-{}, bars: {}; plies {}-{} below ",
                shown - 1,
                chart.kind.y_label(),
                shown,
                counts.len() - 1
            )
        } else {
            format!(" rows: ply, bars: {} ", chart.kind.y_label())
        },
        theme.style(Slot::Text),
    )));
    if counts.is_empty() {
        let text = format!("none yet at step {}", chart.step);
        frame.render_widget(
            Paragraph::new(Span::styled(text, theme.style(Slot::Text))).block(block),
            area,
        );
        return;
    }
    let slot = match chart.kind {
        ChartKind::CutoffsPerPly => Slot::TreeCutoff,
        _ => Slot::SideValue,
    };
    let width = counts.len().saturating_sub(1).to_string().len();
    let data: Vec<Bar> = counts[..shown]
        .iter()
        .enumerate()
        .map(|(ply, &n)| {
            Bar::new(n)
                .label(Line::from(format!("{ply:>width$}")))
                .text_value(compact(n as f64))
        })
        .collect();
    let widget = BarChart::horizontal(Vec::<Bar>::new())
        .block(block)
        .data(BarGroup::new(data))
        .bar_width(1)
        .bar_gap(0)
        .bar_style(theme.style(slot))
        .value_style(theme.style(Slot::Text))
        .label_style(theme.style(Slot::SideLabel));
    frame.render_widget(widget, area);
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
        "pn" => "pn (0: proven)".to_string(),
        "dn" => "dn (0: disproven)".to_string(),
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
        ChartKind::RootNumbers => Some("an infinite number is not drawn"),
        ChartKind::RootWindow => Some("inf and win/loss not drawn"),
        _ => None,
    }
}

fn key_of(app: &App, action: crate::tui::keymap::Action) -> String {
    app.keymap
        .keys(action)
        .first()
        .map_or(action.name().to_string(), |k| k.to_string())
}
