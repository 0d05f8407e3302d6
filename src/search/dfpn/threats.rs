//! Verified double threats: moves that lose in four plies, left out of a node's moves.
//!
//! In a stable game (Suda, *Efficient algorithms for verifying goals in computer games*,
//! definition 6: an immediate win stays one after any other move that does not end the game)
//! suppose the opponent `O` of the mover `M` has a move `x` after which `O` has two immediate wins
//! and `M` none (a double threat, the lambda-1 threat of Suda, section 3.3). A move `y` of `M` is
//! *refuted* when, after `y` and `O`'s reply `x`, the game is not over (or `O` has won), `M` has no
//! immediate win and `O` has two: `M` can take only one of them and, by stability, the other still
//! wins. Such a `y` loses in four plies, so a search may drop it without changing any node's value:
//! it is checked move by move on the board, not inferred from a zone. Every move on `x` or on one
//! of `O`'s winning points is kept unchecked (the refutation needs them empty).
//!
//! This is the concrete, verified form of Suda's defence zones (theorem 15 and section 5.4.3: the
//! defender must play inside the zone of the attacker's threat); plain df-pn uses it as Benzene
//! uses its must-play regions.

use crate::game::{MoveList, Outcome};
use crate::search::LambdaGame;

/// Removes from `moves` (the mover's candidates) those refuted by a double threat of the
/// opponent found by trying every opponent move after a pass; returns how many were removed.
/// Does nothing in unstable games or games without a pass. Leaves the position as found.
pub fn drop_refuted<G: LambdaGame>(game: &mut G, moves: &mut MoveList<G::Move>) -> u32 {
    if !game.is_stable() || !game.can_pass() || moves.len() < 2 {
        return 0;
    }
    let mover = game.to_move();
    let opponent = mover.opponent();
    let mut candidates = MoveList::new();
    let mut wins = MoveList::new();
    // Step 1: the opponent's double threat, if any (the first in its move order).
    game.pass();
    game.legal_moves(&mut candidates);
    let mut threat = None;
    for &x in candidates.iter() {
        game.play(x);
        if game.outcome().is_none() {
            // Two wins of the opponent first: the rarer condition, and a shorter scan.
            game.winning_moves(opponent, &mut wins, 2);
            if wins.len() >= 2 && game.winning_move(mover).is_none() {
                game.winning_moves(opponent, &mut wins, 8);
                threat = Some(x);
            }
        }
        game.undo(x);
        if threat.is_some() {
            break;
        }
    }
    game.unpass();
    let Some(x) = threat else {
        return 0;
    };
    // Step 2: check every other move of the mover against it.
    let mut kept = 0;
    let total = moves.len();
    let mut scratch = MoveList::new();
    for i in 0..total {
        let y = moves.as_slice()[i];
        let keep = y == x || wins.contains(&y) || !refuted(game, y, x, &mut scratch);
        if keep {
            moves.as_mut_slice()[kept] = y;
            kept += 1;
        }
    }
    moves.truncate(kept);
    (total - kept) as u32
}

/// True when after the mover's `y` and the opponent's `x` the opponent has won or has two
/// immediate wins while the mover has none.
fn refuted<G: LambdaGame>(
    game: &mut G,
    y: G::Move,
    x: G::Move,
    scratch: &mut MoveList<G::Move>,
) -> bool {
    let mover = game.to_move();
    let opponent = mover.opponent();
    game.play(y);
    let mut result = false;
    if game.outcome().is_none() {
        game.legal_moves(scratch);
        if scratch.contains(&x) {
            game.play(x);
            result = match game.outcome() {
                Some(Outcome::Win(p)) => p == opponent,
                Some(_) => false,
                None => {
                    game.winning_moves(opponent, scratch, 2);
                    scratch.len() >= 2 && game.winning_move(mover).is_none()
                }
            };
            game.undo(x);
        }
    }
    game.undo(y);
    result
}
