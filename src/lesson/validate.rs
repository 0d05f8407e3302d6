//! From a [`RawLesson`] to a [`Lesson`]: TOML syntax and the schema, then the header (the
//! puzzle must load, the algorithm must run on its game, `fail` must fit the algorithm),
//! then each step (goto syntax, `expect` name, its `search` changes). Every message names
//! the file and line, and the step when it is about one.

use std::path::Path;

use toml::Spanned;

use super::schema::{RawHeader, RawLesson, RawSearch, RawStep};
use super::{Focus, Goto, Lesson, LessonError, Setup, Step, parse_ordering};
use crate::puzzle::GameKind;
use crate::puzzle::source::line_column;
use crate::puzzle::{self, Puzzle, find_bundled};
use crate::run::registry;
use crate::search::Algorithm;
use crate::view::landing::Landing;
use crate::view::max_view::ValueView;
use crate::view::session::HexOverlay;

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
    let requires = parse_requires(header.requires.as_ref())?;
    let view = match &header.view {
        None => None,
        Some(v) => Some(ValueView::parse(v.get_ref()).ok_or_else(|| {
            at(
                v,
                format!(
                    "unknown view '{}'; expected max (values from MAX's side) or negamax",
                    v.get_ref().trim()
                ),
            )
        })?),
    };
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
        requires,
        setup,
        view,
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

/// Largest `epsilon` (as `solve --epsilon`): thresholds grow by a factor 1 + epsilon.
const MAX_EPSILON: f64 = 10.0;

fn takes_epsilon(algorithm: Algorithm) -> bool {
    registry::info(algorithm).takes(registry::SearchOption::Epsilon)
}

/// The searches that take `null_move` and `table`: alpha-beta's (minimax uses neither).
fn alpha_beta_search(algorithm: Algorithm) -> bool {
    matches!(
        algorithm,
        Algorithm::AlphaBeta | Algorithm::AlphaBetaSoft | Algorithm::IterativeDeepening
    )
}

/// `epsilon`, which only df-pn and lambda-df-pn take (the registry's `--epsilon`).
fn parse_epsilon(epsilon: &Spanned<f64>, algorithm: Algorithm) -> Checked<f32> {
    if !takes_epsilon(algorithm) {
        return Err(at(
            epsilon,
            format!(
                "`epsilon` is df-pn's 1+epsilon threshold trick; {algorithm} has no thresholds: \
                 set algorithm = \"dfpn\" or \"lambda-dfpn\""
            ),
        ));
    }
    let e = *epsilon.get_ref();
    if !(e.is_finite() && (0.0..=MAX_EPSILON).contains(&e)) {
        return Err(at(
            epsilon,
            format!("epsilon {e} is out of range; expected a number from 0 (off) to {MAX_EPSILON}"),
        ));
    }
    Ok(e as f32)
}

/// `null_move`, which only the alpha-beta searches take (minimax searches every node).
fn check_null_move(null_move: &Spanned<bool>, algorithm: Algorithm) -> Checked<bool> {
    let on = *null_move.get_ref();
    if on && !alpha_beta_search(algorithm) {
        return Err(at(
            null_move,
            format!(
                "`null_move` prunes in alpha-beta searches, not in {algorithm}; set algorithm \
                 = \"alphabeta\", \"alphabeta-soft\" or \"id\""
            ),
        ));
    }
    Ok(on)
}

/// `table`, which only the alpha-beta searches take (minimax uses none).
fn check_table(table: &Spanned<bool>, algorithm: Algorithm) -> Checked<bool> {
    if !alpha_beta_search(algorithm) {
        return Err(at(
            table,
            format!(
                "`table` turns alpha-beta's transposition table on or off, not {algorithm}'s; \
                 set algorithm = \"alphabeta\", \"alphabeta-soft\" or \"id\""
            ),
        ));
    }
    Ok(*table.get_ref())
}

/// `requires`: bundled lesson names, none twice. That each comes earlier in the bundled
/// order, and that they make no cycle, is [`super::bundled::check_order`]'s.
fn parse_requires(requires: Option<&Spanned<Vec<Spanned<String>>>>) -> Checked<Vec<String>> {
    let mut out: Vec<String> = Vec::new();
    for name in requires.map_or(&[][..], |r| r.get_ref().as_slice()) {
        let text = name.get_ref().trim();
        if super::find_bundled(text).is_none() {
            return Err(at(
                name,
                format!(
                    "requires '{text}', which is not a bundled lesson; `plyscope lesson` lists \
                     them"
                ),
            ));
        }
        if out.iter().any(|o| o == text) {
            return Err(at(name, format!("requires '{text}' twice")));
        }
        out.push(text.to_string());
    }
    Ok(out)
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
    let epsilon = match &h.epsilon {
        Some(e) => Some(parse_epsilon(e, algorithm)?),
        None => None,
    };
    let null_move = match &h.null_move {
        Some(n) => check_null_move(n, algorithm)?,
        None => false,
    };
    let table = match &h.table {
        Some(t) => Some(check_table(t, algorithm)?),
        None => None,
    };
    Ok(Setup {
        puzzle,
        puzzle_ref,
        algorithm,
        ordering,
        depth: parse_depth(h.depth.as_ref())?,
        epsilon,
        null_move,
        table,
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
    // A changed algorithm drops the lesson's epsilon and null move where it takes none.
    let epsilon = match &s.epsilon {
        Some(e) => Some(parse_epsilon(e, algorithm)?),
        None => base.epsilon.filter(|_| takes_epsilon(algorithm)),
    };
    let null_move = match &s.null_move {
        Some(n) => check_null_move(n, algorithm)?,
        None => base.null_move && alpha_beta_search(algorithm),
    };
    let table = match &s.table {
        Some(t) => Some(check_table(t, algorithm)?),
        None => base.table.filter(|_| alpha_beta_search(algorithm)),
    };
    Ok(Setup {
        puzzle,
        puzzle_ref,
        algorithm,
        ordering,
        depth,
        epsilon,
        null_move,
        table,
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
        None => HexOverlay::Off,
        Some(m) => {
            let view = HexOverlay::parse(m.get_ref()).ok_or_else(|| {
                let names: Vec<&str> = HexOverlay::NAMED.iter().map(|(n, _)| *n).collect();
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
            if view != HexOverlay::Off && puzzle.position.kind() != GameKind::Hex {
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
    let focus = match &s.focus {
        None => None,
        Some(f) => Some(Focus::parse(f.get_ref()).map_err(|m| at(f, m))?),
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
        focus,
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
        assert_eq!(l.steps[0].marks, HexOverlay::Off);
    }

    #[test]
    fn a_focus_names_a_node_pane_line_or_fails_with_its_line() {
        let text = format!(
            "{HEADER}\n[[step]]\ngoto = \"end\"\ntext = \"x\"\nfocus = \" node:pn / dn \"\n"
        );
        let l = parse(&text, "l.toml", false).unwrap();
        assert_eq!(l.steps[0].focus, Some(Focus::Node("pn / dn".to_string())));
        assert_eq!(
            l.steps[0].focus.as_ref().unwrap().to_string(),
            "node:pn / dn"
        );
        for bad in ["searched", "node:", "tree:n2"] {
            let e = error(&format!(
                "{HEADER}\n[[step]]\ngoto = \"end\"\ntext = \"x\"\nfocus = \"{bad}\"\n"
            ));
            assert_eq!(
                e,
                format!(
                    "l.toml:10: step 1: unknown focus '{bad}'; expected {}",
                    Focus::SYNTAX
                ),
                "{bad}"
            );
        }
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
        let marks: Vec<HexOverlay> = l.steps.iter().map(|s| s.marks).collect();
        assert_eq!(
            marks,
            [HexOverlay::Connections, HexOverlay::Pruned, HexOverlay::Off]
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

    #[test]
    fn epsilon_null_move_table_and_requires_load_and_a_step_inherits_them() {
        let wdl = HEADER.replace("tree-abc", "tree-004-fig-6-20");
        let text = format!(
            "{wdl}algorithm = \"dfpn\"\nepsilon = 0.5\nrequires = [\"pns-small-tree\", \
             \"minimax-wdl\"]\n\n[[step]]\ngoto = \"end\"\ntext = \"x\"\n\n\
             [[step]]\ngoto = \"end\"\ntext = \"y\"\nsearch = {{ algorithm = \"pns\" }}\n"
        );
        let l = parse(&text, "l.toml", false).unwrap();
        assert_eq!(l.setup.epsilon, Some(0.5));
        assert_eq!(l.requires, ["pns-small-tree", "minimax-wdl"]);
        // PNS has no thresholds: the step's search drops the lesson's epsilon.
        assert_eq!(l.steps[1].search.as_ref().unwrap().epsilon, None);
        assert_eq!(l.algorithms(), [Algorithm::DfPn, Algorithm::Pns]);

        let text = format!(
            "{HEADER}algorithm = \"alphabeta\"\nnull_move = true\ntable = false\n\n\
             [[step]]\ngoto = \"end\"\ntext = \"x\"\nsearch = {{ table = true }}\n"
        );
        let l = parse(&text, "l.toml", false).unwrap();
        assert!(l.setup.null_move);
        assert_eq!(l.setup.table, Some(false));
        let s = l.steps[0].search.as_ref().unwrap();
        assert!(s.null_move);
        assert_eq!(s.table, Some(true));
        assert!(
            l.setup.describe().ends_with("null move, table off"),
            "{}",
            l.setup.describe()
        );
    }

    #[test]
    fn bad_options_and_requires_name_their_line() {
        let step = "[[step]]\ngoto = \"end\"\ntext = \"x\"\n";
        let e = error(&format!("{HEADER}epsilon = 0.25\n{step}"));
        assert!(
            e.starts_with("l.toml:6: `epsilon` is df-pn's 1+epsilon threshold trick; alphabeta"),
            "{e}"
        );
        let wdl = HEADER.replace("tree-abc", "tree-004-fig-6-20");
        let e = error(&format!(
            "{wdl}algorithm = \"dfpn\"\nepsilon = 11.0\n{step}"
        ));
        assert!(
            e.starts_with("l.toml:7: epsilon 11 is out of range; expected a number from 0"),
            "{e}"
        );
        let e = error(&format!(
            "{wdl}algorithm = \"pns\"\nnull_move = true\n{step}"
        ));
        assert!(
            e.starts_with("l.toml:7: `null_move` prunes in alpha-beta searches, not in pns"),
            "{e}"
        );
        let e = error(&format!(
            "{wdl}algorithm = \"minimax\"\ntable = true\n{step}"
        ));
        assert!(
            e.starts_with("l.toml:7: `table` turns alpha-beta's transposition table"),
            "{e}"
        );
        let e = error(&format!(
            "{HEADER}requires = [\"minimax-wdl\", \"no-such\"]\n{step}"
        ));
        assert!(
            e.starts_with("l.toml:6: requires 'no-such', which is not a bundled lesson"),
            "{e}"
        );
        let e = error(&format!(
            "{HEADER}requires = [\"minimax-wdl\", \"minimax-wdl\"]\n{step}"
        ));
        assert!(
            e.starts_with("l.toml:6: requires 'minimax-wdl' twice"),
            "{e}"
        );
        let e = error(&format!(
            "{HEADER}[[step]]\ngoto = \"end\"\ntext = \"x\"\nsearch = {{ epsilon = 0.5 }}\n"
        ));
        assert!(
            e.starts_with("l.toml:9: step 1: `epsilon` is df-pn's"),
            "{e}"
        );
    }
}
