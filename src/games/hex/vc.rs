//! What the virtual connections of H-search (submodule `hsearch`) decide for the solvers:
//! positions lost for the side to move, and the must-play region of the side to move
//! (Hayward et al., "Solving 7x7 Hex", 2003; Henderson, Arneson and Hayward, "Solving 8x8
//! Hex", 2009, section 3; Suda, *Efficient algorithms for verifying goals in computer games*,
//! theorem 15 for the defence zone).
//!
//! - **Lost.** When the player not to move (the *owner*) holds a full connection of its
//!   two edges, it joins them whatever the side to move plays: the side to move has lost
//!   ([`crate::game::Tactics::is_lost`]).
//! - **Won.** When the side to move holds a semi connection of its edges, its key wins
//!   ([`crate::game::Tactics::winning_key`]).
//! - **Must-play.** Every semi connection of the owner's edges (carrier `C`, key `k`) is a
//!   threat: a move of the side to move outside `C` leaves it intact, the owner plays `k`
//!   and holds a full connection. So the side to move must play inside every such carrier,
//!   in their intersection; an empty intersection means it has lost
//!   ([`crate::game::Tactics::must_play`]). An immediate win of the owner is a semi with a
//!   one-cell carrier, and two of them make a full connection by the OR rule, so the
//!   region covers every double threat, as the trait asks.
//!
//! H-search runs on the position with its inferior cells filled in (submodule `inferior`):
//! the same value, and more of the owner's stones. A move into a cell the owner captured
//! is answered inside the pattern, so it loses nothing by itself: such cells stay in the
//! region (the solvers then drop them as inferior).
//!
//! H-search may miss connections (its bounds), never invent one; the differential tests
//! below compare both claims with exhaustive search.

use super::Hex;
use crate::game::{MoveList, Point};

impl Hex {
    /// [`crate::game::Tactics::is_lost`]: the player not to move holds a full connection
    /// of its edges (module doc).
    pub(super) fn opponent_connected(&self) -> bool {
        if self.winner.is_some() {
            return false;
        }
        self.edge_connections(self.to_move.opponent())
            .is_some_and(|c| c.full.is_some())
    }

    /// [`crate::game::Tactics::winning_key`]: the key of the side to move's smallest
    /// edge-to-edge semi connection; with a full one, its first carrier cell (any move keeps
    /// a full connection, since an own stone never hurts).
    pub(super) fn own_winning_key(&self) -> Option<Point> {
        if self.winner.is_some() {
            return None;
        }
        let connections = self.edge_connections(self.to_move)?;
        if let Some(carrier) = connections.full {
            let empty = self.tables.masks.as_ref()?.board() & !self.occupied;
            // With the fill-in alone joining the edges, any move wins; take one the
            // fill-in left empty when there is one.
            let unfilled = empty & !self.inferior_cells().map_or(0, |c| c.all());
            let cell = if carrier != 0 {
                carrier
            } else if unfilled != 0 {
                unfilled
            } else {
                empty
            };
            return (cell != 0).then(|| cell.trailing_zeros() as Point);
        }
        connections.semi.map(|(key, _)| key)
    }

    /// [`crate::game::Tactics::must_play`]: the intersection of the carriers of the semi
    /// connections of the player not to move; empty when it holds a full one; every empty
    /// point when it has neither. False only where no analysis was made (boards over
    /// 11x11).
    pub(super) fn write_must_play(&self, out: &mut MoveList<Point>) -> bool {
        out.clear();
        if self.winner.is_some() {
            return false;
        }
        let Some(connections) = self.edge_connections(self.to_move.opponent()) else {
            return false;
        };
        if connections.full.is_some() {
            return true;
        }
        let empty = self
            .tables
            .masks
            .as_ref()
            .map_or(0, |m| m.board() & !self.occupied);
        // No threat known: every move. Otherwise the cells in every threat's carrier, and
        // the cells the owner captured (a move there is answered inside the pattern and
        // loses nothing by itself; the solvers drop it as inferior).
        let mut region = if connections.semis == 0 {
            empty
        } else {
            (connections.semi_intersection | connections.owner_captured) & empty
        };
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

    /// A random unfinished position of `size` with at most `empties` empty points.
    fn random_position(size: usize, empties: usize, seed: &mut u64) -> Option<Hex> {
        super::super::vc_check::random_position(size, (size * size).saturating_sub(empties), seed)
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
