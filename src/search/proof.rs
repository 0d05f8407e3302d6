//! The proof-number family's shared vocabulary (Hric and Baudiš, *Game algorithms, lecture 4:
//! Proof number search, Lambda search*): proof and disproof numbers, the goal, the settings and the
//! report. The one entry point that runs PNS, PN², df-pn or lambda-df-pn is
//! [`crate::search::engine::proof_search`]: it sits above the engines, which build on this
//! vocabulary.
//!
//! Every number is from the attacker's point of view: the attacker is the side to move at
//! the root, OR nodes are the attacker's, AND nodes the defender's. `pn` counts the leaves
//! that must still be proven to prove the node, `dn` those to disprove it. Engines that work
//! in the negamax phi/delta form map back to `[pn, dn]` before reporting to an observer.

use std::fmt;

use crate::game::Player;
use crate::search::Stats;

/// "Infinity" of proof and disproof numbers: a proven node has `dn = ∞`, a disproven one
/// `pn = ∞`.
pub const PN_INFINITY: u32 = u32::MAX;

/// Largest finite proof or disproof number: sums saturate here, never reaching infinity.
pub const PN_MAX_FINITE: u32 = PN_INFINITY - 1;

/// A proof number and a disproof number, printed as `[pn, dn]` (`∞` for infinity).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct ProofNumbers {
    /// Proof number.
    pub pn: u32,
    /// Disproof number.
    pub dn: u32,
}

impl ProofNumbers {
    /// A proven node: `[0, ∞]`.
    pub const PROVEN: ProofNumbers = ProofNumbers {
        pn: 0,
        dn: PN_INFINITY,
    };
    /// A disproven node: `[∞, 0]`.
    pub const DISPROVEN: ProofNumbers = ProofNumbers {
        pn: PN_INFINITY,
        dn: 0,
    };
    /// An unexpanded leaf without knowledge: `[1, 1]`.
    pub const UNIT: ProofNumbers = ProofNumbers { pn: 1, dn: 1 };

    /// `[pn, dn]`.
    pub const fn new(pn: u32, dn: u32) -> ProofNumbers {
        ProofNumbers { pn, dn }
    }

    /// True when the node is proven (`pn = 0`).
    pub fn is_proven(self) -> bool {
        self.pn == 0
    }

    /// True when the node is disproven (`dn = 0`).
    pub fn is_disproven(self) -> bool {
        self.dn == 0
    }

    /// True when the node is proven or disproven.
    pub fn is_solved(self) -> bool {
        self.is_proven() || self.is_disproven()
    }
}

/// Sum of proof numbers: infinity if either is infinite, otherwise saturating at
/// [`PN_MAX_FINITE`] (a finite sum must never read as a proof or disproof).
#[inline]
pub fn pn_add(a: u32, b: u32) -> u32 {
    if a == PN_INFINITY || b == PN_INFINITY {
        PN_INFINITY
    } else {
        a.saturating_add(b).min(PN_MAX_FINITE)
    }
}

/// The backup rule written straight from its definition (Hric and Baudiš), over the children's
/// `(min side, sum side)` numbers: `(min of the min sides, sum of the sum sides)`. At an OR
/// node the min side is `pn` and the sum side `dn` (at an AND node the reverse); in df-pn's
/// negamax form the min side is the children's `delta` and the sum side their `phi`, giving
/// `(phi, delta)`. With weak counting the sum side is `max + (unsolved children - 1)`
/// (0 and infinity stay as they are). No children: `(∞, 0)`.
pub fn backup_by_definition(weak: bool, kids: impl Iterator<Item = (u32, u32)>) -> (u32, u32) {
    let (mut min, mut sum, mut max, mut unsolved) = (PN_INFINITY, 0u32, 0u32, 0u32);
    for (m, s) in kids {
        min = min.min(m);
        sum = pn_add(sum, s);
        max = max.max(s);
        unsolved += u32::from(s != 0);
    }
    if weak && max != 0 && max != PN_INFINITY {
        sum = pn_add(max, unsolved - 1);
    }
    (min, sum)
}

/// The debug-build check every backup of PNS, PN² and df-pn runs: `numbers`, a node's
/// `(min side, sum side)`, must be [`backup_by_definition`] of its children. Panics on a broken
/// backup when debug assertions are on (the test profile has them); does nothing in release builds.
#[inline]
#[track_caller]
pub fn debug_check_backup(weak: bool, numbers: (u32, u32), kids: impl Iterator<Item = (u32, u32)>) {
    if cfg!(debug_assertions) {
        let expected = backup_by_definition(weak, kids);
        assert_eq!(
            numbers, expected,
            "backup invariant broken: (min side, sum side) = {numbers:?}, the children give \
             {expected:?} (OR: pn = min, dn = sum; AND: dn = min, pn = sum)"
        );
    }
}

fn write_number(f: &mut fmt::Formatter<'_>, n: u32) -> fmt::Result {
    if n == PN_INFINITY {
        f.write_str("∞")
    } else {
        write!(f, "{n}")
    }
}

impl fmt::Display for ProofNumbers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[")?;
        write_number(f, self.pn)?;
        f.write_str(", ")?;
        write_number(f, self.dn)?;
        f.write_str("]")
    }
}

/// What the attacker must achieve (Hric and Baudiš: a goal search; draws are a disproof
/// unless the puzzle says otherwise).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Goal {
    /// The attacker: the side to move at the root.
    pub attacker: Player,
    /// True when a draw counts as reaching the goal (the puzzle's `draw = "attacker"`,
    /// `Puzzle::draw_counts_for_attacker`); otherwise a draw is a disproof.
    pub draw_for_attacker: bool,
}

/// How PNS initialises a new leaf (Hric and Baudiš).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum LeafInit {
    /// `[1, 1]` for every unsolved leaf.
    Unit,
    /// One-move look-ahead: at an OR leaf `dn` = number of children (`pn` 1), at an AND leaf
    /// `pn` = number of children (`dn` 1); solved leaves recognised at once.
    Mobility,
    /// A per-game heuristic (the engine documents which).
    Heuristic,
}

/// Settings of the proof-number family.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ProofConfig {
    /// Leaf initialisation (PNS, PN², and df-pn's new nodes).
    pub init: LeafInit,
    /// Weak-PNS counting on the sum side (a max instead of a sum) for DAGs.
    pub weak: bool,
    /// Transposition table size in megabytes (df-pn, lambda-df-pn); 0 = none where possible.
    pub tt_mb: usize,
    /// The 1+epsilon trick for df-pn's and lambda-df-pn's thresholds (Pawlewicz & Lew): the
    /// selected child's min-side threshold is `min(th, max(delta_2 + 1, ceil(delta_2 * (1 +
    /// epsilon))))` instead of `min(th, delta_2 + 1)`; 0 = off. The figures below were
    /// measured before df-pn had symmetric keys, certificates and must-play regions; those
    /// cut the small puzzles' sums for epsilon 0 / 0.25 / 0.5 from 4,954 / 2,093 / 2,046 to
    /// 52 / 44 / 42 nodes today (the debug pins in `tests/integration/proof_epsilon.rs`). Then,
    /// nodes to decide, 64 MB, deterministic: df-pn over the ten bench puzzles it decides, epsilon
    /// 0 / 0.25 / 0.5: 1,596,111 / 1,097,450 / 805,611 nodes in all; 0.25 is never worse than 0 by
    /// more than 0.6% on any of them (hex-4x4 4,294 -> 1,519, mnk-6x5-k4 34,361 -> 13,484,
    /// mnk-7x7-k4 47,060 -> 11,371, mnk-4x4-k4 1,340,760 -> 954,802, atarigo-4x4 167,179 ->
    /// 113,893), while 0.5 wins the sum on mnk-4x4-k4 and mnk-7x7-k4 alone and loses to 0.25 on
    /// five of the others (hex-4x4-white-b3 +11% over 0). Lambda-df-pn shares the setting and loses
    /// by it: identical counts on those puzzles with 0 and 0.25 (0.5: +11% on hex-4x4), but all 16
    /// Hex 4x4 openings take 1,970,093 nodes with 0.25 against 1,832,171 with 0 (+7.5%), and
    /// lambda-df-pn is the family's Hex solver. So the default stays 0 (off): pass `--epsilon 0.25`
    /// to df-pn; a per-engine default would serve both.
    pub epsilon: f32,
    /// Highest lambda level lambda-df-pn tries.
    pub max_level: u8,
    /// Relevance zones where an engine can use them soundly (lambda-df-pn).
    pub zones: bool,
    /// Threads a search may use (at least 1): the openings of a root analysis are searched
    /// side by side (`crate::run::solve`), each on one thread.
    pub threads: usize,
}

impl Default for ProofConfig {
    fn default() -> ProofConfig {
        ProofConfig {
            init: LeafInit::Mobility,
            weak: false,
            tt_mb: 64,
            epsilon: 0.0,
            max_level: 3,
            zones: true,
            threads: 1,
        }
    }
}

/// What a proof-number search established about the goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProofVerdict {
    /// The attacker reaches the goal.
    Proven,
    /// The attacker cannot reach the goal.
    Disproven,
    /// Neither within the limits (or, for lambda-df-pn, no lambda-tree up to the maximum
    /// level: that says nothing about the real game).
    Unknown,
}

/// The answer of [`proof_search`](crate::search::engine::proof_search).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProofReport<M> {
    /// Proven, disproven or unknown.
    pub verdict: ProofVerdict,
    /// A winning first move when proven.
    pub best_move: Option<M>,
    /// Positions of the proof tree found, when proven: one move at an OR node, every move at
    /// an AND node, down to finished games. It is the size of the proof, not the search
    /// effort (`stats.nodes`), and can exceed it: a position an engine decides by look-ahead
    /// without searching it stands for the positions of its decision. df-pn: an immediate
    /// win counts 2 (the mover and the finished game), a mover facing two immediate wins
    /// `1 + 2 x legal moves`, a move dropped because it loses at once 2 (so does a move
    /// dropped for losing to a verified double threat: there the figure is a lower bound);
    /// tictactoe-fork is proven in 2 MID calls with a proof of 10 positions
    /// (`tests/integration/dfpn_proof_size.rs`). PNS and PN²: the smallest proof tree in the final
    /// tree, leaves solved by look-ahead counted as df-pn counts them. Lambda-df-pn: the proof of
    /// its lambda-tree.
    pub proof_size: Option<u64>,
    /// The lambda level of lambda-df-pn's proof.
    pub level: Option<u8>,
    /// The root's numbers when the search ended.
    pub root: ProofNumbers,
    /// True when a node, memory or time limit (or the observer) stopped the search.
    pub stopped: bool,
    /// Counters (deterministic node counts; `elapsed` is wall time).
    pub stats: Stats,
}

impl<M> ProofReport<M> {
    /// Nothing established (the starting point of every engine's report).
    pub fn unknown() -> ProofReport<M> {
        ProofReport {
            verdict: ProofVerdict::Unknown,
            best_move: None,
            proof_size: None,
            level: None,
            root: ProofNumbers::UNIT,
            stopped: false,
            stats: Stats::default(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_print_as_pairs_with_infinity() {
        assert_eq!(ProofNumbers::PROVEN.to_string(), "[0, ∞]");
        assert_eq!(ProofNumbers::new(3, 1).to_string(), "[3, 1]");
    }

    #[test]
    fn sums_saturate_below_infinity() {
        assert_eq!(pn_add(2, 3), 5);
        assert_eq!(pn_add(PN_MAX_FINITE, 7), PN_MAX_FINITE);
        assert_eq!(pn_add(PN_INFINITY, 0), PN_INFINITY);
    }

    #[test]
    fn backup_by_definition_is_min_and_sum() {
        let kids = [(3, 2), (1, 4), (5, PN_INFINITY)];
        assert_eq!(
            backup_by_definition(false, kids.into_iter()),
            (1, PN_INFINITY)
        );
        assert_eq!(
            backup_by_definition(false, kids[..2].iter().copied()),
            (1, 6)
        );
        // Weak: the largest sum side plus one per other unsolved child.
        let weak = [(3, 5), (1, 2), (PN_INFINITY, 0)];
        assert_eq!(backup_by_definition(true, weak.into_iter()), (1, 6));
        assert_eq!(
            backup_by_definition(false, std::iter::empty()),
            (PN_INFINITY, 0)
        );
        debug_check_backup(false, (1, 6), kids[..2].iter().copied());
    }

    /// A deliberately corrupted backup trips the check in debug builds (the engines call it
    /// at every backup, so every debug test of PNS, PN² and df-pn runs it).
    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "backup invariant broken")]
    fn a_corrupted_backup_trips_the_debug_check() {
        let kids = [(3, 2), (1, 4)];
        // The sum side off by one.
        debug_check_backup(false, (1, 7), kids.into_iter());
    }

    #[test]
    fn solved_numbers() {
        assert!(ProofNumbers::PROVEN.is_proven() && ProofNumbers::PROVEN.is_solved());
        assert!(ProofNumbers::DISPROVEN.is_disproven());
        assert!(!ProofNumbers::UNIT.is_solved());
    }
}
