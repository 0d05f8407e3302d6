//! What the explorer shows of a lambda or dual-lambda search (Suda, *Efficient algorithms for
//! verifying goals in computer games*, section 5.1 for the procedures LAMBDA, ATTACK and DEFEND,
//! sections 3.7-3.11 for dual-lambda, chapter 4 for the zones, figures 5.1-5.4 for the root
//! analysis): the tree's labels and verdict words, the side pane's facts, the zone a board overlay
//! draws and the level of each root move. Everything is read "as of the replay step" from the trace
//! and the cursor ([`Replay::lambda`]); nothing here knows the game beyond formatting a move.
//!
//! Which zone is "the" zone of a node:
//!
//! - the *A-zone* is the attack zone ATTACK used: at a LAMBDA call, the zone of its latest
//!   ATTACK by the step; at a move, the zone of the ATTACK that chose the enclosing attack
//!   move (the nearest LAMBDA call above, as of the moment the move was entered);
//! - the *D-zone* is the defence zone of the threat being answered: the zone DEFEND got at
//!   the nearest attack move above (or at the node itself), once DEFEND started.

use crate::game::{NO_REGION, Player};
use crate::search::observer::{LambdaNodeKind, LambdaPurpose, LambdaVerdict};
use crate::trace::replay::{Candidates, LambdaState, NodeStatus, Replay, candidates_before};
use crate::trace::store::{NodeId, NodeKind, Trace, ZoneId};

/// Which zone the board overlay draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum ZoneSide {
    /// The attack zone ATTACK used.
    Attack,
    /// The defence zone of the threat being answered.
    Defence,
}

impl ZoneSide {
    /// The other side.
    pub fn other(self) -> ZoneSide {
        match self {
            ZoneSide::Attack => ZoneSide::Defence,
            ZoneSide::Defence => ZoneSide::Attack,
        }
    }

    /// "A-zone" or "D-zone".
    pub fn name(self) -> &'static str {
        match self {
            ZoneSide::Attack => "A-zone",
            ZoneSide::Defence => "D-zone",
        }
    }
}

/// Which orders of a zone the overlay draws: `X1`, `X2`, `X3` or every region.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum ZoneOrders {
    One,
    UpToTwo,
    UpToThree,
    All,
}

impl ZoneOrders {
    /// The largest order drawn.
    pub fn max(self) -> u8 {
        match self {
            ZoneOrders::One => 1,
            ZoneOrders::UpToTwo => 2,
            ZoneOrders::UpToThree => 3,
            ZoneOrders::All => NO_REGION - 1,
        }
    }

    /// The next in the cycle 1, <=2, <=3, all, 1, ...
    pub fn next(self) -> ZoneOrders {
        match self {
            ZoneOrders::One => ZoneOrders::UpToTwo,
            ZoneOrders::UpToTwo => ZoneOrders::UpToThree,
            ZoneOrders::UpToThree => ZoneOrders::All,
            ZoneOrders::All => ZoneOrders::One,
        }
    }

    /// "X1", "X≤2", "X≤3", "all": for the board's legend line.
    pub fn short(self) -> &'static str {
        match self {
            ZoneOrders::One => "X1",
            ZoneOrders::UpToTwo => "X≤2",
            ZoneOrders::UpToThree => "X≤3",
            ZoneOrders::All => "all",
        }
    }

    /// "order 1", "orders <=2", ...
    pub fn name(self) -> &'static str {
        match self {
            ZoneOrders::One => "order 1",
            ZoneOrders::UpToTwo => "orders <=2",
            ZoneOrders::UpToThree => "orders <=3",
            ZoneOrders::All => "all orders",
        }
    }
}

/// How the board overlay is set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct ZoneView {
    pub side: ZoneSide,
    pub orders: ZoneOrders,
}

impl Default for ZoneView {
    fn default() -> Self {
        ZoneView {
            side: ZoneSide::Attack,
            orders: ZoneOrders::All,
        }
    }
}

/// What a verdict means for the attacker of the search it belongs to, for the styles (the
/// words carry the meaning; the colour only repeats it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tone {
    /// A win for the attacker (or a threat found).
    Win,
    /// Not won, defended, refuted: tried without proof.
    Tried,
    /// Self-endangering: the move (or every move) loses.
    SelfEndangering,
    /// Depth limit, stopped, game over: no statement.
    Neutral,
}

/// The lambda part of a tree row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LambdaRow {
    /// The level of an attack or defence move (`None` for a LAMBDA call, whose label says it).
    pub level: Option<u8>,
    /// The verdict as of the step in words, `None` while the node is open.
    pub verdict: Option<(String, Tone)>,
    /// A table entry decided the node.
    pub tt_hit: bool,
}

/// A zone found for a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FoundZone {
    pub id: ZoneId,
    /// The level of the ATTACK or DEFEND that used it.
    pub level: u8,
    /// The node whose ATTACK or DEFEND it is.
    pub owner: NodeId,
}

/// The label of a lambda node in the tree: the move for attack and defence moves, the
/// purpose and level for a LAMBDA call.
pub fn label<M: Copy>(state: &LambdaState<M>, format: impl Fn(M) -> String) -> String {
    let level = state.level;
    match state.kind {
        LambdaNodeKind::Attack(mv) | LambdaNodeKind::Defence(mv) => format(mv),
        LambdaNodeKind::Search(LambdaPurpose::Root) => {
            format!("λ{level} search ({})", state.attacker.title())
        }
        LambdaNodeKind::Search(LambdaPurpose::Threat) => format!("threat λ{level}?"),
        LambdaNodeKind::Search(LambdaPurpose::AfterDefence) => format!("re-search λ{level}"),
        LambdaNodeKind::Search(LambdaPurpose::CounterThreat) => {
            format!("counter-threat λ{level} ({})", state.attacker.title())
        }
    }
}

/// A verdict in words, as it reads at a node of this kind.
pub fn verdict_words<M>(kind: LambdaNodeKind<M>, verdict: LambdaVerdict) -> (String, Tone) {
    use LambdaNodeKind::{Attack, Defence, Search};
    use LambdaPurpose::{AfterDefence, CounterThreat, Root, Threat};
    let text = |s: &str, tone| (s.to_string(), tone);
    match (kind, verdict) {
        (_, LambdaVerdict::DepthLimit) => text("depth limit", Tone::Neutral),
        (_, LambdaVerdict::Stopped) => text("stopped", Tone::Neutral),
        (Search(Threat), LambdaVerdict::Won { level }) => {
            (format!("yes: λ{level} threat"), Tone::Win)
        }
        (Search(CounterThreat), LambdaVerdict::Won { level }) => {
            (format!("counter-threat λ{level}"), Tone::SelfEndangering)
        }
        (Search(Root | AfterDefence) | Attack(_), LambdaVerdict::Won { level }) => {
            (format!("WIN λ{level}"), Tone::Win)
        }
        (Defence(_), LambdaVerdict::Won { .. }) => text("fails", Tone::Win),
        (Search(Root), LambdaVerdict::NotWon) => text("not won", Tone::Tried),
        (Search(Threat), LambdaVerdict::NotWon) => text("no threat", Tone::Tried),
        (Search(AfterDefence), LambdaVerdict::NotWon) => text("holds", Tone::Tried),
        (Search(CounterThreat), LambdaVerdict::NotWon) => text("none", Tone::Tried),
        (Attack(_), LambdaVerdict::NotWon) => text("defended", Tone::Tried),
        (Defence(_), LambdaVerdict::NotWon) => text("refutes", Tone::Tried),
        (_, LambdaVerdict::NoThreat) => text("no threat", Tone::Tried),
        (Search(_), LambdaVerdict::SelfEndangering { .. }) => {
            text("LOSS: every move self-endangering", Tone::SelfEndangering)
        }
        (_, LambdaVerdict::SelfEndangering { level }) => (
            format!("self-endangering (λ{level})"),
            Tone::SelfEndangering,
        ),
        (Defence(_), LambdaVerdict::GameOver) => text("inversion", Tone::Tried),
        (_, LambdaVerdict::GameOver) => text("game over", Tone::Neutral),
    }
}

/// The tree row's lambda part of `id` (`None` for alpha-beta's nodes).
pub fn row<M: Copy>(trace: &Trace<M>, replay: &Replay, id: NodeId) -> Option<LambdaRow> {
    let state = replay.lambda(trace, id)?;
    Some(LambdaRow {
        level: match state.kind {
            LambdaNodeKind::Search(_) => None,
            _ => Some(state.level),
        },
        verdict: state.verdict.map(|v| verdict_words(state.kind, v)),
        tt_hit: state.tt.flatten().is_some_and(|h| h.cutoff),
    })
}

/// The nearest LAMBDA call at or above `node`, with the step bound its ATTACK must be
/// before (the step at the node itself, the child's entry above it).
fn enclosing<'t, M: Copy>(
    trace: &'t Trace<M>,
    node: NodeId,
    step: usize,
    wanted: impl Fn(NodeKind) -> bool + 't,
) -> impl Iterator<Item = (NodeId, usize)> + 't {
    let mut next = Some((node, step));
    std::iter::from_fn(move || {
        loop {
            let (id, bound) = next?;
            let n = trace.node(id);
            next = n
                .parent()
                .map(|p| (p, (n.enter_event() as usize).min(bound)));
            if wanted(n.kind()) {
                return Some((id, bound));
            }
        }
    })
}

/// The candidate list (ATTACK for the A-zone, DEFEND for the D-zone) that `node`'s zone of
/// `side` comes from, as of the step.
pub fn zone_source<M: Copy>(
    trace: &Trace<M>,
    replay: &Replay,
    node: NodeId,
    side: ZoneSide,
) -> Option<(NodeId, Candidates)> {
    if node >= replay.entered() || !trace.node(node).kind().is_lambda() {
        return None;
    }
    let step = replay.step();
    match side {
        ZoneSide::Attack => {
            let (owner, bound) =
                enclosing(trace, node, step, |k| matches!(k, NodeKind::Lambda(_))).next()?;
            candidates_before(trace, owner, bound).map(|c| (owner, c))
        }
        ZoneSide::Defence => enclosing(trace, node, step, |k| k == NodeKind::Attack)
            .find_map(|(owner, bound)| candidates_before(trace, owner, bound).map(|c| (owner, c))),
    }
}

/// The zone of `side` at `node` as of the step (`None`: none yet, or zones are off).
pub fn zone_of<M: Copy>(
    trace: &Trace<M>,
    replay: &Replay,
    node: NodeId,
    side: ZoneSide,
) -> Option<FoundZone> {
    let (owner, c) = zone_source(trace, replay, node, side)?;
    Some(FoundZone {
        id: c.zone?,
        level: c.level,
        owner,
    })
}

/// Sizes of `X1`, `X2`, `X3` and of all regions of a zone's orders.
pub fn sizes(orders: &[u8]) -> [usize; 4] {
    let mut sizes = [0; 4];
    for &order in orders.iter().filter(|&&o| o != NO_REGION) {
        for (i, size) in sizes.iter_mut().enumerate() {
            if i == 3 || order as usize <= i + 1 {
                *size += 1;
            }
        }
    }
    sizes
}

/// A root move's result in Suda's root analysis (figures 5.1-5.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RootMark {
    /// Wins at this level.
    Wins(u8),
    /// Tried, not proven.
    Tried,
    /// Self-endangering: loses.
    SelfEndangering,
}

impl RootMark {
    /// The board's character: the level digit, `?` or `x`.
    pub fn text(self) -> String {
        match self {
            RootMark::Wins(level) if level <= 9 => level.to_string(),
            RootMark::Wins(_) => "+".to_string(),
            RootMark::Tried => "?".to_string(),
            RootMark::SelfEndangering => "x".to_string(),
        }
    }
}

/// The mark of every root attack move left by the step: over every root search (each level
/// of each search), a win (the lowest level) beats self-endangering, which beats tried.
pub fn root_marks<M: Copy + PartialEq>(trace: &Trace<M>, replay: &Replay) -> Vec<(M, RootMark)> {
    let mut marks: Vec<(M, RootMark)> = Vec::new();
    let entered = replay.entered();
    for root in trace.roots().take_while(|&r| r < entered) {
        if trace.node(root).kind() != NodeKind::Lambda(LambdaPurpose::Root) {
            continue;
        }
        for child in replay.children(trace, root) {
            let Some(state) = replay.lambda(trace, child) else {
                continue;
            };
            let (LambdaNodeKind::Attack(mv), Some(verdict)) = (state.kind, state.verdict) else {
                continue;
            };
            let mark = match verdict {
                LambdaVerdict::Won { level } => RootMark::Wins(level),
                LambdaVerdict::SelfEndangering { .. } => RootMark::SelfEndangering,
                _ => RootMark::Tried,
            };
            let rank = |m: RootMark| match m {
                RootMark::Wins(level) => 300 - level as u32,
                RootMark::SelfEndangering => 100,
                RootMark::Tried => 0,
            };
            match marks.iter_mut().find(|(m, _)| *m == mv) {
                Some((_, old)) if rank(mark) > rank(*old) => *old = mark,
                Some(_) => {}
                None => marks.push((mv, mark)),
            }
        }
    }
    marks
}

/// The side pane's facts about a lambda node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LambdaDetail {
    /// "LAMBDA: threat check", "attack move", ...
    pub role: String,
    pub attacker: Player,
    pub level: u8,
    /// The level of the search at the top of this node's tree.
    pub max_level: u8,
    pub depth_left: u32,
    /// The attack move being answered and its level ("e4 at λ2"), if any.
    pub threat: Option<String>,
    /// The latest candidate list: "ATTACK λ2: e4 d5 (2)".
    pub candidates: Option<String>,
    /// Zone sizes `[X1, X2, X3, all]` of the A-zone and the D-zone with their levels.
    pub a_zone: Option<(u8, [usize; 4])>,
    pub d_zone: Option<(u8, [usize; 4])>,
    /// "miss", "hit: won λ2, depth 5, decided the node".
    pub tt: Option<String>,
    /// The verdict in words, or "searching" while open.
    pub verdict: (String, Tone),
}

/// The side pane's facts about `node` (`None` for alpha-beta's nodes).
pub fn detail<M: Copy>(
    trace: &Trace<M>,
    replay: &Replay,
    node: NodeId,
    format: impl Fn(M) -> String,
) -> Option<LambdaDetail> {
    let state = replay.lambda(trace, node)?;
    let role = match state.kind {
        LambdaNodeKind::Search(LambdaPurpose::Root) => "LAMBDA: the root search",
        LambdaNodeKind::Search(LambdaPurpose::Threat) => "LAMBDA: threat check",
        LambdaNodeKind::Search(LambdaPurpose::AfterDefence) => "LAMBDA: after a defence",
        LambdaNodeKind::Search(LambdaPurpose::CounterThreat) => "LAMBDA: counter-threat",
        LambdaNodeKind::Attack(_) => "attack move",
        LambdaNodeKind::Defence(_) => "defence move",
    };
    let mut top = node;
    while let Some(p) = trace.node(top).parent() {
        top = p;
    }
    let threat = enclosing(trace, node, replay.step(), |k| k == NodeKind::Attack)
        .next()
        .and_then(|(id, _)| {
            let n = trace.node(id);
            n.mv().map(|mv| format!("{} at λ{}", format(mv), n.level()))
        });
    let candidates = state.candidates.map(|c| {
        let moves: Vec<String> = trace.moves(c.moves).iter().map(|&m| format(m)).collect();
        format!(
            "{} λ{}: {} ({})",
            if c.attack { "ATTACK" } else { "DEFEND" },
            c.level,
            if moves.is_empty() {
                "none".to_string()
            } else {
                moves.join(" ")
            },
            moves.len()
        )
    });
    let zone_sizes = |side| {
        zone_of(trace, replay, node, side).and_then(|z| Some((z.level, sizes(trace.zone(z.id)?))))
    };
    let tt = state.tt.map(|hit| match hit {
        None => "miss".to_string(),
        Some(h) => format!(
            "hit: {} λ{}, depth {}{}",
            if h.won { "won" } else { "not won at" },
            h.level,
            h.depth_left,
            if h.cutoff { ", decided the node" } else { "" }
        ),
    });
    let verdict = match (state.status, state.verdict) {
        (_, Some(v)) => verdict_words(state.kind, v),
        (NodeStatus::Open, None) => ("searching".to_string(), Tone::Neutral),
        (_, None) => ("not entered".to_string(), Tone::Neutral),
    };
    Some(LambdaDetail {
        role: role.to_string(),
        attacker: state.attacker,
        level: state.level,
        max_level: trace.node(top).level(),
        depth_left: state.depth_left,
        threat,
        candidates,
        a_zone: zone_sizes(ZoneSide::Attack),
        d_zone: zone_sizes(ZoneSide::Defence),
        tt,
        verdict,
    })
}

/// The proof's main line below `from` as of the step, the lambda search's principal
/// variation: at a LAMBDA call its winning attack move, at a winning attack move its last
/// defence (each one fails), at a defence its re-search; it ends where nothing has won.
pub fn proof_line<M: Copy>(trace: &Trace<M>, replay: &Replay, from: NodeId) -> Vec<NodeId> {
    let won = |id: NodeId| {
        replay
            .lambda(trace, id)
            .is_some_and(|s| matches!(s.verdict, Some(LambdaVerdict::Won { .. })))
    };
    let mut line = Vec::new();
    let mut node = from;
    loop {
        let wanted = |kind: NodeKind| match trace.node(node).kind() {
            NodeKind::Lambda(_) => kind == NodeKind::Attack,
            NodeKind::Attack => kind == NodeKind::Defence,
            NodeKind::Defence => matches!(kind, NodeKind::Lambda(LambdaPurpose::AfterDefence)),
            _ => false,
        };
        let next = replay
            .children(trace, node)
            .filter(|&c| wanted(trace.node(c).kind()) && won(c))
            .last();
        match next {
            Some(c) => {
                line.push(c);
                node = c;
            }
            None => return line,
        }
    }
}

/// Jump markers of lambda nodes: a cutoff is where a loop stopped early (an attack move
/// that wins ends ATTACK, a defence that refutes ends DEFEND); a proof is a win of the
/// attacker (a LAMBDA call or an attack move); a level change is the first attack move an
/// ATTACK of a new level tries.
pub fn is_cutoff<M: Copy>(trace: &Trace<M>, replay: &Replay, id: NodeId) -> bool {
    replay.lambda(trace, id).is_some_and(|s| {
        matches!(
            (s.kind, s.verdict),
            (LambdaNodeKind::Attack(_), Some(LambdaVerdict::Won { .. }))
                | (LambdaNodeKind::Defence(_), Some(LambdaVerdict::NotWon))
        )
    })
}

/// True when the log's event `e` closes a lambda node that ends a loop early (the event
/// form of [`is_cutoff`], for stepping to the next one).
pub fn leave_is_cutoff<M: Copy>(trace: &Trace<M>, e: usize) -> bool {
    match trace.events()[e] {
        crate::trace::store::Event::LambdaLeave { node, verdict, .. } => matches!(
            (trace.node(node).kind(), verdict),
            (NodeKind::Attack, LambdaVerdict::Won { .. })
                | (NodeKind::Defence, LambdaVerdict::NotWon)
        ),
        _ => false,
    }
}

/// See [`is_cutoff`].
pub fn is_proof<M: Copy>(trace: &Trace<M>, replay: &Replay, id: NodeId) -> bool {
    replay.lambda(trace, id).is_some_and(|s| {
        matches!(
            (s.kind, s.verdict),
            (
                LambdaNodeKind::Search(LambdaPurpose::Root | LambdaPurpose::AfterDefence)
                    | LambdaNodeKind::Attack(_),
                Some(LambdaVerdict::Won { .. })
            )
        )
    })
}

/// See [`is_cutoff`].
pub fn is_level_change<M: Copy>(trace: &Trace<M>, id: NodeId) -> bool {
    let n = trace.node(id);
    if n.kind() != NodeKind::Attack {
        return false;
    }
    let Some(parent) = n.parent() else {
        return false;
    };
    // The previous sibling: walk up from the node entered just before this one.
    let mut prev = id - 1;
    while prev != parent {
        let p = trace.node(prev);
        if p.parent() == Some(parent) {
            return p.kind() != NodeKind::Attack || p.level() != n.level();
        }
        match p.parent() {
            Some(up) => prev = up,
            None => return true,
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trace::recorder::scripted::lambda_scripted;

    fn at(trace: &Trace<u16>, step: usize) -> Replay {
        let mut r = Replay::new();
        r.seek(trace, step);
        r
    }

    fn name(p: u16) -> String {
        crate::game::point_name(p, 3)
    }

    #[test]
    fn labels_and_verdicts_read_as_words() {
        let t = lambda_scripted();
        let r = at(&t, t.len());
        let labels: Vec<String> = (0..8)
            .map(|id| label(&r.lambda(&t, id).unwrap(), name))
            .collect();
        assert_eq!(
            labels,
            [
                "λ2 search (Black)",
                "a1",
                "threat λ0?",
                "b2",
                "re-search λ1",
                "c1",
                "threat λ0?",
                "a1"
            ]
        );
        let words: Vec<String> = (0..8)
            .map(|id| row(&t, &r, id).unwrap().verdict.unwrap().0)
            .collect();
        assert_eq!(
            words,
            [
                "WIN λ2",
                "defended",
                "yes: λ0 threat",
                "refutes",
                "holds",
                "no threat",
                "no threat",
                "WIN λ2"
            ]
        );
        assert_eq!(row(&t, &at(&t, 5), 1).unwrap().verdict, None, "open");
    }

    #[test]
    fn a_zone_is_attacks_and_d_zone_is_defends_as_of_the_step() {
        let t = lambda_scripted();
        // At the defence b2 (step 8): the A-zone is the root's level-1 ATTACK, the D-zone
        // a1's DEFEND.
        let r = at(&t, 8);
        let a = zone_of(&t, &r, 3, ZoneSide::Attack).unwrap();
        assert_eq!((a.owner, a.level), (0, 1));
        assert_eq!(sizes(t.zone(a.id).unwrap()), [2, 4, 5, 5]);
        let d = zone_of(&t, &r, 3, ZoneSide::Defence).unwrap();
        assert_eq!((d.owner, d.level), (1, 1));
        assert_eq!(sizes(t.zone(d.id).unwrap()), [1, 2, 2, 2]);
        // The threat check under a1 was entered before DEFEND started: no D-zone there.
        assert_eq!(zone_of(&t, &r, 2, ZoneSide::Defence), None);
        // At the end the root's zone is level 2's; the first a1 keeps level 1's.
        let r = at(&t, t.len());
        assert_eq!(zone_of(&t, &r, 0, ZoneSide::Attack).unwrap().level, 2);
        assert_eq!(zone_of(&t, &r, 1, ZoneSide::Attack).unwrap().level, 1);
        assert_eq!(zone_of(&t, &r, 7, ZoneSide::Attack).unwrap().level, 2);
        assert_eq!(zone_of(&t, &r, 0, ZoneSide::Defence), None);
    }

    #[test]
    fn root_marks_take_the_best_result_of_each_move() {
        let t = lambda_scripted();
        assert_eq!(
            root_marks(&t, &at(&t, 17)),
            [(0, RootMark::Tried), (2, RootMark::Tried)]
        );
        assert_eq!(
            root_marks(&t, &at(&t, t.len())),
            [(0, RootMark::Wins(2)), (2, RootMark::Tried)]
        );
        assert_eq!(RootMark::SelfEndangering.text(), "x");
    }

    #[test]
    fn detail_names_the_threat_being_answered() {
        let t = lambda_scripted();
        let r = at(&t, 11);
        let d = detail(&t, &r, 4, name).unwrap();
        assert_eq!(d.role, "LAMBDA: after a defence");
        assert_eq!(d.threat.as_deref(), Some("a1 at λ1"));
        assert_eq!((d.level, d.max_level, d.depth_left), (1, 2, 7));
        assert_eq!(d.tt.as_deref(), Some("miss"));
        assert_eq!(d.verdict.0, "holds");
        let root = detail(&t, &at(&t, t.len()), 0, name).unwrap();
        assert_eq!(root.candidates.as_deref(), Some("ATTACK λ2: a1 (1)"));
        assert_eq!(root.a_zone, Some((2, [4, 4, 4, 4])));
        assert_eq!(root.threat, None);
    }

    #[test]
    fn jump_markers() {
        let t = lambda_scripted();
        let r = at(&t, t.len());
        let cut: Vec<NodeId> = (0..8).filter(|&id| is_cutoff(&t, &r, id)).collect();
        assert_eq!(cut, [3, 7], "b2 refutes, the second a1 wins");
        let proofs: Vec<NodeId> = (0..8).filter(|&id| is_proof(&t, &r, id)).collect();
        assert_eq!(proofs, [0, 7]);
        let changes: Vec<NodeId> = (0..8).filter(|&id| is_level_change(&t, id)).collect();
        assert_eq!(changes, [1, 7]);
    }

    #[test]
    fn the_proof_line_follows_the_win() {
        let t = lambda_scripted();
        assert_eq!(
            proof_line(&t, &at(&t, t.len()), 0),
            [7],
            "the second a1 wins outright"
        );
        assert!(proof_line(&t, &at(&t, 17), 0).is_empty(), "nothing won yet");
    }

    #[test]
    fn cutoff_leaves_in_the_log() {
        let t = lambda_scripted();
        let events: Vec<usize> = (0..t.len()).filter(|&e| leave_is_cutoff(&t, e)).collect();
        assert_eq!(events, [11, 19], "b2's refutation, the second a1's win");
    }

    #[test]
    fn dual_lambda_labels_name_the_counter_threat_and_its_attacker() {
        let state = LambdaState::<u16> {
            kind: LambdaNodeKind::Search(LambdaPurpose::CounterThreat),
            attacker: Player::White,
            level: 1,
            depth_left: 4,
            status: NodeStatus::Closed,
            verdict: Some(LambdaVerdict::Won { level: 1 }),
            zone: None,
            tt: None,
            candidates: None,
            candidate_lists: 0,
        };
        assert_eq!(label(&state, name), "counter-threat λ1 (White)");
        assert_eq!(
            verdict_words(state.kind, LambdaVerdict::Won { level: 1 }),
            ("counter-threat λ1".to_string(), Tone::SelfEndangering)
        );
        let attack = LambdaNodeKind::Attack(4u16);
        assert_eq!(
            verdict_words(attack, LambdaVerdict::SelfEndangering { level: 1 }).0,
            "self-endangering (λ1)"
        );
        assert_eq!(
            verdict_words(LambdaNodeKind::Defence(4u16), LambdaVerdict::GameOver).0,
            "inversion"
        );
        assert_eq!(
            verdict_words(attack, LambdaVerdict::DepthLimit),
            ("depth limit".to_string(), Tone::Neutral)
        );
    }

    #[test]
    fn zone_orders_cycle() {
        let mut o = ZoneOrders::One;
        let mut seen = vec![o.max()];
        for _ in 0..4 {
            o = o.next();
            seen.push(o.max());
        }
        assert_eq!(seen, [1, 2, 3, NO_REGION - 1, 1]);
        assert_eq!(ZoneSide::Attack.other(), ZoneSide::Defence);
        assert_eq!(ZoneSide::Defence.other(), ZoneSide::Attack);
    }
}
