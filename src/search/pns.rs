//! Best-first proof-number search and its two-level variant PN² (Hric and Baudiš, *Game
//! algorithms, lecture 4: Proof number search, Lambda search*, "PNS", "Dvojúrovňový PNS -
//! PN²", "Heuristická inicializace", "Výhled jednoho tahu", "Weak PNS").
//!
//! # The recipe (one iteration)
//!
//! 1. Descend from the root to the most-proving node: at an OR node (attacker to move) the
//!    first child with the smallest pn, at an AND node the first with the smallest dn.
//! 2. Expand it: create all its children and initialise each (see below).
//! 3. Back up: recompute the numbers of the expanded node and then of its ancestors; as soon
//!    as a node's numbers do not change, its ancestors are not recomputed (they cannot
//!    change either). The walk back to the root continues only to undo the moves and to
//!    close the observer's events; the next descent starts from the root again (simpler
//!    events: every iteration is one root-to-leaf path of `pn_enter` / `pn_leave`).
//!
//! The search ends when the root is proven (`[0, ∞]`) or disproven (`[∞, 0]`), or a limit
//! stops it.
//!
//! # The game's knowledge at expansion
//!
//! When the mover of the expanded node has no immediate win, the game's solving knowledge
//! shapes its children ([`crate::search::node_tactics`], the steps df-pn takes too; Hex:
//! Benzene's virtual connections and must-play regions, Hayward et al. 2003, Arneson,
//! Hayward and Henderson 2009/2010): a mover with a proven win (`Tactics::winning_key`) gets
//! one child, the key, solved at once (a proof must name its move: the root's best move and
//! the proof-tree extraction, which re-solves every OR position, read it from there), so
//! its proof counts two positions as df-pn's does; a mover proven lost (an empty must-play
//! region, `Tactics::is_lost`) gets no child and backs up to a loss (one position); moves
//! outside the must-play region and inferior moves (`Tactics::drop_inferior`: one proof
//! needs one winning move, so dropping is sound here) are not generated. Games without such
//! knowledge answer the hooks' defaults and expand every legal move, as before.
//!
//! # Tree and memory
//!
//! The tree lives in an arena ([`tree::Tree`]) reserved once from the node limit and the
//! memory size `ProofConfig::tt_mb` (the smaller of the two; 0 MB counts as 1); the children
//! of a node are one contiguous index range. Nothing is allocated per node; when the arena is full the search
//! stops with `Unknown`. Solved subtrees are not garbage-collected. PNS here is a *tree*
//! search: transpositions are not merged, a position reached along two paths is two nodes
//! (weak-PNS counting is offered for the over-counting this causes when callers merge, and
//! as a different growth policy on trees).
//!
//! # Leaf initialisation ([`LeafInit`])
//!
//! A finished game is always solved: a win of the attacker, or a draw when the goal counts
//! draws for the attacker, is proven; anything else disproven. A position without legal moves
//! that is not over counts as a draw. Otherwise:
//! - `Unit`: `[1, 1]`.
//! - `Mobility` (one-move look-ahead): in a stable game ([`Tactics::is_stable`](crate::game::Tactics::is_stable)) the side to
//!   move with an immediate win wins, and the side to move facing two immediate wins of the
//!   opponent without one of its own loses (both solved at once); a mover whose must-play
//!   region is empty has lost (solved); else an OR leaf gets `[1, number of moves]` and an
//!   AND leaf `[number of moves, 1]`, the moves counted in the must-play region when the
//!   game gives one (Hex; `crate::search::node_tactics::region_size`).
//! - `Heuristic`: the `Mobility` numbers, then the number of the side that
//!   [`Heuristic::evaluate`](crate::game::Heuristic::evaluate) says is worse off is multiplied by `1 + floor(log2(|eval| + 1))`
//!   (capped at 9; logarithmic because the games' scales differ: Hex's evaluation is a
//!   difference of path lengths, AtariGo's steps of 5 and 50): a position good for the
//!   attacker looks harder to disprove, a bad one harder to prove.
//!
//! # PN² ([`pn2`])
//!
//! The first level is a PNS whose most-proving leaf is not expanded with look-ahead numbers
//! but by a second PNS rooted at it, bounded by [`Pn2Bound`] (a fraction of the first-level
//! tree's size, Breuker's choice, or a fixed node budget). The second tree is discarded; the
//! leaf's children are kept in the first tree with the numbers the second search found (and,
//! when solved, the size of their solution trees in the second tree, so proof sizes stay
//! exact).
//!
//! # Counting and events
//!
//! `Stats::nodes` counts the nodes created: the root and every child made by an expansion,
//! in both levels of PN² (children the first level keeps from the second are not counted
//! twice); the node limit applies to it. `Stats::leaves` counts created nodes that were
//! finished games. Both are deterministic. `proof_size` is the number of positions of the
//! smallest proof tree in the final tree, counted as df-pn counts them: a leaf solved by
//! look-ahead stands for the positions of its decision (an immediate win 2, a mover facing
//! two immediate wins `1 + 2 x legal moves`), so the engines' proof sizes mean the same.
//!
//! Events (the contract in `crate::search::observer`): every iteration enters the root
//! (`mv = None`) and each node on the path, emits `pn_expand` at the most-proving node,
//! `pn_update` for every node whose numbers are recomputed in the backup, and `pn_leave` for
//! every entered node, also when a limit or the observer stops the search. In PN² the second
//! level runs inside the first level's most-proving node: its root is that node (no second
//! enter), its descents enter the node's children with `second_level = true`, and its backups
//! reach the node as `pn_update`s with `second_level = true`; when it ends, the first level
//! announces the kept children with a second `pn_expand` (the numbers the second level found).

pub mod tree;

use std::fmt;
use std::ops::ControlFlow;
use std::time::Instant;

use crate::game::{MAX_MOVES, MoveList, Outcome};
use crate::search::node_tactics::{self, Inferior, NodeDecision};
use crate::search::observer::{Observer, PnNodeView};
use crate::search::proof::{Goal, LeafInit, ProofConfig, ProofNumbers, ProofReport, ProofVerdict};
use crate::search::{Limits, SearchGame, Stats};

use tree::{NodeId, Tree};

/// How big PN²'s second-level search may grow (Hric and Baudiš: bounded "by a threshold, by
/// memory").
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Pn2Bound {
    /// At most this fraction of the first-level tree's current size (at least one
    /// expansion): the second trees grow as the first does (Breuker's PN² uses 1.0).
    Fraction(f32),
    /// At most this many created nodes per second-level search (at least one expansion).
    Fixed(u64),
}

impl Default for Pn2Bound {
    fn default() -> Pn2Bound {
        Pn2Bound::Fraction(1.0)
    }
}

impl Pn2Bound {
    /// The node budget of one second-level search when the first tree has `first` nodes.
    fn budget(self, first: usize) -> u64 {
        match self {
            Pn2Bound::Fraction(f) => ((first as f64) * f64::from(f.max(0.0))) as u64,
            Pn2Bound::Fixed(n) => n,
        }
    }
}

/// The position has no goal: a numeric leaf (a textbook tree with scores) cannot be proven
/// or disproven.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GoalError {
    /// The score of the first numeric leaf met.
    pub score: i32,
}

impl fmt::Display for GoalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "proof-number search needs win/draw/loss leaves, but the game reached a numeric \
             leaf ({}); write the tree's leaves as W, L or D, or use an alpha-beta algorithm",
            self.score
        )
    }
}

impl std::error::Error for GoalError {}

/// Proof-number search (PNS) for `goal` on `game` (the attacker should be to move) within
/// `limits`, reporting to `observer`. Leaves the position as it found it.
pub fn pns<G: SearchGame, O: Observer<G>>(
    game: &mut G,
    config: &ProofConfig,
    goal: Goal,
    limits: &Limits,
    observer: &mut O,
) -> Result<ProofReport<G::Move>, GoalError> {
    let capacity = arena_nodes::<G>(config, limits, false);
    let mut search = Search::new(game, observer, config, goal, limits);
    let mut first = Tree::new(capacity, config.weak);
    search.run(&mut first, None)
}

/// PN²: a PNS whose leaves are expanded by a second PNS bounded by `bound` (see the module
/// doc). The memory of `ProofConfig::tt_mb` is split evenly between the two trees.
pub fn pn2<G: SearchGame, O: Observer<G>>(
    game: &mut G,
    config: &ProofConfig,
    bound: Pn2Bound,
    goal: Goal,
    limits: &Limits,
    observer: &mut O,
) -> Result<ProofReport<G::Move>, GoalError> {
    let capacity = arena_nodes::<G>(config, limits, true);
    let mut search = Search::new(game, observer, config, goal, limits);
    let mut first = Tree::new(capacity, config.weak);
    let mut second = Tree::new(capacity, config.weak);
    search.run(&mut first, Some((&mut second, bound)))
}

/// Nodes each arena of [`pns`] (`two_level` false: one tree of `tt_mb` megabytes) or
/// [`pn2`] (two trees of half of it each) may hold under `config` and `limits`: the memory
/// bound of the search (`Tree::reserved_bytes` of each arena stays within it).
pub fn arena_nodes<G: SearchGame>(config: &ProofConfig, limits: &Limits, two_level: bool) -> usize {
    let bytes = megabytes(config.tt_mb);
    arena_capacity::<G>(if two_level { bytes / 2 } else { bytes }, limits)
}

/// Bytes of `tt_mb` megabytes (at least one: a tree needs some memory).
fn megabytes(tt_mb: usize) -> usize {
    tt_mb.max(1).saturating_mul(1 << 20)
}

/// Nodes an arena of `bytes` may hold, and never more than the node limit (plus one
/// expansion's worth, so the limit itself is what stops the search).
fn arena_capacity<G: SearchGame>(bytes: usize, limits: &Limits) -> usize {
    let by_memory = bytes / std::mem::size_of::<tree::Node<G::Move>>();
    match limits.nodes {
        Some(n) => by_memory.min(n.saturating_add(MAX_MOVES as u64) as usize),
        None => by_memory,
    }
}

/// How many iterations pass between two looks at the clock.
const CLOCK_EVERY: u64 = 64;

/// The state of one search, shared by both levels of PN².
struct Search<'a, G: SearchGame, O> {
    game: &'a mut G,
    observer: &'a mut O,
    goal: Goal,
    init: LeafInit,
    node_limit: u64,
    started: Instant,
    deadline: Option<Instant>,
    /// Nodes created (the node count of the report).
    created: u64,
    /// Created nodes that were finished games.
    terminals: u64,
    /// `created` as last reported to [`crate::search::meter`].
    metered: u64,
    iterations: u64,
    /// A limit, a full arena or the observer stopped the search.
    stopped: bool,
    error: Option<GoalError>,
    /// The proof (disproof) tree size of the last node [`Search::leaf_numbers`] solved:
    /// the positions its look-ahead stands for (see `leaf_numbers`).
    leaf_size: u32,
}

impl<'a, G: SearchGame, O: Observer<G>> Search<'a, G, O> {
    fn new(
        game: &'a mut G,
        observer: &'a mut O,
        config: &ProofConfig,
        goal: Goal,
        limits: &Limits,
    ) -> Search<'a, G, O> {
        let started = Instant::now();
        Search {
            game,
            observer,
            goal,
            init: config.init,
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            started,
            deadline: limits.time.map(|t| started + t),
            created: 0,
            terminals: 0,
            metered: 0,
            iterations: 0,
            stopped: false,
            error: None,
            leaf_size: 1,
        }
    }

    /// Runs PNS (or, with `second`, PN²) on the tree rooted at the current position.
    fn run(
        &mut self,
        first: &mut Tree<G::Move>,
        mut second: Option<(&mut Tree<G::Move>, Pn2Bound)>,
    ) -> Result<ProofReport<G::Move>, GoalError> {
        let or_root = self.game.to_move() == self.goal.attacker;
        // The root is never solved by look-ahead (a proof needs its winning move): only a
        // finished game is decided without an expansion.
        let root_numbers = match self.game.outcome() {
            Some(outcome) => {
                self.terminals += 1;
                self.outcome_numbers(outcome)
            }
            None => ProofNumbers::UNIT,
        };
        first.reset(root_numbers, or_root);
        self.created = 1;
        if self.error.is_none() {
            self.grow(first, &mut second, None);
        }
        if let Some(error) = self.error.take() {
            return Err(error);
        }
        let root = first.node(0).numbers;
        let mut report = ProofReport::unknown();
        report.root = root;
        if root.is_proven() {
            report.verdict = ProofVerdict::Proven;
            report.proof_size = Some(first.solution_size(0));
            if first.node(0).expanded && first.node(0).or_node {
                report.best_move = first
                    .children(0)
                    .find(|&c| first.node(c).numbers.is_proven())
                    .map(|c| first.node(c).mv);
            }
        } else if root.is_disproven() {
            report.verdict = ProofVerdict::Disproven;
        } else {
            report.stopped = true;
        }
        report.stats = Stats {
            nodes: self.created,
            leaves: self.terminals,
            elapsed: self.started.elapsed(),
            ..Stats::default()
        };
        Ok(report)
    }

    /// The PNS loop on `tree`, whose root is the current position. `budget` is `Some` for a
    /// second-level search (the nodes it may create beyond its root); `second` is `Some` for
    /// PN²'s first level.
    fn grow(
        &mut self,
        tree: &mut Tree<G::Move>,
        second: &mut Option<(&mut Tree<G::Move>, Pn2Bound)>,
        budget: Option<u64>,
    ) {
        let second_level = budget.is_some();
        loop {
            let root = tree.node(0);
            if root.numbers.is_solved() || self.stopped || self.error.is_some() {
                return;
            }
            if let Some(budget) = budget
                && root.expanded
                && (tree.len() - 1) as u64 >= budget
            {
                return;
            }
            self.iterations += 1;
            if self.iterations.is_multiple_of(CLOCK_EVERY) {
                crate::search::meter::add_nodes(self.created.saturating_sub(self.metered));
                self.metered = self.created;
            }
            if self.iterations.is_multiple_of(CLOCK_EVERY)
                && (crate::search::meter::stop_requested()
                    || self.deadline.is_some_and(|d| Instant::now() >= d))
            {
                self.stopped = true;
                return;
            }
            // Step 1: descend to the most-proving node.
            if !second_level {
                let view = view(tree, 0, false);
                self.signal(|o, g| o.pn_enter(g, None, view));
            }
            let mut id: NodeId = 0;
            while tree.node(id).expanded {
                id = tree.most_proving_child(id);
                let mv = tree.node(id).mv;
                self.game.play(mv);
                let view = view(tree, id, second_level);
                self.signal(|o, g| o.pn_enter(g, Some(mv), view));
            }
            // Step 2: expand it (PN²: by a second-level search).
            let expanded = match second {
                Some((inner, bound)) if !second_level => {
                    let budget = bound.budget(tree.len());
                    self.expand_by_second_level(tree, id, inner, budget)
                }
                _ => self.expand(tree, id),
            };
            // Step 3: back up until the numbers stop changing, then walk back to the root.
            self.back_up(tree, id, expanded, second_level);
        }
    }

    /// Creates and initialises the children of the leaf `id` (the current position).
    /// False when they do not fit (arena or node limit: the search stops).
    ///
    /// The game's knowledge ([`node_tactics::apply`]) shapes the children first: a mover with
    /// a proven win gets one child, the winning move, solved at once (its mover has lost:
    /// the proof names its move and counts two positions, as df-pn's); a mover proven lost
    /// gets none (a node with no children backs up to a loss of its mover, one position);
    /// moves outside the must-play region and inferior moves are not generated.
    fn expand(&mut self, tree: &mut Tree<G::Move>, id: NodeId) -> bool {
        let mut moves = MoveList::new();
        self.game.legal_moves(&mut moves);
        let won = self.narrow(&mut moves);
        let count = moves.len();
        if !tree.has_room(count) || self.created + count as u64 > self.node_limit {
            self.stopped = true;
            return false;
        }
        let first = tree.len() as NodeId;
        if won {
            // The key: its mover (the opponent) has lost; from the attacker's view the child
            // is proven when the expanded node is the attacker's.
            let numbers = if tree.node(id).or_node {
                ProofNumbers::PROVEN
            } else {
                ProofNumbers::DISPROVEN
            };
            let key = moves.as_slice()[0];
            self.game.play(key);
            let or_child = self.game.to_move() == self.goal.attacker;
            self.game.undo(key);
            tree.push_child(id, key, numbers, or_child);
        } else {
            for &mv in moves.iter() {
                self.game.play(mv);
                let or_child = self.game.to_move() == self.goal.attacker;
                let numbers = self.leaf_numbers(or_child);
                self.game.undo(mv);
                tree.push_child(id, mv, numbers, or_child);
                tree.node_mut(tree.len() as NodeId - 1).leaf_size = self.leaf_size;
            }
        }
        tree.mark_expanded(id, first, count);
        self.created += count as u64;
        if O::ENABLED && count > 0 {
            self.announce_children(tree, id, moves.as_slice());
        }
        true
    }

    /// Cuts `moves` (the legal moves of the current position, not over) by the game's
    /// knowledge when the mover has no immediate win: true when the mover has a proven win,
    /// then `moves` holds only its key; an empty list when the mover has lost.
    fn narrow(&mut self, moves: &mut MoveList<G::Move>) -> bool {
        if !self.game.is_stable() || self.game.winning_move(self.game.to_move()).is_some() {
            return false;
        }
        match node_tactics::apply(self.game, moves, Inferior::Drop, |_, _| 0) {
            NodeDecision::Won(key) => {
                moves.clear();
                moves.push(key);
                true
            }
            NodeDecision::Lost => {
                moves.clear();
                false
            }
            NodeDecision::Moves { .. } => false,
        }
    }

    /// PN²: runs a second PNS rooted at the first-level leaf `id` within `budget` created
    /// nodes, then keeps its root's children under `id`. False when nothing could be kept.
    fn expand_by_second_level(
        &mut self,
        tree: &mut Tree<G::Move>,
        id: NodeId,
        inner: &mut Tree<G::Move>,
        budget: u64,
    ) -> bool {
        let leaf = *tree.node(id);
        inner.reset(leaf.numbers, leaf.or_node);
        self.grow(inner, &mut None, Some(budget));
        if !inner.node(0).expanded {
            return false;
        }
        let count = usize::from(inner.node(0).child_count);
        if !tree.has_room(count) {
            self.stopped = true;
            return false;
        }
        let first = tree.len() as NodeId;
        let mut moves = MoveList::new();
        for c in inner.children(0) {
            let kid = *inner.node(c);
            tree.push_child(id, kid.mv, kid.numbers, kid.or_node);
            if kid.numbers.is_solved() {
                let size = inner.solution_size(c).min(u64::from(u32::MAX)) as u32;
                tree.node_mut(tree.len() as NodeId - 1).leaf_size = size;
            }
            moves.push(kid.mv);
        }
        tree.mark_expanded(id, first, count);
        if O::ENABLED {
            self.announce_children(tree, id, moves.as_slice());
        }
        true
    }

    /// `pn_expand` for the children of `id` (allocation-free: a stack buffer).
    fn announce_children(&mut self, tree: &Tree<G::Move>, id: NodeId, moves: &[G::Move]) {
        let mut numbers = [ProofNumbers::UNIT; MAX_MOVES];
        for (slot, c) in numbers.iter_mut().zip(tree.children(id)) {
            *slot = tree.node(c).numbers;
        }
        let numbers = &numbers[..moves.len()];
        self.signal(|o, _| o.pn_expand(moves, numbers));
    }

    /// Backs up from the most-proving node `id` (the current position) and walks back to the
    /// tree's root, undoing the moves and closing the events.
    fn back_up(&mut self, tree: &mut Tree<G::Move>, id: NodeId, expanded: bool, second: bool) {
        let mut id = id;
        let mut changed = expanded;
        loop {
            if changed {
                let numbers = tree.backed_up(id);
                changed = numbers != tree.node(id).numbers;
                tree.node_mut(id).numbers = numbers;
                let view = view(tree, id, second);
                self.signal(|o, _| o.pn_update(view));
            }
            if id == 0 {
                if !second {
                    let view = view(tree, 0, false);
                    self.signal(|o, _| o.pn_leave(view));
                }
                return;
            }
            let view = view(tree, id, second);
            self.signal(|o, _| o.pn_leave(view));
            self.game.undo(tree.node(id).mv);
            id = tree.node(id).parent;
        }
    }

    /// Initial numbers of a new node, the current position (the attacker to move when
    /// `or_node`). Sets `leaf_size` to the positions a solution found here stands for, as
    /// df-pn counts them (`ProofReport::proof_size`): 1 for a finished game, 2 for an
    /// immediate win (the mover and the finished game), `1 + 2 x legal moves` for a mover
    /// facing two immediate wins (each move and the opponent's win after it).
    fn leaf_numbers(&mut self, or_node: bool) -> ProofNumbers {
        self.leaf_size = 1;
        if let Some(outcome) = self.game.outcome() {
            self.terminals += 1;
            return self.outcome_numbers(outcome);
        }
        let mut moves = MoveList::new();
        self.game.legal_moves(&mut moves);
        if moves.is_empty() {
            return self.outcome_numbers(Outcome::Draw);
        }
        if self.init == LeafInit::Unit {
            return ProofNumbers::UNIT;
        }
        // One-move look-ahead: immediate wins of either side (exact in stable games).
        let (mover_wins, mover_loses) = if self.game.is_stable() {
            let mover = self.game.to_move();
            let wins = self.game.winning_move(mover).is_some();
            let loses = !wins && {
                let mut threats = MoveList::new();
                self.game.winning_moves(mover.opponent(), &mut threats, 2);
                threats.len() >= 2
            };
            (wins, loses)
        } else {
            (false, false)
        };
        if mover_wins || mover_loses {
            self.leaf_size = if mover_wins {
                2
            } else {
                (moves.len() as u32).saturating_mul(2).saturating_add(1)
            };
            // The attacker wins when it is the mover and wins, or the defender loses.
            return if or_node == mover_wins {
                ProofNumbers::PROVEN
            } else {
                ProofNumbers::DISPROVEN
            };
        }
        // The game's knowledge: a mover proven lost (an empty must-play region) is solved;
        // otherwise the region's size is the number of moves that count.
        let n = match node_tactics::region_size(self.game, &mut moves) {
            Some(0) => {
                return if or_node {
                    ProofNumbers::DISPROVEN
                } else {
                    ProofNumbers::PROVEN
                };
            }
            Some(size) => size,
            None => moves.len() as u32,
        };
        let (mut pn, mut dn) = if or_node { (1, n) } else { (n, 1) };
        if self.init == LeafInit::Heuristic {
            let eval = i64::from(self.game.evaluate());
            let for_attacker = if or_node { eval } else { -eval };
            let factor = 1 + (for_attacker.unsigned_abs() + 1).ilog2().min(8);
            if for_attacker > 0 {
                dn *= factor;
            } else if for_attacker < 0 {
                pn *= factor;
            }
        }
        ProofNumbers::new(pn, dn)
    }

    /// The numbers of a finished game for the goal.
    fn outcome_numbers(&mut self, outcome: Outcome) -> ProofNumbers {
        let reached = match outcome {
            Outcome::Win(player) => player == self.goal.attacker,
            Outcome::Draw => self.goal.draw_for_attacker,
            Outcome::Score(score) => {
                self.error.get_or_insert(GoalError { score });
                false
            }
        };
        if reached {
            ProofNumbers::PROVEN
        } else {
            ProofNumbers::DISPROVEN
        }
    }

    /// Sends an event (when the observer records anything); a `Break` stops the search at
    /// the end of the current iteration, the remaining events still close every node.
    #[inline]
    fn signal(&mut self, event: impl FnOnce(&mut O, &G) -> ControlFlow<()>) {
        if O::ENABLED && event(self.observer, self.game).is_break() {
            self.stopped = true;
        }
    }
}

/// The observer's view of node `id`.
fn view<M: Copy + Default>(tree: &Tree<M>, id: NodeId, second_level: bool) -> PnNodeView {
    let node = tree.node(id);
    PnNodeView {
        numbers: node.numbers,
        thresholds: None,
        or_node: node.or_node,
        second_level,
    }
}
