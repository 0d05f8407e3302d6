//! AtariGo against a naive second implementation (`tests/integration/helpers/naive/atarigo.rs`): perft counts,
//! complete game enumerations, and random games compared move by move (outcome, legal
//! moves, liberties of every stone, immediate wins of both sides). The numbers are pinned so
//! a change in the rules shows up even if both implementations changed together.

use crate::helpers::naive::atarigo as naive_atarigo;

use naive_atarigo::NaiveAtariGo;
use plyscope::game::{
    Game, Heuristic, MoveList, Outcome, Player, Point, StoneGame, Tactics, parse_point,
};
use plyscope::games::atarigo::AtariGo;
use plyscope::search::HEURISTIC_LIMIT;
use plyscope::zobrist::splitmix64;

/// Move sequences of length `depth` by play/undo on the real game.
fn perft<G: Game>(g: &mut G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut list = MoveList::new();
    g.legal_moves(&mut list);
    let mut n = 0;
    for &mv in list.iter() {
        g.play(mv);
        n += perft(g, depth - 1);
        g.undo(mv);
    }
    n
}

/// The real game after `moves` (x, y) from the empty board.
fn real_after(columns: usize, rows: usize, moves: &[(usize, usize)]) -> AtariGo {
    let mut g = AtariGo::new(columns, rows).unwrap();
    for &(x, y) in moves {
        g.play((x + y * columns) as Point);
    }
    g
}

/// The crosscut on 6x6: Black c3 d4, White d3 c4, Black to move.
const CROSSCUT: [(usize, usize); 4] = [(2, 2), (3, 2), (3, 3), (2, 3)];

#[test]
fn perft_matches_the_naive_implementation() {
    // (columns, rows, moves from the empty board, depth, pinned count)
    type Case<'a> = (usize, usize, &'a [(usize, usize)], u32, u64);
    let cases: [Case; 6] = [
        (2, 2, &[], 4, 16),
        (3, 3, &[], 6, 51_072),
        (4, 4, &[], 5, 519_168),
        (5, 5, &[], 4, 303_424),
        (6, 6, &CROSSCUT, 4, 859_328),
        (9, 9, &[(4, 4), (3, 4), (4, 3), (3, 3)], 3, 438_900),
    ];
    for (columns, rows, moves, depth, pinned) in cases {
        let naive = naive_atarigo::perft(columns, rows, moves, depth);
        let mut g = real_after(columns, rows, moves);
        let real = perft(&mut g, depth);
        assert_eq!(
            real, naive,
            "{columns}x{rows} after {moves:?}, depth {depth}"
        );
        assert_eq!(
            real, pinned,
            "{columns}x{rows} after {moves:?}, depth {depth}"
        );
    }
}

#[test]
fn the_crosscut_set_up_and_played_give_the_same_perft() {
    let points: Vec<(Point, Player)> = CROSSCUT
        .iter()
        .zip([Player::Black, Player::White, Player::Black, Player::White])
        .map(|(&(x, y), c)| ((x + y * 6) as Point, c))
        .collect();
    let mut set_up = AtariGo::new(6, 6)
        .unwrap()
        .with_stones(&points, Player::Black)
        .unwrap();
    let played = real_after(6, 6, &CROSSCUT);
    assert_eq!(set_up.key(), played.key());
    assert_eq!(set_up.diagram(), played.diagram());
    assert_eq!(perft(&mut set_up, 3), 29_760);
    assert_eq!(
        perft(&mut set_up, 3),
        naive_atarigo::perft(6, 6, &CROSSCUT, 3)
    );
}

/// Every game from the empty board to its end, on the real game: (games, black wins).
fn count_games(g: &mut AtariGo) -> (u64, u64) {
    if let Some(o) = g.outcome() {
        return (1, (o == Outcome::Win(Player::Black)) as u64);
    }
    let mut list = MoveList::new();
    g.legal_moves(&mut list);
    let mut total = (0, 0);
    for &mv in list.iter() {
        g.play(mv);
        let (games, wins) = count_games(g);
        g.undo(mv);
        total = (total.0 + games, total.1 + wins);
    }
    total
}

#[test]
fn complete_game_trees_of_tiny_boards_match() {
    for (columns, rows, pinned) in [
        (2, 2, (24, 8)),
        (3, 2, (608, 248)),
        (2, 3, (608, 248)),
        (3, 3, (215_624, 124_696)),
    ] {
        let naive = naive_atarigo::count_games(columns, rows);
        let real = count_games(&mut AtariGo::new(columns, rows).unwrap());
        assert_eq!(real, naive, "{columns}x{rows}");
        assert_eq!(real, pinned, "{columns}x{rows}");
    }
}

/// Asserts that the real game and the naive one describe the same position.
fn assert_same(real: &AtariGo, naive: &NaiveAtariGo, context: &str) {
    let columns = naive.columns;
    assert_eq!(real.outcome(), naive.outcome, "outcome, {context}");
    assert_eq!(real.to_move(), naive.to_move, "side to move, {context}");
    let mut list = MoveList::new();
    real.legal_moves(&mut list);
    let naive_moves: Vec<Point> = naive
        .legal_moves()
        .iter()
        .map(|&(x, y)| (x + y * columns) as Point)
        .collect();
    assert_eq!(list.as_slice(), &naive_moves[..], "legal moves, {context}");
    for y in 0..naive.rows {
        for x in 0..columns {
            let p = (x + y * columns) as Point;
            assert_eq!(
                real.stone(p),
                naive.board[y][x],
                "stone ({x}, {y}), {context}"
            );
            assert_eq!(
                real.liberty_count(p),
                naive.liberty_count(x, y),
                "liberties of ({x}, {y}), {context}"
            );
        }
    }
    for player in [Player::Black, Player::White] {
        real.winning_moves(player, &mut list, usize::MAX);
        let naive_wins: Vec<Point> = naive
            .winning_points(player)
            .iter()
            .map(|&(x, y)| (x + y * columns) as Point)
            .collect();
        assert_eq!(
            list.as_slice(),
            &naive_wins[..],
            "wins of {player}, {context}"
        );
        assert_eq!(
            real.winning_move(player).is_some(),
            !naive_wins.is_empty(),
            "{context}"
        );
        if let Some(w) = real.winning_move(player) {
            assert!(naive_wins.contains(&w), "{context}");
        }
    }
    if real.outcome().is_none() {
        let v = real.evaluate();
        assert!(
            v.abs() < HEURISTIC_LIMIT,
            "evaluation {v} out of range, {context}"
        );
    }
}

#[test]
fn random_games_match_the_naive_implementation_move_by_move() {
    let mut rng = 0x0A7A_0160_u64;
    let sizes = [
        (2, 2, 40),
        (3, 3, 60),
        (4, 4, 60),
        (5, 4, 40),
        (6, 6, 40),
        (7, 7, 40),
        (8, 8, 30),
        (9, 9, 20),
        (12, 7, 10),
        (19, 19, 4),
    ];
    let mut outcomes = [0u32; 2];
    for (columns, rows, games) in sizes {
        for game in 0..games {
            let mut real = AtariGo::new(columns, rows).unwrap();
            let mut naive = NaiveAtariGo::new(columns, rows);
            let mut moves = Vec::new();
            assert_same(&real, &naive, "start");
            while real.outcome().is_none() {
                let legal = naive.legal_moves();
                let (x, y) = legal[(splitmix64(&mut rng) % legal.len() as u64) as usize];
                let mv = (x + y * columns) as Point;
                real.play(mv);
                naive.play(x, y);
                moves.push(real.format_move(mv));
                let context = format!("{columns}x{rows} game {game}: {}", moves.join(" "));
                assert_same(&real, &naive, &context);
            }
            match real.outcome() {
                Some(Outcome::Win(p)) => outcomes[p.index()] += 1,
                other => panic!("AtariGo ended with {other:?}"),
            }
            // The outcome only depends on the moves: replaying them agrees too.
            let played: Vec<(usize, usize)> = moves
                .iter()
                .map(|m| {
                    let q = parse_point(m, columns, rows).unwrap() as usize;
                    (q % columns, q / columns)
                })
                .collect();
            assert_eq!(
                naive_atarigo::outcome_after(columns, rows, &played),
                real.outcome()
            );
        }
    }
    assert!(
        outcomes[0] > 0 && outcomes[1] > 0,
        "both sides win some games"
    );
}
