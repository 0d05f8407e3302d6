//! What a student reads cites its sources by author, title and section, with the short names
//! of `docs/sources.md` ("Kühr, example 3.2", "the AND/OR textbook, figure 6.23"): never the
//! project's internal names for them ("seed 004", "thesis 000"), an issue number or the path
//! of a source file. Checked over the bundled lessons and puzzles, the manual (`docs/`), the
//! README, every command's `--help`, and the strings of `src/` that reach the screen.

use std::path::{Path, PathBuf};

use crate::helpers::binary::plyscope;

/// The words a student does not know, each as the lowercase text that starts it and whether
/// a digit must follow: "seed 4", "thesis 000", "issue 32", a path into the seeds' folder.
const INTERNAL: [(&str, bool); 5] = [
    ("seed ", true),
    ("thesis ", true),
    ("issue ", true),
    ("seeds/", false),
    ("../shared", false),
];

/// Each internal word in `text`, as "ORIGIN:LINE: the line".
fn internal_words(origin: &str, text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let lower = line.to_lowercase();
        let hit = INTERNAL.iter().any(|&(start, digit)| {
            lower.match_indices(start).any(|(at, _)| {
                !digit
                    || lower[at + start.len()..]
                        .chars()
                        .next()
                        .is_some_and(|c| c.is_ascii_digit())
            })
        });
        if hit {
            found.push(format!("{origin}:{}: {}", i + 1, line.trim()));
        }
    }
    found
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The files with extension `ext` in the source tree's `dir`, sorted, subdirectories
/// included.
fn files(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap_or_else(|e| panic!("{}: {e}", d.display())) {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == ext) {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn relative(path: &Path) -> String {
    path.strip_prefix(root())
        .unwrap_or(path)
        .display()
        .to_string()
}

#[test]
fn the_detector_finds_internal_names_and_passes_citations() {
    let text = "Seed 004, figure 6.23\nthesis 000 table 5.1\nsee issue 32\n\
                ../shared/seeds/001.txt\nKühr, example 3.2\nthe seed's figure\n\
                an issue with the table\nSuda, section 5.3.1";
    let found = internal_words("t", text);
    assert_eq!(found.len(), 4, "{found:#?}");
    assert!(found[0].starts_with("t:1:") && found[3].starts_with("t:4:"));
}

#[test]
fn bundled_lessons_and_puzzles_cite_sources_by_name() {
    let mut found = Vec::new();
    for dir in ["lessons", "puzzles"] {
        let paths = files(&root().join(dir), "toml");
        assert!(!paths.is_empty(), "no files in {dir}");
        for path in paths {
            found.extend(internal_words(&relative(&path), &read(&path)));
        }
    }
    // What the loader keeps and the screens show, whatever the files' layout.
    for bundled in plyscope::puzzle::bundled() {
        let p = bundled.load().unwrap();
        found.extend(internal_words(&format!("{} title", p.name), &p.title));
        if let Some(source) = p.expect.as_ref().and_then(|e| e.source.as_ref()) {
            found.extend(internal_words(&format!("{} source", p.name), source));
        }
    }
    for bundled in plyscope::lesson::bundled() {
        let l = bundled.load().unwrap();
        found.extend(internal_words(
            &format!("{} source", bundled.name),
            &l.source,
        ));
    }
    assert!(found.is_empty(), "internal names:\n{}", found.join("\n"));
}

#[test]
fn the_readme_and_the_manual_cite_sources_by_name() {
    let mut paths = vec![root().join("README.md")];
    paths.extend(files(&root().join("docs"), "md"));
    assert!(paths.len() > 5, "the manual's pages: {paths:?}");
    let found: Vec<String> = paths
        .iter()
        .flat_map(|p| internal_words(&relative(p), &read(p)))
        .collect();
    assert!(found.is_empty(), "internal names:\n{}", found.join("\n"));
}

/// The strings of the program, which reach the screen and the command line's output:
/// every line of `src/` that is not a comment.
#[test]
fn the_program_s_strings_cite_sources_by_name() {
    let mut found = Vec::new();
    for path in files(&root().join("src"), "rs") {
        let code: String = read(&path)
            .lines()
            .map(|line| {
                if line.trim_start().starts_with("//") {
                    ""
                } else {
                    line
                }
            })
            .collect::<Vec<_>>()
            .join("\n");
        found.extend(internal_words(&relative(&path), &code));
    }
    assert!(found.is_empty(), "internal names:\n{}", found.join("\n"));
}

/// The subcommands `plyscope --help` lists, "help" left out.
fn subcommands(help: &str) -> Vec<String> {
    let section = help.split("Commands:").nth(1).expect("a Commands section");
    let section = section.split("Options:").next().unwrap();
    section
        .lines()
        .filter(|l| l.starts_with("  ") && !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_string)
        .collect()
}

fn help_of(args: &[&str]) -> String {
    let out = plyscope().args(args).output().unwrap();
    assert!(out.status.success(), "{args:?}: {out:?}");
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn the_help_says_where_to_start_and_cites_sources_by_name() {
    let help = help_of(&["--help"]);
    assert!(
        help.contains("plyscope lesson") && help.contains("docs/"),
        "the help names the first command and the manual:\n{help}"
    );
    let mut found = internal_words("plyscope --help", &help);
    let names = subcommands(&help);
    assert!(names.len() >= 10, "{names:?}");
    for name in &names {
        let text = help_of(&[name.as_str(), "--help"]);
        found.extend(internal_words(&format!("plyscope {name} --help"), &text));
    }
    assert!(found.is_empty(), "internal names:\n{}", found.join("\n"));
}
