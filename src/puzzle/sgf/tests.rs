//! The SGF reader, property by property, and every refusal's message.

use super::*;
use crate::puzzle::GameKind;

fn ok(text: &str) -> Puzzle {
    parse(text, "g.sgf").unwrap_or_else(|e| panic!("{e}"))
}

fn error(text: &str) -> String {
    match parse(text, "g.sgf") {
        Ok(p) => panic!("read as\n{}", p.position.diagram()),
        Err(e) => e.to_string(),
    }
}

/// The diagram's rows, without the column letters.
fn rows(p: &Puzzle) -> Vec<String> {
    p.position
        .diagram()
        .lines()
        .skip(1)
        .map(|l| l.trim_end().to_string())
        .collect()
}

#[test]
fn go_set_up_stones_size_and_side_to_move_are_read() {
    let p = ok("(;FF[4]GM[1]SZ[5]GN[Fight]AB[bc][cb]AW[cc][dd]PL[B]C[a comment])");
    assert_eq!(GameKind::of(&p.position), GameKind::AtariGo);
    assert_eq!(p.position.board_size(), Some((5, 5)));
    assert_eq!(p.position.to_move(), Player::Black);
    assert_eq!(
        rows(&p),
        vec![
            "5 . . . . .",
            "4 . . X . .",
            "3 . X O . .",
            "2 . . . O .",
            "1 . . . . ."
        ]
    );
    assert_eq!(
        p.title,
        "Fight (Go read as AtariGo: the first capture wins)"
    );
    assert_eq!(p.name, "g.sgf");
    assert!(p.expect.is_none());
    // Without GN the title still says how Go is played.
    let q = ok("(;GM[1]SZ[3])");
    assert_eq!(
        q.title,
        "SGF position (Go read as AtariGo: the first capture wins)"
    );
}

#[test]
fn rectangles_compressed_lists_and_the_default_size_are_read() {
    let p = ok("(;GM[1]SZ[4:3]AB[aa]AW[dc])");
    assert_eq!(p.position.board_size(), Some((4, 3)));
    assert_eq!(rows(&p), vec!["3 X . . .", "2 . . . .", "1 . . . O"]);
    // aa:ba is a compressed list of two points (FF[4]).
    let p = ok("(;GM[1]SZ[5]AB[aa:ba]AW[ee][de])");
    assert_eq!(rows(&p)[0], "5 X X . . .");
    assert_eq!(rows(&p)[4], "1 . . . O O");
    // No GM is Go, no SZ 19x19, as FF[4] says.
    assert_eq!(ok("(;FF[4])").position.board_size(), Some((19, 19)));
}

#[test]
fn the_side_to_move_comes_from_pl_the_first_move_or_the_counts() {
    assert_eq!(ok("(;GM[1]SZ[5]AB[aa])").position.to_move(), Player::White);
    assert_eq!(
        ok("(;GM[1]SZ[5]AB[aa]AW[bb])").position.to_move(),
        Player::Black
    );
    assert_eq!(
        ok("(;GM[1]SZ[5]AB[aa]PL[W])").position.to_move(),
        Player::White
    );
    assert_eq!(
        error("(;GM[1]SZ[5]AB[aa][bb])"),
        "g.sgf: AB/AW: impossible stone counts: 2 black and 0 white; black (who moves first) \
         must have as many stones as white (black to move) or one more (white to move)"
    );
    // PL cannot make uneven counts a position: the message said what black to move needs,
    // as if PL[W] would do (it said "with black to move ... as many stones").
    assert_eq!(
        error("(;GM[1]SZ[5]AB[aa][bb]PL[B])"),
        "g.sgf: AB/AW: impossible stone counts: 2 black and 0 white; black (who moves first) \
         must have as many stones as white (black to move) or one more (white to move); PL[B] \
         cannot change that"
    );
    assert_eq!(
        error("(;GM[1]SZ[5]AB[aa]PL[B])"),
        "g.sgf: the set-up (AB, AW, AE; PL[B]) is not a position to play: with black to move \
         black and white must have as many stones; found 1 black and 0 white"
    );
}

/// One point set up twice in a node is refused, naming it and the properties: AW replaced
/// the AB stone quietly and the stone counts' message was all the user saw.
#[test]
fn a_point_set_up_twice_in_a_node_is_refused() {
    assert_eq!(
        error("(;FF[4]GM[1]SZ[5]AB[bb]AW[bb])"),
        "g.sgf: node 1 (the root): bb is set up both black and white (AB[bb] and AW[bb]); \
         FF[4] allows one set-up property per point in a node"
    );
    assert_eq!(
        error("(;GM[1]SZ[5];AW[cc]AE[cc])"),
        "g.sgf: node 2: cc is set up both white and empty (AW[cc] and AE[cc]); FF[4] allows \
         one set-up property per point in a node"
    );
    // Hex cell names too.
    assert!(
        error("(;FF[4]GM[11]SZ[4]AB[b2]AW[b2])")
            .contains("node 1 (the root): b2 is set up both black and white (AB[b2] and AW[b2])")
    );
    // A later node may change a point set up before.
    let p = ok("(;GM[1]SZ[3]AB[aa][bb]AW[cc];AW[bb]AB[ca])");
    assert_eq!(rows(&p), vec!["3 X . X", "2 . O .", "1 . . O"]);
}

#[test]
fn ae_removes_stones_during_set_up() {
    // Benzene writes AE with every empty cell; it also clears a stone placed before.
    let p = ok("(;GM[1]SZ[3]AB[aa][bb]AW[cc];AE[bb][ab]AW[ba]AB[ca])");
    assert_eq!(rows(&p), vec!["3 X O X", "2 . . .", "1 . . O"]);
}

#[test]
fn main_line_moves_are_played_on_top_and_variations_ignored() {
    let p = ok("(;GM[1]SZ[5]AB[cc]AW[dd];B[bb]C[x](;W[ee];B[aa])(;W[ae]))");
    assert_eq!(p.position.to_move(), Player::White);
    assert_eq!(
        rows(&p),
        vec![
            "5 X . . . .",
            "4 . X . . .",
            "3 . . X . .",
            "2 . . . O .",
            "1 . . . . O"
        ]
    );
    assert!(
        p.title.ends_with("after 3 moves of the main line)"),
        "{}",
        p.title
    );
    // Set-up may sit in the node after the root, as HexGui and Benzene write it.
    let p = ok("(;GM[1]SZ[3];AB[aa]AW[cc];B[bb])");
    assert_eq!(rows(&p), vec!["3 X . .", "2 . X .", "1 . . O"]);
}

#[test]
fn a_capture_in_the_main_line_is_a_finished_game() {
    // White's a3 has one liberty, a2 ... b3 was played: B a2 captures.
    assert_eq!(
        error("(;GM[1]SZ[3]AB[ba]AW[aa]PL[B];B[ab])"),
        "g.sgf: node 2: B[ab] (a2) ends the game: AtariGo ends at the first capture (or a \
         suicide), so the main line reaches a finished game and leaves nothing to solve; cut \
         the main line before this move"
    );
    // A suicide ends it as well.
    assert!(
        error("(;GM[1]SZ[3]AW[ab][ba]AB[cc][bb];B[aa])")
            .contains("node 2: B[aa] (a3) ends the game")
    );
}

#[test]
fn illegal_moves_are_named_by_node_and_move() {
    assert_eq!(
        error("(;GM[1]SZ[5];B[cc];W[cc])"),
        "g.sgf: node 3: W[cc] (c3) is not legal: c3 is already occupied"
    );
    assert_eq!(
        error("(;GM[1]SZ[5];B[cc];B[dd])"),
        "g.sgf: node 3: B[dd] (d2) is played by black but white is to move; plyscope's games \
         alternate"
    );
    assert_eq!(
        error("(;GM[1]SZ[5];B[cc];W[])"),
        "g.sgf: node 3: W[] is a pass; plyscope's games have none in their move lists"
    );
    assert_eq!(
        error("(;GM[1]SZ[5];B[tt])"),
        "g.sgf: node 2: B[tt] is a pass; plyscope's games have none in their move lists"
    );
    assert_eq!(
        error("(;GM[1]SZ[5];B[ff])"),
        "g.sgf: node 2: B[ff]: 'ff' is off the 5x5 board"
    );
    assert_eq!(
        error("(;GM[1]SZ[5];B[c3])"),
        "g.sgf: node 2: B[c3] is not a valid B value"
    );
    assert_eq!(
        error("(;GM[1]SZ[5]AB[zz])"),
        "g.sgf: node 1 (the root): AB[zz]: 'zz' is off the 5x5 board"
    );
}

#[test]
fn unsupported_properties_are_refused_by_name() {
    assert_eq!(
        error("(;GM[3]SZ[8])"),
        "g.sgf: GM[3]: plyscope reads Go (GM[1], played as AtariGo) and Hex (GM[11])"
    );
    assert!(error("(;GM[4]SZ[5])").starts_with("g.sgf: GM[4] (Gomoku and Renju"));
    assert_eq!(
        error("(;GM[1]SZ[21])"),
        "g.sgf: SZ: an AtariGo board has 2 to 19 columns and rows; got 21x21"
    );
    assert_eq!(
        error("(;GM[1]SZ[x])"),
        "g.sgf: node 1 (the root): SZ[x] is not a valid SZ value; expected SZ[n] or \
         SZ[columns:rows]"
    );
    assert_eq!(
        error("(;GM[1]SZ[5];B[cc]KO[])"),
        "g.sgf: node 2: KO (play a move the rules forbid) is not supported; plyscope plays \
         only legal moves"
    );
    assert!(
        error("(;GM[1]SZ[9]HA[2]AB[cc][gg]PL[W])")
            .starts_with("g.sgf: node 1 (the root): HA[2]: handicap games are not supported")
    );
    assert_eq!(
        error("(;GM[1]SZ[5];B[cc];AB[aa];W[dd])"),
        "g.sgf: node 3: AB after a move (or beside one); plyscope reads set-up stones (AB, AW, \
         AE, PL) before the first move only"
    );
    assert_eq!(
        error("(;GM[1]SZ[5])(;GM[1]SZ[5])"),
        "g.sgf: the file holds 2 games; plyscope reads a file of one game"
    );
    assert_eq!(
        error("(;GM[1]SZ[5];B[cc]"),
        "g.sgf:1:1: the game tree opened here is never closed; a ) is missing"
    );
}

#[test]
fn unknown_properties_comments_and_markup_are_ignored() {
    let p = ok(
        "(;FF[4]GM[1]SZ[3]CA[UTF-8]PB[Ann]PW[Bo]DT[2026-01-01]RU[Japanese]KM[6.5]\
                XY[whatever]C[a [bracket\\] ]LB[aa:A]TR[bb];B[bb]N[move one]MA[aa])",
    );
    assert_eq!(rows(&p), vec!["3 . . .", "2 . X .", "1 . . ."]);
}

#[test]
fn hex_is_read_as_hexgui_and_benzene_write_it() {
    // HexGui's shape: FF, AP, GM, SZ in the root; set-up in the next node; cells as c3.
    let p = ok("(;AP[HexGui:0.9]FF[4]GM[11]SZ[4];AB[a1][c2]AW[b2][d4];B[b3]\n;W[d1])");
    assert_eq!(GameKind::of(&p.position), GameKind::Hex);
    assert_eq!(p.position.board_size(), Some((4, 4)));
    assert_eq!(p.position.to_move(), Player::Black);
    let mut expected = Hex::new(4).unwrap();
    let stones: Vec<(Point, Player)> = [
        ("a1", Player::Black),
        ("c2", Player::Black),
        ("b3", Player::Black),
        ("b2", Player::White),
        ("d4", Player::White),
        ("d1", Player::White),
    ]
    .iter()
    .map(|&(name, who)| (parse_point(name, 4, 4).unwrap(), who))
    .collect();
    expected = expected.with_stones(&stones, Player::Black).unwrap();
    assert_eq!(p.position.diagram(), expected.diagram());
    assert_eq!(
        p.title,
        "SGF position (Hex from SGF, after 2 moves of the main line)"
    );
    // Little Golem's letters as HexGui reads them: cb is c2.
    let lg = ok("(;GM[11]SZ[4];B[cb])");
    assert_eq!(
        lg.position.check_move("c2").unwrap_err(),
        "c2 is already occupied"
    );
}

#[test]
fn hex_refusals_name_the_property() {
    assert_eq!(
        error("(;GM[11]SZ[5:4])"),
        "g.sgf: SZ[5:4]: plyscope's Hex board is square (SZ[n], 1 to 13)"
    );
    assert_eq!(
        error("(;GM[11])"),
        "g.sgf: SZ is missing in node 1 (the root); a Hex file names its board size, SZ[n]"
    );
    // The size is checked before the stones are read against it.
    assert_eq!(
        error("(;GM[11]SZ[0]AB[a1])"),
        "g.sgf: SZ: a Hex board has 1 to 13 points on a side; got 0"
    );
    assert_eq!(
        error("(;GM[1]SZ[0:5];B[aa])"),
        "g.sgf: SZ: an AtariGo board has 2 to 19 columns and rows; got 0x5"
    );
    assert_eq!(
        error("(;GM[11]SZ[14])"),
        "g.sgf: SZ: a Hex board has 1 to 13 points on a side; got 14"
    );
    assert_eq!(
        error("(;GM[11]SZ[5];B[c3];W[swap-pieces])"),
        "g.sgf: node 3: W[swap-pieces] is a swap; plyscope's Hex has no swap rule"
    );
    assert_eq!(
        error("(;GM[11]SZ[5];B[c3];W[resign])"),
        "g.sgf: node 3: W[resign] is a resignation; the game is over and nothing is left to \
         solve"
    );
    assert_eq!(
        error("(;GM[11]SZ[3];B[f1])"),
        "g.sgf: node 2: B[f1]: 'f1' is off the board; columns are a..c, rows 1..3 (HexGui \
         and Benzene name cells so: a letter and a number, c3)"
    );
    // Black joins rows 1 and n: a1 a2 on a 2x2 board wins for Black.
    assert_eq!(
        error("(;GM[11]SZ[2];B[a1];W[b1];B[a2])"),
        "g.sgf: node 4: B[a2] (a2) ends the game: it joins the player's edges, so the main \
         line reaches a finished game and leaves nothing to solve; cut the main line before \
         this move"
    );
}

#[test]
fn plyscope_proof_files_are_read_at_their_root() {
    // A proof's main line is the attacker's first line of play: it ends in a win.
    let text = "(;FF[4]GM[1]CA[UTF-8]AP[plyscope:0.1.0]SZ[3]PL[B]GN[p]C[proof]AW[aa]AB[cc]\
                ;B[ab];W[bb];B[ba])";
    let p = ok(text);
    assert_eq!(p.position.to_move(), Player::Black);
    assert_eq!(rows(&p), vec!["3 O . .", "2 . . .", "1 . . X"]);
    assert_eq!(p.title, "p (Go read as AtariGo: the first capture wins)");
}

#[test]
fn sgf_is_told_from_toml_by_content_or_name() {
    assert!(looks_like_sgf("\u{feff}  (;GM[1])"));
    assert!(!looks_like_sgf("title = \"x\""));
    // A .sgf name with other content is an SGF error, not a TOML one.
    let e = crate::puzzle::parse("title = \"x\"\n", "p.sgf").unwrap_err();
    assert_eq!(
        e.to_string(),
        "p.sgf:1:1: an SGF file starts with ( and a game tree, as in (;GM[1]SZ[9])"
    );
    // SGF content under another name still reads as SGF.
    assert!(crate::puzzle::parse("(;GM[1]SZ[3])", "p.txt").is_ok());
}

#[test]
fn a_tree_that_branches_before_its_first_move_is_read_at_its_set_up() {
    // A problem file: set-up, then the answers as variations, White to play first.
    let p = ok("(;GM[1]SZ[3]GN[problem]AB[aa][cc]AW[bb](;W[ab];B[ba])(;W[ba]))");
    assert_eq!(rows(&p), vec!["3 X . .", "2 . O .", "1 . . X"]);
    assert_eq!(p.position.to_move(), Player::White);
    assert_eq!(
        p.title,
        "problem (Go read as AtariGo: the first capture wins; the set-up position, its 2 \
         variations not played)"
    );
    // Set-up in the node after the root, then the branching (a Benzene regression file's
    // shape): the same.
    let p = ok("(;FF[4]GM[11]SZ[4];AB[b3](;W[c2];B[c3])(;W[b2]))");
    assert_eq!(p.position.to_move(), Player::White);
    assert!(
        p.title.ends_with("its 2 variations not played)"),
        "{}",
        p.title
    );
    // Variations after the first move are a game record's side lines: the main line goes on.
    let p = ok("(;GM[1]SZ[5];B[cc](;W[dd];B[bb])(;W[ee]))");
    assert!(
        p.title.ends_with("after 3 moves of the main line)"),
        "{}",
        p.title
    );
}

#[test]
fn malformed_nodes_are_named() {
    assert_eq!(
        error("(;GM[1]SZ[5];B[cc]W[dd])"),
        "g.sgf: node 2: two moves in one node; FF[4] allows one"
    );
    assert_eq!(
        error("(;GM[1]SZ[5];SZ[7];B[cc])"),
        "g.sgf: node 2: GM and SZ belong in the root node; one board per file"
    );
    assert_eq!(
        error("(;GM[1]SZ[5];B[cc]AB[aa])"),
        "g.sgf: node 2: AB after a move (or beside one); plyscope reads set-up stones (AB, AW, \
         AE, PL) before the first move only"
    );
    assert_eq!(
        error("(;GM[1]SZ[5]PL[X])"),
        "g.sgf: node 1 (the root): PL[X] is not a valid PL value"
    );
}
