//! Lemma 11 of Suda by brute force: the relevance zones lambda search returns hold
//! every move that matters one level up (digest section 6; issue 4, "Correctness").
//!
//! On random small positions, for levels n = 0, 1, 2 and small depth limits d, with the
//! engine's `lambda_with_zone` (zones on, with and without the transposition table):
//!
//! - where lambda(Pos, p, n, d) = 0 with attack zone A: every lambda_a^{n+1} move of p lies
//!   in X1 of A. Those moves are found by trying ALL empty points a: p plays a, the defender
//!   passes, and lambda(Pos + a, p, n) with d - 1 moves left, zones off, is 1;
//! - where lambda(Pos, p, n, d) = 1 with defence zone D: every lambda_d^{n+1} move of the
//!   defender o lies in X1 of D: o plays d out of turn, and either the game ends without a
//!   win of p (o's own win, an inversion) or lambda(Pos + d, p, n), zones off, is 0.
//!
//! Depth (thesis 4.8): the engine counts the pass that gives the attacker the move as a ply,
//! so a defence takes exactly the place of that pass and theorem 15 compares lines of equal
//! length. The defence check therefore leaves d - 1 plies after the defence when the
//! defender was to move (the pass it replaces), d when the attacker was (it comes on top),
//! and zones must never change a result. (With free passes a defence outside the zone that
//! only used up the last ply was missed: this test then found wins proven with zones at
//! depths where none exists, e.g. AtariGo 3x3 `. O . / X . X / . . .`, White to move, Black
//! at level 2 within 3 plies.)
//!
//! Dual-lambda search (definition 2, theorem 17) is checked the same way with mu moves: an
//! attack move a is a mu_a^{n+1} move when, given the move again, p wins at some level
//! k <= n and the defender, to move, has no tree of level <= k (self-endangering moves are
//! not required in the zone, only their W^s zones are part of it).
//!
//! The reference values come from the same engine with zones off (every legal move) and no
//! table. A failure prints the position, the attacker, the level, the depth and the move
//! outside the zone.

use crate::helpers::positions;

use plyscope::game::{Outcome, Player, StoneGame, Tactics, point_name};
use plyscope::games::atarigo::AtariGo;
use plyscope::games::hex::Hex;
use plyscope::games::mnk::Mnk;
use plyscope::search::lambda::{LambdaConfig, lambda_with_zone};
use plyscope::search::zone::ZoneScheme;
use positions::{empty_points, random_positions, random_stone_positions};

/// Lambda (or dual-lambda) search with zones, `tt_mb` megabytes of table (0: none).
fn zones_on(tt_mb: usize, dual: bool) -> LambdaConfig {
    LambdaConfig {
        zones: true,
        tt_mb,
        dual,
        ..LambdaConfig::default()
    }
}

/// The reference: every legal move, no table.
fn zones_off(dual: bool) -> LambdaConfig {
    LambdaConfig {
        zones: false,
        tt_mb: 0,
        dual,
        ..LambdaConfig::default()
    }
}

/// What the checks saw, so a test can insist it was not vacuous.
#[derive(Default, Debug)]
struct Seen {
    searches: usize,
    wins: usize,
    /// lambda_a^{n+1} moves checked against attack zones.
    attack_moves: usize,
    /// lambda_d^{n+1} moves checked against defence zones.
    defence_moves: usize,
    /// Points of X1 over all zones, and board points over all zones (zone size ratio).
    zone_points: usize,
    board_points: usize,
}

/// lambda(`game`, `attacker`, `level`) within `depth` with the reference settings.
fn reference<G: StoneGame + Tactics>(
    game: &mut G,
    attacker: Player,
    level: u8,
    depth: u32,
    dual: bool,
) -> bool {
    lambda_with_zone(game, attacker, level, depth, &zones_off(dual)).0
}

/// After the attacker's move (the defender to move), with `depth` left: is it a mu_a move of
/// level `level + 1` (definition 2)? The attacker, given the move again, wins at some level
/// k <= `level`, and the defender, not passing, has no tree of level <= k.
fn mu_threat<G: StoneGame + Tactics>(
    game: &mut G,
    attacker: Player,
    level: u8,
    depth: u32,
) -> bool {
    let Some(k) = (0..=level).find(|&k| reference(game, attacker, k, depth, true)) else {
        return false;
    };
    !reference(game, attacker.opponent(), k, depth, true)
}

/// Checks lemma 11 for one position, attacker, level and depth (see the module doc).
fn check<G: StoneGame + Tactics>(
    game: &mut G,
    attacker: Player,
    (level, depth, tt_mb, dual): (u8, u32, usize, bool),
    seen: &mut Seen,
) {
    let to_move = game.to_move();
    let key = game.key();
    let (won, zone) = lambda_with_zone(game, attacker, level, depth, &zones_on(tt_mb, dual));
    assert_eq!(
        (game.key(), game.to_move()),
        (key, to_move),
        "the search must leave the position as found"
    );
    let expected = reference(game, attacker, level, depth, dual);
    let diagram = game.diagram();
    let context = |what: &str| {
        format!(
            "{what}\nattacker {attacker}, level {level}, depth {depth}, table {tt_mb} MB, dual {dual}, {to_move} to move\n{diagram}"
        )
    };
    assert_eq!(won, expected, "{}", context("zones change the result"));
    seen.searches += 1;
    seen.wins += won as usize;
    seen.zone_points += zone.count_within(1);
    seen.board_points += game.num_points();
    let defender = attacker.opponent();
    // The plies left after a defence: with the defender to move, the defence takes the place
    // of the pass that gave the attacker the move (and cost a ply); with the attacker to
    // move it comes on top.
    let after_defence = if to_move == attacker {
        depth
    } else {
        depth - 1
    };
    for x in empty_points(game) {
        let needed = if won {
            // A defence of the defender: does it stop the win?
            game.play_stone(x, defender);
            let refutes = match game.outcome() {
                Some(Outcome::Win(w)) => w != attacker,
                Some(_) => true,
                None => !reference(game, attacker, level, after_defence, dual),
            };
            game.undo_stone(x);
            seen.defence_moves += refutes as usize;
            refutes
        } else {
            // An attack move: does it threaten a win at level <= n?
            game.play_stone(x, attacker);
            let threatens = match game.outcome() {
                Some(Outcome::Win(w)) => w == attacker,
                Some(_) => false,
                None if dual => mu_threat(game, attacker, level, depth - 1),
                None => reference(game, attacker, level, depth - 1, false),
            };
            game.undo_stone(x);
            seen.attack_moves += threatens as usize;
            threatens
        };
        game.set_to_move(to_move);
        if needed && !zone.contains(x, 1) {
            let kind = if won {
                "defence (D zone)"
            } else {
                "attack (A zone)"
            };
            panic!(
                "{}",
                context(&format!(
                    "LEMMA 11 COUNTEREXAMPLE: the {kind} move {} lies outside X1 of the zone\n{}",
                    point_name(x, game.columns()),
                    render(&zone, game.columns(), game.rows())
                ))
            );
        }
    }
}

/// The zone's orders as a diagram (top row first), `.` for points in no region.
fn render(zone: &ZoneScheme, columns: usize, rows: usize) -> String {
    let mut out = String::from("zone orders:\n");
    for y in (0..rows).rev() {
        let line: Vec<String> = (0..columns)
            .map(|x| match zone.order((x + y * columns) as u16) {
                Some(order) => order.to_string(),
                None => ".".to_string(),
            })
            .collect();
        out.push_str(&line.join(" "));
        out.push('\n');
    }
    out
}

/// Every check on `games` for both attackers, levels 0..=2 and the given depths, with and
/// without the table.
fn check_all<G: StoneGame + Tactics>(games: Vec<G>, depths: &[u32], seen: &mut Seen) {
    for mut game in games {
        for attacker in [Player::Black, Player::White] {
            for level in 0..=2 {
                for &depth in depths {
                    for tt_mb in [0, 1] {
                        for dual in [false, true] {
                            check(&mut game, attacker, (level, depth, tt_mb, dual), seen);
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn mnk_zones_hold_every_relevant_move() {
    let mut seen = Seen::default();
    for (columns, rows, k, depths, count) in [
        (4, 4, 3, &[3, 5][..], 48),
        (4, 4, 4, &[3, 5, 7][..], 48),
        (5, 5, 4, &[3, 5][..], 24),
        (5, 5, 3, &[3, 5][..], 16),
    ] {
        let start = Mnk::new(columns, rows, k, false).expect("valid size");
        let seed = (columns * 100 + rows * 10 + k) as u64;
        let mut games = random_positions(&start, seed, 2, columns * rows / 2, count);
        games.extend(random_stone_positions(
            &start,
            seed + 1,
            columns * rows / 2,
            count / 2,
        ));
        check_all(games, depths, &mut seen);
    }
    eprintln!("m,n,k: {seen:?}");
    assert!(
        seen.wins > 50 && seen.attack_moves > 100 && seen.defence_moves > 100,
        "{seen:?}"
    );
}

#[test]
fn atarigo_zones_hold_every_relevant_move() {
    let mut seen = Seen::default();
    for (columns, rows, depths, count) in [
        (3, 3, &[3, 5, 7][..], 32),
        (4, 4, &[3, 5, 7][..], 48),
        (5, 5, &[3, 5][..], 24),
    ] {
        let start = AtariGo::new(columns, rows).expect("valid size");
        let seed = (columns * 10 + rows) as u64;
        let mut games = random_positions(&start, seed, 2, columns * rows / 2, count);
        games.extend(random_stone_positions(
            &start,
            seed + 1,
            columns * rows / 2,
            count / 2,
        ));
        check_all(games, depths, &mut seen);
    }
    eprintln!("atarigo: {seen:?}");
    assert!(
        seen.wins > 50 && seen.attack_moves > 100 && seen.defence_moves > 100,
        "{seen:?}"
    );
}

#[test]
fn hex_zones_hold_every_relevant_move() {
    let mut seen = Seen::default();
    for (size, depths, count) in [(3, &[3, 5, 7][..], 48), (4, &[3, 5, 7][..], 48)] {
        let start = Hex::new(size).expect("valid size");
        let seed = size as u64;
        let mut games = random_positions(&start, seed, 1, size * size / 2, count);
        games.extend(random_stone_positions(
            &start,
            seed + 1,
            size * size / 2,
            count / 2,
        ));
        check_all(games, depths, &mut seen);
    }
    eprintln!("hex: {seen:?}");
    assert!(
        seen.wins > 50 && seen.attack_moves > 100 && seen.defence_moves > 100,
        "{seen:?}"
    );
}

#[test]
fn the_free_pass_counterexample_stays_fixed() {
    // AtariGo 3x3, Black a2 c2, White b3, White to move: with free passes, zones proved a
    // level-2 win for Black within 3 plies that needs 5 (module doc).
    let mut game = AtariGo::new(3, 3).expect("valid size");
    game.play_stone(3, Player::Black);
    game.play_stone(5, Player::Black);
    game.play_stone(7, Player::White);
    game.set_to_move(Player::White);
    let mut seen = Seen::default();
    for level in 0..=3 {
        for depth in 1..=7 {
            for dual in [false, true] {
                check(&mut game, Player::Black, (level, depth, 0, dual), &mut seen);
            }
        }
    }
    assert!(seen.wins > 0 && seen.wins < seen.searches, "{seen:?}");
}
