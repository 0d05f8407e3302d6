//! The trace as JSON: a versioned document holding the log of events in the order the
//! engine reported them, each with its kind and fields (the store's [`Event`]s, with moves
//! in the game's notation and the node's static facts on its `enter` event).
//!
//! ```text
//! {"format": "plyscope-trace", "version": 1, "plyscope": "0.1.0", "puzzle": "tictactoe",
//!  "game": "mnk", "algorithm": "id", "result": "draw value 0", "nodes": 4520,
//!  "events": [{"kind": "iteration", "depth": 1},
//!             {"kind": "enter", "node": 0, "parent": null, "node_kind": "root", ...}, ...],
//!  "cut": null, "record": null}
//! ```
//!
//! Values are the engines' integers: a win `n` plies from the root is `1000000 - n`, a loss
//! `-(1000000 - n)` (the explorer's `win@n` and `loss@n`). Infinity is the string `"inf"`
//! (`"-inf"` below), as the DOT export and the explorer's class files spell it: the infinite
//! window is `"alpha": "-inf", "beta": "inf"`, and proof and disproof numbers are `[pn, dn]`
//! pairs such as `[0, "inf"]`. So a value, a window bound, a proof number or a threshold is a
//! JSON integer or one of those two strings ([`Num`]). Zobrist keys are hexadecimal strings
//! (64 bits do not fit a JSON number exactly). `cut` says where `--max-nodes` ended the
//! events (they are the log up to the enter of the first node left out); `record` where the
//! record budget ended the trace. Readers should check `format` and `version`:
//! [`VERSION`] changes whenever a field changes meaning or goes away (version 2: infinity as
//! `"inf"`, where version 1 wrote `+-1000001` and `4294967295`).
//!
//! A `cutoff` event whose `skipped` list is empty is a fail high by the node's last move: it
//! cut nothing, and the explorer and the DOT export do not call it a cutoff.

use std::io::{self, Write};

use serde::{Deserialize, Serialize};

use crate::game::Game;
use crate::search::observer::{LambdaPurpose, LambdaVerdict};
use crate::search::proof::{PN_INFINITY, ProofNumbers};
use crate::search::{Bound, Value, Window};
use crate::trace::store::{Event, MoveRange, NodeId, NodeKind, PnStep, Trace, pn_flags};

use crate::view::names::Names;

use super::dot::zone_size;
use super::{Header, kept_nodes};

/// The `format` field of every document.
pub const FORMAT: &str = "plyscope-trace";
/// The document version this build writes.
pub const VERSION: u32 = 2;

/// A number that may be infinite: a JSON integer, or `"inf"` / `"-inf"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Num {
    Finite(i64),
    Infinite(Infinity),
}

/// The two infinities, as JSON strings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Infinity {
    #[serde(rename = "inf")]
    Plus,
    #[serde(rename = "-inf")]
    Minus,
}

impl Num {
    /// An engine value: the window's bounds at `+-1000001` are infinite.
    pub fn value(v: Value) -> Num {
        if v >= Value::INFINITY {
            Num::Infinite(Infinity::Plus)
        } else if v <= -Value::INFINITY {
            Num::Infinite(Infinity::Minus)
        } else {
            Num::Finite(i64::from(v.0))
        }
    }

    /// A proof or disproof number or a threshold ([`PN_INFINITY`] is infinite).
    pub fn proof(n: u32) -> Num {
        if n == PN_INFINITY {
            Num::Infinite(Infinity::Plus)
        } else {
            Num::Finite(i64::from(n))
        }
    }
}

/// A whole exported trace.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TraceDocument {
    /// Always [`FORMAT`].
    pub format: String,
    /// [`VERSION`] of the writer.
    pub version: u32,
    /// The plyscope version that wrote it.
    pub plyscope: String,
    pub puzzle: String,
    pub game: String,
    pub algorithm: String,
    /// The engine's answer in words.
    pub result: String,
    /// Nodes in the document (entered by its events).
    pub nodes: usize,
    pub events: Vec<JsonEvent>,
    /// Set when `--max-nodes` cut the document short.
    pub cut: Option<Cut>,
    /// Set when the record budget ended the trace before the search ended.
    pub record: Option<RecordEnd>,
}

/// Where `--max-nodes` cut the document.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cut {
    pub max_nodes: usize,
    /// Nodes of the trace not in the document.
    pub omitted_nodes: usize,
    /// Events of the trace not in the document.
    pub omitted_events: usize,
}

/// Where the record budget ended the trace.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordEnd {
    /// The trace holds this many events.
    pub at_event: u64,
    /// Events the engine reported after that.
    pub unrecorded: u64,
}

/// A table entry seen by an alpha-beta probe.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TtHit {
    pub value: Num,
    pub bound: String,
    pub depth: u32,
    pub best: Option<String>,
    /// True when the entry decided the node without a search.
    pub cutoff: bool,
}

/// A table entry seen by a lambda probe.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LambdaTtHit {
    pub won: bool,
    pub level: u8,
    pub depth_left: u32,
    pub cutoff: bool,
}

/// One event of the log (`kind` names it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum JsonEvent {
    Iteration {
        depth: u32,
    },
    /// The node's static facts: `node_kind` is `root`, `move`, `null-move`, `lambda-root`,
    /// `lambda-threat`, `lambda-after-defence`, `lambda-counter-threat`, `attack`,
    /// `defence` or `proof`.
    Enter {
        node: u32,
        parent: Option<u32>,
        node_kind: String,
        #[serde(rename = "move")]
        mv: Option<String>,
        ply: usize,
        depth: u32,
        alpha: Num,
        beta: Num,
        to_move: String,
        key: String,
        /// Lambda nodes: their attacker and level.
        attacker: Option<String>,
        level: Option<u8>,
    },
    Leave {
        node: u32,
        value: Num,
        bound: String,
        best: Option<String>,
    },
    Cutoff {
        node: u32,
        #[serde(rename = "move")]
        mv: String,
        value: Num,
        alpha: Num,
        beta: Num,
        skipped: Vec<String>,
    },
    TtProbe {
        node: u32,
        hit: Option<TtHit>,
    },
    TtStore {
        node: u32,
        value: Num,
        bound: String,
        depth: u32,
        best: Option<String>,
    },
    Ordered {
        node: u32,
        moves: Vec<String>,
    },
    NullMove {
        node: u32,
        reduction: u32,
        value: Num,
        cut: bool,
    },
    ForwardPruned {
        node: u32,
        dropped: Vec<String>,
    },
    LambdaAttack {
        node: u32,
        level: u8,
        zone_size: Option<usize>,
        candidates: Vec<String>,
    },
    LambdaDefend {
        node: u32,
        level: u8,
        zone_size: Option<usize>,
        candidates: Vec<String>,
    },
    LambdaTt {
        node: u32,
        hit: Option<LambdaTtHit>,
    },
    /// `verdict` is `won`, `not-won`, `no-threat`, `self-endangering`, `game-over`,
    /// `depth-limit` or `stopped`; `level` comes with `won` and `self-endangering`.
    LambdaLeave {
        node: u32,
        verdict: String,
        level: Option<u8>,
        zone_size: Option<usize>,
    },
    /// `step` is `first-enter`, `enter`, `update` or `leave`.
    Pn {
        node: u32,
        step: String,
        or_node: bool,
        second_level: bool,
        numbers: [Num; 2],
        thresholds: Option<[Num; 2]>,
    },
    PnExpand {
        node: u32,
        moves: Vec<String>,
        numbers: Vec<[Num; 2]>,
    },
    PnTt {
        node: u32,
        hit: Option<[Num; 2]>,
    },
}

/// Writes the trace as one JSON document (pretty-printed) and returns the nodes written.
/// The events are converted one at a time as they are written (a million-event trace is
/// never held twice); the output reads back as a [`TraceDocument`].
pub fn write<G: Game>(
    root: &G,
    trace: &Trace<G::Move>,
    header: &Header<'_>,
    max_nodes: usize,
    unrecorded: u64,
    out: &mut dyn Write,
) -> io::Result<usize> {
    let (kept, end) = cut_at(trace, max_nodes);
    let head = head(trace, header, max_nodes, unrecorded);
    let streamed = Streamed {
        format: &head.format,
        version: head.version,
        plyscope: &head.plyscope,
        puzzle: &head.puzzle,
        game: &head.game,
        algorithm: &head.algorithm,
        result: &head.result,
        nodes: head.nodes,
        events: Events { root, trace, end },
        cut: head.cut,
        record: head.record,
    };
    debug_assert_eq!(kept, head.nodes);
    serde_json::to_writer_pretty(&mut *out, &streamed)?;
    writeln!(out)?;
    Ok(kept)
}

/// [`TraceDocument`] with its events made while they are serialised (same fields, same
/// order).
#[derive(Serialize)]
#[serde(bound = "")]
struct Streamed<'a, G: Game> {
    format: &'a str,
    version: u32,
    plyscope: &'a str,
    puzzle: &'a str,
    game: &'a str,
    algorithm: &'a str,
    result: &'a str,
    nodes: usize,
    events: Events<'a, G>,
    cut: Option<Cut>,
    record: Option<RecordEnd>,
}

struct Events<'a, G: Game> {
    root: &'a G,
    trace: &'a Trace<G::Move>,
    end: usize,
}

impl<G: Game> Serialize for Events<'_, G> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let names = Names::new(self.root, self.trace);
        serializer.collect_seq(
            self.trace.events()[..self.end]
                .iter()
                .map(|e| event(&names, self.trace, e)),
        )
    }
}

/// The nodes a cut at `max_nodes` keeps and the events up to the enter of the first node
/// left out.
fn cut_at<M: Copy>(trace: &Trace<M>, max_nodes: usize) -> (usize, usize) {
    let kept = kept_nodes(trace, max_nodes);
    let end = if kept < trace.node_count() {
        trace.node(kept as u32).enter_event() as usize
    } else {
        trace.len()
    };
    (kept, end)
}

/// The document without its events.
fn head<M: Copy>(
    trace: &Trace<M>,
    header: &Header<'_>,
    max_nodes: usize,
    unrecorded: u64,
) -> TraceDocument {
    let (kept, end) = cut_at(trace, max_nodes);
    TraceDocument {
        format: FORMAT.to_string(),
        version: VERSION,
        plyscope: env!("CARGO_PKG_VERSION").to_string(),
        puzzle: header.puzzle.to_string(),
        game: header.game.to_string(),
        algorithm: header.algorithm.to_string(),
        result: header.result.to_string(),
        nodes: kept,
        events: Vec::new(),
        cut: (kept < trace.node_count()).then(|| Cut {
            max_nodes,
            omitted_nodes: trace.node_count() - kept,
            omitted_events: trace.len() - end,
        }),
        record: trace.truncation().map(|t| RecordEnd {
            at_event: t.at,
            unrecorded,
        }),
    }
}

/// The document of `trace`, cut after `max_nodes` nodes, in memory (what [`write`] writes).
pub fn document<G: Game>(
    root: &G,
    trace: &Trace<G::Move>,
    header: &Header<'_>,
    max_nodes: usize,
    unrecorded: u64,
) -> TraceDocument {
    let (_, end) = cut_at(trace, max_nodes);
    let names = Names::new(root, trace);
    TraceDocument {
        events: trace.events()[..end]
            .iter()
            .map(|e| event(&names, trace, e))
            .collect(),
        ..head(trace, header, max_nodes, unrecorded)
    }
}

/// One event in JSON. Moves are named as the explorer names them ([`Names`]): a node's own
/// move in its parent's position, every other move of the event in the position of the
/// event's node.
fn event<G: Game>(names: &Names<'_, G>, trace: &Trace<G::Move>, e: &Event<G::Move>) -> JsonEvent {
    let at = EventMoves {
        names,
        trace,
        node: e.node().unwrap_or(0),
    };
    match *e {
        Event::Iteration { depth } => JsonEvent::Iteration { depth },
        Event::Enter { node } => enter_event(names, trace, node),
        Event::Leave { .. }
        | Event::Cutoff { .. }
        | Event::TtProbe { .. }
        | Event::TtStore { .. }
        | Event::Ordered { .. }
        | Event::NullMove { .. }
        | Event::ForwardPruned { .. } => alpha_beta_event(&at, e),
        Event::LambdaAttack { .. }
        | Event::LambdaDefend { .. }
        | Event::LambdaTt { .. }
        | Event::LambdaLeave { .. } => lambda_event(&at, e),
        Event::Pn { .. } | Event::PnExpand { .. } | Event::PnTt { .. } => pn_event(&at, e),
    }
}

/// The moves of one event, named in the position of the event's node.
struct EventMoves<'a, 'n, G: Game> {
    names: &'a Names<'n, G>,
    trace: &'a Trace<G::Move>,
    node: NodeId,
}

impl<G: Game> EventMoves<'_, '_, G> {
    fn mv(&self, m: G::Move) -> String {
        self.names.at(self.node, m)
    }

    fn moves(&self, r: MoveRange) -> Vec<String> {
        self.trace.moves(r).iter().map(|&m| self.mv(m)).collect()
    }
}

fn bound(b: Bound) -> String {
    match b {
        Bound::Exact => "exact",
        Bound::Lower => "lower",
        Bound::Upper => "upper",
    }
    .to_string()
}

fn pair(n: ProofNumbers) -> [Num; 2] {
    [Num::proof(n.pn), Num::proof(n.dn)]
}

/// A node entered, with its static facts.
fn enter_event<G: Game>(names: &Names<'_, G>, trace: &Trace<G::Move>, node: NodeId) -> JsonEvent {
    let n = trace.node(node);
    let Window { alpha, beta } = n.window();
    let lambda = n.kind().is_lambda();
    JsonEvent::Enter {
        node,
        parent: n.parent(),
        node_kind: node_kind(n.kind()).to_string(),
        mv: names.node_move(node),
        ply: n.ply(),
        depth: n.depth(),
        alpha: Num::value(alpha),
        beta: Num::value(beta),
        to_move: n.to_move().name().to_string(),
        key: format!("{:016x}", n.key()),
        attacker: lambda.then(|| n.attacker().name().to_string()),
        level: lambda.then(|| n.level()),
    }
}

/// The alpha-beta family's events: leave, cutoff, the table, move ordering, null move and
/// forward pruning.
fn alpha_beta_event<G: Game>(at: &EventMoves<'_, '_, G>, e: &Event<G::Move>) -> JsonEvent {
    match *e {
        Event::Leave {
            node,
            value,
            bound: b,
            best,
            ..
        } => JsonEvent::Leave {
            node,
            value: Num::value(value),
            bound: bound(b),
            best: best.map(|m| at.mv(m)),
        },
        Event::Cutoff {
            node,
            mv: m,
            value,
            window,
            skipped,
        } => JsonEvent::Cutoff {
            node,
            mv: at.mv(m),
            value: Num::value(value),
            alpha: Num::value(window.alpha),
            beta: Num::value(window.beta),
            skipped: at.moves(skipped),
        },
        Event::TtProbe { node, hit } => JsonEvent::TtProbe {
            node,
            hit: hit.map(|h| TtHit {
                value: Num::value(h.value),
                bound: bound(h.bound),
                depth: h.depth,
                best: h.best.map(|m| at.mv(m)),
                cutoff: h.cutoff,
            }),
        },
        Event::TtStore {
            node,
            value,
            bound: b,
            depth,
            best,
        } => JsonEvent::TtStore {
            node,
            value: Num::value(value),
            bound: bound(b),
            depth,
            best: best.map(|m| at.mv(m)),
        },
        Event::Ordered { node, moves: r } => JsonEvent::Ordered {
            node,
            moves: at.moves(r),
        },
        Event::NullMove {
            node,
            reduction,
            value,
            cut,
        } => JsonEvent::NullMove {
            node,
            reduction,
            value: Num::value(value),
            cut,
        },
        Event::ForwardPruned { node, dropped } => JsonEvent::ForwardPruned {
            node,
            dropped: at.moves(dropped),
        },
        _ => unreachable!("event routes only the alpha-beta family's events here"),
    }
}

/// The threat searches' events: an attack's or a defence's candidates, the lambda table and
/// a node's verdict.
fn lambda_event<G: Game>(at: &EventMoves<'_, '_, G>, e: &Event<G::Move>) -> JsonEvent {
    let trace = at.trace;
    match *e {
        Event::LambdaAttack {
            node,
            level,
            zone,
            candidates,
            ..
        } => JsonEvent::LambdaAttack {
            node,
            level,
            zone_size: zone_size(trace, zone),
            candidates: at.moves(candidates),
        },
        Event::LambdaDefend {
            node,
            level,
            zone,
            candidates,
            ..
        } => JsonEvent::LambdaDefend {
            node,
            level,
            zone_size: zone_size(trace, zone),
            candidates: at.moves(candidates),
        },
        Event::LambdaTt { node, hit } => JsonEvent::LambdaTt {
            node,
            hit: hit.map(|h| LambdaTtHit {
                won: h.won,
                level: h.level,
                depth_left: h.depth_left,
                cutoff: h.cutoff,
            }),
        },
        Event::LambdaLeave {
            node,
            verdict,
            zone,
        } => {
            let (word, level) = verdict_word(verdict);
            JsonEvent::LambdaLeave {
                node,
                verdict: word.to_string(),
                level,
                zone_size: zone_size(trace, zone),
            }
        }
        _ => unreachable!("event routes only the threat searches' events here"),
    }
}

/// The proof-number searches' events: a node's numbers at a step, an expansion and the
/// table.
fn pn_event<G: Game>(at: &EventMoves<'_, '_, G>, e: &Event<G::Move>) -> JsonEvent {
    match *e {
        Event::Pn {
            node,
            step,
            flags,
            numbers,
            thresholds,
            ..
        } => JsonEvent::Pn {
            node,
            step: match step {
                PnStep::FirstEnter => "first-enter",
                PnStep::Enter => "enter",
                PnStep::Update => "update",
                PnStep::Leave => "leave",
            }
            .to_string(),
            or_node: flags & pn_flags::OR_NODE != 0,
            second_level: flags & pn_flags::SECOND_LEVEL != 0,
            numbers: pair(numbers),
            thresholds: (flags & pn_flags::THRESHOLDS != 0).then(|| pair(thresholds)),
        },
        Event::PnExpand {
            node,
            moves: r,
            numbers,
            ..
        } => JsonEvent::PnExpand {
            node,
            moves: at.moves(r),
            numbers: at
                .trace
                .pn_numbers(numbers, r.len())
                .iter()
                .map(|&n| pair(n))
                .collect(),
        },
        Event::PnTt { node, hit } => JsonEvent::PnTt {
            node,
            hit: hit.map(pair),
        },
        _ => unreachable!("event routes only the proof-number searches' events here"),
    }
}

fn node_kind(kind: NodeKind) -> &'static str {
    match kind {
        NodeKind::Root => "root",
        NodeKind::Move => "move",
        NodeKind::NullMove => "null-move",
        NodeKind::Lambda(LambdaPurpose::Root) => "lambda-root",
        NodeKind::Lambda(LambdaPurpose::Threat) => "lambda-threat",
        NodeKind::Lambda(LambdaPurpose::AfterDefence) => "lambda-after-defence",
        NodeKind::Lambda(LambdaPurpose::CounterThreat) => "lambda-counter-threat",
        NodeKind::Attack => "attack",
        NodeKind::Defence => "defence",
        NodeKind::Proof => "proof",
    }
}

fn verdict_word(verdict: LambdaVerdict) -> (&'static str, Option<u8>) {
    match verdict {
        LambdaVerdict::Won { level } => ("won", Some(level)),
        LambdaVerdict::NotWon => ("not-won", None),
        LambdaVerdict::NoThreat => ("no-threat", None),
        LambdaVerdict::SelfEndangering { level } => ("self-endangering", Some(level)),
        LambdaVerdict::GameOver => ("game-over", None),
        LambdaVerdict::DepthLimit => ("depth-limit", None),
        LambdaVerdict::Stopped => ("stopped", None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_carry_their_kind_as_a_tag() {
        let text = serde_json::to_string(&JsonEvent::Iteration { depth: 3 }).unwrap();
        assert_eq!(text, r#"{"kind":"iteration","depth":3}"#);
        let back: JsonEvent = serde_json::from_str(&text).unwrap();
        assert_eq!(back, JsonEvent::Iteration { depth: 3 });
    }

    #[test]
    fn infinity_is_the_string_inf_and_reads_back() {
        let numbers = [Num::proof(0), Num::proof(PN_INFINITY)];
        let text = serde_json::to_string(&numbers).unwrap();
        assert_eq!(text, r#"[0,"inf"]"#);
        assert_eq!(serde_json::from_str::<[Num; 2]>(&text).unwrap(), numbers);
        let window = [Num::value(-Value::INFINITY), Num::value(Value::INFINITY)];
        assert_eq!(serde_json::to_string(&window).unwrap(), r#"["-inf","inf"]"#);
        assert_eq!(
            serde_json::to_string(&Num::value(Value::win_at(3))).unwrap(),
            "999997"
        );
        assert!(serde_json::from_str::<Num>(r#""infinity""#).is_err());
    }
}
