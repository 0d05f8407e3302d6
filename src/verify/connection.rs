//! Hex connection leaves and must-play nodes: a leaf with a derivation is checked step by
//! step (`derivation.rs`), one without by an exhaustive search of the game restricted to its
//! carrier ([`connection_holds`]; the module doc of `src/verify.rs` says why the restriction
//! is sound). None of this shares code with the solver's virtual connection engine.

use rustc_hash::FxHashMap;

use crate::game::{Game, Outcome, Player, Point, StoneGame};
use crate::games::hex::Hex;

use super::MAX_CARRIER;
use super::derivation::{derivation_holds, must_play_holds};
use super::holes::Hole;
use super::replay::{LeafError, LeafWork};
use super::schema::{CarrierNode, MustPlayNode};

/// A Hex must-play node: [`must_play_holds`].
pub(super) fn hex_must_play(
    game: &Hex,
    node: &MustPlayNode,
    attacker: Player,
) -> Result<(Vec<Point>, u64), Hole> {
    must_play_holds(game, attacker, &node.vc, &node.semis)
        .map(|(region, steps)| (region, steps as u64))
        .map_err(|error| Hole::MustPlayFails { attacker, error })
}

/// A Hex connection leaf: with a derivation, [`derivation_holds`]; else the cells parsed in
/// `game`'s position, then [`connection_holds`].
pub(super) fn hex_connection(
    game: &mut Hex,
    leaf: &CarrierNode,
    attacker: Player,
    budget: u64,
) -> Result<LeafWork, LeafError> {
    let carrier = leaf.carrier.as_slice();
    if let Some(steps) = &leaf.vc {
        return match derivation_holds(game, attacker, carrier, steps) {
            Ok(steps) => Ok(LeafWork {
                positions: 0,
                steps: steps as u64,
            }),
            Err(error) => Err(LeafError::Hole(Hole::DerivationFails { attacker, error })),
        };
    }
    if carrier.len() > MAX_CARRIER {
        return Err(LeafError::Hole(Hole::BadCarrierCell {
            cell: carrier[MAX_CARRIER].clone(),
            why: format!("a connection leaf lists at most {MAX_CARRIER} cells"),
        }));
    }
    let mut cells: Vec<Point> = Vec::with_capacity(carrier.len());
    for text in carrier {
        let p = game.parse_move(text).map_err(|why| {
            LeafError::Hole(Hole::BadCarrierCell {
                cell: text.clone(),
                why,
            })
        })?;
        if cells.contains(&p) {
            return Err(LeafError::Hole(Hole::BadCarrierCell {
                cell: text.clone(),
                why: "listed twice".to_string(),
            }));
        }
        cells.push(p);
    }
    match connection_holds(game, &cells, attacker, budget) {
        (Some(true), positions) => Ok(LeafWork {
            positions,
            steps: 0,
        }),
        (Some(false), _) => Err(LeafError::Hole(Hole::ConnectionFails {
            attacker,
            carrier: carrier.to_vec(),
        })),
        (None, _) => Err(LeafError::Budget),
    }
}

/// True when `attacker` wins the game on `game` restricted to `cells` (all empty), the
/// defender moving first; `None` when more than `budget` positions were needed; with the
/// positions searched. The rules alone decide: see the module doc for why the restriction
/// is sound.
pub fn connection_holds(
    game: &mut Hex,
    cells: &[Point],
    attacker: Player,
    budget: u64,
) -> (Option<bool>, u64) {
    if cells.len() > MAX_CARRIER
        || cells.iter().any(|&p| !game.is_empty(p))
        || game.to_move() == attacker
        || game.outcome().is_some()
    {
        return (Some(false), 0);
    }
    let mut search = Restricted {
        cells,
        attacker,
        memo: FxHashMap::default(),
        near: nearby(game, cells),
        positions: 0,
        budget,
    };
    let holds = search.defender_loses(game, 0, 0);
    (holds, search.positions)
}

/// The exhaustive search of a connection leaf: the state is which of `cells` each side
/// holds (bit `i` for `cells[i]`), exact, so the memo needs no hash key of the position.
struct Restricted<'a> {
    cells: &'a [Point],
    attacker: Player,
    /// Decided states: `(attacker's cells, defender's cells)` -> the attacker wins.
    memo: FxHashMap<(u128, u128), bool>,
    /// For each cell, the cells within two steps of it (neighbours and bridge partners).
    near: Vec<u128>,
    positions: u64,
    budget: u64,
}

/// For each of `cells`, the set of cells (as bits) within two steps of it on `game`'s board.
fn nearby(game: &Hex, cells: &[Point]) -> Vec<u128> {
    let index = |p: Point| cells.iter().position(|&c| c == p);
    cells
        .iter()
        .map(|&p| {
            let mut set = 0u128;
            for q in game.neighbours(p) {
                for r in game.neighbours(q).chain([q]) {
                    if r != p
                        && let Some(i) = index(r)
                    {
                        set |= 1 << i;
                    }
                }
            }
            set
        })
        .collect()
}

impl Restricted<'_> {
    /// The game is on: `game` has the defender to move. `None`: over budget.
    fn defender_loses(&mut self, game: &mut Hex, own: u128, other: u128) -> Option<bool> {
        if let Some(&known) = self.memo.get(&(own, other)) {
            return Some(known);
        }
        self.enter()?;
        let free = self.free(own, other);
        let mut result = self.could_join(game, free);
        let mut rest = free;
        while result && rest != 0 {
            let i = rest.trailing_zeros();
            rest &= rest - 1;
            let p = self.cells[i as usize];
            game.play(p);
            let lost = match game.outcome() {
                Some(Outcome::Win(winner)) => winner == self.attacker,
                Some(_) => false,
                None => self.attacker_wins(game, own, other | 1 << i, i)?,
            };
            game.undo(p);
            result = lost;
        }
        self.memo.insert((own, other), result);
        Some(result)
    }

    /// The game is on: `game` has the attacker to move; `last` is the index of the
    /// defender's last cell.
    fn attacker_wins(&mut self, game: &mut Hex, own: u128, other: u128, last: u32) -> Option<bool> {
        if let Some(&known) = self.memo.get(&(own, other)) {
            return Some(known);
        }
        self.enter()?;
        let free = self.free(own, other);
        let mut result = false;
        if self.could_join(game, free) {
            // A move that wins at once first, then the cells next to the defender's last
            // stone (where a connection's answer to an intrusion usually is), then the rest.
            let mut rest = free;
            while rest != 0 && !result {
                let i = rest.trailing_zeros();
                rest &= rest - 1;
                let p = self.cells[i as usize];
                game.play(p);
                result = matches!(game.outcome(), Some(Outcome::Win(w)) if w == self.attacker);
                game.undo(p);
            }
            let near = free & self.near[last as usize];
            for set in [near, free & !near] {
                let mut rest = set;
                while rest != 0 && !result {
                    let i = rest.trailing_zeros();
                    rest &= rest - 1;
                    let p = self.cells[i as usize];
                    game.play(p);
                    result = self.defender_loses(game, own | 1 << i, other)?;
                    game.undo(p);
                }
            }
        }
        self.memo.insert((own, other), result);
        Some(result)
    }

    fn enter(&mut self) -> Option<()> {
        self.positions += 1;
        (self.positions <= self.budget).then_some(())
    }

    /// The cells no one holds yet.
    fn free(&self, own: u128, other: u128) -> u128 {
        let all = if self.cells.len() == 128 {
            u128::MAX
        } else {
            (1u128 << self.cells.len()) - 1
        };
        all & !own & !other
    }

    /// True when the attacker, given every free cell, would join its edges: otherwise no
    /// line of the restricted game can (an attacker stone never hurts it). Played with the
    /// rules' stones and taken back.
    fn could_join(&self, game: &mut Hex, free: u128) -> bool {
        let mover = game.to_move();
        let mut rest = free;
        while rest != 0 {
            let i = rest.trailing_zeros();
            rest &= rest - 1;
            game.play_stone(self.cells[i as usize], self.attacker);
        }
        let joined = matches!(game.outcome(), Some(Outcome::Win(w)) if w == self.attacker);
        let mut back = free;
        while back != 0 {
            let i = 127 - back.leading_zeros();
            back &= !(1u128 << i);
            game.undo_stone(self.cells[i as usize]);
        }
        game.set_to_move(mover);
        joined
    }
}
