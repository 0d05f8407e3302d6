//! Incremental H-search: one player's virtual connections kept up to date along the line a
//! search walks, instead of built anew at every position.
//!
//! The idea is Benzene's VC builder (Arneson, Hayward and Henderson, "Monte Carlo tree
//! search in Hex", IEEE TCIAIG 2(4), 2010, the VC engine section: "incremental" builds that
//! start from the parent's connections; Anshelevich 2002 for the rules themselves). A child
//! position's board, with its inferior cells filled in, holds the parent's filled board and
//! some stones more. Seen from the owner:
//!
//! - **An opponent stone** on cell `q` removes the node `q` and every connection whose
//!   carrier holds `q`. Every other connection still holds: its strategy never needed `q`.
//!   Nothing new can be derived from what is left that was not derived before (only the
//!   bounds on the lists may have kept something out), so nothing is searched.
//! - **An owner stone** on `q` leaves every carrier (an own stone never hurts, so a
//!   strategy that would answer on `q` may answer anywhere): a full connection keeps the
//!   rest of its carrier; a semi connection keyed at `q` becomes full; another semi stays
//!   semi with a smaller carrier. These go back into their lists (where the OR rule meets
//!   them again) but not on the AND rule's queue: their combinations were made before.
//!   The node `q` becomes the owner's. When it touches the owner's chains or edges it joins
//!   them into one node that takes over their connections, and those moved connections
//!   meet the AND rule through the joined node (their other ends' combinations moved with
//!   them); when it touches none, each of its connections meets the AND rule through it,
//!   now a midpoint of the owner's kind. The rules then run until nothing new comes.
//! - **Edge templates** (submodule `templates`) are matched by the search from scratch
//!   only; a step looks for no new instance (H-search builds IV-1-a on a lone stone by
//!   itself, so the patterns only make up for its bounds in crowded positions).
//! - **Nothing to do.** When the top position's full connection of the edges misses every
//!   new opponent stone, it still decides, and the answer comes without a step.
//!
//! The result is sound by the same argument as the rules: every connection kept holds on the
//! child's filled board (tested below by exhaustive play inside each carrier along random
//! lines). It need not equal a search from scratch: the bounds on the lists keep different
//! connections, and combinations a smaller carrier now allows are not looked for. The
//! solvers need only soundness; `HsearchMode::Scratch` runs the other way for comparison.
//!
//! **Undo.** Each step saves every pair of connection lists the first time it changes them
//! (the arena's journal), and the node data before it starts; going back to an earlier
//! position restores both, and the queue is cut back. A search walks down and up one tree,
//! so the line keeps a stack of steps: a position whose filled board holds the top's goes on
//! from it, one that does not first unwinds to the deepest step it holds. Only a position
//! that holds not even the first one is searched from scratch.

use super::{
    Arena, EdgeConnections, FilledBoard, MAX_NODES, NO_KEY, NO_NODE, Pending, Rule, Spare,
};
use crate::game::Player;
use crate::games::hex::bits::Masks;

/// The node data a step changes, saved before it.
#[derive(Clone)]
struct Nodes {
    nodes: usize,
    cells: [u128; MAX_NODES],
    owned: [bool; MAX_NODES],
    point: [u8; MAX_NODES],
    partners: [u128; MAX_NODES],
    semi_partners: [u128; MAX_NODES],
    node_of: [u8; 128],
    joined: bool,
}

/// One position of the line: its filled board and what to restore to leave it.
struct Step {
    own: u128,
    other: u128,
    /// The journal's length, the queue's length and cursor before the step.
    log_len: usize,
    queue_len: usize,
    next: usize,
}

/// One owner's H-search along a line of positions on one board size.
pub(in crate::games::hex) struct Line {
    arena: Arena,
    owner: Player,
    size: usize,
    /// The positions of the line, the first searched from scratch.
    steps: Vec<Step>,
    /// `saved[i]`: the node data before `steps[i + 1]`.
    saved: Vec<Nodes>,
    /// The journal id of the newest step (ids are never reused, so a pair saved under an
    /// undone step is saved again by the next).
    last_id: u32,
    /// Steps made incrementally and searches from scratch (the tests read them).
    counts: (u64, u64),
}

impl Line {
    pub(in crate::games::hex) fn new(owner: Player) -> Line {
        Line {
            arena: Arena::new(),
            owner,
            size: 0,
            steps: Vec::new(),
            saved: Vec::new(),
            last_id: 0,
            counts: (0, 0),
        }
    }

    /// Drops the line, keeping its memory: the next answer is a search from scratch, as
    /// in a new line.
    pub(in crate::games::hex) fn forget(&mut self) {
        self.steps.clear();
        self.saved.clear();
        self.arena.log.clear();
        self.arena.log_carriers.clear();
        self.arena.log_keys.clear();
    }

    /// The owner's edge-to-edge connections on `board` (a board of side `size`), from the
    /// deepest position of the line whose filled board `board` holds.
    pub(in crate::games::hex) fn answer(
        &mut self,
        masks: &Masks,
        size: usize,
        board: &FilledBoard,
    ) -> EdgeConnections {
        if size != self.size {
            // Another board: nothing of this one's line is undone, it is dropped.
            self.forget();
            self.size = size;
        }
        while let Some(top) = self.steps.last() {
            if top.own & !board.own == 0 && top.other & !board.other == 0 {
                break;
            }
            self.undo();
        }
        match self.steps.last() {
            None => {
                self.arena.journal = 0;
                self.arena
                    .build(masks, self.owner, board.own, board.other, true);
                self.steps.push(Step {
                    own: board.own,
                    other: board.other,
                    log_len: 0,
                    queue_len: 0,
                    next: 0,
                });
                self.counts.1 += 1;
            }
            Some(top) if top.own == board.own && top.other == board.other => {}
            Some(top) => {
                let (added_own, added_other) = (board.own & !top.own, board.other & !top.other);
                // A full connection of the edges that the new stones leave alone still
                // decides: answer from it without a step (a later position goes on from
                // the top, so the work is done only where a question needs it).
                if let Some(full) = self.arena.surviving_edge_full(added_other) {
                    return EdgeConnections {
                        full: Some(full & !added_own),
                        semi: None,
                        semi_intersection: 0,
                        semis: 0,
                        owner_captured: board.owner_captured,
                    };
                }
                self.begin_step(board);
                self.arena
                    .advance(masks, self.owner, added_own, added_other);
                self.counts.0 += 1;
            }
        }
        self.arena.answer(masks, board)
    }

    /// Opens a step to `board`: saves what undoing it restores and turns the journal on.
    fn begin_step(&mut self, board: &FilledBoard) {
        let a = &self.arena;
        self.saved.push(Nodes {
            nodes: a.nodes,
            cells: a.cells,
            owned: a.owned,
            point: a.point,
            partners: a.partners,
            semi_partners: a.semi_partners,
            node_of: a.node_of,
            joined: a.joined,
        });
        self.steps.push(Step {
            own: board.own,
            other: board.other,
            log_len: a.log.len(),
            queue_len: a.queue.len(),
            next: a.next,
        });
        self.last_id += 1;
        self.arena.journal = self.last_id;
    }

    /// Leaves the newest position of the line.
    fn undo(&mut self) {
        let Some(step) = self.steps.pop() else {
            return;
        };
        let Some(nodes) = self.saved.pop() else {
            // The first position: nothing to go back to, the next one starts afresh.
            return;
        };
        let a = &mut self.arena;
        while a.log.len() > step.log_len {
            let (index, fulls, semis) = a.log.pop().expect("longer than log_len");
            let (f, s) = (fulls as usize, semis as usize);
            let pair = &mut a.pairs[index as usize];
            let carriers = a.log_carriers.len() - f - s;
            pair.full[..f].copy_from_slice(&a.log_carriers[carriers..carriers + f]);
            pair.semi[..s].copy_from_slice(&a.log_carriers[carriers + f..]);
            a.log_carriers.truncate(carriers);
            let keys = a.log_keys.len() - s;
            pair.key[..s].copy_from_slice(&a.log_keys[keys..]);
            a.log_keys.truncate(keys);
            pair.fulls = fulls;
            pair.semis = semis;
        }
        a.queue.truncate(step.queue_len);
        a.next = step.next;
        a.nodes = nodes.nodes;
        a.cells = nodes.cells;
        a.owned = nodes.owned;
        a.point = nodes.point;
        a.partners = nodes.partners;
        a.semi_partners = nodes.semi_partners;
        a.node_of = nodes.node_of;
        a.joined = nodes.joined;
        // Writes from here on belong to the step now on top (none until the next opens).
        a.journal = 0;
    }

    /// Every connection the line keeps now, as (node, its cells, node, its cells, carrier,
    /// key or `NO_KEY`), in a fixed order, for the tests.
    #[cfg(test)]
    fn connections(&self) -> Vec<(usize, u128, usize, u128, u128, u8)> {
        let a = &self.arena;
        let mut out = Vec::new();
        if a.joined {
            return out;
        }
        for x in 0..a.nodes {
            let mut ys = (a.partners[x] | a.semi_partners[x]) & !((2u128 << x) - 1);
            while ys != 0 {
                let y = ys.trailing_zeros() as usize;
                ys &= ys - 1;
                let pair = a.pair(x, y);
                for &c in &pair.full[..pair.fulls as usize] {
                    out.push((x, a.cells[x], y, a.cells[y], c, NO_KEY));
                }
                for i in 0..pair.semis as usize {
                    out.push((x, a.cells[x], y, a.cells[y], pair.semi[i], pair.key[i]));
                }
            }
        }
        out
    }
}

impl Arena {
    /// The smallest carrier of a kept full connection of the edges that misses `cells`
    /// (an empty carrier when the owner's stones join its edges).
    fn surviving_edge_full(&self, cells: u128) -> Option<u128> {
        if self.joined {
            return Some(0);
        }
        let pair = self.pair(0, 1);
        pair.full[..pair.fulls as usize]
            .iter()
            .copied()
            .filter(|&c| c & cells == 0)
            .min_by_key(|c| c.count_ones())
    }

    /// One incremental step (module doc): the opponent's new stones `added_other`, then the
    /// owner's `added_own`, then the rules.
    fn advance(&mut self, masks: &Masks, owner: Player, added_own: u128, added_other: u128) {
        if self.joined {
            return; // the owner's stones join its edges; more stones change nothing
        }
        if added_other != 0 {
            self.remove_cells(added_other);
        }
        if added_own != 0 {
            self.strip_carriers(added_own);
            let mut cells = added_own;
            while cells != 0 {
                let q = cells.trailing_zeros() as usize;
                cells &= cells - 1;
                self.own_cell(masks, owner, q);
                if self.joined {
                    return;
                }
            }
        }
        // Every entry queued so far may name a node merged away since, or a connection
        // replaced: the AND rule takes only those still kept.
        self.close(self.queue.len());
    }

    /// Drops the nodes of these cells and every connection whose carrier meets them.
    fn remove_cells(&mut self, cells: u128) {
        let mut rest = cells;
        while rest != 0 {
            let q = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let n = self.node_of[q];
            if n == NO_NODE {
                continue;
            }
            self.drop_node(n as usize);
            self.node_of[q] = NO_NODE;
        }
        let hits = self.pairs_meeting(cells);
        for &(x, y) in &hits {
            let (x, y) = (x as usize, y as usize);
            let pair = self.pair_mut(x, y);
            let mut kept = 0;
            for i in 0..pair.fulls as usize {
                if pair.full[i] & cells == 0 {
                    pair.full[kept] = pair.full[i];
                    kept += 1;
                }
            }
            pair.fulls = kept as u8;
            let mut kept_semis = 0;
            for i in 0..pair.semis as usize {
                if pair.semi[i] & cells == 0 {
                    pair.semi[kept_semis] = pair.semi[i];
                    pair.key[kept_semis] = pair.key[i];
                    kept_semis += 1;
                }
            }
            pair.semis = kept_semis as u8;
            if kept == 0 {
                self.partners[x] &= !(1u128 << y);
                self.partners[y] &= !(1u128 << x);
            }
            if kept_semis == 0 {
                self.semi_partners[x] &= !(1u128 << y);
                self.semi_partners[y] &= !(1u128 << x);
            }
        }
        self.hits = hits;
    }

    /// Removes node `n` and its connections; it keeps its id but is no node any more.
    fn drop_node(&mut self, n: usize) {
        let mut ys = self.partners[n] | self.semi_partners[n];
        while ys != 0 {
            let y = ys.trailing_zeros() as usize;
            ys &= ys - 1;
            self.unlink(n, y);
        }
        self.partners[n] = 0;
        self.semi_partners[n] = 0;
        self.cells[n] = 0;
        self.owned[n] = false;
        self.point[n] = NO_KEY;
    }

    /// Takes the owner's new stones out of every carrier: fulls keep the rest, semis keyed
    /// on one of them become full, other semis keep their key. Each changed connection is
    /// added again (semis through the OR rule), not queued (module doc).
    fn strip_carriers(&mut self, cells: u128) {
        let hits = self.pairs_meeting(cells);
        for &(x, y) in &hits {
            let (x, y) = (x as usize, y as usize);
            let old = self.take_pair(x, y);
            self.quiet = true;
            self.readd(x, y, &old, cells);
            self.quiet = false;
            self.spare = old;
        }
        self.hits = hits;
    }

    /// The pairs `x < y` with a connection whose carrier meets `cells`, in the arena's
    /// reused list (give it back to `hits` when done).
    fn pairs_meeting(&mut self, cells: u128) -> Vec<(u8, u8)> {
        let mut out = std::mem::take(&mut self.hits);
        out.clear();
        for x in 0..self.nodes {
            let mut ys = (self.partners[x] | self.semi_partners[x]) & !((2u128 << x) - 1);
            while ys != 0 {
                let y = ys.trailing_zeros() as usize;
                ys &= ys - 1;
                let pair = self.pair(x, y);
                let hit = pair.full[..pair.fulls as usize]
                    .iter()
                    .chain(&pair.semi[..pair.semis as usize])
                    .any(|&c| c & cells != 0);
                if hit {
                    out.push((x as u8, y as u8));
                }
            }
        }
        out
    }

    /// Empties the pair `x–y` and hands its connections over in the arena's spare lists
    /// (give them back to `spare` when done, so nothing is allocated again).
    fn take_pair(&mut self, x: usize, y: usize) -> Spare {
        let mut out = std::mem::take(&mut self.spare);
        out.full.clear();
        out.semi.clear();
        let pair = self.pair(x, y);
        out.full
            .extend_from_slice(&pair.full[..pair.fulls as usize]);
        out.semi.extend(
            pair.semi[..pair.semis as usize]
                .iter()
                .copied()
                .zip(pair.key[..pair.semis as usize].iter().copied()),
        );
        let pair = self.pair_mut(x, y);
        pair.fulls = 0;
        pair.semis = 0;
        out
    }

    /// Adds the connections of `old` to the pair `x–y`, with `cells` (the owner's new
    /// stones) out of their carriers.
    fn readd(&mut self, x: usize, y: usize, old: &Spare, cells: u128) {
        for &c in &old.full {
            self.add_full(x, y, c & !cells);
        }
        for &(c, key) in &old.semi {
            if cells >> key & 1 == 1 {
                self.add_full(x, y, c & !cells);
            } else {
                self.add_semi(x, y, c & !cells, key, || Rule::Base);
            }
        }
    }

    /// The owner's new stone on cell `q` (already out of every carrier): its node becomes
    /// the owner's and joins the owner's nodes it touches (module doc).
    fn own_cell(&mut self, masks: &Masks, owner: Player, q: usize) {
        let n = self.node_of[q];
        if n == NO_NODE {
            return;
        }
        let n = n as usize;
        self.node_of[q] = NO_NODE;
        self.owned[n] = true;
        self.point[n] = NO_KEY;
        let bit = 1u128 << q;
        let around = masks.neighbours(bit);
        let mut group = 1u128 << n;
        if masks.edge(owner, false) & bit != 0 {
            group |= 1;
        }
        if masks.edge(owner, true) & bit != 0 {
            group |= 2;
        }
        for m in 0..self.nodes {
            if self.owned[m] && m != n && self.cells[m] & around != 0 {
                group |= 1u128 << m;
            }
        }
        if group & 3 == 3 {
            self.joined = true;
            return;
        }
        let r = group.trailing_zeros() as usize;
        if r == n {
            // A new chain of one stone: a midpoint of a new kind, so each of its
            // connections meets the AND rule again.
            let mut ys = self.partners[n] | self.semi_partners[n];
            while ys != 0 {
                let y = ys.trailing_zeros() as usize;
                ys &= ys - 1;
                let pair = &self.pairs[n.min(y) * MAX_NODES + n.max(y)];
                for &c in &pair.full[..pair.fulls as usize] {
                    self.queue.push(Pending {
                        a: n as u8,
                        b: y as u8,
                        carrier: c,
                        key: NO_KEY,
                        through: n as u8,
                    });
                }
                for i in 0..pair.semis as usize {
                    self.queue.push(Pending {
                        a: n as u8,
                        b: y as u8,
                        carrier: pair.semi[i],
                        key: pair.key[i],
                        through: n as u8,
                    });
                }
            }
            return;
        }
        let mut others = group & !(1u128 << r);
        while others != 0 {
            let m = others.trailing_zeros() as usize;
            others &= others - 1;
            self.cells[r] |= self.cells[m];
            let mut ys = self.partners[m] | self.semi_partners[m];
            while ys != 0 {
                let y = ys.trailing_zeros() as usize;
                ys &= ys - 1;
                let old = self.take_pair(m, y);
                self.partners[y] &= !(1u128 << m);
                self.semi_partners[y] &= !(1u128 << m);
                if group >> y & 1 == 0 {
                    // New combinations go through `r`; those through `y` were made for
                    // `m` before and move with it.
                    self.through = r as u8;
                    self.readd(r, y, &old, 0);
                    self.through = NO_NODE;
                }
                self.spare = old;
            }
            self.partners[m] = 0;
            self.semi_partners[m] = 0;
            self.cells[m] = 0;
            self.owned[m] = false;
        }
        // Connections between members of the group are inside one node now.
        let mut ys = self.partners[r] | self.semi_partners[r];
        ys &= group;
        while ys != 0 {
            let y = ys.trailing_zeros() as usize;
            ys &= ys - 1;
            self.unlink(r, y);
        }
    }

    /// Empties the pair `x–y` and takes each out of the other's partner sets.
    fn unlink(&mut self, x: usize, y: usize) {
        let pair = self.pair_mut(x, y);
        pair.fulls = 0;
        pair.semis = 0;
        for (a, b) in [(x, y), (y, x)] {
            self.partners[a] &= !(1u128 << b);
            self.semi_partners[a] &= !(1u128 << b);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::vc_check::{Checker, End, next};
    use super::super::Fill;
    use super::*;
    use crate::game::{Game, MoveList, Point};
    use crate::games::hex::Hex;

    /// The position H-search saw: `game` with `board`'s stones (the fill-in included).
    fn filled(game: &Hex, owner: Player, board: &FilledBoard) -> Hex {
        let mut out = Hex::new(game.tables.size).unwrap();
        for (bits, player) in [(board.own, owner), (board.other, owner.opponent())] {
            let mut rest = bits;
            while rest != 0 {
                let p = rest.trailing_zeros() as Point;
                rest &= rest - 1;
                out.put(p, player);
            }
        }
        out
    }

    fn end(node: usize, cells: u128) -> End {
        match node {
            0 => End::Edge { second: false },
            1 => End::Edge { second: true },
            _ => End::Cells(cells),
        }
    }

    /// Random lines of play, moving down and back up as a search does: at every position,
    /// each connection both lines keep (carriers of up to 9 cells: the checker is
    /// exhaustive) holds on the filled board, by exhaustive play inside its carrier; and a
    /// position reached again by going back finds the line exactly as it left it.
    #[test]
    fn every_connection_kept_along_random_lines_holds() {
        let mut seed = 0x5eed_1e55_c0de_0001_u64;
        let (mut checked, mut steps, mut revisits) = (0u64, 0u64, 0u64);
        let (mut incremental, mut scratch) = (0u64, 0u64);
        for size in 3..=6 {
            for _ in 0..6 {
                let mut game = Hex::new(size).unwrap();
                let masks = game.tables.masks.unwrap();
                let mut lines = [Line::new(Player::Black), Line::new(Player::White)];
                // The moves played, and what each line kept at each position on the way.
                let mut played: Vec<Point> = Vec::new();
                type Seen = Vec<(usize, u128, usize, u128, u128, u8)>;
                type Top = (usize, Option<(u128, u128)>);
                let mut seen: Vec<[(Top, Seen); 2]> = Vec::new();
                let mut moves = MoveList::new();
                for _ in 0..40 {
                    let back = !played.is_empty()
                        && (game.outcome().is_some() || next(&mut seed).is_multiple_of(3));
                    if back {
                        let p = played.pop().unwrap();
                        seen.pop();
                        game.undo(p);
                    } else {
                        game.legal_moves(&mut moves);
                        let p = moves.as_slice()[(next(&mut seed) % moves.len() as u64) as usize];
                        game.play(p);
                        played.push(p);
                    }
                    if game.outcome().is_some() {
                        seen.push(Default::default());
                        continue;
                    }
                    let mut here: [(Top, Seen); 2] = Default::default();
                    for owner in [Player::Black, Player::White] {
                        let board = game.filled_board(owner, Fill::Both);
                        let line = &mut lines[owner.index()];
                        let found = line.answer(&masks, size, &board);
                        steps += 1;
                        let position = filled(&game, owner, &board);
                        let checker = Checker::new(&position, owner);
                        if let Some(carrier) = found.full {
                            assert!(
                                carrier.count_ones() > 9
                                    || checker.full_holds(
                                        End::Edge { second: false },
                                        End::Edge { second: true },
                                        carrier
                                    ),
                                "{owner} edge full {carrier:#x} fails:\n{}",
                                game.diagram()
                            );
                        }
                        let kept = line.connections();
                        for &(x, x_cells, y, y_cells, carrier, key) in &kept {
                            if carrier.count_ones() > 9 {
                                continue;
                            }
                            let (x, y) = (end(x, x_cells), end(y, y_cells));
                            let holds = if key == NO_KEY {
                                checker.full_holds(x, y, carrier)
                            } else {
                                checker.semi_holds(x, y, 1u128 << key, carrier)
                            };
                            assert!(
                                holds,
                                "{owner} {x:?}-{y:?} carrier {carrier:#x} key {key} fails after {played:?}:\n{}",
                                game.diagram()
                            );
                            checked += 1;
                        }
                        let top = line.steps.last().map(|t| (t.own, t.other));
                        here[owner.index()] = ((line.steps.len(), top), kept);
                    }
                    if back {
                        // Back at a position seen on the way down: when the line is at the
                        // same step (the same depth and board), it kept exactly the same
                        // connections.
                        if let Some(before) = seen.last() {
                            for owner in 0..2 {
                                if before[owner].0 == here[owner].0 && before[owner].0.0 > 1 {
                                    assert_eq!(before[owner].1, here[owner].1, "after {played:?}");
                                    revisits += 1;
                                }
                            }
                        }
                        seen.pop();
                    }
                    seen.push(here);
                }
                for line in &lines {
                    incremental += line.counts.0;
                    scratch += line.counts.1;
                }
            }
        }
        eprintln!(
            "checked {checked} connections at {steps} positions ({incremental} incremental \
             steps, {scratch} from scratch), {revisits} revisits"
        );
        assert!(checked > 20_000 && revisits > 50, "{checked} {revisits}");
        assert!(incremental > 4 * scratch, "{incremental} {scratch}");
    }
}
