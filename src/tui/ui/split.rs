//! The split view's screen (the model is [`crate::tui::app::split`]): two searches of one puzzle
//! side by side, each with a header (algorithm, result, step, tree size and depth as of the step,
//! nodes and time of the whole search, the unfocused search's note), its tree and its node pane;
//! the board once, at the focused search's selected node.
//!
//! From [`WIDE`] columns: the board on the left, then the two searches in columns of
//! header, tree and node pane. Below it (down to the minimum, 80x24): the board over the
//! focused search's node pane on the left, the two searches' headers and trees stacked on
//! the right. The status lines are the focused search's.
//!
//! Each header's last line says what that search uses besides its algorithm (table,
//! symmetry, pruning, ordering: [`used_line`]), and the focused search's Why block stands
//! under its tree (wide) or under the node pane (narrow).
//!
//! With the chart pane shown (`V`), one chart holds both searches' curves in the trees'
//! place ([`render_with_chart`]).

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use crate::theme::{GlyphSet, Slot, Theme};
use crate::tui::app::App;
use crate::tui::app::split::{Focus, Split, focused};

use crate::puzzle::GameKind;
use crate::run::aids;

use super::{WIDE, board, chart, glyph_text, side, status, tree, why};

/// Rows of a search's header before its "uses" line, which takes the rows it wraps to
/// ([`header_rows`]).
pub const HEADER_ROWS: u16 = 3;

/// The header's rows at `width` columns: the three lines of [`header_lines`] and the
/// "uses" line ([`used_line`]) wrapped.
pub fn header_rows(pane: &App, width: u16) -> u16 {
    HEADER_ROWS + used_wrapped(pane, width).len() as u16
}

fn used_wrapped(pane: &App, width: u16) -> Vec<String> {
    super::lesson::wrap(&used_line(pane), width.saturating_sub(4).max(10))
        .into_iter()
        .enumerate()
        .map(|(i, l)| {
            if i == 0 {
                format!("  {l}")
            } else {
                format!("    {l}")
            }
        })
        .collect()
}

/// Draws the split screen in `area` (the caller checked the minimum size).
pub fn render(frame: &mut Frame, area: Rect, app: &App, split: &Split, theme: &Theme) {
    let [title, main, status_area] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(10),
        Constraint::Length(2),
    ])
    .areas(area);
    let first = app;
    let second = &split.pane;
    let focus = focused(app, split);
    frame.render_widget(title_line(app, split, theme), title);
    if app.chart.is_some() {
        render_with_chart(frame, main, app, split, theme);
    } else if area.width >= WIDE {
        let [board_area, a, b] = Layout::horizontal([
            Constraint::Percentage(26),
            Constraint::Percentage(37),
            Constraint::Percentage(37),
        ])
        .areas(main);
        board::render(frame, board_area, focus, theme);
        for (column, pane, focus_of) in [(a, first, Focus::First), (b, second, Focus::Second)] {
            let [header, tree_area, side_area] = Layout::vertical([
                Constraint::Length(header_rows(pane, column.width)),
                Constraint::Min(4),
                Constraint::Percentage(40),
            ])
            .areas(column);
            render_header(frame, header, pane, split, focus_of, theme);
            // The focused search's event in words, under its tree (as on the main screen).
            let tree_area = if split.focus == focus_of {
                why::render_below(frame, tree_area, pane, theme)
            } else {
                tree_area
            };
            tree::render(frame, tree_area, pane, theme);
            side::render(frame, side_area, pane, theme);
        }
    } else {
        let [left, right] =
            Layout::horizontal([Constraint::Percentage(50), Constraint::Percentage(50)])
                .areas(main);
        let board_height = board::height(focus, left.width).min(left.height.saturating_sub(8));
        let [board_area, side_area] =
            Layout::vertical([Constraint::Length(board_height), Constraint::Min(6)]).areas(left);
        board::render(frame, board_area, focus, theme);
        // The focused search's event in words, under its node pane: the stacked trees on the
        // right have no rows to spare.
        let side_area = why::render_below(frame, side_area, focus, theme);
        side::render(frame, side_area, focus, theme);
        let [a, b] =
            Layout::vertical([Constraint::Percentage(50), Constraint::Percentage(50)]).areas(right);
        for (column, pane, focus_of) in [(a, first, Focus::First), (b, second, Focus::Second)] {
            let [header, tree_area] = Layout::vertical([
                Constraint::Length(header_rows(pane, column.width)),
                Constraint::Min(3),
            ])
            .areas(column);
            render_header(frame, header, pane, split, focus_of, theme);
            tree::render(frame, tree_area, pane, theme);
        }
    }
    status::render(frame, status_area, focus, theme);
}

/// The split with the chart pane shown: one chart with both searches' curves
/// ([`chart::render_split`]). Wide: the board on the left, the two headers over the chart,
/// the two node panes under it. Narrow: the board over the focused search's node pane on
/// the left; on the right each search's result and step ([`short_header`]) over the chart
/// (its legend names both algorithms by the headers' letters).
fn render_with_chart(frame: &mut Frame, main: Rect, app: &App, split: &Split, theme: &Theme) {
    let second = &split.pane;
    let focus = focused(app, split);
    if main.width >= WIDE {
        let [board_area, right] =
            Layout::horizontal([Constraint::Percentage(26), Constraint::Percentage(74)])
                .areas(main);
        board::render(frame, board_area, focus, theme);
        let half = right.width / 2;
        let header = header_rows(app, half).max(header_rows(second, half));
        let [headers, chart_area, sides] = Layout::vertical([
            Constraint::Length(header),
            Constraint::Min(8),
            Constraint::Percentage(35),
        ])
        .areas(right);
        let halves = |r: Rect| -> [Rect; 2] {
            Layout::horizontal([Constraint::Percentage(50), Constraint::Percentage(50)]).areas(r)
        };
        let [ha, hb] = halves(headers);
        let [sa, sb] = halves(sides);
        render_header(frame, ha, app, split, Focus::First, theme);
        render_header(frame, hb, second, split, Focus::Second, theme);
        chart::render_split(frame, chart_area, app, second, theme);
        side::render(frame, sa, app, theme);
        side::render(frame, sb, second, theme);
    } else {
        let [left, right] =
            Layout::horizontal([Constraint::Percentage(50), Constraint::Percentage(50)])
                .areas(main);
        let board_height = board::height(focus, left.width).min(left.height.saturating_sub(8));
        let [board_area, side_area] =
            Layout::vertical([Constraint::Length(board_height), Constraint::Min(6)]).areas(left);
        board::render(frame, board_area, focus, theme);
        side::render(frame, side_area, focus, theme);
        // Each search's result and step over the chart, as the legend names them (A, B).
        let short = |pane: &App, which: Focus| short_header(pane, split, which, right.width, theme);
        let (a, b) = (short(app, Focus::First), short(second, Focus::Second));
        let [a_area, b_area, chart_area] = Layout::vertical([
            Constraint::Length(a.len() as u16),
            Constraint::Length(b.len() as u16),
            Constraint::Min(8),
        ])
        .areas(right);
        frame.render_widget(Paragraph::new(a), a_area);
        frame.render_widget(Paragraph::new(b), b_area);
        chart::render_split(frame, chart_area, app, second, theme);
    }
}

/// A search's header in short for the narrow split with the chart: its first two lines
/// ([`header_lines`]: letter, algorithm and result; step and tree), wrapped to `width`.
fn short_header<'a>(
    pane: &App,
    split: &Split,
    which: Focus,
    width: u16,
    theme: &Theme,
) -> Vec<Line<'a>> {
    let ascii = theme.glyph_set() == GlyphSet::Ascii;
    let [first, second, _] = header_lines(pane, split, which, ascii);
    let style = if split.focus == which {
        theme.style(Slot::TreeSelected)
    } else {
        theme.style(Slot::Title)
    };
    // Continuation rows indented under the line they continue, as the "uses" line is.
    let wrapped = |text: &str, style| {
        super::lesson::wrap(&glyph_text(theme, text), width.saturating_sub(4).max(10))
            .into_iter()
            .enumerate()
            .map(move |(i, l)| {
                let l = if i == 0 { l } else { format!("    {l}") };
                Line::from(Span::styled(l, style))
            })
    };
    wrapped(&first, style)
        .chain(wrapped(&second, theme.style(Slot::StatusProgress)))
        .collect()
}

fn title_line<'a>(app: &'a App, split: &Split, theme: &Theme) -> Paragraph<'a> {
    let mode = if split.together {
        "together"
    } else {
        "independent"
    };
    Paragraph::new(Line::from(vec![
        Span::styled("plyscope ", theme.style(Slot::Title)),
        Span::styled(
            format!("{}: {} | split, {mode}", app.puzzle.name, app.puzzle.title),
            theme.style(Slot::Text),
        ),
    ]))
}

/// The header's lines for `pane`: "▶ A alphabeta: exact value 3, best b", "step 28/28,
/// ended | tree 11, depth 2" (the tree as of the step; "ended" at the end of a finished
/// record, before the tree so that a narrow pane keeps it) and "13 nodes, 0.004 s" (the whole search), with the note of the last key when the
/// pane is not focused (the focused one's is on the status line).
pub fn header_lines(pane: &App, split: &Split, which: Focus, ascii: bool) -> [String; 3] {
    let focused = split.focus == which;
    let marker = match (focused, ascii) {
        (false, _) => " ",
        (true, false) => "▶",
        (true, true) => ">",
    };
    let letter = match which {
        Focus::First => "A",
        Focus::Second => "B",
    };
    let result = match &pane.summary {
        Some(summary) => summary.clone(),
        None => "searching".to_string(),
    };
    let first = format!(
        "{marker} {letter} {}: {result}",
        pane.spec.config.algorithm.name()
    );
    let (entered, deepest) = pane.session.tree_so_far();
    let ended = pane.session.finished() && pane.session.step() == pane.session.len();
    let second = format!(
        "  step {}/{}{} | tree {entered}, depth {deepest}",
        pane.session.step(),
        pane.session.len(),
        if ended { ", ended" } else { "" }
    );
    let p = &pane.progress;
    let mut third = format!(
        "  {}{}",
        if p.estimated { "~" } else { "" },
        crate::search::count(p.nodes, "node", "nodes")
    );
    if p.nodes_per_second > 0.0 {
        third.push_str(&format!(", {:.3} s", p.nodes as f64 / p.nodes_per_second));
    }
    if let (false, Some(note)) = (focused, &pane.message) {
        third.push_str(&format!(" | {note}"));
    }
    [first, second, third]
}

/// The header's last line: what the search uses besides its algorithm, in a few words
/// ([`aids::Used::short`]), so a difference in node counts is read with the knowledge
/// behind it: "uses: table, symmetry, tactics, must-play, ordered" (wrapped to the
/// column).
pub fn used_line(pane: &App) -> String {
    let used = aids::used(
        &pane.spec.engine_config(),
        GameKind::of(&pane.puzzle.position),
    );
    format!("uses: {}", used.short())
}

fn render_header(
    frame: &mut Frame,
    area: Rect,
    pane: &App,
    split: &Split,
    which: Focus,
    theme: &Theme,
) {
    let ascii = theme.glyph_set() == GlyphSet::Ascii;
    let [first, second, third] = header_lines(pane, split, which, ascii);
    let style = if split.focus == which {
        theme.style(Slot::TreeSelected)
    } else {
        theme.style(Slot::Title)
    };
    let lines = vec![
        Line::from(Span::styled(glyph_text(theme, &first), style)),
        Line::from(Span::styled(
            glyph_text(theme, &second),
            theme.style(Slot::StatusProgress),
        )),
        Line::from(Span::styled(
            glyph_text(theme, &third),
            theme.style(Slot::StatusProgress),
        )),
    ];
    let mut lines = lines;
    for l in used_wrapped(pane, area.width) {
        lines.push(Line::from(Span::styled(l, theme.style(Slot::SideLabel))));
    }
    frame.render_widget(Paragraph::new(lines), area);
}
