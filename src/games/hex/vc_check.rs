//! An independent checker of claimed virtual connections (tests only): exhaustive play
//! inside the carrier, sharing nothing with the H-search of `super::hsearch` but the board.
//!
//! A full connection of `x` and `y` with carrier `C` holds when the owner, with `x` and `y`
//! taken as its own, joins them whatever the opponent plays, the opponent moving first and
//! both players playing only in `C`. Playing outside `C` is no help to the opponent (a
//! stone outside cannot cut a path inside `C`), and neither player gains by passing in Hex
//! (an extra stone never hurts its owner), so play inside `C` decides it. Connectedness is a
//! flood through the owner's stones, not the game's union-find.

use std::collections::HashMap;

use super::Hex;
use crate::game::Player;

/// One end of a connection: an edge of the owner, or a set of cells (a chain's stones, or
/// an empty cell the owner is taken to hold).
#[derive(Clone, Copy, Debug)]
pub enum End {
    Edge { second: bool },
    Cells(u128),
}

/// Checks claimed connections of one owner on one position.
pub struct Checker<'a> {
    game: &'a Hex,
    owner: Player,
}

impl<'a> Checker<'a> {
    pub fn new(game: &'a Hex, owner: Player) -> Checker<'a> {
        Checker { game, owner }
    }

    /// True when the full connection of `x` and `y` with `carrier` holds.
    pub fn full_holds(&self, x: End, y: End, carrier: u128) -> bool {
        self.holds_with(x, y, 0, carrier)
    }

    /// True when the semi connection holds: the owner plays `key`, then the full one on the
    /// rest of the carrier holds.
    pub fn semi_holds(&self, x: End, y: End, key: u128, carrier: u128) -> bool {
        self.holds_with(x, y, key, carrier)
    }

    /// True when the owner, holding its stones, the cells `extra` and the ends, joins `x`
    /// and `y` inside `carrier` with the opponent moving first.
    fn holds_with(&self, x: End, y: End, extra: u128, carrier: u128) -> bool {
        let mut own = self.game.stone_bits[self.owner.index()] | extra;
        for end in [x, y] {
            if let End::Cells(cells) = end {
                own |= cells;
            }
        }
        let other = self.game.stone_bits[self.owner.opponent().index()];
        let mut memo = HashMap::new();
        self.owner_joins(x, y, own, other, carrier & !own, false, &mut memo)
    }

    #[allow(clippy::too_many_arguments)]
    fn owner_joins(
        &self,
        x: End,
        y: End,
        own: u128,
        other: u128,
        free: u128,
        owner_to_move: bool,
        memo: &mut HashMap<(u128, u128, bool), bool>,
    ) -> bool {
        if self.joined(x, y, own) {
            return true;
        }
        if free == 0 {
            return false;
        }
        if let Some(&known) = memo.get(&(own, other, owner_to_move)) {
            return known;
        }
        let mut rest = free;
        let answer = if owner_to_move {
            let mut any = false;
            while rest != 0 {
                let c = rest & rest.wrapping_neg();
                rest &= !c;
                if self.owner_joins(x, y, own | c, other, free & !c, false, memo) {
                    any = true;
                    break;
                }
            }
            any
        } else {
            let mut all = true;
            while rest != 0 {
                let c = rest & rest.wrapping_neg();
                rest &= !c;
                if !self.owner_joins(x, y, own, other | c, free & !c, true, memo) {
                    all = false;
                    break;
                }
            }
            all
        };
        memo.insert((own, other, owner_to_move), answer);
        answer
    }

    /// The cells of the owner's edge, as a set.
    fn edge_cells(&self, second: bool) -> u128 {
        let n = self.game.size();
        let mut set = 0u128;
        for i in 0..n {
            let (x, y) = match (self.owner, second) {
                (Player::Black, false) => (i, 0),
                (Player::Black, true) => (i, n - 1),
                (Player::White, false) => (0, i),
                (Player::White, true) => (n - 1, i),
            };
            set |= 1u128 << (x + y * n);
        }
        set
    }

    /// True when a path of the owner's stones `own` joins `x` and `y` (a flood over the
    /// board's neighbour lists).
    fn joined(&self, x: End, y: End, own: u128) -> bool {
        let start = match x {
            End::Edge { second } => self.edge_cells(second) & own,
            End::Cells(cells) => cells & own,
        };
        let target_cells = match y {
            End::Edge { second } => self.edge_cells(second),
            End::Cells(cells) => cells,
        };
        let mut reached = start;
        let mut frontier = start;
        while frontier != 0 {
            if reached & target_cells != 0 {
                return true;
            }
            let mut next = 0u128;
            let mut f = frontier;
            while f != 0 {
                let p = f.trailing_zeros() as u16;
                f &= f - 1;
                for q in self.game.neighbours(p) {
                    let bit = 1u128 << q;
                    if own & bit != 0 && reached & bit == 0 {
                        next |= bit;
                    }
                }
            }
            reached |= next;
            frontier = next;
        }
        reached & target_cells != 0
    }
}

/// A small deterministic generator (xorshift) for the tests' random positions.
pub fn next(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}

/// A random unfinished position of `size` after `stones` random moves, or `None` when the
/// random game ended first.
pub fn random_position(size: usize, stones: usize, seed: &mut u64) -> Option<Hex> {
    use crate::game::{Game, MoveList};
    let mut g = Hex::new(size).ok()?;
    let mut moves = MoveList::new();
    for _ in 0..stones {
        g.legal_moves(&mut moves);
        if moves.is_empty() {
            return None;
        }
        let p = moves.as_slice()[(next(seed) % moves.len() as u64) as usize];
        g.play(p);
    }
    g.outcome().is_none().then_some(g)
}
