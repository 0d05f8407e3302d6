//! Puzzle files: every bundled puzzle loads, the list is stable, the two ways of giving
//! stones agree, every invalid fixture gives exactly the message a user sees, and no input
//! makes the parser panic.

use std::collections::BTreeSet;
use std::path::Path;

use plyscope::game::{Player, Point, StoneGame, point_name};
use plyscope::games::any::{AnyGame, GameVisitor};
use plyscope::puzzle::{self, ExpectedResult, Position, Puzzle, bundled, find_bundled, load};
use proptest::prelude::*;

/// The bundled puzzles in `plyscope list` order. A change here is a change users see.
const LIST_ORDER: [&str; 38] = [
    "tictactoe",
    "tictactoe-win",
    "tictactoe-loss",
    "tictactoe-fork",
    "mnk-4x4-k3",
    "mnk-4x4-k4",
    "mnk-4x4-k4-corners",
    "mnk-5x5-k4",
    "mnk-6x5-k4",
    "mnk-7x7-k4",
    "mnk-7x7-k4-lambda2",
    "atarigo-4x4",
    "atarigo-5x5",
    "atarigo-6x6-crosscut",
    "atarigo-ladder",
    "hex-3x3",
    "hex-4x4",
    "hex-4x4-white-b3",
    "hex-4x4-must-play",
    "hex-5x5",
    "hex-6x6",
    "hex-7x7",
    "tree-abc",
    "tree-abc-best-first",
    "tree-abc-worst-first",
    "tree-004-fig-6-20",
    "tree-004-fig-6-23",
    "tree-004-fig-6-24",
    "tree-001-fig-15-16",
    "dama-001-example-3-2",
    "dama-two-kings-vs-one",
    "dama-king-vs-two-men",
    "dama-men-race",
    "gobblet-win-in-3",
    "gobblet-win-in-5",
    "gobblet-win-in-7",
    "gobblers-win-in-5",
    "gobblers-win-in-7",
];

fn file_stems(dir: &str) -> BTreeSet<String> {
    std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot list {dir}: {e}"))
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "toml"))
        .map(|path| path.file_stem().unwrap().to_string_lossy().into_owned())
        .collect()
}

#[test]
fn every_bundled_puzzle_loads_with_an_answer_and_a_source() {
    for entry in bundled() {
        let puzzle = entry
            .load()
            .unwrap_or_else(|e| panic!("bundled puzzle {} does not load: {e}", entry.name));
        assert_eq!(puzzle.name, entry.name);
        assert!(!puzzle.title.is_empty());
        let expect = puzzle
            .expect
            .as_ref()
            .unwrap_or_else(|| panic!("{} has no [expect]", entry.name));
        assert!(
            expect.source.as_deref().is_some_and(|s| !s.is_empty()),
            "{} names no source",
            entry.name
        );
        assert!(
            expect.result.is_some() || expect.value.is_some(),
            "{} expects nothing",
            entry.name
        );
        // The bundled copy is the file in puzzles/.
        let on_disk = std::fs::read_to_string(entry.path()).unwrap();
        assert_eq!(on_disk, entry.text, "{} differs from its file", entry.name);
    }
}

#[test]
fn bundled_names_are_unique_and_every_file_is_bundled() {
    let names: Vec<&str> = bundled().iter().map(|b| b.name).collect();
    let unique: BTreeSet<String> = names.iter().map(|n| n.to_string()).collect();
    assert_eq!(unique.len(), names.len(), "duplicate bundled names");
    assert_eq!(unique, file_stems("puzzles"));
}

#[test]
fn list_order_is_stable() {
    let names: Vec<&str> = bundled().iter().map(|b| b.name).collect();
    assert_eq!(names, LIST_ORDER);
}

#[test]
fn bundled_answers_are_the_agreed_ones() {
    let expect = |name: &str| load(name).unwrap().expect.unwrap();
    let summary = |name: &str| expect(name).summary();
    assert_eq!(summary("tictactoe"), "draw");
    assert_eq!(summary("tictactoe-win"), "win in 1 ply, winning moves c3");
    assert_eq!(summary("tictactoe-loss"), "loss in 2 plies");
    assert_eq!(
        summary("tictactoe-fork"),
        "win in 3 plies, winning moves c1"
    );
    assert_eq!(expect("mnk-4x4-k3").plies, Some(5));
    assert_eq!(expect("mnk-4x4-k3").winning_moves.unwrap().len(), 16);
    assert_eq!(summary("mnk-4x4-k4"), "draw");
    assert_eq!(expect("mnk-4x4-k4-corners").plies, Some(7));
    assert_eq!(summary("mnk-6x5-k4"), "win in 11 plies");
    assert_eq!(summary("mnk-7x7-k4"), "win in 11 plies");
    assert_eq!(summary("atarigo-4x4"), "loss in 14 plies");
    assert_eq!(summary("atarigo-5x5"), "win in 19 plies");
    assert_eq!(summary("atarigo-6x6-crosscut"), "win in 15 plies");
    assert_eq!(
        summary("hex-3x3"),
        "win in 5 plies, winning moves c1 a2 b2 c2 a3"
    );
    assert_eq!(
        summary("hex-4x4"),
        "win in 9 plies, winning moves d1 c2 b3 a4"
    );
    assert_eq!(
        summary("hex-4x4-white-b3"),
        "win in 13 plies, winning moves b3"
    );
    assert_eq!(summary("mnk-5x5-k4"), "draw");
    assert_eq!(expect("hex-5x5").result, Some(ExpectedResult::Win));
    assert_eq!(expect("hex-6x6").result, Some(ExpectedResult::Win));
    assert_eq!(summary("tree-abc"), "value 3");
    assert_eq!(summary("tree-004-fig-6-20"), "draw");
    assert_eq!(summary("tree-004-fig-6-23"), "value 15");
    assert_eq!(summary("tree-004-fig-6-24"), "value 20");
    assert_eq!(summary("tree-001-fig-15-16"), "value 4");
    let crosscut = load("atarigo-6x6-crosscut").unwrap();
    assert_eq!(crosscut.position.to_move(), Player::Black);
    assert_eq!(crosscut.expect.unwrap().result, Some(ExpectedResult::Win));
    let b3 = load("hex-4x4-white-b3").unwrap();
    assert_eq!(b3.position.to_move(), Player::White);
}

/// `(columns, rows, stones)` of a stone-game position.
type BoardStones = (usize, usize, Vec<(Point, Player)>);

fn stones_of(position: &Position) -> Option<BoardStones> {
    struct Collect;
    impl GameVisitor for Collect {
        type Output = Option<BoardStones>;
        fn visit<G: AnyGame>(self, _: &G) -> Option<BoardStones> {
            None
        }
        fn visit_stones<G: AnyGame + StoneGame>(self, g: &G) -> Option<BoardStones> {
            let stones = (0..g.num_points() as Point)
                .filter_map(|p| g.stone(p).map(|s| (p, s)))
                .collect();
            Some((g.columns(), g.rows(), stones))
        }
    }
    position.with_game(Collect)
}

/// The puzzle's text with its stones given as a diagram, and as coordinate lists.
fn both_forms(text: &str, columns: usize, rows: usize, stones: &[(Point, Player)]) -> [String; 2] {
    let mut table: toml::Table = toml::from_str(text).unwrap();
    for key in ["board", "black", "white"] {
        table.remove(key);
    }
    let mut diagram = String::new();
    for y in (0..rows).rev() {
        let row: Vec<&str> = (0..columns)
            .map(
                |x| match stones.iter().find(|s| s.0 as usize == x + y * columns) {
                    Some((_, Player::Black)) => "X",
                    Some((_, Player::White)) => "O",
                    None => ".",
                },
            )
            .collect();
        diagram.push_str(&row.join(" "));
        diagram.push('\n');
    }
    let mut with_board = table.clone();
    with_board.insert("board".into(), toml::Value::String(diagram));
    let mut with_lists = table;
    for player in [Player::Black, Player::White] {
        let names: Vec<toml::Value> = stones
            .iter()
            .filter(|s| s.1 == player)
            .map(|s| toml::Value::String(point_name(s.0, columns)))
            .collect();
        with_lists.insert(player.name().into(), toml::Value::Array(names));
    }
    [
        toml::to_string(&with_board).unwrap(),
        toml::to_string(&with_lists).unwrap(),
    ]
}

fn assert_same_position(a: &Puzzle, b: &Puzzle) {
    assert_eq!(
        a.position.key(),
        b.position.key(),
        "{} vs {}",
        a.name,
        b.name
    );
    assert_eq!(a.position.diagram(), b.position.diagram());
    assert_eq!(a.position.to_move(), b.position.to_move());
}

#[test]
fn board_and_stone_lists_give_the_same_position_for_every_bundled_puzzle() {
    let mut checked = 0;
    for entry in bundled() {
        let original = entry.load().unwrap();
        let Some((columns, rows, stones)) = stones_of(&original.position) else {
            continue;
        };
        for (form, text) in ["board", "lists"]
            .iter()
            .zip(both_forms(entry.text, columns, rows, &stones))
        {
            let origin = format!("{} as {form}", entry.name);
            let rewritten = puzzle::parse(&text, &origin)
                .unwrap_or_else(|e| panic!("{e}\n--- text ---\n{text}"));
            assert_same_position(&original, &rewritten);
        }
        checked += 1;
    }
    assert_eq!(checked, 22, "every stone puzzle was rewritten both ways");
}

#[test]
fn valid_fixtures_load() {
    for stem in file_stems("tests/fixtures/valid") {
        let path = format!("tests/fixtures/valid/{stem}.toml");
        let puzzle = load(&path).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(puzzle.name, path);
    }
}

#[test]
fn every_way_of_writing_a_position_gives_the_same_one() {
    let crosscut = load("atarigo-6x6-crosscut").unwrap();
    for form in ["board", "lists", "compact", "crlf"] {
        let path = format!("tests/fixtures/valid/crosscut-{form}.toml");
        assert_same_position(&crosscut, &load(&path).unwrap());
    }
    let b3 = load("hex-4x4-white-b3").unwrap();
    for form in ["rhombus", "lists"] {
        let path = format!("tests/fixtures/valid/hex-{form}.toml");
        assert_same_position(&b3, &load(&path).unwrap());
    }
}

#[test]
fn every_field_of_the_schema_is_read() {
    let p = load("tests/fixtures/valid/full-schema.toml").unwrap();
    assert_eq!(p.title, "Every field of the schema");
    assert_eq!(p.position.game_name(), "mnk");
    assert_eq!(p.position.description(), "mnk 7x7");
    assert_eq!(p.algorithm.map(|a| a.name()), Some("id"));
    assert!(p.draw_counts_for_attacker);
    assert_eq!(p.limits.max_depth, Some(11));
    assert_eq!(p.limits.max_level, Some(3));
    assert_eq!(p.limits.nodes, Some(1_000_000));
    assert_eq!(p.limits.time, Some(30.0));
    let e = p.expect.unwrap();
    assert_eq!(e.result, Some(ExpectedResult::Win));
    assert_eq!(e.plies, Some(9));
    assert_eq!(e.winning_moves, Some(vec!["e5".to_string()]));
    assert_eq!(e.lambda_level, Some(2));
    assert_eq!(e.source.as_deref(), Some("made up to exercise the schema"));
    let defaults = load("tictactoe").unwrap();
    assert!(!defaults.draw_counts_for_attacker);
    assert_eq!(defaults.limits, puzzle::PuzzleLimits::default());
}

#[test]
fn bundled_names_win_over_files_and_paths_work_too() {
    assert!(find_bundled("hex-3x3").is_some());
    assert!(find_bundled("puzzles/hex-3x3.toml").is_none());
    let by_name = load("hex-3x3").unwrap();
    let by_path = load("puzzles/hex-3x3.toml").unwrap();
    assert_eq!(by_name.name, "hex-3x3");
    assert_eq!(by_path.name, "puzzles/hex-3x3.toml");
    assert_same_position(&by_name, &by_path);
}

/// Each invalid fixture and the exact message a user sees for it.
const INVALID: &[(&str, &str)] = &[
    ("syntax-error", "3:8: unclosed table, expected `]`"),
    (
        "unknown-field",
        "5:1: unknown field `colour`, expected one of `title`, `game`, `size`, `k`, `exact_k`, \
         `to_move`, `board`, `black`, `white`, `tree`, `variant`, `evaluation`, `free_setup`, \
         `algorithm`, `draw`, `limits`, `expect`",
    ),
    (
        "unknown-field-in-expect",
        "8:1: unknown field `winning_move`, expected one of `result`, `plies`, \
         `winning_moves`, `value`, `lambda_level`, `source`",
    ),
    (
        "unknown-game",
        "2:8: unknown game \"chess\"; expected one of mnk, atarigo, hex, tree, dama, gobblet",
    ),
    (
        "gobblet-bad-piece",
        "7:4: 'Q' is not a player; expected X or O",
    ),
    (
        "gobblet-impossible-reserve",
        "5:9: X has 1 pieces of size 3 but only 0 of size 4 on the board; a set gives its \
         larger pieces first",
    ),
    (
        "gobblet-variant",
        "3:11: unknown Gobblet variant \"chess\"; expected \"gobblet\" (4x4) or \"gobblers\" \
         (3x3)",
    ),
    (
        "missing-title",
        "1:1: missing field `title`; every puzzle needs `title` and `game`",
    ),
    (
        "missing-size",
        "2:8: game = \"atarigo\" needs `size = [columns, rows]` (or `size = n` for n x n)",
    ),
    (
        "missing-k",
        "2:8: game = \"mnk\" needs `k`, the number of stones in a row that wins",
    ),
    (
        "size-zero",
        "3:8: size = [0, 3]: a board needs at least one column and one row",
    ),
    (
        "size-too-big",
        "3:8: size = [21, 19] is out of range; an AtariGo board is from 2 x 2 to 19 x 19",
    ),
    (
        "size-wrong-shape",
        "3:8: expected `size = [columns, rows]` (two whole numbers) or `size = n` for an n x n \
         board",
    ),
    (
        "hex-not-square",
        "3:8: size = [4, 5] is not square; a Hex board is n x n",
    ),
    (
        "hex-too-big",
        "3:8: size = 14 is out of range; a Hex board is from 1 x 1 to 13 x 13",
    ),
    (
        "k-out-of-range",
        "4:5: k = 5 is out of range; expected 3 to 6 and at most the longer side of the board \
         (4)",
    ),
    (
        "k-wrong-type",
        "4:5: invalid type: string \"four\", expected i64",
    ),
    (
        "board-row-length",
        "7:1: board row 3 (counted from the top) has 5 cells; expected 6",
    ),
    ("board-row-count", "5:1: the board has 5 rows; expected 6"),
    (
        "board-unknown-character",
        "7:3: unknown character 'Z' in the board; expected X or B (black), O or W (white), . \
         (empty)",
    ),
    (
        "board-and-lists",
        "12:9: give either `board` or `black`/`white` lists, not both",
    ),
    (
        "coordinate-off-board",
        "4:16: in `black`: 'e4' is off the board; columns are a..d, rows 1..4",
    ),
    (
        "coordinate-malformed",
        "5:10: in `white`: '3d' is not a coordinate; expected a letter and a number like c3",
    ),
    ("two-stones-on-a-point", "5:16: two stones on c3"),
    (
        "finished-game",
        "6:9: the position is already over: black has 3 in a row (a1 a2 a3)",
    ),
    (
        "captured-chain",
        "5:9: the white chain at a1 has no liberties",
    ),
    (
        "stone-counts",
        "4:9: impossible stone counts: 3 black and 1 white; black (who moves first) must have \
         as many stones as white (black to move) or one more (white to move)",
    ),
    (
        "stone-counts-to-move",
        "5:9: impossible stone counts: with white to move, black must have exactly one stone \
         more than white (black moves first); the position has 1 black and 1 white",
    ),
    (
        "tree-syntax",
        "7:1: in `tree`: expected ')' to close the node 'a' opened at line 4, column 1",
    ),
    (
        "tree-bad-leaf",
        "3:17: in `tree`: a leaf value must be a number or W/L/D (got 'x')",
    ),
    (
        "unknown-algorithm",
        "5:13: unknown algorithm \"mcts\"; expected one of minimax, alphabeta, \
         alphabeta-soft, id, lambda, dual-lambda, pns, pn2, dfpn, lambda-dfpn",
    ),
    (
        "unknown-result",
        "7:10: unknown result \"won\"; expected \"win\", \"loss\" or \"draw\" (for the side to \
         move)",
    ),
    (
        "winning-move-occupied",
        "13:24: in `winning_moves`: \"b3\" is not a legal move here: b3 is already occupied",
    ),
    (
        "winning-move-off-board",
        "7:30: in `winning_moves`: \"d2\" is not a legal move here: 'd2' is off the board; \
         columns are a..c, rows 1..3",
    ),
    (
        "negative-time",
        "6:8: time = -2.5 is not a positive number of seconds",
    ),
    (
        "zero-depth",
        "6:13: max_depth = 0 is out of range; expected a whole number of plies from 1 to 1000 \
         (as --max-depth)",
    ),
];

#[test]
fn invalid_fixtures_give_their_messages() {
    let mut wrong = Vec::new();
    for (stem, expected) in INVALID {
        let path = format!("tests/fixtures/invalid/{stem}.toml");
        let expected = format!("{path}:{expected}");
        match load(&path) {
            Ok(_) => wrong.push(format!("{path} loaded, expected: {expected}")),
            Err(e) if e.to_string() != expected => {
                wrong.push(format!("{path}\n  got:      {e}\n  expected: {expected}"))
            }
            Err(_) => {}
        }
    }
    assert!(wrong.is_empty(), "\n{}", wrong.join("\n"));
}

#[test]
fn every_invalid_fixture_is_checked() {
    let listed: BTreeSet<String> = INVALID.iter().map(|(s, _)| s.to_string()).collect();
    assert_eq!(listed.len(), INVALID.len(), "a fixture is listed twice");
    assert_eq!(listed, file_stems("tests/fixtures/invalid"));
}

#[test]
fn errors_carry_file_line_and_column() {
    let e = load("tests/fixtures/invalid/board-row-length.toml").unwrap_err();
    assert_eq!(e.origin, "tests/fixtures/invalid/board-row-length.toml");
    assert_eq!((e.line, e.column), (Some(7), Some(1)));
    assert!(Path::new(&e.origin).exists());
}

/// Characters that make mutations hit the interesting paths of the parser.
const MUTATION_ALPHABET: &[char] = &[
    '[', ']', '=', '"', '\'', '\n', ' ', '.', 'X', 'O', 'B', 'W', 'Z', '(', ')', ':', ',', '#',
    '0', '1', '3', '9', '-', 'a', 'k', 'é', '\\', '\r', '\t',
];

fn mutate(text: &str, edits: &[(u8, usize, usize, usize)]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for &(kind, at, len, symbol) in edits {
        let at = at % (chars.len() + 1);
        let symbol = MUTATION_ALPHABET[symbol % MUTATION_ALPHABET.len()];
        match kind % 3 {
            0 => chars.insert(at, symbol),
            1 => {
                let end = (at + len % 8).min(chars.len());
                chars.drain(at..end);
            }
            _ => {
                if at < chars.len() {
                    chars[at] = symbol;
                }
            }
        }
    }
    chars.into_iter().collect()
}

/// Every bundled puzzle and every fixture: the texts the mutations start from.
fn mutation_seeds() -> &'static [String] {
    static SEEDS: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    SEEDS.get_or_init(|| {
        let mut seeds: Vec<String> = bundled().iter().map(|b| b.text.to_string()).collect();
        for dir in ["tests/fixtures/valid", "tests/fixtures/invalid"] {
            for stem in file_stems(dir) {
                seeds.push(std::fs::read_to_string(format!("{dir}/{stem}.toml")).unwrap());
            }
        }
        seeds
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Random bytes never make the parser panic; errors always print.
    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let text = String::from_utf8_lossy(&bytes);
        if let Err(e) = puzzle::parse(&text, "random.toml") {
            prop_assert!(e.to_string().starts_with("random.toml"));
        }
    }

    /// Small edits of every bundled puzzle and fixture never make the parser panic.
    #[test]
    fn mutated_puzzles_never_panic(
        which in 0usize..1000,
        edits in proptest::collection::vec((any::<u8>(), any::<usize>(), any::<usize>(), any::<usize>()), 1..6),
    ) {
        let seeds = mutation_seeds();
        let text = mutate(&seeds[which % seeds.len()], &edits);
        match puzzle::parse(&text, "mutated.toml") {
            Ok(p) => { let _ = (p.position.diagram(), p.position.key()); }
            Err(e) => prop_assert!(e.to_string().starts_with("mutated.toml")),
        }
    }
}

#[test]
fn the_thesis_puzzles_default_to_threat_search_with_their_levels() {
    for (name, algorithm, level, depth) in [
        ("atarigo-6x6-crosscut", "dual-lambda", 3, Some(15)),
        ("mnk-7x7-k4", "dual-lambda", 3, Some(11)),
        ("hex-4x4", "dual-lambda", 3, Some(13)),
        ("mnk-4x4-k4-corners", "lambda", 2, Some(9)),
    ] {
        let p = load(name).unwrap();
        assert_eq!(p.algorithm.map(|a| a.name()), Some(algorithm), "{name}");
        assert_eq!(p.limits.max_level, Some(level), "{name}");
        assert_eq!(p.limits.max_depth, depth, "{name}");
        assert_eq!(p.expect.unwrap().lambda_level, Some(level), "{name}");
    }
}
