//! The spec of a search the explorer, export and lessons record: the algorithm with its whole
//! configuration (ordering, table, lambda level, proof-number options), the limits, the record
//! budget and the root analysis. Headless solving takes [`crate::run::solve::SolveOptions`],
//! which the command line fills from the same puzzle defaults.

use crate::puzzle::{GameKind, Puzzle};
use crate::search::{Algorithm, Limits, SearchConfig};

/// Which search to run.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct SearchSpec {
    pub config: SearchConfig,
    pub limits: Limits,
    /// The record budget in events (`--record`).
    pub record: u64,
    /// Lambda searches: classify every root move (thesis 000 figures 5.1-5.3,
    /// `search::lambda::analyse_root`) instead of searching for one win.
    pub root_analysis: bool,
    /// Proof-number searches: a draw reaches the goal (the puzzle's `draw = "attacker"`);
    /// otherwise a draw disproves it.
    pub draw_for_attacker: bool,
}

impl SearchSpec {
    /// The search a puzzle asks for: `algorithm` (else the puzzle's own, else its game's
    /// default, `registry::puzzle_algorithm`), the
    /// puzzle's limits; a literal tree is searched in textbook form (no table, generator
    /// order) so the screen matches the seeds' figures.
    pub fn for_puzzle(puzzle: &Puzzle, algorithm: Option<Algorithm>, record: u64) -> SearchSpec {
        let algorithm = algorithm.unwrap_or_else(|| crate::run::registry::puzzle_algorithm(puzzle));
        let mut config = match puzzle.position.kind() {
            GameKind::Tree => SearchConfig::plain(algorithm),
            _ => SearchConfig::for_algorithm(algorithm),
        };
        // Recorded iterative deepening computes every iteration's value, as the iterations
        // pane and the lessons show them (one root search per iteration, its value, its
        // best move); headless solving asks the win/loss question instead
        // (`SearchConfig::win_loss_probes`).
        config.win_loss_probes = false;
        // Nor does it take enhanced transposition cutoffs (`SearchConfig::etc`): a node they
        // decide would show no move searched and no table hit of its own to explain it.
        config.etc = false;
        // Lambda searches: the puzzle's maximum level (the level keys override it).
        if let Some(level) = puzzle.limits.max_level {
            config.lambda.max_level = level.clamp(1, u8::MAX as u32) as u8;
        }
        SearchSpec {
            config,
            limits: puzzle.limits.search_limits(),
            record,
            root_analysis: false,
            draw_for_attacker: puzzle.draw_counts_for_attacker,
        }
    }
}
