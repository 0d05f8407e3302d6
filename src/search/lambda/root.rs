//! Root analysis (thesis 000 figures 5.1-5.3).

use crate::search::Limits;
use crate::search::lambda::{LambdaConfig, LambdaGame, RootAnalysis};
use crate::trace::Observer;

/// See [`crate::search::lambda::analyse_root`].
pub fn analyse<G: LambdaGame, O: Observer<G>>(
    _game: &mut G,
    _config: &LambdaConfig,
    _limits: &Limits,
    _observer: &mut O,
) -> RootAnalysis<G::Move> {
    RootAnalysis {
        moves: Vec::new(),
        stopped: false,
        stats: Default::default(),
    }
}
