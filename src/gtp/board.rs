//! The game a GTP session plays: one of the stone games with a board size, the moves played
//! so far (for `undo`), and the vertex notation of the protocol.
//!
//! GTP's vertices for Go-family boards (AtariGo and m,n,k here) are a column letter from `A`,
//! skipping `I`, and a row number from 1 at the bottom (GTP 2, section 2.11); Benzene's HTP
//! names Hex cells with every letter (`a1` .. `m13`, no letter skipped). HexGui draws row 1
//! at the top, plyscope's Hex diagrams at the bottom, but both use the same neighbours for a
//! name (`(x ± 1, y)`, `(x, y ± 1)`, `(x + 1, y - 1)`, `(x - 1, y + 1)`; `src/games/hex.rs`)
//! and Black joins rows 1 and `n` in both, so a cell's name means the same cell to both.
//!
//! A controller may play either colour at any time (a GUI setting up a position plays one
//! colour several times): the side to move is set to the colour named before the stone is
//! placed, and `undo` restores it. A pass is kept in the history the same way. Hex has no
//! swap rule here.

use crate::game::{MoveList, Outcome, Player, Point, StoneGame};
use crate::games::any::{AnyGame, GameVisitor, GameVisitorMut, Position};
use crate::games::{atarigo::AtariGo, hex::Hex, mnk::Mnk};

/// Which game the engine plays (`plyscope gtp --game`). Not a [`crate::games::any::GameKind`]:
/// GTP plays only the stone games, and m,n,k carries its `k` until a `boardsize` picks the
/// board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameChoice {
    AtariGo,
    /// m,n,k on square boards with `k` in a row (`--k`; by default 3 on 3x3, 4 on 4x4,
    /// else 5).
    Mnk {
        k: Option<usize>,
    },
    Hex,
}

impl GameChoice {
    /// The board side a session starts with before any `boardsize`.
    pub fn default_size(self) -> usize {
        match self {
            GameChoice::AtariGo => 5,
            // A board k fits on (`--k 5` starts on 5x5 until `boardsize` says otherwise).
            GameChoice::Mnk { k } => k.unwrap_or(3).max(3),
            GameChoice::Hex => 6,
        }
    }

    /// True for Hex, whose cells are named with every letter and whose analyze commands are
    /// HexGui's.
    pub fn is_hex(self) -> bool {
        self == GameChoice::Hex
    }
}

/// One entry of the history: a stone or a pass, who played it, and who was to move before
/// it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Played {
    Stone {
        point: Point,
        mover: Player,
        before: Player,
    },
    Pass {
        mover: Player,
        before: Player,
    },
}

/// A game in progress.
#[derive(Clone)]
pub struct Board {
    choice: GameChoice,
    size: usize,
    /// Always a stone game.
    game: Position,
    history: Vec<Played>,
}

/// A computation on the board's stone game (a GTP board holds m,n,k, AtariGo or Hex).
trait OnStones {
    type Output;

    fn on<G: AnyGame + StoneGame>(self, game: &mut G) -> Self::Output;
}

/// [`OnStones`] through the seam's dispatch.
struct Stones<V>(V);

impl<V: OnStones> GameVisitorMut for Stones<V> {
    type Output = V::Output;

    fn visit<G: AnyGame>(self, _: &mut G) -> V::Output {
        unreachable!("a GTP board holds a stone game")
    }

    fn visit_stones<G: AnyGame + StoneGame>(self, game: &mut G) -> V::Output {
        self.0.on(game)
    }
}

/// Gives the turn to a player.
struct SetToMove(Player);

impl OnStones for SetToMove {
    type Output = ();

    fn on<G: AnyGame + StoneGame>(self, game: &mut G) {
        game.set_to_move(self.0);
    }
}

/// What a colour's move is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    Stone(Point),
    Pass,
    Resign,
}

impl Board {
    /// An empty board of `size` for `choice`, or why there is none (GTP answers
    /// "unacceptable size").
    pub fn new(choice: GameChoice, size: usize) -> Result<Board, String> {
        let game = match choice {
            GameChoice::AtariGo => AtariGo::new(size, size)?.into_position(),
            GameChoice::Mnk { k } => {
                let k = k.unwrap_or(match size {
                    0..=3 => 3,
                    4 => 4,
                    _ => 5,
                });
                Mnk::new(size, size, k, false)?.into_position()
            }
            GameChoice::Hex => Hex::new(size)?.into_position(),
        };
        Ok(Board {
            choice,
            size,
            game,
            history: Vec::new(),
        })
    }

    /// The game this board plays.
    pub fn choice(&self) -> GameChoice {
        self.choice
    }

    /// The side of the (square) board.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The position as a puzzle position, for the solvers of the run layer.
    pub fn position(&self) -> Position {
        self.game.clone()
    }

    /// The position with `player` to move (a controller may ask for either colour's move).
    pub fn position_for(&self, player: Player) -> Position {
        let mut board = self.clone();
        board.game.with_game_mut(Stones(SetToMove(player)));
        board.game
    }

    /// Who is to move.
    pub fn to_move(&self) -> Player {
        self.game.to_move()
    }

    /// How the game ended, if it did.
    pub fn outcome(&self) -> Option<Outcome> {
        struct Over;
        impl GameVisitor for Over {
            type Output = Option<Outcome>;
            fn visit<G: AnyGame>(self, game: &G) -> Option<Outcome> {
                game.outcome()
            }
        }
        self.game.with_game(Over)
    }

    /// The legal moves of `player` as points.
    pub fn legal_points(&self, player: Player) -> Vec<Point> {
        struct Legal(Player);
        impl OnStones for Legal {
            type Output = Vec<Point>;
            fn on<G: AnyGame + StoneGame>(self, game: &mut G) -> Vec<Point> {
                game.set_to_move(self.0);
                let mut moves = MoveList::new();
                game.legal_moves(&mut moves);
                moves.iter().copied().collect()
            }
        }
        self.game.clone().with_game_mut(Stones(Legal(player)))
    }

    /// The stone on `p`, if any.
    pub fn stone(&self, p: Point) -> Option<Player> {
        struct Stone(Point);
        impl GameVisitor for Stone {
            type Output = Option<Player>;
            fn visit<G: AnyGame>(self, _: &G) -> Option<Player> {
                unreachable!("a GTP board holds a stone game")
            }
            fn visit_stones<G: AnyGame + StoneGame>(self, game: &G) -> Option<Player> {
                game.stone(self.0)
            }
        }
        self.game.with_game(Stone(p))
    }

    /// Plays `mv` for `player`. A stone must be legal in the rules (an empty point, the game
    /// not over); a pass only switches the side to move (AtariGo and m,n,k have none in their
    /// rules, but a GTP controller may pass); a resignation changes nothing.
    pub fn play(&mut self, player: Player, mv: Move) -> Result<(), String> {
        let before = self.to_move();
        match mv {
            Move::Resign => Ok(()),
            Move::Pass => {
                self.game
                    .with_game_mut(Stones(SetToMove(player.opponent())));
                self.history.push(Played::Pass {
                    mover: player,
                    before,
                });
                Ok(())
            }
            Move::Stone(point) => {
                if let Some(outcome) = self.outcome() {
                    return Err(format!(
                        "illegal move: the game is over ({})",
                        describe(outcome)
                    ));
                }
                if self.stone(point).is_some() {
                    return Err("illegal move: the point is occupied".to_string());
                }
                if !self.legal_points(player).contains(&point) {
                    return Err("illegal move".to_string());
                }
                struct Place(Player, Point);
                impl OnStones for Place {
                    type Output = ();
                    fn on<G: AnyGame + StoneGame>(self, game: &mut G) {
                        game.set_to_move(self.0);
                        game.play(self.1);
                    }
                }
                self.game.with_game_mut(Stones(Place(player, point)));
                self.history.push(Played::Stone {
                    point,
                    mover: player,
                    before,
                });
                Ok(())
            }
        }
    }

    /// Takes back the last move or pass; false when there is none.
    pub fn undo(&mut self) -> bool {
        let Some(last) = self.history.pop() else {
            return false;
        };
        match last {
            Played::Stone { point, before, .. } => {
                struct TakeBack(Point, Player);
                impl OnStones for TakeBack {
                    type Output = ();
                    fn on<G: AnyGame + StoneGame>(self, game: &mut G) {
                        game.undo(self.0);
                        game.set_to_move(self.1);
                    }
                }
                self.game.with_game_mut(Stones(TakeBack(point, before)));
            }
            Played::Pass { before, .. } => {
                self.game.with_game_mut(Stones(SetToMove(before)));
            }
        }
        true
    }

    /// Moves played so far (passes included).
    pub fn moves_played(&self) -> usize {
        self.history.len()
    }

    /// The moves played after the first `from`, each with who played it (`None`: a pass).
    pub fn moves_since(&self, from: usize) -> Vec<(Player, Option<Point>)> {
        self.history
            .iter()
            .skip(from)
            .map(|played| match *played {
                Played::Stone { point, mover, .. } => (mover, Some(point)),
                Played::Pass { mover, .. } => (mover, None),
            })
            .collect()
    }

    /// Parses a vertex of this game's notation: `pass`, `resign`, or a point.
    pub fn parse_vertex(&self, text: &str) -> Result<Move, String> {
        let lower = text.to_ascii_lowercase();
        match lower.as_str() {
            "pass" => return Ok(Move::Pass),
            "resign" => return Ok(Move::Resign),
            "swap-pieces" | "swap-sides" | "swap" if self.choice.is_hex() => {
                return Err("plyscope plays Hex without the swap rule".to_string());
            }
            _ => {}
        }
        let mut chars = lower.chars();
        let letter = chars
            .next()
            .filter(char::is_ascii_lowercase)
            .ok_or_else(|| {
                format!(
                    "invalid vertex '{text}'; expected a letter and a number such as c3, or pass"
                )
            })?;
        let mut column = (letter as u8 - b'a') as usize;
        if !self.choice.is_hex() {
            if letter == 'i' {
                return Err(format!(
                    "invalid vertex '{text}'; GTP columns skip the letter I"
                ));
            }
            if letter > 'i' {
                column -= 1;
            }
        }
        let row: usize = chars.as_str().parse().map_err(|_| {
            format!("invalid vertex '{text}'; expected a letter and a number such as c3, or pass")
        })?;
        if column >= self.size || row == 0 || row > self.size {
            return Err(format!(
                "invalid vertex '{text}': off the {n}x{n} board",
                n = self.size
            ));
        }
        Ok(Move::Stone((column + (row - 1) * self.size) as Point))
    }

    /// A point in this game's notation (GTP's letters for Go-family boards, upper case; all
    /// letters and lower case for Hex, as HexGui writes them).
    pub fn vertex(&self, p: Point) -> String {
        let column = p as usize % self.size;
        let row = p as usize / self.size + 1;
        if self.choice.is_hex() {
            format!("{}{row}", (b'a' + column as u8) as char)
        } else {
            let skip = usize::from(column >= 8);
            format!("{}{row}", (b'A' + (column + skip) as u8) as char)
        }
    }

    /// The move a search names in the game's own notation ("c3"), in this game's notation.
    pub fn vertex_of_name(&self, name: &str) -> Option<String> {
        let p = crate::game::parse_point(name, self.size, self.size).ok()?;
        Some(self.vertex(p))
    }

    /// `diagram` (a Go-family game's: the column letters on its first line, every letter
    /// from `a`) with the column letters GTP vertices use, which skip `i`, in lower case as
    /// the diagram has them: a stone played at `J1` is drawn under `j`, not under `i`.
    fn with_vertex_letters(&self, diagram: &str) -> String {
        let Some((_, rows)) = diagram.split_once('\n') else {
            return diagram.to_string();
        };
        let width = self.size.to_string().len();
        let mut header = " ".repeat(width);
        for column in 0..self.size {
            let vertex = self.vertex(column as Point).to_ascii_lowercase();
            header.push(' ');
            header.extend(vertex.chars().take_while(char::is_ascii_alphabetic));
        }
        format!("{header}\n{rows}")
    }

    /// The board as text: the game's diagram (`X` Black, `O` White) with the side to move and
    /// how many moves were played.
    pub fn show(&self) -> String {
        let diagram = self.game.diagram();
        let diagram = if self.choice.is_hex() {
            // The diagram's letters are HTP's: every letter.
            diagram
        } else {
            self.with_vertex_letters(&diagram)
        };
        let state = match self.outcome() {
            Some(outcome) => format!("game over: {}", describe(outcome)),
            None => format!("{} to move", self.to_move().name()),
        };
        let played = match self.moves_played() {
            1 => "1 move played".to_string(),
            n => format!("{n} moves played"),
        };
        format!("{diagram}{state} ({played}; X is Black, O is White)")
    }
}

/// An outcome in words ("black won").
pub fn describe(outcome: Outcome) -> String {
    match outcome {
        Outcome::Win(p) => format!("{} won", p.name()),
        Outcome::Draw => "a draw".to_string(),
        Outcome::Score(s) => format!("score {s}"),
    }
}

/// Parses a GTP colour: `b`, `w`, `black`, `white` in any case.
pub fn parse_color(text: &str) -> Result<Player, String> {
    match text.to_ascii_lowercase().as_str() {
        "b" | "black" => Ok(Player::Black),
        "w" | "white" => Ok(Player::White),
        _ => Err(format!(
            "invalid color '{text}'; expected b, w, black or white"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `showboard` labels the columns with the letters vertices use: `play b J1` on a 10x10
    /// AtariGo board drew the stone under `i` (the diagram's own letters use every one).
    #[test]
    fn showboard_columns_are_the_vertices_letters() {
        let mut go = Board::new(GameChoice::AtariGo, 10).unwrap();
        let j1 = go.parse_vertex("J1").unwrap();
        assert_eq!(j1, Move::Stone(8));
        go.play(Player::Black, j1).unwrap();
        let shown = go.show();
        let lines: Vec<&str> = shown.lines().collect();
        assert_eq!(lines[0], "   a b c d e f g h j k", "{shown}");
        let row1 = lines[10];
        assert!(row1.starts_with(" 1"), "{shown}");
        let under = row1.find('X').expect("the stone");
        assert_eq!(&lines[0][under..=under], "j", "{shown}");
        // Hex cells use every letter, as the diagram does.
        let hex = Board::new(GameChoice::Hex, 10).unwrap();
        assert!(hex.show().contains("i j"), "{}", hex.show());
    }

    #[test]
    fn go_vertices_skip_i_and_hex_cells_do_not() {
        let go = Board::new(GameChoice::AtariGo, 9).unwrap();
        assert_eq!(go.parse_vertex("J1"), Ok(Move::Stone(8)));
        assert_eq!(go.vertex(8), "J1");
        assert_eq!(go.parse_vertex("a2"), Ok(Move::Stone(9)));
        assert!(
            go.parse_vertex("I3")
                .unwrap_err()
                .contains("skip the letter I")
        );
        assert!(
            go.parse_vertex("k1")
                .unwrap_err()
                .contains("off the 9x9 board")
        );
        assert_eq!(go.parse_vertex("PASS"), Ok(Move::Pass));
        let hex = Board::new(GameChoice::Hex, 11).unwrap();
        assert_eq!(hex.parse_vertex("i1"), Ok(Move::Stone(8)));
        assert_eq!(hex.vertex(8), "i1");
        assert!(
            hex.parse_vertex("swap-pieces")
                .unwrap_err()
                .contains("swap")
        );
        assert!(hex.parse_vertex("c").is_err());
        assert!(hex.parse_vertex("3c").is_err());
    }

    #[test]
    fn either_colour_may_move_and_undo_restores_the_side_to_move() {
        let mut b = Board::new(GameChoice::AtariGo, 5).unwrap();
        b.play(Player::White, Move::Stone(12)).unwrap();
        assert_eq!(b.to_move(), Player::Black);
        b.play(Player::White, Move::Stone(0)).unwrap();
        assert_eq!(b.stone(0), Some(Player::White));
        b.play(Player::Black, Move::Pass).unwrap();
        assert_eq!(b.to_move(), Player::White);
        assert!(b.undo());
        assert!(b.undo());
        assert!(b.undo());
        assert_eq!(b.to_move(), Player::Black);
        assert_eq!(b.stone(12), None);
        assert!(!b.undo());
        assert!(b.play(Player::Black, Move::Stone(3)).is_ok());
        assert!(
            b.play(Player::White, Move::Stone(3))
                .unwrap_err()
                .contains("occupied")
        );
    }

    #[test]
    fn a_capture_ends_an_atarigo_game() {
        let mut b = Board::new(GameChoice::AtariGo, 5).unwrap();
        // White a1 is captured by Black b1 and a2.
        for (player, v) in [
            (Player::Black, "b1"),
            (Player::White, "a1"),
            (Player::Black, "a2"),
        ] {
            let mv = b.parse_vertex(v).unwrap();
            b.play(player, mv).unwrap();
        }
        assert_eq!(b.outcome(), Some(Outcome::Win(Player::Black)));
        let mv = b.parse_vertex("e5").unwrap();
        assert!(
            b.play(Player::White, mv)
                .unwrap_err()
                .contains("game is over")
        );
        assert!(b.show().contains("game over: black won"));
    }
}
