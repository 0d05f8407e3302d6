//! What kinds one recorded event is, in the lesson format's words ([`Landing`]): the
//! `expect` of a step is checked against it, and `next-...` gotos step until it matches.
//! The marks are the explorer's own (the same tests as its step and jump keys): a cutoff
//! is alpha-beta's `Cutoff` event or a lambda node that ended its loop early
//! ([`lambda::leave_is_cutoff`]); proofs, expansions and threshold changes are the
//! proof-number marks of [`pn_mark_at`]; a lambda win is a `LambdaLeave` with a won verdict
//! of an attack move or of a search for the attacker (the root's, or after a defence).

use super::lambda;
use crate::search::observer::LambdaPurpose;
use crate::search::observer::LambdaVerdict;
use crate::trace::replay::{PnMark, pn_mark_at};
use crate::trace::store::{Event, NodeKind, Trace};

/// The kinds of event `e` of `trace` (0-based; the replay is at step `e + 1` after it).
pub fn landed<M: Copy>(trace: &Trace<M>, e: usize) -> Landed {
    let Some(event) = trace.events().get(e) else {
        return Landed::default();
    };
    let mut l = Landed::event();
    match *event {
        Event::Iteration { .. } => l = l.with(Landing::Iteration),
        Event::Enter { node } => {
            l = l.with(Landing::Enter);
            if lambda::is_level_change(trace, node) {
                l = l.with(Landing::Level);
            }
        }
        Event::Leave { .. } => l = l.with(Landing::Leave),
        // A test that skipped nothing is not a cutoff (Kühr, example 3.2).
        Event::Cutoff { skipped, .. } if !skipped.is_empty() => l = l.with(Landing::Cutoff),
        Event::TtProbe { hit: Some(h), .. } if h.cutoff => l = l.with(Landing::TtHit),
        Event::NullMove { cut, .. } => {
            l = l.with(Landing::NullMove);
            if cut {
                l = l.with(Landing::NullCut);
            }
        }
        Event::LambdaLeave { node, verdict, .. } => {
            l = l.with(Landing::Leave);
            if lambda::leave_is_cutoff(trace, e) {
                l = l.with(Landing::Cutoff);
            }
            let for_attacker = matches!(
                trace.node(node).kind(),
                NodeKind::Attack
                    | NodeKind::Lambda(LambdaPurpose::Root | LambdaPurpose::AfterDefence)
            );
            if for_attacker && matches!(verdict, LambdaVerdict::Won { .. }) {
                l = l.with(Landing::Proof);
            }
        }
        Event::Pn { .. } | Event::PnExpand { .. } => {
            for (mark, kind) in [
                (PnMark::Expansion, Landing::Expansion),
                (PnMark::Proof, Landing::Proof),
                (PnMark::ThresholdChange, Landing::Threshold),
            ] {
                if pn_mark_at(trace, e, mark) {
                    l = l.with(kind);
                }
            }
        }
        _ => {}
    }
    l
}

/// What kind of event a step lands on (its `expect`, and what `next-...` looks for).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Landing {
    /// Any event.
    Event,
    /// A node entered.
    Enter,
    /// A node left (alpha-beta, lambda).
    Leave,
    /// A cutoff: alpha-beta's `value >= beta` that skipped at least one move; lambda's winning attack or refuting
    /// defence.
    Cutoff,
    /// A table probe that decided the node.
    TtHit,
    /// Proof-number searches: a node expanded.
    Expansion,
    /// A node proven or disproven (proof-number searches), a win found (lambda).
    Proof,
    /// df-pn: a threshold change.
    Threshold,
    /// Lambda: the first attack at a new level.
    Level,
    /// Iterative deepening: an iteration starts.
    Iteration,
    /// A null-move probe (Kotrč 7.1.2), whether it cut or not.
    NullMove,
    /// A null-move probe that cut its node.
    NullCut,
}

impl Landing {
    pub const ALL: [Landing; 12] = [
        Landing::Event,
        Landing::Enter,
        Landing::Leave,
        Landing::Cutoff,
        Landing::TtHit,
        Landing::Expansion,
        Landing::Proof,
        Landing::Threshold,
        Landing::Level,
        Landing::Iteration,
        Landing::NullMove,
        Landing::NullCut,
    ];

    /// The name in lesson files.
    pub fn name(self) -> &'static str {
        match self {
            Landing::Event => "event",
            Landing::Enter => "enter",
            Landing::Leave => "leave",
            Landing::Cutoff => "cutoff",
            Landing::TtHit => "tt-hit",
            Landing::Expansion => "expansion",
            Landing::Proof => "proof",
            Landing::Threshold => "threshold",
            Landing::Level => "level",
            Landing::Iteration => "iteration",
            Landing::NullMove => "null-move",
            Landing::NullCut => "null-cut",
        }
    }

    pub fn parse(name: &str) -> Option<Landing> {
        Landing::ALL.into_iter().find(|l| l.name() == name.trim())
    }

    fn bit(self) -> u16 {
        1 << (self as u16)
    }
}

/// The kinds one event is (an event can be several: a cutoff that is also a proof).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Landed(u16);

impl Landed {
    /// An event of no kind in particular (it is still an [`Landing::Event`]).
    pub fn event() -> Landed {
        Landed(Landing::Event.bit())
    }

    /// With `kind` added.
    pub fn with(self, kind: Landing) -> Landed {
        Landed(self.0 | kind.bit())
    }

    pub fn is(self, kind: Landing) -> bool {
        self.0 & kind.bit() != 0
    }

    /// The kinds' names, for messages: "enter", "leave, cutoff".
    pub fn names(self) -> String {
        let names: Vec<&str> = Landing::ALL
            .into_iter()
            .filter(|&l| l != Landing::Event && self.is(l))
            .map(Landing::name)
            .collect();
        if names.is_empty() {
            if self.is(Landing::Event) {
                "an event of no listed kind".to_string()
            } else {
                "no event (the start)".to_string()
            }
        } else {
            names.join(", ")
        }
    }
}
