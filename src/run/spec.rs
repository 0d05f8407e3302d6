//! The spec of a search: what every front end runs, headless or recorded. The algorithm
//! with the settings of every engine family (ordering, table, lambda level, proof-number
//! options, threads), the limits, the record budget, the root analysis and the goal.
//!
//! Every front end starts from one set of defaults per puzzle ([`SearchSpec::defaults`]),
//! so `solve`, `compare`, `bench`, the explorer, the split view, `export` and lessons count
//! the same nodes for the same puzzle, algorithm and settings:
//! - a literal tree is searched in textbook form (no table, generator order: `--ordering
//!   none`), so the counts and cutoffs are the textbooks' figures;
//! - a game is searched with the engines' defaults (every move-ordering technique, a 64 MiB
//!   table, the exact tactics);
//! - the puzzle's lambda level for lambda search and lambda-df-pn alike, its limits, and no
//!   depth limit for the proof-number family (which solves to the end of the game).
//!
//! The two constructors add what their use needs, and a recorded run differs from a
//! headless one only where the screen needs it, which the screens name
//! ([`crate::run::aids::Used::short`] in the split headers, [`crate::run::aids::used`] in
//! compare's "what each run used"; [`SearchSpec::recorded_differences`] lists them):
//! - [`SearchSpec::headless`] (solve, compare, bench, gtp, play, shards) classifies the
//!   root moves when the puzzle lists its winning moves (their nodes are counted apart);
//! - [`SearchSpec::for_puzzle`] (the explorer, export, lessons) computes every iteration's
//!   value in iterative deepening (headless asks the win/loss question instead), and takes
//!   no enhanced transposition cutoffs (a node they decide would show no move searched).
//!   Both settings matter on games only: a literal tree has neither.
//!
//! [`Settings`] carries what a command line sets on every front end alike (`--ordering`).
//!
//! The engine settings of each family come out of the spec in one place:
//! [`SearchSpec::alpha_beta_config`], [`SearchSpec::lambda_config`] and
//! [`SearchSpec::proof_config`], and [`SearchSpec::family`] names the family a run
//! dispatches on.

use crate::puzzle::{GameKind, Puzzle};
use crate::run::registry::{self, Family};
use crate::search::config::MoveOrdering;
use crate::search::lambda::LambdaConfig;
use crate::search::proof::ProofConfig;
use crate::search::{Algorithm, Enhancement, Limits, SearchConfig};

/// Which search to run.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct SearchSpec {
    /// The algorithm and the settings of every family's engine (the alpha-beta family's
    /// ordering and table, `lambda` for threat searches, `proof` for the proof-number
    /// family). Change the settings every family shares through the setters
    /// ([`SearchSpec::set_table_mb`], [`SearchSpec::set_max_level`], ...).
    pub config: SearchConfig,
    pub limits: Limits,
    /// The record budget in events (`--record`); 0 for a headless run.
    pub record: u64,
    /// Classify every root move: lambda searches run the root analysis (one threat search
    /// per move, `search::lambda::analyse_root`), the proof-number family one search per
    /// opening; a headless alpha-beta run searches each move when the root is a win, to
    /// report the full set of winning first moves.
    pub root_analysis: bool,
    /// Proof-number searches: a draw reaches the goal (the puzzle's `draw = "attacker"`);
    /// otherwise a draw disproves it.
    pub draw_for_attacker: bool,
    /// The alpha-beta family: this enhancement turned off, to measure it alone
    /// (`solve --without`, `bench --ablate`); `None` for the settings of `config`. Applied
    /// by [`SearchSpec::alpha_beta_config`], so `config.tt_mb` stays the table asked for.
    #[serde(skip)]
    pub without: Option<Enhancement>,
}

/// What a command line sets on every front end alike, over the puzzle's defaults; `None`
/// keeps the default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    /// `--ordering`: the alpha-beta family's move ordering.
    pub ordering: Option<MoveOrdering>,
}

impl SearchSpec {
    /// The defaults every front end starts from for `algorithm` on `puzzle` (see the
    /// module's documentation): textbook form on a literal tree, the engines' defaults with
    /// a 64 MiB table on a game, the puzzle's lambda level for both threat engines, its
    /// limits without the depth limit for the proof-number family; no root analysis, no
    /// record.
    pub fn defaults(puzzle: &Puzzle, algorithm: Algorithm) -> SearchSpec {
        let config = match puzzle.position.kind() {
            GameKind::Tree => SearchConfig::plain(algorithm),
            _ => SearchConfig::for_algorithm(algorithm),
        };
        let mut limits = puzzle.limits.search_limits();
        if algorithm.is_proof_search() {
            limits.max_depth = None;
        }
        let mut spec = SearchSpec {
            config,
            limits,
            record: 0,
            root_analysis: false,
            draw_for_attacker: puzzle.draw_counts_for_attacker,
            without: None,
        };
        if puzzle.position.kind() != GameKind::Tree {
            spec.set_table_mb(64);
        }
        if let Some(level) = puzzle.limits.max_level {
            spec.set_max_level(level);
        }
        spec
    }

    /// The search the explorer, export and lessons record for a puzzle: `algorithm` (else
    /// the puzzle's own, else its game's default, `registry::puzzle_algorithm`) with
    /// [`SearchSpec::defaults`], every iteration's value computed and no enhanced
    /// transposition cutoffs.
    pub fn for_puzzle(puzzle: &Puzzle, algorithm: Option<Algorithm>, record: u64) -> SearchSpec {
        let algorithm = algorithm.unwrap_or_else(|| registry::puzzle_algorithm(puzzle));
        let mut spec = SearchSpec::defaults(puzzle, algorithm);
        spec.record = record;
        spec.as_recorded();
        spec
    }

    /// The settings a recorded run changes. Recorded iterative deepening computes every
    /// iteration's value, as the iterations pane and the lessons show them (one root search
    /// per iteration, its value, its best move); headless solving asks the win/loss
    /// question instead (`SearchConfig::win_loss_probes`). Nor does it take enhanced
    /// transposition cutoffs (`SearchConfig::etc`): a node they decide would show no move
    /// searched and no table hit of its own to explain it.
    fn as_recorded(&mut self) {
        self.config.win_loss_probes = false;
        self.config.etc = false;
    }

    /// What `plyscope solve NAME` does without flags: the puzzle's algorithm (else its
    /// game's, `registry::default_algorithm`) with [`SearchSpec::headless`]'s settings.
    pub fn headless_default(puzzle: &Puzzle) -> SearchSpec {
        let algorithm = registry::puzzle_algorithm(puzzle);
        SearchSpec::headless(puzzle, algorithm)
    }

    /// A headless run of `algorithm` on `puzzle`: [`SearchSpec::defaults`] (zones on, no
    /// epsilon, one thread), and the root moves classified when the puzzle lists its
    /// winning moves (they are part of its answer).
    pub fn headless(puzzle: &Puzzle, algorithm: Algorithm) -> SearchSpec {
        SearchSpec {
            root_analysis: puzzle
                .expect
                .as_ref()
                .is_some_and(|e| e.winning_moves.is_some()),
            ..SearchSpec::defaults(puzzle, algorithm)
        }
    }

    /// This spec with the command line's `settings` over its defaults.
    pub fn with_settings(mut self, settings: &Settings) -> SearchSpec {
        if let Some(ordering) = settings.ordering {
            self.config.ordering = ordering;
        }
        self
    }

    /// What a recorded run of this headless spec would do differently, in words ("each
    /// iteration's value instead of win/loss probes", "no enhanced transposition
    /// cutoffs"): where its node count may differ from this one's. Empty when the two
    /// count the same nodes. Only settings the algorithm uses are named.
    pub fn recorded_differences(&self) -> Vec<&'static str> {
        let mut recorded = *self;
        recorded.as_recorded();
        let (now, then) = (self.alpha_beta_config(), recorded.alpha_beta_config());
        let mut words = Vec::new();
        if self.family() != Family::AlphaBeta || self.config.algorithm == Algorithm::Minimax {
            return words;
        }
        let deepening = self.config.algorithm == Algorithm::IterativeDeepening;
        if deepening && now.win_loss_probes != then.win_loss_probes && !now.uses_heuristics() {
            words.push("each iteration's value instead of win/loss probes");
        }
        if now.etc != then.etc && now.tt_mb > 0 {
            words.push("no enhanced transposition cutoffs");
        }
        words
    }

    /// The algorithm to run.
    pub fn algorithm(&self) -> Algorithm {
        self.config.algorithm
    }

    /// The family of the algorithm (the registry's answer), which decides the engine and
    /// its configuration.
    pub fn family(&self) -> Family {
        registry::info(self.config.algorithm).family
    }

    /// The table size in MiB of every family (0: none; PNS and PN² keep their trees in it).
    pub fn set_table_mb(&mut self, mb: usize) {
        self.config.tt_mb = mb;
        self.config.lambda.tt_mb = mb;
        self.config.proof.tt_mb = mb;
    }

    /// The highest lambda level of lambda search and lambda-df-pn.
    pub fn set_max_level(&mut self, level: u32) {
        let level = level.min(u32::from(u8::MAX)) as u8;
        self.config.lambda.max_level = level;
        self.config.proof.max_level = level;
    }

    /// Relevance zones of lambda search and lambda-df-pn (off: every legal move is tried,
    /// to measure what the zones save).
    pub fn set_zones(&mut self, zones: bool) {
        self.config.lambda.zones = zones;
        self.config.proof.zones = zones;
    }

    /// df-pn and lambda-df-pn: the 1+epsilon threshold trick (0: off).
    pub fn set_epsilon(&mut self, epsilon: f32) {
        self.config.proof.epsilon = epsilon;
    }

    /// Threads the proof-number family may use (at least 1): PNS, PN² and df-pn search the
    /// openings of a root analysis side by side; df-pn searches one position on them.
    pub fn set_threads(&mut self, threads: usize) {
        self.config.proof.threads = threads.max(1);
    }

    /// The alpha-beta family's engine settings: `config` with [`SearchSpec::without`]'s
    /// enhancement turned off.
    pub fn alpha_beta_config(&self) -> SearchConfig {
        match self.without {
            Some(e) => self.config.without(e),
            None => self.config,
        }
    }

    /// Lambda and dual-lambda search's engine settings (`dual` follows the algorithm). The
    /// depth limit travels in `limits`.
    pub fn lambda_config(&self) -> LambdaConfig {
        LambdaConfig {
            dual: self.config.algorithm == Algorithm::DualLambda,
            ..self.config.lambda
        }
    }

    /// The proof-number family's engine settings (lambda-df-pn's level and zones included;
    /// the other engines ignore those).
    pub fn proof_config(&self) -> ProofConfig {
        ProofConfig {
            threads: self.config.proof.threads.max(1),
            ..self.config.proof
        }
    }

    /// Every family's settings in one `SearchConfig`, as the run uses them (what
    /// `run::aids` describes).
    pub fn engine_config(&self) -> SearchConfig {
        SearchConfig {
            lambda: self.lambda_config(),
            proof: self.proof_config(),
            ..self.alpha_beta_config()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::bundled;
    use crate::search::config::MoveOrdering;

    #[test]
    fn every_front_end_starts_from_one_set_of_defaults() {
        for entry in bundled() {
            let p = entry.load().unwrap();
            let tree = p.position.kind() == GameKind::Tree;
            for algorithm in registry::applicable(&p.position) {
                let headless = SearchSpec::headless(&p, algorithm);
                let recorded = SearchSpec::for_puzzle(&p, Some(algorithm), 10);
                let what = format!("{} {algorithm}", p.name);
                if tree {
                    // The textbook form everywhere.
                    assert_eq!(headless.config.ordering, MoveOrdering::NONE, "{what}");
                    assert_eq!(headless.config.tt_mb, 0, "{what}");
                    assert!(headless.recorded_differences().is_empty(), "{what}");
                } else {
                    // Headless solving of games keeps the engines' defaults (its speed).
                    let engine = SearchConfig::for_algorithm(algorithm);
                    assert_eq!(headless.config.ordering, engine.ordering, "{what}");
                    assert_eq!(headless.config.tt_mb, 64, "{what}");
                    assert!(headless.config.etc && headless.config.win_loss_probes);
                    assert!(headless.config.tactics && headless.config.proven_bounds);
                }
                // The recorded run differs in the two settings it names, nothing else.
                let mut named = headless;
                named.config.win_loss_probes = false;
                named.config.etc = false;
                named.root_analysis = false;
                named.record = 10;
                assert_eq!(named, recorded, "{what}");
                assert_eq!(headless.limits.max_depth.is_none(), {
                    algorithm.is_proof_search() || p.limits.max_depth.is_none()
                });
            }
        }
    }

    #[test]
    fn settings_override_the_defaults() {
        let p = crate::puzzle::load("tree-abc").unwrap();
        let spec = SearchSpec::headless(&p, Algorithm::AlphaBeta).with_settings(&Settings {
            ordering: Some(MoveOrdering::ALL),
        });
        assert_eq!(spec.config.ordering, MoveOrdering::ALL);
        let kept =
            SearchSpec::headless(&p, Algorithm::AlphaBeta).with_settings(&Settings::default());
        assert_eq!(kept.config.ordering, MoveOrdering::NONE);
    }
}
