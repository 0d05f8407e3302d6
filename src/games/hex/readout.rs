//! What the Hex solver knows about a position, read out for people (the explorer's board
//! marks and Why block, `solve`'s reports): each player's edge-to-edge connections found by
//! H-search (submodule `hsearch`), the side to move's must-play region (submodule `vc`),
//! and the inferior cells with the reason each is dropped (submodule `inferior`). Points
//! are lists, sorted; nothing here is used by the search itself.

use super::Hex;
use super::inferior::InferiorReason;
use crate::game::{MoveList, Player, Point, Tactics};

/// One player's edge-to-edge connection.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EdgeConnection {
    /// A full connection: the player joins its edges whoever moves; the carrier's cells
    /// (empty when the filled-in inferior cells alone join them).
    Full { carrier: Vec<Point> },
    /// A semi connection: the player, to move, joins its edges by playing `key` first.
    Semi { key: Point, carrier: Vec<Point> },
}

/// Why a move of the side to move is left out of the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pruned {
    /// Outside the must-play region: the opponent's semi connection survives it.
    OutsideMustPlay,
    /// Its colour never changes the winner.
    Dead,
    /// Captured by this player: filling it with that player's stone keeps the value.
    CapturedBy(Player),
    /// The opponent's answer on `killer` makes the stone dead.
    Vulnerable { killer: Point },
}

impl Pruned {
    /// A short name for users: `outside must-play`, `dead`, `captured by Black`,
    /// `vulnerable to c3`.
    pub fn describe(self, game: &Hex) -> String {
        use crate::game::Game;
        match self {
            Pruned::OutsideMustPlay => "outside must-play".to_string(),
            Pruned::Dead => "dead".to_string(),
            Pruned::CapturedBy(player) => format!("captured by {}", player.title()),
            Pruned::Vulnerable { killer } => {
                format!("vulnerable to {}", game.format_move(killer))
            }
        }
    }
}

/// The solver's read-out of one position (boards up to 11x11).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolverReadout {
    /// Each player's best edge-to-edge connection (index `Player::index()`), if any.
    pub connections: [Option<EdgeConnection>; 2],
    /// The side to move's must-play region; `None` when every move is allowed.
    pub must_play: Option<Vec<Point>>,
    /// The empty cells the search leaves out for the side to move, with the reason.
    pub pruned: Vec<(Point, Pruned)>,
    /// Dead cells.
    pub dead: Vec<Point>,
    /// Cells captured by each player.
    pub captured: [Vec<Point>; 2],
}

/// The points of a bit set, ascending.
pub(super) fn points(mut set: u128) -> Vec<Point> {
    let mut out = Vec::with_capacity(set.count_ones() as usize);
    while set != 0 {
        out.push(set.trailing_zeros() as Point);
        set &= set - 1;
    }
    out
}

impl Hex {
    /// What H-search and the inferior cell analysis know here; `None` on boards over
    /// 11x11 or once the game is over.
    pub fn solver_readout(&self) -> Option<SolverReadout> {
        let masks = self.tables.masks.as_ref()?;
        if self.winner.is_some() {
            return None;
        }
        let empty = masks.board() & !self.occupied;
        let mut connections: [Option<EdgeConnection>; 2] = [None, None];
        for player in [Player::Black, Player::White] {
            let found = self.edge_connections(player)?;
            connections[player.index()] = if let Some(carrier) = found.full {
                Some(EdgeConnection::Full {
                    carrier: points(carrier),
                })
            } else {
                found.semi.map(|(key, carrier)| EdgeConnection::Semi {
                    key,
                    carrier: points(carrier),
                })
            };
        }
        let mut region = MoveList::new();
        let must_play = if self.must_play(&mut region) && region.len() < empty.count_ones() as usize
        {
            let mut list = region.as_slice().to_vec();
            list.sort_unstable();
            Some(list)
        } else {
            None
        };
        let cells = self.inferior_cells()?;
        let mut pruned = Vec::new();
        let mut moves = MoveList::new();
        let mut all = empty;
        while all != 0 {
            let p = all.trailing_zeros() as Point;
            all &= all - 1;
            if must_play.as_ref().is_some_and(|r| !r.contains(&p)) {
                pruned.push((p, Pruned::OutsideMustPlay));
            } else {
                moves.push(p);
            }
        }
        self.drop_inferior_moves(&mut moves, |p, why| {
            pruned.push((
                p,
                match why {
                    InferiorReason::Dead => Pruned::Dead,
                    InferiorReason::CapturedBy(player) => Pruned::CapturedBy(player),
                    InferiorReason::Vulnerable { killer } => Pruned::Vulnerable { killer },
                },
            ));
        });
        pruned.sort_unstable_by_key(|&(p, _)| p);
        Some(SolverReadout {
            connections,
            must_play,
            pruned,
            dead: points(cells.dead),
            captured: [points(cells.captured[0]), points(cells.captured[1])],
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, StoneGame};

    #[test]
    fn a_won_bridge_shows_a_full_connection_and_an_empty_region() {
        // 3x3, Black b2, White to move: Black's bridges are captured pairs, so the fill-in
        // joins Black's edges: a full connection with an empty carrier, nothing to play.
        let mut g = Hex::new(3).unwrap();
        g.play(4);
        let k = g.solver_readout().unwrap();
        assert_eq!(
            k.connections[Player::Black.index()],
            Some(EdgeConnection::Full { carrier: vec![] })
        );
        assert_eq!(k.must_play, Some(vec![]));
    }

    #[test]
    fn pruned_moves_name_their_reason() {
        // 5x5 after c3, c2, d2: every pruned cell is empty and has exactly one reason.
        let mut g = Hex::new(5).unwrap();
        for m in ["c3", "c2", "d2"] {
            let p = g.parse_move(m).unwrap();
            g.play(p);
        }
        let k = g.solver_readout().unwrap();
        let empties = (0..25).filter(|&p| g.is_empty(p)).count();
        let mut moves = MoveList::new();
        g.legal_moves(&mut moves);
        assert_eq!(moves.len(), empties);
        let mut seen: Vec<Point> = k.pruned.iter().map(|&(p, _)| p).collect();
        seen.dedup();
        assert_eq!(seen.len(), k.pruned.len(), "one reason per cell");
        for (p, why) in &k.pruned {
            assert!(g.is_empty(*p));
            assert!(!why.describe(&g).is_empty());
        }
    }
}
