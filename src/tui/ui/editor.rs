//! The screens of the position editor and of a game against the engine
//! ([`crate::tui::editor`], [`crate::tui::play`]): the board with a cursor on the left,
//! the setup (or the game) and the keys on the right, the message or the prompt at the
//! bottom. Both replace the explorer's screen while they are open.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

use crate::game::{Player, StoneGame, point_name};
use crate::games::any::{AnyGame, GameVisitor, Position};
use crate::theme::{Slot, Theme};
use crate::tui::app::App;
use crate::tui::editor::setup::{Board, StoneKind};
use crate::tui::editor::{Editor, Modal, Prompt};
use crate::tui::play::Play;

use super::pane;

/// Draws the open modal screen over the whole area.
pub fn render(frame: &mut Frame, area: Rect, app: &App, modal: &Modal, theme: &Theme) {
    let [title, main, bottom] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(10),
        Constraint::Length(2),
    ])
    .areas(area);
    let [left, right] =
        Layout::horizontal([Constraint::Percentage(45), Constraint::Percentage(55)]).areas(main);
    let (heading, board, side, bottom_lines) = match modal {
        Modal::Edit(e) => (
            "edit position",
            editor_board(e, theme),
            editor_side(e),
            editor_bottom(e, theme),
        ),
        Modal::Play(p, _) => (
            "play against the engine",
            play_board(p, theme),
            play_side(p),
            vec![message_line(
                p.input.as_deref(),
                p.message.as_deref(),
                theme,
            )],
        ),
    };
    frame.render_widget(
        Paragraph::new(Line::from(vec![
            Span::styled(format!("plyscope {heading} "), theme.style(Slot::Title)),
            Span::styled(
                format!("{}: {}", app.puzzle.name, app.puzzle.title),
                theme.style(Slot::Text),
            ),
        ])),
        title,
    );
    frame.render_widget(
        Paragraph::new(board).block(pane("Board", theme, true)),
        left,
    );
    let side: Vec<Line> = side
        .into_iter()
        .map(|s| Line::styled(s, theme.style(Slot::Text)))
        .collect();
    frame.render_widget(
        Paragraph::new(side)
            .wrap(Wrap { trim: false })
            .block(pane(heading, theme, false)),
        right,
    );
    frame.render_widget(
        Paragraph::new(bottom_lines).wrap(Wrap { trim: true }),
        bottom,
    );
}

/// A board grid: column letters, rows from the top with their numbers, the cursor's cell
/// in brackets.
fn grid(
    columns: usize,
    rows: usize,
    cell: impl Fn(usize, usize) -> (String, Slot),
    cursor: Option<(usize, usize)>,
    theme: &Theme,
) -> Vec<Line<'static>> {
    let width = (0..rows)
        .flat_map(|y| (0..columns).map(move |x| (x, y)))
        .map(|(x, y)| cell(x, y).0.chars().count())
        .max()
        .unwrap_or(1)
        .max(1);
    let coords = theme.style(Slot::BoardCoords);
    let mut header = vec![Span::styled("    ", coords)];
    for x in 0..columns {
        header.push(Span::styled(
            format!("{:^w$}", (b'a' + x as u8) as char, w = width + 2),
            coords,
        ));
    }
    let mut lines = vec![Line::from(header)];
    for y in (0..rows).rev() {
        let mut spans = vec![Span::styled(format!("{:>3} ", y + 1), coords)];
        for x in 0..columns {
            let (text, slot) = cell(x, y);
            let here = cursor == Some((x, y));
            let mark = theme.style(Slot::BoardSelectedMove);
            spans.push(Span::styled(if here { "[" } else { " " }, mark));
            spans.push(Span::styled(format!("{text:^width$}"), theme.style(slot)));
            spans.push(Span::styled(if here { "]" } else { " " }, mark));
        }
        lines.push(Line::from(spans));
    }
    lines
}

fn slot_of(text: &str) -> Slot {
    match text.chars().last() {
        Some('X' | 'x') => Slot::BoardBlack,
        Some('O' | 'o') => Slot::BoardWhite,
        Some(c) if c.is_ascii_digit() => {
            // A Gobblet stack: the colour of its top piece.
            let top = text.chars().rev().nth(1);
            if top == Some('X') {
                Slot::BoardBlack
            } else {
                Slot::BoardWhite
            }
        }
        _ => Slot::BoardEmpty,
    }
}

fn editor_board(e: &Editor, theme: &Theme) -> Vec<Line<'static>> {
    let (columns, rows) = e.setup.size();
    let dama = matches!(e.setup.board, Board::Dama { .. });
    grid(
        columns,
        rows,
        |x, y| {
            if dama && (x + y) % 2 == 1 {
                // Light squares hold nothing.
                return (" ".to_string(), Slot::BoardEmpty);
            }
            let text = e.setup.cell_text(x, y);
            let slot = slot_of(&text);
            (text, slot)
        },
        Some(e.cursor),
        theme,
    )
}

fn on_off(on: bool) -> &'static str {
    if on { "on" } else { "off" }
}

fn editor_side(e: &Editor) -> Vec<String> {
    let s = &e.setup;
    let (columns, rows) = s.size();
    let mut out = Vec::new();
    let game = match &s.board {
        Board::Stones { kind, .. } => match kind {
            StoneKind::Mnk { k, exact_k, .. } => format!(
                "m,n,k {columns}x{rows}, k = {k}{}",
                if *exact_k { " exactly" } else { "" }
            ),
            StoneKind::AtariGo => format!("AtariGo {columns}x{rows}"),
            StoneKind::Hex => format!("Hex {columns}x{rows}"),
        },
        Board::Dama { .. } => "Czech checkers".to_string(),
        Board::Gobblet { variant, .. } => format!("Gobblet ({})", variant.name()),
    };
    out.push(format!("Game: {game}"));
    out.push(format!(
        "Cursor: {} {}",
        point_name((e.cursor.0 + e.cursor.1 * columns) as u16, columns),
        s.cell_text(e.cursor.0, e.cursor.1)
    ));
    out.push(format!("To move (t): {}", s.to_move));
    out.push(format!(
        "Expected result for {} (r): {}",
        s.to_move,
        s.goal.result.map_or("none", |r| r.word())
    ));
    out.push(format!(
        "A draw counts for (d): {}",
        if s.goal.draw_for_attacker {
            "the attacker"
        } else {
            "the defender"
        }
    ));
    if let Board::Stones {
        kind: StoneKind::Mnk { free_setup, .. },
        ..
    } = &s.board
    {
        out.push(format!("Free setup (f): {}", on_off(*free_setup)));
    }
    if let Board::Gobblet { variant, .. } = &s.board {
        out.push(format!("Piece size (1-{}): {}", variant.sizes(), e.size));
        for p in [Player::Black, Player::White] {
            let left = s.gobblet_reserve(p).unwrap_or_default();
            let sizes: Vec<String> = (1..left.len())
                .rev()
                .map(|size| format!("{size}:{}", left[size]))
                .collect();
            let letter = crate::games::gobblet::diagram::player_letter(p);
            out.push(format!(
                "Reserve {letter} (size:count): {}",
                sizes.join(" ")
            ));
        }
    }
    out.push(match &e.legality {
        Ok(()) => "Legal: yes".to_string(),
        Err(reason) => format!("Legal: no, {reason}"),
    });
    out.push(match (&e.saved, e.dirty) {
        (_, true) => "Unsaved changes".to_string(),
        (Some(p), false) => format!("Saved as {}", p.display()),
        (None, false) => "No changes".to_string(),
    });
    out.push(String::new());
    out.push("Keys: arrows/hjkl move".to_string());
    out.push(
        match &s.board {
            Board::Stones { .. } => "x black, o white, space/. empty",
            Board::Dama { .. } => "space cycles o O x X, x/X/o/O set, . empty",
            Board::Gobblet { .. } => "1-4 size, x/o put on top, ./space take back",
        }
        .to_string(),
    );
    if let Board::Stones {
        kind: StoneKind::AtariGo,
        ..
    } = &s.board
    {
        out.push("AtariGo counts: as many stones each (Black to move)".to_string());
        out.push("or Black one more (White to move)".to_string());
    }
    out.push("c check, s save, P play from here, esc leave".to_string());
    out
}

fn message_line(input: Option<&str>, message: Option<&str>, theme: &Theme) -> Line<'static> {
    match (input, message) {
        (Some(typed), _) => Line::from(vec![
            Span::styled("move: ", theme.style(Slot::Title)),
            Span::styled(format!("{typed}_"), theme.style(Slot::Text)),
        ]),
        (None, Some(m)) => Line::styled(m.to_string(), theme.style(Slot::Warning)),
        (None, None) => Line::default(),
    }
}

fn editor_bottom(e: &Editor, theme: &Theme) -> Vec<Line<'static>> {
    let ask = |q: String, typed: &str| {
        Line::from(vec![
            Span::styled(q, theme.style(Slot::Title)),
            Span::styled(format!("{typed}_"), theme.style(Slot::Text)),
        ])
    };
    let mut lines = Vec::new();
    if let Some(m) = &e.message {
        lines.push(Line::styled(m.clone(), theme.style(Slot::Warning)));
    }
    match &e.prompt {
        Some(Prompt::Name(t)) => lines.push(ask(
            format!(
                "save as (in {}; {}enter, esc, ctrl-u clears): ",
                e.dir.display(),
                if e.prompt_fresh {
                    "typing replaces it, backspace edits it; "
                } else {
                    ""
                }
            ),
            t,
        )),
        Some(Prompt::Title { text, .. }) => lines.push(ask(
            if e.prompt_fresh {
                "title (typing replaces it, backspace edits it; enter, esc): ".into()
            } else {
                "title (enter, esc, ctrl-u clears): ".into()
            },
            text,
        )),
        Some(Prompt::Overwrite { path, .. }) => lines.push(Line::styled(
            format!("{} exists: overwrite it? (y/n)", path.display()),
            theme.style(Slot::Warning),
        )),
        Some(Prompt::Leave) => lines.push(Line::styled(
            "unsaved changes: esc or y leaves, s saves, any other key stays",
            theme.style(Slot::Warning),
        )),
        None => {}
    }
    lines
}

fn stone_at(position: &Position, x: usize, y: usize) -> Option<Option<Player>> {
    let (columns, _) = position.board_size()?;
    struct StoneAt(u16);
    impl GameVisitor for StoneAt {
        type Output = Option<Option<Player>>;
        fn visit<G: AnyGame>(self, _: &G) -> Self::Output {
            None
        }
        fn visit_stones<G: AnyGame + StoneGame>(self, game: &G) -> Self::Output {
            Some(game.stone(self.0))
        }
    }
    position.with_game(StoneAt((x + y * columns) as u16))
}

fn play_board(p: &Play, theme: &Theme) -> Vec<Line<'static>> {
    if p.has_cursor()
        && let Some((columns, rows)) = p.position.board_size()
    {
        return grid(
            columns,
            rows,
            |x, y| match stone_at(&p.position, x, y).flatten() {
                Some(Player::Black) => ("X".into(), Slot::BoardBlack),
                Some(Player::White) => ("O".into(), Slot::BoardWhite),
                None => (".".into(), Slot::BoardEmpty),
            },
            Some(p.cursor),
            theme,
        );
    }
    p.position
        .diagram()
        .lines()
        .map(|l| Line::styled(l.to_string(), theme.style(Slot::Text)))
        .collect()
}

fn play_side(p: &Play) -> Vec<String> {
    let mut out = vec![
        format!("You play {}", p.human),
        format!("Engine (a, m): {}", p.engine_text()),
        match p.over() {
            Some(over) => over,
            None if p.is_thinking() => {
                format!(
                    "{} to move: the engine is thinking",
                    p.position.to_move().title()
                )
            }
            None if p.position.to_move() == p.human => {
                format!("{} to move: your turn", p.position.to_move().title())
            }
            None => format!("{} to move", p.position.to_move().title()),
        },
    ];
    let moves: Vec<String> = p
        .moves
        .iter()
        .enumerate()
        .map(|(i, m)| format!("{}.{m}", i + 1))
        .collect();
    out.push(format!("Moves: {}", moves.join(" ")));
    if !p.has_cursor() && p.over().is_none() && p.position.to_move() == p.human {
        // The notation by example: a few of the legal moves.
        let legal = crate::tui::play::legal_moves(&p.position);
        let shown: Vec<&str> = legal.iter().take(8).map(String::as_str).collect();
        out.push(format!(
            "Legal ({}): {}{}",
            legal.len(),
            shown.join(" "),
            if legal.len() > shown.len() {
                " ..."
            } else {
                ""
            }
        ));
    }
    out.push(String::new());
    out.push(if p.has_cursor() {
        "Keys: arrows/hjkl + enter play, : type a move".to_string()
    } else {
        "Keys: : or enter type a move (as the game writes it)".to_string()
    });
    out.push("u undo, s swap sides, a engine, m node limit, esc leave".to_string());
    out
}
