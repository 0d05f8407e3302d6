//! LAMBDA / ATTACK / DEFEND (thesis 000 section 5.1).

use crate::game::Player;
use crate::search::lambda::{LambdaConfig, LambdaGame, LambdaReport, ThreatVerdict};
use crate::search::zone::ZoneScheme;
use crate::search::{Limits, Stats};
use crate::trace::Observer;

/// See [`crate::search::lambda::lambda_search`].
pub fn search_root<G: LambdaGame, O: Observer<G>>(
    _game: &mut G,
    _config: &LambdaConfig,
    _limits: &Limits,
    _observer: &mut O,
) -> LambdaReport<G::Move> {
    LambdaReport {
        verdict: ThreatVerdict::Unknown,
        best_move: None,
        stopped: false,
        stats: Stats::default(),
    }
}

/// See [`crate::search::lambda::lambda_with_zone`].
pub fn search_with_zone<G: LambdaGame, O: Observer<G>>(
    game: &mut G,
    _attacker: Player,
    _level: u8,
    _depth: u32,
    _config: &LambdaConfig,
    _observer: &mut O,
) -> (bool, ZoneScheme) {
    (
        false,
        ZoneScheme::everything(game.zone_points().unwrap_or(0)),
    )
}
