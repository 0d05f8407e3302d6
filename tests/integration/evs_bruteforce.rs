//! `StoneGame::evs_orders` against Suda's definition 13, by enumeration.
//!
//! On random small positions, for both players, every set `X` of up to `K` empty points is
//! tried: `X` wins when SOME order of playing its points for the player (the opponent
//! passing) reaches a win before the game ends otherwise (an AtariGo suicide ends it with a
//! loss). Winning is upward closed (play the winning subset first), so `X` is a minimal
//! winning set exactly when it wins and none of its subsets one point smaller does. A
//! point's true order is the size of the smallest minimal winning set holding it; points in
//! no minimal winning set of at most `K` points have a true order above `K` (or none).
//!
//! Each game's `evs_orders` must be sound (never above the true order: a larger order would
//! shrink a relevance zone below what lemma 9a allows) and exact up to the order its method
//! claims: m,n,k and AtariGo everywhere, Hex for orders 1 to 3 (above that it writes a lower
//! bound). Occupied points are in no region.

use crate::helpers::positions;

use std::collections::HashSet;

use plyscope::game::{
    MAX_MOVES, MoveList, NO_REGION, Outcome, Player, Point, StoneGame, Tactics, point_name,
};
use plyscope::games::atarigo::AtariGo;
use plyscope::games::hex::Hex;
use plyscope::games::mnk::Mnk;
use positions::{empty_points, random_positions, random_stone_positions};

/// True when some order of playing the points of `set` (bits over `empties`) for `player`
/// reaches a win of `player`. Leaves the position as it found it.
fn wins_in_some_order<G: StoneGame>(
    game: &mut G,
    player: Player,
    empties: &[Point],
    set: u32,
) -> bool {
    let mut rest = set;
    while rest != 0 {
        let i = rest.trailing_zeros();
        rest &= rest - 1;
        let p = empties[i as usize];
        game.play_stone(p, player);
        let won = match game.outcome() {
            Some(Outcome::Win(w)) => w == player,
            Some(_) => false,
            None => wins_in_some_order(game, player, empties, set & !(1 << i)),
        };
        game.undo_stone(p);
        if won {
            return true;
        }
    }
    false
}

/// The true order of every point (definition 13) as far as `max_order`: `Some(order)` or
/// `None` when the point lies in no minimal winning set of at most `max_order` points.
fn true_orders<G: StoneGame>(game: &mut G, player: Player, max_order: u32) -> Vec<Option<u8>> {
    let to_move = game.to_move();
    let mut orders = vec![None; game.num_points()];
    let empties = empty_points(game);
    assert!(empties.len() < 32, "too many empty points to enumerate");
    let mut winning: HashSet<u32> = HashSet::new();
    for size in 1..=max_order.min(empties.len() as u32) {
        for set in subsets_of_size(empties.len() as u32, size) {
            // A set holding a smaller winning set wins but is not minimal.
            let mut holds_a_win = false;
            let mut rest = set;
            while rest != 0 {
                let bit = rest & rest.wrapping_neg();
                rest &= rest - 1;
                holds_a_win |= winning.contains(&(set & !bit));
            }
            if holds_a_win {
                winning.insert(set);
                continue;
            }
            if wins_in_some_order(game, player, &empties, set) {
                winning.insert(set);
                let mut rest = set;
                while rest != 0 {
                    let i = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    let slot = &mut orders[empties[i] as usize];
                    *slot = Some(slot.map_or(size as u8, |o: u8| o.min(size as u8)));
                }
            }
        }
    }
    game.set_to_move(to_move);
    orders
}

/// Every `size`-subset of `0..n` as a bit mask (Gosper's hack).
fn subsets_of_size(n: u32, size: u32) -> impl Iterator<Item = u32> {
    let end = 1u64 << n;
    let mut next = (1u64 << size) - 1;
    std::iter::from_fn(move || {
        if size == 0 || next >= end {
            return None;
        }
        let set = next;
        let low = next & next.wrapping_neg();
        let ripple = next + low;
        next = (((ripple ^ next) >> 2) / low) | ripple;
        Some(set as u32)
    })
}

/// What a comparison saw, so a test can insist it was not vacuous.
#[derive(Default, Debug)]
struct Seen {
    positions: usize,
    /// Points with a true order, by order (index 0 unused).
    by_order: [usize; 8],
    /// Points where the computed order is below the true one or the truth is above `K`
    /// while the method gave an order (sound, not exact).
    below_truth: usize,
}

/// Compares `evs_orders` of `player` with the enumeration up to `max_order`; asserts
/// soundness everywhere and exactness for computed orders up to `exact_up_to`.
fn compare<G: StoneGame>(
    game: &mut G,
    player: Player,
    max_order: u32,
    exact_up_to: u8,
    seen: &mut Seen,
) {
    let mut computed = vec![0u8; game.num_points()];
    game.evs_orders(player, &mut computed);
    let truth = true_orders(game, player, max_order);
    seen.positions += 1;
    let columns = game.columns();
    for p in 0..game.num_points() as Point {
        let c = computed[p as usize];
        let name = point_name(p, columns);
        let context = || format!("{player} at {name}\n{}", game.diagram());
        if !game.is_empty(p) {
            assert_eq!(c, NO_REGION, "occupied point in a region: {}", context());
            continue;
        }
        assert!(c >= 1, "order 0 at {}", context());
        let t = truth[p as usize];
        if let Some(t) = t {
            seen.by_order[t as usize] += 1;
            assert!(
                c <= t,
                "UNSOUND: computed {c} > true order {t} for {}",
                context()
            );
        }
        if c <= exact_up_to {
            assert_eq!(
                t,
                Some(c),
                "not exact: computed {c}, true {t:?} for {}",
                context()
            );
        }
        if t != Some(c) && c != NO_REGION {
            seen.below_truth += 1;
        }
    }
}

fn mnk(columns: usize, rows: usize, k: usize, exact: bool) -> Mnk {
    Mnk::new(columns, rows, k, exact).expect("valid size")
}

#[test]
fn subsets_are_enumerated_once_each() {
    let all: Vec<u32> = subsets_of_size(5, 2).collect();
    assert_eq!(all.len(), 10);
    assert!(all.iter().all(|s| s.count_ones() == 2 && *s < 32));
    let distinct: HashSet<u32> = all.iter().copied().collect();
    assert_eq!(distinct.len(), 10);
}

#[test]
fn the_enumeration_reads_definition_13() {
    // Tic-tac-toe, Black a1 a2 and b2, White b1 c1 a3... kept simple: Black a1 b2, White c1.
    // Black wins at once nowhere; {c3} needs a1-b2 diagonal: order 1 at c3.
    let mut g = mnk(3, 3, 3, false)
        .with_stones(
            &[
                (0, Player::Black),
                (2, Player::White),
                (4, Player::Black),
                (6, Player::White),
            ],
            Player::Black,
        )
        .expect("valid");
    let truth = true_orders(&mut g, Player::Black, 3);
    assert_eq!(truth[8], Some(1)); // c3
    assert_eq!(truth[1], Some(2)); // b1: b1-b2-b3
    assert_eq!(truth[3], Some(2)); // a2: a2-b2-c2
    assert_eq!(truth[0], None); // occupied
}

#[test]
fn mnk_orders_are_exact() {
    let mut seen = Seen::default();
    for (columns, rows, k, exact, min, max, count) in [
        (3, 3, 3, false, 0, 6, 40),
        (4, 4, 3, false, 2, 10, 60),
        (4, 4, 4, false, 0, 10, 60),
        (5, 4, 4, false, 4, 12, 40),
        (5, 5, 4, false, 8, 16, 40),
        (5, 5, 3, false, 8, 14, 30),
        (4, 4, 3, true, 2, 10, 60),
        (5, 5, 4, true, 8, 16, 40),
        (6, 2, 3, true, 1, 7, 40),
    ] {
        let start = mnk(columns, rows, k, exact);
        let seed = (columns * 100 + rows * 10 + k) as u64 + 1000 * exact as u64;
        for mut game in random_positions(&start, seed, min, max, count) {
            for player in [Player::Black, Player::White] {
                compare(&mut game, player, 4, 4, &mut seen);
            }
        }
    }
    assert!(seen.positions >= 600, "{seen:?}");
    assert!(
        seen.by_order[1] > 50 && seen.by_order[2] > 200 && seen.by_order[3] > 200,
        "{seen:?}"
    );
}

#[test]
fn atarigo_orders_are_exact() {
    let mut seen = Seen::default();
    for (columns, rows, min, max, count) in [
        (3, 3, 1, 6, 60),
        (4, 3, 2, 8, 60),
        (4, 4, 2, 10, 80),
        (5, 4, 6, 12, 50),
        (5, 5, 9, 16, 50),
    ] {
        let start = AtariGo::new(columns, rows).expect("valid size");
        let seed = (columns * 10 + rows) as u64;
        let mut games = random_positions(&start, seed, min, max, count);
        games.extend(random_stone_positions(
            &start,
            seed + 7,
            columns * rows * 3 / 4,
            count,
        ));
        for mut game in games {
            if game.num_points()
                - (0..game.num_points() as Point)
                    .filter(|&p| !game.is_empty(p))
                    .count()
                > 18
            {
                continue;
            }
            for player in [Player::Black, Player::White] {
                compare(&mut game, player, 4, 4, &mut seen);
            }
        }
    }
    assert!(seen.positions >= 600, "{seen:?}");
    assert!(
        seen.by_order[1] > 100 && seen.by_order[2] > 100 && seen.by_order[3] > 50,
        "{seen:?}"
    );
}

#[test]
fn hex_orders_one_to_three_are_exact_and_the_rest_sound() {
    let mut seen = Seen::default();
    // 3x3 completely (every subset), 4x4 up to five points.
    for (size, max_order, min, max, count) in
        [(2, 4, 0, 2, 10), (3, 9, 0, 6, 80), (4, 5, 2, 10, 80)]
    {
        let start = Hex::new(size).expect("valid size");
        let mut games = random_positions(&start, size as u64, min, max, count);
        games.extend(random_stone_positions(
            &start,
            size as u64 + 7,
            size * size / 2,
            count,
        ));
        for mut game in games {
            for player in [Player::Black, Player::White] {
                compare(&mut game, player, max_order, 3, &mut seen);
            }
        }
    }
    assert!(seen.positions >= 600, "{seen:?}");
    assert!(
        seen.by_order[1] > 50
            && seen.by_order[2] > 100
            && seen.by_order[3] > 100
            && seen.by_order[4] > 50,
        "{seen:?}"
    );
    eprintln!("hex: {seen:?}");
}

/// `Tactics::winning_move` and `winning_moves` (lambda's level-0 test) against trying every
/// empty point, and against the order-1 points of `evs_orders` (a single point that wins).
fn check_immediate_wins<G: StoneGame + Tactics>(game: &mut G, player: Player) -> usize {
    let to_move = game.to_move();
    let mut truth = Vec::new();
    for p in empty_points(game) {
        game.play_stone(p, player);
        if game.outcome() == Some(Outcome::Win(player)) {
            truth.push(p);
        }
        game.undo_stone(p);
    }
    game.set_to_move(to_move);
    let mut listed = MoveList::new();
    game.winning_moves(player, &mut listed, MAX_MOVES);
    let mut listed = listed.as_slice().to_vec();
    listed.sort_unstable();
    let context = || format!("{player}\n{}", game.diagram());
    assert_eq!(listed, truth, "winning_moves for {}", context());
    match game.winning_move(player) {
        Some(p) => assert!(
            truth.contains(&p),
            "winning_move {p} loses for {}",
            context()
        ),
        None => assert!(
            truth.is_empty(),
            "winning_move misses {truth:?} for {}",
            context()
        ),
    }
    let mut orders = vec![0u8; game.num_points()];
    game.evs_orders(player, &mut orders);
    let order_one: Vec<Point> = (0..game.num_points() as Point)
        .filter(|&p| orders[p as usize] == 1)
        .collect();
    assert_eq!(order_one, truth, "EVS order 1 for {}", context());
    truth.len()
}

#[test]
fn immediate_wins_are_exact() {
    let mut wins = 0;
    for seed in 0..4u64 {
        for (columns, rows, k, exact) in [
            (4, 4, 3, false),
            (5, 5, 4, false),
            (6, 3, 3, true),
            (7, 7, 4, false),
        ] {
            let start = mnk(columns, rows, k, exact);
            for mut game in random_positions(&start, seed, 2, columns * rows - 2, 30) {
                for player in [Player::Black, Player::White] {
                    wins += check_immediate_wins(&mut game, player);
                }
            }
        }
        for (columns, rows) in [(4, 4), (5, 5), (6, 6)] {
            let start = AtariGo::new(columns, rows).expect("valid size");
            let mut games = random_positions(&start, seed, 2, columns * rows / 2, 30);
            games.extend(random_stone_positions(&start, seed, columns * rows, 30));
            for mut game in games {
                for player in [Player::Black, Player::White] {
                    wins += check_immediate_wins(&mut game, player);
                }
            }
        }
        for size in [3, 4, 5, 7] {
            let start = Hex::new(size).expect("valid size");
            let mut games = random_positions(&start, seed, 2, size * size - 2, 30);
            games.extend(random_stone_positions(&start, seed, size * size, 30));
            for mut game in games {
                for player in [Player::Black, Player::White] {
                    wins += check_immediate_wins(&mut game, player);
                }
            }
        }
    }
    assert!(wins > 500, "only {wins} immediate wins seen");
}
