//! The registry of algorithms x games (src/run/registry.rs) is the one answer to "what can
//! run here": this test walks every algorithm x every bundled puzzle and shows that the
//! explorer offers exactly what `solve` accepts, and that every algorithm names a bundled
//! lesson that runs it.

use std::collections::BTreeSet;
use std::sync::mpsc::channel;

use plyscope::puzzle;
use plyscope::run::registry::{self, Family, REGISTRY};
use plyscope::run::solve::solve_puzzle;
use plyscope::run::spec::SearchSpec;
use plyscope::search::Algorithm;
use plyscope::tui::app::App;
use plyscope::tui::keymap::{Action, Keymap};

/// What `solve` accepts for `p`: each algorithm run with a small node budget (a refusal
/// comes before any search, so the budget only keeps the accepted runs short).
fn accepted_by_solve(p: &puzzle::Puzzle) -> BTreeSet<&'static str> {
    let mut accepted = BTreeSet::new();
    for algorithm in Algorithm::ALL {
        let mut options = SearchSpec::headless(p, algorithm);
        options.limits.nodes = Some(2_000);
        options.root_analysis = false;
        options.set_table_mb(1);
        if solve_puzzle(p, &options).is_ok() {
            accepted.insert(algorithm.name());
        }
    }
    accepted
}

/// What the explorer's `a` key reaches from the puzzle's own algorithm (the same function
/// App::update calls), every algorithm it can reach once.
fn offered_by_explorer(p: &puzzle::Puzzle) -> BTreeSet<&'static str> {
    let start = p.algorithm.unwrap_or(Algorithm::IterativeDeepening);
    let mut offered = BTreeSet::from([start.name()]);
    let mut now = start;
    for _ in 0..Algorithm::ALL.len() {
        now = registry::next_applicable(p, now).0;
        offered.insert(now.name());
    }
    offered
}

#[test]
fn the_explorer_offers_exactly_what_solve_accepts_on_every_bundled_puzzle() {
    for bundled in puzzle::bundled() {
        let p = bundled.load().unwrap();
        let solve = accepted_by_solve(&p);
        let explorer = offered_by_explorer(&p);
        let registry: BTreeSet<&str> = registry::applicable(&p.position)
            .into_iter()
            .map(|a| a.name())
            .collect();
        assert_eq!(explorer, solve, "{}: explorer vs solve", bundled.name);
        assert_eq!(registry, solve, "{}: registry vs solve", bundled.name);
        // The alpha-beta family runs everywhere.
        for a in Algorithm::ALPHA_BETA_FAMILY {
            assert!(solve.contains(a.name()), "{}: {a}", bundled.name);
        }
    }
}

#[test]
fn the_a_key_keeps_gobblet_in_the_alpha_beta_family() {
    let (tx, rx) = channel();
    let p = puzzle::load("gobblers-win-in-5").unwrap();
    let mut app = App::new(p, None, 20_000, Keymap::bundled().unwrap(), tx);
    app.wait_for_search(&rx);
    let mut seen = BTreeSet::new();
    for _ in 0..8 {
        app.update(Action::CycleAlgorithm);
        app.wait_for_search(&rx);
        let algorithm = app.spec.config.algorithm;
        assert_eq!(
            registry::info(algorithm).family,
            Family::AlphaBeta,
            "{algorithm}"
        );
        seen.insert(algorithm.name());
    }
    assert_eq!(seen.len(), 4, "all four alpha-beta searches: {seen:?}");
}

/// Issue 20, point 5: every algorithm names its lesson (`plyscope list --algorithms`), a
/// bundled one that runs it (`Lesson::algorithms`: the lesson's search or a step's).
#[test]
fn every_algorithm_names_a_bundled_lesson_that_runs_it() {
    for entry in &REGISTRY {
        let name = entry
            .lesson
            .unwrap_or_else(|| panic!("{} names no lesson", entry.algorithm));
        assert!(
            plyscope::lesson::find_bundled(name).is_some(),
            "{}'s lesson {name} is not bundled",
            entry.algorithm
        );
        let lesson = plyscope::lesson::load(name)
            .unwrap_or_else(|e| panic!("{}'s lesson {name}: {e}", entry.algorithm));
        assert!(
            lesson.algorithms().contains(&entry.algorithm),
            "{name} teaches {} but runs {:?}",
            entry.algorithm,
            lesson.algorithms()
        );
    }
}
