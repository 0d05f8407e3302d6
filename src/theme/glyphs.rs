//! The characters the explorer draws with: a Unicode set and an ASCII-only set (`--ascii`).
//!
//! Over SSH the explorer must work with `--ascii`, and two pitfalls shape the sets:
//! ambiguous-width glyphs (`●○─│·`) take two columns on CJK-configured terminals, so there is
//! an ASCII set and every glyph can be replaced from a theme file (`[glyphs.unicode]`,
//! `[glyphs.ascii]`); and markers never rely on colour alone, so every marker (cutoff, TT hit,
//! best move, exact / lower / upper bound, proven, disproven, last and selected move, tree
//! expand / collapse) has its own character in both sets. The ASCII board follows the
//! diagrams of the puzzle files (`X`, `O`, `.`) and GNU Go's `(X)` for the last move.

use std::fmt;

use ratatui::symbols::border;
use unicode_width::UnicodeWidthChar;

/// One character one terminal column wide, stored so that it can be lent out as a `&str`
/// (ratatui wants string symbols) without allocating.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Glyph {
    bytes: [u8; 4],
    len: u8,
}

impl Glyph {
    /// A glyph for `c`. Validation (one column, printable) happens where glyphs are read from
    /// files; built-in glyphs are checked by tests.
    pub const fn new(c: char) -> Glyph {
        let mut bytes = [0u8; 4];
        let len = c.len_utf8();
        let code = c as u32;
        // UTF-8 encoding, spelled out so that the glyph tables can be constants.
        match len {
            1 => bytes[0] = code as u8,
            2 => {
                bytes[0] = 0xC0 | (code >> 6) as u8;
                bytes[1] = 0x80 | (code & 0x3F) as u8;
            }
            3 => {
                bytes[0] = 0xE0 | (code >> 12) as u8;
                bytes[1] = 0x80 | ((code >> 6) & 0x3F) as u8;
                bytes[2] = 0x80 | (code & 0x3F) as u8;
            }
            _ => {
                bytes[0] = 0xF0 | (code >> 18) as u8;
                bytes[1] = 0x80 | ((code >> 12) & 0x3F) as u8;
                bytes[2] = 0x80 | ((code >> 6) & 0x3F) as u8;
                bytes[3] = 0x80 | (code & 0x3F) as u8;
            }
        }
        Glyph {
            bytes,
            len: len as u8,
        }
    }

    /// The glyph as a string slice.
    pub fn as_str(&self) -> &str {
        std::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or("?")
    }

    /// The glyph as a character.
    pub fn char(&self) -> char {
        self.as_str().chars().next().unwrap_or('?')
    }

    /// Checks a glyph read from a file: exactly one printable character, one column wide, and
    /// ASCII when it is for the ASCII set.
    pub fn parse(text: &str, ascii: bool) -> Result<Glyph, String> {
        let mut chars = text.chars();
        let (Some(c), None) = (chars.next(), chars.next()) else {
            return Err(format!(
                "'{text}' is not a glyph: expected exactly one character"
            ));
        };
        if c.is_control() || c.width() != Some(1) {
            return Err(format!(
                "'{text}' is not a glyph: expected a printable character one column wide"
            ));
        }
        if ascii && !c.is_ascii() {
            return Err(format!(
                "'{text}' is not ASCII; the ascii glyph set must stay pure ASCII"
            ));
        }
        Ok(Glyph::new(c))
    }
}

impl fmt::Display for Glyph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for Glyph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.char())
    }
}

/// Which glyph set to draw with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum GlyphSet {
    /// Unicode markers and box drawing.
    #[default]
    Unicode,
    /// Printable ASCII only (`--ascii`).
    Ascii,
}

macro_rules! glyphs {
    ($($field:ident: $unicode:literal, $ascii:literal, $marker:literal, $doc:literal;)*) => {
        /// Every character the explorer draws that is not text.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct Glyphs {
            $(#[doc = $doc] pub $field: Glyph,)*
        }

        impl Glyphs {
            /// The Unicode set.
            pub const UNICODE: Glyphs = Glyphs { $($field: Glyph::new($unicode),)* };
            /// The ASCII-only set.
            pub const ASCII: Glyphs = Glyphs { $($field: Glyph::new($ascii),)* };
            /// Every glyph's key in a theme file, with whether it is a marker (markers must
            /// differ from each other within a set).
            pub const NAMES: &'static [(&'static str, bool)] = &[$((stringify!($field), $marker),)*];

            /// The glyph with this theme-file key.
            pub fn get(&self, name: &str) -> Option<Glyph> {
                match name {
                    $(stringify!($field) => Some(self.$field),)*
                    _ => None,
                }
            }

            /// Replaces the glyph with this theme-file key; false if there is no such glyph.
            pub fn set(&mut self, name: &str, glyph: Glyph) -> bool {
                match name {
                    $(stringify!($field) => { self.$field = glyph; true })*
                    _ => false,
                }
            }
        }
    };
}

glyphs! {
    black_stone:      'X', 'X', true,  "A black stone.";
    white_stone:      'O', 'O', true,  "A white stone.";
    empty_point:      '·', '.', true,  "An empty point.";
    last_move_open:   '(', '(', true,  "Drawn left of the stone played last.";
    last_move_close:  ')', ')', true,  "Drawn right of the stone played last.";
    selected_open:    '[', '[', true,  "Drawn left of the selected node's move.";
    selected_close:   ']', ']', true,  "Drawn right of the selected node's move.";
    expanded:         '▾', '-', true,  "A tree node whose children are shown.";
    collapsed:        '▸', '+', true,  "A tree node whose children are hidden.";
    leaf:             ' ', ' ', true,  "A tree node without children.";
    cutoff:           '✕', 'x', true,  "A node whose search ended in a cutoff.";
    tt_hit:           '≡', '#', true,  "A node decided by a transposition-table entry.";
    best:             '★', '*', true,  "The best move at its node.";
    exact:            '=', '=', true,  "An exact value.";
    lower:            '≥', '>', true,  "A lower bound (failed high).";
    upper:            '≤', '<', true,  "An upper bound (failed low).";
    proven:           '✓', '!', true,  "A proven node.";
    disproven:        '✗', '/', true,  "A disproven node.";
    horizontal:       '─', '-', false, "Box drawing: a horizontal line.";
    vertical:         '│', '|', false, "Box drawing: a vertical line.";
    top_left:         '┌', '+', false, "Box drawing: the top left corner.";
    top_right:        '┐', '+', false, "Box drawing: the top right corner.";
    bottom_left:      '└', '+', false, "Box drawing: the bottom left corner.";
    bottom_right:     '┘', '+', false, "Box drawing: the bottom right corner.";
    tee_down:         '┬', '+', false, "Box drawing: a line meeting a horizontal one from below.";
    tee_up:           '┴', '+', false, "Box drawing: a line meeting a horizontal one from above.";
    tee_right:        '├', '+', false, "Box drawing: a line meeting a vertical one from the right.";
    tee_left:         '┤', '+', false, "Box drawing: a line meeting a vertical one from the left.";
    cross:            '┼', '+', false, "Box drawing: two lines crossing.";
    ellipsis:         '…', '~', false, "Marks text cut short to fit.";
}

impl Glyphs {
    /// The built-in glyphs of a set.
    pub fn builtin(set: GlyphSet) -> Glyphs {
        match set {
            GlyphSet::Unicode => Glyphs::UNICODE,
            GlyphSet::Ascii => Glyphs::ASCII,
        }
    }

    /// The border characters in ratatui's form, for `Block::border_set`.
    pub fn border_set(&self) -> border::Set<'_> {
        border::Set {
            top_left: self.top_left.as_str(),
            top_right: self.top_right.as_str(),
            bottom_left: self.bottom_left.as_str(),
            bottom_right: self.bottom_right.as_str(),
            vertical_left: self.vertical.as_str(),
            vertical_right: self.vertical.as_str(),
            horizontal_top: self.horizontal.as_str(),
            horizontal_bottom: self.horizontal.as_str(),
        }
    }

    /// The first pair of markers that share a character, if any: markers must be told apart
    /// without colour.
    pub fn marker_clash(&self) -> Option<(&'static str, &'static str, Glyph)> {
        let markers: Vec<(&'static str, Glyph)> = Glyphs::NAMES
            .iter()
            .filter(|(_, marker)| *marker)
            .filter_map(|&(name, _)| self.get(name).map(|g| (name, g)))
            .collect();
        for (i, &(a, ga)) in markers.iter().enumerate() {
            if let Some(&(b, _)) = markers[i + 1..].iter().find(|(_, gb)| *gb == ga) {
                return Some((a, b, ga));
            }
        }
        None
    }

    /// Every glyph with its key.
    pub fn iter(&self) -> impl Iterator<Item = (&'static str, Glyph)> + '_ {
        Glyphs::NAMES
            .iter()
            .filter_map(|&(name, _)| self.get(name).map(|g| (name, g)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glyphs_encode_like_std() {
        for c in ['a', 'é', '─', '★', '𝄞'] {
            assert_eq!(Glyph::new(c).as_str(), c.to_string());
            assert_eq!(Glyph::new(c).char(), c);
        }
    }

    #[test]
    fn the_ascii_set_is_pure_printable_ascii() {
        for (name, g) in Glyphs::ASCII.iter() {
            let c = g.char();
            assert!(c.is_ascii() && !c.is_ascii_control(), "{name} = {c:?}");
        }
    }

    #[test]
    fn every_built_in_glyph_is_one_column() {
        for set in [Glyphs::UNICODE, Glyphs::ASCII] {
            for (name, g) in set.iter() {
                assert_eq!(g.char().width(), Some(1), "{name}");
            }
        }
    }

    #[test]
    fn markers_are_distinct_in_both_sets() {
        assert_eq!(Glyphs::UNICODE.marker_clash(), None);
        assert_eq!(Glyphs::ASCII.marker_clash(), None);
        let mut clashing = Glyphs::ASCII;
        assert!(clashing.set("tt_hit", Glyph::new('x')));
        assert_eq!(
            clashing.marker_clash(),
            Some(("cutoff", "tt_hit", Glyph::new('x')))
        );
    }

    #[test]
    fn glyphs_from_files_are_checked() {
        assert_eq!(Glyph::parse("@", true), Ok(Glyph::new('@')));
        assert_eq!(Glyph::parse("●", false), Ok(Glyph::new('●')));
        assert_eq!(
            Glyph::parse("●", true).unwrap_err(),
            "'●' is not ASCII; the ascii glyph set must stay pure ASCII"
        );
        assert_eq!(
            Glyph::parse("ab", false).unwrap_err(),
            "'ab' is not a glyph: expected exactly one character"
        );
        assert_eq!(
            Glyph::parse("", false).unwrap_err(),
            "'' is not a glyph: expected exactly one character"
        );
        assert!(Glyph::parse("字", false).is_err(), "wide characters");
        assert!(Glyph::parse("\t", true).is_err(), "control characters");
    }

    #[test]
    fn names_get_and_set() {
        let mut g = Glyphs::UNICODE;
        assert_eq!(g.get("black_stone"), Some(Glyph::new('X')));
        assert!(g.set("black_stone", Glyph::new('●')));
        assert_eq!(g.black_stone, Glyph::new('●'));
        assert!(!g.set("blak_stone", Glyph::new('x')));
        assert_eq!(Glyphs::ASCII.border_set().top_left, "+");
        assert_eq!(Glyphs::UNICODE.border_set().horizontal_top, "─");
    }
}
