//! The policy of a headless command over several puzzles: the spec a puzzle runs with once
//! the command line has overridden its defaults (a setting the algorithm does not take is
//! refused, with the reason: a silently ignored setting would make a measurement lie), the
//! command's node and time budget shared by every puzzle, and whether a report fails the
//! command. `plyscope solve` parses its flags into [`Overrides`] and prints what comes back.

use std::time::{Duration, Instant};

use crate::puzzle::Puzzle;
use crate::run::registry::{self, Refusal, SearchOption};
use crate::run::spec::{SearchSpec, Settings};
use crate::search::{Algorithm, Enhancement, Limits, meter};

use super::{Check, SolveReport};

/// What a command asks beyond a puzzle's defaults; `None` or `false` keeps the puzzle's own.
#[derive(Clone, Copy, Debug, Default)]
pub struct Overrides {
    pub algorithm: Option<Algorithm>,
    pub max_level: Option<u32>,
    pub max_depth: Option<u32>,
    pub no_zones: bool,
    /// Classify every root move (on anyway where the puzzle lists its winning moves).
    pub root: bool,
    pub nodes: Option<u64>,
    pub time: Option<Duration>,
    pub tt_mb: Option<usize>,
    pub no_tt: bool,
    pub without: Option<Enhancement>,
    pub epsilon: Option<f32>,
    /// What every front end takes alike (`--ordering`).
    pub settings: Settings,
}

impl Overrides {
    /// The spec `puzzle` runs with: [`SearchSpec::headless`] for the algorithm asked (else
    /// the puzzle's own), overridden; a message when a setting does not apply to that
    /// algorithm (which algorithm takes which setting is the registry's answer,
    /// [`SearchOption`]). Threads are the caller's to set.
    pub fn spec_for(&self, puzzle: &Puzzle) -> Result<SearchSpec, String> {
        let algorithm = self
            .algorithm
            .unwrap_or_else(|| registry::puzzle_algorithm(puzzle));
        let mut spec = SearchSpec::headless(puzzle, algorithm).with_settings(&self.settings);
        let entry = registry::info(algorithm);
        let given = [
            (SearchOption::MaxLevel, self.max_level.is_some()),
            (SearchOption::Zones, self.no_zones),
            (SearchOption::Root, self.root),
            (SearchOption::Epsilon, self.epsilon.is_some()),
            (SearchOption::MaxDepth, self.max_depth.is_some()),
            (SearchOption::Without, self.without.is_some()),
            (SearchOption::Ordering, self.settings.ordering.is_some()),
        ];
        if let Some((option, _)) = given
            .into_iter()
            .find(|&(option, set)| set && !entry.takes(option))
        {
            return Err(format!(
                "{} applies to {} only; {} runs {algorithm} ({})",
                option.flag(),
                option.applies_to(),
                puzzle.name,
                option.hint()
            ));
        }
        if let Some(level) = self.max_level {
            spec.set_max_level(level);
        }
        if let Some(depth) = self.max_depth {
            spec.limits.max_depth = Some(depth);
        }
        if let Some(nodes) = self.nodes {
            spec.limits.nodes = Some(nodes);
        }
        if let Some(time) = self.time {
            spec.limits.time = Some(time);
        }
        if let Some(mb) = self.tt_mb {
            spec.set_table_mb(mb);
        }
        if self.no_tt {
            spec.set_table_mb(0);
        }
        spec.without = self.without;
        if let Some(epsilon) = self.epsilon {
            spec.set_epsilon(epsilon);
        }
        spec.set_zones(!self.no_zones);
        spec.root_analysis |= self.root;
        Ok(spec)
    }
}

/// Why `--all` skips `puzzle` for `algorithm` rather than fail on it: the algorithm cannot
/// run it at all (a literal tree for threat search, numeric leaves for proof-number
/// search). `None` when it runs, or when its refusal is a failure.
pub fn skipped_by_all(puzzle: &Puzzle, algorithm: Algorithm) -> Option<Refusal> {
    match registry::check(puzzle, algorithm) {
        Err(err @ (Refusal::Unsupported { .. } | Refusal::NoGoal(_))) => Some(err),
        _ => None,
    }
}

/// A command's node and time budget, shared by every puzzle it solves: each takes what is
/// left ([`Limits::left_after`]).
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    command: Limits,
    started: Instant,
    spent: u64,
}

impl Budget {
    /// The budget of a command given `nodes` and `time`, starting now.
    pub fn start(nodes: Option<u64>, time: Option<Duration>) -> Budget {
        Budget {
            command: Limits {
                nodes,
                time,
                max_depth: None,
            },
            started: Instant::now(),
            spent: 0,
        }
    }

    /// `spec` within what is left of the budget; `None` when the budget is spent or ctrl-c
    /// stopped the command ([`Budget::why_not_reached`] says which).
    pub fn next(&self, spec: &SearchSpec) -> Option<SearchSpec> {
        let left = (!meter::stop_requested())
            .then(|| self.command.left_after(self.started.elapsed(), self.spent))
            .flatten()?;
        Some(SearchSpec {
            limits: within(spec.limits, &left),
            ..*spec
        })
    }

    /// Counts a finished search's nodes against the budget.
    pub fn spend(&mut self, nodes: u64) {
        self.spent = self.spent.saturating_add(nodes);
    }

    /// Why a puzzle was not reached, in words.
    pub fn why_not_reached() -> &'static str {
        if meter::stop_requested() {
            "not reached: stopped by ctrl-c or SIGTERM"
        } else {
            "not reached: the command's --nodes/--time budget was spent"
        }
    }
}

/// `limits` (the puzzle's own, or the flags') cut down to what is `left` of the command's
/// budget.
pub fn within(limits: Limits, left: &Limits) -> Limits {
    fn min<T: Ord>(a: Option<T>, b: Option<T>) -> Option<T> {
        match (a, b) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }
    Limits {
        nodes: min(limits.nodes, left.nodes),
        time: min(limits.time, left.time),
        max_depth: limits.max_depth,
    }
}

/// True when `report` fails the command: its answer contradicts the puzzle's expected one,
/// or was not reached for another reason than a limit (an answer a limit stopped short is
/// partial, not wrong; a puzzle that states no answer never fails).
pub fn fails(report: &SolveReport) -> bool {
    let failed = !report.check.is_ok();
    let partial = report.stopped && matches!(report.check, Check::NotReached(_));
    failed && !partial
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_puzzles_limits_are_cut_down_to_what_is_left_of_the_command() {
        let own = Limits {
            nodes: Some(1_000),
            time: None,
            max_depth: Some(9),
        };
        let left = Limits {
            nodes: Some(400),
            time: Some(Duration::from_secs(3)),
            max_depth: None,
        };
        let cut = within(own, &left);
        assert_eq!(cut.nodes, Some(400));
        assert_eq!(cut.time, Some(Duration::from_secs(3)));
        assert_eq!(cut.max_depth, Some(9));
        assert_eq!(within(own, &Limits::default()), own);
    }
}
