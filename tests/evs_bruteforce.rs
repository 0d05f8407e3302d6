//! `StoneGame::evs_orders` against thesis 000's definition 13, by enumeration.
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
//! claims: m,n,k and AtariGo everywhere, Hex for orders 1 and 2 (above that it writes a lower
//! bound). Occupied points are in no region.

use std::collections::HashSet;

use plyscope::game::{Game, MoveList, NO_REGION, Outcome, Player, Point, StoneGame, point_name};
use plyscope::games::atarigo::AtariGo;
use plyscope::games::hex::Hex;
use plyscope::games::mnk::Mnk;
use plyscope::zobrist::splitmix64;

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
    let empties: Vec<Point> = (0..game.num_points() as Point)
        .filter(|&p| game.is_empty(p))
        .collect();
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

/// A fixed-seed generator of positions reached by random legal play.
struct Positions {
    state: u64,
}

impl Positions {
    fn new(seed: u64) -> Positions {
        Positions { state: seed }
    }

    fn below(&mut self, n: usize) -> usize {
        (splitmix64(&mut self.state) % n as u64) as usize
    }

    /// Plays `moves` random legal moves from `start`; `None` if the game ended on the way.
    fn play<G: Game>(&mut self, start: &G, moves: usize) -> Option<G> {
        let mut game = start.clone();
        let mut list = MoveList::new();
        for _ in 0..moves {
            game.legal_moves(&mut list);
            if list.is_empty() {
                return None;
            }
            let mv = list.as_slice()[self.below(list.len())];
            game.play(mv);
            if game.outcome().is_some() {
                return None;
            }
        }
        Some(game)
    }
}

/// Random positions of `start` with between `min` and `max` moves played, `count` of them.
fn random_positions<G: Game>(start: &G, seed: u64, min: usize, max: usize, count: usize) -> Vec<G> {
    let mut positions = Positions::new(seed);
    let mut out = Vec::new();
    let mut tries = 0;
    while out.len() < count && tries < 50 * count {
        tries += 1;
        let moves = min + positions.below(max - min + 1);
        if let Some(game) = positions.play(start, moves) {
            out.push(game);
        }
    }
    out
}

/// Positions with stones of random colours on random points (not alternating, so denser
/// shapes such as eyes appear): up to `stones` tries each, a stone that would end the game
/// is taken back.
fn random_stone_positions<G: StoneGame>(
    start: &G,
    seed: u64,
    stones: usize,
    count: usize,
) -> Vec<G> {
    let mut positions = Positions::new(seed);
    (0..count)
        .map(|_| {
            let mut game = start.clone();
            for _ in 0..stones {
                let p = positions.below(game.num_points()) as Point;
                if !game.is_empty(p) {
                    continue;
                }
                let player = if positions.below(2) == 0 {
                    Player::Black
                } else {
                    Player::White
                };
                game.play_stone(p, player);
                if game.outcome().is_some() {
                    game.undo_stone(p);
                }
            }
            game
        })
        .collect()
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
fn hex_orders_one_and_two_are_exact_and_the_rest_sound() {
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
                compare(&mut game, player, max_order, 2, &mut seen);
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
