//! The event at the replay cursor in plain language (issue 6, item 4): what the search just
//! did, why, and with the numbers of the trace: "beta cutoff: 70 >= beta 70, the remaining
//! 2 moves are skipped" (seed 004, figures 6.23-6.25; seed 001 example 3.2 for the window
//! of every node), "most-proving node: min pn child at OR nodes" (seed 003, PNS and df-pn's
//! MID with its thresholds), "DEFEND at λ2: the defender's moves restricted to the threat's
//! relevance zone" (thesis 000 sections 4 and 5.1).
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
//! disproofs, df-pn's returns at a threshold, lambda level changes, DEFEND lists restricted
//! by a zone, winning attacks, refutations and self-endangering moves. Routine enters,
//! leaves, orderings and table stores are not.

use crate::search::observer::{LambdaNodeKind, LambdaPurpose, LambdaVerdict};
use crate::trace::replay::Replay;
use crate::trace::store::{Event, NodeId, PnStep, Trace};

use super::lambda;

mod alphabeta;
mod proof;

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

/// Explains the last event that happened at `replay`'s step (`None` at step 0).
pub fn explain<M: Copy + PartialEq>(
    trace: &Trace<M>,
    replay: &Replay,
    name: MoveNamer<'_, M>,
) -> Option<Explanation> {
    let e = replay.step().checked_sub(1)?;
    if e >= trace.len() {
        return None;
    }
    let cx = Cx {
        trace,
        replay,
        name,
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
        } => {
            let moves = trace.moves(candidates);
            let mut lines = vec![format!(
                "ATTACK tries {}: each must be a λ{} threat the defender cannot \
                 answer",
                cx.list(node, moves),
                level.saturating_sub(1)
            )];
            if let Some(sizes) = zone_sizes(trace, zone) {
                lines.push(format!(
                    "attack zone: {} points (order 1: {})",
                    sizes[3], sizes[0]
                ));
            }
            let head = if prev != NONE {
                format!("level change: ATTACK now at λ{level}")
            } else {
                format!(
                    "ATTACK at λ{level}: {}",
                    plural(moves.len(), "candidate", "candidates")
                )
            };
            if prev != NONE {
                lines.insert(
                    0,
                    format!(
                        "no λ{} tree was found: try one order higher",
                        level.saturating_sub(1)
                    ),
                );
            }
            (head, lines)
        }
        Event::LambdaDefend {
            node,
            level,
            zone,
            candidates,
            ..
        } => {
            let moves = trace.moves(candidates);
            let mut lines = Vec::new();
            match zone_sizes(trace, zone) {
                Some(sizes) => lines.push(format!(
                    "restricted to the threat's relevance zone ({} points): a move \
                     outside it cannot stop the threat",
                    sizes[3]
                )),
                None => lines.push("zones off: every legal move is tried".to_string()),
            }
            lines.push(format!("tries: {}", cx.list(node, moves)));
            (
                format!(
                    "DEFEND at λ{level}: {} against the threat",
                    plural(moves.len(), "defence", "defences")
                ),
                lines,
            )
        }
        Event::LambdaTt { hit, .. } => match hit {
            None => (
                "table miss: a new LAMBDA position".to_string(),
                vec!["the search has to find out".to_string()],
            ),
            Some(h) => (
                format!(
                    "table hit: {} at λ{}{}",
                    if h.won { "won" } else { "not won" },
                    h.level,
                    if h.cutoff { ", decides the call" } else { "" }
                ),
                vec![if h.cutoff {
                    "the stored result answers this call without a search".to_string()
                } else {
                    "stored at a lower level or depth: searched again".to_string()
                }],
            ),
        },
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
        Event::Enter { node } => level_change(trace, node),
        Event::LambdaAttack { node, prev, .. } => {
            prev != NONE || trace.node(node).parent().is_none()
        }
        Event::LambdaDefend { zone, .. } => zone != NONE,
        Event::LambdaLeave { node, verdict, .. } => {
            lambda::leave_is_cutoff(trace, e)
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
            PnStep::Update => {
                numbers.is_solved()
                    && (prev == NONE
                        || !matches!(*trace.event(prev), Event::Pn { numbers: n, .. } if n.is_solved()))
            }
            PnStep::Leave => {
                flags & 4 != 0
                    && !numbers.is_solved()
                    && (numbers.pn >= thresholds.pn || numbers.dn >= thresholds.dn)
            }
        },
        Event::PnTt { hit, .. } => hit.is_some_and(|n| n.is_solved()),
        Event::TtStore { .. } | Event::Ordered { .. } | Event::PnExpand { .. } => false,
    }
}

/// True when the attack move `node` is the first of an ATTACK at a level above 1 (the first
/// ATTACK of every LAMBDA call is at level 1: not a change).
fn level_change<M: Copy>(trace: &Trace<M>, node: NodeId) -> bool {
    trace.node(node).level() > 1 && lambda::is_level_change(trace, node)
}

/// What one explanation needs: the trace, the cursor, and how to name moves.
struct Cx<'a, M> {
    trace: &'a Trace<M>,
    replay: &'a Replay,
    name: MoveNamer<'a, M>,
}

impl<M: Copy + PartialEq> Cx<'_, M> {
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

    fn lambda_enter(&self, node: NodeId, kind: LambdaNodeKind<M>) -> (String, Vec<String>) {
        let n = self.trace.node(node);
        let level = n.level();
        let attacker = n.attacker().name();
        let defender = n.attacker().opponent().name();
        match kind {
            LambdaNodeKind::Search(LambdaPurpose::Root) => (
                format!("λ{level} search: can {attacker} force a win of order <= {level}?"),
                vec![
                    "level 1 first: a ladder of direct threats; each level allows threats \
                     of the level below"
                        .to_string(),
                ],
            ),
            LambdaNodeKind::Search(LambdaPurpose::Threat) => (
                format!("threat check at λ{level}: {defender} passes"),
                vec![format!(
                    "if {attacker} then wins by a λ{level} tree, the attack move is a \
                     λ{} threat",
                    level + 1
                )],
            ),
            LambdaNodeKind::Search(LambdaPurpose::AfterDefence) => (
                format!("re-search λ{level} after the defence"),
                vec![format!(
                    "does {attacker} still win at λ{level}? If not, the defence refutes"
                )],
            ),
            LambdaNodeKind::Search(LambdaPurpose::CounterThreat) => (
                format!("dual-lambda: counter-threat check, {attacker} attacks at λ{level}"),
                vec![format!(
                    "if {attacker} wins with a tree of order <= {level}, the attack move \
                     was self-endangering"
                )],
            ),
            LambdaNodeKind::Attack(mv) => {
                let first = level_change(self.trace, node);
                (
                    format!(
                        "{}ATTACK plays {} at λ{level}",
                        if first { "level change: " } else { "" },
                        self.name_at_parent(node, mv)
                    ),
                    vec![format!(
                        "a λ{level} attack: it must threaten a λ{} win, then every \
                         defence must fail",
                        level.saturating_sub(1)
                    )],
                )
            }
            LambdaNodeKind::Defence(mv) => (
                format!(
                    "DEFEND tries {} against the λ{level} threat",
                    self.name_at_parent(node, mv)
                ),
                vec![format!(
                    "{defender} looks for one move after which {attacker} has no λ{level} win"
                )],
            ),
        }
    }

    fn name_at_parent(&self, node: NodeId, mv: M) -> String {
        match self.trace.node(node).parent() {
            Some(p) => (self.name)(p, mv),
            None => (self.name)(node, mv),
        }
    }

    fn lambda_leave(&self, node: NodeId, verdict: LambdaVerdict) -> (String, Vec<String>) {
        let n = self.trace.node(node);
        let Some(kind) = n.lambda_kind() else {
            return (format!("leave ({verdict:?})"), Vec::new());
        };
        let (words, _) = lambda::verdict_words(kind, verdict);
        let label = match kind {
            LambdaNodeKind::Attack(mv) | LambdaNodeKind::Defence(mv) => {
                self.name_at_parent(node, mv)
            }
            LambdaNodeKind::Search(_) => format!("λ{} call", n.level()),
        };
        let why = match (kind, verdict) {
            (LambdaNodeKind::Attack(_), LambdaVerdict::Won { level }) => format!(
                "every defence failed: the attack wins at λ{level}; the other attack \
                 moves are skipped"
            ),
            (LambdaNodeKind::Defence(_), LambdaVerdict::NotWon) => {
                "the attacker has no win after it: the attack move is refuted, DEFEND \
                 stops"
                    .to_string()
            }
            (LambdaNodeKind::Defence(_), LambdaVerdict::Won { .. }) => {
                "the attacker still wins: DEFEND tries the next defence".to_string()
            }
            (LambdaNodeKind::Attack(_), LambdaVerdict::NotWon) => {
                "a defence held: ATTACK tries its next move".to_string()
            }
            (_, LambdaVerdict::NoThreat) => format!(
                "not a λ{} threat: the defender could ignore it",
                n.level().saturating_sub(1)
            ),
            (_, LambdaVerdict::SelfEndangering { level }) => format!(
                "the defender then wins with a tree of order <= {level}: the move is \
                 excluded at every higher level"
            ),
            (LambdaNodeKind::Search(_), LambdaVerdict::Won { level }) => {
                format!("a λ-tree of order {level} with value 1 exists")
            }
            (LambdaNodeKind::Search(_), LambdaVerdict::NotWon) => {
                "no λ-tree of value 1 up to this level".to_string()
            }
            (_, LambdaVerdict::GameOver) => {
                "the game ended without a win for the attacker".to_string()
            }
            (_, LambdaVerdict::DepthLimit) => "the depth limit counts as a draw".to_string(),
            (_, LambdaVerdict::Stopped) => "a limit stopped the search here".to_string(),
        };
        (format!("{label}: {words}"), vec![why])
    }
}

/// Sizes of a zone by order (1, <= 2, <= 3, all), `None` when zones are off.
fn zone_sizes<M: Copy>(trace: &Trace<M>, zone: u32) -> Option<[usize; 4]> {
    if zone == NONE {
        return None;
    }
    trace.zone(zone).map(lambda::sizes)
}

/// "1 move" / "3 moves".
fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{self, Position};
    use crate::search::engine::proof_search;
    use crate::search::proof::Goal;
    use crate::search::{self, Algorithm, Limits, SearchConfig, SearchGame};
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
        match puzzle::load(name).unwrap().position {
            Position::Tree(g) => g,
            _ => panic!("{name} is a tree"),
        }
    }

    pub(super) fn mnk(name: &str) -> crate::games::mnk::Mnk {
        match puzzle::load(name).unwrap().position {
            Position::Mnk(g) => g,
            _ => panic!("{name} is m,n,k"),
        }
    }

    /// The worth-explaining events of a trace, by event index.
    pub(super) fn worth_events(list: &[Explanation]) -> Vec<usize> {
        list.iter().filter(|x| x.worth).map(|x| x.event).collect()
    }

    pub(super) fn has_line(x: &Explanation, text: &str) -> bool {
        x.lines.iter().any(|l| l == text)
    }

    #[test]
    fn lambda_threats_defences_and_zones() {
        let g = mnk("tictactoe-fork");
        let mut c = SearchConfig::for_algorithm(Algorithm::Lambda);
        c.lambda.max_level = 2;
        let t = record(g.clone(), &c, &Limits::default());
        let x = all(&g, &t);
        assert_eq!(
            x[0].headline,
            "λ2 search: can black force a win of order <= 2?"
        );
        assert_eq!(x[2].headline, "ATTACK at λ1: 3 candidates");
        assert_eq!(x[4].headline, "threat check at λ0: white passes");
        assert_eq!(x[6].headline, "DEFEND at λ1: 1 defence against the threat");
        assert!(x[6].lines[0].starts_with("restricted to the threat's relevance zone (3 points)"));
        assert_eq!(x[9].headline, "b1: defended");
        assert_eq!(x[18].headline, "c1: WIN λ1");
        assert!(has_line(
            &x[18],
            "every defence failed: the attack wins at λ1; the other attack moves are skipped"
        ));
        // The first ATTACK of a call is at level 1: not a level change.
        assert_eq!(worth_events(&x), vec![2, 6, 13, 18, 19]);
        assert_eq!(x[3].headline, "ATTACK plays b1 at λ1");
    }

    #[test]
    fn the_key_jumps_to_the_next_event_worth_explaining() {
        use crate::tui::app::App;
        use crate::tui::keymap::Keymap;
        use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
        let (tx, rx) = std::sync::mpsc::channel();
        let p = puzzle::load("tree-abc").unwrap();
        let keymap = Keymap::bundled().unwrap();
        let mut app = App::new(p, None, 2_000_000, keymap.clone(), tx);
        app.wait_for_search(&rx);
        let press = |c| keymap.action(&KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE));
        let next = press(';').expect("; is bound");
        let previous = press(':').expect(": is bound");
        app.update(next);
        assert_eq!(app.session.step(), 16, "right after the first cutoff");
        let x = app.session.explain().unwrap();
        assert!(
            x.headline.starts_with("beta cutoff: -2 >= beta -3"),
            "{}",
            x.headline
        );
        assert_eq!(app.selected, x.node);
        app.update(next);
        assert_eq!(app.session.step(), 26);
        app.update(previous);
        assert_eq!(app.session.step(), 16);
        app.update(previous);
        assert_eq!(app.session.step(), 16, "no earlier one: the step stays");
        assert_eq!(
            app.message.as_deref(),
            Some("no earlier event worth explaining")
        );
        app.update(next);
        app.update(next);
        assert_eq!(app.session.step(), 28, "the root's result");
        app.update(next);
        assert_eq!(
            app.message.as_deref(),
            Some("no later event worth explaining")
        );
    }
}
