//! Reading theme files into a [`ThemeSpec`]: the slots' colours and modifiers and the glyph
//! overrides, before they are fitted to a terminal.
//!
//! The format:
//!
//! ```toml
//! extends = "default"                  # user files: the bundled theme to start from
//! description = "what this theme is for"
//! border = { fg = "dark-gray" }        # top-level slots come first
//! [tree]
//! cutoff = { fg = "red", modifiers = ["bold"] }
//! tt_hit = { fg = "#af5fff", bg = "236" }
//! [glyphs.ascii]
//! black_stone = "@"
//! ```
//!
//! Parsing is strict: an unknown key, a misspelt colour or modifier, a glyph that is not one
//! column wide, a slot set twice, or two markers sharing a character is an error naming the
//! file, line and column of the offending text and what was expected. A slot in a user file
//! replaces the base theme's slot as a whole (fg, bg and modifiers together).

use std::ops::Range;

use ratatui::style::{Color, Modifier};
use toml::Spanned;
use toml::de::{DeTable, DeValue};

use super::config_file::{
    ConfigError, Source, did_you_mean, entries_in_file_order, one_of, type_phrase,
};
use super::glyphs::{Glyph, GlyphSet, Glyphs};
use super::slot::Slot;
use super::{BUNDLED, color};

/// One slot's style as a theme file gives it, before colour-level conversion.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct SlotStyle {
    /// Foreground colour; `None` leaves the terminal's.
    pub fg: Option<Color>,
    /// Background colour; `None` leaves the terminal's.
    pub bg: Option<Color>,
    /// Bold, dim, italic, underline, reverse.
    pub modifiers: Modifier,
}

/// A parsed theme: a style for every slot and both glyph sets.
#[derive(Clone, Debug, PartialEq)]
pub struct ThemeSpec {
    /// The file's `description`, if any.
    pub description: String,
    styles: [SlotStyle; Slot::COUNT],
    unicode: Glyphs,
    ascii: Glyphs,
}

/// The modifiers a theme file may name.
pub const MODIFIERS: [(&str, Modifier); 5] = [
    ("bold", Modifier::BOLD),
    ("dim", Modifier::DIM),
    ("italic", Modifier::ITALIC),
    ("underline", Modifier::UNDERLINED),
    ("reverse", Modifier::REVERSED),
];

/// The keys a theme file may have besides slots and slot groups.
const META_KEYS: [&str; 3] = ["extends", "description", "glyphs"];

impl ThemeSpec {
    /// The style a slot has in this theme.
    pub fn slot(&self, slot: Slot) -> SlotStyle {
        self.styles[slot.index()]
    }

    /// The glyph set, with this theme's replacements.
    pub fn glyphs(&self, set: GlyphSet) -> &Glyphs {
        match set {
            GlyphSet::Unicode => &self.unicode,
            GlyphSet::Ascii => &self.ascii,
        }
    }

    /// Parses a bundled theme, which must set every slot and extends nothing.
    pub(super) fn parse_complete(source: Source<'_>) -> Result<ThemeSpec, ConfigError> {
        let table = source.parse()?;
        if let Some(extends) = table.get("extends") {
            return Err(source.error(extends.span(), "a bundled theme cannot extend another"));
        }
        let mut spec = ThemeSpec {
            description: String::new(),
            styles: [SlotStyle::default(); Slot::COUNT],
            unicode: Glyphs::UNICODE,
            ascii: Glyphs::ASCII,
        };
        let seen = Reader::new(source).read(&table, &mut spec)?;
        if let Some(missing) = Slot::ALL.iter().find(|s| !seen[s.index()]) {
            return Err(source.error_at(
                source.text.len(),
                format!("missing slot '{missing}': a bundled theme sets every slot"),
            ));
        }
        Ok(spec)
    }

    /// Parses a user theme file: it starts from the bundled theme its `extends` names
    /// (`"default"` when it names none) and replaces the slots and glyphs it sets.
    pub fn parse(file: &str, text: &str) -> Result<ThemeSpec, ConfigError> {
        let source = Source { file, text };
        let table = source.parse()?;
        let base_name = match table.get("extends") {
            None => "default",
            Some(value) => {
                let Some(name) = value.get_ref().as_str() else {
                    return Err(source.error(
                        value.span(),
                        format!(
                            "'extends' should be the name of a bundled theme, not {}",
                            type_phrase(value.get_ref())
                        ),
                    ));
                };
                if !BUNDLED.iter().any(|(n, _)| *n == name) {
                    let names: Vec<&str> = BUNDLED.iter().map(|(n, _)| *n).collect();
                    return Err(source.error(
                        value.span(),
                        format!(
                            "unknown theme '{name}' in extends; expected {}{}",
                            one_of(&names, "or"),
                            did_you_mean(name, names.iter().copied())
                        ),
                    ));
                }
                name
            }
        };
        let mut spec = super::bundled_spec(base_name)?;
        spec.description.clear();
        Reader::new(source).read(&table, &mut spec)?;
        Ok(spec)
    }
}

/// Walks one file's table into a spec, remembering which slots and glyphs it set.
struct Reader<'s> {
    source: Source<'s>,
    seen: [bool; Slot::COUNT],
    /// Where each glyph was set in this file, per set, to locate marker clashes.
    glyph_spans: Vec<(GlyphSet, &'static str, Range<usize>)>,
}

impl<'s> Reader<'s> {
    fn new(source: Source<'s>) -> Self {
        Reader {
            source,
            seen: [false; Slot::COUNT],
            glyph_spans: Vec::new(),
        }
    }

    fn read(
        mut self,
        table: &DeTable<'_>,
        spec: &mut ThemeSpec,
    ) -> Result<[bool; Slot::COUNT], ConfigError> {
        for (key, value) in entries_in_file_order(table) {
            let name: &str = key.get_ref();
            match name {
                "extends" => {}
                "description" => {
                    spec.description = self.string(value, "'description'")?.to_string();
                }
                "glyphs" => self.glyphs(value, spec)?,
                _ => {
                    if let Some(slot) = Slot::from_name(name) {
                        self.slot(slot, key.span(), value, spec)?;
                    } else if Slot::ALL.iter().any(|s| s.group() == Some(name)) {
                        self.group(name, key.span(), value, spec)?;
                    } else {
                        return Err(self.unknown_slot(name, key.span()));
                    }
                }
            }
        }
        self.check_markers(spec)?;
        Ok(self.seen)
    }

    fn unknown_slot(&self, name: &str, span: Range<usize>) -> ConfigError {
        let candidates = Slot::ALL
            .iter()
            .map(|s| s.name())
            .chain(META_KEYS)
            .chain(Slot::ALL.iter().filter_map(|s| s.group()));
        self.source.error(
            span,
            format!("unknown slot '{name}'{}", did_you_mean(name, candidates)),
        )
    }

    /// `[tree]` and friends: a table of slots whose names are `group.key`.
    fn group(
        &mut self,
        group: &str,
        span: Range<usize>,
        value: &Spanned<DeValue<'_>>,
        spec: &mut ThemeSpec,
    ) -> Result<(), ConfigError> {
        let DeValue::Table(table) = value.get_ref() else {
            return Err(self.source.error(
                span,
                format!(
                    "'{group}' is a group of slots and should be a table, not {}",
                    type_phrase(value.get_ref())
                ),
            ));
        };
        for (key, value) in entries_in_file_order(table) {
            let full = format!("{group}.{}", key.get_ref());
            match Slot::from_name(&full) {
                Some(slot) => self.slot(slot, key.span(), value, spec)?,
                None => return Err(self.unknown_slot(&full, key.span())),
            }
        }
        Ok(())
    }

    fn slot(
        &mut self,
        slot: Slot,
        span: Range<usize>,
        value: &Spanned<DeValue<'_>>,
        spec: &mut ThemeSpec,
    ) -> Result<(), ConfigError> {
        if std::mem::replace(&mut self.seen[slot.index()], true) {
            return Err(self
                .source
                .error(span, format!("slot '{slot}' is set twice")));
        }
        let DeValue::Table(table) = value.get_ref() else {
            return Err(self.source.error(
                value.span(),
                format!(
                    "slot '{slot}' should be a table like {{ fg = \"red\", modifiers = [\"bold\"] }}, not {}",
                    type_phrase(value.get_ref())
                ),
            ));
        };
        let mut style = SlotStyle::default();
        for (key, value) in entries_in_file_order(table) {
            match &**key.get_ref() {
                "fg" => style.fg = Some(self.colour(value)?),
                "bg" => style.bg = Some(self.colour(value)?),
                "modifiers" => style.modifiers = self.modifiers(value)?,
                other => {
                    return Err(self.source.error(
                        key.span(),
                        format!(
                            "unknown field '{other}' in slot '{slot}'; expected fg, bg or modifiers{}",
                            did_you_mean(other, ["fg", "bg", "modifiers"])
                        ),
                    ));
                }
            }
        }
        spec.styles[slot.index()] = style;
        Ok(())
    }

    fn colour(&self, value: &Spanned<DeValue<'_>>) -> Result<Color, ConfigError> {
        let text = match value.get_ref() {
            DeValue::String(s) => s.to_string(),
            DeValue::Integer(i) => i.as_str().to_string(),
            other => {
                return Err(self.source.error(
                    value.span(),
                    format!(
                        "expected a colour (a name, #rrggbb, or 0-255), not {}",
                        type_phrase(other)
                    ),
                ));
            }
        };
        color::parse_colour(&text).map_err(|m| self.source.error(value.span(), m))
    }

    fn modifiers(&self, value: &Spanned<DeValue<'_>>) -> Result<Modifier, ConfigError> {
        let DeValue::Array(items) = value.get_ref() else {
            return Err(self.source.error(
                value.span(),
                format!(
                    "expected a list of modifiers like [\"bold\", \"reverse\"], not {}",
                    type_phrase(value.get_ref())
                ),
            ));
        };
        let names: Vec<&str> = MODIFIERS.iter().map(|(n, _)| *n).collect();
        let mut modifiers = Modifier::empty();
        for item in items.iter() {
            let name = self.string(item, "a modifier")?;
            match MODIFIERS.iter().find(|(n, _)| *n == name) {
                Some(&(_, m)) => modifiers |= m,
                None => {
                    return Err(self.source.error(
                        item.span(),
                        format!(
                            "'{name}' is not a modifier; expected one of {}{}",
                            names.join(", "),
                            did_you_mean(name, names.iter().copied())
                        ),
                    ));
                }
            }
        }
        Ok(modifiers)
    }

    /// `[glyphs.unicode]` and `[glyphs.ascii]`.
    fn glyphs(
        &mut self,
        value: &Spanned<DeValue<'_>>,
        spec: &mut ThemeSpec,
    ) -> Result<(), ConfigError> {
        let DeValue::Table(sets) = value.get_ref() else {
            return Err(self.source.error(
                value.span(),
                "'glyphs' should hold the tables [glyphs.unicode] and [glyphs.ascii]",
            ));
        };
        for (key, value) in entries_in_file_order(sets) {
            let (set, glyphs) = match &**key.get_ref() {
                "unicode" => (GlyphSet::Unicode, &mut spec.unicode),
                "ascii" => (GlyphSet::Ascii, &mut spec.ascii),
                other => {
                    return Err(self.source.error(
                        key.span(),
                        format!(
                            "unknown glyph set '{other}'; expected unicode or ascii{}",
                            did_you_mean(other, ["unicode", "ascii"])
                        ),
                    ));
                }
            };
            let DeValue::Table(table) = value.get_ref() else {
                return Err(self.source.error(
                    value.span(),
                    format!(
                        "glyphs.{} should be a table of glyphs like black_stone = \"X\", not {}",
                        key.get_ref(),
                        type_phrase(value.get_ref())
                    ),
                ));
            };
            for (name_key, glyph_value) in entries_in_file_order(table) {
                let name: &str = name_key.get_ref();
                let Some(&(static_name, _)) = Glyphs::NAMES.iter().find(|(n, _)| *n == name) else {
                    return Err(self.source.error(
                        name_key.span(),
                        format!(
                            "unknown glyph '{name}'{}",
                            did_you_mean(name, Glyphs::NAMES.iter().map(|(n, _)| *n))
                        ),
                    ));
                };
                let text = self.string(glyph_value, "a glyph")?;
                let glyph = Glyph::parse(text, set == GlyphSet::Ascii)
                    .map_err(|m| self.source.error(glyph_value.span(), m))?;
                glyphs.set(static_name, glyph);
                self.glyph_spans
                    .push((set, static_name, glyph_value.span()));
            }
        }
        Ok(())
    }

    /// Markers must stay distinct after this file's replacements (they never rely on colour).
    fn check_markers(&self, spec: &ThemeSpec) -> Result<(), ConfigError> {
        for (set, glyphs) in [
            (GlyphSet::Unicode, &spec.unicode),
            (GlyphSet::Ascii, &spec.ascii),
        ] {
            if let Some((a, b, glyph)) = glyphs.marker_clash() {
                let set_name = match set {
                    GlyphSet::Unicode => "unicode",
                    GlyphSet::Ascii => "ascii",
                };
                let span = self
                    .glyph_spans
                    .iter()
                    .rev()
                    .find(|(s, name, _)| *s == set && (*name == a || *name == b))
                    .map_or(0..0, |(_, _, span)| span.clone());
                return Err(self.source.error(
                    span,
                    format!(
                        "glyphs '{a}' and '{b}' are both '{glyph}' in the {set_name} set; \
                         markers must differ so that they never rely on colour"
                    ),
                ));
            }
        }
        Ok(())
    }

    fn string<'v>(
        &self,
        value: &'v Spanned<DeValue<'_>>,
        what: &str,
    ) -> Result<&'v str, ConfigError> {
        value.get_ref().as_str().ok_or_else(|| {
            self.source.error(
                value.span(),
                format!(
                    "expected {what} as a string, not {}",
                    type_phrase(value.get_ref())
                ),
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn user(text: &str) -> Result<ThemeSpec, String> {
        ThemeSpec::parse("t.toml", text).map_err(|e| e.to_string())
    }

    #[test]
    fn dotted_keys_headers_and_quoted_keys_mean_the_same() {
        let dotted = user("tree.cutoff = { fg = \"red\" }\n").unwrap();
        let header = user("[tree]\ncutoff = { fg = \"red\" }\n").unwrap();
        let table = user("[tree.cutoff]\nfg = \"red\"\n").unwrap();
        let quoted = user("\"tree.cutoff\" = { fg = \"red\" }\n").unwrap();
        assert_eq!(dotted.slot(Slot::TreeCutoff).fg, Some(Color::Red));
        assert_eq!(dotted, header);
        assert_eq!(dotted, table);
        assert_eq!(dotted, quoted);
    }

    #[test]
    fn colours_may_be_integers_and_modifiers_combine() {
        let spec = user("border = { fg = 208, bg = \"#000000\", modifiers = [\"bold\", \"dim\"] }")
            .unwrap();
        let border = spec.slot(Slot::Border);
        assert_eq!(border.fg, Some(Color::Indexed(208)));
        assert_eq!(border.bg, Some(Color::Rgb(0, 0, 0)));
        assert_eq!(border.modifiers, Modifier::BOLD | Modifier::DIM);
    }

    #[test]
    fn shapes_other_than_the_format_are_explained() {
        assert_eq!(
            user("tree = 5").unwrap_err(),
            "t.toml:1:1: 'tree' is a group of slots and should be a table, not an integer"
        );
        assert_eq!(
            user("[tre]\ncutoff = {}").unwrap_err(),
            "t.toml:1:2: unknown slot 'tre'; did you mean 'tree'?"
        );
        assert_eq!(
            user("border = { fg = true }").unwrap_err(),
            "t.toml:1:17: expected a colour (a name, #rrggbb, or 0-255), not a boolean"
        );
        assert_eq!(
            user("border = { modifiers = \"bold\" }").unwrap_err(),
            "t.toml:1:24: expected a list of modifiers like [\"bold\", \"reverse\"], not a string"
        );
        assert_eq!(
            user("[glyphs.utf8]\nblack_stone = \"X\"").unwrap_err(),
            "t.toml:1:9: unknown glyph set 'utf8'; expected unicode or ascii"
        );
        assert_eq!(
            user("glyphs = 1").unwrap_err(),
            "t.toml:1:10: 'glyphs' should hold the tables [glyphs.unicode] and [glyphs.ascii]"
        );
        assert_eq!(
            user("extends = 3").unwrap_err(),
            "t.toml:1:11: 'extends' should be the name of a bundled theme, not an integer"
        );
        assert_eq!(
            user("description = 3").unwrap_err(),
            "t.toml:1:15: expected 'description' as a string, not an integer"
        );
    }

    #[test]
    fn swapping_two_markers_is_fine_but_sharing_one_is_not() {
        let swapped = user("[glyphs.ascii]\ncutoff = \"#\"\ntt_hit = \"x\"\n").unwrap();
        assert_eq!(swapped.glyphs(GlyphSet::Ascii).cutoff, Glyph::new('#'));
        assert_eq!(
            user("[glyphs.ascii]\ncutoff = \"#\"\n").unwrap_err(),
            "t.toml:2:10: glyphs 'cutoff' and 'tt_hit' are both '#' in the ascii set; markers \
             must differ so that they never rely on colour"
        );
    }

    #[test]
    fn bundled_themes_must_be_complete_and_stand_alone() {
        let complete = |text| {
            ThemeSpec::parse_complete(Source {
                file: "b.toml",
                text,
            })
            .map_err(|e| e.to_string())
        };
        assert_eq!(
            complete("text = {}\n").unwrap_err(),
            "b.toml:2:1: missing slot 'border': a bundled theme sets every slot"
        );
        assert_eq!(
            complete("extends = \"mono\"\n").unwrap_err(),
            "b.toml:1:11: a bundled theme cannot extend another"
        );
    }
}
