//! The record budget. After [`RecordConfig::budget`](super::RecordConfig::budget) events
//! the recorder stops recording but keeps answering `Continue`, so the engine finishes its
//! search; the trace says where its record ends
//! ([`Trace::truncation`](crate::trace::store::Trace::truncation)) and
//! [`LiveTrace::unrecorded`](crate::trace::live::LiveTrace::unrecorded) counts what was not
//! recorded. Zone bytes count in the budget, every [`ZONE_BYTES_PER_EVENT`] of them as one
//! event, and so do the initial numbers of proof-number expansions (8 bytes a number). A side
//! buffer whose 32-bit ranges run out ends the record the same way. [`RecordCap::of`] reads
//! from a finished or growing trace which of these limits ended its record, for the screen.

use crate::game::Game;
use crate::search::proof::ProofNumbers;
use crate::trace::store::{MAX_EVENTS, Trace, Truncation};

use super::Recorder;

/// The limit that ended a record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordCap {
    /// The event budget (`--record`, at most [`MAX_EVENTS`]): this many events.
    Events(u64),
    /// A side buffer's 32-bit ranges: moves, zone bytes or proof numbers.
    Buffer(&'static str),
}

impl RecordCap {
    /// Which limit ended `trace`'s record under the budget `budget` (`None`: it did not
    /// end). The budget counts events, zone bytes and proof numbers as [`Recorder::admit`]
    /// does, so a record ended by the budget is told from one ended by a full side buffer.
    pub fn of<M: Copy>(trace: &Trace<M>, budget: u64) -> Option<RecordCap> {
        trace.truncation()?;
        let budget = budget.min(MAX_EVENTS);
        let extra = (trace.zone_buffer_len() as u64
            + trace.pn_number_count() as u64 * size_of::<ProofNumbers>() as u64)
            / ZONE_BYTES_PER_EVENT;
        if trace.len() as u64 + extra >= budget {
            return Some(RecordCap::Events(budget));
        }
        // The fullest side buffer ended it (each holds up to 2^32 entries).
        let buffers = [
            ("move", trace.move_buffer_len()),
            ("zone", trace.zone_buffer_len()),
            ("proof-number", trace.pn_number_count()),
        ];
        let fullest = buffers
            .iter()
            .max_by_key(|(_, len)| *len)
            .map_or("move", |b| b.0);
        Some(RecordCap::Buffer(fullest))
    }

    /// The note in full: the limit, and how to raise it when a flag can.
    pub fn message(&self) -> String {
        match self {
            RecordCap::Events(n) if *n >= MAX_EVENTS => format!(
                "record cap {} events reached (the most --record allows)",
                thousands(*n)
            ),
            RecordCap::Events(n) => format!(
                "record cap {} events reached; --record N to raise it",
                thousands(*n)
            ),
            RecordCap::Buffer(name) => format!(
                "record ended: its {name} buffer is full (2^32 entries); a lower depth or \
                 level records less"
            ),
        }
    }

    /// The note in few words: "record cap 2,000,000".
    pub fn short(&self) -> String {
        match self {
            RecordCap::Events(n) => format!("record cap {}", thousands(*n)),
            RecordCap::Buffer(name) => format!("record: {name} buffer full"),
        }
    }
}

/// `n` with a comma between each group of three digits: 2,000,000.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

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
        // The budget ended it, though only 3 events are in the log.
        assert_eq!(RecordCap::of(&t, 4), Some(RecordCap::Events(4)));
    }

    #[test]
    fn the_cap_names_the_limit_that_ended_the_record() {
        let mut r: Recorder<Mnk> = Recorder::new(RecordConfig {
            budget: 3,
            ..RecordConfig::default()
        });
        let g = Mnk::new(3, 3, 3, false).unwrap();
        let _ = r.enter(&g, None, 0, 2, Window::FULL);
        let _ = r.leave(Value(0), Bound::Exact, None);
        // Not truncated: no cap.
        assert_eq!(RecordCap::of(&r.into_trace(), 3), None);
        let cap = RecordCap::Events(2_000_000);
        assert_eq!(
            cap.message(),
            "record cap 2,000,000 events reached; --record N to raise it"
        );
        assert_eq!(cap.short(), "record cap 2,000,000");
        assert!(
            RecordCap::Events(MAX_EVENTS)
                .message()
                .contains("the most --record allows")
        );
        assert!(
            RecordCap::Buffer("move")
                .message()
                .contains("move buffer is full")
        );
    }

    #[test]
    fn thousands_groups_digits_by_three() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1_000), "1,000");
        assert_eq!(thousands(2_000_000), "2,000,000");
        assert_eq!(thousands(4_294_967_294), "4,294,967,294");
    }
}
