//! Any game: the one place where a position of any of the games becomes a typed game.
//!
//! [`Position`] holds a position of one of the games; [`GameKind`] names the game. Code that
//! works for every game never matches the enum itself: it writes a small [`GameVisitor`]
//! (or [`GameVisitorMut`]) and hands it to [`Position::with_game`] (or
//! [`Position::with_game_mut`]), whose generic `visit` is compiled once per game, so the
//! engines' hot loops stay monomorphic (the shape of shakmaty's `VariantPosition` and its
//! `with_position`).
//!
//! What differs between the games is asked through the [`AnyGame`] bound, not by matching:
//! [`AnyGame::KIND`] answers the capability questions of [`GameKind`] (a pass, results that
//! depend on the path, draws), and the stone games (moves are points: [`StoneGame`]) reach
//! the visitor's second method, [`GameVisitor::visit_stones`], which by default does what
//! `visit` does.
//!
//! The seam sits in the rules layer and names only rules traits: every trait the engines ask
//! of a game ([`Game`], [`Heuristic`], [`Tactics`], [`Pass`], [`LambdaGame`]) lives in
//! `src/game.rs`, so an [`AnyGame`] is a search game without this module importing search.

use std::any::Any;
use std::fmt;

use crate::game::{Game, Heuristic, LambdaGame, Pass, Player, StoneGame, Tactics};
use crate::games::atarigo::AtariGo;
use crate::games::dama::Dama;
use crate::games::gobblet::Gobblet;
use crate::games::hex::Hex;
use crate::games::mnk::Mnk;
use crate::games::tree::TreeGame;

/// A position of any game (a puzzle's start, the explorer's editor, a GTP board).
#[derive(Clone)]
pub enum Position {
    Mnk(Mnk),
    AtariGo(AtariGo),
    Hex(Hex),
    Tree(TreeGame),
    Dama(Dama),
    Gobblet(Gobblet),
}

/// The games of the puzzle format (`game = ...`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameKind {
    Mnk,
    AtariGo,
    Hex,
    Gobblet,
    Dama,
    Tree,
}

impl GameKind {
    /// Every game, in the order the puzzle format lists them.
    pub const ALL: [GameKind; 6] = [
        GameKind::Mnk,
        GameKind::AtariGo,
        GameKind::Hex,
        GameKind::Gobblet,
        GameKind::Dama,
        GameKind::Tree,
    ];

    /// The game of a position.
    pub fn of(position: &Position) -> GameKind {
        position.kind()
    }

    /// The name in puzzle files ("mnk", "atarigo", ...).
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Mnk => "mnk",
            GameKind::AtariGo => "atarigo",
            GameKind::Hex => "hex",
            GameKind::Gobblet => "gobblet",
            GameKind::Dama => "dama",
            GameKind::Tree => "tree",
        }
    }

    /// The game as a player names it, for messages: "m,n,k", "AtariGo", "Czech checkers".
    pub fn display_name(self) -> &'static str {
        match self {
            GameKind::Mnk => "m,n,k",
            GameKind::AtariGo => "AtariGo",
            GameKind::Hex => "Hex",
            GameKind::Gobblet => "Gobblet",
            GameKind::Dama => "Czech checkers",
            GameKind::Tree => "a literal tree",
        }
    }

    /// True when a side may give up its turn, as threat searches need (stone games).
    pub fn has_pass(self) -> bool {
        matches!(self, GameKind::Mnk | GameKind::AtariGo | GameKind::Hex)
    }

    /// True for the games whose moves put a stone on an empty point ([`StoneGame`]: m,n,k,
    /// AtariGo, Hex); these reach [`GameVisitor::visit_stones`].
    pub fn is_stone_game(self) -> bool {
        matches!(self, GameKind::Mnk | GameKind::AtariGo | GameKind::Hex)
    }

    /// True when a result depends on the moves that led to a position (a third repetition
    /// draws), which tables keyed by position cannot tell apart.
    pub fn path_dependent(self) -> bool {
        matches!(self, GameKind::Gobblet | GameKind::Dama)
    }

    /// False when the game cannot end in a draw (Hex), so a goal that fails there is a
    /// loss.
    pub fn draws_possible(self) -> bool {
        self != GameKind::Hex
    }
}

/// What every front end needs of a game: the rules and every trait the engines ask
/// (together, `crate::search::SearchGame`), and the way back into a [`Position`].
pub trait AnyGame: Game + Heuristic + Tactics + Pass + LambdaGame {
    /// The game's kind; its capability questions are answered by [`GameKind`]'s methods.
    const KIND: GameKind;

    /// `[columns, rows]` of the board the game is drawn on; `None` for a tree and for
    /// checkers (no stones).
    fn board_size(&self) -> Option<(usize, usize)>;

    /// The position of any game that holds this one.
    fn into_position(self) -> Position;

    /// The game inside `position`, when it holds this game.
    fn from_position(position: Position) -> Option<Self>;
}

/// A computation over a position of any game: [`Position::with_game`] calls `visit` (or
/// `visit_stones` for a stone game) with the typed game.
pub trait GameVisitor: Sized {
    /// What the computation returns.
    type Output;

    /// The computation for any game.
    fn visit<G: AnyGame>(self, game: &G) -> Self::Output;

    /// The computation for a stone game (m,n,k, AtariGo, Hex); by default [`Self::visit`].
    fn visit_stones<G: AnyGame + StoneGame>(self, game: &G) -> Self::Output {
        self.visit(game)
    }
}

/// [`GameVisitor`] over a game it may change ([`Position::with_game_mut`]).
pub trait GameVisitorMut: Sized {
    /// What the computation returns.
    type Output;

    /// The computation for any game.
    fn visit<G: AnyGame>(self, game: &mut G) -> Self::Output;

    /// The computation for a stone game (m,n,k, AtariGo, Hex); by default [`Self::visit`].
    fn visit_stones<G: AnyGame + StoneGame>(self, game: &mut G) -> Self::Output {
        self.visit(game)
    }
}

impl Position {
    /// Runs `visitor` on the typed game: the one dispatch over the games.
    pub fn with_game<V: GameVisitor>(&self, visitor: V) -> V::Output {
        match self {
            Position::Mnk(g) => visitor.visit_stones(g),
            Position::AtariGo(g) => visitor.visit_stones(g),
            Position::Hex(g) => visitor.visit_stones(g),
            Position::Tree(g) => visitor.visit(g),
            Position::Dama(g) => visitor.visit(g),
            Position::Gobblet(g) => visitor.visit(g),
        }
    }

    /// Runs `visitor` on the typed game, which it may change.
    pub fn with_game_mut<V: GameVisitorMut>(&mut self, visitor: V) -> V::Output {
        match self {
            Position::Mnk(g) => visitor.visit_stones(g),
            Position::AtariGo(g) => visitor.visit_stones(g),
            Position::Hex(g) => visitor.visit_stones(g),
            Position::Tree(g) => visitor.visit(g),
            Position::Dama(g) => visitor.visit(g),
            Position::Gobblet(g) => visitor.visit(g),
        }
    }

    /// The game inside, when it is a `G` (tests and examples that load a puzzle of a known
    /// game).
    pub fn into_game<G: AnyGame>(self) -> Option<G> {
        G::from_position(self)
    }

    /// The game inside, borrowed, when it is a `G`.
    pub fn as_game<G: AnyGame>(&self) -> Option<&G> {
        let game: &dyn Any = match self {
            Position::Mnk(g) => g,
            Position::AtariGo(g) => g,
            Position::Hex(g) => g,
            Position::Tree(g) => g,
            Position::Dama(g) => g,
            Position::Gobblet(g) => g,
        };
        game.downcast_ref()
    }

    /// The game of the position.
    pub fn kind(&self) -> GameKind {
        struct Kind;
        impl GameVisitor for Kind {
            type Output = GameKind;
            fn visit<G: AnyGame>(self, _: &G) -> GameKind {
                G::KIND
            }
        }
        self.with_game(Kind)
    }

    /// The game's name as written in puzzle files: "mnk", "atarigo", "hex", "tree".
    pub fn game_name(&self) -> &'static str {
        self.kind().name()
    }

    /// The game's text diagram of the position.
    pub fn diagram(&self) -> String {
        struct Diagram;
        impl GameVisitor for Diagram {
            type Output = String;
            fn visit<G: AnyGame>(self, game: &G) -> String {
                game.diagram()
            }
        }
        self.with_game(Diagram)
    }

    /// Whose turn it is.
    pub fn to_move(&self) -> Player {
        struct ToMove;
        impl GameVisitor for ToMove {
            type Output = Player;
            fn visit<G: AnyGame>(self, game: &G) -> Player {
                game.to_move()
            }
        }
        self.with_game(ToMove)
    }

    /// The Zobrist key of the position.
    pub fn key(&self) -> u64 {
        struct Key;
        impl GameVisitor for Key {
            type Output = u64;
            fn visit<G: AnyGame>(self, game: &G) -> u64 {
                game.key()
            }
        }
        self.with_game(Key)
    }

    /// `[columns, rows]` of a stone board; `None` for a tree and for checkers (no stones).
    pub fn board_size(&self) -> Option<(usize, usize)> {
        struct Size;
        impl GameVisitor for Size {
            type Output = Option<(usize, usize)>;
            fn visit<G: AnyGame>(self, game: &G) -> Option<(usize, usize)> {
                game.board_size()
            }
        }
        self.with_game(Size)
    }

    /// A short description for lists: "mnk 4x4", "atarigo 6x6", "hex 3x3", "tree", "dama".
    pub fn description(&self) -> String {
        match self.board_size() {
            Some((c, r)) => format!("{} {c}x{r}", self.game_name()),
            None => self.game_name().to_string(),
        }
    }

    /// Checks that `text` names a legal move of the side to move here.
    pub fn check_move(&self, text: &str) -> Result<(), String> {
        struct Check<'a>(&'a str);
        impl GameVisitor for Check<'_> {
            type Output = Result<(), String>;
            fn visit<G: AnyGame>(self, game: &G) -> Result<(), String> {
                game.parse_move(self.0).map(drop)
            }
        }
        self.with_game(Check(text))
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Position")
            .field("game", &self.game_name())
            .field("to_move", &self.to_move())
            .field("diagram", &self.diagram())
            .finish()
    }
}

/// The stone games' board size, from [`StoneGame`].
fn stone_board<G: StoneGame>(game: &G) -> Option<(usize, usize)> {
    Some((game.columns(), game.rows()))
}

impl AnyGame for Mnk {
    const KIND: GameKind = GameKind::Mnk;

    fn board_size(&self) -> Option<(usize, usize)> {
        stone_board(self)
    }

    fn into_position(self) -> Position {
        Position::Mnk(self)
    }

    fn from_position(position: Position) -> Option<Self> {
        match position {
            Position::Mnk(g) => Some(g),
            _ => None,
        }
    }
}

impl AnyGame for AtariGo {
    const KIND: GameKind = GameKind::AtariGo;

    fn board_size(&self) -> Option<(usize, usize)> {
        stone_board(self)
    }

    fn into_position(self) -> Position {
        Position::AtariGo(self)
    }

    fn from_position(position: Position) -> Option<Self> {
        match position {
            Position::AtariGo(g) => Some(g),
            _ => None,
        }
    }
}

impl AnyGame for Hex {
    const KIND: GameKind = GameKind::Hex;

    fn board_size(&self) -> Option<(usize, usize)> {
        stone_board(self)
    }

    fn into_position(self) -> Position {
        Position::Hex(self)
    }

    fn from_position(position: Position) -> Option<Self> {
        match position {
            Position::Hex(g) => Some(g),
            _ => None,
        }
    }
}

impl AnyGame for TreeGame {
    const KIND: GameKind = GameKind::Tree;

    fn board_size(&self) -> Option<(usize, usize)> {
        None
    }

    fn into_position(self) -> Position {
        Position::Tree(self)
    }

    fn from_position(position: Position) -> Option<Self> {
        match position {
            Position::Tree(g) => Some(g),
            _ => None,
        }
    }
}

impl AnyGame for Dama {
    const KIND: GameKind = GameKind::Dama;

    /// Not a stone board: its pieces move.
    fn board_size(&self) -> Option<(usize, usize)> {
        None
    }

    fn into_position(self) -> Position {
        Position::Dama(self)
    }

    fn from_position(position: Position) -> Option<Self> {
        match position {
            Position::Dama(g) => Some(g),
            _ => None,
        }
    }
}

impl AnyGame for Gobblet {
    const KIND: GameKind = GameKind::Gobblet;

    fn board_size(&self) -> Option<(usize, usize)> {
        Some((self.side(), self.side()))
    }

    fn into_position(self) -> Position {
        Position::Gobblet(self)
    }

    fn from_position(position: Position) -> Option<Self> {
        match position {
            Position::Gobblet(g) => Some(g),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_comes_back_out_of_its_position() {
        let position = Mnk::new(3, 3, 3, false).unwrap().into_position();
        assert_eq!(position.kind(), GameKind::Mnk);
        assert_eq!(position.board_size(), Some((3, 3)));
        assert!(position.clone().into_game::<Hex>().is_none());
        assert!(position.as_game::<Hex>().is_none());
        assert_eq!(position.as_game::<Mnk>().map(|g| g.rows()), Some(3));
        let g: Mnk = position.into_game().unwrap();
        assert_eq!(g.columns(), 3);
        let tree = TreeGame::parse("(a 1 2)").unwrap().into_position();
        assert_eq!(tree.kind(), GameKind::Tree);
        assert_eq!(tree.description(), "tree");
    }

    #[test]
    fn the_stone_games_reach_visit_stones() {
        struct Stones;
        impl GameVisitor for Stones {
            type Output = bool;
            fn visit<G: AnyGame>(self, _: &G) -> bool {
                false
            }
            fn visit_stones<G: AnyGame + StoneGame>(self, _: &G) -> bool {
                true
            }
        }
        let mnk = Mnk::new(3, 3, 3, false).unwrap().into_position();
        let dama = Dama::new().into_position();
        assert!(mnk.with_game(Stones));
        assert!(mnk.kind().is_stone_game());
        assert!(!dama.with_game(Stones));
        assert!(!dama.kind().is_stone_game());
    }
}
