//! Running a spec's search on one game with an observer (the recorder, for the explorer,
//! export and lessons), and saying in one line what it found. The dispatch by family is the
//! same as headless solving's ([`crate::run::solve`]): the alpha-beta family and the threat
//! searches through [`search::solve`], the proof-number family through
//! [`proof_search`] for the goal "the side to move wins", and a threat search's root
//! analysis (Suda, *Efficient algorithms for verifying goals in computer games*, figures 5.1-5.3)
//! through [`analyse_root`].

use crate::search::engine::proof_search;
use crate::search::lambda::{RootMoveClass, analyse_root};
use crate::search::observer::Observer;
use crate::search::proof::{Goal, ProofVerdict};
use crate::search::{self, SearchGame, Verdict};

use super::registry::Family;
use super::spec::SearchSpec;

/// Runs `spec`'s search from `game` (left as found) with `observer`, and says what it found:
/// "win value +998, best b2", "proven (proof tree of 12 positions), best c3, root [0, ∞]",
/// "root analysis: c2 wins λ2, b1 ?". " (stopped)" ends it when a limit or the observer
/// stopped the search.
pub fn run_observed<G: SearchGame, O: Observer<G>>(
    game: &mut G,
    spec: &SearchSpec,
    observer: &mut O,
) -> String {
    let family = spec.family();
    if spec.root_analysis && family == Family::Threat {
        return root_analysis(game, spec, observer);
    }
    if family == Family::ProofNumber {
        return proof_run(game, spec, observer);
    }
    let result = search::solve(game, &spec.engine_config(), &spec.limits, observer);
    let best = result.best_move.map(|m| game.format_move(m));
    let outcome = if family == Family::Threat {
        // A threat search proves a level, not a value.
        result.verdict.to_string()
    } else if result.verdict == Verdict::Unknown {
        // Nothing proven within the limits: the value is the evaluation's estimate.
        format!("heuristic value {}", result.value)
    } else {
        format!("{} value {}", result.verdict.word(), result.value)
    };
    format!(
        "{}{}{}",
        outcome,
        best.map_or(String::new(), |m| format!(", best {m}")),
        if result.stopped { " (stopped)" } else { "" }
    )
}

/// A proof-number search for the goal "the side to move wins" (draws count as the puzzle
/// says).
fn proof_run<G: SearchGame, O: Observer<G>>(
    game: &mut G,
    spec: &SearchSpec,
    observer: &mut O,
) -> String {
    let goal = Goal {
        attacker: game.to_move(),
        draw_for_attacker: spec.draw_for_attacker,
    };
    let report = proof_search(
        game,
        spec.config.algorithm,
        &spec.proof_config(),
        goal,
        &spec.limits,
        observer,
    );
    let mut text = match (report.verdict, report.proof_size) {
        (ProofVerdict::Proven, Some(size)) => format!("proven (proof tree of {size} positions)"),
        (ProofVerdict::Proven, None) => "proven".to_string(),
        (ProofVerdict::Disproven, _) => "disproven".to_string(),
        (ProofVerdict::Unknown, _) => "unknown".to_string(),
    };
    if let Some(level) = report.level {
        text.push_str(&format!(" at lambda level {level}"));
    }
    if let Some(m) = report.best_move {
        text.push_str(&format!(", best {}", game.format_move(m)));
    }
    text.push_str(&format!(", root {}", report.root));
    if report.stopped {
        text.push_str(" (stopped)");
    }
    text
}

/// The root analysis of a lambda search (every root move classified): "root analysis: c2
/// wins λ2, b1 ?, ...".
fn root_analysis<G: SearchGame, O: Observer<G>>(
    game: &mut G,
    spec: &SearchSpec,
    observer: &mut O,
) -> String {
    let analysis = analyse_root(game, &spec.lambda_config(), &spec.limits, observer);
    let words: Vec<String> = analysis
        .moves
        .iter()
        .map(|m| {
            let mv = game.format_move(m.mv);
            match m.class {
                RootMoveClass::Wins { level } => format!("{mv} wins λ{level}"),
                RootMoveClass::SelfEndangering { level } => format!("{mv} loses (λ{level})"),
                RootMoveClass::NotProven => format!("{mv} ?"),
            }
        })
        .collect();
    format!(
        "root analysis: {}{}",
        if words.is_empty() {
            "no moves".to_string()
        } else {
            words.join(", ")
        },
        if analysis.stopped { " (stopped)" } else { "" }
    )
}
