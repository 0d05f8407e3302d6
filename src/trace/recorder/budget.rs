//! The record budget. After [`RecordConfig::budget`](super::RecordConfig::budget) events
//! the recorder stops recording but keeps answering `Continue`, so the engine finishes its
//! search; the trace says where its record ends
//! ([`Trace::truncation`](crate::trace::store::Trace::truncation)) and
//! [`LiveTrace::unrecorded`](crate::trace::live::LiveTrace::unrecorded) counts what was not
//! recorded. Zone bytes count in the budget, every [`ZONE_BYTES_PER_EVENT`] of them as one
//! event, and so do the initial numbers of proof-number expansions (8 bytes a number). A side
//! buffer whose 32-bit ranges run out ends the record the same way.

use crate::game::Game;
use crate::search::proof::ProofNumbers;
use crate::trace::store::Truncation;

use super::Recorder;

/// Zone bytes that count as one event against the record budget (about an event's size
/// with its share of the arena: `benches/trace.rs`).
pub const ZONE_BYTES_PER_EVENT: u64 = 32;

impl<G: Game> Recorder<G> {
    /// True when the event about to be reported is to be recorded; past the budget it
    /// counts it as unrecorded instead.
    #[inline]
    pub(super) fn admit(&mut self) -> bool {
        if self.truncation.is_none()
            && self.recorded
                + (self.zone_bytes + self.pn_numbers * size_of::<ProofNumbers>() as u64)
                    / ZONE_BYTES_PER_EVENT
                < self.config.budget
        {
            return true;
        }
        if self.truncation.is_none() {
            self.truncate();
        }
        self.unrecorded += 1;
        if self.unrecorded.is_multiple_of(4096) {
            self.live.set_unrecorded(self.unrecorded);
        }
        false
    }

    /// Stops recording here.
    pub(super) fn truncate(&mut self) {
        self.truncation = Some(Truncation { at: self.recorded });
        self.stack.clear();
        self.open_moves.clear();
        self.flush();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Player;
    use crate::games::mnk::Mnk;
    use crate::search::observer::{LambdaNode, LambdaNodeKind, Observer};
    use crate::search::zone::ZoneScheme;
    use crate::search::{Bound, Value, Window};
    use crate::trace::recorder::RecordConfig;

    #[test]
    fn past_the_budget_the_engine_goes_on_unrecorded() {
        let mut g = Mnk::new(3, 3, 3, false).unwrap();
        let mut r: Recorder<Mnk> = Recorder::new(RecordConfig {
            budget: 3,
            ..RecordConfig::default()
        });
        let live = r.live();
        assert!(r.enter(&g, None, 0, 2, Window::FULL).is_continue());
        for p in 0..4 {
            g.play(p);
            assert!(r.enter(&g, Some(p), 1, 1, Window::FULL).is_continue());
            assert!(r.leave(Value(0), Bound::Exact, None).is_continue());
            g.undo(p);
        }
        assert!(r.leave(Value(0), Bound::Exact, None).is_continue());
        assert_eq!(r.truncation(), Some(Truncation { at: 3 }));
        let t = r.into_trace();
        assert_eq!(t.len(), 3);
        assert_eq!(t.truncation(), Some(Truncation { at: 3 }));
        assert_eq!(live.unrecorded(), 7);
        assert!(live.is_finished());
        // The nodes cut off by the budget stay open.
        assert_eq!(t.node(0).leave_event(), None);
        assert_eq!(t.node(1).leave_event(), Some(2));
    }

    #[test]
    fn zone_bytes_count_in_the_record_budget() {
        let g = Mnk::new(4, 4, 4, false).unwrap();
        let mut r: Recorder<Mnk> = Recorder::new(RecordConfig {
            budget: 4,
            ..RecordConfig::default()
        });
        let zones = [
            ZoneScheme::everything(16),
            ZoneScheme::singleton(16, 3),
            ZoneScheme::everything(16),
        ];
        let root = LambdaNode {
            kind: LambdaNodeKind::Search(crate::search::observer::LambdaPurpose::Root),
            attacker: Player::Black,
            level: 1,
            depth_left: 3,
        };
        let _ = r.lambda_enter(&g, root); // 1 event
        // Two zones of 16 bytes are one event's worth: the third list finds the budget
        // (3 events and 32 zone bytes) spent.
        for zone in &zones {
            let _ = r.lambda_attack(1, Some(zone), &[0]);
        }
        assert_eq!(r.truncation(), Some(Truncation { at: 3 }));
        let t = r.into_trace();
        assert_eq!(t.len(), 3);
    }
}
