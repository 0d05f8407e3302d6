//! The aids of a search: what a run uses besides its algorithm, the table, symmetry, exact
//! pruning from the game's tactics or proven regions, move ordering and the algorithm's own
//! machinery, read from the [`SearchConfig`] the run is given and the aids its game offers, so
//! `plyscope compare` and the split view's header can say why one run needed fewer nodes
//! (df-pn on Hex uses a table and symmetric keys that PNS does not).
//!
//! The facts come from the engines (their module docs are the source):
//! - alpha-beta family (`src/search/alphabeta.rs`): the table, the orderer of
//!   `SearchConfig::ordering`, the exact tactics of stable games; minimax none of them.
//! - PNS and PN² (`src/search/pns.rs`): a tree in memory (no table, transpositions are
//!   searched again), moves in generator order, the one-move look-ahead of `LeafInit`, the
//!   game's must-play regions and won positions (`src/search/node_tactics.rs`).
//! - df-pn (`src/search/dfpn.rs`, `PlainMoves`): the table, symmetric keys and certificates
//!   (on by default), the tactics, the game's must-play regions (else double-threat pruning),
//!   moves by static rank, MID's thresholds.
//! - lambda-df-pn (`src/search/lambda_dfpn.rs`): the table, lambda levels with relevance
//!   zones (disproved early by the game's lost and won positions), and a last must-play
//!   stage with symmetric keys and the game's must-play regions.
//! - lambda and dual-lambda (`src/search/lambda.rs`): the table, relevance zones, the
//!   history heuristic, levels.
//!
//! Which games offer which aids ([`GameAids::of`]) is checked against the games
//! themselves by the tests below.

use serde::Serialize;

use crate::puzzle::GameKind;
use crate::search::proof::LeafInit;
use crate::search::{Algorithm, SearchConfig};

/// The aids a game offers to the engines that ask for them: its symmetries and what its
/// tactics prove.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameAids {
    /// Reports board symmetries (`StoneGame::symmetric_keys`): m,n,k, AtariGo, Hex.
    pub symmetry: bool,
    /// Proven must-play regions (`Tactics::must_play`): Hex's virtual connections (with its
    /// proven wins, `Tactics::winning_key`, and inferior cells, `Tactics::drop_inferior`).
    pub must_play: bool,
    /// Certificates that a side can never win (`Tactics::cannot_win`): m,n,k.
    pub certificates: bool,
    /// Stable, so immediate-win tactics are exact (`Tactics::is_stable`); m,n,k only
    /// without exact-k.
    pub stable: bool,
}

impl GameAids {
    /// What `game` offers.
    pub fn of(game: GameKind) -> GameAids {
        let (symmetry, must_play, certificates, stable) = match game {
            GameKind::Mnk => (true, false, true, true),
            GameKind::AtariGo => (true, false, false, true),
            GameKind::Hex => (true, true, false, true),
            GameKind::Gobblet | GameKind::Dama | GameKind::Tree => (false, false, false, false),
        };
        GameAids {
            symmetry,
            must_play,
            certificates,
            stable,
        }
    }
}

/// What one run used, aspect by aspect, in a few words each.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Used {
    /// "64 MB", "none (a tree in memory: transpositions searched again)".
    pub table: String,
    /// "symmetric keys: mirror positions share an entry", "none".
    pub symmetry: String,
    /// Exact pruning from the game: tactics, must-play regions, certificates.
    pub pruning: String,
    /// The alpha-beta family: the `--ordering` name and its techniques ("all: TT move,
    /// killers, history, 1-ply eval, quick eval", "none: generator order"); the others'
    /// own ("generator order", "static rank (central points first)").
    pub ordering: String,
    /// The algorithm's own machinery: thresholds, zones, levels.
    pub other: String,
}

impl Used {
    /// The aspects as `(name, words)` in display order.
    pub fn aspects(&self) -> [(&'static str, &str); 5] {
        [
            ("table", &self.table),
            ("symmetry", &self.symmetry),
            ("pruning", &self.pruning),
            ("ordering", &self.ordering),
            ("other", &self.other),
        ]
    }

    /// A few words for a narrow header: "table, symmetry, tactics, must-play, ordered",
    /// "no table, look-ahead, unordered", "no table, ordering none" (the alpha-beta family
    /// names its `--ordering`, and iterative deepening whether it probes win/loss or
    /// computes each iteration's value).
    pub fn short(&self) -> String {
        let mut words = Vec::new();
        if self.table.starts_with("none") {
            words.push("no table");
        } else {
            words.push("table");
        }
        if self.symmetry != "none" {
            words.push("symmetry");
        }
        for (needle, word) in [
            ("threats only", "threats only"),
            ("tactics", "tactics"),
            ("look-ahead", "look-ahead"),
            ("must-play", "must-play"),
            ("double threat", "double threats"),
            ("transposition cutoffs", "ETC"),
            ("certificates", "certificates"),
            ("zones", "zones"),
            ("null move", "null move"),
            ("forward pruning", "forward pruning"),
        ] {
            if self.pruning.contains(needle) {
                words.push(word);
            }
        }
        let ordering = match self.ordering.split_once(':') {
            Some((name, _)) => format!("ordering {name}"),
            None if self.ordering == "generator order" => "unordered".to_string(),
            None => "ordered".to_string(),
        };
        let mut words: Vec<String> = words.into_iter().map(str::to_string).collect();
        words.push(ordering);
        for (needle, word) in [
            ("thresholds", "thresholds"),
            (PROBES, "win/loss probes"),
            (VALUES, "each iteration's value"),
        ] {
            if self.other.contains(needle) {
                words.push(word.to_string());
            }
        }
        // "4 threads": their node counts vary from run to run.
        if let Some(threads) = self.other.rsplit(", ").next()
            && threads.ends_with(" threads")
        {
            words.push(threads.to_string());
        }
        words.join(", ")
    }

    /// One line: "table 64 MB; symmetry none; ...".
    pub fn line(&self) -> String {
        self.aspects()
            .iter()
            .map(|(name, words)| format!("{name} {words}"))
            .collect::<Vec<_>>()
            .join("; ")
    }
}

/// Iterative deepening asking each iteration the win/loss question (headless).
const PROBES: &str = "win/loss probes";
/// Iterative deepening computing each iteration's value (recorded runs).
const VALUES: &str = "each iteration's value";

/// ", 4 threads" for more than one thread, else nothing.
fn threads(n: usize) -> String {
    if n > 1 {
        format!(", {n} threads")
    } else {
        String::new()
    }
}

fn table(mb: usize) -> String {
    if mb == 0 {
        "none".to_string()
    } else {
        format!("{mb} MB")
    }
}

/// What a run of `config` on a puzzle of `game` uses.
pub fn used(config: &SearchConfig, game: GameKind) -> Used {
    let k = GameAids::of(game);
    match config.algorithm {
        Algorithm::Minimax => Used {
            table: none(),
            symmetry: none(),
            pruning: "none: every node".to_string(),
            ordering: "none: generator order".to_string(),
            other: none(),
        },
        Algorithm::AlphaBeta | Algorithm::AlphaBetaSoft | Algorithm::IterativeDeepening => {
            alpha_beta_used(config, k)
        }
        Algorithm::Lambda | Algorithm::DualLambda => lambda_used(config, k),
        Algorithm::Pns | Algorithm::Pn2 => pns_used(config, k),
        Algorithm::DfPn => dfpn_used(config, k),
        Algorithm::LambdaDfPn => lambda_dfpn_used(config, k),
    }
}

fn none() -> String {
    "none".to_string()
}

/// The exact tactics of a stable game, when the engine has them on.
fn tactics(on: bool, k: GameAids) -> Vec<&'static str> {
    if on && k.stable {
        vec!["immediate wins and forced replies (exact tactics)"]
    } else {
        Vec::new()
    }
}

/// The words joined with commas, "none" without any.
fn join(v: Vec<&'static str>) -> String {
    if v.is_empty() { none() } else { v.join(", ") }
}

/// The alpha-beta family: the table, the orderer's heuristics, tactics and the heuristic
/// prunings that are on.
fn alpha_beta_used(config: &SearchConfig, k: GameAids) -> Used {
    let o = config.ordering;
    let mut order = Vec::new();
    for (on, name) in [
        (o.tt_move, "TT move"),
        (o.killers, "killers"),
        (o.history, "history"),
        (o.eval_sort, "1-ply eval"),
    ] {
        if on {
            order.push(name);
        }
    }
    let mut pruning = tactics(config.tactics, k);
    if config.etc && config.tt_mb > 0 {
        pruning.push("enhanced transposition cutoffs");
    }
    if config.null_move {
        pruning.push("null move (heuristic)");
    }
    if config.forward_prune_keep_percent.is_some() {
        pruning.push("forward pruning (heuristic)");
    }
    Used {
        table: table(config.tt_mb),
        symmetry: none(),
        pruning: join(pruning),
        ordering: if order.is_empty() {
            format!("{}: generator order", o.name())
        } else {
            format!("{}: {}", o.name(), order.join(", "))
        },
        other: if config.algorithm == Algorithm::IterativeDeepening {
            let probes = config.win_loss_probes && !config.uses_heuristics();
            format!(
                "iterations one ply deeper each, {}",
                if probes { PROBES } else { VALUES }
            )
        } else {
            "alpha-beta window".to_string()
        },
    }
}

/// Lambda and dual-lambda search: threats only, relevance zones, the history heuristic.
fn lambda_used(config: &SearchConfig, k: GameAids) -> Used {
    let l = &config.lambda;
    Used {
        table: table(l.tt_mb),
        symmetry: none(),
        pruning: join({
            let mut v = vec!["threats only (a move must threaten a lower-level win)"];
            if l.zones && k.stable {
                v.push("relevance zones");
            }
            v
        }),
        ordering: "history heuristic".to_string(),
        other: format!("levels 1..{}", l.max_level),
    }
}

/// PNS and PN²: a tree in memory, the leaves' look-ahead and the game's must-play regions.
fn pns_used(config: &SearchConfig, k: GameAids) -> Used {
    let p = &config.proof;
    Used {
        table: "none (a tree in memory: transpositions searched again)".to_string(),
        symmetry: none(),
        pruning: {
            let mut pruning = Vec::new();
            if p.init != LeafInit::Unit && k.stable {
                pruning.push("one-move look-ahead at new leaves (immediate wins)");
            }
            if k.must_play {
                pruning.push(MUST_PLAY);
            }
            join(pruning)
        },
        ordering: "generator order".to_string(),
        other: format!(
            "leaf numbers {}{}{}",
            init_words(p.init),
            if config.algorithm == Algorithm::Pn2 {
                "; a second-level PNS per leaf"
            } else {
                ""
            },
            threads(p.threads)
        ),
    }
}

/// Df-pn: the table with symmetric keys, tactics, must-play regions or double threats,
/// certificates, and MID's thresholds.
fn dfpn_used(config: &SearchConfig, k: GameAids) -> Used {
    let p = &config.proof;
    let mut pruning = tactics(true, k);
    if k.must_play {
        pruning.push(MUST_PLAY);
    } else if k.stable {
        pruning.push("moves refuted by a verified double threat dropped");
    }
    if k.certificates {
        pruning.push("certificates (a side that can never win)");
    }
    Used {
        table: table(p.tt_mb),
        symmetry: if k.symmetry {
            "symmetric keys (mirror images share one entry, searched once)".to_string()
        } else {
            none()
        },
        pruning: join(pruning),
        ordering: "static rank (central points first)".to_string(),
        other: format!(
            "thresholds th_pn, th_dn (epsilon {}); leaf numbers {}{}",
            p.epsilon,
            init_words(p.init),
            threads(p.threads)
        ),
    }
}

/// Lambda-df-pn: lambda trees with relevance zones, the game's proven positions, and the
/// last must-play stage with symmetric keys.
fn lambda_dfpn_used(config: &SearchConfig, k: GameAids) -> Used {
    let p = &config.proof;
    let mut pruning = vec!["threats only (lambda trees)"];
    if p.zones && k.stable {
        pruning.push("relevance zones");
    }
    if k.must_play {
        pruning.push(
            "levels: positions the game proves lost for the attacker or won by the defender (Hex: H-search virtual connections)",
        );
        pruning.push(
            "last stage: the game's must-play regions and won positions (Hex: H-search virtual connections, inferior cells)",
        );
    }
    pruning.push("last stage: must-play regions of the opponent's lambda-1 trees");
    Used {
        table: table(p.tt_mb),
        symmetry: if k.symmetry {
            "symmetric keys in the must-play stage".to_string()
        } else {
            none()
        },
        pruning: join(pruning),
        ordering: "static rank (central points first)".to_string(),
        other: format!(
            "df-pn thresholds; levels up to {}{}",
            p.max_level,
            threads(p.threads)
        ),
    }
}

/// The game's own knowledge as the proof searches use it (`src/search/node_tactics.rs`).
const MUST_PLAY: &str = "must-play regions and won positions (Hex: H-search virtual connections, dead, captured and vulnerable cells)";

fn init_words(init: LeafInit) -> &'static str {
    match init {
        LeafInit::Unit => "[1, 1]",
        LeafInit::Mobility => "from the number of moves",
        LeafInit::Heuristic => "from the number of moves and the evaluation",
    }
}

/// True when two runs used different knowledge, so their node counts measure more than the
/// algorithms.
pub fn differ(a: &Used, b: &Used) -> bool {
    a.table != b.table || a.symmetry != b.symmetry || a.pruning != b.pruning
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dfpn_on_hex_uses_a_table_and_symmetry_that_pns_does_not() {
        let dfpn = used(&SearchConfig::for_algorithm(Algorithm::DfPn), GameKind::Hex);
        let pns = used(&SearchConfig::for_algorithm(Algorithm::Pns), GameKind::Hex);
        assert!(dfpn.symmetry.starts_with("symmetric keys"), "{dfpn:?}");
        assert!(dfpn.pruning.contains("must-play regions"), "{dfpn:?}");
        assert_eq!(dfpn.table, "64 MB");
        assert_eq!(pns.symmetry, "none");
        assert!(pns.table.starts_with("none"), "{pns:?}");
        // PNS prunes with the same Hex knowledge.
        assert!(pns.pruning.contains("must-play regions"), "{pns:?}");
        assert!(differ(&dfpn, &pns));
    }

    #[test]
    fn minimax_uses_nothing_and_plain_configs_say_so() {
        let m = used(
            &SearchConfig::for_algorithm(Algorithm::Minimax),
            GameKind::Mnk,
        );
        assert_eq!((m.table.as_str(), m.symmetry.as_str()), ("none", "none"));
        let plain = used(&SearchConfig::plain(Algorithm::AlphaBeta), GameKind::Tree);
        assert_eq!(plain.table, "none");
        assert_eq!(plain.ordering, "none: generator order");
        assert_eq!(plain.pruning, "none");
        assert!(plain.short().contains("ordering none"), "{}", plain.short());
    }

    #[test]
    fn the_settings_a_recorded_run_changes_are_named() {
        let headless = SearchConfig::for_algorithm(Algorithm::IterativeDeepening);
        let recorded = SearchConfig {
            win_loss_probes: false,
            etc: false,
            ..headless
        };
        let (h, r) = (
            used(&headless, GameKind::Mnk).short(),
            used(&recorded, GameKind::Mnk).short(),
        );
        assert!(h.contains("ETC") && h.contains("win/loss probes"), "{h}");
        assert!(h.contains("ordering all"), "{h}");
        assert!(
            !r.contains("ETC") && r.contains("each iteration's value"),
            "{r}"
        );
        let threaded = SearchConfig {
            proof: crate::search::proof::ProofConfig {
                threads: 4,
                ..Default::default()
            },
            ..SearchConfig::for_algorithm(Algorithm::DfPn)
        };
        assert!(
            used(&threaded, GameKind::Hex)
                .short()
                .ends_with(", 4 threads")
        );
    }

    #[test]
    fn game_aids_agree_with_the_games() {
        use crate::game::{MAX_SYMMETRIES, StoneGame};
        use crate::games::any::{AnyGame, GameVisitor};
        use crate::puzzle::bundled;
        struct Symmetries<'a>(&'a mut [u64; MAX_SYMMETRIES]);
        impl GameVisitor for Symmetries<'_> {
            type Output = usize;
            fn visit<G: AnyGame>(self, _: &G) -> usize {
                1
            }
            fn visit_stones<G: AnyGame + StoneGame>(self, game: &G) -> usize {
                StoneGame::symmetric_keys(game, self.0)
            }
        }
        let mut seen = Vec::new();
        for entry in bundled() {
            let p = entry.load().unwrap();
            let kind = GameKind::of(&p.position);
            let mut keys = [0u64; MAX_SYMMETRIES];
            let symmetries = p.position.with_game(Symmetries(&mut keys));
            assert_eq!(
                symmetries > 1,
                GameAids::of(kind).symmetry,
                "{}: {symmetries} symmetries",
                entry.name
            );
            seen.push(kind);
        }
        assert!(seen.contains(&GameKind::Hex) && seen.contains(&GameKind::Mnk));
    }
}
