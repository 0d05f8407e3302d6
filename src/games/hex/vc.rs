//! Virtual connections of bridges and must-play regions (the task's idea 2; Anshelevich's
//! virtual connections as Benzene uses them; thesis 000, theorem 15 for the defence zone).
//!
//! # Virtual connections built from bridges
//!
//! Seen from the *owner* (the player not to move), the *groups* are the owner's two edges
//! (each with the chains already joined to it) and every other chain of the owner. A group
//! *touches* an empty point when a stone of the owner there would join the group: the point
//! is next to one of its stones, or lies on the edge for an edge group. Two groups that
//! touch two common empty points form a *bridge*: if the mover takes one of the points, the
//! owner takes the other and the groups are joined. A path of bridges from the first edge to
//! the second whose point pairs (the *carriers*) are pairwise disjoint is a *virtual
//! connection*: whatever the mover plays, it lies in at most one carrier, and the owner
//! answers in the same carrier, so every bridge holds and the owner joins its edges. The
//! side to move has then lost: [`crate::game::Tactics::is_lost`]. (Edge templates of row 2
//! are bridges to an edge group: a stone on the second row touches two empty edge points.)
//!
//! # Must-play regions
//!
//! If the owner, by playing one empty point `x`, would get such a virtual connection with
//! carrier `C`, then every move of the mover outside `{x} ∪ C` loses: the owner answers on
//! `x` and holds the connection (the move left it intact). This is the defence zone of
//! thesis 000, theorem 15 (the defender of a won threat must play in its zone), with the
//! threat verified by construction instead of by search. Every `x` that works gives such a
//! region; the mover must play in all of them, so in their intersection, and an empty
//! intersection means the mover has lost ([`crate::game::Tactics::must_play`]).
//!
//! The search for a path is depth-first over the groups with a step budget and takes the
//! two lowest common points of each bridge: it may miss connections (then it claims
//! nothing), never invent one, since every claim is a path whose carriers it checked
//! disjoint. The differential tests compare both claims with exhaustive search.

use super::Hex;
use super::bits::Masks;
use crate::game::{MoveList, Player, Point};

/// Most groups handled; a position with more owner chains is left alone (no claim).
const MAX_GROUPS: usize = 32;
/// Steps of one path search: past it the search claims nothing.
const STEP_BUDGET: u32 = 400;

/// The owner's groups as the empty points each touches; group 0 is the first edge, group 1
/// the second.
#[derive(Clone, Copy)]
struct Groups {
    touch: [u128; MAX_GROUPS],
    len: usize,
}

impl Groups {
    /// The groups after the owner plays the empty point `x` (a bitboard of one point): `x`
    /// joins every group that touches it. `None` when that joins both edges.
    fn with_stone(&self, x: u128, masks: &Masks, empty: u128) -> Option<Groups> {
        let mut out = Groups {
            touch: [0; MAX_GROUPS],
            len: 2,
        };
        let mut merged = masks.neighbours(x);
        for i in 2..self.len {
            if self.touch[i] & x != 0 {
                merged |= self.touch[i];
            } else {
                out.touch[out.len] = self.touch[i];
                out.len += 1;
            }
        }
        let (on_first, on_second) = (self.touch[0] & x != 0, self.touch[1] & x != 0);
        if on_first && on_second {
            return None;
        }
        out.touch[0] = self.touch[0];
        out.touch[1] = self.touch[1];
        if on_first {
            out.touch[0] |= merged;
        } else if on_second {
            out.touch[1] |= merged;
        } else {
            out.touch[out.len] = merged;
            out.len += 1;
        }
        let free = empty & !x;
        for t in out.touch[..out.len].iter_mut() {
            *t &= free;
        }
        Some(out)
    }

    /// The carrier of a path of bridges with disjoint carriers from group 0 to group 1, if
    /// the budgeted search finds one.
    fn connection(&self) -> Option<u128> {
        let mut steps = STEP_BUDGET;
        self.extend(0, 0, 1, &mut steps)
    }

    /// Depth-first: a path from `group` (reached with carrier `used`, the groups in
    /// `visited` already on the path) to group 1.
    fn extend(&self, group: usize, used: u128, visited: u32, steps: &mut u32) -> Option<u128> {
        if *steps == 0 {
            return None;
        }
        *steps -= 1;
        // The second edge first, then the chains in order.
        let order = std::iter::once(1).chain(2..self.len);
        for next in order {
            if visited >> next & 1 == 1 {
                continue;
            }
            let common = self.touch[group] & self.touch[next] & !used;
            if common.count_ones() < 2 {
                continue;
            }
            let low = common & common.wrapping_neg();
            let rest = common & !low;
            let pair = low | (rest & rest.wrapping_neg());
            if next == 1 {
                return Some(used | pair);
            }
            if let Some(carrier) = self.extend(next, used | pair, visited | 1 << next, steps) {
                return Some(carrier);
            }
        }
        None
    }
}

impl Hex {
    /// The groups of `owner` on a board with bitboards; `None` on bigger boards or with too
    /// many chains.
    fn owner_groups(&self, owner: Player) -> Option<(Groups, &Masks, u128)> {
        let masks = self.tables.masks.as_ref()?;
        let empty = masks.board() & !self.occupied;
        let (a, b) = self.edge_nodes(owner);
        let first = self.members[self.find(a) as usize];
        let second = self.members[self.find(b) as usize];
        let mut groups = Groups {
            touch: [0; MAX_GROUPS],
            len: 2,
        };
        groups.touch[0] = (masks.edge(owner, false) | masks.neighbours(first)) & empty;
        groups.touch[1] = (masks.edge(owner, true) | masks.neighbours(second)) & empty;
        let mut rest = self.stone_bits[owner.index()] & !first & !second;
        while rest != 0 {
            if groups.len == MAX_GROUPS {
                return None;
            }
            let p = rest.trailing_zeros() as Point;
            let chain = self.members[self.find(p) as usize];
            rest &= !chain;
            groups.touch[groups.len] = masks.neighbours(chain) & empty;
            groups.len += 1;
        }
        Some((groups, masks, empty))
    }

    /// [`crate::game::Tactics::is_lost`]: the player not to move holds a virtual
    /// connection of bridges (module doc).
    pub(super) fn opponent_connected(&self) -> bool {
        if self.winner.is_some() {
            return false;
        }
        self.owner_groups(self.to_move.opponent())
            .is_some_and(|(groups, _, _)| groups.connection().is_some())
    }

    /// [`crate::game::Tactics::must_play`]: the intersection of the regions `{x} ∪ C` of
    /// every one-move connection of the player not to move (module doc); every empty point
    /// when there is none. False only where no analysis was made (boards over 11x11, too
    /// many chains).
    pub(super) fn write_must_play(&self, out: &mut MoveList<Point>) -> bool {
        out.clear();
        if self.winner.is_some() {
            return false;
        }
        let Some((groups, masks, empty)) = self.owner_groups(self.to_move.opponent()) else {
            return false;
        };
        if groups.connection().is_some() {
            return true;
        }
        let mut region = empty;
        let mut keys = empty;
        while keys != 0 && region != 0 {
            let x = keys & keys.wrapping_neg();
            keys &= !x;
            let carrier = match groups.with_stone(x, masks, empty) {
                // An immediate win of the owner: the region is its point.
                None => Some(0),
                Some(after) => after.connection(),
            };
            if let Some(carrier) = carrier {
                region &= carrier | x;
            }
        }
        // Without a connection the region is every empty point: still an answer, since a
        // double threat of the owner would have been found (its key point leaves the two
        // edge groups touching two common points, a bridge).
        while region != 0 {
            out.push(region.trailing_zeros() as Point);
            region &= region - 1;
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Tactics};

    /// Exhaustive negamax: true when the side to move wins.
    fn mover_wins(g: &mut Hex) -> bool {
        if let Some(crate::game::Outcome::Win(p)) = g.outcome() {
            return p == g.to_move();
        }
        let mut moves = MoveList::new();
        g.legal_moves(&mut moves);
        for &m in moves.iter() {
            g.play(m);
            let opponent_wins = mover_wins(g);
            g.undo(m);
            if !opponent_wins {
                return true;
            }
        }
        false
    }

    fn next(seed: &mut u64) -> u64 {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed
    }

    /// A random unfinished position of `size` with at most `empties` empty points, or
    /// `None` when the random game ended first.
    fn random_position(size: usize, empties: usize, seed: &mut u64) -> Option<Hex> {
        let mut g = Hex::new(size).unwrap();
        let mut moves = MoveList::new();
        while size * size - g.stones > empties {
            g.legal_moves(&mut moves);
            if moves.is_empty() {
                return None;
            }
            let p = moves.as_slice()[(next(seed) % moves.len() as u64) as usize];
            g.play(p);
        }
        g.outcome().is_none().then_some(g)
    }

    #[test]
    fn a_bridge_to_both_edges_is_a_connection() {
        // 3x3, Black b2 and White to move: b2's neighbours on row 1 are b1 and c1, on row 3
        // a3 and b3, two bridges to Black's edges, so White has lost.
        let mut g = Hex::new(3).unwrap();
        g.play(4); // Black b2
        assert!(g.is_lost());
        let mut region = MoveList::new();
        assert!(g.must_play(&mut region));
        assert!(region.is_empty());
    }

    #[test]
    fn claims_agree_with_exhaustive_search_on_random_positions() {
        let mut seed = 0x5eed_1234_abcd_0001u64;
        let (mut lost_claims, mut region_claims, mut pruned_moves) = (0, 0, 0);
        let mut region = MoveList::new();
        let mut moves = MoveList::new();
        for size in 2..=5 {
            for _ in 0..300 {
                let Some(mut g) = random_position(size, 9, &mut seed) else {
                    continue;
                };
                let mover = g.to_move();
                // The hooks are called when the side to move cannot win at once.
                if g.winning_move(mover).is_some() {
                    continue;
                }
                if g.is_lost() {
                    lost_claims += 1;
                    assert!(!mover_wins(&mut g), "claimed lost:\n{}", g.diagram());
                }
                if g.must_play(&mut region) {
                    region_claims += 1;
                    g.legal_moves(&mut moves);
                    for &y in moves.iter() {
                        if region.contains(&y) {
                            continue;
                        }
                        pruned_moves += 1;
                        g.play(y);
                        let reply_wins = mover_wins(&mut g);
                        g.undo(y);
                        assert!(
                            reply_wins,
                            "{} outside the region {:?} does not lose:\n{}",
                            g.format_move(y),
                            region.as_slice(),
                            g.diagram()
                        );
                    }
                }
            }
        }
        // The test exercises every claim.
        eprintln!(
            "claims: lost {lost_claims}, regions {region_claims}, moves pruned {pruned_moves}"
        );
        assert!(lost_claims > 30, "{lost_claims}");
        assert!(region_claims > 400, "{region_claims}");
        assert!(pruned_moves > 1500, "{pruned_moves}");
    }
}
