//! Lambda-df-pn: depth-first proof-number search over lambda-trees (Hric and Baudiš, *Game
//! algorithms, lecture 4: Proof number search, Lambda search*, "Lambda DFPN, LDFPN": PNS solves
//! the lambda_i-tree for the smallest i; Yoshizoe et al. 2007), with the relevance zones of
//! Suda, *Efficient algorithms for verifying goals in computer games*, chapter 4, restricting
//! the moves of both sides, the combination Suda 5.4.3 proposes for solving larger boards.
//!
//! For the levels n = 1, 2, ..., `max_level`, a df-pn ([`mid`]) searches the lambda-tree of
//! level n: OR nodes try only the attacker's threats of order < n inside the attack zone
//! that LAMBDA(p, n - 1) leaves, AND nodes only the defences inside the threat's defence
//! zone. The nested threat checks and the zones come from the lambda engine
//! ([`crate::search::lambda::engine`]), whose table answers the repeated checks. A level that
//! fails hands over to the next. Results:
//!
//! - **proven** (with the level and, when the attacker is to move, the winning move): a
//!   lambda-tree is a real win (Suda, sections 3.5 and 4.7);
//! - **disproven**: only when the loss is proven as dual-lambda does (section 3.9): after
//!   every move of the attacker (or, when the defender is to move at the root, right away)
//!   the opponent has a lambda-tree of level <= `max_level`. A level's failure alone says
//!   nothing about the real game;
//! - otherwise, with the attacker to move, the **last stage** ([`must_play`]) decides: df-pn
//!   over the real game tree (the lambda-tree of unbounded level), where at every node the
//!   mover's lambda-tree of level <= [`MUST_PLAY_LEVEL`] decides it and the opponent's
//!   (after a pass) restricts the mover to X1 of its defence zone (theorem 15: the
//!   must-play region). Its proof or disproof is one of the real game, reported without a
//!   level; it shares the node and time limits, and starts after the level searches' tables
//!   are freed, so memory stays within `tt_mb` (with no table, `tt_mb = 0`, it does not
//!   run). It is the one part that runs on `ProofConfig::threads` threads (the level
//!   searches and [`classify_moves`] run on one: their engine and tables serve every level
//!   and every move in turn);
//! - **unknown** when a node or time limit stopped the search (or, with the defender to
//!   move at the root, no level decided).
//!
//! Draws: a lambda-tree proves a win, never a draw, so `Goal::draw_for_attacker` answers
//! unknown. Node counts are deterministic: the engine has no randomness and the tables'
//! replacement depends only on the counts.
//!
//! [`classify_moves`] decides the root moves of a game without draws (Hex): after each, it
//! alternates the mover's search (the root is the AND node after its move) and the
//! opponent's (an OR root), level by level, until one is proven.
//!
//! # Effort
//!
//! Release, one thread,
//! `cargo test --release --test integration lambda_dfpn_hex:: -- --ignored --nocapture` (Hex 4x4 openings at `max_level` 3, all 16 classified correctly: d1, c2, b3,
//! a4 win): zones and both tables on (8 MB) 1,832,171 nodes in 1.7 s (64 MB: 1,653,502 in
//! 2.1 s); tables without zones 10.7 million nodes, 4.7 s; zones without tables, and
//! neither, leave openings unknown at 50 million nodes. The lambda engine's nested checks
//! are almost all the nodes (15,652 MID calls of 1.8 million nodes on 4x4).
//!
//! Hex's knowledge ([`mid`] disproves by it, [`must_play`] uses all of it) cut the 4x4 openings to
//! 201,026 nodes and 1,284 MID calls (pinned in `tests/integration/lambda_dfpn_hex.rs`);
//! `plyscope solve hex-4x4 --algo lambda-dfpn` (64 MB, release): 1,672,807 nodes, 0.99 s of CPU
//! before, 205,925 nodes, 0.13 s after; `hex-4x4-white-b3` 136,236 -> 6,654 nodes; `hex-3x3` 3,124
//! -> 642. The empty 5x5, 6x6 and 7x7 boards are proven by the last stage in 7, 9 and 360 nodes
//! (the 5x5 root's key is a semi connection found by H-search).
//!
//! Hex 5x5's openings are out of reach of the level searches (and so of [`classify_moves`]):
//! one opening stone leaves every empty point at EVS order 5, so no lambda-tree below
//! level 4 exists (lemma 11 empties X1 of the attack zones of levels 1-3), and level 4 asks the
//! depth-first lambda engine for LAMBDA(p, 3) at its OR nodes: a single such call on the board
//! after a1 ran past 30 million nodes (50 s). The 25 openings of 5x5 in 2.3 s or the 36 of 6x6 in
//! 60 s are out of this engine's reach; the threat checks themselves would have to become
//! proof-number searches.
//!
//! AtariGo (release, `cargo run --release -- solve atarigo-5x5`, the puzzle's own
//! algorithm; `cargo run --release --example must_play_speed -- 5x5 1` runs the last stage
//! alone): the 5x5 empty board, beyond every lambda-tree up to level 3 (41,265 nodes to find
//! that out), is proven a first-player win by the last stage, c3 first: 1,214,337 nodes in
//! all (proof tree 167,842), 6.7 s on the shared machine; the stage alone 1,178,086 nodes,
//! 401,554 of them df-pn's and 776,532 the lambda engine's level-1 checks. Without the
//! table's symmetries the stage took 5,193,699 (27.6 s); with level-2 regions 10,256,423
//! (only 25,728 df-pn's: the checks cost more than they save). Cross-check without any zone:
//! level 0 (exact tactics and the table's symmetries only, `must_play_speed -- 5x5 0`)
//! proves it too, c3 first, in 5,129,591 nodes (148 s). Plain df-pn does not decide it in
//! 20 million nodes. The 6x6 crosscut is proven at level 3 before the last stage:
//! 16.5 million nodes (dual-lambda: 98,090); the last stage alone proves it in 163,017
//! (20,199 df-pn's), 0.7 s.

pub mod mid;
pub mod must_play;
mod shared_answers;
pub mod table;

pub use mid::MidCounters;
pub use must_play::MustPlayCounters;

use crate::game::LambdaGame;
use crate::game::{MoveList, Outcome, Player};
use crate::search::lambda::LambdaConfig;
use crate::search::lambda::engine::{Searcher, effective_depth};
use crate::search::observer::{NoTrace, Observer};
use crate::search::proof::{Goal, ProofConfig, ProofNumbers, ProofReport, ProofVerdict};
use crate::search::{Limits, Stats};
use mid::{Engine, LevelOutcome};

/// The largest proof tree [`lambda_dfpn`] reads back for `proof_size`.
const PROOF_SIZE_CAP: u64 = 1_000_000;

/// The lambda engine's settings for lambda-df-pn: plain lambda trees (no dual check: a
/// lambda-tree is a win by itself), no depth limit beyond the game's and the limits', half
/// of the table memory (the other half is the proof-number table).
fn lambda_config(config: &ProofConfig) -> LambdaConfig {
    LambdaConfig {
        max_level: config.max_level,
        max_depth: u32::MAX,
        zones: config.zones,
        tt_mb: split_memory(config.tt_mb),
        dual: false,
    }
}

/// Megabytes of each of the two tables: half of `tt_mb` each, at least one; none for 0.
fn split_memory(tt_mb: usize) -> usize {
    if tt_mb == 0 { 0 } else { (tt_mb / 2).max(1) }
}

/// What [`lambda_dfpn_counted`] answers: the report and the df-pn counters.
#[derive(Clone, Debug)]
pub struct LambdaDfpnRun<M> {
    /// The verdict, level, winning move and counters (`stats.nodes`: every node, the lambda
    /// engine's threat checks included).
    pub report: ProofReport<M>,
    /// The df-pn side: MID calls, expansions, lambda calls, proof-number table hits.
    pub counters: MidCounters,
    /// Bytes of both tables (the lambda engine's is sized by the same split).
    pub pn_table_bytes: usize,
    /// The last stage, when it ran: df-pn over the real game tree with must-play regions.
    pub must_play: Option<MustPlayStage>,
}

/// Lambda-df-pn for `goal.attacker` (see the module doc) within `limits`. The attacker may be
/// the side not to move: the root is then the AND node after the attacker's last move (a
/// lambda-tree of level n needs that move to be a threat of order < n). Leaves the position
/// as it found it.
pub fn lambda_dfpn<G: LambdaGame, O: Observer<G>>(
    game: &mut G,
    config: &ProofConfig,
    goal: Goal,
    limits: &Limits,
    observer: &mut O,
) -> ProofReport<G::Move> {
    lambda_dfpn_counted(game, config, goal, limits, observer).report
}

/// [`lambda_dfpn`] with the df-pn counters.
pub fn lambda_dfpn_counted<G: LambdaGame, O: Observer<G>>(
    game: &mut G,
    config: &ProofConfig,
    goal: Goal,
    limits: &Limits,
    observer: &mut O,
) -> LambdaDfpnRun<G::Move> {
    let mut report = ProofReport::unknown();
    let run = |report: ProofReport<G::Move>| LambdaDfpnRun {
        report,
        counters: MidCounters::default(),
        pn_table_bytes: 0,
        must_play: None,
    };
    let attacker = goal.attacker;
    if goal.draw_for_attacker || !game.allows_pass() {
        return run(report);
    }
    match game.outcome() {
        Some(Outcome::Win(w)) if w == attacker => {
            report.verdict = ProofVerdict::Proven;
            report.level = Some(0);
            report.proof_size = Some(1);
            report.root = ProofNumbers::PROVEN;
            return run(report);
        }
        Some(_) => {
            report.verdict = ProofVerdict::Disproven;
            report.root = ProofNumbers::DISPROVEN;
            return run(report);
        }
        None => {}
    }
    if config.max_level == 0 {
        return run(report);
    }
    let lambda = lambda_config(config);
    let depth = effective_depth(game, &lambda, limits);
    let key = game.key();
    let searcher = Searcher::new(game, &lambda, limits, observer);
    let mut engine = Engine::new(searcher, split_memory(config.tt_mb), config.epsilon);
    let mut decided_by_levels = false;
    'levels: {
        for level in 1..=config.max_level {
            match engine.search_level(game, attacker, level, depth) {
                LevelOutcome::Proven(best) => {
                    report.verdict = ProofVerdict::Proven;
                    report.level = Some(engine.root_lower_level.unwrap_or(level));
                    report.best_move = best;
                    report.root = ProofNumbers::PROVEN;
                    report.proof_size =
                        engine.proof_size(game, attacker, level, depth, PROOF_SIZE_CAP);
                    decided_by_levels = true;
                    break 'levels;
                }
                LevelOutcome::Stopped | LevelOutcome::Paused => {
                    report.stopped = true;
                    break 'levels;
                }
                LevelOutcome::Disproven => {}
            }
        }
        match loss_proven(&mut engine, game, attacker, config.max_level, depth) {
            Some(true) => {
                report.verdict = ProofVerdict::Disproven;
                report.root = ProofNumbers::DISPROVEN;
                decided_by_levels = true;
            }
            Some(false) => {}
            None => report.stopped = true,
        }
    }
    debug_assert_eq!(game.key(), key, "the position is restored");
    let counters = engine.counters;
    let pn_table_bytes = engine.table_bytes();
    report.stats = engine.searcher.finish();
    drop(engine);
    let mut run = LambdaDfpnRun {
        report,
        counters,
        pn_table_bytes,
        must_play: None,
    };
    // The last stage: the real game tree, with must-play regions (the level tables are gone,
    // so memory stays within `tt_mb`). df-pn without a table re-searches every subtree at
    // every threshold: with `tt_mb = 0` the stage does not run.
    if !decided_by_levels && !run.report.stopped && game.to_move() == attacker && config.tt_mb > 0 {
        last_stage(&mut run, game, config, goal, limits, observer);
    }
    run
}

/// The level of the lambda-trees whose zones give the last stage its must-play regions.
/// Level 1 measured best (the stage alone, release): AtariGo 6x6 crosscut 411,709 nodes at
/// level 1 against 18.2 million, almost all the lambda engine's, at level 2 (both before the
/// table's symmetries); AtariGo 5x5 empty 1,178,086 at level 1 against 10,256,423 at level 2.
pub const MUST_PLAY_LEVEL: u8 = 1;

/// Runs [`must_play::must_play_dfpn`] within what is left of `limits` and adds its answer
/// and counters to `run` (a proof or disproof there is one of the real game, without a
/// level).
fn last_stage<G: LambdaGame, O: Observer<G>>(
    run: &mut LambdaDfpnRun<G::Move>,
    game: &mut G,
    config: &ProofConfig,
    goal: Goal,
    limits: &Limits,
    observer: &mut O,
) {
    let spent = run.report.stats;
    let left = Limits {
        nodes: limits.nodes.map(|n| n.saturating_sub(spent.nodes)),
        time: limits.time.map(|t| t.saturating_sub(spent.elapsed)),
        max_depth: limits.max_depth,
    };
    if left.nodes == Some(0) || left.time.is_some_and(|t| t.is_zero()) {
        run.report.stopped = true;
        return;
    }
    let level = if config.zones { MUST_PLAY_LEVEL } else { 0 };
    let stage = must_play::must_play_dfpn(game, config, level, goal, &left, observer);
    let r = stage.report;
    run.report.stats.add(&r.stats);
    run.report.verdict = r.verdict;
    run.report.best_move = r.best_move;
    run.report.proof_size = r.proof_size;
    run.report.root = r.root;
    run.report.stopped = r.stopped;
    run.must_play = Some(MustPlayStage {
        dfpn_nodes: stage.dfpn_nodes,
        counters: stage.counters,
    });
}

/// What the last stage did (see [`LambdaDfpnRun::must_play`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MustPlayStage {
    /// df-pn's own nodes (MID calls).
    pub dfpn_nodes: u64,
    /// The lambda knowledge's counters (its nodes included).
    pub counters: MustPlayCounters,
}

/// Does the opponent of `attacker` win with a lambda-tree of level <= `max_level` after
/// every move of the attacker (the attacker to move), or at once (the opponent to move)?
/// `None` when a limit stopped the proof.
fn loss_proven<G: LambdaGame, O: Observer<G>>(
    engine: &mut Engine<'_, G, O>,
    game: &mut G,
    attacker: Player,
    max_level: u8,
    depth: u32,
) -> Option<bool> {
    let opponent = attacker.opponent();
    let wins = |engine: &mut Engine<'_, G, O>, game: &mut G, depth: u32| -> Option<bool> {
        for level in 1..=max_level {
            match engine.search_level(game, opponent, level, depth) {
                LevelOutcome::Proven(_) => return Some(true),
                LevelOutcome::Stopped | LevelOutcome::Paused => return None,
                LevelOutcome::Disproven => {}
            }
        }
        Some(false)
    };
    if game.to_move() != attacker {
        return wins(engine, game, depth);
    }
    if depth == 0 {
        return Some(false);
    }
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    if moves.is_empty() {
        return Some(false);
    }
    for &m in moves.iter() {
        game.play(m);
        let lost = match game.outcome() {
            Some(Outcome::Win(w)) => Some(w == opponent),
            Some(_) => Some(false),
            None => wins(engine, game, depth - 1),
        };
        game.undo(m);
        match lost {
            Some(true) => {}
            other => return other,
        }
    }
    Some(true)
}

/// What [`classify_moves`] found out about one root move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveClass {
    /// The move wins: the mover has a lambda-tree of this level after it (0: it wins at once).
    Wins { level: u8 },
    /// The move loses: the opponent, to move, has a lambda-tree of this level.
    Loses { level: u8 },
    /// Neither up to the maximum level, or a limit stopped the search.
    Unknown,
}

/// One classified root move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClassifiedMove<M> {
    /// The move.
    pub mv: M,
    /// Its class.
    pub class: MoveClass,
    /// Nodes its classification took.
    pub nodes: u64,
}

/// The answer of [`classify_moves`].
#[derive(Clone, Debug)]
pub struct Classification<M> {
    /// Every legal root move, in generator order.
    pub moves: Vec<ClassifiedMove<M>>,
    /// True when a limit stopped the classification.
    pub stopped: bool,
    /// Counters over all moves.
    pub stats: Stats,
    /// The df-pn counters over all moves.
    pub counters: MidCounters,
}

/// Classifies every legal move of the side to move by lambda-df-pn: after the move, level by
/// level n = 1..=`max_level`, the mover's search (is the move a winning lambda-n attack?)
/// races the opponent's (does the opponent, to move, win at level n?) with doubling node
/// budgets ([`race`]). One engine and
/// its tables serve all moves (their entries are facts about positions). Meant for games
/// without draws, where one of the two always holds (Hex: all openings).
pub fn classify_moves<G: LambdaGame>(
    game: &mut G,
    config: &ProofConfig,
    limits: &Limits,
) -> Classification<G::Move> {
    let mover = game.to_move();
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    let mut result = Classification {
        moves: Vec::with_capacity(moves.len()),
        stopped: false,
        stats: Stats::default(),
        counters: MidCounters::default(),
    };
    if !game.allows_pass() || game.outcome().is_some() {
        return result;
    }
    let lambda = lambda_config(config);
    let depth = effective_depth(game, &lambda, limits);
    let mut observer = NoTrace;
    let searcher = Searcher::new(game, &lambda, limits, &mut observer);
    let mut engine = Engine::new(searcher, split_memory(config.tt_mb), config.epsilon);
    crate::search::meter::set_openings(0, moves.len());
    for &m in moves.iter() {
        let before = engine.searcher.stats.nodes;
        let mut class = MoveClass::Unknown;
        game.play(m);
        match game.outcome() {
            Some(Outcome::Win(w)) if w == mover => class = MoveClass::Wins { level: 0 },
            Some(Outcome::Win(_)) => class = MoveClass::Loses { level: 0 },
            Some(_) => {}
            None if depth > 0 => {
                class = race(&mut engine, game, mover, config.max_level, depth - 1)
            }
            None => {}
        }
        game.undo(m);
        result.moves.push(ClassifiedMove {
            mv: m,
            class,
            nodes: engine.searcher.stats.nodes - before,
        });
        crate::search::meter::set_openings(result.moves.len(), moves.len());
        if engine.searcher.stopped {
            result.stopped = true;
            break;
        }
    }
    // Moves not reached after a stop stay unknown.
    for &m in moves.iter().skip(result.moves.len()) {
        result.moves.push(ClassifiedMove {
            mv: m,
            class: MoveClass::Unknown,
            nodes: 0,
        });
    }
    result.counters = engine.counters;
    result.stats = engine.searcher.finish();
    result
}

/// The first node budget of each side in [`race`].
const RACE_START: u64 = 1_000;

/// Decides the position after `mover`'s move, level by level: the two sides' searches of a
/// level take turns with budgets doubling from [`RACE_START`] nodes until one is proven or
/// both are disproven (then the next level). A side's disproof at a level can cost far more
/// than the other side's proof (Hex 4x4: a losing opening's level-3 search for the mover),
/// so neither waits for the other to finish; each resumes from the shared table.
fn race<G: LambdaGame, O: Observer<G>>(
    engine: &mut Engine<'_, G, O>,
    game: &mut G,
    mover: Player,
    max_level: u8,
    depth: u32,
) -> MoveClass {
    let sides = [mover, mover.opponent()];
    for level in 1..=max_level {
        let mut open = [true, true];
        let mut budget = RACE_START;
        while open[0] || open[1] {
            for (i, &side) in sides.iter().enumerate() {
                if !open[i] {
                    continue;
                }
                // The other side already failed at this level: no need to pause.
                let pause = if open[1 - i] {
                    engine.searcher.stats.nodes.saturating_add(budget)
                } else {
                    u64::MAX
                };
                engine.pause_at(pause);
                let outcome = engine.search_level(game, side, level, depth);
                engine.pause_at(u64::MAX);
                match outcome {
                    LevelOutcome::Proven(_) if i == 0 => return MoveClass::Wins { level },
                    LevelOutcome::Proven(_) => return MoveClass::Loses { level },
                    LevelOutcome::Disproven => open[i] = false,
                    LevelOutcome::Paused => {}
                    LevelOutcome::Stopped => return MoveClass::Unknown,
                }
            }
            budget = budget.saturating_mul(2);
        }
    }
    MoveClass::Unknown
}
