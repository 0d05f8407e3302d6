//! What an alpha-beta family search is asked to do: the algorithm, the transposition table
//! size, the move-ordering switches, exact tactics, and the two labelled heuristics (null move
//! and static forward pruning, Kotrč, *Gobblet analysed with AI methods*, section 7.1) that never
//! take part in a proof.

use crate::search::lambda::LambdaConfig;
use crate::search::proof::ProofConfig;
use crate::search::{Algorithm, MAX_PLY};

/// Which move-ordering techniques are on (Kotrč 3.1 and 5.2, Suda 5.3.2).
///
/// Moves are searched in this order: the transposition table's best move, the two killer
/// moves of the ply, then the rest by 1-ply evaluation (if on) with the history score as
/// the tie-break (or by history alone). Ties keep the generator's order, so node counts are
/// deterministic.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct MoveOrdering {
    /// Search the best move stored in the transposition table first.
    pub tt_move: bool,
    /// Two killer moves per ply: moves that caused a cutoff at the same ply elsewhere.
    pub killers: bool,
    /// History heuristic: `+2^depth` for a move that causes a cutoff, one table for both
    /// sides, indexed by `Heuristic::move_index` (Suda 5.3.2).
    pub history: bool,
    /// Sort by a 1-ply static evaluation (play, evaluate, undo; Kotrč 3.1), using the
    /// child's transposition-table value when it has one (Kotrč 5.2). Done only where at
    /// least two plies remain: one ply above the horizon the children are evaluated anyway.
    pub eval_sort: bool,
    /// With the evaluation sort: take the 1-ply values from the game's
    /// `Heuristic::one_ply_values`, read off the position without playing the moves and
    /// without the children's table values, where the game offers them (AtariGo does). Most
    /// of the time of the sort went to playing the moves and to the cache misses of probing
    /// the table for every child.
    pub quick_eval: bool,
}

impl MoveOrdering {
    /// Every technique on.
    pub const ALL: MoveOrdering = MoveOrdering {
        tt_move: true,
        killers: true,
        history: true,
        eval_sort: true,
        quick_eval: true,
    };

    /// Plain generator order (textbook examples: exactly the order of the text).
    pub const NONE: MoveOrdering = MoveOrdering {
        tt_move: false,
        killers: false,
        history: false,
        eval_sort: false,
        quick_eval: false,
    };

    /// True when any technique is on.
    pub fn any(self) -> bool {
        self.tt_move || self.killers || self.history || self.eval_sort
    }

    /// The techniques by their names on the command line (`--ordering`), in search order.
    pub const TECHNIQUES: [&'static str; 5] =
        ["tt-move", "killers", "history", "eval-sort", "quick-eval"];

    /// The switches in the order of [`MoveOrdering::TECHNIQUES`].
    fn switches(self) -> [bool; 5] {
        [
            self.tt_move,
            self.killers,
            self.history,
            self.eval_sort,
            self.quick_eval,
        ]
    }

    /// The name `--ordering` takes for these settings: "none" (generator order), "all", or
    /// the techniques that are on, joined by commas ("tt-move,killers").
    pub fn name(self) -> String {
        if self == MoveOrdering::NONE {
            return "none".to_string();
        }
        if self == MoveOrdering::ALL {
            return "all".to_string();
        }
        MoveOrdering::TECHNIQUES
            .iter()
            .zip(self.switches())
            .filter(|&(_, on)| on)
            .map(|(name, _)| *name)
            .collect::<Vec<_>>()
            .join(",")
    }

    /// Reads `--ordering`: "none", "all", or technique names joined by commas
    /// ([`MoveOrdering::TECHNIQUES`]); a message naming what is accepted otherwise.
    pub fn parse(text: &str) -> Result<MoveOrdering, String> {
        let text = text.trim();
        match text {
            "none" => return Ok(MoveOrdering::NONE),
            "all" => return Ok(MoveOrdering::ALL),
            _ => {}
        }
        let mut ordering = MoveOrdering::NONE;
        for word in text.split(',').map(str::trim) {
            let switch = match word {
                "tt-move" => &mut ordering.tt_move,
                "killers" => &mut ordering.killers,
                "history" => &mut ordering.history,
                "eval-sort" => &mut ordering.eval_sort,
                "quick-eval" => &mut ordering.quick_eval,
                _ => {
                    return Err(format!(
                        "unknown move ordering {word:?}; give none (generator order), all, \
                         or techniques joined by commas: {}",
                        MoveOrdering::TECHNIQUES.join(", ")
                    ));
                }
            };
            *switch = true;
        }
        Ok(ordering)
    }
}

/// One enhancement of the alpha-beta family that `plyscope solve --without` and
/// `plyscope bench --ablate` turn off alone, to measure what it buys.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Enhancement {
    /// The transposition table (`tt_mb`).
    Table,
    /// The table's move first (`MoveOrdering::tt_move`).
    TtMove,
    /// Killer moves (`MoveOrdering::killers`).
    Killers,
    /// The history heuristic (`MoveOrdering::history`).
    History,
    /// The 1-ply evaluation sort (`MoveOrdering::eval_sort`).
    EvalSort,
    /// The game's 1-ply values read off the position (`MoveOrdering::quick_eval`).
    QuickEval,
    /// Exact threat pruning (`SearchConfig::tactics`).
    Tactics,
    /// Iterations asked as the win/loss question (`SearchConfig::win_loss_probes`).
    WinLossProbes,
    /// Proven wins and losses stored as usable at any depth (`SearchConfig::proven_bounds`).
    ProvenBounds,
    /// Enhanced transposition cutoffs (`SearchConfig::etc`).
    Etc,
}

impl Enhancement {
    /// Every enhancement, in the order of `--help` and of the bench rows.
    pub const ALL: [Enhancement; 10] = [
        Enhancement::Table,
        Enhancement::TtMove,
        Enhancement::Killers,
        Enhancement::History,
        Enhancement::EvalSort,
        Enhancement::QuickEval,
        Enhancement::Tactics,
        Enhancement::WinLossProbes,
        Enhancement::ProvenBounds,
        Enhancement::Etc,
    ];

    /// The name on the command line and in bench rows.
    pub fn name(self) -> &'static str {
        match self {
            Enhancement::Table => "table",
            Enhancement::TtMove => "tt-move",
            Enhancement::Killers => "killers",
            Enhancement::History => "history",
            Enhancement::EvalSort => "eval-sort",
            Enhancement::QuickEval => "quick-eval",
            Enhancement::Tactics => "tactics",
            Enhancement::WinLossProbes => "win-loss-probes",
            Enhancement::ProvenBounds => "proven-bounds",
            Enhancement::Etc => "etc",
        }
    }

    /// The enhancement named `name`.
    pub fn from_name(name: &str) -> Option<Enhancement> {
        Enhancement::ALL.into_iter().find(|e| e.name() == name)
    }
}

/// A search's settings. `SearchConfig::default()` is what `solve` uses unless told otherwise.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct SearchConfig {
    /// The algorithm (`--algo`).
    pub algorithm: Algorithm,
    /// Transposition table size in megabytes (rounded down to a power-of-two number of
    /// buckets); 0 = no table. Minimax never uses one.
    pub tt_mb: usize,
    /// Move ordering (ignored by minimax).
    pub ordering: MoveOrdering,
    /// Exact threat pruning for stable games (`Tactics::is_stable`): an immediate win ends
    /// the node; two opponent threats lose in two plies; one threat forces the reply. Has no
    /// effect on games that are not stable. Ignored by minimax.
    pub tactics: bool,
    /// With tactics: a forced reply (the only move that does not lose at once) is searched
    /// without using up depth, also at the horizon, so a ladder of ataris or a chain of
    /// forced blocks is read to its end instead of being cut off by the horizon (like a
    /// chess engine's check extension and quiescence search). Every value is still a real
    /// game value, and proofs come at a smaller nominal depth, but iterative deepening then
    /// stops at the first proof it meets, which may be a longer forced win than the
    /// shortest: the reported distance is that of the line found. Off by default, so
    /// distances are exact. (AtariGo 6x6 crosscut, measured before the quick evaluation and
    /// the win/loss probes: on, the 15-ply win shows at depth 11
    /// after 8.9 M nodes, 4.2 M in the last iteration; off, at depth 14 after 16.0 M, of
    /// which 0.96 M in the last iteration thanks to the distance bound of `deepening`.)
    pub extend_forced: bool,
    /// Iterative deepening asks each iteration the win/loss question with two null-window
    /// searches (is there a win within the iteration's reach? a loss?) instead of computing
    /// the root's heuristic value, which only the last iteration reports
    /// (`deepening::probe_iteration`). Ignored with a heuristic on and by the other
    /// algorithms. Recorded runs (`run::spec`: the explorer, export, lessons) turn it off,
    /// so that each iteration has its one root search and its value to show.
    pub win_loss_probes: bool,
    /// A win or a loss a subtree proved is stored in the transposition table as *solved*
    /// (usable at any remaining depth) even when a horizon was met in the subtree: a lower
    /// bound that is a win, or an upper bound that is a loss, holds for the game itself,
    /// since a horizon evaluation is never a win or a loss score (`alphabeta`, step 10). So
    /// every later, deeper iteration reuses each proof found before instead of searching it
    /// again. Off with a heuristic on (null move, forward pruning), whose cuts are no proof.
    pub proven_bounds: bool,
    /// Enhanced transposition cutoffs (Plaat, Schaeffer, Pijls and de Bruin, "Exploiting
    /// graph properties of game trees", AAAI 1996): before searching the moves of a node
    /// with at least [`crate::search::alphabeta::ETC_MIN_DEPTH`] plies left, look each child
    /// up in the table; one whose entry already refutes it (its value, from our side, is at
    /// least beta) cuts the node without a search. Ignored without a table.
    pub etc: bool,
    /// Null-move pruning with R = 2 (Kotrč 7.1.2). A heuristic: a search it cut is never
    /// reported as a proof.
    pub null_move: bool,
    /// Static forward pruning (Kotrč 7.1.1): keep only this percentage (1-100) of the
    /// ordered moves below the root. A heuristic like the null move.
    pub forward_prune_keep_percent: Option<u8>,
    /// Nodes this many plies from the root are evaluated as at a horizon, whatever depth is
    /// left (a guard for the recursion and the stack). At most `MAX_PLY - 2`.
    pub max_ply: usize,
    /// Settings of lambda and dual-lambda search (`Algorithm::Lambda`, `DualLambda`; the
    /// table size is `lambda.tt_mb`, `dual` follows the algorithm); the alpha-beta family
    /// ignores them.
    pub lambda: LambdaConfig,
    /// Settings of the proof-number family (`Algorithm::Pns`, `Pn2`, `DfPn`, `LambdaDfPn`);
    /// the others ignore them.
    pub proof: ProofConfig,
}

/// Default `max_ply`: deeper than any game plyscope can solve, shallow enough for the stack
/// (each ply keeps a move list and its sort keys, about 4 KiB, on the stack).
pub const DEFAULT_MAX_PLY: usize = 256;

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            algorithm: Algorithm::IterativeDeepening,
            tt_mb: 64,
            ordering: MoveOrdering::ALL,
            tactics: true,
            extend_forced: false,
            win_loss_probes: true,
            proven_bounds: true,
            etc: true,
            null_move: false,
            forward_prune_keep_percent: None,
            max_ply: DEFAULT_MAX_PLY,
            lambda: LambdaConfig::default(),
            proof: ProofConfig::default(),
        }
    }
}

impl SearchConfig {
    /// The default settings for `algorithm`.
    pub fn for_algorithm(algorithm: Algorithm) -> SearchConfig {
        SearchConfig {
            algorithm,
            ..SearchConfig::default()
        }
    }

    /// The textbook form of `algorithm`: no table, generator order, no tactics, no
    /// heuristics, exactly as the sources' pseudo-code (Kühr, the AND/OR textbook).
    pub fn plain(algorithm: Algorithm) -> SearchConfig {
        SearchConfig {
            algorithm,
            tt_mb: 0,
            ordering: MoveOrdering::NONE,
            tactics: false,
            extend_forced: false,
            win_loss_probes: false,
            proven_bounds: false,
            etc: false,
            null_move: false,
            forward_prune_keep_percent: None,
            max_ply: DEFAULT_MAX_PLY,
            lambda: LambdaConfig {
                tt_mb: 0,
                ..LambdaConfig::default()
            },
            proof: ProofConfig {
                tt_mb: 0,
                ..ProofConfig::default()
            },
        }
    }

    /// These settings with `enhancement` turned off (nothing else changes).
    pub fn without(mut self, enhancement: Enhancement) -> SearchConfig {
        let o = &mut self.ordering;
        match enhancement {
            Enhancement::Table => self.tt_mb = 0,
            Enhancement::TtMove => o.tt_move = false,
            Enhancement::Killers => o.killers = false,
            Enhancement::History => o.history = false,
            Enhancement::EvalSort => o.eval_sort = false,
            Enhancement::QuickEval => o.quick_eval = false,
            Enhancement::Tactics => self.tactics = false,
            Enhancement::WinLossProbes => self.win_loss_probes = false,
            Enhancement::ProvenBounds => self.proven_bounds = false,
            Enhancement::Etc => self.etc = false,
        }
        self
    }

    /// True when a heuristic that can change the value (null move, forward pruning) is on.
    pub fn uses_heuristics(&self) -> bool {
        self.null_move || self.forward_prune_keep_percent.is_some_and(|p| p < 100)
    }

    /// `max_ply` clamped to what values can express (`MAX_PLY - 2`: tactics look two plies
    /// ahead) and at least 1.
    pub fn effective_max_ply(&self) -> usize {
        self.max_ply.clamp(1, MAX_PLY - 2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_is_iterative_deepening_with_everything_exact_on() {
        let c = SearchConfig::default();
        assert_eq!(c.algorithm, Algorithm::IterativeDeepening);
        assert!(c.tt_mb > 0 && c.tactics && c.ordering.any());
        assert!(!c.uses_heuristics());
    }

    #[test]
    fn plain_is_the_textbook_form() {
        let c = SearchConfig::plain(Algorithm::AlphaBeta);
        assert_eq!(c.tt_mb, 0);
        assert!(!c.ordering.any() && !c.tactics && !c.uses_heuristics());
    }

    #[test]
    fn each_enhancement_turns_off_alone() {
        let full = SearchConfig::default();
        for e in Enhancement::ALL {
            let off = full.without(e);
            assert_ne!(off, full, "{e:?} changed nothing");
            assert_eq!(Enhancement::from_name(e.name()), Some(e));
            // The others stay on.
            for other in Enhancement::ALL.into_iter().filter(|&x| x != e) {
                assert_ne!(off.without(other), off, "{e:?} also turned {other:?} off");
            }
        }
        assert_eq!(Enhancement::from_name("nothing"), None);
    }

    #[test]
    fn orderings_read_back_from_their_names() {
        for ordering in [MoveOrdering::NONE, MoveOrdering::ALL] {
            assert_eq!(MoveOrdering::parse(&ordering.name()), Ok(ordering));
        }
        assert_eq!(MoveOrdering::NONE.name(), "none");
        assert_eq!(MoveOrdering::ALL.name(), "all");
        let some = MoveOrdering::parse("killers, tt-move").unwrap();
        assert!(some.tt_move && some.killers && !some.history && !some.eval_sort);
        assert_eq!(some.name(), "tt-move,killers");
        assert_eq!(MoveOrdering::parse(&some.name()), Ok(some));
        let every = MoveOrdering::parse(&MoveOrdering::TECHNIQUES.join(",")).unwrap();
        assert_eq!(every, MoveOrdering::ALL);
        let err = MoveOrdering::parse("killer").unwrap_err();
        assert!(
            err.contains("\"killer\"") && err.contains("eval-sort"),
            "{err}"
        );
        assert!(MoveOrdering::parse("").is_err());
    }

    #[test]
    fn heuristics_are_detected_and_max_ply_clamped() {
        let mut c = SearchConfig {
            forward_prune_keep_percent: Some(100),
            ..SearchConfig::default()
        };
        assert!(!c.uses_heuristics());
        c.forward_prune_keep_percent = Some(50);
        assert!(c.uses_heuristics());
        c.max_ply = 5000;
        assert_eq!(c.effective_max_ply(), MAX_PLY - 2);
        c.max_ply = 0;
        assert_eq!(c.effective_max_ply(), 1);
    }
}
