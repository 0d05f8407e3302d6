//! What a game adds to the search's view of it for the board pane ([`BoardGame`]): stone
//! games draw a grid (Hex a slanted rhombus) with marks on empty points; games whose pieces
//! move (Czech checkers, Gobblet) and literal trees draw their text diagram.

use crate::game::{Game, Point, StoneGame};
use crate::games::any::{AnyGame, Position};
use crate::games::atarigo::AtariGo;
use crate::games::dama::{Dama, DamaMove};
use crate::games::hex::Hex;
use crate::games::mnk::Mnk;
use crate::games::tree::TreeGame;
use crate::search::SearchGame;

use super::hex_overlay;
use super::session::{BoardMark, BoardView, HexOverlay, MarkKind};

/// Marks on moves' points and the legend line(s) that say what they are.
pub type Overlay<M> = (Vec<(M, String, MarkKind)>, Option<String>);

/// What a game adds to [`SearchGame`] for the board pane.
pub trait BoardGame: SearchGame {
    /// The board of this position; `last` is the move that reached it.
    /// `overlay` holds marks on moves' points, `legend` says what they are.
    fn board_view(
        &self,
        last: Option<Self::Move>,
        overlay: Vec<(Self::Move, String, MarkKind)>,
        legend: Option<String>,
    ) -> BoardView;

    /// The move that plays on point `p` (zones are per point), if the game has points.
    fn point_move(&self, p: Point) -> Option<Self::Move>;

    /// True when the game reads out its solver's knowledge of a position (Hex).
    const HAS_KNOWLEDGE: bool = false;

    /// The solver's knowledge of this position as board marks and a legend
    /// ([`HexOverlay`]); `None` for games without it or when `view` is off.
    fn knowledge_overlay(&self, _view: HexOverlay) -> Option<Overlay<Self::Move>> {
        None
    }

    /// The solver's knowledge of this position in words, one line each (the node pane of
    /// proof nodes without the carriers' cells, the Why block of their expansions with
    /// them); empty for games without it.
    fn knowledge_lines(&self, _carriers: bool) -> Vec<String> {
        Vec::new()
    }

    /// True when the knowledge prunes moves of this position that the solver's lines
    /// count (the children note then leaves them to those lines).
    fn knowledge_prunes(&self) -> bool {
        false
    }

    /// True when the knowledge decides this position before any move is generated.
    fn knowledge_decides(&self) -> bool {
        false
    }

    /// What decides this position when the knowledge does, short ("decided by Black's
    /// full connection"); `None` otherwise and for games without knowledge.
    fn knowledge_verdict(&self) -> Option<String> {
        None
    }

    /// The connection that decides this position against its mover as df-pn generates it
    /// as a child ("by Black's full connection"); `None` otherwise.
    fn knowledge_loss(&self) -> Option<String> {
        None
    }
}

/// A computation that draws a position of any game: [`with_board_game`] calls `visit` with
/// the typed game, which is also a [`BoardGame`]. Code that needs no board uses the seam's
/// own visitor ([`crate::games::any::GameVisitor`]).
pub trait BoardVisitor: Sized {
    /// What the computation returns.
    type Output;

    /// The computation for any game.
    fn visit<G: BoardGame + AnyGame>(self, game: &G) -> Self::Output;
}

/// Runs `visitor` on the typed game of `position`, as a [`BoardGame`]: the board pane's
/// dispatch over the games, beside the seam's [`Position::with_game`] because the board
/// pane's trait lives in the view layer, above the rules.
pub fn with_board_game<V: BoardVisitor>(position: &Position, visitor: V) -> V::Output {
    match position {
        Position::Mnk(g) => visitor.visit(g),
        Position::AtariGo(g) => visitor.visit(g),
        Position::Hex(g) => visitor.visit(g),
        Position::Tree(g) => visitor.visit(g),
        Position::Dama(g) => visitor.visit(g),
        Position::Gobblet(g) => visitor.visit(g),
    }
}

fn stone_view<G: StoneGame>(
    game: &G,
    hex: bool,
    last: Option<Point>,
    overlay: Vec<(Point, String, MarkKind)>,
    legend: Option<String>,
) -> BoardView {
    BoardView::Stones {
        columns: game.columns(),
        rows: game.rows(),
        hex,
        cells: (0..game.num_points() as Point)
            .map(|p| game.stone(p))
            .collect(),
        last_move: last,
        overlay: overlay
            .into_iter()
            .map(|(point, text, kind)| BoardMark { point, text, kind })
            .collect(),
        legend,
    }
}

impl BoardGame for Mnk {
    fn point_move(&self, p: Point) -> Option<Point> {
        Some(p)
    }

    fn board_view(
        &self,
        last: Option<Point>,
        overlay: Vec<(Point, String, MarkKind)>,
        legend: Option<String>,
    ) -> BoardView {
        stone_view(self, false, last, overlay, legend)
    }
}

impl BoardGame for AtariGo {
    fn point_move(&self, p: Point) -> Option<Point> {
        Some(p)
    }

    fn board_view(
        &self,
        last: Option<Point>,
        overlay: Vec<(Point, String, MarkKind)>,
        legend: Option<String>,
    ) -> BoardView {
        stone_view(self, false, last, overlay, legend)
    }
}

impl BoardGame for Hex {
    fn point_move(&self, p: Point) -> Option<Point> {
        Some(p)
    }

    const HAS_KNOWLEDGE: bool = true;

    fn knowledge_overlay(&self, view: HexOverlay) -> Option<Overlay<Point>> {
        if view == HexOverlay::Off {
            return None;
        }
        let k = self.solver_readout();
        let marks = k
            .as_ref()
            .map_or_else(Vec::new, |k| hex_overlay::marks(self, k, view));
        Some((marks, hex_overlay::legend(self, k.as_ref(), view)))
    }

    fn knowledge_lines(&self, carriers: bool) -> Vec<String> {
        self.solver_readout()
            .map_or_else(Vec::new, |k| hex_overlay::lines(self, &k, carriers))
    }

    fn knowledge_prunes(&self) -> bool {
        self.solver_readout()
            .is_some_and(|k| !k.pruned.is_empty() && !hex_overlay::decides(self, &k))
    }

    fn knowledge_decides(&self) -> bool {
        self.solver_readout()
            .is_some_and(|k| hex_overlay::decides(self, &k))
    }

    fn knowledge_verdict(&self) -> Option<String> {
        self.solver_readout()
            .and_then(|k| hex_overlay::verdict(self, &k))
    }

    fn knowledge_loss(&self) -> Option<String> {
        self.solver_readout()
            .and_then(|k| hex_overlay::lost_to(self, &k))
    }

    fn board_view(
        &self,
        last: Option<Point>,
        overlay: Vec<(Point, String, MarkKind)>,
        legend: Option<String>,
    ) -> BoardView {
        stone_view(self, true, last, overlay, legend)
    }
}

impl BoardGame for TreeGame {
    fn point_move(&self, _p: Point) -> Option<u16> {
        None
    }

    fn board_view(
        &self,
        _last: Option<u16>,
        _overlay: Vec<(u16, String, MarkKind)>,
        _legend: Option<String>,
    ) -> BoardView {
        BoardView::Text(self.diagram())
    }
}

/// Czech checkers is drawn as its text diagram (pieces `x`/`X`, `o`/`O`), like a tree; the
/// move that reached the node is named under it.
impl BoardGame for Dama {
    fn point_move(&self, _p: Point) -> Option<DamaMove> {
        None
    }

    fn board_view(
        &self,
        last: Option<DamaMove>,
        _overlay: Vec<(DamaMove, String, MarkKind)>,
        _legend: Option<String>,
    ) -> BoardView {
        text_with_last_move(self, last)
    }
}

/// Gobblet's board is a text grid of stacks (`X4`, `O1X3`: bottom to top), its reserves and
/// the side to move; the move that reached the node is named under it.
impl BoardGame for crate::games::gobblet::Gobblet {
    fn point_move(&self, _p: Point) -> Option<Self::Move> {
        None
    }

    fn board_view(
        &self,
        last: Option<Self::Move>,
        _overlay: Vec<(Self::Move, String, MarkKind)>,
        _legend: Option<String>,
    ) -> BoardView {
        text_with_last_move(self, last)
    }
}

/// The game's text diagram with the move that reached the node named under it (games whose
/// pieces move: no point overlay).
fn text_with_last_move<G: Game>(game: &G, last: Option<G::Move>) -> BoardView {
    let mut text = game.diagram();
    if let Some(m) = last {
        text.push_str(&format!("last move: {}\n", game.format_move(m)));
    }
    BoardView::Text(text)
}
