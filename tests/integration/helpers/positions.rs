//! Random small positions for the brute-force and differential tests: a fixed-seed splitmix64
//! generator, so every run checks the same positions and a failure reproduces.

use plyscope::game::{Game, MoveList, Player, Point, StoneGame};
use plyscope::games::dama::Piece;
use plyscope::zobrist::splitmix64;

/// splitmix64: a tiny fixed-seed generator.
pub struct Rng(pub u64);

impl Rng {
    /// The next number of the stream.
    pub fn next(&mut self) -> u64 {
        splitmix64(&mut self.0)
    }

    /// A number below `n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
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

/// Plays `stones` random legal moves that do not end the game from `game` (fewer if none is
/// left): up to eight tries a move, a try that ends the game taken back.
pub fn scatter<G: Game>(mut game: G, stones: usize, rng: &mut Rng) -> G {
    let mut moves = MoveList::new();
    for _ in 0..stones {
        game.legal_moves(&mut moves);
        let mut placed = false;
        for _ in 0..8 {
            if moves.is_empty() {
                break;
            }
            let mv = moves.as_slice()[rng.below(moves.len())];
            game.play(mv);
            if game.outcome().is_none() {
                placed = true;
                break;
            }
            game.undo(mv);
        }
        if !placed {
            break;
        }
    }
    game
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
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    let mut tries = 0;
    while out.len() < count && tries < 50 * count {
        tries += 1;
        let moves = min + rng.below(max - min + 1);
        if let Some(game) = rng.play(start, moves) {
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
    let mut rng = Rng(seed);
    let random_player = |rng: &mut Rng| {
        if rng.below(2) == 0 {
            Player::Black
        } else {
            Player::White
        }
    };
    (0..count)
        .map(|_| {
            let mut game = start.clone();
            for _ in 0..stones {
                let p = rng.below(game.num_points()) as Point;
                if !game.is_empty(p) {
                    continue;
                }
                let player = random_player(&mut rng);
                game.play_stone(p, player);
                if game.outcome().is_some() {
                    game.undo_stone(p);
                }
            }
            let to_move = random_player(&mut rng);
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

/// Random checkers pieces for both sides, White's first: below `men` men (none on its last
/// row) and 1 to `kings` kings a side, each on a free dark square, drawn from `state`.
pub fn random_dama_pieces(state: &mut u64, men: u64, kings: u64) -> Vec<(Point, Piece)> {
    let mut taken = 0u64;
    let mut pieces = Vec::new();
    for player in [Player::White, Player::Black] {
        let men = splitmix64(state) % men;
        let kings = 1 + splitmix64(state) % kings;
        for i in 0..men + kings {
            loop {
                let s = (splitmix64(state) % 64) as usize;
                let (x, y) = (s % 8, s / 8);
                let man = i < men;
                let last_row = if player == Player::White { 7 } else { 0 };
                if (x + y) % 2 != 0 || taken >> s & 1 == 1 || (man && y == last_row) {
                    continue;
                }
                taken |= 1 << s;
                let piece = if man {
                    Piece::Man(player)
                } else {
                    Piece::King(player)
                };
                pieces.push((s as Point, piece));
                break;
            }
        }
    }
    pieces
}
