//! Passing, for the null-move heuristic (seed 002 7.1.2): the side to move gives up its turn
//! and the opponent moves twice. The rules-only [`Game`] trait has no pass, so this small
//! trait supplies one where the game allows it: every [`StoneGame`] can pass through
//! `set_to_move` (threat search needs that anyway), and games without a pass keep the
//! default "cannot pass", which simply turns the null move off for them.

use crate::game::{Game, StoneGame};
use crate::games::dama::Dama;
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

/// Czech checkers has no pass, and zugzwang is common (a blocked side loses): no null move.
impl Pass for Dama {}

/// No pass in Gobblet: the null move is off.
impl Pass for crate::games::gobblet::Gobblet {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Player;
    use crate::games::atarigo::AtariGo;
    use crate::games::mnk::Mnk;

    #[test]
    fn stone_games_pass_and_take_it_back() {
        let mut g = Mnk::new(3, 3, 3, false).unwrap();
        g.play(4);
        let key = g.key();
        assert!(g.can_pass());
        g.pass();
        assert_eq!(g.to_move(), Player::Black);
        assert_ne!(g.key(), key, "the side to move is part of the key");
        g.unpass();
        assert_eq!(g.to_move(), Player::White);
        assert_eq!(g.key(), key);
        let mut a = AtariGo::new(3, 3).unwrap();
        a.pass();
        assert_eq!(a.to_move(), Player::White);
        a.unpass();
        assert_eq!(a.key(), AtariGo::new(3, 3).unwrap().key());
    }

    #[test]
    fn trees_cannot_pass() {
        let g = TreeGame::parse("(a 1 2)").unwrap();
        assert!(!g.can_pass());
    }
}
