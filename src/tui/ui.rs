//! The explorer's screen: a pure function of the model and the theme.
//! One widget a file: [`board`], [`tree`] (or the [`chart`] pane in its place), [`side`],
//! [`status`], and the overlays [`help`],
//! [`legend`] and [`picker`].
//!
//! Layout at the minimum size, 80x24: a title line, the board over the side pane on the
//! left, the tree on the right, two status lines at the bottom; from 120 columns the board,
//! the tree and the side pane stand in three columns. Below the minimum the
//! screen says so ("terminal too small: need 80x24") instead of drawing a broken layout.
//!
//! A lesson below 120 columns (80x24 is the SSH default) gives the left column to the
//! lesson's text first, so a whole step reads without paging, and the board and the node
//! pane get what is left ([`lesson_layout::narrow`]); the tree on the right shows the node the step
//! selected, with the Why block under it and, when the tree's rows leave room, the node pane
//! between them ([`lesson_layout::right_column`]). A literal tree's lesson draws no board (it
//! is the tree's rows as text): from 120 columns the lesson takes the board's column.

pub mod board;
pub mod chart;
pub mod editor;
pub mod fitted;
pub mod help;
pub mod legend;
pub mod lesson;
pub mod lesson_layout;
pub mod picker;
pub mod side;
pub mod split;
pub mod status;
pub mod tree;
pub mod why;

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};

use crate::theme::{Slot, Theme};

use super::app::{App, Overlay};

/// The smallest screen the layout fits.
pub const MIN_WIDTH: u16 = 80;
pub const MIN_HEIGHT: u16 = 24;

/// From this width on, the board, the tree and the node pane stand side by side.
pub const WIDE: u16 = 120;

/// Draws the whole screen.
pub fn render(frame: &mut Frame, app: &App, theme: &Theme) {
    let area = frame.area();
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        too_small(frame, area, theme);
        return;
    }
    if let Some(modal) = &app.modal {
        editor::render(frame, area, app, modal, theme);
        return;
    }
    if let Some(second) = &app.split {
        split::render(frame, area, app, second, theme);
        render_overlays(frame, area, app, theme);
        return;
    }
    let [title, main, status_area] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(10),
        Constraint::Length(2),
    ])
    .areas(area);
    let (board_area, tree_area, side_area) = if area.width >= WIDE
        && lesson_layout::drops_board(app)
    {
        // A literal tree's lesson, wide: its board is the tree pane's rows as text, so the
        // lesson takes the board's column and the node pane a column of its own.
        let [lesson_area, tree_area, side_area] = Layout::horizontal([
            Constraint::Percentage(30),
            Constraint::Percentage(40),
            Constraint::Percentage(30),
        ])
        .areas(main);
        frame.render_widget(title_line(app, theme, title.width), title);
        lesson::render(frame, lesson_area, app, theme);
        side::render(frame, side_area, app, theme);
        let tree_area = why::render_below(frame, tree_area, app, theme);
        tree_or_chart(frame, tree_area, app, theme);
        status::render(frame, status_area, app, theme);
        render_overlays(frame, area, app, theme);
        return;
    } else if area.width >= WIDE {
        // Wide: board, tree and node side by side.
        let [board_area, tree_area, side_area] = Layout::horizontal([
            Constraint::Percentage(30),
            Constraint::Percentage(40),
            Constraint::Percentage(30),
        ])
        .areas(main);
        (board_area, tree_area, side_area)
    } else if let Some(state) = &app.lesson {
        // A lesson below 120 columns: the lesson's text first, in the whole left column if
        // it needs it, then the board and the node pane in what is left
        // ([`lesson_layout::narrow`]); the tree (with the step's node selected) on the right.
        let [left, right] =
            Layout::horizontal([Constraint::Percentage(50), Constraint::Percentage(50)])
                .areas(main);
        let board_height = if lesson_layout::drops_board(app) {
            0
        } else {
            board::height(app, left.width)
        };
        let below_why = why::render_below(frame, right, app, theme);
        // The node pane goes under the tree's rows when they leave it room.
        let tree_rows = app.visible_rows(usize::from(below_why.height)).len() as u16;
        let (tree_area, node_right) = lesson_layout::right_column(below_why, tree_rows);
        let areas = lesson_layout::narrow(
            left,
            state,
            board_height,
            board::is_stones(app),
            node_right.height > 0,
            theme,
        );
        frame.render_widget(title_line(app, theme, title.width), title);
        lesson::render(frame, areas.lesson, app, theme);
        if areas.board.height > 0 {
            board::render(frame, areas.board, app, theme);
        }
        for node in [areas.node, node_right] {
            if node.height > 0 {
                side::render(frame, node, app, theme);
            }
        }
        tree_or_chart(frame, tree_area, app, theme);
        status::render(frame, status_area, app, theme);
        render_overlays(frame, area, app, theme);
        return;
    } else {
        // The minimum: the board over the node on the left, the tree on the right.
        let [left, right] =
            Layout::horizontal([Constraint::Percentage(50), Constraint::Percentage(50)])
                .areas(main);
        let board_height = board::height(app, left.width).min(left.height.saturating_sub(8));
        let [board_area, side_area] =
            Layout::vertical([Constraint::Length(board_height), Constraint::Min(8)]).areas(left);
        (board_area, right, side_area)
    };

    frame.render_widget(title_line(app, theme, title.width), title);
    board::render(frame, board_area, app, theme);
    // Lesson mode (wide): the lesson pane takes the upper part of the node pane's room.
    let side_area = if let Some(state) = &app.lesson {
        let (lesson_area, node_area) = lesson::split(side_area, state, theme);
        lesson::render(frame, lesson_area, app, theme);
        node_area
    } else {
        side_area
    };
    side::render(frame, side_area, app, theme);
    // The event at the step in words, under the tree ([`why`]).
    let tree_area = why::render_below(frame, tree_area, app, theme);
    tree_or_chart(frame, tree_area, app, theme);
    status::render(frame, status_area, app, theme);
    render_overlays(frame, area, app, theme);
}

/// The tree, or the chart pane in its place while it is shown ([`chart`], `V`).
fn tree_or_chart(frame: &mut Frame, area: Rect, app: &App, theme: &Theme) {
    if app.chart.is_some() {
        chart::render(frame, area, app, theme);
    } else {
        tree::render(frame, area, app, theme);
    }
}

/// The overlays over whichever screen is drawn, bottom first.
fn render_overlays(frame: &mut Frame, area: Rect, app: &App, theme: &Theme) {
    for overlay in &app.overlays {
        match *overlay {
            Overlay::Help { scroll } => help::render(frame, area, app, theme, scroll),
            Overlay::Picker { selected } => picker::render(frame, area, app, theme, selected),
            Overlay::Legend { scroll } => legend::render(frame, area, app, theme, scroll),
            Overlay::SplitPicker { selected } => {
                picker::render_algorithms(frame, area, app, theme, selected)
            }
            Overlay::Lessons { selected } => picker::render_titled(
                frame,
                area,
                app,
                theme,
                selected,
                crate::tui::app::lesson_picker::TITLE,
            ),
        }
    }
}

/// The header: the puzzle and, after it, what the search sets out to answer
/// ([`crate::view::goal`]: "goal: Black to move and win"). When the line is wider than
/// `width` the puzzle's title gives way first, cut with the theme's ellipsis, so the goal
/// stays in view.
fn title_line<'a>(app: &'a App, theme: &Theme, width: u16) -> Paragraph<'a> {
    use unicode_width::UnicodeWidthStr;
    const HEAD: &str = "plyscope ";
    const SEPARATOR: &str = " | ";
    let goal = glyph_text(
        theme,
        &crate::view::goal::text(
            &app.puzzle,
            app.spec.config.algorithm,
            app.spec.draw_for_attacker,
        ),
    );
    let title = glyph_text(theme, &format!("{}: {}", app.puzzle.name, app.puzzle.title));
    let room = (width as usize).saturating_sub(HEAD.width() + SEPARATOR.width() + goal.width());
    let title = fitted::fit(&title, room, theme.glyphs().ellipsis.as_str());
    Paragraph::new(Line::from(vec![
        Span::styled(HEAD, theme.style(Slot::Title)),
        Span::styled(title, theme.style(Slot::Text)),
        Span::styled(SEPARATOR, theme.style(Slot::Text)),
        Span::styled(goal, theme.style(Slot::SideLabel)),
    ]))
}

/// Text of the lambda views in the theme's glyph set: with `--ascii`, `λ2` becomes `L2`
/// and `≤` becomes `<=`.
pub fn glyph_text(theme: &Theme, text: &str) -> String {
    if theme.glyph_set() == crate::theme::GlyphSet::Ascii {
        // Ambiguous-width or non-ASCII marks the panes write as text (the glyph set covers
        // the drawn ones): λ, ≤ ≥, ∞ and the ellipsis.
        text.replace('λ', "L")
            .replace('≤', "<=")
            .replace('≥', ">=")
            .replace('∞', "inf")
            .replace('…', "...")
    } else {
        text.to_string()
    }
}

/// A bordered pane in the theme's glyphs.
pub fn pane<'a>(title: &'a str, theme: &'a Theme, focused: bool) -> Block<'a> {
    Block::default()
        .borders(Borders::ALL)
        .border_set(theme.glyphs().border_set())
        .border_style(theme.style(if focused {
            Slot::BorderFocused
        } else {
            Slot::Border
        }))
        .title(Span::styled(title, theme.style(Slot::Title)))
}

/// A rectangle of `width` x `height` centred in `area` (clipped to it).
pub fn centered(area: Rect, width: u16, height: u16) -> Rect {
    let w = width.min(area.width);
    let h = height.min(area.height);
    Rect {
        x: area.x + (area.width - w) / 2,
        y: area.y + (area.height - h) / 2,
        width: w,
        height: h,
    }
}

fn too_small(frame: &mut Frame, area: Rect, theme: &Theme) {
    frame.render_widget(Clear, area);
    let text = format!(
        "terminal too small: need {MIN_WIDTH}x{MIN_HEIGHT}, have {}x{}",
        area.width, area.height
    );
    let y = area.height / 2;
    let rect = Rect {
        x: area.x,
        y: area.y + y.min(area.height.saturating_sub(1)),
        width: area.width,
        height: area.height.saturating_sub(y).max(1).min(area.height),
    };
    frame.render_widget(
        Paragraph::new(Span::styled(text, theme.style(Slot::Error))).wrap(Wrap { trim: true }),
        rect,
    );
}
