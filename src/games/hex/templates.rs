//! Edge templates as patterns: one stone of the owner with a fixed set of empty cells (the
//! carrier) between it and an edge, which joins the stone to that edge whatever the opponent
//! plays inside the carrier, even moving first. Anshelevich's H-search missed the 4th-row
//! template IV-1-a; ours, with wider bounds (`super::hsearch`: 16 fulls and 32 semis kept per
//! pair, 5 semis per OR), builds it on a lone stone, and IV-1-b too (the tests of
//! `super::hsearch` pin both, with the ziggurat). In a crowded position those bounds may
//! drop it, so H-search also takes every IV-1-a instance found here as a full connection
//! from the stone's chain to the edge: a safety net (in a search from scratch; an
//! incremental step, `super::hsearch::incremental`, looks for no new instance). Measured neutral: df-pn's node counts
//! on Hex 6x6 (where IV-1-a, 7 cells wide, never fits) and 7x7 did not move.
//!
//! # Sources
//!
//! - Anshelevich, "A hierarchical approach to computer Hex", Artificial Intelligence 134,
//!   2002: H-search and the edge templates it misses (section 5, templates "IIIa", "IVa").
//! - Henderson, Arneson and Hayward, "Solving 8x8 Hex", IJCAI 2009, and Henderson's thesis
//!   "Playing and solving the game of Hex" (2010): edge templates as patterns added to the
//!   VC engine.
//! - HexWiki, "Fourth row edge templates" and "Edge template IV1a" (the carriers drawn as
//!   `hexboard` areas: IV-1-a is `area(e1,c2,a4,g4,g2,f1)` with the stone on `e1`, rows
//!   numbered from the stone's row to the edge's), and "Ziggurat" (III-1-a,
//!   `area(a3,d3,d1,c1)`, stone `c1`).
//!
//! # Coordinates
//!
//! A template's cells are `(a, d)` relative to its stone: `d` rows nearer the edge (the
//! stone's row is `d = 0`, the row on the edge is `d = row - 1`) and `a` cells along the
//! row, HexWiki's way round: a cell `(a, d)` touches `(a, d + 1)` and `(a - 1, d + 1)` on
//! the row nearer the edge. On the board, Black's first edge (row 1, `y = 0`) with the stone
//! on `(x0, y0)`: the cell is `(x0 - a, y0 - d)`. The other instances come from the board's
//! symmetries that keep adjacency: the mirror image `(a, d) -> (-a - d, d)` (the reflection
//! that keeps the edge), the half turn `(x, y) -> (n - 1 - x, n - 1 - y)` for the owner's
//! second edge, and the transpose `(x, y) -> (y, x)` for White's columns.

use super::bits::Masks;
use crate::game::{Player, Point};

/// One edge template with a single stone.
#[derive(Clone, Copy, Debug)]
pub(super) struct Template {
    /// The systematic name (HexWiki's); the tests name failures by it.
    #[cfg_attr(not(test), allow(dead_code))]
    pub name: &'static str,
    /// The stone's row counted from the edge (the edge's own row is 1).
    pub row: usize,
    /// The carrier by rows: `rows[d] = (lowest a, highest a)` for `d = 0..row`; the stone's
    /// own cell `(0, 0)` is not part of it.
    rows: &'static [(i8, i8)],
    /// Cells inside `rows` that are not part of the carrier.
    holes: &'static [(i8, i8)],
}

impl Template {
    /// The carrier's cells `(a, d)`, the stone's cell left out.
    pub fn cells(&self) -> impl Iterator<Item = (i8, i8)> + '_ {
        self.rows
            .iter()
            .enumerate()
            .flat_map(move |(d, &(lo, hi))| {
                let d = d as i8;
                (lo..=hi)
                    .map(move |a| (a, d))
                    .filter(move |&cell| cell != (0, 0) && !self.holes.contains(&cell))
            })
    }
}

/// The templates matched for H-search: IV-1-a (the ziggurat, which H-search builds from
/// bridges, is not listed).
pub(super) const TEMPLATES: [Template; 1] = [
    // IV-1-a: 19 empty cells; HexWiki's `area(e1,c2,a4,g4,g2,f1)`, stone `e1`.
    Template {
        name: "IV-1-a",
        row: 4,
        rows: &[(0, 1), (-2, 2), (-3, 2), (-4, 2)],
        holes: &[],
    },
];

/// The ziggurat (III-1-a), which H-search builds by itself (the tests of `super::hsearch`
/// pin it): HexWiki's `area(a3,d3,d1,c1)` with the stone on `c1`, 8 empty cells.
#[cfg(test)]
pub(super) const ZIGGURAT: Template = Template {
    name: "III-1-a",
    row: 3,
    rows: &[(0, 1), (-1, 1), (-2, 1)],
    holes: &[],
};

/// IV-1-b: 22 empty cells; HexWiki's `area(e1,c2,a4,h4,h2,g1)` less `e3`, stone `f1`.
#[cfg(test)]
pub(super) const IV_1_B: Template = Template {
    name: "IV-1-b",
    row: 4,
    rows: &[(-1, 1), (-3, 2), (-4, 2), (-5, 2)],
    holes: &[(-1, 2)],
};

/// Calls `found(anchor, second_edge, carrier, template)` for every instance of every
/// template of [`TEMPLATES`] whose anchor is a stone of `owner` (in `own`) and whose carrier
/// lies on the board and in `empty`.
pub(super) fn edge_templates(
    masks: &Masks,
    owner: Player,
    own: u128,
    empty: u128,
    found: impl FnMut(Point, bool, u128, &Template),
) {
    instances(&TEMPLATES, masks, owner, own, empty, found);
}

/// [`edge_templates`] over any list of templates (the tests run it on the ziggurat too).
pub(super) fn instances(
    templates: &[Template],
    masks: &Masks,
    owner: Player,
    own: u128,
    empty: u128,
    mut found: impl FnMut(Point, bool, u128, &Template),
) {
    let n = masks.size() as i32;
    let mut stones = own;
    while stones != 0 {
        let p = stones.trailing_zeros() as i32;
        stones &= stones - 1;
        for second in [false, true] {
            // The stone in Black's first-edge frame: transposed for White, turned for the
            // second edge.
            let (mut x0, mut y0) = (p % n, p / n);
            if owner == Player::White {
                (x0, y0) = (y0, x0);
            }
            if second {
                (x0, y0) = (n - 1 - x0, n - 1 - y0);
            }
            for template in templates {
                if y0 != template.row as i32 - 1 {
                    continue;
                }
                // A symmetric template's mirror image is itself: reported once.
                let mut unmirrored = None;
                'mirror: for mirror in [false, true] {
                    let mut carrier = 0u128;
                    for (a, d) in template.cells() {
                        let (a, d) = (i32::from(a), i32::from(d));
                        let a = if mirror { -a - d } else { a };
                        let (mut x, mut y) = (x0 - a, y0 - d);
                        if !(0..n).contains(&x) {
                            continue 'mirror;
                        }
                        if second {
                            (x, y) = (n - 1 - x, n - 1 - y);
                        }
                        if owner == Player::White {
                            (x, y) = (y, x);
                        }
                        carrier |= 1u128 << (x + y * n);
                    }
                    if unmirrored == Some(carrier) {
                        continue;
                    }
                    unmirrored = Some(carrier);
                    if carrier & !empty == 0 {
                        found(p as Point, second, carrier, template);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::Hex;
    use super::super::vc_check::{Checker, End};
    use super::*;
    use crate::game::StoneGame;

    /// Every instance on an empty board of `size` with one stone of `owner` on some point:
    /// (anchor, second edge, carrier, template name).
    fn all_instances(
        templates: &[Template],
        size: usize,
        owner: Player,
    ) -> Vec<(Point, bool, u128, &'static str)> {
        let masks = Masks::new(size);
        let mut out = Vec::new();
        for p in 0..size * size {
            let own = 1u128 << p;
            instances(
                templates,
                &masks,
                owner,
                own,
                masks.board() & !own,
                |anchor, second, carrier, t| out.push((anchor, second, carrier, t.name)),
            );
        }
        out
    }

    #[test]
    fn carriers_have_their_published_sizes() {
        assert_eq!(ZIGGURAT.cells().count(), 8);
        assert_eq!(TEMPLATES[0].cells().count(), 19);
        for t in TEMPLATES.iter().chain([&ZIGGURAT]) {
            // Every carrier reaches from the stone's row to the edge's.
            assert_eq!(t.rows.len(), t.row, "{}", t.name);
        }
    }

    #[test]
    fn instances_fit_the_board_in_every_orientation() {
        // IV-1-a is 7 cells wide on the edge row: one place per orientation on 7x7
        // (2 edges x 2 mirror images x 2 owners), none on 6x6, two per orientation on 8x8.
        let a = [TEMPLATES[0]];
        assert_eq!(all_instances(&a, 6, Player::Black).len(), 0);
        assert_eq!(all_instances(&a, 7, Player::Black).len(), 4);
        assert_eq!(all_instances(&a, 7, Player::White).len(), 4);
        assert_eq!(all_instances(&a, 8, Player::White).len(), 8);
        // The ziggurat is 4 wide: on 5x5, 2 places per orientation.
        assert_eq!(all_instances(&[ZIGGURAT], 5, Player::Black).len(), 8);
        // The anchors sit on the 4th row from the edge they join.
        for (anchor, second, carrier, _) in all_instances(&a, 9, Player::Black) {
            let y = anchor as usize / 9;
            assert_eq!(y, if second { 5 } else { 3 });
            assert_eq!(carrier & (1u128 << anchor), 0);
        }
    }

    /// The exhaustive checker confirms each instance: the owner joins the stone to the edge
    /// inside the carrier whatever the opponent plays there, the opponent moving first.
    fn check_all(templates: &[Template], sizes: &[usize]) -> usize {
        let mut checked = 0;
        for &size in sizes {
            for owner in [Player::Black, Player::White] {
                for (anchor, second, carrier, name) in all_instances(templates, size, owner) {
                    let mut g = Hex::new(size).unwrap();
                    g.play_stone(anchor, owner);
                    let checker = Checker::new(&g, owner);
                    assert!(
                        checker.full_holds(
                            End::Cells(1u128 << anchor),
                            End::Edge { second },
                            carrier
                        ),
                        "{name} of {owner} at {anchor} to edge {second} fails on {size}x{size}"
                    );
                    checked += 1;
                }
            }
        }
        checked
    }

    #[test]
    fn the_checker_confirms_every_ziggurat_instance() {
        assert_eq!(check_all(&[ZIGGURAT], &[4, 5, 6]), 8 + 16 + 24);
    }

    /// Every instance on 7x7, the smallest board IV-1-a fits (each orientation once per
    /// owner). Exhaustive over 19 cells: 146 s for the eight in the test profile on a busy
    /// machine, so it runs on request: `cargo test -j1 --lib games::hex::templates --
    /// --ignored`.
    #[test]
    #[ignore = "exhaustive, about 2.5 minutes"]
    fn the_checker_confirms_every_iv_1_a_instance() {
        assert_eq!(check_all(&TEMPLATES[..1], &[7]), 8);
    }

    #[test]
    fn a_carrier_cell_less_breaks_the_ziggurat() {
        // The checker is no yes-man: with any one cell of the ziggurat's carrier taken by
        // the opponent, the stone is no longer joined to the edge inside the rest.
        let owner = Player::Black;
        let (anchor, second, carrier, _) = all_instances(&[ZIGGURAT], 7, owner)[0];
        let mut rest = carrier;
        while rest != 0 {
            let c = rest.trailing_zeros() as Point;
            rest &= rest - 1;
            let mut g = Hex::new(7).unwrap();
            g.play_stone(anchor, owner);
            g.play_stone(c, owner.opponent());
            let checker = Checker::new(&g, owner);
            assert!(
                !checker.full_holds(
                    End::Cells(1u128 << anchor),
                    End::Edge { second },
                    carrier & !(1u128 << c)
                ),
                "cell {c} is not needed"
            );
        }
    }

    #[test]
    fn an_opponent_stone_in_the_carrier_stops_the_match() {
        for size in [7, 8, 9] {
            let masks = Masks::new(size);
            for owner in [Player::Black, Player::White] {
                for (anchor, second, carrier, name) in all_instances(&TEMPLATES, size, owner) {
                    let own = 1u128 << anchor;
                    let mut rest = carrier;
                    while rest != 0 {
                        let c = rest & rest.wrapping_neg();
                        rest &= !c;
                        let empty = masks.board() & !own & !c;
                        let mut hits = 0;
                        instances(&TEMPLATES, &masks, owner, own, empty, |a, s, k, t| {
                            if a == anchor && s == second && k == carrier && t.name == name {
                                hits += 1;
                            }
                            // Whatever matches avoids the opponent's stone.
                            assert_eq!(k & c, 0);
                        });
                        assert_eq!(hits, 0, "{name} at {anchor} still matches");
                    }
                    // And the owner's own stone in the carrier stops it too (the carrier is
                    // empty cells only).
                    let c = carrier & carrier.wrapping_neg();
                    let mut hits = 0;
                    instances(
                        &TEMPLATES,
                        &masks,
                        owner,
                        own | c,
                        masks.board() & !own & !c,
                        |a, s, k, _| {
                            hits += usize::from(a == anchor && s == second && k == carrier)
                        },
                    );
                    assert_eq!(hits, 0);
                }
            }
        }
    }
}
