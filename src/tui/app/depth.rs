//! The depth-limit key (action `cycle_depth_limit`, `@`): cycles the
//! alpha-beta / minimax depth limit through [`DEPTH_LIMITS`] and searches again, for
//! horizon examples (Kotrč, *Gobblet analysed with AI methods*, on the horizon effect: a search cut
//! at depth d misjudges what happens at d + 1). The status line's limits show it (`depth 3`).
//! Threat and proof-number searches have no depth limit in this sense, and say so.

use super::App;

/// The limits the key cycles through; `None` is the puzzle's own.
pub const DEPTH_LIMITS: [Option<u32>; 8] = [
    None,
    Some(1),
    Some(2),
    Some(3),
    Some(4),
    Some(5),
    Some(6),
    Some(8),
];

/// `@`: the next depth limit, and a new search.
pub fn cycle(app: &mut App) {
    if app.is_lambda() || app.is_proof() {
        app.message = Some(
            "the depth limit belongs to the alpha-beta family and minimax (a: algorithm)"
                .to_string(),
        );
        return;
    }
    let at = DEPTH_LIMITS
        .iter()
        .position(|&d| d == app.depth_limit)
        .unwrap_or(0);
    app.depth_limit = DEPTH_LIMITS[(at + 1) % DEPTH_LIMITS.len()];
    app.restart();
    app.message = Some(match app.depth_limit {
        Some(d) => format!("depth limit {d}: searching again"),
        None => match app.spec.limits.max_depth {
            Some(d) => format!("the puzzle's depth limit ({d}): searching again"),
            None => "no depth limit: searching again".to_string(),
        },
    });
}
