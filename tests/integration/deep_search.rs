//! No depth crashes a search (issue 17): the deepest search every game allows, for every
//! algorithm the registry runs on it, headless under `ulimit -s 4096` (a main thread's stack
//! on many systems) and on the explorer's own threads (the recorded worker and the play
//! engine). A stack overflow aborts the whole process, so a test that finishes has passed.
//! Engines get a stack sized for the deepest search allowed (src/run/stack.rs); a ply of
//! Czech checkers takes about 25 KB of it in release.

use std::path::PathBuf;
use std::process::Command;
use std::sync::mpsc::channel;

use plyscope::puzzle::{self, Position};
use plyscope::run::registry::{self, SearchOption};
use plyscope::run::spec::SearchSpec;
use plyscope::run::worker::{self, Report};
use plyscope::search::Algorithm;
use plyscope::search::Limits;
use plyscope::tui::play::Play;

/// Two kings each: nothing is forced, so a search without a horizon wanders as deep as it
/// is allowed (repetition draws end a line only on the third occurrence).
const KINGS: &str = r#"title = "two kings each"
game = "dama"
to_move = "white"
board = """
. . . . . . . .
X . . . . . . .
. . . . . . . .
. . . . . . X .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . O . O .
"""
"#;

/// Gobblet from a quiet middle game: pieces move, so lines are long.
const GOBBLET: &str = r#"title = "gobblet, two pieces each"
game = "gobblet"
variant = "gobblet"
to_move = "black"
board = """
X4 .  .  .
.  .  .  .
.  .  O4 .
.  .  .  .
"""
"#;

fn write(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("plyscope-deep-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// Every algorithm the registry runs on `puzzle`, with the deepest horizon it takes.
fn deepest_runs(puzzle: &str) -> Vec<(Algorithm, Vec<String>)> {
    let p = puzzle::load(puzzle).unwrap();
    registry::applicable(&p.position)
        .into_iter()
        .map(|a| {
            let mut args = vec!["--nodes".to_string(), "300000".to_string()];
            if registry::info(a).takes(SearchOption::MaxDepth) {
                args.extend(["--max-depth".to_string(), "1000".to_string()]);
            }
            (a, args)
        })
        .collect()
}

#[test]
fn the_deepest_search_of_every_game_and_algorithm_runs_under_a_4_mib_stack() {
    let bin = env!("CARGO_BIN_EXE_plyscope");
    let kings = write("kings.toml", KINGS);
    let gobblet = write("gobblet.toml", GOBBLET);
    let puzzles = [
        kings.display().to_string(),
        gobblet.display().to_string(),
        "atarigo-6x6-crosscut".to_string(),
        "hex-6x6".to_string(),
        "mnk-7x7-k4".to_string(),
        "tree-004-fig-6-20".to_string(),
    ];
    let mut failures = Vec::new();
    for puzzle in &puzzles {
        for (algorithm, args) in deepest_runs(puzzle) {
            let script = format!(
                "ulimit -s 4096 && exec \"$0\" solve \"$1\" --algo {algorithm} {}",
                args.join(" ")
            );
            let out = Command::new("bash")
                .args(["-c", &script, bin, puzzle])
                .output()
                .unwrap();
            let stderr = String::from_utf8_lossy(&out.stderr);
            // Exit 1 is an answer that does not match an expectation (none here), 3 a limit
            // that stopped the search (the node limit here); a crash is a signal (no code)
            // or 134.
            if out.status.code().is_none_or(|c| c == 2 || c > 3) || stderr.contains("overflow") {
                failures.push(format!(
                    "{puzzle} --algo {algorithm}: {:?} {stderr}",
                    out.status
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_recorded_worker_searches_checkers_kings_to_the_deepest_ply() {
    let p = puzzle::load(&write("kings-worker.toml", KINGS).display().to_string()).unwrap();
    let Position::Dama(game) = p.position.clone() else {
        panic!("a checkers position")
    };
    for algorithm in [Algorithm::Minimax, Algorithm::AlphaBeta] {
        let mut spec = SearchSpec::for_puzzle(&p, Some(algorithm), 10_000);
        spec.limits = Limits {
            max_depth: Some(1000),
            nodes: Some(200_000),
            ..Limits::default()
        };
        let (tx, rx) = channel();
        let live = worker::spawn(game.clone(), spec, 1, move |r| tx.send(r).is_ok());
        let summary = rx
            .iter()
            .find_map(|r| match r {
                Report::Done(s) => Some(s),
                Report::Progress(_) => None,
            })
            .expect("the worker reports its end");
        assert!(live.is_finished());
        assert!(!summary.contains("panicked"), "{summary}");
    }
}

#[test]
fn the_play_engine_answers_in_a_kings_ending_without_a_depth_limit() {
    let p = puzzle::load(&write("kings-play.toml", KINGS).display().to_string()).unwrap();
    let mut play = Play::new(p.position, Algorithm::Minimax, 200_000);
    play.swap_sides();
    play.wait();
    assert!(
        play.message
            .as_deref()
            .is_none_or(|m| !m.contains("stopped without a move")),
        "{:?}",
        play.message
    );
}
