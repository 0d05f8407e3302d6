//! The generic game suite (conventions.md 6; issue 2, "Tests that must exist").
//!
//! - [`generic`] holds the checks, written once over `G: Game` (and `StoneGame`, `Tactics`,
//!   `Heuristic` where they need them): undo restores everything, keys of transposed move
//!   orders are equal and the side to move is in the key, notation round-trips, stones can be
//!   played for a named player twice in a row and undone, immediate wins match a brute-force
//!   search, evaluations stay in range, and a perft counter.
//! - `game_suite!` and `stone_game_suite!` run those checks on random lines (proptest) for
//!   one game each: one line per game below. Adding a game is one more line.
//! - Per game: perft counts pinned as numbers and cross-checked against the naive second
//!   implementations in `tests/integration/helpers/naive`, random playouts compared step by step
//!   with them, and one test per message with which `with_stones` rejects an impossible position.

use crate::helpers::naive;

use naive::hex::NaiveHex;
use naive::mnk::NaiveMnk;
use naive::{NaiveGame, Xy};
use plyscope::game::{
    Game, Heuristic, MAX_MOVES, MoveList, Outcome, Player, Point, StoneGame, Tactics,
};
use plyscope::games::atarigo::AtariGo;
use plyscope::games::hex::Hex;
use plyscope::games::mnk::Mnk;
use plyscope::search::HEURISTIC_LIMIT;
use plyscope::zobrist::splitmix64;
use proptest::prelude::*;

/// Random lines per property and game.
const CASES: u32 = 48;

/// Random choices that drive a line: each picks among the legal moves (long enough to fill
/// a 19x19 board).
fn choices() -> impl Strategy<Value = Vec<u32>> {
    prop::collection::vec(any::<u32>(), 0..400)
}

/// Checks written once for every game.
mod generic {
    use super::*;

    /// Everything observable about a position.
    #[derive(Debug, PartialEq)]
    pub struct Snapshot<M> {
        pub diagram: String,
        pub key: u64,
        pub outcome: Option<Outcome>,
        pub to_move: Player,
        pub ply: usize,
        pub moves: Vec<M>,
    }

    pub fn snapshot<G: Game>(game: &G) -> Snapshot<G::Move> {
        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        Snapshot {
            diagram: game.diagram(),
            key: game.key(),
            outcome: game.outcome(),
            to_move: game.to_move(),
            ply: game.ply(),
            moves: moves.as_slice().to_vec(),
        }
    }

    /// Plays a random line to its end, then undoes it move by move: every position on the
    /// way back equals the one on the way out (diagram, key, outcome, side, ply, moves).
    pub fn undo_restores<G: Game>(start: &G, choices: &[u32]) {
        let mut game = start.clone();
        let mut trail = vec![snapshot(&game)];
        let mut moves = MoveList::new();
        let mut line = Vec::new();
        for &choice in choices {
            game.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let mv = moves.as_slice()[choice as usize % moves.len()];
            game.play(mv);
            assert_eq!(game.ply(), trail.len(), "ply after {mv:?}");
            line.push(mv);
            trail.push(snapshot(&game));
        }
        trail.pop();
        while let Some(mv) = line.pop() {
            game.undo(mv);
            let expected = trail.pop().expect("one snapshot per move");
            assert_eq!(snapshot(&game), expected, "after undoing {mv:?}");
        }
    }

    /// Every legal move along a random line reads back from its notation.
    pub fn notation_round_trips<G: Game>(start: &G, choices: &[u32]) {
        let mut game = start.clone();
        let mut moves = MoveList::new();
        for &choice in choices.iter().chain(std::iter::once(&0)) {
            game.legal_moves(&mut moves);
            for &mv in moves.iter() {
                let text = game.format_move(mv);
                assert_eq!(game.parse_move(&text), Ok(mv), "'{text}'");
            }
            if moves.is_empty() {
                break;
            }
            game.play(moves.as_slice()[choice as usize % moves.len()]);
        }
    }

    /// Evaluations along a random line stay strictly inside the heuristic range, and move
    /// indices are distinct and below their bound.
    pub fn evaluation_in_range<G: Heuristic>(start: &G, choices: &[u32]) {
        let mut game = start.clone();
        let mut moves = MoveList::new();
        for &choice in choices {
            game.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let value = game.evaluate();
            assert!(value.abs() < HEURISTIC_LIMIT, "evaluation {value}");
            let mut seen = vec![false; game.move_index_bound()];
            for &mv in moves.iter() {
                let index = game.move_index(mv);
                assert!(index < seen.len(), "move index {index} of {mv:?}");
                assert!(!seen[index], "move index {index} used twice");
                seen[index] = true;
            }
            game.play(moves.as_slice()[choice as usize % moves.len()]);
        }
    }

    /// The stones of an unfinished random line, replayed in a shuffled order (whoever's turn
    /// it is), give the same key and diagram; so does the side to move set back.
    pub fn transpositions_share_keys<G: StoneGame>(start: &G, choices: &[u32]) {
        let mut game = start.clone();
        let mut placed: Vec<(Point, Player)> = Vec::new();
        let mut moves = MoveList::new();
        for &choice in choices {
            game.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let p = moves.as_slice()[choice as usize % moves.len()];
            let player = game.to_move();
            game.play(p);
            if game.outcome().is_some() {
                game.undo(p);
                break;
            }
            placed.push((p, player));
        }
        // Fisher-Yates with a seed drawn from the choices.
        let mut state = choices.iter().fold(0x7a5, |s, &c| s ^ u64::from(c)) + 1;
        for i in (1..placed.len()).rev() {
            let j = (splitmix64(&mut state) % (i as u64 + 1)) as usize;
            placed.swap(i, j);
        }
        let mut other = start.clone();
        for &(p, player) in &placed {
            other.play_stone(p, player);
        }
        other.set_to_move(game.to_move());
        assert_eq!(other.key(), game.key(), "{}", game.diagram());
        assert_eq!(other.diagram(), game.diagram());
    }

    /// Along a random line, changing the side to move changes the key and changing it back
    /// restores it; the stones stay.
    pub fn side_to_move_in_key<G: StoneGame>(start: &G, choices: &[u32]) {
        let mut game = start.clone();
        let mut moves = MoveList::new();
        for &choice in choices {
            let key = game.key();
            let side = game.to_move();
            let diagram = game.diagram();
            game.set_to_move(side.opponent());
            assert_ne!(game.key(), key);
            assert_eq!(game.to_move(), side.opponent());
            assert_eq!(game.diagram(), diagram);
            game.set_to_move(side);
            assert_eq!(game.key(), key);
            game.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            game.play(moves.as_slice()[choice as usize % moves.len()]);
        }
    }

    /// Stones played for a named player (the same player several times in a row, as threat
    /// search does) and then undone restore every position; after `play_stone` the opponent
    /// is to move, after `undo_stone` the player who placed the stone.
    pub fn named_players_and_undo<G: StoneGame>(start: &G, choices: &[u32]) {
        let mut game = start.clone();
        let mut trail = Vec::new();
        for &choice in choices {
            if game.outcome().is_some() {
                break;
            }
            let empty: Vec<Point> = (0..game.num_points() as Point)
                .filter(|&p| game.is_empty(p))
                .collect();
            if empty.is_empty() {
                break;
            }
            let p = empty[(choice >> 1) as usize % empty.len()];
            let player = if choice & 1 == 0 {
                Player::Black
            } else {
                Player::White
            };
            trail.push((p, player, game.to_move(), snapshot(&game)));
            game.play_stone(p, player);
            assert_eq!(game.stone(p), Some(player));
            assert_eq!(game.to_move(), player.opponent());
        }
        while let Some((p, player, side, expected)) = trail.pop() {
            game.undo_stone(p);
            assert_eq!(game.to_move(), player, "side after undoing {p}");
            assert!(game.is_empty(p));
            game.set_to_move(side);
            assert_eq!(snapshot(&game), expected, "after undoing {p}");
        }
    }

    /// Along a random line, for both players: `winning_moves` lists exactly the empty points
    /// where a stone of that player ends the game in that player's favour (found by playing
    /// each one), `winning_move` names one of them, and `limit` is respected.
    pub fn tactics_match_brute_force<G: StoneGame + Tactics>(start: &G, choices: &[u32]) {
        let mut game = start.clone();
        let mut moves = MoveList::new();
        let mut listed = MoveList::new();
        for &choice in choices {
            if game.outcome().is_some() {
                break;
            }
            for player in [Player::Black, Player::White] {
                let side = game.to_move();
                let mut brute: Vec<Point> = Vec::new();
                for p in 0..game.num_points() as Point {
                    if game.is_empty(p) {
                        game.play_stone(p, player);
                        if game.outcome() == Some(Outcome::Win(player)) {
                            brute.push(p);
                        }
                        game.undo_stone(p);
                        game.set_to_move(side);
                    }
                }
                game.winning_moves(player, &mut listed, MAX_MOVES);
                let mut fast = listed.as_slice().to_vec();
                fast.sort_unstable();
                assert_eq!(fast, brute, "{player} in\n{}", game.diagram());
                match game.winning_move(player) {
                    Some(p) => assert!(brute.contains(&p), "{p} is not a win"),
                    None => assert!(brute.is_empty(), "missed {brute:?}"),
                }
                game.winning_moves(player, &mut listed, 1);
                assert_eq!(listed.len(), brute.len().min(1));
            }
            game.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            game.play(moves.as_slice()[choice as usize % moves.len()]);
        }
    }

    /// What a naive game says the outcome is.
    pub fn naive_outcome<N: NaiveGame>(naive: &N) -> Option<Outcome> {
        match naive.winner() {
            Some(player) => Some(Outcome::Win(player)),
            None if naive.full() => Some(Outcome::Draw),
            None => None,
        }
    }

    /// Plays the same random line in a game and its naive twin, comparing at every step the
    /// stones, the legal moves and the outcome.
    pub fn agrees_with_naive<G: StoneGame, N: NaiveGame>(start: &G, twin: N, choices: &[u32]) {
        let mut game = start.clone();
        let mut naive = twin;
        let columns = game.columns();
        let xy = |p: Point| -> Xy { (p as usize % columns, p as usize / columns) };
        let mut moves = MoveList::new();
        for &choice in choices.iter().chain(std::iter::once(&0)) {
            game.legal_moves(&mut moves);
            let listed: Vec<Xy> = moves.iter().map(|&p| xy(p)).collect();
            assert_eq!(listed, naive.moves(), "legal moves in\n{}", game.diagram());
            assert_eq!(
                game.outcome(),
                naive_outcome(&naive),
                "in\n{}",
                game.diagram()
            );
            for p in 0..game.num_points() as Point {
                assert_eq!(game.stone(p), naive.stone(xy(p)));
            }
            if moves.is_empty() {
                break;
            }
            let p = moves.as_slice()[choice as usize % moves.len()];
            game.play(p);
            naive.play(xy(p));
        }
    }
}

/// Checks for every game: undo, notation, evaluation range.
macro_rules! game_suite {
    ($name:ident, $ty:ty, $make:expr) => {
        mod $name {
            use super::*;

            fn start() -> $ty {
                $make
            }

            proptest! {
                #![proptest_config(ProptestConfig::with_cases(CASES))]

                #[test]
                fn undo_restores_position_and_key(choices in choices()) {
                    generic::undo_restores(&start(), &choices);
                }

                #[test]
                fn notation_round_trips(choices in choices()) {
                    generic::notation_round_trips(&start(), &choices);
                }

                #[test]
                fn evaluation_stays_in_range(choices in choices()) {
                    generic::evaluation_in_range(&start(), &choices);
                }
            }
        }
    };
}

/// Checks for every stone game: transpositions, side to move in the key, stones for a named
/// player, immediate wins.
macro_rules! stone_game_suite {
    ($name:ident, $ty:ty, $make:expr) => {
        mod $name {
            use super::*;

            fn start() -> $ty {
                $make
            }

            proptest! {
                #![proptest_config(ProptestConfig::with_cases(CASES))]

                #[test]
                fn transpositions_share_keys(choices in choices()) {
                    generic::transpositions_share_keys(&start(), &choices);
                }

                #[test]
                fn side_to_move_is_in_the_key(choices in choices()) {
                    generic::side_to_move_in_key(&start(), &choices);
                }

                #[test]
                fn named_players_and_undo(choices in choices()) {
                    generic::named_players_and_undo(&start(), &choices);
                }

                #[test]
                fn winning_moves_match_brute_force(choices in choices()) {
                    generic::tactics_match_brute_force(&start(), &choices);
                }
            }
        }
    };
}

stone_game_suite!(atarigo_stones_3x3, AtariGo, atarigo(3, 3));
stone_game_suite!(atarigo_stones_5x5, AtariGo, atarigo(5, 5));
stone_game_suite!(atarigo_stones_6x6_crosscut, AtariGo, crosscut());
stone_game_suite!(atarigo_stones_9x9, AtariGo, atarigo(9, 9));
stone_game_suite!(atarigo_stones_19x19, AtariGo, atarigo(19, 19));

fn atarigo(columns: usize, rows: usize) -> AtariGo {
    AtariGo::new(columns, rows).expect("valid AtariGo size")
}

/// The 6x6 crosscut of Suda, table 5.1: Black c3 d4, White d3 c4, Black to move.
fn crosscut() -> AtariGo {
    let p = |name: &str| plyscope::game::parse_point(name, 6, 6).unwrap();
    let stones = [
        (p("c3"), Player::Black),
        (p("d4"), Player::Black),
        (p("d3"), Player::White),
        (p("c4"), Player::White),
    ];
    atarigo(6, 6)
        .with_stones(&stones, Player::Black)
        .expect("legal crosscut")
}

fn mnk(columns: usize, rows: usize, k: usize, exact_k: bool) -> Mnk {
    Mnk::new(columns, rows, k, exact_k).expect("valid m,n,k size")
}

fn hex(size: usize) -> Hex {
    Hex::new(size).expect("valid Hex size")
}

game_suite!(mnk_3x3_k3, Mnk, mnk(3, 3, 3, false));
game_suite!(mnk_4x4_k3, Mnk, mnk(4, 4, 3, false));
game_suite!(mnk_7x7_k4, Mnk, mnk(7, 7, 4, false));
game_suite!(mnk_6x5_k4_exact, Mnk, mnk(6, 5, 4, true));
game_suite!(mnk_15x15_k5, Mnk, mnk(15, 15, 5, false));
game_suite!(mnk_19x19_k6_exact, Mnk, mnk(19, 19, 6, true));
game_suite!(mnk_2x9_k3, Mnk, mnk(2, 9, 3, false));
game_suite!(hex_1, Hex, hex(1));
game_suite!(hex_2, Hex, hex(2));
game_suite!(hex_3, Hex, hex(3));
game_suite!(hex_4, Hex, hex(4));
game_suite!(hex_5, Hex, hex(5));
game_suite!(hex_13, Hex, hex(13));

game_suite!(atarigo_2x2, AtariGo, atarigo(2, 2));
game_suite!(atarigo_4x4, AtariGo, atarigo(4, 4));
game_suite!(atarigo_6x6_crosscut, AtariGo, crosscut());
game_suite!(atarigo_7x5, AtariGo, atarigo(7, 5));
game_suite!(atarigo_19x19, AtariGo, atarigo(19, 19));

stone_game_suite!(mnk_stones_3x3_k3, Mnk, mnk(3, 3, 3, false));
stone_game_suite!(mnk_stones_4x4_k3, Mnk, mnk(4, 4, 3, false));
stone_game_suite!(mnk_stones_7x7_k4, Mnk, mnk(7, 7, 4, false));
stone_game_suite!(mnk_stones_5x5_k3_exact, Mnk, mnk(5, 5, 3, true));
stone_game_suite!(mnk_stones_6x5_k4_exact, Mnk, mnk(6, 5, 4, true));
stone_game_suite!(mnk_stones_9x9_k5, Mnk, mnk(9, 9, 5, false));
stone_game_suite!(mnk_stones_2x9_k3, Mnk, mnk(2, 9, 3, false));
stone_game_suite!(hex_stones_1, Hex, hex(1));
stone_game_suite!(hex_stones_2, Hex, hex(2));
stone_game_suite!(hex_stones_3, Hex, hex(3));
stone_game_suite!(hex_stones_4, Hex, hex(4));
stone_game_suite!(hex_stones_5, Hex, hex(5));
stone_game_suite!(hex_stones_7, Hex, hex(7));

/// Plays moves given by name.
fn play_names<G: Game>(game: &mut G, names: &[&str]) {
    for name in names {
        let mv = game
            .parse_move(name)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        game.play(mv);
    }
}

/// The same moves in a naive twin.
fn play_naive<N: NaiveGame>(naive: &mut N, columns: usize, rows: usize, names: &[&str]) {
    for name in names {
        let p = plyscope::game::parse_point(name, columns, rows).expect("a point") as usize;
        naive.play((p % columns, p / columns));
    }
}

// ---------------------------------------------------------------------------------------
// m,n,k: perft against the naive twin, playouts, setup messages.

/// An m,n,k perft case: columns, rows, k, exact_k, opening moves, depth, leaf count.
type MnkPerft = (usize, usize, usize, bool, &'static [&'static str], u32, u64);

#[test]
fn mnk_perft_is_pinned_and_matches_naive() {
    // (columns, rows, k, exact_k, opening, depth, leaves). Each case below the first
    // three reaches finished games before its last ply, so win detection changes the count
    // (the product of the move counts is given where it differs).
    #[rustfmt::skip]
    let cases: [MnkPerft; 14] = [
        // Tic-tac-toe: the well-known counts; games finish from ply 5 on.
        (3, 3, 3, false, &[], 5, 15_120),
        (3, 3, 3, false, &[], 6, 54_720), // 60,480 without wins
        (3, 3, 3, false, &[], 9, 127_872), // the games of the 255,168 that fill the board
        (4, 4, 3, false, &[], 5, 524_160),
        (4, 4, 3, false, &[], 6, 5_518_656), // 5,765,760
        (4, 4, 3, false, &["b2", "c3"], 5, 214_360), // 240,240
        (4, 4, 3, true, &["b2", "c3"], 5, 214_360),
        (7, 7, 4, false, &[], 3, 110_544),
        // Black d2 d3 d4: d1 wins at once.
        (7, 7, 4, false, &["d4", "c3", "d3", "d5", "d2"], 3, 77_658), // 79,464
        // Black a1 b1 d1 e1: c1 makes five in a row, a win only without exact_k.
        (6, 5, 4, false, &["a1", "f5", "b1", "e5", "d1", "a5", "e1"], 3, 10_164),
        (6, 5, 4, true, &["a1", "f5", "b1", "e5", "d1", "a5", "e1"], 3, 10_626),
        // Black a1 b1 c1: d1 makes exactly four.
        (6, 5, 4, true, &["a1", "a5", "b1", "b5", "c1", "f5"], 3, 11_638), // 12,144
        (5, 5, 3, false, &["c3", "a1"], 4, 203_280), // 212,520
        // Both have four in a row; Black to move wins at d8 or i8.
        (15, 15, 5, false, &["h8", "h9", "g8", "g9", "f8", "f9", "e8", "e9"], 2, 46_440),
    ];
    for (columns, rows, k, exact_k, opening, depth, leaves) in cases {
        let mut game = mnk(columns, rows, k, exact_k);
        play_names(&mut game, opening);
        let mut naive = NaiveMnk::new(columns, rows, k, exact_k);
        play_naive(&mut naive, columns, rows, opening);
        let label = format!("{columns}x{rows} k={k} exact={exact_k} {opening:?} depth {depth}");
        assert_eq!(plyscope::game::perft(&mut game, depth), leaves, "{label}");
        assert_eq!(naive.perft(depth), leaves, "naive {label}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES))]

    #[test]
    fn mnk_playouts_agree_with_naive(choices in choices(), shape in 0usize..6) {
        let (columns, rows, k, exact_k) =
            [(3, 3, 3, false), (4, 4, 3, false), (4, 4, 3, true), (7, 7, 4, false),
             (6, 5, 4, true), (2, 9, 3, false)][shape];
        generic::agrees_with_naive(
            &mnk(columns, rows, k, exact_k),
            NaiveMnk::new(columns, rows, k, exact_k),
            &choices,
        );
    }

    #[test]
    fn hex_playouts_agree_with_naive(choices in choices(), size in 1usize..=7) {
        generic::agrees_with_naive(&hex(size), NaiveHex::new(size), &choices);
    }
}

fn setup_error(game: Mnk, black: &[&str], white: &[&str], to_move: Player) -> String {
    let stones = named_stones(game.columns(), game.rows(), black, white);
    game.with_stones(&stones, to_move)
        .expect_err("the position should be rejected")
}

fn named_stones(
    columns: usize,
    rows: usize,
    black: &[&str],
    white: &[&str],
) -> Vec<(Point, Player)> {
    let point = |n: &&str| plyscope::game::parse_point(n, columns, rows).expect("a point");
    black
        .iter()
        .map(|n| (point(n), Player::Black))
        .chain(white.iter().map(|n| (point(n), Player::White)))
        .collect()
}

#[test]
fn mnk_setup_rejects_a_stone_off_the_board() {
    let err = mnk(3, 3, 3, false)
        .with_stones(&[(9, Player::Black)], Player::White)
        .unwrap_err();
    assert_eq!(
        err,
        "a stone is off the board: point index 9 on a 3x3 board of 9 points"
    );
}

#[test]
fn mnk_setup_rejects_two_stones_on_a_point() {
    let err = setup_error(mnk(3, 3, 3, false), &["b2"], &["b2"], Player::Black);
    assert_eq!(err, "two stones on b2");
}

#[test]
fn mnk_setup_rejects_a_finished_game_naming_the_line() {
    let err = setup_error(
        mnk(4, 4, 4, false),
        &["a1", "b2", "c3", "d4"],
        &["a2", "a3", "b1", "c1"],
        Player::Black,
    );
    assert_eq!(
        err,
        "the position is already over: black has 4 in a row (a1 b2 c3 d4)"
    );
}

#[test]
fn mnk_setup_rejects_an_exact_line_but_not_an_overline() {
    let exact = mnk(6, 3, 4, true);
    let err = setup_error(
        exact.clone(),
        &["a1", "b2"],
        &["b3", "c3", "d3", "e3"],
        Player::Black,
    );
    assert_eq!(
        err,
        "the position is already over: white has exactly 4 in a row (b3 c3 d3 e3)"
    );
    // Five in a row is no win with exact_k: a legal position.
    let stones = named_stones(
        6,
        3,
        &["a1", "b1", "c1", "d1", "e1"],
        &["a3", "b3", "d3", "e3"],
    );
    let game = exact
        .with_stones(&stones, Player::White)
        .expect("an overline is legal");
    assert_eq!(game.outcome(), None);
}

#[test]
fn mnk_setup_rejects_a_full_board() {
    let err = setup_error(
        mnk(3, 3, 3, false),
        &["b2", "c1", "a2", "b1", "c3"],
        &["a1", "a3", "c2", "b3"],
        Player::White,
    );
    assert_eq!(
        err,
        "the position is already over: the board is full (a draw)"
    );
}

#[test]
fn mnk_setup_rejects_counts_with_black_to_move() {
    let err = setup_error(mnk(3, 3, 3, false), &["a1", "c3"], &["b2"], Player::Black);
    assert_eq!(
        err,
        "impossible stone counts: with black to move, black must have as many stones as white \
         (black moves first); the position has 2 black and 1 white"
    );
}

#[test]
fn mnk_setup_rejects_counts_with_white_to_move() {
    let err = setup_error(mnk(3, 3, 3, false), &["a1"], &["b2"], Player::White);
    assert_eq!(
        err,
        "impossible stone counts: with white to move, black must have exactly one stone more \
         than white (black moves first); the position has 1 black and 1 white"
    );
}

#[test]
fn mnk_setup_equals_the_played_position() {
    let names = ["d4", "c3", "d3", "d5", "e4"];
    let mut played = mnk(7, 7, 4, false);
    play_names(&mut played, &names);
    let stones = named_stones(7, 7, &["d4", "d3", "e4"], &["c3", "d5"]);
    let set = mnk(7, 7, 4, false)
        .with_stones(&stones, Player::White)
        .expect("a legal position");
    assert_eq!(set.ply(), 0);
    assert_eq!(
        generic::snapshot(&set).moves,
        generic::snapshot(&played).moves
    );
    assert_eq!(set.key(), played.key());
    assert_eq!(set.diagram(), played.diagram());
    assert_eq!(set.to_move(), Player::White);
    assert_eq!(set.evaluate(), played.evaluate());
    let mut a = MoveList::new();
    let mut b = MoveList::new();
    for player in [Player::Black, Player::White] {
        set.winning_moves(player, &mut a, MAX_MOVES);
        played.winning_moves(player, &mut b, MAX_MOVES);
        assert_eq!(a.as_slice(), b.as_slice());
    }
}

#[test]
fn evaluation_limits_fit_the_search() {
    const { assert!(plyscope::games::mnk::EVAL_LIMIT < HEURISTIC_LIMIT) };
    // The largest board with every window one-coloured would exceed the limit: clamped.
    let mut game = mnk(19, 19, 3, false);
    play_names(&mut game, &["j10"]);
    assert!(game.evaluate().abs() < HEURISTIC_LIMIT);
}

// ---------------------------------------------------------------------------------------
// Hex: perft against the naive twin, setup messages.

#[test]
fn hex_perft_is_pinned_and_matches_naive() {
    // (size, opening, depth, leaves); the product of the move counts where it differs.
    #[rustfmt::skip]
    let cases: [(usize, &[&str], u32, u64); 8] = [
        (1, &[], 1, 1),
        (1, &[], 2, 0), // a1 wins for Black
        (2, &[], 4, 12), // 24
        (3, &[], 5, 15_120),
        (3, &[], 9, 120_960), // 362,880
        (4, &[], 5, 524_160),
        // Black b2 b3 needs two more stones: a win at ply 3 ends some lines.
        (4, &["b2", "c2", "b3", "a1"], 4, 11_160), // 11,880
        (5, &["c3", "b3", "c2", "b2", "c4", "b4"], 4, 90_848), // 93,024
    ];
    for (size, opening, depth, leaves) in cases {
        let mut game = hex(size);
        play_names(&mut game, opening);
        let mut naive = NaiveHex::new(size);
        play_naive(&mut naive, size, size, opening);
        let label = format!("Hex {size}x{size} {opening:?} depth {depth}");
        assert_eq!(plyscope::game::perft(&mut game, depth), leaves, "{label}");
        assert_eq!(naive.perft(depth), leaves, "naive {label}");
    }
}

fn hex_setup_error(size: usize, black: &[&str], white: &[&str], to_move: Player) -> String {
    let stones = named_stones(size, size, black, white);
    hex(size)
        .with_stones(&stones, to_move)
        .expect_err("the position should be rejected")
}

#[test]
fn hex_setup_rejects_a_stone_off_the_board() {
    let err = hex(3)
        .with_stones(&[(9, Player::Black)], Player::White)
        .unwrap_err();
    assert_eq!(
        err,
        "a stone is off the board: point index 9 on a 3x3 Hex board of 9 points"
    );
}

#[test]
fn hex_setup_rejects_two_stones_on_a_point() {
    assert_eq!(
        hex_setup_error(3, &["a1"], &["a1"], Player::Black),
        "two stones on a1"
    );
}

#[test]
fn hex_setup_rejects_a_black_win() {
    assert_eq!(
        hex_setup_error(3, &["c1", "b2", "a3"], &["a1", "b1"], Player::White),
        "the position is already over: black has won, joining rows 1 and 3"
    );
}

#[test]
fn hex_setup_rejects_a_white_win() {
    assert_eq!(
        hex_setup_error(
            4,
            &["a1", "b1", "c1", "d2"],
            &["a3", "b3", "c3", "d3"],
            Player::Black
        ),
        "the position is already over: white has won, joining columns a and d"
    );
}

#[test]
fn hex_setup_rejects_impossible_counts() {
    assert_eq!(
        hex_setup_error(3, &[], &["b2"], Player::Black),
        "impossible stone counts: with black to move, black must have as many stones as white \
         (black moves first); the position has 0 black and 1 white"
    );
}

#[test]
fn hex_setup_equals_the_played_position() {
    let mut played = hex(4);
    play_names(&mut played, &["b2", "c2", "b3"]);
    let stones = named_stones(4, 4, &["b2", "b3"], &["c2"]);
    let set = hex(4).with_stones(&stones, Player::White).expect("legal");
    assert_eq!(set.ply(), 0);
    assert_eq!(set.key(), played.key());
    assert_eq!(set.diagram(), played.diagram());
    assert_eq!(set.evaluate(), played.evaluate());
    for player in [Player::Black, Player::White] {
        assert_eq!(set.winning_move(player), played.winning_move(player));
    }
}

#[test]
fn hex_full_boards_always_have_a_winner() {
    // Fill the board in many random orders: never a draw, the legal moves end with a win.
    let mut state = 0x4e5;
    for size in 1..=6 {
        for _ in 0..50 {
            let mut game = hex(size);
            let mut moves = MoveList::new();
            loop {
                game.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                let mv = moves.as_slice()[(splitmix64(&mut state) % moves.len() as u64) as usize];
                game.play(mv);
            }
            assert!(
                matches!(game.outcome(), Some(Outcome::Win(_))),
                "{}",
                game.diagram()
            );
        }
    }
}
