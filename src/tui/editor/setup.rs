//! The editor's position: a board changed square by square, the side to move and the goal,
//! written out as puzzle TOML (the schema of `src/puzzle/schema.rs`).
//!
//! Legality is not decided here. [`Setup::check`] writes the puzzle text and reads it back
//! with [`crate::puzzle::parse`], so the rules of `puzzle/validate.rs` and of the games'
//! constructors (`with_stones`, `with_free_stones`, `Dama::with_pieces`,
//! `Gobblet::from_stacks`) stay the one source of truth for "is this position legal", and
//! what the editor accepts is exactly what the loader accepts: a saved file always loads
//! back into the same position. Those rules, with the messages the editor shows:
//!
//! - AtariGo: no chain without liberties (a position where a capture should already have
//!   happened), stone counts that fit the side to move.
//! - Hex and m,n,k: stone counts that fit the side to move (black as many as white with
//!   black to move, one more with white to move; m,n,k's `free_setup` lifts this); a game
//!   that is already over (a winning chain, a full m,n,k board) is refused, not warned about:
//!   a puzzle starts where there is still something to play.
//! - Czech checkers: pieces on dark squares only (the editor does not even place them on
//!   light ones), no man on its promotion row, at most 12 pieces a side.
//! - Gobblet: per size no more pieces than the sets hold, stacks strictly growing downward
//!   (the editor refuses covering a piece with one of the same size or smaller), and on 4x4
//!   the nested sets (Kotrč, *Gobblet analysed with AI methods*, 2.1: a smaller piece of a set is
//!   played only after the larger ones).
//!
//! The editing operations themselves refuse only what no diagram could express (a piece on
//! a light square, a Gobblet piece the player does not have, a stack that does not grow).

use toml_writer::ToTomlValue as _;

use crate::game::{Game, Player, StoneGame};
use crate::games::dama::Piece;
use crate::games::dama::geometry::{SIDE as DAMA_SIDE, is_dark};
use crate::games::gobblet::{Evaluation, Variant};
use crate::puzzle::{self, ExpectedResult, Position, Puzzle, PuzzleLimits};
use crate::search::Algorithm;

/// Why the editor refuses AtariGo stone counts, in the message and the key help: the rule
/// is plyscope's (its puzzles start from positions alternate play reaches), not capture
/// Go's.
pub const ATARIGO_COUNTS: &str = "plyscope's AtariGo puzzles start from positions that \
    alternate play reaches, black first: as many stones each with black to move, black one \
    more with white to move; t switches the side to move";

/// Which stone game, with m,n,k's own settings (which a
/// [`crate::games::any::GameKind`] does not carry: the editor writes them to the puzzle).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StoneKind {
    Mnk {
        k: usize,
        exact_k: bool,
        /// The stone counts need not come from alternate play.
        free_setup: bool,
    },
    AtariGo,
    Hex,
}

/// The board being edited.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Board {
    /// m,n,k, AtariGo or Hex: a stone or nothing per point (`x + y * columns`).
    Stones {
        kind: StoneKind,
        columns: usize,
        rows: usize,
        cells: Vec<Option<Player>>,
    },
    /// Czech checkers: 64 squares, `x + 8 * y`.
    Dama { cells: Vec<Option<Piece>> },
    /// Gobblet: a stack per square, bottom to top as `(player, size)`.
    Gobblet {
        variant: Variant,
        evaluation: Evaluation,
        stacks: Vec<Vec<(Player, u8)>>,
    },
}

/// The goal as the puzzle schema has it: the attacker is the side to move; `result` is the
/// expected result for it (`[expect] result`), `draw_for_attacker` is `draw = "attacker"`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Goal {
    pub result: Option<ExpectedResult>,
    pub draw_for_attacker: bool,
}

/// Everything the editor writes into a puzzle file.
#[derive(Clone, Debug, PartialEq)]
pub struct Setup {
    pub board: Board,
    pub to_move: Player,
    pub goal: Goal,
    /// Kept from the puzzle the editor started from.
    pub algorithm: Option<Algorithm>,
    pub limits: PuzzleLimits,
}

/// Cycle of a checkers square: empty, white man, white king, black man, black king.
const DAMA_CYCLE: [Option<Piece>; 5] = [
    None,
    Some(Piece::Man(Player::White)),
    Some(Piece::King(Player::White)),
    Some(Piece::Man(Player::Black)),
    Some(Piece::King(Player::Black)),
];

fn stones_of<G: StoneGame>(g: &G) -> Vec<Option<Player>> {
    (0..g.columns() * g.rows())
        .map(|p| g.stone(p as u16))
        .collect()
}

impl Setup {
    /// The position's board, side to move, and no goal; a literal tree has no board.
    pub fn from_position(position: &Position) -> Result<Setup, String> {
        let stones = |kind, columns, rows, cells| Board::Stones {
            kind,
            columns,
            rows,
            cells,
        };
        let board = match position {
            Position::Mnk(g) => {
                let cells = stones_of(g);
                let black = cells.iter().filter(|c| **c == Some(Player::Black)).count();
                let white = cells.iter().filter(|c| **c == Some(Player::White)).count();
                let alternate = match g.to_move() {
                    Player::Black => black == white,
                    Player::White => black == white + 1,
                };
                stones(
                    StoneKind::Mnk {
                        k: g.k(),
                        exact_k: g.exact_k(),
                        free_setup: !alternate,
                    },
                    g.columns(),
                    g.rows(),
                    cells,
                )
            }
            Position::AtariGo(g) => stones(StoneKind::AtariGo, g.columns(), g.rows(), stones_of(g)),
            Position::Hex(g) => stones(StoneKind::Hex, g.columns(), g.rows(), stones_of(g)),
            Position::Dama(g) => Board::Dama {
                cells: (0..64).map(|s| g.piece(s as u16)).collect(),
            },
            Position::Gobblet(g) => Board::Gobblet {
                variant: g.variant(),
                evaluation: g.evaluation(),
                stacks: (0..g.side() * g.side())
                    .map(|sq| g.stack(sq).collect())
                    .collect(),
            },
            Position::Tree(_) => {
                return Err(
                    "a tree puzzle is not editable: its positions are the nodes of a \
                            literal tree, not a board"
                        .to_string(),
                );
            }
        };
        Ok(Setup {
            board,
            to_move: position.to_move(),
            goal: Goal::default(),
            algorithm: None,
            limits: PuzzleLimits::default(),
        })
    }

    /// `position` (a node of `puzzle`'s tree) with the puzzle's algorithm and limits; the
    /// goal is the puzzle's only when `at_root` (its answer is about the root).
    pub fn from_puzzle(
        puzzle: &Puzzle,
        position: &Position,
        at_root: bool,
    ) -> Result<Setup, String> {
        let mut setup = Setup::from_position(position)?;
        setup.algorithm = puzzle.algorithm;
        setup.limits = puzzle.limits;
        setup.goal.draw_for_attacker = puzzle.draw_counts_for_attacker;
        if at_root {
            setup.goal.result = puzzle.expect.as_ref().and_then(|e| e.result);
        }
        Ok(setup)
    }

    /// Columns and rows of the board.
    pub fn size(&self) -> (usize, usize) {
        match &self.board {
            Board::Stones { columns, rows, .. } => (*columns, *rows),
            Board::Dama { .. } => (DAMA_SIDE, DAMA_SIDE),
            Board::Gobblet { variant, .. } => (variant.side(), variant.side()),
        }
    }

    /// The game's name in puzzle files.
    pub fn game_name(&self) -> &'static str {
        match &self.board {
            Board::Stones { kind, .. } => match kind {
                StoneKind::Mnk { .. } => "mnk",
                StoneKind::AtariGo => "atarigo",
                StoneKind::Hex => "hex",
            },
            Board::Dama { .. } => "dama",
            Board::Gobblet { .. } => "gobblet",
        }
    }

    fn index(&self, x: usize, y: usize) -> Option<usize> {
        let (c, r) = self.size();
        (x < c && y < r).then_some(x + y * c)
    }

    /// The text of a square as the puzzle diagram writes it: `X`, `O`, `.` for stones;
    /// `x X o O .` for checkers; a stack like `O1X3` for Gobblet.
    pub fn cell_text(&self, x: usize, y: usize) -> String {
        let Some(i) = self.index(x, y) else {
            return String::new();
        };
        match &self.board {
            Board::Stones { cells, .. } => match cells[i] {
                Some(Player::Black) => "X".into(),
                Some(Player::White) => "O".into(),
                None => ".".into(),
            },
            Board::Dama { cells } => cells[i].map_or(".".into(), |p| p.letter().to_string()),
            Board::Gobblet { stacks, .. } => stack_text(&stacks[i]),
        }
    }

    /// Puts a stone of `stone` (or nothing) on a point of a stone game.
    pub fn set_stone(&mut self, x: usize, y: usize, stone: Option<Player>) -> Result<(), String> {
        let i = self.index(x, y).ok_or("the cursor is off the board")?;
        match &mut self.board {
            Board::Stones { cells, .. } => {
                cells[i] = stone;
                Ok(())
            }
            _ => Err("stones are placed in m,n,k, AtariGo and Hex only".into()),
        }
    }

    /// Puts `piece` (or nothing) on a checkers square; dark squares only.
    pub fn set_piece(&mut self, x: usize, y: usize, piece: Option<Piece>) -> Result<(), String> {
        let i = self.index(x, y).ok_or("the cursor is off the board")?;
        let name = crate::game::point_name(i as u16, DAMA_SIDE);
        match &mut self.board {
            Board::Dama { cells } => {
                if !is_dark(i) {
                    return Err(format!(
                        "{name} is a light square; pieces stand on the dark squares (a1, c1, \
                         ..., h8)"
                    ));
                }
                cells[i] = piece;
                Ok(())
            }
            _ => Err("men and kings are placed in Czech checkers only".into()),
        }
    }

    /// The next content of a checkers square: empty, white man, white king, black man,
    /// black king, empty again.
    pub fn cycle_piece(&mut self, x: usize, y: usize) -> Result<(), String> {
        let i = self.index(x, y).ok_or("the cursor is off the board")?;
        let current = match &self.board {
            Board::Dama { cells } => cells[i],
            _ => return Err("cycling pieces is for Czech checkers".into()),
        };
        let at = DAMA_CYCLE.iter().position(|&c| c == current).unwrap_or(0);
        self.set_piece(x, y, DAMA_CYCLE[(at + 1) % DAMA_CYCLE.len()])
    }

    /// Gobblet: pieces of each size `player` has off the board (index = size; 0 unused).
    pub fn gobblet_reserve(&self, player: Player) -> Option<Vec<u8>> {
        let Board::Gobblet {
            variant, stacks, ..
        } = &self.board
        else {
            return None;
        };
        let mut left = vec![variant.per_size(); variant.sizes() as usize + 1];
        left[0] = 0;
        for &(p, s) in stacks.iter().flatten() {
            if p == player {
                left[s as usize] = left[s as usize].saturating_sub(1);
            }
        }
        Some(left)
    }

    /// Gobblet: puts a piece of `player` and `size` on top of a square, from the reserve.
    pub fn gobble(&mut self, x: usize, y: usize, player: Player, size: u8) -> Result<(), String> {
        let i = self.index(x, y).ok_or("the cursor is off the board")?;
        let left = self
            .gobblet_reserve(player)
            .ok_or("pieces of a size are placed in Gobblet only")?;
        let Board::Gobblet {
            variant, stacks, ..
        } = &mut self.board
        else {
            return Err("pieces of a size are placed in Gobblet only".into());
        };
        let letter = crate::games::gobblet::diagram::player_letter(player);
        if size == 0 || size > variant.sizes() {
            return Err(format!("sizes are 1 to {}", variant.sizes()));
        }
        if left[size as usize] == 0 {
            return Err(format!(
                "{letter} has no piece of size {size} left: all {} are on the board",
                variant.per_size()
            ));
        }
        if let Some(&(_, top)) = stacks[i].last()
            && top >= size
        {
            return Err(format!(
                "a piece of size {size} cannot cover one of size {top}; only a larger piece \
                 gobbles"
            ));
        }
        stacks[i].push((player, size));
        Ok(())
    }

    /// Gobblet: takes the top piece of a square back to its reserve.
    pub fn remove_top(&mut self, x: usize, y: usize) -> Result<(), String> {
        let i = self.index(x, y).ok_or("the cursor is off the board")?;
        match &mut self.board {
            Board::Gobblet { stacks, .. } => {
                stacks[i].pop();
                Ok(())
            }
            _ => Err("removing the top piece is for Gobblet".into()),
        }
    }

    /// Empties a square, whatever the game.
    pub fn clear(&mut self, x: usize, y: usize) -> Result<(), String> {
        match &self.board {
            Board::Stones { .. } => self.set_stone(x, y, None),
            Board::Dama { .. } => {
                let i = self.index(x, y).ok_or("the cursor is off the board")?;
                if is_dark(i) {
                    self.set_piece(x, y, None)
                } else {
                    Ok(())
                }
            }
            Board::Gobblet { .. } => self.remove_top(x, y),
        }
    }

    /// The puzzle file of this setup with `title`.
    pub fn to_toml(&self, title: &str) -> String {
        let mut out = String::new();
        let mut line = |s: String| {
            out.push_str(&s);
            out.push('\n');
        };
        line(format!("title = {}", toml_string(title)));
        line(format!("game = \"{}\"", self.game_name()));
        let (columns, rows) = self.size();
        match &self.board {
            Board::Stones { kind, .. } => {
                if columns == rows {
                    line(format!("size = {columns}"));
                } else {
                    line(format!("size = [{columns}, {rows}]"));
                }
                if let StoneKind::Mnk {
                    k,
                    exact_k,
                    free_setup,
                } = kind
                {
                    line(format!("k = {k}"));
                    if *exact_k {
                        line("exact_k = true".into());
                    }
                    if *free_setup {
                        line("free_setup = true".into());
                    }
                }
            }
            Board::Dama { .. } => {}
            Board::Gobblet {
                variant,
                evaluation,
                ..
            } => {
                line(format!("variant = \"{}\"", variant.name()));
                if *evaluation != Evaluation::default() {
                    line(format!("evaluation = \"{}\"", evaluation.name()));
                }
            }
        }
        line(format!("to_move = \"{}\"", player_word(self.to_move)));
        let width = (0..rows)
            .flat_map(|y| (0..columns).map(move |x| (x, y)))
            .map(|(x, y)| self.cell_text(x, y).len())
            .max()
            .unwrap_or(1);
        line("board = \"\"\"".into());
        for y in (0..rows).rev() {
            let cells: Vec<String> = (0..columns)
                .map(|x| format!("{:<width$}", self.cell_text(x, y)))
                .collect();
            line(cells.join(" ").trim_end().to_string());
        }
        line("\"\"\"".into());
        if let Some(a) = self.algorithm {
            line(format!("algorithm = \"{}\"", a.name()));
        }
        if self.goal.draw_for_attacker {
            line("draw = \"attacker\"".into());
        }
        let l = self.limits;
        if l != PuzzleLimits::default() {
            line(String::new());
            line("[limits]".into());
            if let Some(d) = l.max_depth {
                line(format!("max_depth = {d}"));
            }
            if let Some(v) = l.max_level {
                line(format!("max_level = {v}"));
            }
            if let Some(n) = l.nodes {
                line(format!("nodes = {n}"));
            }
            if let Some(t) = l.time {
                line(format!("time = {t:?}"));
            }
        }
        if let Some(result) = self.goal.result {
            line(String::new());
            line("[expect]".into());
            line(format!("result = \"{}\"", result.word()));
        }
        out
    }

    /// Reads the setup back through the puzzle loader: the position it stands for, or why
    /// it is not legal (the loader's message, without a file name).
    pub fn check(&self) -> Result<Puzzle, String> {
        puzzle::parse(&self.to_toml("editor"), "editor").map_err(|e| self.explain(e.message))
    }

    /// The loader's reason, with what to do about it where the rule is plyscope's own
    /// rather than the game's: AtariGo's rules (capture Go) allow any stones, but our
    /// puzzles start from positions alternate play reaches, black first
    /// (`AtariGo::with_stones`), so the counts must match the side to move.
    fn explain(&self, message: String) -> String {
        let atarigo = matches!(
            self.board,
            Board::Stones {
                kind: StoneKind::AtariGo,
                ..
            }
        );
        if atarigo && (message.contains("as many stones") || message.contains("one stone more")) {
            format!("{message} ({ATARIGO_COUNTS})")
        } else {
            message
        }
    }
}

/// A stack's diagram text, bottom to top (`.` when empty).
fn stack_text(stack: &[(Player, u8)]) -> String {
    if stack.is_empty() {
        return ".".into();
    }
    stack
        .iter()
        .map(|&(p, s)| format!("{}{s}", crate::games::gobblet::diagram::player_letter(p)))
        .collect()
}

fn player_word(p: Player) -> &'static str {
    match p {
        Player::Black => "black",
        Player::White => "white",
    }
}

/// A TOML basic string: quotes, backslashes and control characters escaped (by the toml
/// crate's own writer, so the escapes follow the TOML spec).
pub fn toml_string(text: &str) -> String {
    toml_writer::TomlStringBuilder::new(text)
        .as_basic()
        .to_toml_value()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup(name: &str) -> Setup {
        let p = puzzle::load(name).unwrap();
        Setup::from_puzzle(&p, &p.position, true).unwrap()
    }

    #[test]
    fn titles_are_escaped() {
        assert_eq!(toml_string("a \"b\" \\ c\n"), "\"a \\\"b\\\" \\\\ c\\n\"");
        let s = setup("tictactoe");
        let text = s.to_toml("quote \" and \\ and \u{1}");
        let back = puzzle::parse(&text, "t.toml").unwrap();
        assert_eq!(back.title, "quote \" and \\ and \u{1}");
        // Every control character survives the round trip through a TOML parser.
        let controls: String = (0u8..0x20).chain([0x7f]).map(char::from).collect();
        let table: toml::Table = format!("t = {}", toml_string(&controls)).parse().unwrap();
        assert_eq!(table["t"].as_str(), Some(controls.as_str()));
    }

    #[test]
    fn trees_are_not_editable() {
        let p = puzzle::bundled()
            .iter()
            .map(|b| b.load().unwrap())
            .find(|p| matches!(p.position, Position::Tree(_)))
            .unwrap();
        let e = Setup::from_position(&p.position).unwrap_err();
        assert!(e.contains("not editable"), "{e}");
    }

    #[test]
    fn checkers_cycle_and_light_squares() {
        let mut s = Setup::from_position(&Position::Dama(crate::games::dama::Dama::new())).unwrap();
        // a1 (0, 0) is dark: d4 (3, 3) too; b1 (1, 0) is light.
        s.set_piece(3, 3, None).unwrap();
        let seen: Vec<String> = (0..5)
            .map(|_| {
                s.cycle_piece(3, 3).unwrap();
                s.cell_text(3, 3)
            })
            .collect();
        assert_eq!(seen, ["o", "O", "x", "X", "."]);
        let e = s.cycle_piece(1, 0).unwrap_err();
        assert!(e.starts_with("b1 is a light square"), "{e}");
    }
}
