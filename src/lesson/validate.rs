//! From a [`RawLesson`] to a [`Lesson`]: TOML syntax and the schema, then the header (the
//! puzzle must load, the algorithm must run on its game, `fail` must fit the algorithm),
//! then each step (goto syntax, `expect` name, its `search` changes). Every message names
//! the file and line, and the step when it is about one.

use std::path::Path;

use toml::Spanned;

use super::schema::{RawHeader, RawLesson, RawSearch, RawStep};
use super::{Goto, Lesson, LessonError, Setup, Step, parse_ordering};
use crate::puzzle::Position;
use crate::puzzle::source::line_column;
use crate::puzzle::{self, Puzzle, find_bundled};
use crate::run::registry;
use crate::search::Algorithm;
use crate::view::landing::Landing;
use crate::view::session::KnowledgeView;

/// A problem at a byte offset, possibly about a step.
struct Fault {
    at: Option<usize>,
    step: Option<usize>,
    message: String,
}

fn at<T>(spanned: &Spanned<T>, message: impl Into<String>) -> Fault {
    Fault {
        at: Some(spanned.span().start),
        step: None,
        message: message.into(),
    }
}

type Checked<T> = Result<T, Fault>;

/// Where the lesson's puzzles are looked up.
struct Context<'a> {
    /// The file's text (for lines).
    text: &'a str,
    /// The directory of the lesson file (`None`: a bundled lesson, bundled puzzles only).
    dir: Option<&'a Path>,
}

pub(super) fn parse(text: &str, origin: &str, files: bool) -> Result<Lesson, LessonError> {
    let located = |f: Fault| LessonError {
        origin: origin.to_string(),
        line: f.at.map(|offset| line_column(text, offset).line),
        step: f.step,
        message: f.message,
    };
    let raw: RawLesson = toml::from_str(text).map_err(|e| {
        located(Fault {
            at: e.span().map(|s| s.start),
            step: None,
            message: e.message().trim().replace('\n', "; "),
        })
    })?;
    let dir = files.then(|| Path::new(origin).parent().unwrap_or(Path::new(".")));
    validate(raw, origin, &Context { text, dir }).map_err(located)
}

fn validate(raw: RawLesson, origin: &str, cx: &Context) -> Checked<Lesson> {
    let header = raw.lesson.into_inner();
    let setup = header_setup(&header, cx)?;
    if raw.step.is_empty() {
        return Err(Fault {
            at: None,
            step: None,
            message: "a lesson needs at least one [[step]] with `goto` and `text`".to_string(),
        });
    }
    let mut steps = Vec::with_capacity(raw.step.len());
    for (i, s) in raw.step.into_iter().enumerate() {
        let number = i + 1;
        let start = s.span().start;
        let step = step(s.into_inner(), number, &setup, cx).map_err(|mut f| {
            f.step = Some(number);
            f.at = f.at.or(Some(start));
            f
        })?;
        steps.push(Step {
            line: line_column(cx.text, start).line,
            ..step
        });
    }
    Ok(Lesson {
        name: origin.to_string(),
        origin: origin.to_string(),
        title: header.title.into_inner(),
        source: header.source.into_inner(),
        intro: header.intro.into_inner(),
        next: header.next.map(Spanned::into_inner),
        setup,
        steps,
    })
}

/// Loads the puzzle `name` for a lesson: a bundled name, else a path next to the lesson.
fn load_puzzle(name: &Spanned<String>, cx: &Context) -> Checked<(Puzzle, String)> {
    let text = name.get_ref().trim();
    if let Some(b) = find_bundled(text) {
        return b
            .load()
            .map(|p| (p, text.to_string()))
            .map_err(|e| at(name, format!("the bundled puzzle does not load: {e}")));
    }
    let Some(dir) = cx.dir else {
        return Err(at(
            name,
            format!(
                "no bundled puzzle is called '{text}'; a bundled lesson can only use bundled \
                 puzzles (`plyscope list`)"
            ),
        ));
    };
    let path = dir.join(text);
    let location = path.display().to_string();
    puzzle::load(&location)
        .map(|p| (p, location.clone()))
        .map_err(|e| {
            at(
                name,
                format!(
                    "puzzle '{text}' is neither a bundled puzzle nor a file next to the \
                     lesson: {e}"
                ),
            )
        })
}

fn parse_algorithm(name: &Spanned<String>) -> Checked<Algorithm> {
    Algorithm::parse(name.get_ref().trim()).ok_or_else(|| {
        let names: Vec<&str> = Algorithm::ALL.iter().map(|a| a.name()).collect();
        at(
            name,
            format!(
                "unknown algorithm '{}'; expected one of {}",
                name.get_ref(),
                names.join(", ")
            ),
        )
    })
}

/// `algorithm` with `fail` applied: hard is `alphabeta`, soft `alphabeta-soft`.
fn apply_fail(algorithm: Algorithm, fail: Option<&Spanned<String>>) -> Checked<Algorithm> {
    let Some(fail) = fail else {
        return Ok(algorithm);
    };
    if !matches!(algorithm, Algorithm::AlphaBeta | Algorithm::AlphaBetaSoft) {
        return Err(at(
            fail,
            format!(
                "`fail` applies to alphabeta and alphabeta-soft, not to {algorithm}; \
                 set algorithm = \"alphabeta\""
            ),
        ));
    }
    match fail.get_ref().trim() {
        "hard" => Ok(Algorithm::AlphaBeta),
        "soft" => Ok(Algorithm::AlphaBetaSoft),
        other => Err(at(
            fail,
            format!("unknown fail '{other}'; expected \"hard\" or \"soft\""),
        )),
    }
}

/// Checks that `algorithm` runs on `puzzle`'s game.
fn check_runs(algorithm: Algorithm, puzzle: &Puzzle, place: &Spanned<String>) -> Checked<()> {
    match registry::check(puzzle, algorithm) {
        Ok(()) => Ok(()),
        Err(why) => Err(at(
            place,
            format!(
                "{algorithm} cannot search puzzle '{}' (a {} position): {}; the alpha-beta \
                 family runs on every game",
                puzzle.name,
                puzzle.position.game_name(),
                why.short()
            ),
        )),
    }
}

fn parse_depth(depth: Option<&Spanned<i64>>) -> Checked<Option<u32>> {
    match depth {
        None => Ok(None),
        Some(d) if (1..=1000).contains(d.get_ref()) => Ok(Some(*d.get_ref() as u32)),
        Some(d) => Err(at(
            d,
            format!("depth {} is out of range; expected 1 to 1000", d.get_ref()),
        )),
    }
}

fn header_setup(h: &RawHeader, cx: &Context) -> Checked<Setup> {
    let (puzzle, puzzle_ref) = load_puzzle(&h.puzzle, cx)?;
    let algorithm = match &h.algorithm {
        Some(a) => parse_algorithm(a)?,
        None => crate::run::registry::puzzle_algorithm(&puzzle),
    };
    let algorithm = apply_fail(algorithm, h.fail.as_ref())?;
    check_runs(
        algorithm,
        &puzzle,
        h.algorithm.as_ref().unwrap_or(&h.puzzle),
    )?;
    let ordering = match &h.ordering {
        Some(o) => Some(parse_ordering(o.get_ref()).map_err(|m| at(o, m))?),
        None => None,
    };
    Ok(Setup {
        puzzle,
        puzzle_ref,
        algorithm,
        ordering,
        depth: parse_depth(h.depth.as_ref())?,
    })
}

/// The lesson's setup with a step's `search` changes.
fn step_setup(s: &RawSearch, base: &Setup, cx: &Context) -> Checked<Setup> {
    let (puzzle, puzzle_ref) = match &s.puzzle {
        Some(p) => load_puzzle(p, cx)?,
        None => (base.puzzle.clone(), base.puzzle_ref.clone()),
    };
    let algorithm = match &s.algorithm {
        Some(a) => parse_algorithm(a)?,
        None => base.algorithm,
    };
    let algorithm = apply_fail(algorithm, s.fail.as_ref())?;
    if let Some(place) = s.algorithm.as_ref().or(s.puzzle.as_ref()) {
        check_runs(algorithm, &puzzle, place)?;
    }
    let ordering = match &s.ordering {
        Some(o) => Some(parse_ordering(o.get_ref()).map_err(|m| at(o, m))?),
        None => base.ordering,
    };
    let depth = match &s.depth {
        Some(_) => parse_depth(s.depth.as_ref())?,
        None => base.depth,
    };
    Ok(Setup {
        puzzle,
        puzzle_ref,
        algorithm,
        ordering,
        depth,
    })
}

fn step(s: RawStep, number: usize, base: &Setup, cx: &Context) -> Checked<Step> {
    let goto = Goto::parse(s.goto.get_ref()).map_err(|m| at(&s.goto, m))?;
    if s.text.get_ref().trim().is_empty() {
        return Err(at(&s.text, "`text` is empty; say what to look at and why"));
    }
    let expect = match &s.expect {
        Some(e) => Some(Landing::parse(e.get_ref()).ok_or_else(|| {
            let names: Vec<&str> = Landing::ALL.iter().map(|l| l.name()).collect();
            at(
                e,
                format!(
                    "unknown expect '{}'; expected one of {}",
                    e.get_ref(),
                    names.join(", ")
                ),
            )
        })?),
        None => None,
    };
    let search = match &s.search {
        Some(raw) => Some(step_setup(raw.get_ref(), base, cx)?),
        None => None,
    };
    let marks = match &s.marks {
        None => KnowledgeView::Off,
        Some(m) => {
            let view = KnowledgeView::parse(m.get_ref()).ok_or_else(|| {
                let names: Vec<&str> = KnowledgeView::NAMED.iter().map(|(n, _)| *n).collect();
                at(
                    m,
                    format!(
                        "unknown marks '{}'; expected one of {}",
                        m.get_ref(),
                        names.join(", ")
                    ),
                )
            })?;
            let puzzle = &search.as_ref().unwrap_or(base).puzzle;
            if view != KnowledgeView::Off && !matches!(puzzle.position, Position::Hex(_)) {
                return Err(at(
                    m,
                    format!(
                        "marks = \"{}\" shows the Hex solver's knowledge; puzzle '{}' is a {} \
                         position",
                        m.get_ref().trim(),
                        puzzle.name,
                        puzzle.position.game_name()
                    ),
                ));
            }
            view
        }
    };
    let offscreen = match s.offscreen {
        None => Vec::new(),
        Some(list) => {
            let found = super::check::mentions(s.text.get_ref());
            for o in list.get_ref() {
                let o = super::check::normalize(o);
                if !found.iter().any(|m| m.text == o) {
                    let names: Vec<String> =
                        found.iter().map(|m| format!("'{}'", m.text)).collect();
                    return Err(at(
                        &list,
                        format!(
                            "offscreen lists '{o}', which the text does not mention; its \
                             mentions are: {}",
                            if names.is_empty() {
                                "none".to_string()
                            } else {
                                names.join(", ")
                            }
                        ),
                    ));
                }
            }
            list.into_inner()
        }
    };
    Ok(Step {
        number,
        line: 0,
        goto,
        text: s.text.into_inner(),
        search,
        expect,
        offscreen,
        marks,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(text: &str) -> String {
        parse(text, "l.toml", false).unwrap_err().to_string()
    }

    const HEADER: &str = "[lesson]\ntitle = \"t\"\nsource = \"s\"\npuzzle = \"tree-abc\"\n\
                          intro = \"i\"\n";

    #[test]
    fn a_small_lesson_loads_with_its_step_lines() {
        let text = format!(
            "{HEADER}\n[[step]]\ngoto = \"next-cutoff\"\ntext = \"x\"\nexpect = \"cutoff\"\n\n\
             [[step]]\ngoto = \"end\"\ntext = \"y\"\n\
             search = {{ fail = \"soft\", ordering = \"history\" }}\n"
        );
        let l = parse(&text, "l.toml", false).unwrap();
        assert_eq!(l.setup.algorithm, Algorithm::AlphaBeta);
        assert_eq!(l.steps.len(), 2);
        assert_eq!((l.steps[0].line, l.steps[1].line), (7, 12));
        assert_eq!(l.steps[0].expect, Some(Landing::Cutoff));
        let s = l.steps[1].search.as_ref().unwrap();
        assert_eq!(s.algorithm, Algorithm::AlphaBetaSoft);
        assert!(s.ordering.unwrap().history);
        assert_eq!(l.setup_at(1).algorithm, Algorithm::AlphaBeta);
        assert_eq!(l.setup_at(2).algorithm, Algorithm::AlphaBetaSoft);
        assert_eq!((l.replay_from(1), l.replay_from(2)), (1, 2));
        assert_eq!(l.steps[0].marks, KnowledgeView::Off);
    }

    #[test]
    fn a_hex_step_names_the_knowledge_marks_it_shows() {
        let hex = HEADER.replace("tree-abc", "hex-4x4-must-play");
        let text = format!(
            "{hex}\n[[step]]\ngoto = \"start\"\ntext = \"x\"\nmarks = \"connections\"\n\n\
             [[step]]\ngoto = \"end\"\ntext = \"y\"\nmarks = \"pruned\"\n\n\
             [[step]]\ngoto = \"end\"\ntext = \"z\"\n"
        );
        let l = parse(&text, "l.toml", false).unwrap();
        let marks: Vec<KnowledgeView> = l.steps.iter().map(|s| s.marks).collect();
        assert_eq!(
            marks,
            [
                KnowledgeView::Connections,
                KnowledgeView::Pruned,
                KnowledgeView::Off
            ]
        );
    }

    #[test]
    fn bad_files_name_the_line_and_what_was_expected() {
        let e = error(&format!(
            "{HEADER}[[step]]\ngoto = \"next-cut\"\ntext = \"x\"\n"
        ));
        assert!(
            e.starts_with("l.toml:7: step 1: unknown goto 'next-cut'"),
            "{e}"
        );
        let e = error(&format!("{HEADER}[[step]]\ngoto = \"end\"\n"));
        assert!(
            e.starts_with("l.toml:6:") && e.contains("missing field `text`"),
            "{e}"
        );
        let e = error(&HEADER.replace("tree-abc", "no-such-tree"));
        assert!(
            e.starts_with("l.toml:4: no bundled puzzle is called 'no-such-tree'"),
            "{e}"
        );
        let e = error(&format!(
            "{HEADER}algorithm = \"lambda\"\n[[step]]\ngoto = \"end\"\ntext = \"x\"\n"
        ));
        assert!(
            e.starts_with("l.toml:6: lambda cannot search puzzle 'tree-abc'"),
            "{e}"
        );
        let e = error(&format!(
            "{HEADER}algorithm = \"minimax\"\nfail = \"soft\"\n"
        ));
        assert!(
            e.starts_with("l.toml:7: `fail` applies to alphabeta"),
            "{e}"
        );
        let e = error(HEADER);
        assert!(e.contains("at least one [[step]]"), "{e}");
        let e = error(&format!(
            "{HEADER}[[step]]\ngoto = \"end\"\ntext = \"x\"\nmarks = \"connections\"\n"
        ));
        assert!(
            e.starts_with("l.toml:9: step 1: marks = \"connections\" shows the Hex solver's")
                && e.contains("puzzle 'tree-abc'"),
            "{e}"
        );
        let hex = HEADER.replace("tree-abc", "hex-4x4-must-play");
        let e = error(&format!(
            "{hex}[[step]]\ngoto = \"end\"\ntext = \"x\"\nmarks = \"vcs\"\n"
        ));
        assert!(
            e.starts_with(
                "l.toml:9: step 1: unknown marks 'vcs'; expected one of off, \
                           connections, pruned"
            ),
            "{e}"
        );
        let e = error(&format!(
            "{HEADER}[[step]]\ngoto = \"end\"\ntext = \"x\"\nexpect = \"cut\"\n"
        ));
        assert!(
            e.starts_with("l.toml:9: step 1: unknown expect 'cut'"),
            "{e}"
        );
    }
}
