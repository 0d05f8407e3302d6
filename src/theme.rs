//! Themes: what every semantic slot looks like, fitted to the terminal's colour level, and the
//! glyphs the explorer draws with.
//!
//! Themes are data (`themes/*.toml`, compiled in with `include_str!`) naming semantic
//! [`Slot`]s, never widgets; a user file may extend a bundled theme; bad files are reported
//! with file, line and column. Bundled themes:
//!
//! - `default`: only the 16 ANSI colours and `reset`, so it follows the user's palette and
//!   reads the same over SSH;
//! - `light`: for light backgrounds;
//! - `mono`: no colour at all, only bold, dim, italic, underline and reverse;
//! - `high-contrast`: bright colours, bold text, reverse-video selections.
//!
//! A [`Theme`] is a [`ThemeSpec`] resolved for one terminal: colours converted to its
//! [`ColorLevel`] (`--color`, `NO_COLOR`, `COLORTERM`, `TERM`; see [`color`]) and one
//! [`GlyphSet`] (`--ascii`). Views ask it for a ratatui style per slot:
//! `theme.style(Slot::TreeCutoff)`, and for glyphs: `theme.glyphs().cutoff`.
//!
//! Which theme is used: `--theme NAME|PATH` if given (a bundled name, else a file), else the
//! user's `theme.toml` in the configuration directory if it exists (see
//! [`config_file::user_config_dir`]), else `default`.

pub mod color;
pub mod config_file;
pub mod file;
pub mod glyphs;
pub mod slot;

use std::path::Path;

use ratatui::style::Style;

pub use color::{ColorChoice, ColorLevel};
pub use config_file::ConfigError;
pub use file::{SlotStyle, ThemeSpec};
pub use glyphs::{Glyph, GlyphSet, Glyphs};
pub use slot::Slot;

use config_file::{Source, one_of};

/// The bundled themes: name and file text.
pub const BUNDLED: [(&str, &str); 4] = [
    ("default", include_str!("../themes/default.toml")),
    ("light", include_str!("../themes/light.toml")),
    ("mono", include_str!("../themes/mono.toml")),
    (
        "high-contrast",
        include_str!("../themes/high-contrast.toml"),
    ),
];

/// The name of the theme used when nothing else is asked for.
pub const DEFAULT_THEME: &str = "default";

/// The file name of the user's theme in the configuration directory.
pub const USER_THEME_FILE: &str = "theme.toml";

/// Parses a bundled theme by name. Errors name the file as `themes/NAME.toml`.
pub fn bundled_spec(name: &str) -> Result<ThemeSpec, ConfigError> {
    let Some(&(name, text)) = BUNDLED.iter().find(|(n, _)| *n == name) else {
        return Err(ConfigError::Usage(unknown_theme(name)));
    };
    let file = format!("themes/{name}.toml");
    ThemeSpec::parse_complete(Source { file: &file, text })
}

fn unknown_theme(name: &str) -> String {
    let names: Vec<&str> = BUNDLED.iter().map(|(n, _)| *n).collect();
    format!(
        "unknown theme '{name}'; expected {} or the path of a theme file",
        names.join(", ")
    )
}

impl ThemeSpec {
    /// Reads a user theme file (see [`ThemeSpec::parse`]).
    pub fn from_file(path: &Path) -> Result<ThemeSpec, ConfigError> {
        let text = config_file::read(path)?;
        ThemeSpec::parse(&path.display().to_string(), &text)
    }
}

/// What the command line says about looks.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ThemeOptions {
    /// `--theme`: a bundled name or a path.
    pub theme: Option<String>,
    /// `--color`.
    pub color: ColorChoice,
    /// `--ascii`.
    pub ascii: bool,
}

/// A theme resolved for one terminal: a ratatui style per slot and one glyph set.
#[derive(Clone, Debug, PartialEq)]
pub struct Theme {
    name: String,
    level: ColorLevel,
    glyph_set: GlyphSet,
    styles: [Style; Slot::COUNT],
    glyphs: Glyphs,
}

impl Theme {
    /// Fits `spec` to a terminal with `level` colours, drawing with `glyph_set`. When colour
    /// is off every colour is dropped (the terminal's own colours show) and every modifier
    /// stays, so selections drawn in reverse video remain visible.
    pub fn resolve(name: &str, spec: &ThemeSpec, level: ColorLevel, glyph_set: GlyphSet) -> Theme {
        let styles = std::array::from_fn(|i| {
            let slot = spec.slot(Slot::ALL[i]);
            Style {
                fg: slot.fg.and_then(|c| level.convert(c)),
                bg: slot.bg.and_then(|c| level.convert(c)),
                add_modifier: slot.modifiers,
                ..Style::default()
            }
        });
        Theme {
            name: name.to_string(),
            level,
            glyph_set,
            styles,
            glyphs: *spec.glyphs(glyph_set),
        }
    }

    /// A bundled theme by name, resolved.
    pub fn bundled(
        name: &str,
        level: ColorLevel,
        glyph_set: GlyphSet,
    ) -> Result<Theme, ConfigError> {
        Ok(Theme::resolve(name, &bundled_spec(name)?, level, glyph_set))
    }

    /// The theme the options ask for. `var` reads environment variables (for `--color auto`);
    /// `config_dir` is where the user's `theme.toml` may be (`None`: do not look).
    pub fn load(
        options: &ThemeOptions,
        var: impl Fn(&str) -> Option<String>,
        config_dir: Option<&Path>,
    ) -> Result<Theme, ConfigError> {
        let level = options.color.resolve(var);
        let glyph_set = if options.ascii {
            GlyphSet::Ascii
        } else {
            GlyphSet::Unicode
        };
        let (name, spec) = match &options.theme {
            Some(arg) if BUNDLED.iter().any(|(n, _)| n == arg) => (arg.clone(), bundled_spec(arg)?),
            Some(arg) => {
                let path = Path::new(arg);
                if !path.exists() && !arg.contains(['/', '.']) {
                    return Err(ConfigError::Usage(unknown_theme(arg)));
                }
                (arg.clone(), ThemeSpec::from_file(path)?)
            }
            None => {
                let user = config_dir.map(|d| d.join(USER_THEME_FILE));
                match user {
                    Some(path) => match config_file::read_optional(&path)? {
                        Some(text) => {
                            let file = path.display().to_string();
                            let spec = ThemeSpec::parse(&file, &text)?;
                            (file, spec)
                        }
                        None => (DEFAULT_THEME.to_string(), bundled_spec(DEFAULT_THEME)?),
                    },
                    None => (DEFAULT_THEME.to_string(), bundled_spec(DEFAULT_THEME)?),
                }
            }
        };
        Ok(Theme::resolve(&name, &spec, level, glyph_set))
    }

    /// The style of a slot.
    #[inline]
    pub fn style(&self, slot: Slot) -> Style {
        self.styles[slot.index()]
    }

    /// The glyphs to draw with.
    #[inline]
    pub fn glyphs(&self) -> &Glyphs {
        &self.glyphs
    }

    /// The theme's name: a bundled name or the file it came from.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The colour level it was resolved for.
    pub fn level(&self) -> ColorLevel {
        self.level
    }

    /// The glyph set it draws with.
    pub fn glyph_set(&self) -> GlyphSet {
        self.glyph_set
    }

    /// The names of the bundled themes, for `--help` and messages.
    pub fn bundled_names() -> String {
        let names: Vec<&str> = BUNDLED.iter().map(|(n, _)| *n).collect();
        one_of(&names, "and")
    }
}

impl Default for Theme {
    /// The bundled default theme with 16 colours and Unicode glyphs (the bundled themes are
    /// checked by tests, so this cannot fail).
    fn default() -> Theme {
        let spec = bundled_spec(DEFAULT_THEME).expect("the bundled default theme parses");
        Theme::resolve(DEFAULT_THEME, &spec, ColorLevel::Ansi16, GlyphSet::Unicode)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::style::{Color, Modifier};

    #[test]
    fn every_bundled_theme_parses() {
        for (name, _) in BUNDLED {
            bundled_spec(name).unwrap_or_else(|e| panic!("{e}"));
        }
    }

    #[test]
    fn no_color_keeps_modifiers_and_drops_colours() {
        let spec = bundled_spec("default").unwrap();
        let coloured = Theme::resolve("default", &spec, ColorLevel::Ansi16, GlyphSet::Unicode);
        let plain = Theme::resolve("default", &spec, ColorLevel::Never, GlyphSet::Unicode);
        for &slot in Slot::ALL {
            let (c, p) = (coloured.style(slot), plain.style(slot));
            assert_eq!((p.fg, p.bg), (None, None), "{slot}");
            assert_eq!(p.add_modifier, c.add_modifier, "{slot}");
        }
        assert!(
            plain
                .style(Slot::TreeSelected)
                .add_modifier
                .contains(Modifier::REVERSED)
        );
    }

    #[test]
    fn resolving_converts_colours_to_the_level() {
        let spec = ThemeSpec::parse(
            "t.toml",
            "[tree]\ncutoff = { fg = \"#ff0000\", bg = \"196\" }\n",
        )
        .unwrap();
        let style =
            |level| Theme::resolve("t", &spec, level, GlyphSet::Unicode).style(Slot::TreeCutoff);
        assert_eq!(style(ColorLevel::TrueColor).fg, Some(Color::Rgb(255, 0, 0)));
        assert_eq!(style(ColorLevel::Ansi256).fg, Some(Color::Indexed(196)));
        assert_eq!(style(ColorLevel::Ansi256).bg, Some(Color::Indexed(196)));
        assert_eq!(style(ColorLevel::Ansi16).fg, Some(Color::Red));
        assert_eq!(style(ColorLevel::Ansi16).bg, Some(Color::Red));
        assert_eq!(style(ColorLevel::Never).fg, None);
    }

    #[test]
    fn the_default_theme_is_the_default() {
        let theme = Theme::default();
        assert_eq!(theme.name(), "default");
        assert_eq!(theme.level(), ColorLevel::Ansi16);
        assert_eq!(theme.glyph_set(), GlyphSet::Unicode);
        assert_eq!(
            Theme::bundled_names(),
            "default, light, mono and high-contrast"
        );
    }
}
