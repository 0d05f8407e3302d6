//! The board symmetries of m,n,k-games and the position's key under each of them.
//!
//! The rules of an m,n,k-game (k in a row on any line, exactly k or not) only speak of lines,
//! and every symmetry of the rectangle maps lines onto lines: a position and its mirror image
//! have the same value, and a winning move of one maps onto a winning move of the other. A
//! square board has the eight symmetries of the dihedral group D4, a rectangle the four that
//! keep its sides (identity, the two mirrors, the half turn). Setup stones are stones like any
//! other, so they do not break the symmetry: the keys below name the position through each
//! symmetry, and two positions that are images of each other share the smallest of them.
//!
//! Symmetry `s` is three bits: bit 0 mirrors the columns (`x -> columns - 1 - x`), bit 1 the
//! rows, bit 2 (square boards only) then swaps `x` and `y`. Symmetry 0 is the identity.
//!
//! `keys[s]` (kept in play/undo, [`super::Mnk::put`]) is the XOR of the Zobrist keys of every
//! stone moved to its image under `s`, plus the side key: the key the position would have if
//! every stone stood on `symmetric_point(s, p)`. That costs one XOR per symmetry and stone.

use crate::game::{MAX_SYMMETRIES, Point};

/// How many symmetries a `columns x rows` board has: 8 on a square, 4 on a rectangle.
pub(super) fn symmetry_count(columns: usize, rows: usize) -> usize {
    if columns == rows { 8 } else { 4 }
}

/// The image of `(x, y)` under symmetry `s` (see the module doc).
fn image(s: usize, x: usize, y: usize, columns: usize, rows: usize) -> (usize, usize) {
    let x = if s & 1 != 0 { columns - 1 - x } else { x };
    let y = if s & 2 != 0 { rows - 1 - y } else { y };
    if s & 4 != 0 { (y, x) } else { (x, y) }
}

/// The image of every point under every symmetry: `table[s * points + p]`.
pub(super) fn point_table(columns: usize, rows: usize) -> Vec<Point> {
    let count = symmetry_count(columns, rows);
    debug_assert!(count <= MAX_SYMMETRIES);
    let mut table = Vec::with_capacity(count * columns * rows);
    for s in 0..count {
        for p in 0..columns * rows {
            let (x, y) = image(s, p % columns, p / columns, columns, rows);
            table.push((x + y * columns) as Point);
        }
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, MoveList, Player, StoneGame};
    use crate::games::mnk::Mnk;

    #[test]
    fn every_symmetry_is_a_permutation_and_the_first_is_the_identity() {
        for (columns, rows) in [(3, 3), (4, 4), (5, 5), (6, 5), (2, 7)] {
            let points = columns * rows;
            let table = point_table(columns, rows);
            let count = symmetry_count(columns, rows);
            assert_eq!(table.len(), count * points);
            for s in 0..count {
                let mut seen = vec![false; points];
                for p in 0..points {
                    seen[table[s * points + p] as usize] = true;
                }
                assert!(seen.iter().all(|&b| b), "{columns}x{rows} symmetry {s}");
            }
            assert!((0..points).all(|p| table[p] as usize == p));
        }
    }

    #[test]
    fn symmetries_map_lines_onto_lines() {
        // A window's image is a window: its points, mapped, are the points of some window.
        for (columns, rows, k) in [(5, 5, 4), (6, 5, 4), (4, 4, 3)] {
            let g = Mnk::new(columns, rows, k, false).expect("board");
            let mut windows: Vec<Vec<Point>> = (0..g.window_count())
                .map(|w| {
                    let mut v: Vec<Point> = g.window_points(w).collect();
                    v.sort_unstable();
                    v
                })
                .collect();
            windows.sort();
            for s in 0..g.symmetry_count() {
                let mut images: Vec<Vec<Point>> = windows
                    .iter()
                    .map(|w| {
                        let mut v: Vec<Point> =
                            w.iter().map(|&p| g.symmetric_point(s, p)).collect();
                        v.sort_unstable();
                        v
                    })
                    .collect();
                images.sort();
                assert_eq!(images, windows, "{columns}x{rows} symmetry {s}");
            }
        }
    }

    /// The position with every stone of `g` moved to its image under `s`, built from scratch.
    fn transformed(g: &Mnk, s: usize) -> Mnk {
        let stones: Vec<(Point, Player)> = (0..g.num_points() as Point)
            .filter_map(|p| g.stone(p).map(|c| (g.symmetric_point(s, p), c)))
            .collect();
        Mnk::new(g.columns(), g.rows(), g.k(), g.exact_k())
            .expect("board")
            .with_free_stones(&stones, g.to_move())
            .expect("the image is a valid position")
    }

    #[test]
    fn incremental_keys_are_the_keys_of_the_transformed_positions() {
        for (columns, rows) in [(5, 5), (6, 4), (4, 4)] {
            let mut g = Mnk::new(columns, rows, 4, false).expect("board");
            let mut moves = MoveList::new();
            let mut state = 17u64;
            let mut played = Vec::new();
            for _ in 0..columns * rows {
                g.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                let mv = moves.as_slice()
                    [(crate::zobrist::splitmix64(&mut state) % moves.len() as u64) as usize];
                g.play(mv);
                played.push(mv);
                if g.outcome().is_some() {
                    break;
                }
                let mut keys = [0u64; MAX_SYMMETRIES];
                let count = g.symmetric_keys(&mut keys);
                assert_eq!(count, symmetry_count(columns, rows));
                assert_eq!(keys[0], g.key());
                for (s, &key) in keys.iter().enumerate().take(count) {
                    assert_eq!(key, transformed(&g, s).key(), "symmetry {s}");
                }
            }
            // Undo restores every key.
            while let Some(mv) = played.pop() {
                g.undo(mv);
            }
            let mut keys = [1u64; MAX_SYMMETRIES];
            let count = g.symmetric_keys(&mut keys);
            assert!(keys[..count].iter().all(|&k| k == 0));
        }
    }

    #[test]
    fn a_pass_changes_every_key_alike() {
        let mut g = Mnk::new(5, 5, 4, false).expect("board");
        g.play(3);
        let mut before = [0u64; MAX_SYMMETRIES];
        let mut after = [0u64; MAX_SYMMETRIES];
        g.symmetric_keys(&mut before);
        g.set_to_move(Player::White.opponent());
        g.symmetric_keys(&mut after);
        for s in 0..8 {
            assert_eq!(before[s] ^ after[s], before[0] ^ after[0]);
            assert_ne!(before[s], after[s]);
        }
        assert_eq!(after[0], transformed(&g, 0).key());
    }
}
