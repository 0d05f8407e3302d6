//! The df-pn of one lambda level: Nagai's MID with thresholds in the negamax phi/delta form
//! (Hric and Baudiš, *Game algorithms, lecture 4: Proof number search, Lambda search*,
//! "df-pn"; the 1+epsilon trick of Pawlewicz & Lew as an option) over the lambda-tree of
//! level n instead of the game tree (Hric and Baudiš, "Lambda DFPN": PNS solves the
//! lambda_i-tree for the smallest i; Suda, *Efficient algorithms for verifying goals in
//! computer games*, 5.4.3 proposes exactly this combination with the relevance zones of
//! chapter 4).
//!
//! The tree searched at level n, attacker `p`, `d` plies left:
//!
//! - **OR node** (`p` to move). LAMBDA(p, n - 1) of the lambda engine runs first: a win there
//!   (an immediate win at level 1) proves the node, since a lambda-tree of a lower level is a
//!   win. Its failure returns the attack zone A_{n-1}, whose first region holds every attack
//!   that can start a tree of level n (lemma 11; ATTACK's candidates, section 5.1). The
//!   children are these candidates; a move ending the game with `p`'s win is a proven
//!   child, other game ends are no threats and left out. Whether a child threatens is
//!   checked lazily, when df-pn first searches it (the AND node below): checking every
//!   candidate at expansion, as ATTACK does, cost Hex 4x4's openings 4.9 million nodes
//!   instead of the lazy version's figure in `tests/integration/lambda_dfpn_hex.rs`.
//! - **AND node** (the defender to move after an attack). The threat check: with the
//!   defender passing, LAMBDA(p, n - 1) must win (the lambda engine's nested check, its
//!   table answering repeats); if not, the attack is no threat of order < n and the node is
//!   disproven. The win's defence zone D_{n-1}: outside X1 of it no defence stops the threat
//!   (theorem 15), so the children are the defender's legal moves in X1. A defence ending the
//!   game without `p`'s win (the defender's own win, an inversion; a draw) refutes: a
//!   disproven child. The defender's suicide is a proven child. No candidate: proven.
//! - `d = 0` is a draw (Suda 4.8): the attacker fails.
//! - **The game's knowledge** (the [`crate::game::Tactics`] hooks; Hex: Benzene's virtual
//!   connections, Arneson, Hayward and Henderson) is used only where it keeps the meaning of
//!   a lambda-tree of level n, that is, to *disprove*: an OR node whose attacker is proven
//!   lost (`is_lost`) and an AND node whose defender has a proven win (`winning_key`) have no
//!   lambda-tree, since a lambda-tree is a real win; both are decided before the lambda
//!   engine is asked. The proving side is left out on purpose: a node won by a virtual
//!   connection (an AND node whose defender `is_lost`, an OR node with the attacker's
//!   `winning_key`), or an AND node whose defences are cut to the game's must-play region,
//!   is a real win but not a lambda-tree of level n, so the level reported, and the levels
//!   [`super::classify_moves`] and the loss proofs compare, would lose their meaning.
//!   The last stage ([`super::must_play`]), a search of the real game, uses all of it.
//!
//! Zones are used when the lambda engine uses them (stable stone games with zones on);
//! without them every legal move is a candidate on both sides. Children start at `[1, 1]`
//! or their table entry: the one-move look-ahead initialisation would cost a threat check
//! per grandchild, the very work df-pn defers.
//!
//! Children are regenerated on every MID call of a node (no per-node memory outside the
//! table, as in df-pn); the repeated threat checks are answered by the lambda engine's table.

use crate::game::LambdaGame;
use crate::game::{MAX_MOVES, MoveList, Outcome, Player};
use crate::search::lambda::engine::Searcher;
use crate::search::lambda_dfpn::table::PnTable;
use crate::search::observer::{LambdaPurpose, Observer, PnNodeView};
use crate::search::proof::{PN_INFINITY, ProofNumbers, pn_add};

const INF: u32 = PN_INFINITY;

/// How a search of one level ended at the root.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LevelOutcome<M> {
    /// The attacker has a lambda-tree of this level (or lower); the winning move when the
    /// root is an OR node and the win is not already on the board.
    Proven(Option<M>),
    /// No lambda-tree of this level (nothing about the real game).
    Disproven,
    /// A limit or the observer stopped the search.
    Stopped,
    /// The pause set by [`Engine::pause_at`] came first; the table keeps the progress, so a
    /// later search of the same level resumes from it.
    Paused,
}

/// Counters of the df-pn part (the lambda engine's nodes are in [`Searcher::stats`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MidCounters {
    /// MID calls (df-pn node visits, the root's included).
    pub mid_calls: u64,
    /// Node expansions (children generated; a node is expanded on every visit).
    pub expansions: u64,
    /// Threat checks and lower-level searches asked of the lambda engine.
    pub lambda_calls: u64,
    /// Table look-ups and hits of the proof-number table.
    pub pn_probes: u64,
    pub pn_hits: u64,
}

/// One lambda-df-pn engine: the lambda engine (its table, zones, budget and observer) and the
/// proof-number table, shared by every level and both attackers.
pub(crate) struct Engine<'o, G: LambdaGame, O: Observer<G>> {
    pub searcher: Searcher<'o, G, O>,
    table: Option<PnTable>,
    zones: bool,
    epsilon: f32,
    /// Node count at which MID returns without a result (see [`LevelOutcome::Paused`]).
    pause_at: u64,
    /// The level of the lower-level win that proved the root of the last search, if the
    /// root was proven so (level 0: a win in one move).
    pub root_lower_level: Option<u8>,
    pub counters: MidCounters,
}

/// `(pn, dn)` from a node's `(phi, delta)`.
#[inline]
fn to_pn(or_node: bool, phi: u32, delta: u32) -> ProofNumbers {
    if or_node {
        ProofNumbers::new(phi, delta)
    } else {
        ProofNumbers::new(delta, phi)
    }
}

/// The frame of one MID call: the children and their `(phi, delta)` (from the child's view).
struct Children<M: Copy + Default> {
    moves: MoveList<M>,
    numbers: [(u32, u32); MAX_MOVES],
}

impl<'o, G: LambdaGame, O: Observer<G>> Engine<'o, G, O> {
    pub fn new(searcher: Searcher<'o, G, O>, pn_table_mb: usize, epsilon: f32) -> Self {
        let zones = searcher.zones_on();
        Engine {
            searcher,
            table: (pn_table_mb > 0).then(|| PnTable::new(pn_table_mb)),
            zones,
            epsilon,
            pause_at: u64::MAX,
            root_lower_level: None,
            counters: MidCounters::default(),
        }
    }

    /// Makes searches return [`LevelOutcome::Paused`] once the node count reaches `nodes`
    /// (`u64::MAX`: never); unlike a limit, the engine may search on afterwards.
    pub fn pause_at(&mut self, nodes: u64) {
        self.pause_at = nodes;
    }

    #[inline]
    fn paused(&self) -> bool {
        self.searcher.stats.nodes >= self.pause_at
    }

    /// Bytes of the proof-number table.
    pub fn table_bytes(&self) -> usize {
        self.table.as_ref().map_or(0, PnTable::bytes)
    }

    /// Runs df-pn over the lambda-tree of `level` for `attacker` from the current position
    /// (the attacker to move: an OR root; otherwise the root is the AND node after a threat)
    /// with `depth` plies left.
    pub fn search_level(
        &mut self,
        game: &mut G,
        attacker: Player,
        level: u8,
        depth: u32,
    ) -> LevelOutcome<G::Move> {
        debug_assert!(level >= 1);
        let mut best = None;
        self.root_lower_level = None;
        let (phi, delta) = self.mid(game, None, attacker, level, depth, (INF, INF), &mut best);
        if self.searcher.stopped {
            return LevelOutcome::Stopped;
        }
        let or_root = game.to_move() == attacker;
        let numbers = to_pn(or_root, phi, delta);
        if numbers.is_proven() {
            LevelOutcome::Proven(best)
        } else if !numbers.is_solved() && self.paused() {
            LevelOutcome::Paused
        } else {
            debug_assert!(numbers.is_disproven(), "MID at infinite thresholds solves");
            LevelOutcome::Disproven
        }
    }

    fn lambda_check(
        &mut self,
        game: &mut G,
        attacker: Player,
        level: u8,
        depth: u32,
        purpose: LambdaPurpose,
    ) -> crate::search::lambda::engine::Found<G::Move> {
        self.counters.lambda_calls += 1;
        self.searcher.lambda(game, attacker, level, depth, purpose)
    }

    /// Generates the children of the current node (see the module doc) into `frame`, with
    /// their starting numbers. Returns `Some((phi, delta, best))` when the node is solved
    /// without children to search.
    #[allow(clippy::type_complexity)]
    fn expand(
        &mut self,
        game: &mut G,
        attacker: Player,
        level: u8,
        depth: u32,
        root: bool,
        frame: &mut Children<G::Move>,
    ) -> Option<(u32, u32, Option<G::Move>)> {
        self.counters.expansions += 1;
        frame.moves.clear();
        let or_node = game.to_move() == attacker;
        let mut all = MoveList::new();
        if or_node {
            if depth == 0 {
                return Some((INF, 0, None));
            }
            // The game's knowledge, where it keeps the meaning of a lambda-tree: an attacker
            // proven lost (Hex: the defender owns an edge-to-edge connection) has none.
            if self.attacker_lost(game, attacker) {
                return Some((INF, 0, None));
            }
            let purpose = if root {
                LambdaPurpose::Root
            } else {
                LambdaPurpose::AfterDefence
            };
            let lower = self.lambda_check(game, attacker, level - 1, depth, purpose);
            if self.searcher.stopped {
                return Some((1, 1, None));
            }
            if lower.won {
                if root {
                    self.root_lower_level = Some(lower.level);
                }
                return Some((0, INF, lower.best));
            }
            game.legal_moves(&mut all);
            sort_by_rank(game, &mut all);
            for &a in all.iter() {
                if self.zones
                    && let Some(p) = game.move_point(a)
                    && !lower.zone.contains(p, 1)
                {
                    continue;
                }
                self.searcher.count_node();
                if self.searcher.stopped {
                    return Some((1, 1, None));
                }
                game.play(a);
                let child = match game.outcome() {
                    // The AND child is proven: its phi (= dn) is infinite.
                    Some(Outcome::Win(w)) if w == attacker => Some((INF, 0)),
                    Some(_) => None,
                    // Whether `a` threatens is checked when the child is first searched
                    // (its expansion): df-pn may never get there.
                    None => Some(self.start_numbers(game, attacker, level)),
                };
                game.undo(a);
                if self.searcher.stopped {
                    return Some((1, 1, None));
                }
                if let Some(numbers) = child {
                    frame.numbers[frame.moves.len()] = numbers;
                    frame.moves.push(a);
                }
            }
        } else {
            if depth == 0 {
                return Some((0, INF, None));
            }
            // Likewise a defender with a proven win (Hex: the key of its semi connection)
            // refutes the attack whatever the threat: no lambda-tree continues here.
            if self.defender_wins(game, attacker) {
                return Some((0, INF, None));
            }
            let threat = self.lambda_check(game, attacker, level - 1, depth, LambdaPurpose::Threat);
            if self.searcher.stopped {
                return Some((1, 1, None));
            }
            if !threat.won {
                // Not a threat of this level: the attacker fails here (dn = phi = 0).
                return Some((0, INF, None));
            }
            game.legal_moves(&mut all);
            sort_by_rank(game, &mut all);
            for &d in all.iter() {
                if self.zones
                    && let Some(p) = game.move_point(d)
                    && !threat.zone.contains(p, 1)
                {
                    continue;
                }
                self.searcher.count_node();
                if self.searcher.stopped {
                    return Some((1, 1, None));
                }
                game.play(d);
                let numbers = match game.outcome() {
                    // The defender's suicide: the OR child is proven (pn = phi = 0).
                    Some(Outcome::Win(w)) if w == attacker => (0, INF),
                    // An inversion or a draw refutes the threat (pn = phi = infinite).
                    Some(_) => (INF, 0),
                    None => self.start_numbers(game, attacker, level),
                };
                game.undo(d);
                frame.numbers[frame.moves.len()] = numbers;
                frame.moves.push(d);
            }
        }
        None
    }

    /// True when the game proves that `attacker`, to move, loses whatever it plays
    /// ([`crate::game::Tactics::is_lost`], asked only when it has no immediate win). A
    /// lambda-tree is a real win, so none exists: the OR node is disproven at every level.
    fn attacker_lost(&self, game: &G, attacker: Player) -> bool {
        game.is_stable() && game.winning_move(attacker).is_none() && game.is_lost()
    }

    /// True when the game proves a win of the defender, to move
    /// ([`crate::game::Tactics::winning_key`], asked only when it has no immediate win): the
    /// attacker has no
    /// lambda-tree from this AND node, whatever its threat. A defender's immediate win is
    /// left to the threat check and the children, as before.
    fn defender_wins(&self, game: &G, attacker: Player) -> bool {
        let defender = attacker.opponent();
        game.is_stable() && game.winning_move(defender).is_none() && game.winning_key().is_some()
    }

    /// A new child's `(phi, delta)`: its table entry, else `[1, 1]`.
    fn start_numbers(&mut self, game: &G, attacker: Player, level: u8) -> (u32, u32) {
        match &self.table {
            Some(table) => {
                self.counters.pn_probes += 1;
                match table.probe(game.key(), level, attacker) {
                    Some(hit) => {
                        self.counters.pn_hits += 1;
                        hit
                    }
                    None => (1, 1),
                }
            }
            None => (1, 1),
        }
    }

    /// MID: searches the current node (reached by `mv`) until its `(phi, delta)` reaches the
    /// thresholds `th` or it is solved; returns its `(phi, delta)`. At the root, `best` gets
    /// the proving move.
    #[allow(clippy::too_many_arguments)]
    fn mid(
        &mut self,
        game: &mut G,
        mv: Option<G::Move>,
        attacker: Player,
        level: u8,
        depth: u32,
        th: (u32, u32),
        best: &mut Option<G::Move>,
    ) -> (u32, u32) {
        self.counters.mid_calls += 1;
        self.searcher.count_node();
        let or_node = game.to_move() == attacker;
        let key = game.key();
        let nodes_before = self.searcher.stats.nodes;
        let mut numbers = (1, 1);
        let mut probed = None;
        if let Some(table) = &self.table {
            self.counters.pn_probes += 1;
            probed = table.probe(key, level, attacker);
            if let Some(hit) = probed {
                self.counters.pn_hits += 1;
                numbers = hit;
            }
        }
        let view = |numbers: (u32, u32), th: (u32, u32)| PnNodeView {
            numbers: to_pn(or_node, numbers.0, numbers.1),
            thresholds: Some(to_pn(or_node, th.0, th.1)),
            or_node,
            second_level: false,
        };
        if O::ENABLED {
            let flow = self.searcher.observer.pn_enter(game, mv, view(numbers, th));
            self.searcher.watch_flow(flow);
            let entry = probed.map(|(phi, delta)| to_pn(or_node, phi, delta));
            let flow = self.searcher.observer.pn_tt(key, entry);
            self.searcher.watch_flow(flow);
        }
        let solved_in_table = numbers.0 == 0 || numbers.1 == 0;
        let result = if self.searcher.stopped
            || self.paused()
            || solved_in_table && mv.is_some()
            || numbers.0 >= th.0
            || numbers.1 >= th.1
        {
            numbers
        } else {
            self.mid_body(game, attacker, level, depth, th, mv.is_none(), best, &view)
        };
        if !self.searcher.stopped
            && let Some(table) = &mut self.table
        {
            let work = self.searcher.stats.nodes - nodes_before;
            table.store(key, level, attacker, result.0, result.1, work);
        }
        if O::ENABLED {
            let flow = self.searcher.observer.pn_leave(view(result, th));
            self.searcher.watch_flow(flow);
        }
        result
    }

    #[allow(clippy::too_many_arguments)]
    fn mid_body(
        &mut self,
        game: &mut G,
        attacker: Player,
        level: u8,
        depth: u32,
        th: (u32, u32),
        root: bool,
        best: &mut Option<G::Move>,
        view: &impl Fn((u32, u32), (u32, u32)) -> PnNodeView,
    ) -> (u32, u32) {
        let or_node = game.to_move() == attacker;
        let mut frame = Children {
            moves: MoveList::new(),
            numbers: [(0, 0); MAX_MOVES],
        };
        if let Some((phi, delta, win)) = self.expand(game, attacker, level, depth, root, &mut frame)
        {
            if root {
                *best = win;
            }
            return (phi, delta);
        }
        if O::ENABLED {
            let mut shown = [ProofNumbers::UNIT; MAX_MOVES];
            for (i, &(phi, delta)) in frame.numbers[..frame.moves.len()].iter().enumerate() {
                shown[i] = to_pn(!or_node, phi, delta);
            }
            let n = frame.moves.len();
            let flow = self
                .searcher
                .observer
                .pn_expand(frame.moves.as_slice(), &shown[..n]);
            self.searcher.watch_flow(flow);
        }
        loop {
            let (phi, delta, best_index, delta_2) = combine(&frame);
            if O::ENABLED {
                let flow = self.searcher.observer.pn_update(view((phi, delta), th));
                self.searcher.watch_flow(flow);
            }
            if phi >= th.0 || delta >= th.1 || self.searcher.stopped || self.paused() {
                if root && phi == 0 {
                    *best = best_index.map(|i| frame.moves.as_slice()[i]);
                }
                debug_check(&frame, phi, delta);
                return (phi, delta);
            }
            let Some(i) = best_index else {
                unreachable!("a node without children has phi infinite");
            };
            let (child_phi, _) = frame.numbers[i];
            // Child thresholds: th_phi(c) = th_delta - delta + phi(c), th_delta(c) =
            // min(th_phi, delta_2 + 1) (or delta_2 * (1 + epsilon)).
            let th_child_phi = if th.1 == INF {
                INF
            } else {
                pn_add(th.1 - delta, child_phi)
            };
            let second = if delta_2 == INF {
                INF
            } else if self.epsilon > 0.0 {
                let grown = (delta_2 as f64 * (1.0 + self.epsilon as f64)).ceil() as u64;
                grown.max(delta_2 as u64 + 1).min(INF as u64 - 1) as u32
            } else {
                pn_add(delta_2, 1)
            };
            let th_child_delta = th.0.min(second);
            let mv = frame.moves.as_slice()[i];
            game.play(mv);
            let mut unused = None;
            let child = self.mid(
                game,
                Some(mv),
                attacker,
                level,
                depth - 1,
                (th_child_phi, th_child_delta),
                &mut unused,
            );
            game.undo(mv);
            frame.numbers[i] = child;
        }
    }
}

/// The node's `(phi, delta)` from its children: phi = min delta(c), delta = sum phi(c);
/// with the index of the child of smallest delta (first of equals) and the second-smallest
/// delta.
fn combine<M: Copy + Default>(frame: &Children<M>) -> (u32, u32, Option<usize>, u32) {
    let mut phi = INF;
    let mut delta = 0u32;
    let mut best = None;
    let mut second = INF;
    for (i, &(c_phi, c_delta)) in frame.numbers[..frame.moves.len()].iter().enumerate() {
        delta = pn_add(delta, c_phi);
        if c_delta < phi {
            second = phi;
            phi = c_delta;
            best = Some(i);
        } else if c_delta < second {
            second = c_delta;
        }
    }
    (phi, delta, best, second)
}

/// Backup invariants (debug builds): phi is the children's minimum delta, delta their sum.
fn debug_check<M: Copy + Default>(frame: &Children<M>, phi: u32, delta: u32) {
    if cfg!(debug_assertions) {
        let children = &frame.numbers[..frame.moves.len()];
        let min = children.iter().map(|c| c.1).min().unwrap_or(INF);
        let sum = children.iter().fold(0, |s, c| pn_add(s, c.0));
        debug_assert_eq!((phi, delta), (min, sum), "phi = min delta, delta = sum phi");
    }
}

/// Central moves first ([`LambdaGame::move_rank`]), generator order among equals.
fn sort_by_rank<G: LambdaGame>(game: &G, moves: &mut MoveList<G::Move>) {
    moves.as_mut_slice().sort_by_key(|&mv| game.move_rank(mv));
}

impl<G: LambdaGame, O: Observer<G>> Engine<'_, G, O> {
    /// Nodes of the proof tree of a node proven at `level` (the current position), read back
    /// from the table: at an OR node one proven child, at an AND node every child; a node
    /// proven by a lower-level lambda-tree or by the game's end counts as one. `None` when
    /// the table lost an entry the proof needs (or there is no table), or past `cap` nodes.
    pub fn proof_size(
        &mut self,
        game: &mut G,
        attacker: Player,
        level: u8,
        depth: u32,
        cap: u64,
    ) -> Option<u64> {
        self.table.as_ref()?;
        let mut size = 0;
        self.walk(game, attacker, level, depth, true, cap, &mut size)
            .then_some(size)
    }

    #[allow(clippy::too_many_arguments)]
    fn walk(
        &mut self,
        game: &mut G,
        attacker: Player,
        level: u8,
        depth: u32,
        root: bool,
        cap: u64,
        size: &mut u64,
    ) -> bool {
        *size += 1;
        if *size > cap || self.searcher.stopped {
            return false;
        }
        let or_node = game.to_move() == attacker;
        let mut frame = Children {
            moves: MoveList::new(),
            numbers: [(0, 0); MAX_MOVES],
        };
        if let Some((phi, delta, _)) = self.expand(game, attacker, level, depth, root, &mut frame) {
            return to_pn(or_node, phi, delta).is_proven();
        }
        for i in 0..frame.moves.len() {
            let child_proven = to_pn(!or_node, frame.numbers[i].0, frame.numbers[i].1).is_proven();
            if or_node && !child_proven {
                continue;
            }
            if !child_proven {
                return false;
            }
            let mv = frame.moves.as_slice()[i];
            game.play(mv);
            let ok = if game.outcome().is_some() {
                *size += 1;
                true
            } else {
                self.walk(game, attacker, level, depth - 1, false, cap, size)
            };
            game.undo(mv);
            if or_node {
                return ok;
            }
            if !ok {
                return false;
            }
        }
        !or_node
    }
}
