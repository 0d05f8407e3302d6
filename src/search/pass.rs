//! Passing, for the null-move heuristic (seed 002 7.1.2): the side to move gives up its turn
//! and the opponent moves twice. The rules-only [`Game`] trait has no pass, so this small
//! trait supplies one where the game allows it: every [`StoneGame`] can pass through
//! `set_to_move` (threat search needs that anyway), and games without a pass keep the
//! default "cannot pass", which simply turns the null move off for them.

use crate::game::{Game, StoneGame};
use crate::games::tree::TreeGame;

/// A game whose side to move may pass in a search (never in the real game).
pub trait Pass: Game {
    /// True when [`Pass::pass`] may be called in this position.
    fn can_pass(&self) -> bool {
        false
    }

    /// Gives the turn to the opponent without a move. Changes the key.
    fn pass(&mut self) {}

    /// Takes back [`Pass::pass`].
    fn unpass(&mut self) {}
}

impl<G: StoneGame> Pass for G {
    fn can_pass(&self) -> bool {
        self.outcome().is_none()
    }

    fn pass(&mut self) {
        let other = self.to_move().opponent();
        self.set_to_move(other);
    }

    fn unpass(&mut self) {
        let other = self.to_move().opponent();
        self.set_to_move(other);
    }
}

/// A literal tree has no pass: its children are all there is.
impl Pass for TreeGame {}
