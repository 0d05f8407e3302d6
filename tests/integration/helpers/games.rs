//! The games a test runs a search on, chosen through the seam by what the search needs, so
//! a new game joins every such test by its capabilities (`GameKind`), not by a new arm.

use plyscope::games::any::GameVisitor;
use plyscope::puzzle::Position;

/// Runs `visitor` on a game the proof-number searches accept: one whose results do not
/// depend on the path (their tables keep one answer per position); `None` for the others
/// (checkers and Gobblet, whose repetition draws depend on the path).
pub fn on_goal_game<V: GameVisitor>(position: &Position, visitor: V) -> Option<V::Output> {
    (!position.kind().path_dependent()).then(|| position.with_game(visitor))
}

/// Runs `visitor` on a game a threat search can play (a side may pass: the stone games);
/// `None` for the others.
pub fn on_threat_game<V: GameVisitor>(position: &Position, visitor: V) -> Option<V::Output> {
    position
        .kind()
        .has_pass()
        .then(|| position.with_game(visitor))
}
