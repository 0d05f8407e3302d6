//! Random small positions for the brute-force tests (`evs_bruteforce`,
//! `lambda_zone_soundness`): a fixed-seed splitmix64 generator, so every run checks the same
//! positions and a failure reproduces.

use plyscope::game::{Game, MoveList, Player, Point, StoneGame};
use plyscope::zobrist::splitmix64;

/// A fixed-seed generator of positions.
pub struct Positions {
    state: u64,
}

impl Positions {
    pub fn new(seed: u64) -> Positions {
        Positions { state: seed }
    }

    /// A number below `n`.
    pub fn below(&mut self, n: usize) -> usize {
        (splitmix64(&mut self.state) % n as u64) as usize
    }

    /// Plays `moves` random legal moves from `start`; `None` if the game ended on the way.
    pub fn play<G: Game>(&mut self, start: &G, moves: usize) -> Option<G> {
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

/// `count` positions of `start` after between `min` and `max` random legal moves, none of
/// which ended the game.
pub fn random_positions<G: Game>(
    start: &G,
    seed: u64,
    min: usize,
    max: usize,
    count: usize,
) -> Vec<G> {
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

/// `count` positions with stones of random colours on random points (not alternating, so
/// denser shapes such as eyes appear): `stones` tries each, a stone that would end the game
/// is taken back. The side to move is random too.
pub fn random_stone_positions<G: StoneGame>(
    start: &G,
    seed: u64,
    stones: usize,
    count: usize,
) -> Vec<G> {
    let mut positions = Positions::new(seed);
    let random_player = |positions: &mut Positions| {
        if positions.below(2) == 0 {
            Player::Black
        } else {
            Player::White
        }
    };
    (0..count)
        .map(|_| {
            let mut game = start.clone();
            for _ in 0..stones {
                let p = positions.below(game.num_points()) as Point;
                if !game.is_empty(p) {
                    continue;
                }
                let player = random_player(&mut positions);
                game.play_stone(p, player);
                if game.outcome().is_some() {
                    game.undo_stone(p);
                }
            }
            let to_move = random_player(&mut positions);
            game.set_to_move(to_move);
            game
        })
        .collect()
}

/// The empty points of `game`.
pub fn empty_points<G: StoneGame>(game: &G) -> Vec<Point> {
    (0..game.num_points() as Point)
        .filter(|&p| game.is_empty(p))
        .collect()
}
