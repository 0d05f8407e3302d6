//! The event at the replay cursor in plain language: what the search just
//! did, why, and with the numbers of the trace: "beta cutoff: 70 >= beta 70, the remaining
//! 2 moves are skipped" (the AND/OR textbook, *Searching game trees*, figures 6.23-6.25; Kühr,
//! *Algorithms of a computer player in simple board games*, example 3.2 for the window of every
//! node), "most-proving node: min pn child at OR nodes" (Hric and Baudiš, *Game algorithms, lecture
//! 4: Proof number search, Lambda search*, PNS and df-pn's MID with its thresholds), "DEFEND at λ2:
//! the defender's moves restricted to the threat's relevance zone" (Suda, *Efficient algorithms for
//! verifying goals in computer games*, sections 4 and 5.1).
//!
//! The event explained is the last one that happened: at step `s`, event `s - 1` (step 0
//! explains nothing). Everything said is read from the trace as of the step: the event's own
//! fields, the node it belongs to, its parent's window and numbers, the siblings' numbers.
//! Nothing is recomputed from the game, so the words can never disagree with the tree and
//! side panes.
//!
//! [`worth`] marks the events a student should stop at (the `;` and `:` keys): cutoffs,
//! table hits that decide a node, iteration starts and a root's result, null-move results and
//! forward pruning, most-proving selections that leave the path taken last time, proofs and
//! disproofs (a node's first event with solved numbers: an update, or the leave of a node
//! the solver's knowledge decided at once), df-pn's returns at a threshold, lambda level changes,
//! DEFEND lists restricted by a zone, winning attacks, refutations and self-endangering moves.
//! Routine enters, leaves, orderings and table stores are not.
//!
//! This file keeps what every family shares: the [`Explanation`], [`explain`] routing each
//! event to its family's narrator, [`worth`], and the context the narrators read the trace
//! through with its helpers for naming nodes and listing moves. The words for each family
//! are in its own file under `explain/`, beside that family's views in `view/`:
//! `alphabeta.rs` (windows, cutoffs, tables, iterations, null move, forward pruning; the
//! side pane's view is `heuristics.rs`), `proof.rs` (PNS, PN² and df-pn) and `lambda.rs`
//! (lambda and dual-lambda threat searches).

use crate::search::observer::LambdaVerdict;
use crate::trace::replay::Replay;
use crate::trace::store::{Event, NodeId, PnStep, Trace};
use crate::view::lambda::leave_is_cutoff;
use crate::view::max_view::{Side, ValueView};

pub mod alphabeta;
mod lambda;
mod max_terms;
mod proof;

pub use proof::decided_at_once;

/// The NONE marker of the packed trace fields (`u32::MAX`).
const NONE: u32 = u32::MAX;

/// Children listed by name in an explanation before "+k more".
const LISTED: usize = 5;

/// The plain-language account of one event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// The event index explained (the step is `event + 1`).
    pub event: usize,
    /// The node the event happened to (`None` for an iteration start).
    pub node: Option<NodeId>,
    /// One line: what happened, with its numbers.
    pub headline: String,
    /// Why, and what follows, in a few short lines.
    pub lines: Vec<String>,
    /// True for an event worth explaining (see the module docs).
    pub worth: bool,
}

/// Names a move: `name(at, mv)` is `mv` played in the position of node `at`.
pub type MoveNamer<'a, M> = &'a dyn Fn(NodeId, M) -> String;

/// Explains the last event that happened at `replay`'s step (`None` at step 0), in negamax
/// terms.
pub fn explain<M: Copy + PartialEq>(
    trace: &Trace<M>,
    replay: &Replay,
    name: MoveNamer<'_, M>,
) -> Option<Explanation> {
    explain_in(trace, replay, name, ValueView::Negamax)
}

/// As [`explain`], with the alpha-beta family's values, windows and cutoffs in `view`
/// ([`crate::view::max_view`]).
pub fn explain_in<M: Copy + PartialEq>(
    trace: &Trace<M>,
    replay: &Replay,
    name: MoveNamer<'_, M>,
    view: ValueView,
) -> Option<Explanation> {
    let e = replay.step().checked_sub(1)?;
    if e >= trace.len() {
        return None;
    }
    let cx = Cx {
        trace,
        replay,
        name,
        view,
    };
    let (headline, lines) = match *trace.event(e as u32) {
        Event::Iteration { depth } => alphabeta::iteration(depth),
        Event::Enter { node } => match trace.node(node).lambda_kind() {
            Some(kind) => cx.lambda_enter(node, kind),
            None => cx.enter(node),
        },
        Event::Leave {
            node,
            value,
            bound,
            best,
            prev_best,
        } => cx.leave(node, value, bound, best, prev_best),
        Event::Cutoff {
            node,
            mv,
            value,
            window,
            skipped,
        } => cx.cutoff(node, mv, value, window, skipped),
        Event::TtProbe { node, hit } => cx.tt_probe(node, hit),
        Event::TtStore {
            node,
            value,
            bound,
            depth,
            best,
        } => cx.tt_store(node, value, bound, depth, best),
        Event::Ordered { node, moves } => cx.ordered(node, moves),
        Event::NullMove {
            node,
            reduction,
            value,
            cut,
        } => cx.null_move(node, reduction, value, cut),
        Event::ForwardPruned { node, dropped } => cx.forward_pruned(node, dropped),
        Event::LambdaAttack {
            node,
            level,
            zone,
            candidates,
            prev,
        } => cx.lambda_attack(node, level, zone, candidates, prev),
        Event::LambdaDefend {
            node,
            level,
            zone,
            candidates,
            ..
        } => cx.lambda_defend(node, level, zone, candidates),
        Event::LambdaTt { hit, .. } => lambda::lambda_tt(hit),
        Event::LambdaLeave { node, verdict, .. } => cx.lambda_leave(node, verdict),
        Event::Pn {
            node,
            step,
            numbers,
            thresholds,
            flags,
            prev,
        } => cx.pn(node, step, numbers, thresholds, flags, prev),
        Event::PnExpand {
            node,
            moves,
            numbers,
            ..
        } => cx.pn_expand(node, moves, numbers),
        Event::PnTt { hit, .. } => proof::pn_tt(hit),
    };
    Some(Explanation {
        event: e,
        node: trace.event(e as u32).node(),
        headline,
        lines,
        worth: worth(trace, replay),
    })
}

/// True when the last event that happened at `replay`'s step is worth explaining (see the
/// module docs); false at step 0.
pub fn worth<M: Copy + PartialEq>(trace: &Trace<M>, replay: &Replay) -> bool {
    let Some(e) = replay.step().checked_sub(1).filter(|&e| e < trace.len()) else {
        return false;
    };
    match *trace.event(e as u32) {
        Event::Iteration { .. }
        | Event::Cutoff { .. }
        | Event::NullMove { .. }
        | Event::ForwardPruned { .. } => true,
        Event::Leave { node, .. } => trace.node(node).parent().is_none(),
        Event::TtProbe { hit, .. } => hit.is_some_and(|h| h.cutoff),
        Event::LambdaTt { hit, .. } => hit.is_some_and(|h| h.cutoff),
        Event::Enter { node } => lambda::level_change(trace, node),
        Event::LambdaAttack { node, prev, .. } => {
            prev != NONE || trace.node(node).parent().is_none()
        }
        Event::LambdaDefend { zone, .. } => zone != NONE,
        Event::LambdaLeave { node, verdict, .. } => {
            leave_is_cutoff(trace, e)
                || matches!(verdict, LambdaVerdict::SelfEndangering { .. })
                || trace.node(node).parent().is_none()
        }
        Event::Pn {
            node,
            step,
            numbers,
            thresholds,
            flags,
            prev,
        } => match step {
            PnStep::FirstEnter | PnStep::Enter => {
                flags & 4 == 0 && proof::path_changed(trace, replay, node, prev)
            }
            // A proof or disproof: the node's first event with solved numbers. Most nodes
            // are solved by an update from their children; a node the solver's knowledge
            // decides at once (a Hex root H-search wins, df-pn's 3-event hex-4x4 run) is
            // solved by its leave, the node's only event after its enter.
            PnStep::Update => numbers.is_solved() && !solved_before(trace, prev),
            PnStep::Leave if numbers.is_solved() => !solved_before(trace, prev),
            PnStep::Leave => {
                flags & 4 != 0 && (numbers.pn >= thresholds.pn || numbers.dn >= thresholds.dn)
            }
        },
        Event::PnTt { hit, .. } => hit.is_some_and(|n| n.is_solved()),
        Event::TtStore { .. } | Event::Ordered { .. } | Event::PnExpand { .. } => false,
    }
}

/// True when the `Pn` event `prev` (a node's previous one; `NONE`: none) already had solved
/// numbers.
fn solved_before<M: Copy>(trace: &Trace<M>, prev: u32) -> bool {
    prev != NONE && matches!(*trace.event(prev), Event::Pn { numbers, .. } if numbers.is_solved())
}

/// What one explanation needs: the trace, the cursor, and how to name moves. Each family's
/// narrator adds its methods in its own file (an `impl` block in `explain/alphabeta.rs`,
/// `explain/proof.rs` and `explain/lambda.rs`); the ones here serve them all.
struct Cx<'a, M> {
    trace: &'a Trace<M>,
    replay: &'a Replay,
    name: MoveNamer<'a, M>,
    /// Negamax or MAX's view of values and windows.
    view: ValueView,
}

impl<M: Copy + PartialEq> Cx<'_, M> {
    /// In the MAX view, MAX or MIN at `node` (`None` in the negamax view).
    fn side(&self, node: NodeId) -> Option<Side> {
        if !self.view.is_max() {
            return None;
        }
        let mut root = node;
        while let Some(p) = self.trace.node(root).parent() {
            root = p;
        }
        Some(Side::of(
            self.trace.node(node).to_move() == self.trace.node(root).to_move(),
        ))
    }

    /// The move that reached `node`, or "the root".
    fn node_name(&self, node: NodeId) -> String {
        let n = self.trace.node(node);
        match (n.parent(), n.mv()) {
            (Some(p), Some(mv)) => (self.name)(p, mv),
            (None, _) => "the root".to_string(),
            (Some(_), None) => "the pass".to_string(),
        }
    }

    /// Moves played at `node`, at most [`LISTED`], "+k more" after.
    fn list(&self, node: NodeId, moves: &[M]) -> String {
        if moves.is_empty() {
            return "none".to_string();
        }
        let mut words: Vec<String> = moves
            .iter()
            .take(LISTED)
            .map(|&m| (self.name)(node, m))
            .collect();
        if moves.len() > LISTED {
            words.push(format!("+{} more", moves.len() - LISTED));
        }
        words.join(" ")
    }
}

/// "1 move" / "3 moves".
fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle;
    use crate::search::engine::proof_search;
    use crate::search::proof::Goal;
    use crate::search::{self, Limits, SearchConfig, SearchGame};
    use crate::trace::recorder::Recorder;

    /// A recorded search of `game` (proof-number algorithms with the side to move as the
    /// attacker, draws a disproof).
    pub(super) fn record<G: SearchGame>(
        mut game: G,
        config: &SearchConfig,
        limits: &Limits,
    ) -> Trace<G::Move> {
        let mut r: Recorder<G> = Recorder::default();
        if config.algorithm.is_proof_search() {
            let goal = Goal {
                attacker: game.to_move(),
                draw_for_attacker: false,
            };
            proof_search(
                &mut game,
                config.algorithm,
                &config.proof,
                goal,
                limits,
                &mut r,
            );
        } else {
            search::solve(&mut game, config, limits, &mut r);
        }
        r.into_trace()
    }

    /// Every explanation of a recorded search, one per step from 1.
    pub(super) fn all<G: SearchGame>(root: &G, trace: &Trace<G::Move>) -> Vec<Explanation> {
        let name = |at: NodeId, mv: G::Move| {
            let mut line = Vec::new();
            let mut id = Some(at);
            while let Some(n) = id {
                line.extend(trace.node(n).mv());
                id = trace.node(n).parent();
            }
            let mut g = root.clone();
            for &m in line.iter().rev() {
                g.play(m);
            }
            g.format_move(mv)
        };
        let mut replay = Replay::new();
        let mut out = Vec::new();
        while replay.forward(trace) {
            out.push(explain(trace, &replay, &name).expect("an event at every step"));
        }
        out
    }

    pub(super) fn tree(name: &str) -> crate::games::tree::TreeGame {
        let position = puzzle::load(name).unwrap().position;
        position
            .into_game()
            .unwrap_or_else(|| panic!("{name} is a tree"))
    }

    pub(super) fn mnk(name: &str) -> crate::games::mnk::Mnk {
        let position = puzzle::load(name).unwrap().position;
        position
            .into_game()
            .unwrap_or_else(|| panic!("{name} is m,n,k"))
    }

    /// The worth-explaining events of a trace, by event index.
    pub(super) fn worth_events(list: &[Explanation]) -> Vec<usize> {
        list.iter().filter(|x| x.worth).map(|x| x.event).collect()
    }

    pub(super) fn has_line(x: &Explanation, text: &str) -> bool {
        x.lines.iter().any(|l| l == text)
    }
}
