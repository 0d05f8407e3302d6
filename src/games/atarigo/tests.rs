//! Rule tests for AtariGo: every rule of Suda, *Efficient algorithms for verifying goals in
//! computer games*, section 2.1 on a small diagram, and the incremental chains checked against a
//! recomputation after every move and undo.

use super::*;
use crate::game::{MAX_MOVES, MAX_SYMMETRIES};
use crate::zobrist::splitmix64;

/// A position from a diagram (first line = top row; `X` black, `O` white, `.` empty).
fn position(diagram: &str, to_move: Player) -> AtariGo {
    let lines: Vec<Vec<char>> = diagram
        .lines()
        .map(|l| l.chars().filter(|c| !c.is_whitespace()).collect::<Vec<_>>())
        .filter(|l| !l.is_empty())
        .collect();
    let rows = lines.len();
    let columns = lines[0].len();
    let mut stones = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        assert_eq!(line.len(), columns, "ragged diagram");
        let y = rows - 1 - i;
        for (x, c) in line.iter().enumerate() {
            let p = (x + y * columns) as Point;
            match c {
                'X' => stones.push((p, Player::Black)),
                'O' => stones.push((p, Player::White)),
                '.' => {}
                other => panic!("bad cell {other}"),
            }
        }
    }
    let g = AtariGo::new(columns, rows)
        .unwrap()
        .with_stones(&stones, to_move)
        .unwrap();
    check(&g);
    g
}

/// Point named `name` on `g`'s board.
fn pt(g: &AtariGo, name: &str) -> Point {
    parse_point(name, g.columns(), g.rows()).unwrap()
}

/// Plays the space-separated moves, checking the structures after each.
fn play(g: &mut AtariGo, moves: &str) {
    for name in moves.split_whitespace() {
        let mv = g.parse_move(name).unwrap();
        g.play(mv);
        check(g);
    }
}

/// Asserts that the incremental chains, liberties and atari set match a recomputation.
fn check(g: &AtariGo) {
    on_board!(g, b => b.assert_consistent());
}

fn names(g: &AtariGo, list: &MoveList<Point>) -> Vec<String> {
    list.iter().map(|&p| g.format_move(p)).collect()
}

#[test]
fn capturing_a_single_stone_wins() {
    let mut g = position(
        ". . . O
         . X . O
         X O X .
         . . . .",
        Player::Black,
    );
    assert_eq!(g.liberty_count(pt(&g, "b2")), 1);
    assert_eq!(g.winning_move(Player::Black), Some(pt(&g, "b1")));
    assert_eq!(g.outcome(), None);
    play(&mut g, "b1");
    assert_eq!(g.outcome(), Some(Outcome::Win(Player::Black)));
    assert_eq!(g.liberty_count(pt(&g, "b2")), 0);
    let mut list = MoveList::new();
    g.legal_moves(&mut list);
    assert!(list.is_empty(), "no moves once the game is over");
    assert_eq!(g.winning_move(Player::White), None);
}

#[test]
fn capturing_a_chain_wins() {
    let mut g = position(
        ". . . . .
         . X X . .
         X O O X .
         . X . . .
         . O . O O",
        Player::Black,
    );
    // The white chain b3 c3 has one liberty left: c2.
    let mut list = MoveList::new();
    g.chain(pt(&g, "c3"), &mut list);
    assert_eq!(names(&g, &list), ["b3", "c3"]);
    g.liberties(pt(&g, "b3"), &mut list);
    assert_eq!(names(&g, &list), ["c2"]);
    play(&mut g, "c2");
    assert_eq!(g.outcome(), Some(Outcome::Win(Player::Black)));
}

#[test]
fn capturing_in_the_corner_and_on_the_edge_wins() {
    // Corner: white a1 has only b1 left.
    let mut g = position(
        ". . X
         X . O
         O . .",
        Player::Black,
    );
    assert_eq!(g.winning_move(Player::Black), Some(pt(&g, "b1")));
    play(&mut g, "b1");
    assert_eq!(g.outcome(), Some(Outcome::Win(Player::Black)));

    // Edge: black c1 is attacked from b1 and d1; c2 is its last liberty.
    let mut g = position(
        "X . . . X
         . . . . .
         . O X O .",
        Player::White,
    );
    assert_eq!(g.winning_move(Player::White), Some(pt(&g, "c2")));
    play(&mut g, "c2");
    assert_eq!(g.outcome(), Some(Outcome::Win(Player::White)));
}

#[test]
fn suicide_loses() {
    // a1's neighbours a2 and b1 are white stones with three liberties each.
    let mut g = position(
        ". . . X
         O . . .
         . O . X",
        Player::Black,
    );
    assert_eq!(g.liberty_count(pt(&g, "a2")), 3);
    assert_eq!(g.liberty_count(pt(&g, "b1")), 3);
    play(&mut g, "a1");
    assert_eq!(g.liberty_count(pt(&g, "a1")), 0);
    assert_eq!(g.outcome(), Some(Outcome::Win(Player::White)));

    // A chain's suicide: black c1 joins b1 (in atari) and fills its last liberty, and every
    // white chain around keeps a liberty.
    let mut g = position(
        "X . X . X
         . . . . X
         O O O . .
         O X . O .",
        Player::Black,
    );
    assert_eq!(g.liberty_count(pt(&g, "b1")), 1);
    play(&mut g, "c1");
    assert_eq!(g.liberty_count(pt(&g, "b1")), 0);
    assert_eq!(g.liberty_count(pt(&g, "d1")), 2);
    assert_eq!(g.outcome(), Some(Outcome::Win(Player::White)));
}

#[test]
fn suicide_that_captures_wins() {
    // Suda, figure 2.2: black a1 has no liberty, but it takes the last liberty of white b1.
    let mut g = position(
        ". . . .
         O X . .
         . O X .",
        Player::Black,
    );
    assert_eq!(g.liberty_count(pt(&g, "b1")), 1);
    play(&mut g, "a1");
    assert_eq!(g.liberty_count(pt(&g, "a1")), 0);
    assert_eq!(g.outcome(), Some(Outcome::Win(Player::Black)));
}

#[test]
fn capture_while_the_own_chain_has_no_liberties_wins() {
    // Black b2 joins a1 a2 into a chain without liberties, and takes the last liberty of the
    // white chain b1 c1 c2.
    let mut g = position(
        ". . . . .
         O O X . .
         X . O X .
         X O O X .",
        Player::Black,
    );
    assert_eq!(g.winning_move(Player::Black), Some(pt(&g, "b2")));
    assert_eq!(g.winning_move(Player::White), Some(pt(&g, "b2")));
    play(&mut g, "b2");
    let b2 = pt(&g, "b2");
    assert_eq!(
        g.liberty_count(b2),
        0,
        "the mover's chain a1 a2 b2 has no liberty"
    );
    let mut list = MoveList::new();
    g.chain(b2, &mut list);
    assert_eq!(names(&g, &list), ["a1", "a2", "b2"]);
    assert_eq!(g.outcome(), Some(Outcome::Win(Player::Black)));
}

#[test]
fn liberties_after_merges_and_undo_across_merges() {
    let mut g = AtariGo::new(5, 5).unwrap();
    let start_key = g.key();
    let start_diagram = g.diagram();
    let mut list = MoveList::new();
    // Threat-search style: black plays twice in a row before c3 joins both.
    for name in ["b3", "d3", "c3"] {
        g.play_stone(pt(&g, name), Player::Black);
        check(&g);
    }
    g.liberties(pt(&g, "c3"), &mut list);
    assert_eq!(
        names(&g, &list),
        ["b2", "c2", "d2", "a3", "e3", "b4", "c4", "d4"]
    );
    g.chain(pt(&g, "b3"), &mut list);
    assert_eq!(names(&g, &list), ["b3", "c3", "d3"]);
    g.play_stone(pt(&g, "c2"), Player::White);
    check(&g);
    assert_eq!(g.liberty_count(pt(&g, "d3")), 7);
    // c4 merges a second stone from above; c5 then joins through it.
    g.play_stone(pt(&g, "c4"), Player::Black);
    g.play_stone(pt(&g, "c5"), Player::Black);
    check(&g);
    assert_eq!(g.liberty_count(pt(&g, "c5")), 8);
    assert_eq!(g.to_move(), Player::White);
    let key_before = g.key();
    g.play_stone(pt(&g, "b4"), Player::Black);
    check(&g);
    g.undo_stone(pt(&g, "b4"));
    check(&g);
    assert_eq!(
        g.to_move(),
        Player::Black,
        "the placer of b4 is to move again"
    );
    g.set_to_move(Player::White);
    assert_eq!(g.key(), key_before, "undo restores the key");
    assert_eq!(g.liberty_count(pt(&g, "c5")), 8);
    for name in ["c5", "c4", "c2", "c3"] {
        g.undo_stone(pt(&g, name));
        check(&g);
    }
    // Undoing c3 splits the chain again.
    assert_eq!(g.liberty_count(pt(&g, "b3")), 4);
    assert_eq!(g.liberty_count(pt(&g, "d3")), 4);
    g.chain(pt(&g, "b3"), &mut list);
    assert_eq!(names(&g, &list), ["b3"]);
    g.undo_stone(pt(&g, "d3"));
    g.undo_stone(pt(&g, "b3"));
    check(&g);
    assert_eq!(g.key(), start_key);
    assert_eq!(g.diagram(), start_diagram);
    assert_eq!(g.ply(), 0);
}

#[test]
fn playing_twice_for_one_player_and_undo_set_the_side_to_move() {
    let mut g = AtariGo::new(4, 4).unwrap();
    let empty_key = g.key();
    g.play_stone(0, Player::Black);
    assert_eq!(g.to_move(), Player::White);
    g.play_stone(5, Player::Black);
    assert_eq!(g.to_move(), Player::White);
    let twice = g.key();
    g.set_to_move(Player::Black);
    assert_ne!(g.key(), twice, "the side to move is part of the key");
    g.set_to_move(Player::White);
    assert_eq!(g.key(), twice);
    g.undo_stone(5);
    assert_eq!(
        g.to_move(),
        Player::Black,
        "the placer of the undone stone moves"
    );
    g.undo_stone(0);
    assert_eq!(g.key(), empty_key);
}

#[test]
fn keys_agree_under_transposition_and_with_set_up() {
    let mut a = AtariGo::new(6, 6).unwrap();
    let mut b = AtariGo::new(6, 6).unwrap();
    play(&mut a, "c3 d3 d4 c4 e5");
    play(&mut b, "e5 c4 d4 d3 c3");
    assert_eq!(a.diagram(), b.diagram());
    assert_eq!(a.key(), b.key());
    let stones: Vec<(Point, Player)> = (0..36).filter_map(|p| a.stone(p).map(|c| (p, c))).collect();
    let c = AtariGo::new(6, 6)
        .unwrap()
        .with_stones(&stones, Player::White)
        .unwrap();
    assert_eq!(c.key(), a.key());
    assert_eq!(c.ply(), 0);
    // Same stones, other side to move: another key. Colours matter too.
    b.set_to_move(Player::Black);
    assert_ne!(b.key(), a.key());
    let mut d = AtariGo::new(6, 6).unwrap();
    play(&mut d, "d3 c3 c4 d4 e5");
    assert_ne!(d.key(), a.key());
}

#[test]
fn notation_round_trips_and_bad_moves_are_explained() {
    for (c, r) in [(2, 2), (7, 5), (19, 19)] {
        let g = AtariGo::new(c, r).unwrap();
        for p in 0..(c * r) as Point {
            assert_eq!(g.parse_move(&g.format_move(p)), Ok(p));
        }
    }
    let mut g = AtariGo::new(19, 19).unwrap();
    assert_eq!(g.format_move(360), "s19");
    play(&mut g, "c3");
    assert_eq!(g.parse_move("c3").unwrap_err(), "c3 is already occupied");
    assert!(g.parse_move("t1").unwrap_err().contains("off the board"));
    let mut g = position(
        ". . X
         X . O
         O . .",
        Player::Black,
    );
    play(&mut g, "b1");
    assert_eq!(
        g.parse_move("c1").unwrap_err(),
        "the game is over; c1 cannot be played"
    );
}

#[test]
fn sizes_outside_2_to_19_are_rejected() {
    for (c, r) in [(1, 5), (5, 1), (0, 0), (20, 3), (3, 20)] {
        assert_eq!(
            AtariGo::new(c, r).unwrap_err(),
            format!("an AtariGo board has 2 to 19 columns and rows; got {c}x{r}")
        );
    }
    for (c, r) in [(2, 2), (8, 8), (8, 9), (19, 19), (19, 2)] {
        let g = AtariGo::new(c, r).unwrap();
        assert_eq!((g.columns(), g.rows(), g.num_points()), (c, r, c * r));
        assert_eq!(g.name(), "atarigo");
    }
}

#[test]
fn impossible_set_ups_are_rejected_with_their_reason() {
    let new = || AtariGo::new(6, 6).unwrap();
    let b = Player::Black;
    let w = Player::White;
    let p = |name: &str| parse_point(name, 6, 6).unwrap();

    let e = new()
        .with_stones(&[(p("c3"), b), (p("c3"), w)], b)
        .unwrap_err();
    assert_eq!(e, "two stones on c3");
    let e = new().with_stones(&[(36, b)], w).unwrap_err();
    assert_eq!(e, "point 36 is off the 6x6 board");
    // White d3 surrounded by four black stones: already captured.
    let e = new()
        .with_stones(
            &[
                (p("c3"), b),
                (p("d3"), w),
                (p("e3"), b),
                (p("d2"), b),
                (p("d4"), b),
            ],
            w,
        )
        .unwrap_err();
    assert_eq!(e, "the white chain at d3 has no liberties");
    // A black corner chain a1 a2 with its liberties b1 b2 a3 filled.
    let e = new()
        .with_stones(
            &[
                (p("a1"), b),
                (p("a2"), b),
                (p("b1"), w),
                (p("b2"), w),
                (p("a3"), w),
            ],
            w,
        )
        .unwrap_err();
    assert_eq!(e, "the black chain at a1 has no liberties");
    let e = new().with_stones(&[(p("a1"), b)], b).unwrap_err();
    assert_eq!(
        e,
        "with black to move black and white must have as many stones; found 1 black and 0 white"
    );
    let e = new().with_stones(&[(p("a1"), w)], w).unwrap_err();
    assert_eq!(
        e,
        "with white to move black must have one stone more than white; found 0 black and 1 white"
    );
    let e = new().with_stones(&[], w).unwrap_err();
    assert!(e.contains("found 0 black and 0 white"));
    let mut g = new();
    play(&mut g, "a1");
    let e = g.with_stones(&[], b).unwrap_err();
    assert_eq!(e, "set-up stones must be placed before any move");
    // The crosscut is fine.
    let g = new()
        .with_stones(&[(p("c3"), b), (p("d4"), b), (p("d3"), w), (p("c4"), w)], b)
        .unwrap();
    assert_eq!(g.to_move(), b);
    assert_eq!(g.liberty_count(p("c3")), 2);
}

#[test]
fn diagram_has_coordinates() {
    let mut g = AtariGo::new(3, 2).unwrap();
    play(&mut g, "a1 c2");
    assert_eq!(g.diagram(), "  a b c\n2 . . O\n1 X . .\n");
    let g = AtariGo::new(2, 10).unwrap();
    let d = g.diagram();
    assert!(d.starts_with("   a b\n10 . .\n 9 . .\n"), "{d}");
    assert!(format!("{g:?}").starts_with("AtariGo 2x10, black to move, ply 0"));
}

#[test]
fn winning_moves_are_the_distinct_liberties_of_chains_in_atari() {
    // White a1 and c1 both have only b1 left; white e3 has only e2.
    let mut g = position(
        "O . O . .
         . . . . X
         . . . X O
         X . X . .
         O . O X .",
        Player::Black,
    );
    assert_eq!(g.chains_in_atari(Player::White), 3);
    let mut list = MoveList::new();
    g.winning_moves(Player::Black, &mut list, 10);
    assert_eq!(names(&g, &list), ["b1", "e2"]);
    g.winning_moves(Player::Black, &mut list, 1);
    assert_eq!(names(&g, &list), ["b1"]);
    g.winning_moves(Player::White, &mut list, 10);
    assert!(list.is_empty());
    assert_eq!(g.winning_move(Player::White), None);
    assert!(g.is_stable());
    // Heuristic: the side to move can capture next move.
    assert_eq!(g.evaluate(), CAPTURE_NEXT);
    g.set_to_move(Player::White);
    assert_eq!(g.evaluate(), -CAPTURE_NEXT, "two separate capturing points");
    // Zones: liberties of white chains with at most 1 and at most 2 liberties.
    g.weak_chain_liberties(Player::White, 1, &mut list);
    assert_eq!(names(&g, &list), ["b1", "e2"]);
    g.weak_chain_liberties(Player::Black, 2, &mut list);
    assert_eq!(names(&g, &list), ["e1", "b2", "d2", "a3", "d4", "e5"]);
    // White d2 puts itself and black d1 in atari.
    play(&mut g, "d2");
    assert_eq!(g.chains_in_atari(Player::White), 4);
    g.winning_moves(Player::Black, &mut list, 10);
    assert_eq!(names(&g, &list), ["b1", "e2"]);
    g.winning_moves(Player::White, &mut list, 10);
    assert_eq!(names(&g, &list), ["e1"]);
}

#[test]
fn evaluation_is_symmetric_and_small_in_quiet_positions() {
    let mut g = AtariGo::new(6, 6).unwrap();
    assert_eq!(g.evaluate(), 0);
    play(&mut g, "c3 d3 d4 c4");
    assert_eq!(g.evaluate(), 0, "the crosscut is symmetric");
    assert_eq!(g.move_index(35), 35);
    assert_eq!(g.move_index_bound(), 36);
    // Black e3 puts d3 in atari: White to move is worse off (one chain with one liberty).
    play(&mut g, "e3");
    let v = g.evaluate();
    assert!(v < 0 && v > -1000, "{v}");
}

/// Depth-first over every game on a tiny board: a full board is never reached without the
/// game having ended (see the module doc), and every terminal position came from a move.
fn walk_all_games(g: &mut AtariGo, terminals: &mut u64) {
    if g.outcome().is_some() {
        *terminals += 1;
        return;
    }
    let mut list = MoveList::new();
    g.legal_moves(&mut list);
    assert!(
        !list.is_empty(),
        "a live position with a full board:\n{g:?}"
    );
    for &mv in list.iter() {
        g.play(mv);
        walk_all_games(g, terminals);
        g.undo(mv);
    }
}

#[test]
fn every_game_on_tiny_boards_ends_by_capture_or_suicide() {
    for (c, r, games) in [(2, 2, 24), (3, 2, 608), (2, 3, 608)] {
        let mut g = AtariGo::new(c, r).unwrap();
        let mut terminals = 0;
        walk_all_games(&mut g, &mut terminals);
        assert_eq!(terminals, games, "{c}x{r}");
        assert_eq!(g.ply(), 0);
    }
}

/// Random games on many board sizes: after every move and every undo the incremental
/// structures match a recomputation; the incremental key matches a set-up of the same
/// stones; the immediate wins match trying every empty point; undo restores everything.
#[test]
fn random_games_keep_chains_keys_and_wins_consistent() {
    let mut rng = 0xA7A2_1600_u64;
    let sizes = [
        (2, 2),
        (3, 2),
        (4, 4),
        (5, 3),
        (6, 6),
        (7, 7),
        (8, 8),
        (9, 8),
        (9, 9),
        (13, 11),
        (19, 19),
    ];
    let mut list = MoveList::new();
    let mut wins = MoveList::new();
    for &(c, r) in &sizes {
        for _ in 0..12 {
            let mut g = AtariGo::new(c, r).unwrap();
            let mut trail = vec![(g.key(), g.diagram())];
            let mut moves = Vec::new();
            while g.outcome().is_none() {
                let to_move = g.to_move();
                for player in [Player::Black, Player::White] {
                    g.winning_moves(player, &mut wins, MAX_MOVES);
                    let mut brute = Vec::new();
                    g.legal_moves(&mut list);
                    for &p in list.iter() {
                        g.play_stone(p, player);
                        if g.outcome() == Some(Outcome::Win(player)) {
                            brute.push(p);
                        }
                        g.undo_stone(p);
                    }
                    assert_eq!(wins.as_slice(), &brute[..], "{g:?}");
                    assert_eq!(g.winning_move(player).is_some(), !brute.is_empty());
                }
                g.set_to_move(to_move);
                g.legal_moves(&mut list);
                let mv = list.as_slice()[(splitmix64(&mut rng) % list.len() as u64) as usize];
                let mover = g.to_move();
                g.play(mv);
                check(&g);
                moves.push(mv);
                trail.push((g.key(), g.diagram()));
                if g.outcome().is_none() {
                    let stones: Vec<(Point, Player)> = (0..(c * r) as Point)
                        .filter_map(|p| g.stone(p).map(|s| (p, s)))
                        .collect();
                    let fresh = AtariGo::new(c, r)
                        .unwrap()
                        .with_stones(&stones, mover.opponent())
                        .unwrap();
                    assert_eq!(fresh.key(), g.key());
                    let v = g.evaluate();
                    assert!(v.abs() <= CAPTURE_NEXT);
                }
            }
            while let Some(mv) = moves.pop() {
                g.undo(mv);
                check(&g);
                trail.pop();
                let (key, diagram) = trail.last().unwrap();
                assert_eq!(g.key(), *key);
                assert_eq!(&g.diagram(), diagram);
                assert_eq!(g.outcome(), None);
            }
        }
    }
}

/// `keys[s]` of [`StoneGame::symmetric_keys`] is the key of the position whose stones stand
/// on their images under symmetry `s`, reached by playing the images of the same moves on a
/// fresh board; the images are a permutation of the points, symmetry 0 is the identity, and
/// undo restores every key. Square boards have 8 symmetries, rectangles 4, 19x19 included.
#[test]
fn symmetric_keys_are_the_keys_of_the_transformed_positions() {
    let mut state = 0x5359_4D4D_4554_5259u64;
    for (columns, rows) in [(5, 5), (4, 3), (6, 6), (3, 5), (19, 19), (9, 7)] {
        let start = AtariGo::new(columns, rows).unwrap();
        let count = start.symmetry_count();
        assert_eq!(count, if columns == rows { 8 } else { 4 });
        let points = columns * rows;
        for s in 0..count {
            let mut seen = vec![false; points];
            for p in 0..points as Point {
                let image = start.symmetric_point(s, p);
                assert!(!seen[image as usize], "symmetry {s} is a permutation");
                seen[image as usize] = true;
                if s == 0 {
                    assert_eq!(image, p);
                }
            }
        }
        for _game in 0..20 {
            let mut g = start.clone();
            let mut played = Vec::new();
            let mut keys_before = Vec::new();
            let mut list = MoveList::new();
            while g.outcome().is_none() && played.len() < points / 2 {
                let mut keys = [0; MAX_SYMMETRIES];
                assert_eq!(g.symmetric_keys(&mut keys), count);
                assert_eq!(keys[0], g.key());
                keys_before.push(keys);
                g.legal_moves(&mut list);
                let mv = list.as_slice()[(splitmix64(&mut state) % list.len() as u64) as usize];
                g.play(mv);
                played.push(mv);
                let mut keys = [0; MAX_SYMMETRIES];
                g.symmetric_keys(&mut keys);
                for (s, key) in keys.iter().enumerate().take(count) {
                    let mut image = start.clone();
                    for &m in &played {
                        image.play(image.symmetric_point(s, m));
                    }
                    assert_eq!(*key, image.key(), "{columns}x{rows}, symmetry {s}");
                }
            }
            while let Some(mv) = played.pop() {
                g.undo(mv);
                let mut keys = [0; MAX_SYMMETRIES];
                g.symmetric_keys(&mut keys);
                assert_eq!(keys, keys_before.pop().unwrap(), "undo restores the keys");
            }
        }
    }
}

/// `one_ply_values` reads off the chains exactly what playing each move, looking at the
/// outcome or evaluating, and undoing gives, on random positions of many board sizes.
#[test]
fn one_ply_values_match_playing_every_move() {
    use crate::game::{ONE_PLY_LOSES, ONE_PLY_WINS};
    let mut rng = 0x0E1F_1A7E_u64;
    let mut list = MoveList::new();
    let mut checked = 0;
    for &(c, r) in &[
        (2, 2),
        (3, 3),
        (4, 4),
        (5, 3),
        (6, 6),
        (7, 7),
        (9, 9),
        (13, 11),
    ] {
        for _ in 0..20 {
            let mut g = AtariGo::new(c, r).unwrap();
            while g.outcome().is_none() {
                g.legal_moves(&mut list);
                let moves = list.as_slice().to_vec();
                let mut quick = vec![0; moves.len()];
                assert!(g.one_ply_values(&moves, &mut quick));
                for (&m, &q) in moves.iter().zip(&quick) {
                    let mover = g.to_move();
                    g.play(m);
                    let played = match g.outcome() {
                        Some(Outcome::Win(w)) if w == mover => ONE_PLY_WINS,
                        Some(Outcome::Win(_)) => ONE_PLY_LOSES,
                        Some(other) => panic!("AtariGo ended in {other:?}"),
                        None => -g.evaluate(),
                    };
                    g.undo(m);
                    assert_eq!(q, played, "{} in {g:?}", g.format_move(m));
                    checked += 1;
                }
                let mv = moves[(splitmix64(&mut rng) % moves.len() as u64) as usize];
                g.play(mv);
            }
        }
    }
    assert!(checked > 10_000, "{checked}");
}
