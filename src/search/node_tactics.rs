//! A game's solving knowledge at a node, for every proof search (df-pn, PNS and PN²,
//! lambda-df-pn's last stage): the steps of an expansion that come after the one-move
//! tactics, read through the [`Tactics`] hooks of `src/game.rs`.
//!
//! The idea is Benzene's (Arneson, Hayward and Henderson, "Monte Carlo Tree Search in Hex"
//! and "Solving 8x8 Hex", 2009/2010; Hayward et al., "Solving 7x7 Hex", 2003): virtual
//! connections decide nodes before any child is searched, and the opponent's semi
//! connections cut the mover's moves to the *must-play region*, the intersection of their
//! carriers (Suda, *Efficient algorithms for verifying goals in computer games*, theorem 15 for
//! the general defence zone). For a node whose mover has no immediate win, in a stable game:
//!
//! 1. A proven win of the mover beyond one move ([`Tactics::winning_key`]; Hex: the key of
//!    its edges' semi connection): the node is won, the key its move.
//! 2. The must-play region ([`Tactics::must_play`]): moves outside it lose, so they are not
//!    searched; an empty region, or a game without regions that says the mover has lost
//!    ([`Tactics::is_lost`]; Hex: the opponent owns a full edge-to-edge connection), loses.
//! 3. A game without a region may let the caller drop moves by its own means (df-pn: the
//!    double threats of `dfpn::threats`).
//! 4. Inferior moves ([`Tactics::drop_inferior`]; Hex: dead, captured and vulnerable cells),
//!    unless the caller must name every winning move (the rule of the hook's doc).
//!
//! Games that know nothing answer with the hooks' defaults, so for them this changes no
//! move list: every legal move stays, and no node is decided.

use crate::game::{MoveList, Tactics};

/// What the game's knowledge decided about a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeDecision<M> {
    /// The mover wins with this move against every defence (step 1).
    Won(M),
    /// The mover loses whatever it plays (step 2: an empty region, or the game's own verdict).
    Lost,
    /// The moves left in the list are the ones to search; `pruned` moves were dropped
    /// (outside the region, by the caller's own step, or inferior). `region` is true when the
    /// game gave a must-play region.
    Moves { pruned: u32, region: bool },
}

/// Whether inferior moves may be dropped (step 4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Inferior {
    /// Drop them: the search needs one winning move, not all of them.
    Drop,
    /// Keep them: the caller must name every winning move (a root classification).
    Keep,
}

/// Applies the game's knowledge (steps 1-4 of the module doc) to `moves`, the mover's
/// candidate moves (its legal moves, or fewer), in their order. The game must not be over
/// and the mover must have no immediate win (the hooks' precondition). `no_region` is step
/// 3: called only when the game gave no region, it drops moves from the list and returns
/// how many. In an unstable game nothing is asked and nothing dropped.
pub fn apply<G: Tactics>(
    game: &mut G,
    moves: &mut MoveList<G::Move>,
    inferior: Inferior,
    no_region: impl FnOnce(&mut G, &mut MoveList<G::Move>) -> u32,
) -> NodeDecision<G::Move> {
    if !game.is_stable() {
        return NodeDecision::Moves {
            pruned: 0,
            region: false,
        };
    }
    // Step 1: the mover's proven win.
    if let Some(key) = game.winning_key() {
        return NodeDecision::Won(key);
    }
    // Step 2: the must-play region; an empty one, or a proven loss, decides.
    let mut region = MoveList::new();
    let has_region = game.must_play(&mut region);
    let mut pruned = 0;
    if has_region {
        if region.is_empty() {
            return NodeDecision::Lost;
        }
        pruned += keep_only(moves, &region);
    } else {
        if game.is_lost() {
            return NodeDecision::Lost;
        }
        // Step 3: the caller's own pruning.
        pruned += no_region(game, moves);
    }
    // Step 4: inferior moves.
    if inferior == Inferior::Drop {
        pruned += game.drop_inferior(moves);
    }
    NodeDecision::Moves {
        pruned,
        region: has_region,
    }
}

/// The starting size of a new node's search from the game's knowledge: `Some(0)` when the
/// mover has lost (an empty must-play region, or [`Tactics::is_lost`]), `Some(n)` for a
/// must-play region of `n` moves, `None` when the game knows nothing (then the caller counts
/// the legal moves). The mover must have no immediate win. `scratch` is overwritten.
pub fn region_size<G: Tactics>(game: &G, scratch: &mut MoveList<G::Move>) -> Option<u32> {
    if !game.is_stable() {
        return None;
    }
    if game.must_play(scratch) {
        return Some(scratch.len() as u32);
    }
    game.is_lost().then_some(0)
}

/// Keeps the moves that are in `region`, in their order; returns how many were dropped.
pub fn keep_only<M: Copy + Default + PartialEq>(
    moves: &mut MoveList<M>,
    region: &MoveList<M>,
) -> u32 {
    let total = moves.len();
    let mut kept = 0;
    for i in 0..total {
        let mv = moves.as_slice()[i];
        if region.contains(&mv) {
            moves.as_mut_slice()[kept] = mv;
            kept += 1;
        }
    }
    moves.truncate(kept);
    (total - kept) as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::games::mnk::Mnk;

    #[test]
    fn keep_only_keeps_the_order_and_counts_the_rest() {
        let mut moves: MoveList<u16> = MoveList::new();
        for m in [5, 1, 4, 2, 3] {
            moves.push(m);
        }
        let mut region = MoveList::new();
        for m in [3, 5, 2] {
            region.push(m);
        }
        assert_eq!(keep_only(&mut moves, &region), 2);
        assert_eq!(moves.as_slice(), &[5, 2, 3]);
    }

    #[test]
    fn a_game_without_knowledge_keeps_every_move() {
        // m,n,k answers the hooks' defaults: nothing is decided, nothing dropped, and the
        // caller's own step runs.
        let mut game = Mnk::new(3, 3, 3, false).unwrap();
        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        let before = moves.as_slice().to_vec();
        let mut called = false;
        let found = apply(&mut game, &mut moves, Inferior::Drop, |_, _| {
            called = true;
            0
        });
        assert_eq!(
            found,
            NodeDecision::Moves {
                pruned: 0,
                region: false
            }
        );
        assert!(called);
        assert_eq!(moves.as_slice(), &before[..]);
        assert_eq!(region_size(&game, &mut moves), None);
    }
}
