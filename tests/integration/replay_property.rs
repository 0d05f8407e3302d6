//! Replay property (issue 3, "Tests that must exist"): for random recorded searches, the
//! state of every node at step i reached by stepping forward from 0 equals the state reached
//! by stepping back from the end, and both equal an independent oracle that folds the
//! first i events of the log from scratch.
//!
//! The searches are:
//! - a scripted engine on random tic-tac-toe and 4x4 positions that reports every kind of
//!   event (table hits and misses, null-move probes that cut or not, forward pruning,
//!   skipped lists that are and are not slices of the ordered list, several iterations) with
//!   small random values full of ties, under a random record budget (truncated records,
//!   nodes left open);
//! - a scripted lambda engine (Suda, section 5.1's LAMBDA / ATTACK / DEFEND shape, with
//!   nested threat checks, re-searches, dual-lambda's counter-threat checks, table look-ups,
//!   one ATTACK per level, zones or none, and every verdict) under a random budget, and the
//!   real lambda and dual-lambda engines on random 4x4 positions;
//! - the real engines (minimax, fail-hard and fail-soft alpha-beta, iterative deepening)
//!   in their textbook form, with table, ordering and tactics, with the null move and with
//!   forward pruning, on random literal trees (under random record budgets) and random
//!   tic-tac-toe and 4x4 positions, sometimes stopped by a node limit.

use std::collections::HashMap;

use crate::helpers::positions::Rng;
use plyscope::game::{Game, MoveList, Player, Point, StoneGame};
use plyscope::games::mnk::Mnk;
use plyscope::games::tree::TreeGame;
use plyscope::search::observer::{
    LambdaNode, LambdaNodeKind, LambdaPurpose, LambdaTtView, LambdaVerdict, Observer, TtEntryView,
};
use plyscope::search::proof::ProofNumbers;
use plyscope::search::zone::ZoneScheme;
use plyscope::search::{
    Algorithm, Bound, Limits, MoveOrdering, SearchConfig, SearchGame, Value, Window, solve,
};
use plyscope::trace::recorder::{RecordConfig, Recorder};
use plyscope::trace::replay::{
    Candidates, CutoffInfo, LambdaState, NodeResult, NodeState, NodeStatus, NullMoveInfo, Replay,
    TtLookup, TtStoreInfo,
};
use plyscope::trace::store::{Event, NodeId, NodeKind, PnStep, Trace};
use proptest::prelude::*;

// ---------------------------------------------------------------------------------------
// The oracle: fold events 0..step into per-node states, the simple way.

/// Per-node states, the path and the number of nodes entered after `step` events, computed
/// from scratch without the replay's undo information.
type Snapshot<M> = (
    Vec<NodeState<M>>,
    Vec<NodeId>,
    u32,
    Vec<Option<LambdaState<M>>>,
);

fn oracle<M: Copy + PartialEq>(trace: &Trace<M>, step: usize) -> Snapshot<M> {
    let n = trace.node_count();
    let mut states: Vec<NodeState<M>> = (0..n).map(|_| not_entered()).collect();
    let mut lambdas: Vec<Option<LambdaState<M>>> = vec![None; n];
    let zone = |z: u32| (z != u32::MAX).then_some(z);
    let mut path: Vec<NodeId> = Vec::new();
    // Children left so far with their values, in order, per node.
    let mut closed_children: HashMap<NodeId, Vec<(NodeId, Value)>> = HashMap::new();
    // Children entered so far, per node.
    let mut entered_children: HashMap<NodeId, Vec<NodeId>> = HashMap::new();
    let mut entered = 0u32;
    for (e, event) in trace.events()[..step].iter().enumerate() {
        match *event {
            Event::Iteration { .. } => {}
            Event::Enter { node } => {
                entered += 1;
                let s = &mut states[node as usize];
                s.status = NodeStatus::Open;
                s.window = Some(trace.node(node).window());
                let t = trace.node(node);
                lambdas[node as usize] = t.lambda_kind().map(|kind| LambdaState {
                    kind,
                    attacker: t.attacker(),
                    level: t.level(),
                    depth_left: t.depth(),
                    status: NodeStatus::Open,
                    verdict: None,
                    zone: None,
                    tt: None,
                    candidates: None,
                    candidate_lists: 0,
                });
                if let Some(&parent) = path.last() {
                    entered_children.entry(parent).or_default().push(node);
                }
                path.push(node);
            }
            Event::Leave {
                node,
                value,
                bound,
                best,
                ..
            } => {
                assert_eq!(path.pop(), Some(node), "leave of the innermost node");
                let s = &mut states[node as usize];
                s.status = NodeStatus::Closed;
                s.result = Some(NodeResult { value, bound, best });
                let t = trace.node(node);
                if t.kind() == NodeKind::Move
                    && let Some(parent) = t.parent()
                {
                    closed_children
                        .entry(parent)
                        .or_default()
                        .push((node, value));
                }
            }
            Event::Cutoff {
                node,
                mv,
                value,
                window,
                skipped,
            } => {
                let child = entered_children
                    .get(&node)
                    .into_iter()
                    .flatten()
                    .copied()
                    .filter(|&c| {
                        trace.node(c).kind() == NodeKind::Move && trace.node(c).mv() == Some(mv)
                    })
                    .last();
                states[node as usize].cutoff = Some(CutoffInfo {
                    event: e as u32,
                    mv,
                    child,
                    value,
                    window,
                    skipped,
                });
            }
            Event::TtProbe { node, hit } => {
                states[node as usize].tt = Some(match hit {
                    None => TtLookup::Miss,
                    Some(h) => TtLookup::Hit(h),
                });
            }
            Event::TtStore {
                node,
                value,
                bound,
                depth,
                best,
            } => {
                states[node as usize].tt_store = Some(TtStoreInfo {
                    value,
                    bound,
                    depth,
                    best,
                });
            }
            Event::Ordered { node, moves } => states[node as usize].ordered = Some(moves),
            Event::NullMove {
                node,
                reduction,
                value,
                cut,
            } => {
                states[node as usize].null_move = Some(NullMoveInfo {
                    reduction,
                    value,
                    cut,
                })
            }
            Event::ForwardPruned { node, dropped } => {
                states[node as usize].forward_pruned = Some(dropped)
            }
            Event::LambdaAttack {
                node,
                level,
                zone: z,
                candidates,
                ..
            }
            | Event::LambdaDefend {
                node,
                level,
                zone: z,
                candidates,
                ..
            } => {
                let l = lambdas[node as usize].as_mut().expect("a lambda node");
                l.candidates = Some(Candidates {
                    event: e as u32,
                    attack: matches!(event, Event::LambdaAttack { .. }),
                    level,
                    zone: zone(z),
                    moves: candidates,
                });
                l.candidate_lists += 1;
            }
            Event::LambdaTt { node, hit } => {
                states[node as usize].tt = None;
                lambdas[node as usize].as_mut().expect("a lambda node").tt = Some(hit);
            }
            Event::Pn { node, step, .. } => match step {
                PnStep::FirstEnter | PnStep::Enter => {
                    if step == PnStep::FirstEnter {
                        entered += 1;
                    }
                    let s = &mut states[node as usize];
                    s.status = NodeStatus::Open;
                    s.window = Some(trace.node(node).window());
                    path.push(node);
                }
                PnStep::Update => {}
                PnStep::Leave => {
                    assert_eq!(path.pop(), Some(node), "leave of the innermost node");
                    states[node as usize].status = NodeStatus::Closed;
                }
            },
            Event::PnExpand { .. } | Event::PnTt { .. } => {}
            Event::LambdaLeave {
                node,
                verdict,
                zone: z,
            } => {
                assert_eq!(path.pop(), Some(node), "leave of the innermost node");
                states[node as usize].status = NodeStatus::Closed;
                let l = lambdas[node as usize].as_mut().expect("a lambda node");
                l.status = NodeStatus::Closed;
                l.verdict = Some(verdict);
                l.zone = zone(z);
            }
        }
    }
    // Best child so far: the highest negated value, the first one on ties.
    for (&node, children) in &closed_children {
        let mut best: Option<(NodeId, Value)> = None;
        for &(c, v) in children {
            if best.is_none_or(|(_, b)| -v > b) {
                best = Some((c, -v));
            }
        }
        let s = &mut states[node as usize];
        s.best_child = best.map(|(c, _)| c);
        s.value_so_far = best.map(|(_, v)| v);
    }
    // Subtree sizes: every entered node counts for itself and its ancestors.
    for id in 0..entered {
        let mut a = Some(id);
        while let Some(x) = a {
            states[x as usize].subtree_nodes += 1;
            a = trace.node(x).parent();
        }
    }
    (states, path, entered, lambdas)
}

fn not_entered<M>() -> NodeState<M> {
    NodeState {
        status: NodeStatus::NotEntered,
        window: None,
        value_so_far: None,
        best_child: None,
        result: None,
        tt: None,
        ordered: None,
        null_move: None,
        forward_pruned: None,
        cutoff: None,
        tt_store: None,
        subtree_nodes: 0,
    }
}

/// The property: at every step (or a sample of steps for long traces), forward from 0,
/// back from the end and the oracle agree on every node, the path and the count of nodes
/// entered; `seek` agrees too.
fn check_replay<M: Copy + PartialEq + std::fmt::Debug>(trace: &Trace<M>) {
    let len = trace.len();
    let stride = (len / 150).max(1);
    let sampled = |s: usize| s.is_multiple_of(stride) || s == len;
    let snapshot = |r: &Replay| {
        let lambdas = (0..trace.node_count() as NodeId)
            .map(|id| r.lambda(trace, id))
            .collect::<Vec<_>>();
        (r.states(trace), r.path(trace), r.entered(), lambdas)
    };
    let mut forward = Vec::new();
    let mut r = Replay::new();
    for step in 0..=len {
        assert_eq!(r.step(), step);
        if sampled(step) {
            forward.push((step, snapshot(&r)));
        }
        if step < len {
            assert!(r.forward(trace));
        }
    }
    assert!(!r.forward(trace), "nothing after the end");
    let mut expected = forward.iter().rev();
    for step in (0..=len).rev() {
        assert_eq!(r.step(), step);
        if sampled(step) {
            let (s, state) = expected
                .next()
                .expect("a forward snapshot per sampled step");
            assert_eq!(*s, step);
            let back = snapshot(&r);
            assert_eq!(&back, state, "forward and backward differ at step {step}");
            assert_eq!(
                oracle(trace, step),
                back,
                "the oracle differs at step {step}"
            );
        }
        if step > 0 {
            assert!(r.back(trace));
        }
    }
    // Seeking (with its reset for far jumps) lands on the same states.
    for &(step, ref state) in forward.iter().step_by(7) {
        r.seek(trace, len);
        r.seek(trace, step);
        assert_eq!(&snapshot(&r), state, "seek to {step}");
    }
}

// ---------------------------------------------------------------------------------------
// The scripted engine: well-nested events of every kind on real m,n,k positions.

/// What the scripted searches draw besides a number below `n`.
trait Draws {
    /// True `percent` times in a hundred.
    fn chance(&mut self, percent: usize) -> bool;
    /// A small value: many ties.
    fn value(&mut self) -> Value;
}

impl Draws for Rng {
    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    fn value(&mut self) -> Value {
        Value(self.below(7) as i32 - 3)
    }
}

/// A negamax alpha-beta in the shape of the real engines, with random extras, that reports
/// to `obs`. Returns the value from the side to move's view.
fn scripted_search<O: Observer<Mnk>>(
    obs: &mut O,
    g: &mut Mnk,
    rng: &mut Rng,
    mv: Option<Point>,
    ply: usize,
    depth: u32,
    window: Window,
) -> Value {
    let _ = obs.enter(g, mv, ply, depth, window);
    if rng.chance(40) {
        let hit = rng.chance(50).then(|| TtEntryView {
            value: rng.value(),
            bound: [Bound::Exact, Bound::Lower, Bound::Upper][rng.below(3)],
            depth: rng.below(4) as u32,
            best: None,
            cutoff: rng.chance(30),
        });
        let _ = obs.tt_probe(g.key(), hit);
        if let Some(h) = hit
            && h.cutoff
        {
            let _ = obs.leave(h.value, h.bound, None);
            return h.value;
        }
    }
    if g.outcome().is_some() || depth == 0 {
        let v = rng.value();
        let _ = obs.leave(v, Bound::Exact, None);
        return v;
    }
    if mv.is_some() && depth >= 2 && rng.chance(25) {
        let me = g.to_move();
        g.set_to_move(me.opponent());
        let probe = Window {
            alpha: -window.beta,
            beta: Value(-window.beta.0 + 1),
        };
        let v = -scripted_search(obs, g, rng, None, ply + 1, depth - 2, probe);
        g.set_to_move(me);
        let cut = rng.chance(50);
        let _ = obs.null_move(2, v, cut);
        if cut {
            let _ = obs.leave(window.beta, Bound::Lower, None);
            return window.beta;
        }
    }
    let mut moves = MoveList::new();
    g.legal_moves(&mut moves);
    // A random rotation of the generator's order.
    let n = moves.len();
    let shift = rng.below(n);
    moves.as_mut_slice().rotate_left(shift);
    let _ = obs.ordered(moves.as_slice());
    if n > 2 && rng.chance(20) {
        let keep = 2 + rng.below(n - 2);
        let _ = obs.forward_pruned(&moves.as_slice()[keep..]);
        moves.truncate(keep);
    }
    let mut alpha = window.alpha;
    let mut best = -Value::INFINITY;
    let mut best_move = None;
    for i in 0..moves.len() {
        let m = moves.as_slice()[i];
        g.play(m);
        let child = Window {
            alpha: -window.beta,
            beta: -alpha,
        };
        let v = -scripted_search(obs, g, rng, Some(m), ply + 1, depth - 1, child);
        g.undo(m);
        if v > best {
            best = v;
            best_move = Some(m);
        }
        if v > alpha {
            alpha = v;
        }
        // Cut on the real condition, and now and then for no reason at all.
        if alpha >= window.beta || rng.chance(10) {
            let w = Window {
                alpha,
                beta: window.beta,
            };
            let rest = &moves.as_slice()[i + 1..];
            if rng.chance(20) {
                // An engine that reports something else than a slice of its list.
                let other: Vec<Point> = rest.iter().rev().copied().collect();
                let _ = obs.cutoff(m, v, w, &other);
            } else {
                let _ = obs.cutoff(m, v, w, rest);
            }
            break;
        }
    }
    let bound = Bound::classify(best, window);
    if rng.chance(50) {
        let _ = obs.tt_store(g.key(), best, bound, depth, best_move);
    }
    let _ = obs.leave(best, bound, best_move);
    best
}

/// A random legal position: `stones` random moves from the empty board, stopping early at
/// the end of the game.
fn random_position(columns: usize, rows: usize, k: usize, stones: usize, rng: &mut Rng) -> Mnk {
    let mut g = Mnk::new(columns, rows, k, false).unwrap();
    let mut placed: Vec<(Point, Player)> = Vec::new();
    let mut moves = MoveList::new();
    for _ in 0..stones {
        g.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let m = moves.as_slice()[rng.below(moves.len())];
        let who = g.to_move();
        g.play(m);
        if g.outcome().is_some() {
            g.undo(m);
            break;
        }
        placed.push((m, who));
    }
    let to_move = g.to_move();
    Mnk::new(columns, rows, k, false)
        .unwrap()
        .with_stones(&placed, to_move)
        .unwrap()
}

/// Records the scripted engine: iterations 1..=`iterations` to that depth, under `budget`.
fn scripted_trace(seed: u64, iterations: u32, budget: u64, big: bool) -> Trace<Point> {
    let mut rng = Rng(seed);
    let (columns, rows) = if big { (4, 4) } else { (3, 3) };
    let stones = rng.below(5) + if big { 6 } else { 2 };
    let mut g = random_position(columns, rows, 3, stones, &mut rng);
    let mut recorder: Recorder<Mnk> = Recorder::new(RecordConfig {
        budget,
        batch_events: 1 + rng.below(50),
        ..RecordConfig::default()
    });
    for depth in 1..=iterations {
        let _ = recorder.iteration(depth);
        scripted_search(
            &mut recorder,
            &mut g,
            &mut rng,
            None,
            0,
            depth,
            Window::FULL,
        );
    }
    recorder.into_trace()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn scripted_searches_replay_the_same_both_ways(
        seed in any::<u64>(),
        iterations in 1u32..4,
        budget in prop_oneof![Just(u64::MAX), 1u64..400],
        big in any::<bool>(),
    ) {
        let trace = scripted_trace(seed, iterations, budget, big);
        if budget < u64::MAX && trace.truncation().is_some() {
            prop_assert_eq!(trace.len() as u64, budget);
        }
        check_replay(&trace);
    }
}

// ---------------------------------------------------------------------------------------
// The scripted lambda engine: LAMBDA / ATTACK / DEFEND (Suda, section 5.1) with random
// outcomes, so every event, verdict and nesting the explorer shows is exercised.

fn random_zone(rng: &mut Rng, points: usize) -> Option<ZoneScheme> {
    rng.chance(80).then(|| {
        let orders: Vec<u8> = (0..points)
            .map(|_| match rng.below(5) {
                0 => plyscope::game::NO_REGION,
                o => o as u8,
            })
            .collect();
        ZoneScheme::from_orders(&orders)
    })
}

fn some_moves(g: &Mnk, rng: &mut Rng, most: u64) -> Vec<Point> {
    let mut moves = MoveList::new();
    g.legal_moves(&mut moves);
    let n = moves.len();
    if n == 0 {
        return Vec::new();
    }
    let shift = rng.below(n);
    moves.as_mut_slice().rotate_left(shift);
    let keep = (rng.below(most as usize) + 1).min(n);
    moves.as_slice()[..keep].to_vec()
}

/// LAMBDA(attacker, level) in the thesis's shape, reporting to `obs`; returns "won".
fn scripted_lambda<O: Observer<Mnk>>(
    obs: &mut O,
    g: &mut Mnk,
    rng: &mut Rng,
    purpose: LambdaPurpose,
    attacker: Player,
    level: u8,
    depth: u32,
) -> bool {
    let points = g.num_points();
    let node = |kind, level| LambdaNode {
        kind,
        attacker,
        level,
        depth_left: depth,
    };
    let _ = obs.lambda_enter(g, node(LambdaNodeKind::Search(purpose), level));
    let leave = |obs: &mut O, rng: &mut Rng, verdict| {
        let _ = obs.lambda_leave(verdict, random_zone(rng, points).as_ref());
    };
    if rng.chance(30) {
        let hit = rng.chance(50).then(|| LambdaTtView {
            won: rng.chance(50),
            level: rng.below(3) as u8,
            depth_left: rng.below(5) as u32,
            cutoff: rng.chance(50),
        });
        let _ = obs.lambda_tt(g.key(), hit);
        if let Some(h) = hit
            && h.cutoff
        {
            let verdict = if h.won {
                LambdaVerdict::Won { level: h.level }
            } else {
                LambdaVerdict::NotWon
            };
            leave(obs, rng, verdict);
            return h.won;
        }
    }
    if depth == 0 || level == 0 || g.outcome().is_some() {
        let verdict = match rng.below(4) {
            0 => LambdaVerdict::Won { level: 0 },
            1 => LambdaVerdict::DepthLimit,
            _ => LambdaVerdict::NotWon,
        };
        leave(obs, rng, verdict);
        return matches!(verdict, LambdaVerdict::Won { .. });
    }
    let me = g.to_move();
    for l in 1..=level {
        let attacks = some_moves(g, rng, 2);
        let zone = random_zone(rng, points);
        let _ = obs.lambda_attack(l, zone.as_ref(), &attacks);
        for &a in &attacks {
            g.set_to_move(attacker);
            g.play(a);
            let _ = obs.lambda_enter(g, node(LambdaNodeKind::Attack(a), l));
            let verdict = attack_verdict(obs, g, rng, attacker, l, depth);
            leave(obs, rng, verdict);
            g.undo(a);
            g.set_to_move(me);
            if let LambdaVerdict::Won { .. } = verdict {
                leave(obs, rng, LambdaVerdict::Won { level: l });
                return true;
            }
        }
    }
    let verdict = match rng.below(6) {
        0 => LambdaVerdict::SelfEndangering { level },
        1 => LambdaVerdict::Stopped,
        _ => LambdaVerdict::NotWon,
    };
    leave(obs, rng, verdict);
    false
}

/// Inside an attack move: the threat check, dual-lambda's counter-threat check now and
/// then, and DEFEND.
fn attack_verdict<O: Observer<Mnk>>(
    obs: &mut O,
    g: &mut Mnk,
    rng: &mut Rng,
    attacker: Player,
    level: u8,
    depth: u32,
) -> LambdaVerdict {
    let defender = attacker.opponent();
    if g.outcome().is_some() {
        return LambdaVerdict::GameOver;
    }
    g.set_to_move(attacker);
    let threat = scripted_lambda(
        obs,
        g,
        rng,
        LambdaPurpose::Threat,
        attacker,
        level - 1,
        depth.saturating_sub(1),
    );
    g.set_to_move(defender);
    if !threat {
        return LambdaVerdict::NoThreat;
    }
    if rng.chance(25)
        && scripted_lambda(
            obs,
            g,
            rng,
            LambdaPurpose::CounterThreat,
            defender,
            level - 1,
            depth.saturating_sub(1),
        )
    {
        g.set_to_move(defender);
        return LambdaVerdict::SelfEndangering { level: level - 1 };
    }
    g.set_to_move(defender);
    let defences = some_moves(g, rng, 2);
    let zone = random_zone(rng, g.num_points());
    let _ = obs.lambda_defend(level, zone.as_ref(), &defences);
    let node = |d| LambdaNode {
        kind: LambdaNodeKind::Defence(d),
        attacker,
        level,
        depth_left: depth.saturating_sub(1),
    };
    for &d in &defences {
        g.set_to_move(defender);
        g.play(d);
        let _ = obs.lambda_enter(g, node(d));
        let holds = g.outcome().is_some()
            || !scripted_lambda(
                obs,
                g,
                rng,
                LambdaPurpose::AfterDefence,
                attacker,
                level,
                depth.saturating_sub(2),
            );
        let verdict = if g.outcome().is_some() {
            LambdaVerdict::GameOver
        } else if holds {
            LambdaVerdict::NotWon
        } else {
            LambdaVerdict::Won { level }
        };
        let _ = obs.lambda_leave(verdict, random_zone(rng, g.num_points()).as_ref());
        g.undo(d);
        g.set_to_move(defender);
        if holds {
            return LambdaVerdict::NotWon;
        }
    }
    LambdaVerdict::Won { level }
}

fn lambda_trace(seed: u64, level: u8, budget: u64, big: bool) -> Trace<Point> {
    let mut rng = Rng(seed);
    let (columns, rows) = if big { (4, 4) } else { (3, 3) };
    let stones = rng.below(4) + 1;
    let mut g = random_position(columns, rows, 3, stones, &mut rng);
    let mut recorder: Recorder<Mnk> = Recorder::new(RecordConfig {
        budget,
        batch_events: 1 + rng.below(50),
        ..RecordConfig::default()
    });
    let attacker = g.to_move();
    let depth = 3 + rng.below(3) as u32;
    scripted_lambda(
        &mut recorder,
        &mut g,
        &mut rng,
        LambdaPurpose::Root,
        attacker,
        level,
        depth,
    );
    recorder.into_trace()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn scripted_lambda_searches_replay_the_same_both_ways(
        seed in any::<u64>(),
        level in 1u8..4,
        budget in prop_oneof![Just(u64::MAX), 1u64..400],
        big in any::<bool>(),
    ) {
        let trace = lambda_trace(seed, level, budget, big);
        if budget == u64::MAX {
            // Every enter is matched by a leave.
            prop_assert!(trace.nodes().iter().all(|n| n.leave_event().is_some()));
        }
        check_replay(&trace);
    }
}

// ---------------------------------------------------------------------------------------
// The real engines.

/// A random literal tree: inner nodes `n0_`, `n1_`, ... (leaves get `n1_1`, ...) with 1 to 4
/// children, leaves small numbers (ties) or W/L/D, depth up to `depth`.
fn random_tree(rng: &mut Rng, depth: u32) -> String {
    fn node(rng: &mut Rng, depth: u32, next: &mut u32, out: &mut String) {
        if depth == 0 || (*next > 0 && rng.chance(25)) {
            let leaf = match rng.below(10) {
                0 => "W".to_string(),
                1 => "L".to_string(),
                2 => "D".to_string(),
                _ => (rng.below(9) as i32 - 4).to_string(),
            };
            out.push_str(&leaf);
            return;
        }
        out.push_str(&format!("(n{next}_"));
        *next += 1;
        for _ in 0..1 + rng.below(4) {
            out.push(' ');
            node(rng, depth - 1, next, out);
        }
        out.push(')');
    }
    let mut out = String::new();
    node(rng, depth, &mut 0, &mut out);
    out
}

/// The configurations the explorer offers: the textbook forms, the defaults, and the
/// heuristics.
fn config(algorithm: Algorithm, variant: u8) -> SearchConfig {
    match variant % 4 {
        0 => SearchConfig::plain(algorithm),
        1 => SearchConfig {
            tt_mb: 1,
            ..SearchConfig::for_algorithm(algorithm)
        },
        2 => SearchConfig {
            tt_mb: 1,
            ordering: MoveOrdering::NONE,
            tactics: false,
            null_move: true,
            ..SearchConfig::for_algorithm(algorithm)
        },
        _ => SearchConfig {
            tt_mb: 1,
            forward_prune_keep_percent: Some(60),
            ..SearchConfig::for_algorithm(algorithm)
        },
    }
}

/// Records `solve` on `game`, and checks the record against the engine's counters when
/// it is complete.
fn record<G: SearchGame>(
    game: &mut G,
    config: &SearchConfig,
    limits: &Limits,
    budget: u64,
) -> Trace<G::Move> {
    let mut recorder: Recorder<G> = Recorder::new(RecordConfig {
        budget,
        batch_events: 100,
        ..RecordConfig::default()
    });
    let result = solve(game, config, limits, &mut recorder);
    let trace = recorder.into_trace();
    if trace.truncation().is_none() {
        assert_eq!(
            trace.node_count() as u64,
            result.stats.nodes - u64::from(result.stopped)
        );
    }
    trace
}

fn algorithm(index: u8) -> Algorithm {
    Algorithm::ALPHA_BETA_FAMILY[index as usize % Algorithm::ALPHA_BETA_FAMILY.len()]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn recorded_tree_searches_replay_the_same_both_ways(
        seed in any::<u64>(),
        algo in any::<u8>(),
        variant in any::<u8>(),
        nodes in prop_oneof![Just(None), (1u64..60).prop_map(Some)],
        budget in prop_oneof![Just(u64::MAX), 1u64..300],
    ) {
        let mut rng = Rng(seed);
        let text = random_tree(&mut rng, 5);
        let mut game = TreeGame::parse(&text).unwrap();
        let limits = Limits { nodes, ..Limits::default() };
        let trace = record(&mut game, &config(algorithm(algo), variant), &limits, budget);
        check_replay(&trace);
    }

    #[test]
    fn recorded_mnk_searches_replay_the_same_both_ways(
        seed in any::<u64>(),
        algo in any::<u8>(),
        variant in any::<u8>(),
        depth in 1u32..6,
        nodes in prop_oneof![Just(Some(3000)), (1u64..400).prop_map(Some)],
        big in any::<bool>(),
    ) {
        let mut rng = Rng(seed);
        let (columns, rows, k) = if big { (4, 4, 4) } else { (3, 3, 3) };
        let stones = rng.below(4) + if big { 5 } else { 2 };
        let mut game = random_position(columns, rows, k, stones, &mut rng);
        let limits = Limits { max_depth: Some(depth), nodes, ..Limits::default() };
        let trace = record(&mut game, &config(algorithm(algo), variant), &limits, u64::MAX);
        check_replay(&trace);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// The real lambda and dual-lambda engines (with and without zones and table, under node
    /// limits and record budgets) on random 4x4 positions (k = 3 and 4).
    #[test]
    fn recorded_lambda_searches_replay_the_same_both_ways(
        seed in any::<u64>(),
        dual in any::<bool>(),
        level in 1u8..4,
        depth in 1u32..8,
        zones in any::<bool>(),
        table in any::<bool>(),
        nodes in prop_oneof![Just(Some(3000)), (1u64..300).prop_map(Some)],
        budget in prop_oneof![Just(u64::MAX), 1u64..300],
        k in 3usize..5,
    ) {
        let mut rng = Rng(seed);
        let stones = rng.below(5) + 2;
        let mut game = random_position(4, 4, k, stones, &mut rng);
        let mut config = SearchConfig::for_algorithm(if dual {
            Algorithm::DualLambda
        } else {
            Algorithm::Lambda
        });
        config.lambda.max_level = level;
        config.lambda.max_depth = depth;
        config.lambda.zones = zones;
        config.lambda.tt_mb = if table { 1 } else { 0 };
        let limits = Limits { nodes, ..Limits::default() };
        let mut recorder: Recorder<Mnk> = Recorder::new(RecordConfig {
            budget,
            batch_events: 1 + rng.below(100),
            ..RecordConfig::default()
        });
        let result = solve(&mut game, &config, &limits, &mut recorder);
        let trace = recorder.into_trace();
        if trace.truncation().is_none() && !result.stopped {
            // A whole record: every lambda node entered is left.
            prop_assert!(trace.nodes().iter().all(|n| n.leave_event().is_some()));
        }
        check_replay(&trace);
    }
}

// ---------------------------------------------------------------------------------------
// Proof-number searches (issue 5): PNS and df-pn revisit nodes, so the path, the statuses
// and the numbers of every node are checked against the oracle and a scan of the log.

use crate::helpers::pn_engines;

/// A proof node's numbers and thresholds (`None` before it is entered).
type PnSnapshot = Option<(Option<ProofNumbers>, Option<ProofNumbers>)>;

/// Every proof node's numbers and thresholds as of `step`, read off the log from the start.
fn pn_oracle(trace: &Trace<Point>, step: usize) -> Vec<PnSnapshot> {
    let mut out = vec![None; trace.node_count()];
    for event in &trace.events()[..step] {
        match *event {
            Event::Pn {
                node,
                step: kind,
                numbers,
                thresholds,
                flags,
                ..
            } => {
                let slot = &mut out[node as usize];
                if kind == PnStep::FirstEnter {
                    *slot = Some((None, None));
                }
                let s = slot.as_mut().expect("entered");
                s.0 = Some(numbers);
                s.1 = (flags & 4 != 0).then_some(thresholds);
            }
            Event::PnExpand {
                node,
                moves,
                numbers,
                ..
            } => {
                let initial = trace.pn_numbers(numbers, moves.len());
                for (i, &mv) in trace.moves(moves).iter().enumerate() {
                    for (c, slot) in out.iter_mut().enumerate() {
                        let tn = trace.node(c as NodeId);
                        if tn.parent() == Some(node)
                            && tn.mv() == Some(mv)
                            && let Some(s) = slot.as_mut()
                        {
                            s.0 = Some(initial[i]);
                        }
                    }
                }
            }
            _ => {}
        }
    }
    out
}

fn check_pn_replay(trace: &Trace<Point>) {
    check_replay(trace);
    let mut r = Replay::new();
    let len = trace.len();
    let stride = (len / 60).max(1);
    for step in (0..=len).step_by(stride) {
        r.seek(trace, step);
        let oracle = pn_oracle(trace, step);
        for id in 0..trace.node_count() as NodeId {
            let got = r.pn(trace, id).map(|s| (s.numbers, s.thresholds));
            let want = oracle[id as usize];
            assert_eq!(got, want, "node {id} at step {step}");
        }
    }
}

fn pn_trace(seed: u64, dfpn: bool, iterations: usize, budget: u64) -> Trace<Point> {
    let mut rng = Rng(seed);
    let stones = rng.below(4) + 1;
    let mut g = random_position(3, 3, 3, stones, &mut rng);
    let mut recorder: Recorder<Mnk> = Recorder::new(RecordConfig {
        budget,
        batch_events: 1 + rng.below(50),
        ..RecordConfig::default()
    });
    if dfpn {
        pn_engines::dfpn(&mut g, &mut recorder);
    } else {
        pn_engines::pns(&mut g, iterations, &mut recorder);
    }
    recorder.into_trace()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn proof_number_searches_replay_the_same_both_ways(
        seed in any::<u64>(),
        dfpn in any::<bool>(),
        iterations in 1usize..200,
        budget in prop_oneof![Just(u64::MAX), 1u64..400],
    ) {
        let trace = pn_trace(seed, dfpn, iterations, budget);
        check_pn_replay(&trace);
    }
}

/// Records a real proof-number engine (`Algorithm::PROOF_FAMILY[index]`) on `game` within
/// `nodes` nodes and a record `budget`.
fn proof_record(game: &mut Mnk, index: u8, nodes: u64, budget: u64) -> Trace<Point> {
    use plyscope::search::engine::proof_search;
    use plyscope::search::proof::{Goal, ProofConfig};
    let algorithm = Algorithm::PROOF_FAMILY[index as usize % Algorithm::PROOF_FAMILY.len()];
    let goal = Goal {
        attacker: game.to_move(),
        draw_for_attacker: false,
    };
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let mut recorder: Recorder<Mnk> = Recorder::new(RecordConfig {
        budget,
        ..RecordConfig::default()
    });
    let _ = proof_search(
        game,
        algorithm,
        &ProofConfig::default(),
        goal,
        &limits,
        &mut recorder,
    );
    recorder.into_trace()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// PNS, PN², df-pn and lambda-df-pn (with its lambda threat checks under proof nodes)
    /// on random 3x3 and 4x4 positions, node limits and record budgets.
    #[test]
    fn recorded_proof_searches_replay_the_same_both_ways(
        seed in any::<u64>(),
        index in 0u8..4,
        nodes in prop_oneof![Just(u64::MAX), 1u64..3000],
        budget in prop_oneof![Just(u64::MAX), 1u64..600],
        big in any::<bool>(),
    ) {
        let mut rng = Rng(seed);
        let (side, stones) = if big { (4, 4 + rng.below(4)) } else { (3, 1 + rng.below(4)) };
        let mut game = random_position(side, side, 3, stones, &mut rng);
        let trace = proof_record(&mut game, index, nodes, budget);
        check_pn_replay(&trace);
    }
}
