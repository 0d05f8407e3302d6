//! What kinds one recorded event is, in the lesson format's words ([`Landing`]): the
//! `expect` of a step is checked against it, and `next-...` gotos step until it matches.
//! The marks are the explorer's own (the same tests as its step and jump keys): a cutoff
//! is alpha-beta's `Cutoff` event or a lambda node that ended its loop early
//! ([`lambda::leave_is_cutoff`]); proofs, expansions and threshold changes are the
//! proof-number marks of [`pn_mark_at`]; a lambda win is a `LambdaLeave` with a won verdict
//! of an attack move or of a search for the attacker (the root's, or after a defence).

use crate::lesson::{Landed, Landing};
use crate::search::observer::LambdaPurpose;
use crate::search::observer::LambdaVerdict;
use crate::trace::replay::{PnMark, pn_mark_at};
use crate::trace::store::{Event, NodeKind, Trace};
use crate::tui::worker::lambda;

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
        Event::Cutoff { .. } => l = l.with(Landing::Cutoff),
        Event::TtProbe { hit: Some(h), .. } if h.cutoff => l = l.with(Landing::TtHit),
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
