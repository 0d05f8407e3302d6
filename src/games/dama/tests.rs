//! Rule tests of Czech checkers, one per special rule of Kühr, *Algorithms of a computer player in
//! simple board games*, section 1.2, and the worked examples of Kühr (1.1, 1.2 and 2.6).

use super::*;

/// A position from a diagram (first line row 8; `x`/`X` black man/king, `o`/`O` white
/// man/king, anything else empty; spaces ignored).
fn board(rows: &[&str], to_move: Player) -> Dama {
    assert_eq!(rows.len(), 8);
    let mut pieces = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let cells: Vec<char> = row.chars().filter(|c| !c.is_whitespace()).collect();
        assert_eq!(cells.len(), 8, "{row}");
        for (x, &c) in cells.iter().enumerate() {
            if let Some(piece) = Piece::from_letter(c) {
                pieces.push(((x + 8 * (7 - i)) as Point, piece));
            }
        }
    }
    Dama::with_pieces(&pieces, to_move).unwrap()
}

/// The legal moves in notation, sorted.
fn moves(game: &Dama) -> Vec<String> {
    let mut list = MoveList::new();
    game.legal_moves(&mut list);
    let mut names: Vec<String> = list.iter().map(|m| game.format_move(*m)).collect();
    names.sort();
    names
}

fn play(game: &mut Dama, text: &str) -> DamaMove {
    let mv = game.parse_move(text).unwrap();
    game.play(mv);
    mv
}

#[test]
fn the_start_position_has_seven_moves_for_white() {
    let game = Dama::new();
    assert_eq!(game.to_move(), Player::White);
    assert_eq!(
        moves(&game),
        [
            "a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"
        ]
    );
    assert_eq!(
        game.diagram(),
        "  a b c d e f g h\n8 . x . x . x . x\n7 x . x . x . x .\n6 . x . x . x . x\n\
         5 . . . . . . . .\n4 . . . . . . . .\n3 o . o . o . o .\n2 . o . o . o . o\n\
         1 o . o . o . o .\n"
    );
    assert_eq!(game.outcome(), None);
    assert_eq!(game.evaluate(), 0);
}

#[test]
fn seed_example_1_1_men_step_forward_only() {
    // White man c1; black men c5 and f2, black king e5.
    let game = board(
        &[
            "........", "........", "........", "..x.X...", "........", "........", ".....x..",
            "..o.....",
        ],
        Player::White,
    );
    assert_eq!(moves(&game), ["c1-b2", "c1-d2"]);
    // Black's man on f2 steps towards row 1 only; the king flies in all four directions.
    let black = board(
        &[
            "........", "........", "........", "........", "........", "........", ".....x..",
            "........",
        ],
        Player::Black,
    );
    assert_eq!(moves(&black), ["f2-e1", "f2-g1"]);
}

#[test]
fn seed_example_1_2_a_flying_king_lands_anywhere_and_must_continue() {
    // Example 1.1 plus a white king on a3: exactly the five jumps Kühr lists.
    let game = board(
        &[
            "........", "........", "........", "..x.X...", "........", "O.......", ".....x..",
            "..o.....",
        ],
        Player::White,
    );
    assert_eq!(
        moves(&game),
        ["a3-d6-f4", "a3-d6-g3-e1", "a3-d6-h2", "a3-e7", "a3-f8"]
    );
    // `a3-d6-g3` stops where a jump remains: not a move.
    assert!(game.parse_move("a3-d6-g3").is_err());
}

#[test]
fn kings_fly_along_the_diagonals_until_blocked() {
    let game = board(
        &[
            "........", "........", "........", "........", "........", "........", "........",
            "O...o...",
        ],
        Player::White,
    );
    // a1 flies north-east up to h8; the man on e1 steps.
    let list = moves(&game);
    for m in ["a1-b2", "a1-d4", "a1-h8", "e1-d2", "e1-f2"] {
        assert!(list.contains(&m.to_string()), "{m} missing from {list:?}");
    }
    assert_eq!(list.len(), 7 + 2);
    let blocked = board(
        &[
            "........", "........", "........", "........", "...o....", "........", "........",
            "O.......",
        ],
        Player::White,
    );
    let list = moves(&blocked);
    assert!(list.contains(&"a1-c3".to_string()));
    assert!(
        !list.contains(&"a1-e5".to_string()),
        "d4 blocks the diagonal"
    );
}

#[test]
fn men_jump_forward_only() {
    // White man d4: a black man behind it on c3 cannot be jumped; the one ahead on e5 must.
    let game = board(
        &[
            "........", "........", "........", "....x...", "...o....", "..x.....", "........",
            "........",
        ],
        Player::White,
    );
    assert_eq!(moves(&game), ["d4-f6"]);
    let behind_only = board(
        &[
            "........", "........", "........", "........", "...o....", "..x.....", "........",
            "........",
        ],
        Player::White,
    );
    assert_eq!(moves(&behind_only), ["d4-c5", "d4-e5"]);
}

#[test]
fn jumping_is_mandatory_with_free_choice_among_jumps() {
    // d4 can take one man (c5, landing b6) or two (e5, then e7 landing d8); both are
    // legal: no majority rule. The plain step of b2 is not.
    let game = board(
        &[
            "........", "....x...", "........", "..x.x...", "...o....", "........", ".o......",
            "........",
        ],
        Player::White,
    );
    assert_eq!(moves(&game), ["d4-b6", "d4-f6-d8"]);
    let two = game.parse_move("d4-f6-d8").unwrap();
    assert_eq!(two.capture_count(), 2);
    assert!(two.promotes());
}

#[test]
fn a_king_jumps_in_preference_to_a_man() {
    // The man on d4 could take two pieces; the king on a1 only one: only the king jumps.
    let game = board(
        &[
            "........", "....x...", "........", "..x.x...", "...o....", "........", ".x......",
            "O.......",
        ],
        Player::White,
    );
    assert_eq!(moves(&game), ["a1-c3"]);
}

#[test]
fn jumped_pieces_stay_until_the_move_ends_and_are_jumped_once() {
    // King e1 takes d2 (landing c3 or b4/a5), then from c3 b2 (landing a1). At a1 the
    // jumped b2 still stands, so the king cannot fly on along a1-h8 to f6; it stops.
    let game = board(
        &[
            "........", "........", ".....x..", "........", "........", "........", ".x.x....",
            "....O...",
        ],
        Player::White,
    );
    let list = moves(&game);
    assert!(list.contains(&"e1-c3-a1".to_string()), "{list:?}");
    assert!(list.iter().all(|m| !m.starts_with("e1-c3-a1-")), "{list:?}");
    // A ring of five men: the king goes round and comes back to e3, where every way out
    // crosses a man it has jumped; it takes each man once.
    let ring = board(
        &[
            "........", "........", "...x.x..", "........", "...x.x..", "........", "...x....",
            "..O.....",
        ],
        Player::White,
    );
    let mut list = MoveList::new();
    ring.legal_moves(&mut list);
    let most = list.iter().map(|m| m.capture_count()).max().unwrap();
    assert_eq!(most, 5);
    for m in list.iter() {
        assert_eq!(m.captured().count_ones() as usize, m.capture_count());
    }
    assert!(
        moves(&ring).contains(&"c1-e3-g5-e7-c5-e3".to_string()),
        "{:?}",
        moves(&ring)
    );
}

#[test]
fn a_man_reaching_the_last_row_is_crowned_and_stops() {
    // d6 takes e7 landing on f8; from f8 a king could take g7, a man cannot: the move ends.
    let mut game = board(
        &[
            "........", "....x.x.", "...o....", "........", "........", "........", "........",
            "........",
        ],
        Player::White,
    );
    assert_eq!(moves(&game), ["d6-f8"]);
    let mv = play(&mut game, "d6-f8");
    assert!(mv.promotes());
    assert_eq!(game.piece(61), Some(Piece::King(Player::White)));
    game.undo(mv);
    assert_eq!(game.piece(43), Some(Piece::Man(Player::White)));
    // A plain step onto row 1 crowns a black man.
    let mut black = board(
        &[
            "........", "........", "........", "........", "........", "........", ".x......",
            "........",
        ],
        Player::Black,
    );
    play(&mut black, "b2-a1");
    assert_eq!(black.piece(0), Some(Piece::King(Player::Black)));
}

#[test]
fn a_player_who_cannot_move_loses() {
    // White's only man a3 is blocked by b4, which cannot be jumped (c5 is taken).
    let game = board(
        &[
            "........", "........", "........", "..x.....", ".x......", "o.......", "........",
            "........",
        ],
        Player::White,
    );
    assert!(moves(&game).is_empty());
    assert_eq!(game.outcome(), Some(Outcome::Win(Player::Black)));
    // No pieces at all.
    let empty = board(
        &[
            "........", "........", "........", "..x.....", "........", "........", "........",
            "........",
        ],
        Player::White,
    );
    assert_eq!(empty.outcome(), Some(Outcome::Win(Player::Black)));
}

#[test]
fn the_third_repetition_is_a_draw() {
    let mut game = board(
        &[
            "........", "........", "........", "........", "........", "........", ".......X",
            "O.......",
        ],
        Player::White,
    );
    let start = game.key();
    let cycle = ["a1-b2", "h2-g1", "b2-a1", "g1-h2"];
    let mut played = Vec::new();
    for round in 0..2 {
        for (i, text) in cycle.iter().enumerate() {
            assert_eq!(game.outcome(), None, "round {round} move {i}");
            played.push(play(&mut game, text));
        }
        assert_eq!(game.key(), start);
        assert_eq!(game.occurrences(), round + 2);
    }
    assert_eq!(game.outcome(), Some(Outcome::Draw));
    assert!(moves(&game).is_empty());
    assert!(game.outcome_depends_on_history());
    // Taking a move back makes the game go on again.
    let last = played.pop().unwrap();
    game.undo(last);
    assert_eq!(game.outcome(), None);
    // A man move in between resets the count: positions before it cannot recur.
    let mut with_man = board(
        &[
            "........", "........", "........", "........", "........", "x.......", ".......X",
            "O.......",
        ],
        Player::White,
    );
    play(&mut with_man, "a1-c3");
    assert_eq!(with_man.clock, 1);
    play(&mut with_man, "a3-b2");
    assert_eq!(with_man.clock, 0, "a man move cannot be undone");
    assert_eq!(with_man.occurrences(), 1);
}

#[test]
fn notation_round_trips_and_accepts_short_jumps() {
    let game = board(
        &[
            "........", "........", "........", "..x.X...", "........", "O.......", ".....x..",
            "..o.....",
        ],
        Player::White,
    );
    let mut list = MoveList::new();
    game.legal_moves(&mut list);
    for &m in list.iter() {
        assert_eq!(game.parse_move(&game.format_move(m)), Ok(m));
    }
    // A jump given by its ends only, when one move fits; separators x and :.
    let long = game.parse_move("a3-d6-g3-e1").unwrap();
    assert_eq!(game.parse_move("a3-e1"), Ok(long));
    assert_eq!(game.parse_move("a3xd6xg3xe1"), Ok(long));
    assert_eq!(game.parse_move("a3:e7").map(|m| m.capture_count()), Ok(1));
    assert!(
        game.parse_move("c1-d2")
            .unwrap_err()
            .contains("not a legal move")
    );
    assert!(
        game.parse_move("e5-d4")
            .unwrap_err()
            .contains("not white's")
    );
    assert!(game.parse_move("b2-c3").unwrap_err().contains("no piece"));
    assert!(game.parse_move("a3").unwrap_err().contains("not a move"));
    assert!(
        game.parse_move("a3-z9")
            .unwrap_err()
            .contains("off the board")
    );
}

#[test]
fn every_jump_sequence_maps_to_exactly_one_move() {
    // The generator keeps one sequence per (from, to, captured); the parser accepts every
    // sequence and returns that move.
    let game = board(
        &[
            "........", "........", "........", "........", "...x.x..", "........", ".O......",
            "........",
        ],
        Player::White,
    );
    let mut deduped = MoveList::new();
    game.legal_moves(&mut deduped);
    let mut every = MoveList::new();
    game.all_sequences(&mut every);
    assert!(every.len() >= deduped.len());
    for m in every.iter() {
        let canonical = deduped
            .iter()
            .filter(|d| d.from == m.from && d.to == m.to && d.captured == m.captured)
            .count();
        assert_eq!(canonical, 1, "{}", game.format_move(*m));
        assert_eq!(
            game.parse_move(&game.format_move(*m)).map(|d| d.captured),
            Ok(m.captured)
        );
    }
}

#[test]
fn the_evaluation_of_seed_example_2_6_is_81() {
    // Figure 14 as described in example 2.6: white men a7, c1, white kings b6, a3; black
    // men b8 and two more without bonus (d4, f6), a black king without bonus (g3).
    let game = board(
        &[
            ".x......", "o.......", ".O...x..", "........", "...x....", "O.....X.", "........",
            "..o.....",
        ],
        Player::White,
    );
    assert_eq!(game.evaluate(), 81);
    let mut black = game.clone();
    black.to_move = Player::Black;
    assert_eq!(black.evaluate(), -81);
}

#[test]
fn bad_setups_are_explained() {
    let light = Dama::with_pieces(&[(1, Piece::Man(Player::White))], Player::White);
    assert!(light.unwrap_err().contains("b1 is a light square"));
    let crowned = Dama::with_pieces(&[(63, Piece::Man(Player::White))], Player::White);
    assert!(crowned.unwrap_err().contains("last row"));
    let twice = Dama::with_pieces(
        &[
            (0, Piece::Man(Player::White)),
            (0, Piece::King(Player::Black)),
        ],
        Player::White,
    );
    assert!(twice.unwrap_err().contains("two pieces on a1"));
}

#[test]
fn undo_restores_everything_along_a_random_game() {
    let mut game = Dama::new();
    let mut state = 7u64;
    let mut line = Vec::new();
    let mut snapshots = Vec::new();
    let mut list = MoveList::new();
    for _ in 0..200 {
        game.legal_moves(&mut list);
        if list.is_empty() {
            break;
        }
        let i = (zobrist::splitmix64(&mut state) % list.len() as u64) as usize;
        snapshots.push((game.diagram(), game.key(), game.to_move(), game.clock));
        let mv = list.as_slice()[i];
        game.play(mv);
        line.push(mv);
        // The incremental key equals a fresh one.
        let fresh = Dama::with_pieces(
            &squares(game.pieces.occupied())
                .map(|s| (s as Point, game.pieces.get(s).unwrap()))
                .collect::<Vec<_>>(),
            game.to_move,
        )
        .unwrap();
        assert_eq!(fresh.key(), game.key());
    }
    while let Some(mv) = line.pop() {
        game.undo(mv);
        let (diagram, key, to_move, clock) = snapshots.pop().unwrap();
        assert_eq!(game.diagram(), diagram);
        assert_eq!(game.key(), key);
        assert_eq!(game.to_move(), to_move);
        assert_eq!(game.clock, clock);
    }
    assert_eq!(game.ply(), 0);
}
