//! `plyscope gtp` (issue 20): a transcript of a session through the real binary, the
//! protocol's errors (the engine answers `? message` and reads on), and every claim of the
//! solve commands and overlays checked against an exhaustive search written here, which
//! shares no code with the engines.

use std::collections::HashMap;

use assert_cmd::Command;

use plyscope::game::{Game, MoveList, Outcome, Player, StoneGame};
use plyscope::gtp::Engine;
use plyscope::gtp::board::GameChoice;
use plyscope::gtp::think::Settings;
use plyscope::search::Limits;

fn session(args: &[&str], input: &str) -> (String, String, bool) {
    let out = Command::cargo_bin("plyscope")
        .expect("the binary is built")
        .arg("gtp")
        .args(args)
        .write_stdin(input)
        .output()
        .expect("plyscope gtp runs");
    (
        String::from_utf8(out.stdout).expect("answers are UTF-8"),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.success(),
    )
}

/// The answers of a session split at GTP's empty lines.
fn answers(stdout: &str) -> Vec<String> {
    stdout
        .split("\n\n")
        .filter(|a| !a.is_empty())
        .map(str::to_string)
        .collect()
}

#[test]
fn a_tictactoe_session_through_the_binary() {
    let input = "\
protocol_version
1 name
known_command genmove
known_command frobnicate
boardsize 3
clear_board
komi 6.5
play b b2
showboard
2 genmove w
3 dfpn-solve-state
undo
undo
dfpn-solve-state b
4 dfpn-solver-find-winning
quit
name
";
    let (stdout, stderr, ok) = session(&["--game", "mnk", "--nodes", "100000"], input);
    assert!(ok, "exit status 0; stderr: {stderr}");
    let a = answers(&stdout);
    assert_eq!(a[0], "= 2");
    assert_eq!(a[1], "=1 plyscope");
    assert_eq!(a[2], "= true");
    assert_eq!(a[3], "= false");
    assert_eq!(&a[4..8], ["=", "=", "=", "="]);
    assert_eq!(
        a[8],
        "=\n  a b c\n3 . . .\n2 . X .\n1 . . .\nwhite to move (1 move played; X is Black, O is \
         White)"
    );
    // Against the centre only a corner holds the draw (checked exhaustively below).
    assert!(
        ["=2 A1", "=2 A3", "=2 C1", "=2 C3"].contains(&a[9].as_str()),
        "{}",
        a[9]
    );
    assert_eq!(
        a[10], "=3 draw",
        "after b2 and a corner, black to move: a draw"
    );
    assert_eq!(&a[11..13], ["=", "="]);
    assert_eq!(a[13], "= draw", "the empty board is a draw");
    // Black to move on the empty board wins nowhere.
    assert_eq!(a[14], "=4");
    assert_eq!(a[15], "=");
    // Nothing after quit is read.
    assert_eq!(a.len(), 16, "{stdout}");
    assert!(
        stderr.contains("id's best move"),
        "genmove says why on stderr: {stderr}"
    );
}

#[test]
fn malformed_commands_get_an_error_and_the_engine_reads_on() {
    let input = "\
frobnicate
7 play b
play x c3
play b z9
play b i1
boardsize 0
boardsize 5 7
boardsize five
komi much
genmove
undo
play b c3
play w c3
\u{1}\u{2}\u{ff}garbage
99999999999999999999999 name
known_command
name
";
    let (stdout, _, ok) = session(&["--nodes", "1000"], input);
    assert!(ok);
    let a = answers(&stdout);
    let expected = [
        "? unknown command",
        "?7 syntax error: play takes a colour and a vertex (play b c3)",
        "? invalid color 'x'; expected b, w, black or white",
        "? invalid vertex 'z9': off the 5x5 board",
        "? invalid vertex 'i1'; GTP columns skip the letter I",
        "? unacceptable size (an AtariGo board has 2 to 19 columns and rows; got 0x0)",
        "? unacceptable size: plyscope plays on square boards",
        "? syntax error: boardsize takes a number (Hex: one or two)",
        "? syntax error: komi takes one number (plyscope's games ignore it)",
        "? syntax error: genmove takes one colour (b or w)",
        "? cannot undo",
        "=",
        "? illegal move: the point is occupied",
        "? unknown command",
        // An id too large for a number is no id: the line is an unknown command.
        "? unknown command",
        "? known_command takes one argument, a command's name",
        "= plyscope",
    ];
    assert_eq!(a, expected, "{stdout}");
}

#[test]
fn hex_speaks_benzenes_htp() {
    let input = "\
boardsize 4 4
hexgui-analyze_commands
play b swap-pieces
play b b3
play w i1
showboard
";
    let (stdout, _, ok) = session(&["--game", "hex", "--nodes", "10000"], input);
    assert!(ok);
    let a = answers(&stdout);
    assert_eq!(a[0], "=");
    assert!(a[1].contains("plist/Find winning moves (df-pn)/dfpn-solver-find-winning %m"));
    assert!(a[1].contains("pspairs/plyscope: Proof/disproof numbers per move/plyscope-pn_dn %m"));
    assert_eq!(a[2], "? plyscope plays Hex without the swap rule");
    assert_eq!(a[3], "=");
    assert_eq!(a[4], "? invalid vertex 'i1': off the 4x4 board");
    assert!(a[5].contains("white to move"), "{}", a[5]);
}

// --- The claims, against exhaustive search ------------------------------------------

/// Exhaustive search: does the side to move win (a draw is no win)? Memoised by key.
fn wins<G: Game>(game: &mut G, memo: &mut HashMap<u64, bool>) -> bool {
    if let Some(&known) = memo.get(&game.key()) {
        return known;
    }
    let mover = game.to_move();
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    let mut won = false;
    for &mv in moves.iter() {
        game.play(mv);
        let after = match game.outcome() {
            Some(Outcome::Win(p)) => p == mover,
            Some(_) => false,
            None => !holds(game, memo),
        };
        game.undo(mv);
        if after {
            won = true;
            break;
        }
    }
    memo.insert(game.key(), won);
    won
}

/// Does the side to move at least hold: is it not lost to the side that just moved? For
/// games without draws this is `wins`; with draws, the side to move holds when some move
/// keeps the opponent from winning.
fn holds<G: Game>(game: &mut G, memo: &mut HashMap<u64, bool>) -> bool {
    // The opponent wins from here iff every move of the side to move lets it win.
    let mover = game.to_move();
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    if moves.is_empty() {
        return true;
    }
    for &mv in moves.iter() {
        game.play(mv);
        let opponent_wins = match game.outcome() {
            Some(Outcome::Win(p)) => p != mover,
            Some(_) => false,
            None => wins(game, memo),
        };
        game.undo(mv);
        if !opponent_wins {
            return true;
        }
    }
    false
}

/// The exhaustive winning moves of the side to move of `game`, as points.
fn winning_points<G: StoneGame>(mut game: G) -> Vec<u16> {
    let mover = game.to_move();
    let mut memo = HashMap::new();
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    let mut out = Vec::new();
    for &mv in moves.iter() {
        game.play(mv);
        let won = match game.outcome() {
            Some(Outcome::Win(p)) => p == mover,
            Some(_) => false,
            None => !holds(&mut game, &mut memo),
        };
        game.undo(mv);
        if won {
            out.push(mv);
        }
    }
    out.sort_unstable();
    out
}

fn engine(choice: GameChoice, nodes: u64) -> Engine {
    Engine::new(
        choice,
        Settings {
            prover: None,
            limits: Limits {
                max_depth: None,
                nodes: Some(nodes),
                time: None,
            },
            threads: 1,
        },
    )
    .unwrap()
}

fn ask(engine: &mut Engine, line: &str) -> String {
    let answer = engine.answer_line(line).expect("a command");
    assert!(answer.starts_with('='), "{line}: {answer}");
    answer.trim_start_matches('=').trim().to_string()
}

fn points_of(engine: &Engine, answer: &str) -> Vec<u16> {
    let mut out: Vec<u16> = answer
        .split_whitespace()
        .map(|v| match engine.board().parse_vertex(v).unwrap() {
            plyscope::gtp::board::Move::Stone(p) => p,
            other => panic!("{v} is {other:?}"),
        })
        .collect();
    out.sort_unstable();
    out
}

/// Positions of each game, as GTP moves from the empty board, whose claims are checked.
const CASES: [(GameChoice, usize, &str); 6] = [
    (GameChoice::Hex, 3, ""),
    (GameChoice::Hex, 4, "b b2 w c2 b c3"),
    (GameChoice::Mnk { k: None }, 3, "b a1 w b2"),
    (
        GameChoice::Mnk { k: None },
        4,
        "b b2 w b3 b c3 w a1 b d4 w c2",
    ),
    (GameChoice::AtariGo, 4, "b b2 w c2 b c3 w b3"),
    (GameChoice::AtariGo, 4, "b b2 w c3 b b3 w c2 b d2"),
];

fn set_up(choice: GameChoice, size: usize, moves: &str) -> Engine {
    let mut e = engine(choice, 2_000_000);
    ask(&mut e, &format!("boardsize {size}"));
    let words: Vec<&str> = moves.split_whitespace().collect();
    for pair in words.chunks(2) {
        ask(&mut e, &format!("play {} {}", pair[0], pair[1]));
    }
    e
}

fn exhaustive_winning(e: &Engine) -> Vec<u16> {
    match e.board().position() {
        plyscope::puzzle::Position::Hex(g) => winning_points(g),
        plyscope::puzzle::Position::Mnk(g) => winning_points(g),
        plyscope::puzzle::Position::AtariGo(g) => winning_points(g),
        _ => unreachable!(),
    }
}

#[test]
fn winning_moves_solve_state_and_pn_dn_agree_with_exhaustive_search() {
    for (choice, size, moves) in CASES {
        let mut e = set_up(choice, size, moves);
        let truth = exhaustive_winning(&e);
        let case = format!("{choice:?} {size}x{size} after '{moves}'");
        let found = ask(&mut e, "dfpn-solver-find-winning");
        assert_eq!(points_of(&e, &found), truth, "{case}: winning moves");
        let overlay = ask(&mut e, "plyscope-winning_moves");
        let listed = if choice.is_hex() {
            overlay.clone()
        } else {
            overlay
                .lines()
                .find_map(|l| l.strip_prefix("COLOR #00a000 "))
                .unwrap_or("")
                .to_string()
        };
        assert_eq!(points_of(&e, &listed), truth, "{case}: the overlay");
        let state = ask(&mut e, "dfpn-solve-state");
        let mover = e.board().to_move();
        if !truth.is_empty() {
            assert_eq!(state, mover.name(), "{case}");
        } else {
            assert_ne!(state, mover.name(), "{case}");
            assert_ne!(state, "empty", "{case}: small positions are decided");
        }
        // pn/dn: a proven move (0/inf) wins, a disproven one (inf/0) does not.
        let numbers = ask(&mut e, "plyscope-pn_dn");
        let words: Vec<&str> = numbers
            .lines()
            .next()
            .unwrap()
            .trim_start_matches("LABEL")
            .split_whitespace()
            .collect();
        for pair in words.chunks(2) {
            let p = points_of(&e, pair[0])[0];
            match pair[1] {
                "0/inf" => assert!(truth.contains(&p), "{case}: {} proven", pair[0]),
                "inf/0" => assert!(!truth.contains(&p), "{case}: {} disproven", pair[0]),
                _ => {}
            }
        }
    }
}

#[test]
fn a_must_play_region_holds_every_move_that_does_not_lose_at_once() {
    // White's c2 stone is in atari after black d2 (liberty c1): white must play c1 (or
    // capture, which it cannot).
    let mut e = set_up(GameChoice::AtariGo, 4, "b b2 w c2 b c3 w a1 b d2");
    let region = ask(&mut e, "plyscope-must_play");
    assert_eq!(
        region,
        "COLOR #ff8000 C1\nTEXT white's must-play region: every move outside C1 loses"
    );
    // Every other white move loses at once: black captures.
    let mut game = match e.board().position() {
        plyscope::puzzle::Position::AtariGo(g) => g,
        _ => unreachable!(),
    };
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    let c1 = points_of(&e, "C1")[0];
    for &mv in moves.iter().filter(|&&m| m != c1) {
        game.play(mv);
        let mut replies = MoveList::new();
        game.legal_moves(&mut replies);
        let captured = replies.iter().any(|&r| {
            game.play(r);
            let won = game.outcome() == Some(Outcome::Win(Player::Black));
            game.undo(r);
            won
        });
        game.undo(mv);
        assert!(captured, "after white {mv} black captures at once");
    }
}

#[test]
fn genmove_keeps_a_proven_win_to_the_end() {
    // AtariGo 4x4 is a second-player win (the bundled atarigo-4x4: a loss in 14 plies for
    // black). White proves it after black's first move and plays it out against black's own
    // best tries, answering from the proof it keeps.
    let mut e = engine(GameChoice::AtariGo, 400_000);
    ask(&mut e, "boardsize 4");
    let mut proof_at = None;
    for turn in 0..40 {
        if ask(&mut e, "genmove b") == "resign" {
            break;
        }
        if ask(&mut e, "genmove w") == "pass" {
            break;
        }
        let kept = e.strategy().map(|s| (s.start(), s.positions()));
        match (proof_at, kept) {
            (None, Some(k)) => proof_at = Some(k),
            // Once proven, the same proof answers every later move: no new search.
            (Some(first), now) => assert_eq!(now, Some(first), "turn {turn}"),
            (None, None) => {}
        }
    }
    assert!(
        proof_at.is_some(),
        "white proved its win and kept the proof"
    );
    assert_eq!(
        e.board().outcome(),
        Some(Outcome::Win(Player::White)),
        "{}",
        e.board().show()
    );
}

#[test]
fn with_no_time_to_search_genmove_still_plays_the_evaluations_choice() {
    // Two nodes: neither the prover nor one iteration of id finishes on 13x13 Hex; the move
    // is the best one ply ahead by the evaluation, ties to the centre, not the first cell.
    let mut e = engine(GameChoice::Hex, 2);
    ask(&mut e, "boardsize 13");
    assert_eq!(ask(&mut e, "genmove b"), "g7");
    // On AtariGo the one move that saves a stone in atari comes out the same way.
    let mut e = engine(GameChoice::AtariGo, 2);
    ask(&mut e, "boardsize 9");
    for (c, v) in [("b", "e5"), ("w", "a1"), ("b", "b1")] {
        ask(&mut e, &format!("play {c} {v}"));
    }
    assert_eq!(
        ask(&mut e, "genmove w"),
        "A2",
        "white extends a1, in atari, at a2"
    );
}

#[test]
fn an_mnk_engine_with_a_long_k_starts_and_refuses_a_board_too_small_at_boardsize() {
    let (stdout, stderr, ok) = session(
        &["--game", "mnk", "--k", "5", "--nodes", "1000"],
        "boardsize 3\nboardsize 7\nname\n",
    );
    assert!(ok, "{stderr}");
    assert_eq!(
        answers(&stdout),
        [
            "? unacceptable size (k = 5 does not fit on a 3x3 board: no line of 5 points)",
            "=",
            "= plyscope"
        ]
    );
}
