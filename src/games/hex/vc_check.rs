//! An independent checker of claimed virtual connections (tests only): exhaustive play
//! inside the carrier, sharing nothing with the H-search of `super::hsearch` but the board.
//!
//! A full connection of `x` and `y` with carrier `C` holds when the owner, with `x` and `y`
//! taken as its own, joins them whatever the opponent plays, the opponent moving first and
//! both players playing only in `C`. Playing outside `C` is no help to the opponent (a
//! stone outside cannot cut a path inside `C`), and neither player gains by passing in Hex
//! (an extra stone never hurts its owner), so play inside `C` decides it. Connectedness is a
//! flood through the owner's stones, not the game's union-find.

use rustc_hash::FxHashMap as HashMap;

use super::Hex;
use crate::game::Player;

/// One end of a connection: an edge of the owner, or a set of cells (a chain's stones, or
/// an empty cell the owner is taken to hold).
#[derive(Clone, Copy, Debug)]
pub enum End {
    Edge { second: bool },
    Cells(u128),
}

/// Checks claimed connections of one owner on one position.
pub struct Checker<'a> {
    game: &'a Hex,
    owner: Player,
}

impl<'a> Checker<'a> {
    pub fn new(game: &'a Hex, owner: Player) -> Checker<'a> {
        Checker { game, owner }
    }

    /// True when the full connection of `x` and `y` with `carrier` holds.
    pub fn full_holds(&self, x: End, y: End, carrier: u128) -> bool {
        self.holds_with(x, y, 0, carrier)
    }

    /// True when the semi connection holds: the owner plays `key`, then the full one on the
    /// rest of the carrier holds.
    pub fn semi_holds(&self, x: End, y: End, key: u128, carrier: u128) -> bool {
        self.holds_with(x, y, key, carrier)
    }

    /// True when the owner, holding its stones, the cells `extra` and the ends, joins `x`
    /// and `y` inside `carrier` with the opponent moving first.
    fn holds_with(&self, x: End, y: End, extra: u128, carrier: u128) -> bool {
        let mut own = self.game.stone_bits[self.owner.index()] | extra;
        for end in [x, y] {
            if let End::Cells(cells) = end {
                own |= cells;
            }
        }
        let other = self.game.stone_bits[self.owner.opponent().index()];
        let mut memo = HashMap::default();
        self.owner_joins(x, y, own, other, carrier & !own, false, &mut memo)
    }

    #[allow(clippy::too_many_arguments)]
    fn owner_joins(
        &self,
        x: End,
        y: End,
        own: u128,
        other: u128,
        free: u128,
        owner_to_move: bool,
        memo: &mut HashMap<(u128, u128, bool), bool>,
    ) -> bool {
        if self.joined(x, y, own) {
            return true;
        }
        // Only the free cells a path from `x` to `y` could still use matter: a stone
        // elsewhere is a pass, which helps neither side. None such: the owner is cut off.
        let region = self.reach(x, own | free);
        if region & self.cells_of(y) == 0 {
            return false;
        }
        let relevant = free & region;
        if let Some(&known) = memo.get(&(own, other, owner_to_move)) {
            return known;
        }
        // Threats, each a set of cells the opponent must play in: a one-move win `{c}`,
        // and a move `c` after which the owner has two or more one-move wins
        // `W`, `{c} ∪ W` (elsewhere the owner plays `c`, the opponent blocks one win and
        // the owner plays another). A stone of the opponent changes no threat but those it
        // lands in, so the opponent must play in every threat's set at once: in their
        // intersection, the must-play; an empty one, or a threat on the owner's turn, wins.
        let mut must_play = relevant;
        let mut threat = false;
        // Moves that threaten a one-move win: the owner tries them first.
        let mut forcing = 0u128;
        let wins_now = self.one_move_wins(x, y, own, relevant);
        if wins_now != 0 {
            must_play &= wins_now;
            threat = true;
        }
        let mut rest = relevant & !wins_now;
        while rest != 0 {
            let c = rest & rest.wrapping_neg();
            rest &= !c;
            let wins = self.one_move_wins(x, y, own | c, relevant & !c);
            if wins.count_ones() >= 2 {
                must_play &= c | wins;
                threat = true;
            } else if wins != 0 {
                forcing |= c;
            }
        }
        let answer = if owner_to_move {
            threat || {
                let mut any = false;
                for mut rest in [forcing, relevant & !forcing] {
                    while rest != 0 && !any {
                        let c = rest & rest.wrapping_neg();
                        rest &= !c;
                        any = self.owner_joins(x, y, own | c, other, free & !c, false, memo);
                    }
                }
                any
            }
        } else if must_play == 0 {
            true
        } else {
            let mut all = true;
            let mut rest = must_play;
            while rest != 0 {
                let c = rest & rest.wrapping_neg();
                rest &= !c;
                if !self.owner_joins(x, y, own, other | c, free & !c, true, memo) {
                    all = false;
                    break;
                }
            }
            all
        };
        memo.insert((own, other, owner_to_move), answer);
        answer
    }

    /// The cells of the owner's edge, as a set.
    fn edge_cells(&self, second: bool) -> u128 {
        let n = self.game.size();
        let mut set = 0u128;
        for i in 0..n {
            let (x, y) = match (self.owner, second) {
                (Player::Black, false) => (i, 0),
                (Player::Black, true) => (i, n - 1),
                (Player::White, false) => (0, i),
                (Player::White, true) => (n - 1, i),
            };
            set |= 1u128 << (x + y * n);
        }
        set
    }

    /// The cells an end stands on: its edge's row or column, or its cells.
    fn cells_of(&self, end: End) -> u128 {
        match end {
            End::Edge { second } => self.edge_cells(second),
            End::Cells(cells) => cells,
        }
    }

    /// True when a path of the owner's stones `own` joins `x` and `y`.
    fn joined(&self, x: End, y: End, own: u128) -> bool {
        self.reach(x, own) & self.cells_of(y) != 0
    }

    /// The cells of `own` joined to `x` through `own` (a flood by the board's bitboard
    /// neighbours).
    fn reach(&self, x: End, own: u128) -> u128 {
        let masks = self.game.tables.masks.as_ref().expect("a bitboard size");
        let mut reached = self.cells_of(x) & own;
        loop {
            let next = reached | (masks.neighbours(reached) & own);
            if next == reached {
                return reached;
            }
            reached = next;
        }
    }

    /// The cells of `candidates` where one more stone of the owner joins `x` and `y`: those
    /// touching both what `x` reaches and what `y` reaches (an end's own cells count as
    /// touching it).
    fn one_move_wins(&self, x: End, y: End, own: u128, candidates: u128) -> u128 {
        let masks = self.game.tables.masks.as_ref().expect("a bitboard size");
        let touch = |end: End| {
            let reached = self.reach(end, own);
            reached | masks.neighbours(reached) | self.cells_of(end)
        };
        candidates & touch(x) & touch(y)
    }
}

/// A small deterministic generator (xorshift) for the tests' random positions.
pub fn next(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}

/// A random unfinished position of `size` after `stones` random moves, or `None` when the
/// random game ended first.
pub fn random_position(size: usize, stones: usize, seed: &mut u64) -> Option<Hex> {
    use crate::game::{Game, MoveList};
    let mut g = Hex::new(size).ok()?;
    let mut moves = MoveList::new();
    for _ in 0..stones {
        g.legal_moves(&mut moves);
        if moves.is_empty() {
            return None;
        }
        let p = moves.as_slice()[(next(seed) % moves.len() as u64) as usize];
        g.play(p);
    }
    g.outcome().is_none().then_some(g)
}
