//! The step keys to the next (`u`) and previous (`U`) lambda-level change:
//! they move the *search* (the replay's step) to right after the event where the
//! level changes ([`Landing::Level`]: the first attack at a new level, the same mark the
//! lesson format's `next-level` looks for), and select the node it happened to. The jump
//! keys `i`/`I` only move the *selection* among the level-change nodes recorded as of the
//! step, which is why they can answer "no other level change" while the search has more.

use super::App;
use crate::search::Algorithm;
use crate::view::landing::Landing;

/// Steps forward (or back) to the next (previous) event where the lambda level changes.
pub fn step(app: &mut App, forward: bool) {
    let algorithm = app.spec.config.algorithm;
    if !algorithm.is_threat_search() && algorithm != Algorithm::LambdaDfPn {
        app.message = Some("level changes belong to lambda searches (a: algorithm)".to_string());
        return;
    }
    // The event at the step is `step - 1`; the replay is at `e + 1` after event `e`.
    let at = app.session.step();
    let is_level = |e: usize| {
        app.session
            .landed(e)
            .is_some_and(|(l, _)| l.is(Landing::Level))
    };
    let found = if forward {
        (at..app.session.len()).find(|&e| is_level(e))
    } else {
        (0..at.saturating_sub(1)).rev().find(|&e| is_level(e))
    };
    let Some(e) = found else {
        app.message = Some(if forward {
            if app.session.finished() {
                "no later lambda level change in the search".to_string()
            } else {
                "no later lambda level change recorded yet".to_string()
            }
        } else {
            "no earlier lambda level change".to_string()
        });
        return;
    };
    app.session.seek(e + 1);
    app.after_step();
    if let Some((_, Some(node))) = app.session.landed(e) {
        app.selected = Some(node);
    }
}
