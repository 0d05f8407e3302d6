//! Rule tests, one per special rule of Kotrč, *Gobblet analysed with AI methods*, 1.2 and of the
//! Gobblers variant, plus keys, diagrams and symmetries.

use super::diagram::{parse_board, play_line};
use super::symmetry;
use super::*;
use crate::game::perft;

fn pos(variant: Variant, board: &str, to_move: Player) -> Gobblet {
    let stacks = parse_board(board, variant.side(), variant.sizes()).expect("diagram parses");
    Gobblet::from_stacks(variant, &stacks, to_move).expect("position is possible")
}

fn moves(g: &Gobblet) -> Vec<String> {
    let mut list = MoveList::new();
    g.legal_moves(&mut list);
    list.iter().map(|&m| g.format_move(m)).collect()
}

fn mv(g: &Gobblet, text: &str) -> GobbletMove {
    g.parse_move(text)
        .unwrap_or_else(|e| panic!("{text}: {e}\n{}", g.diagram()))
}

#[test]
fn only_the_top_piece_of_a_set_is_playable() {
    let mut g = Gobblet::new(Variant::Gobblet);
    let start = moves(&g);
    assert_eq!(start.len(), 16);
    assert!(start.iter().all(|m| m.starts_with('4')), "{start:?}");
    play_line(&mut g, "4a1 4d4").unwrap();
    // X has sets 3, 4, 4 left: sizes 4 and 3 (not 2 or 1, which are under the 3).
    let sizes: Vec<u8> = g.reserve_sizes(Player::Black).collect();
    assert_eq!(sizes, vec![4, 3]);
    assert!(g.parse_move("2b1").is_err());
    assert_eq!(g.reserve_sets(Player::Black), vec![4, 4, 3]);
}

#[test]
fn a_reserve_piece_covers_only_an_opponent_piece_in_a_line_of_three() {
    // O has b1 and c1 (two in a row): X may not cover them from the reserve.
    let g = pos(
        Variant::Gobblet,
        ". . . .\n. . . .\nX3 . . X4\n. O3 O4 .",
        Player::Black,
    );
    assert!(g.parse_move("4b1").is_err(), "two in a row is not enough");
    assert!(g.parse_move("4a2").is_err(), "never cover an own piece");
    // O gets a third on the row: now the O3 on b1 may be covered from the reserve.
    let g = pos(
        Variant::Gobblet,
        ". . . .\nO2 . . .\nX3 . . X4\n. O3 O4 O4",
        Player::Black,
    );
    assert!(g.parse_move("4b1").is_ok());
    assert!(g.parse_move("4c1").is_err(), "not over an equal piece");
    assert!(
        g.parse_move("4a3").is_err(),
        "a3 is in no line of three O pieces"
    );
    // A board piece covers any smaller piece, also without a line of three.
    assert!(g.parse_move("d2-a3").is_ok());
}

#[test]
fn board_moves_cover_only_strictly_smaller_pieces() {
    let g = pos(
        Variant::Gobblet,
        ". . . X4\n. . . .\nX3 O3 X2 .\nO4 . . .",
        Player::Black,
    );
    let m = moves(&g);
    assert!(m.contains(&"a2-c2".to_string()), "own smaller piece: {m:?}");
    assert!(!m.contains(&"a2-b2".to_string()), "equal size");
    assert!(!m.contains(&"a2-a1".to_string()), "bigger");
    assert!(!m.contains(&"a2-a2".to_string()));
    assert!(m.contains(&"c2-d1".to_string()));
}

#[test]
fn only_visible_pieces_make_a_line() {
    // X's bottom row is complete but O covers d1.
    let g = pos(
        Variant::Gobblet,
        ". . . .\n. . . .\n. . . .\nX4 X4 X4 X3O4",
        Player::White,
    );
    assert_eq!(g.outcome(), None);
    let mut g = g;
    // O moves away from d1: X's four appears, X wins.
    g.play(mv(&g, "d1-d4"));
    assert_eq!(g.outcome(), Some(Outcome::Win(Player::Black)));
}

#[test]
fn making_a_four_while_uncovering_the_opponents_loses() {
    // X has a4 b4 c4 and lifts d1 to d4: X's top row is complete, O's bottom row shows.
    let mut g = pos(
        Variant::Gobblet,
        "X4 X4 X4 .\n. . . .\n. . . .\nO4 O4 O3 O2X3",
        Player::Black,
    );
    let m = mv(&g, "d1-d4");
    assert_eq!(g.winner_after(Player::Black, m), Some(Player::White));
    g.play(m);
    assert_eq!(g.outcome(), Some(Outcome::Win(Player::White)));
}

#[test]
fn uncovering_the_opponents_four_loses_unless_the_piece_covers_it_again() {
    let g = pos(
        Variant::Gobblet,
        ". . . .\n. . . .\n. . . .\nO2 O4 O4 O3X4",
        Player::Black,
    );
    let lose = mv(&g, "d1-d3");
    assert_eq!(g.winner_after(Player::Black, lose), Some(Player::White));
    // The lifted X4 covers a1 (size 2) and breaks the four again.
    let save = mv(&g, "d1-a1");
    assert_eq!(g.winner_after(Player::Black, save), None);
}

#[test]
fn the_third_repetition_is_a_draw() {
    let mut g = pos(
        Variant::Gobblet,
        ". . . .\n. . . .\n. . . .\nX4 . . O4",
        Player::Black,
    );
    let cycle = "a1-a2 d1-d2 a2-a1 d2-d1";
    play_line(&mut g, cycle).unwrap();
    assert_eq!(g.outcome(), None, "second occurrence");
    assert!(!g.outcome_depends_on_history());
    play_line(&mut g, "a1-a2 d1-d2 a2-a1").unwrap();
    assert_eq!(g.outcome(), None);
    let last = mv(&g, "d2-d1");
    g.play(last);
    assert_eq!(g.outcome(), Some(Outcome::Draw), "third occurrence");
    assert!(g.outcome_depends_on_history());
    g.undo(last);
    assert_eq!(g.outcome(), None);
    // A reserve move in between starts the count again.
    let mut g = pos(
        Variant::Gobblet,
        ". . . .\n. . . .\n. . . .\nX4 . . O4",
        Player::Black,
    );
    play_line(&mut g, "a1-a2 d1-d2 a2-a1 d2-d1 4b3 4c3").unwrap();
    play_line(&mut g, "a1-a2 d1-d2 a2-a1 d2-d1").unwrap();
    assert_eq!(g.outcome(), None);
}

#[test]
fn gobblers_reserve_pieces_cover_any_smaller_piece() {
    let mut g = Gobblet::new(Variant::Gobblers);
    assert_eq!(moves(&g).len(), 27, "three sizes on nine squares");
    play_line(&mut g, "1b2 2a1").unwrap();
    let m = moves(&g);
    assert!(m.contains(&"2b2".to_string()), "cover own smaller piece");
    assert!(
        m.contains(&"3a1".to_string()),
        "cover an opponent's piece, no line needed"
    );
    assert!(!m.contains(&"2a1".to_string()), "equal size");
    // Two small pieces of X: after both are played no size 1 is left.
    play_line(&mut g, "1c3 3c1").unwrap();
    assert!(g.reserve_sizes(Player::Black).all(|s| s != 1));
}

#[test]
fn gobblers_lines_are_three() {
    let mut g = Gobblet::new(Variant::Gobblers);
    play_line(&mut g, "1a1 1a3 1b1 2b1").unwrap();
    assert_eq!(g.outcome(), None);
    play_line(&mut g, "3b1 2c3 2c1").unwrap();
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win(Player::Black)),
        "{}",
        g.diagram()
    );
}

#[test]
fn keys_ignore_move_order_and_undo_restores_everything() {
    let mut a = Gobblet::new(Variant::Gobblet);
    let mut b = Gobblet::new(Variant::Gobblet);
    play_line(&mut a, "4a1 4d4 4b2 4c3").unwrap();
    play_line(&mut b, "4b2 4c3 4a1 4d4").unwrap();
    assert_eq!(a.key(), b.key());
    assert_eq!(a.diagram(), b.diagram());
    let before = (a.key(), a.diagram());
    let m = mv(&a, "b2-b3");
    a.play(m);
    assert_ne!(a.key(), before.0);
    a.undo(m);
    assert_eq!((a.key(), a.diagram()), before);
    // The reserve is part of the key: the same board with X to move twice differs.
    let x = pos(
        Variant::Gobblet,
        ". . . .\n. . . .\n. . . .\nX4 . . .",
        Player::White,
    );
    let y = pos(
        Variant::Gobblet,
        ". . . .\n. . . .\n. . . .\nX4 . . .",
        Player::Black,
    );
    assert_ne!(x.key(), y.key(), "side to move");
}

#[test]
fn reserves_follow_from_the_board_and_impossible_boards_are_refused() {
    let g = pos(
        Variant::Gobblet,
        ". . . .\n. . . .\n. . . .\nX4 X3 X4 .",
        Player::White,
    );
    assert_eq!(g.reserve_sets(Player::Black), vec![4, 3, 2]);
    let stacks = parse_board(". . . .\n. . . .\n. . . .\nX3 . . .", 4, 4).unwrap();
    let err = Gobblet::from_stacks(Variant::Gobblet, &stacks, Player::Black).unwrap_err();
    assert!(err.contains("larger pieces first"), "{err}");
    let stacks = parse_board(". . .\n. . .\nX1 X1 X1", 3, 3).unwrap();
    let err = Gobblet::from_stacks(Variant::Gobblers, &stacks, Player::Black).unwrap_err();
    assert!(err.contains("each player has 2"), "{err}");
    let bad = parse_board(". . . .\n. . . .\n. . . .\nX5 . . .", 4, 4).unwrap_err();
    assert_eq!((bad.line, bad.column), (4, 2));
    let bad = parse_board(". . . .\n. . . .\n. Q1 . .\n. . . .", 4, 4).unwrap_err();
    assert_eq!((bad.line, bad.column), (3, 3));
}

#[test]
fn diagram_shows_stacks_reserves_and_side() {
    let mut g = Gobblet::new(Variant::Gobblet);
    play_line(&mut g, "4a1 4b1 a1-c2").unwrap();
    let d = g.diagram();
    assert_eq!(
        d,
        "   a  b  c  d\n4  .  .  .  .\n3  .  .  .  .\n2  .  .  X4 .\n1  .  O4 .  .\n\
         X reserve: 4321 4321 321\nO reserve: 4321 4321 321\nO to move\n"
    );
    let rows: Vec<&str> = d.lines().skip(1).take(4).map(|l| &l[2..]).collect();
    let stacks = parse_board(&rows.join("\n"), 4, 4).unwrap();
    let back = Gobblet::from_stacks(Variant::Gobblet, &stacks, Player::White).unwrap();
    assert_eq!(back.diagram(), d);
}

#[test]
fn moves_round_trip_through_their_notation() {
    let mut g = Gobblet::new(Variant::Gobblet);
    play_line(&mut g, "4a1 4b1 4c3 4b4").unwrap();
    let mut list = MoveList::new();
    g.legal_moves(&mut list);
    for &m in list.iter() {
        assert_eq!(g.parse_move(&g.format_move(m)), Ok(m));
    }
    assert!(g.parse_move("9a1").unwrap_err().contains("size"));
    assert!(g.parse_move("a1").is_err());
}

#[test]
fn perft_from_the_start_is_pinned() {
    let mut g = Gobblet::new(Variant::Gobblet);
    assert_eq!(perft(&mut g, 1), 16);
    assert_eq!(perft(&mut g, 2), 16 * 15);
    let mut g = Gobblet::new(Variant::Gobblers);
    assert_eq!(perft(&mut g, 1), 27);
}

#[test]
fn thirty_two_symmetries_of_which_twenty_usable() {
    let all = symmetry::all(4);
    assert_eq!(all.len(), 32);
    let mut distinct = all.clone();
    distinct.sort_by_key(|s| s.map);
    distinct.dedup();
    assert_eq!(distinct.len(), 32);
    let t = tables(Variant::Gobblet);
    for s in &all {
        for &l in &t.lines {
            let mut image = 0u16;
            for sq in 0..16 {
                if l & (1 << sq) != 0 {
                    image |= 1 << s.map[sq];
                }
            }
            assert!(t.lines.contains(&image), "{s:?} maps a line off the lines");
        }
    }
    assert_eq!(symmetry::usable(Variant::Gobblet).len(), 20);
    assert_eq!(symmetry::all(3).len(), 8);
    assert_eq!(symmetry::usable(Variant::Gobblers).len(), 8);
    // The 12 with a 4-cycle have every square on a 4-cycle: they fix only the empty board.
    for s in all.iter().filter(|s| symmetry::has_four_cycle(s, 16)) {
        assert!((0..16).all(|sq| s.map[sq] as usize != sq), "{s:?}");
    }
}

#[test]
fn symmetric_pruning_keeps_one_move_per_class() {
    let mut g = Gobblet::new(Variant::Gobblet);
    g.set_symmetric_pruning(true);
    // The empty board: a strong (diagonal) and a weak square.
    assert_eq!(moves(&g), vec!["4a1", "4b1"]);
    let mut h = Gobblet::new(Variant::Gobblers);
    h.set_symmetric_pruning(true);
    assert_eq!(moves(&h).len(), 9, "corner, edge, centre for three sizes");
    play_line(&mut h, "3b2").unwrap();
    // O: three sizes on a corner or an edge; nothing covers the X3 (no bigger piece).
    assert_eq!(moves(&h), vec!["3a1", "3b1", "2a1", "2b1", "1a1", "1b1"]);
}

#[test]
fn evaluations_are_antisymmetric_and_name_parsed() {
    let g = pos(
        Variant::Gobblet,
        ". . . .\n. X3 . .\n. O4 X4 .\nO3X4 . . .",
        Player::Black,
    );
    let swapped = pos(
        Variant::Gobblet,
        ". . . .\n. O3 . .\n. X4 O4 .\nX3O4 . . .",
        Player::White,
    );
    for e in Evaluation::ALL {
        let (mut a, mut b) = (g.clone(), swapped.clone());
        a.set_evaluation(e);
        b.set_evaluation(e);
        assert_eq!(a.evaluate(), b.evaluate(), "{}", e.name());
        assert_ne!(a.evaluate(), 0, "{}", e.name());
        assert_eq!(Evaluation::from_name(e.name()), Ok(e));
    }
    assert!(Evaluation::from_name("x").is_err());
    assert_eq!(eval::pattern_weight(3, 0, 4), 3000);
    assert_eq!(eval::pattern_weight(0, 3, 4), -3000);
    assert_eq!(eval::pattern_weight(2, 2, 4), 0);
}

#[test]
fn immediate_wins_are_found_for_either_player() {
    let g = pos(
        Variant::Gobblet,
        ". . . .\n. . . .\nO4 O4 O4 .\nX4 X4 X4 .",
        Player::Black,
    );
    let w = g
        .winning_move(Player::Black)
        .expect("X completes the bottom row");
    assert_eq!(g.winner_after(Player::Black, w), Some(Player::Black));
    let mut list = MoveList::new();
    g.winning_moves(Player::White, &mut list, 8);
    assert!(!list.is_empty());
    assert!(!g.is_stable());
}
