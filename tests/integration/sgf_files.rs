//! SGF in and out against an independent reader and writer (issue 20, point 2): Python's
//! `sgfmill` writes Go games that `plyscope` reads back with the same stones and side to move,
//! reads every kind of SGF `plyscope export --format sgf` writes (AtariGo `GM[1]`, Hex
//! `GM[11]`, m,n,k `GM[4]`), and a proof exported as SGF loads back as its puzzle's root.
//!
//! sgfmill is Go-centric: for `GM[1]` it checks typed points (`get_setup_stones`,
//! `get_move`, its own board playing the moves); for `GM[11]` and `GM[4]` it checks the
//! syntax (`Sgf_game.from_bytes`), the root properties and the main line's raw values
//! (`get_raw`), which are the game's cell names (Hex) or Go letters (m,n,k).

use crate::helpers::python_counterpart;

use crate::helpers::sgf as sgf_reader;

use std::path::{Path, PathBuf};
use std::process::Command as Process;

use crate::helpers::binary::plyscope;
use crate::helpers::binary::scratch;
use plyscope::game::Player;
use plyscope::puzzle;
use python_counterpart::{python, python_module_or_skip};

/// Runs a Python script with arguments; its standard output.
fn run_python(script: &str, args: &[&str]) -> String {
    let out = Process::new(python())
        .arg("-c")
        .arg(script)
        .args(args)
        .output()
        .expect("python runs");
    assert!(
        out.status.success(),
        "python failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8")
}

/// The board of a diagram as rows of `X`, `O` and `.`, top row first (labels dropped).
fn board_rows(diagram: &str) -> Vec<String> {
    diagram
        .lines()
        .skip(1)
        .map(|l| {
            l.chars()
                .filter(|c| matches!(c, 'X' | 'O' | '.'))
                .collect::<String>()
        })
        .filter(|r| !r.is_empty())
        .collect()
}

/// sgfmill writes a 5x5 Go game (set-up stones, a main line of three moves and a side
/// variation), plays its main line on its own board and prints that board, top row first,
/// and the side to move.
const SGFMILL_WRITES_GO: &str = r#"
import sys
from sgfmill import sgf, sgf_moves
game = sgf.Sgf_game(size=5)
root = game.get_root()
root.set("GN", "written by sgfmill")
# (row, col) with row 0 at the bottom: b3, c2 black; c3, d4 white.
root.set_setup_stones([(2, 1), (1, 2)], [(2, 2), (3, 3)])
node = game.extend_main_sequence(); node.set_move("b", (3, 2))
node = game.extend_main_sequence(); node.set_move("w", (0, 0))
node = game.extend_main_sequence(); node.set_move("b", (4, 4))
side = game.get_main_sequence()[1].new_child()
side.set_move("b", (0, 4))
with open(sys.argv[1], "wb") as f:
    f.write(game.serialise())
again = sgf.Sgf_game.from_bytes(open(sys.argv[1], "rb").read())
board, moves = sgf_moves.get_setup_and_moves(again)
last = None
for colour, move in moves:
    board.play(move[0], move[1], colour)
    last = colour
for row in range(board.side - 1, -1, -1):
    print("".join({"b": "X", "w": "O", None: "."}[board.get(row, col)] for col in range(board.side)))
print({"b": "white", "w": "black", None: "black"}[last])
"#;

#[test]
fn sgfmill_writes_a_go_game_that_plyscope_reads_back() {
    if !python_module_or_skip(
        "sgfmill",
        "sgfmill_writes_a_go_game_that_plyscope_reads_back",
    ) {
        return;
    }
    let dir = scratch("sgf-go");
    let path = dir.join("game.sgf");
    let path_text = path.to_str().expect("utf-8 path");
    let out = run_python(SGFMILL_WRITES_GO, &[path_text]);
    let mut lines: Vec<String> = out.lines().map(str::to_string).collect();
    let to_move = lines.pop().expect("the side to move");
    let p = puzzle::load(path_text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(board_rows(&p.position.diagram()), lines);
    assert_eq!(p.position.to_move().to_string(), to_move);
    assert_eq!(
        p.title,
        "written by sgfmill (Go read as AtariGo: the first capture wins, after 3 moves of the \
         main line)"
    );
    // The command line reads it the same way.
    plyscope()
        .args(["solve", path_text, "--algo", "alphabeta", "--nodes", "2000"])
        .assert()
        .success()
        .stdout(predicates::str::contains("Go read as AtariGo"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_hexgui_file_reads_as_the_same_hex_position() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/sgf/hexgui-5x5.sgf");
    let p = puzzle::load(path.to_str().unwrap()).unwrap_or_else(|e| panic!("{e}"));
    // The same stones through a puzzle file: HexGui's c3 is plyscope's c3.
    let toml = "title = \"t\"\ngame = \"hex\"\nsize = 5\nblack = [\"a1\", \"c2\", \"c3\"]\n\
                white = [\"b2\", \"d4\", \"b4\"]\nto_move = \"black\"\n";
    let expected = puzzle::parse(toml, "t.toml").unwrap();
    assert_eq!(p.position.diagram(), expected.position.diagram());
    assert_eq!(p.position.to_move(), Player::Black);
    if !python_module_or_skip("sgfmill", "a_hexgui_file_reads_as_the_same_hex_position") {
        return;
    }
    // sgfmill's generic parser accepts the fixture: one game, GM 11, the moves as written.
    let out = run_python(
        r#"
import sys
from sgfmill import sgf
game = sgf.Sgf_game.from_bytes(open(sys.argv[1], "rb").read())
root = game.get_root()
print(root.get_raw("GM").decode(), root.get_raw("SZ").decode())
print(" ".join(n.get_raw(c).decode() for n in game.get_main_sequence() for c in "BW" if n.has_property(c)))
"#,
        &[path.to_str().unwrap()],
    );
    assert_eq!(out, "11 5\nc3 b4\n");
}

/// sgfmill reads an SGF file: the root's GM, SZ, PL, AB and AW (raw values, sorted) and the
/// main line's moves as `B:value` (raw); for GM[1] also the typed set-up stones and moves,
/// turned into the game's notation, which must agree with the raw ones.
const SGFMILL_READS: &str = r#"
import sys, json
from sgfmill import sgf
game = sgf.Sgf_game.from_bytes(open(sys.argv[1], "rb").read())
root = game.get_root()
def raw_list(prop):
    return sorted(v.decode() for v in root.get_raw_list(prop)) if root.has_property(prop) else []
out = {
    "GM": root.get_raw("GM").decode(),
    "SZ": root.get_raw("SZ").decode(),
    "PL": root.get_raw("PL").decode(),
    "AB": raw_list("AB"),
    "AW": raw_list("AW"),
    "main": [c + ":" + n.get_raw(c).decode() for n in game.get_main_sequence()[1:]
             for c in "BW" if n.has_property(c)],
}
if out["GM"] == "1":
    size = game.get_size()
    name = lambda rc: "abcdefghijklmnopqrs"[rc[1]] + str(rc[0] + 1)
    black, white, empty = root.get_setup_stones()
    out["typed_AB"] = sorted(name(p) for p in black)
    out["typed_AW"] = sorted(name(p) for p in white)
    out["typed_main"] = [c.upper() + ":" + name(m) for c, m in
                         (n.get_move() for n in game.get_main_sequence()[1:])]
print(json.dumps(out))
"#;

/// Exports `name`'s proof as SGF into `dir`; the file's path.
fn export_sgf(name: &str, dir: &Path) -> PathBuf {
    let path = dir.join(format!("{name}.sgf"));
    plyscope()
        .args(["export", name, "--format", "sgf", "-o"])
        .arg(&path)
        .assert()
        .success();
    path
}

#[test]
fn sgfmill_reads_every_sgf_plyscope_writes() {
    if !python_module_or_skip("sgfmill", "sgfmill_reads_every_sgf_plyscope_writes") {
        return;
    }
    let dir = scratch("sgf-export");
    for (name, game) in [
        ("atarigo-ladder", "1"),
        ("hex-4x4-white-b3", "11"),
        ("tictactoe-fork", "4"),
    ] {
        let path = export_sgf(name, &dir);
        let text = std::fs::read_to_string(&path).unwrap();
        let read: serde_json::Value =
            serde_json::from_str(&run_python(SGFMILL_READS, &[path.to_str().unwrap()])).unwrap();
        // The puzzle's root, as plyscope loads the bundled puzzle.
        let p = puzzle::load(name).unwrap();
        let (columns, _) = p.position.board_size().unwrap();
        assert_eq!(read["GM"], game, "{name}");
        assert_eq!(read["SZ"], columns.to_string(), "{name}");
        let pl = match p.position.to_move() {
            Player::Black => "B",
            Player::White => "W",
        };
        assert_eq!(read["PL"], pl, "{name}");
        // The main line (first variation at every node) as sgf-parse reads it.
        let ours = sgf_reader::parse(&text).unwrap();
        let mut main = Vec::new();
        let mut at = &ours.variations;
        while let Some(first) = at.first() {
            main.push(first);
            at = &first.children;
        }
        assert!(!main.is_empty(), "{name}: a proof has a first move");
        let raw_main: Vec<String> = read["main"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap().to_string())
            .collect();
        assert_eq!(raw_main.len(), main.len(), "{name}");
        let colour = |p: Player| if p == Player::Black { "B" } else { "W" };
        if game == "11" {
            // Hex cells by name, as HexGui writes them: the raw values are our moves.
            let ours: Vec<String> = main
                .iter()
                .map(|v| format!("{}:{}", colour(v.player), v.mv))
                .collect();
            assert_eq!(raw_main, ours, "{name}");
            let stones = |list: &[String]| -> serde_json::Value { list.iter().cloned().collect() };
            assert_eq!(
                read["AB"],
                stones(&ours_stones(&p, Player::Black)),
                "{name}"
            );
            assert_eq!(
                read["AW"],
                stones(&ours_stones(&p, Player::White)),
                "{name}"
            );
        } else {
            // Go letters: same count of moves and colours here; GM[1]'s typed values below.
            for (raw, v) in raw_main.iter().zip(&main) {
                assert!(raw.starts_with(colour(v.player)), "{name}: {raw}");
            }
        }
        if game == "1" {
            let ours: Vec<String> = main
                .iter()
                .map(|v| format!("{}:{}", colour(v.player), v.mv))
                .collect();
            let typed: Vec<String> = read["typed_main"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_str().unwrap().to_string())
                .collect();
            assert_eq!(typed, ours, "{name}");
            let list = |key: &str| -> Vec<String> {
                read[key]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|v| v.as_str().unwrap().to_string())
                    .collect()
            };
            assert_eq!(list("typed_AB"), ours_stones(&p, Player::Black), "{name}");
            assert_eq!(list("typed_AW"), ours_stones(&p, Player::White), "{name}");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The stones of `who` in the puzzle's position, by name, sorted.
fn ours_stones(p: &puzzle::Puzzle, who: Player) -> Vec<String> {
    let (_, rows) = p.position.board_size().unwrap();
    let diagram = board_rows(&p.position.diagram());
    let mark = if who == Player::Black { 'X' } else { 'O' };
    let mut out = Vec::new();
    for (top, row) in diagram.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            if c == mark {
                out.push(format!("{}{}", (b'a' + x as u8) as char, rows - top));
            }
        }
    }
    out.sort();
    out
}

#[test]
fn an_exported_proof_solves_again_from_the_puzzles_root() {
    let dir = scratch("sgf-round-trip");
    for name in ["atarigo-ladder", "hex-4x4-white-b3"] {
        let path = export_sgf(name, &dir);
        let back = puzzle::load(path.to_str().unwrap()).unwrap_or_else(|e| panic!("{e}"));
        let original = puzzle::load(name).unwrap();
        assert_eq!(
            back.position.diagram(),
            original.position.diagram(),
            "{name}"
        );
        assert_eq!(back.position.to_move(), original.position.to_move());
        let out = plyscope()
            .args(["solve"])
            .arg(&path)
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        let out = String::from_utf8(out).unwrap();
        for line in original.position.diagram().lines() {
            assert!(out.contains(line.trim_end()), "{name}: {line}\n{out}");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_readme_example_solves_verifies_and_exports() {
    let example = "examples/atarigo-5x5-game.sgf";
    plyscope()
        .args(["solve", example, "--verify"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .assert()
        .success()
        .stdout(predicates::str::contains("Go read as AtariGo"))
        .stdout(predicates::str::contains("verified: "));
    // Its proof as SGF: sgf-parse reads it, and it loads back at the example's position.
    let out = plyscope()
        .args(["export", example, "--format", "sgf"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    let proof = sgf_reader::parse(&text).unwrap();
    assert_eq!(proof.to_move, Some(Player::Black));
    let back = puzzle::parse(&text, "proof.sgf").unwrap();
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(example);
    let original = puzzle::load(path.to_str().unwrap()).unwrap();
    assert_eq!(back.position.diagram(), original.position.diagram());
}
