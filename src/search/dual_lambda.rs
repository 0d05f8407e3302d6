//! Dual-lambda (mu) search (Suda, *Efficient algorithms for verifying goals in computer games*,
//! definition 2, sections 3.7-3.11, theorem 17).
//!
//! Both players' threats count: an attack move that threatens at order k must also leave the
//! defender no mu-tree of order <= k (definition 2 (ii)); a move failing that is
//! *self-endangering*: it loses, it is excluded from every higher level of the same LAMBDA
//! call, and its defence zone W^s joins the attack zone (theorem 17). When every legal move of
//! the attacker at the root is self-endangering, the position is a proven loss, so the answer
//! is a win (with its level), a loss or unknown. The procedures are those of
//! [`crate::search::lambda::engine`] with `LambdaConfig::dual` set, the root's loss proof
//! (section 3.9) included: it needs the engine's searcher, so it lives beside it.

use crate::game::LambdaGame;
use crate::search::Limits;
use crate::search::lambda::{LambdaConfig, LambdaReport, lambda_search};
use crate::search::observer::Observer;

/// Dual-lambda search for the side to move: [`lambda_search`] with `dual` set.
pub fn dual_lambda_search<G: LambdaGame, O: Observer<G>>(
    game: &mut G,
    config: &LambdaConfig,
    limits: &Limits,
    observer: &mut O,
) -> LambdaReport<G::Move> {
    let config = LambdaConfig {
        dual: true,
        ..*config
    };
    lambda_search(game, &config, limits, observer)
}
