//! A recorded search as bytes, for saved runs (the file around it is `crate::run::saved`): the
//! whole [`Trace`] — node arena, event log, move buffer, zones, proof numbers and the indexes — in
//! `postcard`'s compact serde encoding (<https://postcard.jamesmunns.com/wire-format>: varints, no
//! field names), so a million events take tens of megabytes and decode in well under a second.

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::store::Trace;

/// The trace's bytes.
pub fn encode<M: Serialize>(trace: &Trace<M>) -> Vec<u8> {
    postcard::to_stdvec(trace).expect("a trace holds nothing serde cannot encode")
}

/// The trace of `bytes`, or why they are none (not a trace of a game whose moves are `M`,
/// or damaged), in words for the user rather than postcard's own (which names its
/// encoding's internals: "Hit the end of buffer", "Found a varint that didn't terminate").
pub fn decode<M: DeserializeOwned>(bytes: &[u8]) -> Result<Trace<M>, String> {
    postcard::from_bytes(bytes).map_err(|e| {
        use postcard::Error as E;
        match e {
            E::DeserializeUnexpectedEnd => format!(
                "its {} bytes end before the recorded search does",
                bytes.len()
            ),
            E::DeserializeBadVarint
            | E::DeserializeBadBool
            | E::DeserializeBadChar
            | E::DeserializeBadUtf8
            | E::DeserializeBadOption
            | E::DeserializeBadEnum
            | E::DeserializeBadEncoding
            | E::DeserializeBadCrc => {
                "its bytes hold a value no recorded search has (a number, flag or kind of \
                 event out of place)"
                    .to_string()
            }
            _ => "its bytes are not a recorded search of this game's moves".to_string(),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::mnk::Mnk;
    use crate::search::{Algorithm, Limits, SearchConfig, solve};
    use crate::trace::recorder::Recorder;

    #[test]
    fn a_trace_decodes_to_itself() {
        let mut recorder: Recorder<Mnk> = Recorder::default();
        let live = recorder.live();
        let mut game = Mnk::new(3, 3, 3, false).unwrap();
        let config = SearchConfig::for_algorithm(Algorithm::IterativeDeepening);
        solve(&mut game, &config, &Limits::default(), &mut recorder);
        recorder.finish();
        let trace = live.read().clone();
        let bytes = encode(&trace);
        let back: Trace<u16> = decode(&bytes).unwrap();
        assert_eq!(back.len(), trace.len());
        assert_eq!(encode(&back), bytes, "the same bytes again");
        assert!(back.is_finished());
        // Cut short or damaged: an error, never a panic.
        let half = decode::<u16>(&bytes[..bytes.len() / 2]).err().unwrap();
        assert!(
            half.contains("end before the recorded search does"),
            "{half}"
        );
        let noise = decode::<u16>(&[0xff; 16]).err().unwrap();
        assert!(noise.contains("a value no recorded search has"), "{noise}");
    }
}
