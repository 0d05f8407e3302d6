//! `plyscope gtp` driven by a controller no one here wrote (issue 20): gomill's GTP game
//! runner (`gomill.gtp_games`, the engine of its ringmaster) plays AtariGo 5x5 games of
//! plyscope against a random player and against itself (`tests/gomill/match.py`). gomill
//! keeps its own board with Go's rules, checks every move's legality and ends a game by
//! resignation, forfeit or the move limit. `.ci/run` installs gomill (on Python 2.7, all its
//! release supports); elsewhere the test skips without it.

use crate::helpers::python_counterpart;

use std::process::Command;

/// Nodes each genmove may search: enough for the prover to prove the empty 5x5 board
/// (203,475 nodes for lambda-df-pn on one thread) within its half.
const NODES: &str = "500000";

#[test]
fn gomill_plays_plyscope_against_a_random_player_and_against_itself() {
    let Some(python) = python_counterpart::gomill_or_skip("the gomill match of plyscope gtp")
    else {
        return;
    };
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/gomill/match.py");
    let out = Command::new(&python)
        .args([script, env!("CARGO_BIN_EXE_plyscope"), "--nodes", NODES])
        .output()
        .expect("gomill's match runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "match.py failed:\n{stdout}\n{stderr}");
    let games: Vec<&str> = stdout.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 3, "three games:\n{stdout}\n{stderr}");
    let field = |line: &str, name: &str| -> String {
        line.split(' ')
            .find_map(|w| w.strip_prefix(&format!("{name}=")))
            .unwrap_or_else(|| panic!("no {name} in {line}"))
            .to_string()
    };
    for game in &games {
        // Every game ends by a resignation, so no engine refused a move, played an illegal
        // one or failed a command (any of which gomill records as a forfeit).
        assert_eq!(field(game, "forfeit"), "False", "{game}");
        assert_eq!(field(game, "how"), "resignation", "{game}");
        let moves: usize = field(game, "moves").parse().unwrap();
        assert!(moves >= 3, "{game}");
    }
    // plyscope beats the random player with either colour.
    assert_eq!(field(games[0], "result"), "B+R", "{}", games[0]);
    assert_eq!(field(games[1], "result"), "W+R", "{}", games[1]);
    // Against itself, black proves the first-player win of AtariGo 5x5 (c3) at once and
    // keeps it to the end.
    assert_eq!(field(games[2], "result"), "B+R", "{}", games[2]);
    assert!(
        games[2].contains(";B[cc]"),
        "black opens at c3 ('cc' in SGF): {}",
        games[2]
    );
    assert!(
        stderr.contains("proves a win for black") && stderr.contains("the proof found earlier"),
        "{stderr}"
    );
}
