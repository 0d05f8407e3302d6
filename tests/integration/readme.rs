//! The README stays a newcomer's page: short, its test command the one CI runs, its one
//! screen what the explorer draws for its first command, and its links and the manual's
//! (`docs/`) pointing at pages and sections that exist.

use std::path::Path;

use plyscope::lesson;
use plyscope::tui::app::lesson as mode;

use crate::helpers::explorer::{open_lesson, screen, settle};

fn read(relative: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(relative);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The README's first command, and the lesson step its screen shows (0 is the intro).
const FIRST_LESSON: &str = "minimax-wdl";
const SCREEN_STEP: usize = 2;

#[test]
fn the_readme_is_short_and_names_the_first_lesson_and_the_ci_test_command() {
    let readme = read("README.md");
    let lines = readme.lines().count();
    assert!(
        lines < 200,
        "README.md has {lines} lines; the manual is docs/"
    );
    assert!(
        readme.contains(&format!("plyscope lesson {FIRST_LESSON}")),
        "the README opens the first lesson"
    );
    // `.ci/run` runs the README's test command (with --locked).
    let ci = read(".ci/run");
    assert!(
        readme.contains("\ncargo test "),
        "the README's test command"
    );
    assert!(ci.contains("\ncargo test --locked\n"), ".ci/run runs it");
    let first = lesson::bundled()[0].name;
    assert_eq!(first, FIRST_LESSON, "the first lesson in teaching order");
}

#[test]
fn the_readme_screen_is_what_its_first_command_shows() {
    let (mut app, rx) = open_lesson(lesson::load(FIRST_LESSON).unwrap());
    if let Err(e) = mode::go(&mut app, SCREEN_STEP) {
        panic!("{e}");
    }
    settle(&mut app, &rx);
    let s = screen(&app, 80, 24);
    let readme = read("README.md");
    assert!(
        readme.contains(&format!("```\n{s}```\n")),
        "README.md's screen (`plyscope lesson {FIRST_LESSON}`, step {SCREEN_STEP}, 80x24) \
         should be:\n{s}"
    );
}

/// A heading's anchor as GitHub makes it: lowercase, spaces to '-', punctuation dropped
/// except '-' and '_'.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a Markdown file's headings (outside code blocks).
fn anchors(text: &str) -> Vec<String> {
    let mut fenced = false;
    let mut out = Vec::new();
    for line in text.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
        } else if !fenced && line.starts_with('#') {
            out.push(anchor(line.trim_start_matches('#')));
        }
    }
    out
}

/// The relative link targets `](target)` of a Markdown file.
fn links(text: &str) -> Vec<String> {
    text.match_indices("](")
        .filter_map(|(at, _)| {
            let rest = &text[at + 2..];
            rest.find(')').map(|end| rest[..end].to_string())
        })
        .filter(|t| !t.starts_with("http"))
        .collect()
}

#[test]
fn every_link_of_the_readme_and_the_manual_reaches_a_page_and_section() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut pages = vec!["README.md".to_string()];
    for entry in std::fs::read_dir(root.join("docs")).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        if name.ends_with(".md") {
            pages.push(format!("docs/{name}"));
        }
    }
    let mut broken = Vec::new();
    let mut checked = 0;
    for page in &pages {
        let dir = Path::new(page).parent().unwrap();
        for target in links(&read(page)) {
            let (file, section) = target.split_once('#').unwrap_or((target.as_str(), ""));
            let path = if file.is_empty() {
                page.clone()
            } else {
                dir.join(file).to_string_lossy().into_owned()
            };
            checked += 1;
            if !root.join(&path).exists() {
                broken.push(format!("{page}: {target}: no file {path}"));
            } else if !section.is_empty()
                && path.ends_with(".md")
                && !anchors(&read(&path)).iter().any(|a| a == section)
            {
                broken.push(format!("{page}: {target}: no heading #{section} in {path}"));
            }
        }
    }
    assert!(checked > 20, "{checked} links");
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn the_anchor_of_a_heading_is_github_s() {
    assert_eq!(
        anchor(" Options: record, theme, colour"),
        "options-record-theme-colour"
    );
    assert_eq!(
        anchor(" Playing from a GUI (GTP)"),
        "playing-from-a-gui-gtp"
    );
    assert_eq!(
        links("see [a](docs/a.md#b) and [c](https://x.y)"),
        vec!["docs/a.md#b"]
    );
}
