//! What a search sets out to answer, in one line for the explorer's header, so that a student
//! can tell what is being proved. The proof-number family proves or disproves a goal of the
//! side to move at the root, the attacker (Hric and Baudiš, *Game algorithms, lecture 4: Proof
//! number search, Lambda search*: the attacker's win, a draw counting for the defender unless the
//! puzzle says `draw = "attacker"`, as `solve` reports under `goal`); the threat searches ask
//! whether the side to move wins by threats (Suda, *Efficient algorithms for verifying goals in
//! computer games*, section 3), dual-lambda for either side; the alpha-beta family computes the
//! position's value for the side to move.

use crate::game::Player;
use crate::puzzle::{GameKind, Puzzle};
use crate::search::Algorithm;

/// "goal: Black to move and win", "goal: White to move, a win or a draw", "goal: the value,
/// Black to move"; `draw_for_attacker` is the run's (the puzzle's `draw`).
pub fn text(puzzle: &Puzzle, algorithm: Algorithm, draw_for_attacker: bool) -> String {
    let kind = GameKind::of(&puzzle.position);
    let mover = puzzle.position.to_move();
    let who = mover.title();
    // Hex has no draws: saying whom one counts for would only puzzle.
    let draws = kind != GameKind::Hex;
    if algorithm.is_proof_search() {
        return match (draws, draw_for_attacker) {
            (false, _) => format!("goal: {who} to move and win"),
            (true, false) => format!("goal: {who} to move and win (a draw fails)"),
            (true, true) => format!("goal: {who} to move, a win or a draw"),
        };
    }
    match algorithm {
        Algorithm::Lambda => format!("goal: {who} to move and win by threats"),
        Algorithm::DualLambda => format!(
            "goal: a win by threats for {who} (to move) or {}",
            mover.opponent().title()
        ),
        _ if kind == GameKind::Tree => {
            format!("goal: the value, {} (MAX) to move", Player::Black.title())
        }
        _ => format!("goal: the value, {who} to move"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle;

    #[test]
    fn each_family_says_what_it_answers() {
        let hex = puzzle::load("hex-6x6").unwrap();
        assert_eq!(
            text(&hex, Algorithm::DfPn, false),
            "goal: Black to move and win"
        );
        let ttt = puzzle::load("tictactoe").unwrap();
        assert_eq!(
            text(&ttt, Algorithm::Pns, false),
            "goal: Black to move and win (a draw fails)"
        );
        assert_eq!(
            text(&ttt, Algorithm::Pns, true),
            "goal: Black to move, a win or a draw"
        );
        assert_eq!(
            text(&ttt, Algorithm::Lambda, false),
            "goal: Black to move and win by threats"
        );
        assert_eq!(
            text(&ttt, Algorithm::AlphaBeta, false),
            "goal: the value, Black to move"
        );
        let tree = puzzle::load("tree-abc").unwrap();
        assert_eq!(
            text(&tree, Algorithm::AlphaBeta, false),
            "goal: the value, Black (MAX) to move"
        );
    }
}
