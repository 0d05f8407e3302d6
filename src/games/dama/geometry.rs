//! The 8x8 board of Czech checkers as plain numbers: squares `x + 8 * y` (`a1` = 0, `y = 0`
//! the bottom row), the dark squares (`x + y` even: `a1`, `c1`, ..., `h8`), and for every
//! square the ray of squares in each diagonal direction, built at compile time.

/// Board side.
pub const SIDE: usize = 8;
/// Number of squares.
pub const SQUARES: usize = SIDE * SIDE;

/// The four diagonal directions as `(dx, dy)`: north-east, north-west, south-east,
/// south-west. North is towards row 8.
pub const DIRECTIONS: [(i8, i8); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

/// Indices into [`DIRECTIONS`] of the two northward directions (White's forward).
pub const NORTH: [usize; 2] = [0, 1];
/// Indices into [`DIRECTIONS`] of the two southward directions (Black's forward).
pub const SOUTH: [usize; 2] = [2, 3];

/// Every square of each diagonal ray from each square, nearest first.
pub struct Rays {
    /// `squares[s][d][i]`: the `i`-th square from `s` in direction `d`.
    pub squares: [[[u8; 7]; 4]; SQUARES],
    /// `len[s][d]`: how many squares the ray has (0 to 7).
    pub len: [[u8; 4]; SQUARES],
}

const fn build_rays() -> Rays {
    let mut rays = Rays {
        squares: [[[0; 7]; 4]; SQUARES],
        len: [[0; 4]; SQUARES],
    };
    let mut s = 0;
    while s < SQUARES {
        let mut d = 0;
        while d < 4 {
            let (dx, dy) = DIRECTIONS[d];
            let mut x = (s % SIDE) as i8 + dx;
            let mut y = (s / SIDE) as i8 + dy;
            let mut n = 0;
            while x >= 0 && x < SIDE as i8 && y >= 0 && y < SIDE as i8 {
                rays.squares[s][d][n] = (x as usize + SIDE * y as usize) as u8;
                n += 1;
                x += dx;
                y += dy;
            }
            rays.len[s][d] = n as u8;
            d += 1;
        }
        s += 1;
    }
    rays
}

/// The rays of every square.
pub static RAYS: Rays = build_rays();

/// The ray from `s` in direction `d`, nearest square first.
#[inline]
pub fn ray(s: usize, d: usize) -> &'static [u8] {
    &RAYS.squares[s][d][..RAYS.len[s][d] as usize]
}

/// Mask of the dark squares (where the pieces stand).
pub const DARK: u64 = {
    let mut mask = 0u64;
    let mut s = 0;
    while s < SQUARES {
        if (s % SIDE + s / SIDE).is_multiple_of(2) {
            mask |= 1 << s;
        }
        s += 1;
    }
    mask
};

/// Column `a` and column `h`.
pub const FILE_A: u64 = 0x0101_0101_0101_0101;
pub const FILE_H: u64 = FILE_A << 7;
/// Row 1 and row 8.
pub const ROW_1: u64 = 0xFF;
pub const ROW_8: u64 = 0xFF << 56;
/// The border squares: a piece there cannot be jumped (Kühr, example 2.5).
pub const EDGE: u64 = FILE_A | FILE_H | ROW_1 | ROW_8;

/// True when square `s` is dark.
#[inline]
pub fn is_dark(s: usize) -> bool {
    DARK >> s & 1 == 1
}

/// Iterates over the set squares of a mask, lowest first.
#[inline]
pub fn squares(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if mask == 0 {
            None
        } else {
            let s = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            Some(s)
        }
    })
}

/// Square name, `a1` to `h8`.
pub fn square_name(s: usize) -> String {
    format!("{}{}", (b'a' + (s % SIDE) as u8) as char, s / SIDE + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a1_and_h8_are_dark_and_there_are_32_dark_squares() {
        assert!(is_dark(0));
        assert!(is_dark(63));
        assert!(!is_dark(1));
        assert_eq!(DARK.count_ones(), 32);
    }

    #[test]
    fn rays_run_to_the_edge() {
        // a1 north-east: b2 ... h8.
        assert_eq!(ray(0, 0), &[9, 18, 27, 36, 45, 54, 63]);
        assert!(ray(0, 1).is_empty());
        // c1 north-west: b2, a3.
        assert_eq!(ray(2, 1), &[9, 16]);
        assert_eq!(square_name(16), "a3");
        assert_eq!(EDGE.count_ones(), 28);
    }
}
