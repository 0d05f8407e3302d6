//! The lessons compiled into the binary (`lessons/*.toml`), so that `plyscope lesson NAME`
//! works from any directory. The order of [`bundled`] is the teaching order of `plyscope
//! lesson`, each lesson after those it `requires` ([`check_order`]):
//!
//! 1. Minimax and alpha-beta with its refinements, in the order of the chapters of Kotrč,
//!    *Gobblet analysed with AI methods* (2-3 alpha-beta, 3.1 ordering, 4 the transposition
//!    table, 5 iterative deepening, 7.1.2 null move) and Suda, *Efficient algorithms for
//!    verifying goals in computer games*, 5.3.2 (killers and history): each refinement is
//!    shown on top of the ones before it, as iterative deepening runs with the table and
//!    the killers and history order its moves.
//! 2. Proof numbers (Hric and Baudiš, *Game algorithms, lecture 4: Proof number search,
//!    Lambda search*): PNS, then PN² (PNS at its leaves), then df-pn's thresholds (the same numbers
//!    depth first).
//! 3. Threat searches (Suda, chapter 3): lambda 1 and 2, dual-lambda, then lambda-df-pn, which
//!    needs both df-pn and lambda search.
//! 4. Hex's virtual connections, on df-pn.

use std::fmt;

use super::{Lesson, LessonError};

/// A lesson file compiled into the binary.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BundledLesson {
    /// The file stem, used on the command line.
    pub name: &'static str,
    /// The file's text.
    pub text: &'static str,
}

impl BundledLesson {
    /// Where the file lives in the source tree (the origin in messages).
    pub fn path(&self) -> String {
        format!("lessons/{}.toml", self.name)
    }

    /// Parses and validates the lesson; its name is the bundled name.
    pub fn load(&self) -> Result<Lesson, LessonError> {
        let mut lesson = super::parse(self.text, &self.path(), false)?;
        lesson.name = self.name.to_string();
        Ok(lesson)
    }
}

macro_rules! bundle {
    ($($name:literal),* $(,)?) => {
        [$(BundledLesson {
            name: $name,
            text: include_str!(concat!("../../lessons/", $name, ".toml")),
        }),*]
    };
}

static BUNDLED: [BundledLesson; 18] = bundle![
    "minimax-wdl",
    "alphabeta-cutoffs",
    "three-twelve-eight",
    "fail-hard-soft",
    "move-ordering",
    "transposition-table",
    "iterative-deepening",
    "dama-depth-3",
    "null-move",
    "killers-history",
    "pns-small-tree",
    "pn2",
    "dfpn-thresholds",
    "lambda1-ladder",
    "lambda2-threat",
    "dual-lambda",
    "lambda-dfpn",
    "hex-virtual-connections",
];

/// Every bundled lesson, in `plyscope lesson` order.
pub fn bundled() -> &'static [BundledLesson] {
    &BUNDLED
}

/// The bundled lesson called `name`.
pub fn find_bundled(name: &str) -> Option<&'static BundledLesson> {
    BUNDLED.iter().find(|l| l.name == name)
}

/// What is wrong with a teaching order: a lesson requires one that does not exist, lessons
/// require each other in a circle, or a lesson comes before one it requires.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OrderError {
    /// `lesson` requires `required`, which is not in the order.
    Unknown { lesson: String, required: String },
    /// Each lesson requires the next, and the last the first.
    Cycle(Vec<String>),
    /// `lesson` comes before `required`, which it requires.
    OutOfOrder { lesson: String, required: String },
}

impl fmt::Display for OrderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OrderError::Unknown { lesson, required } => write!(
                f,
                "lessons/{lesson}.toml: requires '{required}', which is not a bundled lesson"
            ),
            OrderError::Cycle(names) => write!(
                f,
                "lessons require each other in a circle: {} -> {}",
                names.join(" -> "),
                names[0]
            ),
            OrderError::OutOfOrder { lesson, required } => write!(
                f,
                "lessons/{lesson}.toml: requires '{required}', which comes after it in \
                 src/lesson/bundled.rs; move '{required}' before '{lesson}'"
            ),
        }
    }
}

impl std::error::Error for OrderError {}

/// Checks a teaching order: `(name, requires)` in order. Every required name must be in the
/// list, the requirements must make no cycle, and each lesson must come after everything it
/// requires. The first problem found is the answer (unknown names, then cycles, then order).
pub fn check_order(order: &[(&str, &[String])]) -> Result<(), OrderError> {
    let index = |name: &str| order.iter().position(|(n, _)| *n == name);
    for (lesson, requires) in order {
        if let Some(required) = requires.iter().find(|r| index(r).is_none()) {
            return Err(OrderError::Unknown {
                lesson: lesson.to_string(),
                required: required.clone(),
            });
        }
    }
    // A depth-first walk along the requirements; a lesson met again while still on the
    // walk's path closes a cycle.
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        New,
        OnPath,
        Done,
    }
    fn walk(
        i: usize,
        order: &[(&str, &[String])],
        marks: &mut [Mark],
        path: &mut Vec<usize>,
    ) -> Option<Vec<String>> {
        marks[i] = Mark::OnPath;
        path.push(i);
        for r in order[i].1 {
            let j = order
                .iter()
                .position(|(n, _)| n == r)
                .expect("unknown names are reported first");
            match marks[j] {
                Mark::OnPath => {
                    let from = path.iter().position(|&p| p == j).unwrap_or(0);
                    return Some(
                        path[from..]
                            .iter()
                            .map(|&p| order[p].0.to_string())
                            .collect(),
                    );
                }
                Mark::New => {
                    if let Some(cycle) = walk(j, order, marks, path) {
                        return Some(cycle);
                    }
                }
                Mark::Done => {}
            }
        }
        path.pop();
        marks[i] = Mark::Done;
        None
    }
    let mut marks = vec![Mark::New; order.len()];
    for i in 0..order.len() {
        if marks[i] == Mark::New
            && let Some(cycle) = walk(i, order, &mut marks, &mut Vec::new())
        {
            return Err(OrderError::Cycle(cycle));
        }
    }
    for (i, (lesson, requires)) in order.iter().enumerate() {
        if let Some(required) = requires.iter().find(|r| index(r).is_some_and(|j| j > i)) {
            return Err(OrderError::OutOfOrder {
                lesson: lesson.to_string(),
                required: required.clone(),
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn order(list: &[(&'static str, &[&str])]) -> Result<(), OrderError> {
        let owned: Vec<(&str, Vec<String>)> = list
            .iter()
            .map(|(n, r)| (*n, r.iter().map(|s| s.to_string()).collect()))
            .collect();
        let borrowed: Vec<(&str, &[String])> =
            owned.iter().map(|(n, r)| (*n, r.as_slice())).collect();
        check_order(&borrowed)
    }

    #[test]
    fn the_bundled_order_is_a_teaching_order() {
        let lessons: Vec<Lesson> = bundled()
            .iter()
            .map(|b| b.load().unwrap_or_else(|e| panic!("{e}")))
            .collect();
        let list: Vec<(&str, &[String])> = lessons
            .iter()
            .map(|l| (l.name.as_str(), l.requires.as_slice()))
            .collect();
        assert_eq!(check_order(&list), Ok(()));
        // Only the first lesson stands alone.
        for l in &lessons[1..] {
            assert!(!l.requires.is_empty(), "{} requires nothing", l.name);
        }
    }

    #[test]
    fn a_good_order_passes() {
        assert_eq!(
            order(&[("a", &[]), ("b", &["a"]), ("c", &["a", "b"])]),
            Ok(())
        );
    }

    #[test]
    fn an_unknown_prerequisite_is_named() {
        let e = order(&[("a", &[]), ("b", &["a", "zz"])]).unwrap_err();
        assert_eq!(
            e,
            OrderError::Unknown {
                lesson: "b".into(),
                required: "zz".into()
            }
        );
        assert_eq!(
            e.to_string(),
            "lessons/b.toml: requires 'zz', which is not a bundled lesson"
        );
    }

    #[test]
    fn a_cycle_is_named_lesson_by_lesson() {
        let e = order(&[("a", &[]), ("b", &["d"]), ("c", &["b"]), ("d", &["c"])]).unwrap_err();
        assert_eq!(
            e,
            OrderError::Cycle(vec!["b".into(), "d".into(), "c".into()])
        );
        assert_eq!(
            e.to_string(),
            "lessons require each other in a circle: b -> d -> c -> b"
        );
        // A lesson requiring itself is the smallest circle.
        assert_eq!(
            order(&[("a", &["a"])]).unwrap_err(),
            OrderError::Cycle(vec!["a".into()])
        );
    }

    #[test]
    fn a_prerequisite_after_its_lesson_is_out_of_order() {
        let e = order(&[("a", &[]), ("b", &["c"]), ("c", &["a"])]).unwrap_err();
        assert_eq!(
            e,
            OrderError::OutOfOrder {
                lesson: "b".into(),
                required: "c".into()
            }
        );
        assert_eq!(
            e.to_string(),
            "lessons/b.toml: requires 'c', which comes after it in src/lesson/bundled.rs; \
             move 'c' before 'b'"
        );
    }
}
