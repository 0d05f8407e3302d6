//! Colours in theme files and the colour level of the terminal.
//!
//! Over SSH the explorer must work with the 16-colour default and honour `NO_COLOR`, and
//! crossterm 0.29 has a pitfall: seeing `NO_COLOR`, it drops every attribute including
//! bold and reverse, which erases selection highlights. So `NO_COLOR` is honoured here, in the
//! theme layer: colours become the terminal's own (no colour set) while modifiers stay, and
//! the terminal layer forces crossterm's colour output on.
//!
//! A theme may name the 16 ANSI colours, `reset`, an xterm palette index `0`-`255` or
//! `#rrggbb`. Resolving for a terminal that has fewer colours converts each colour to the
//! nearest one it has: true colour to the 240 fixed entries of the 256-colour palette, and
//! anything to the 16 ANSI colours (by a weighted RGB distance against the VGA palette, whose
//! even spacing keeps hues). The 16 named colours are never converted: the user's terminal palette defines
//! them.

use std::fmt;
use std::str::FromStr;

use ratatui::style::Color;

use super::config_file::one_of;

/// How many colours the terminal shows, after `--color` and the environment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ColorLevel {
    /// No colour at all (`--color never`, `NO_COLOR`, `TERM=dumb`): modifiers only.
    Never,
    /// The 16 ANSI colours.
    Ansi16,
    /// The xterm 256-colour palette.
    Ansi256,
    /// 24-bit colour.
    TrueColor,
}

/// The `--color` option.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum ColorChoice {
    /// Decide from `NO_COLOR`, `COLORTERM` and `TERM`.
    #[default]
    Auto,
    /// Use this level whatever the environment says.
    Level(ColorLevel),
}

impl ColorChoice {
    /// The words `--color` accepts.
    pub const NAMES: [&'static str; 5] = ["auto", "16", "256", "truecolor", "never"];

    /// The level to draw with. An explicit level wins over `NO_COLOR` (no-color.org: a
    /// command-line option overrides the variable); `auto` looks at the environment through
    /// `var`, which returns a variable's value (`std::env::var(..).ok()` in the program, a
    /// table in tests).
    pub fn resolve(self, var: impl Fn(&str) -> Option<String>) -> ColorLevel {
        match self {
            ColorChoice::Level(level) => level,
            ColorChoice::Auto => ColorLevel::detect(var),
        }
    }
}

impl FromStr for ColorChoice {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "auto" => Ok(ColorChoice::Auto),
            "16" => Ok(ColorChoice::Level(ColorLevel::Ansi16)),
            "256" => Ok(ColorChoice::Level(ColorLevel::Ansi256)),
            "truecolor" | "24bit" => Ok(ColorChoice::Level(ColorLevel::TrueColor)),
            "never" | "none" | "off" => Ok(ColorChoice::Level(ColorLevel::Never)),
            _ => Err(format!(
                "'{s}' is not a colour level; expected {}",
                one_of(&ColorChoice::NAMES, "or")
            )),
        }
    }
}

impl fmt::Display for ColorChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ColorChoice::Auto => "auto",
            ColorChoice::Level(ColorLevel::Ansi16) => "16",
            ColorChoice::Level(ColorLevel::Ansi256) => "256",
            ColorChoice::Level(ColorLevel::TrueColor) => "truecolor",
            ColorChoice::Level(ColorLevel::Never) => "never",
        })
    }
}

impl ColorLevel {
    /// The level the environment asks for: `NO_COLOR` with any non-empty value turns colour
    /// off; `COLORTERM=truecolor|24bit` or a `TERM` ending in `-direct` give true colour; a
    /// `TERM` mentioning `256color` gives 256 colours; `TERM=dumb` gives none; anything else
    /// (including no `TERM`) gives the safe 16.
    pub fn detect(var: impl Fn(&str) -> Option<String>) -> ColorLevel {
        if var("NO_COLOR").is_some_and(|v| !v.is_empty()) {
            return ColorLevel::Never;
        }
        let term = var("TERM").unwrap_or_default().to_ascii_lowercase();
        if term == "dumb" {
            return ColorLevel::Never;
        }
        let colorterm = var("COLORTERM").unwrap_or_default().to_ascii_lowercase();
        if colorterm == "truecolor" || colorterm == "24bit" || term.ends_with("-direct") {
            ColorLevel::TrueColor
        } else if term.contains("256color") {
            ColorLevel::Ansi256
        } else {
            ColorLevel::Ansi16
        }
    }

    /// `colour` as this level shows it: `None` (the terminal's own colour) when colour is
    /// off, else the nearest colour the level has.
    pub fn convert(self, colour: Color) -> Option<Color> {
        match (self, colour) {
            (ColorLevel::Never, _) => None,
            (ColorLevel::TrueColor, c) => Some(c),
            (ColorLevel::Ansi256, Color::Rgb(r, g, b)) => {
                Some(Color::Indexed(nearest_256([r, g, b])))
            }
            (ColorLevel::Ansi256, c) => Some(c),
            (ColorLevel::Ansi16, Color::Rgb(r, g, b)) => Some(nearest_16([r, g, b])),
            (ColorLevel::Ansi16, Color::Indexed(i)) if i < 16 => Some(NAMED[usize::from(i)].1),
            (ColorLevel::Ansi16, Color::Indexed(i)) => Some(nearest_16(palette_256(i))),
            (ColorLevel::Ansi16, c) => Some(c),
        }
    }
}

/// The 16 ANSI colours in palette order, with their theme-file names.
pub const NAMED: [(&str, Color); 16] = [
    ("black", Color::Black),
    ("red", Color::Red),
    ("green", Color::Green),
    ("yellow", Color::Yellow),
    ("blue", Color::Blue),
    ("magenta", Color::Magenta),
    ("cyan", Color::Cyan),
    ("gray", Color::Gray),
    ("dark-gray", Color::DarkGray),
    ("light-red", Color::LightRed),
    ("light-green", Color::LightGreen),
    ("light-yellow", Color::LightYellow),
    ("light-blue", Color::LightBlue),
    ("light-magenta", Color::LightMagenta),
    ("light-cyan", Color::LightCyan),
    ("white", Color::White),
];

/// True for `reset` and the 16 named colours: what the default theme may use.
pub fn is_named(colour: Color) -> bool {
    colour == Color::Reset || NAMED.iter().any(|&(_, c)| c == colour)
}

/// Parses a colour as written in a theme file: a name, `#rrggbb` or `0`-`255`.
pub fn parse_colour(text: &str) -> Result<Color, String> {
    let lower = text.trim().to_ascii_lowercase();
    let name = lower.replace('_', "-").replace("grey", "gray");
    if name == "reset" || name == "default" {
        return Ok(Color::Reset);
    }
    if let Some(&(_, c)) = NAMED.iter().find(|(n, _)| *n == name) {
        return Ok(c);
    }
    if let Some(hex) = lower.strip_prefix('#') {
        if hex.len() == 6 && hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            let channel = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).unwrap_or(0);
            return Ok(Color::Rgb(channel(0), channel(2), channel(4)));
        }
        return Err(format!(
            "'{text}' is not a colour: write #rrggbb with six hexadecimal digits"
        ));
    }
    if !lower.is_empty() && lower.bytes().all(|b| b.is_ascii_digit()) {
        return match lower.parse::<u8>() {
            Ok(i) => Ok(Color::Indexed(i)),
            Err(_) => Err(format!(
                "'{text}' is not a colour: palette indices go from 0 to 255"
            )),
        };
    }
    let names: Vec<&str> = NAMED
        .iter()
        .map(|(n, _)| *n)
        .chain(std::iter::once("reset"))
        .collect();
    Err(format!(
        "'{text}' is not a colour; expected one of {}, #rrggbb, or 0-255{}",
        names.join(", "),
        super::config_file::did_you_mean(&name, names.iter().copied())
    ))
}

/// The name a theme file would use for `colour`.
pub fn colour_name(colour: Color) -> String {
    match colour {
        Color::Reset => "reset".to_string(),
        Color::Rgb(r, g, b) => format!("#{r:02x}{g:02x}{b:02x}"),
        Color::Indexed(i) => i.to_string(),
        named => NAMED
            .iter()
            .find(|&&(_, c)| c == named)
            .map_or_else(|| format!("{named:?}"), |(n, _)| (*n).to_string()),
    }
}

/// The 16 ANSI colours in xterm's default palette: what palette indices 0-15 stand for.
const XTERM_16: [[u8; 3]; 16] = [
    [0, 0, 0],
    [205, 0, 0],
    [0, 205, 0],
    [205, 205, 0],
    [0, 0, 238],
    [205, 0, 205],
    [0, 205, 205],
    [229, 229, 229],
    [127, 127, 127],
    [255, 0, 0],
    [0, 255, 0],
    [255, 255, 0],
    [92, 92, 255],
    [255, 0, 255],
    [0, 255, 255],
    [255, 255, 255],
];

/// The reference the nearest of the 16 colours is chosen against: the VGA palette. Real
/// terminals' palettes differ; VGA's evenly spaced levels (0, 85, 170, 255) keep hues when
/// converting, so a dark green stays green rather than turning black.
const REFERENCE_16: [[u8; 3]; 16] = [
    [0, 0, 0],
    [170, 0, 0],
    [0, 170, 0],
    [170, 85, 0],
    [0, 0, 170],
    [170, 0, 170],
    [0, 170, 170],
    [170, 170, 170],
    [85, 85, 85],
    [255, 85, 85],
    [85, 255, 85],
    [255, 255, 85],
    [85, 85, 255],
    [255, 85, 255],
    [85, 255, 255],
    [255, 255, 255],
];

/// The six channel levels of the xterm 6x6x6 colour cube (indices 16-231).
const CUBE_LEVELS: [u8; 6] = [0, 95, 135, 175, 215, 255];

/// RGB of an xterm 256-colour palette entry.
pub fn palette_256(index: u8) -> [u8; 3] {
    match index {
        0..=15 => XTERM_16[usize::from(index)],
        16..=231 => {
            let i = index - 16;
            [
                CUBE_LEVELS[usize::from(i / 36)],
                CUBE_LEVELS[usize::from(i / 6 % 6)],
                CUBE_LEVELS[usize::from(i % 6)],
            ]
        }
        232..=255 => {
            let v = 8 + 10 * (index - 232);
            [v, v, v]
        }
    }
}

/// Weighted RGB distance ("redmean"): a cheap approximation of how different two colours
/// look, better than plain Euclidean distance on greens and blues.
fn distance(a: [u8; 3], b: [u8; 3]) -> u32 {
    let mean = (u32::from(a[0]) + u32::from(b[0])) / 2;
    let d = |i: usize| u32::from(a[i].abs_diff(b[i]));
    (((512 + mean) * d(0) * d(0)) >> 8) + 4 * d(1) * d(1) + (((767 - mean) * d(2) * d(2)) >> 8)
}

/// The nearest of the 240 fixed palette entries (16-255). Entries 0-15 are left out: users
/// redefine them, so they are not a faithful stand-in for a given RGB value.
fn nearest_256(rgb: [u8; 3]) -> u8 {
    (16..=255u8)
        .min_by_key(|&i| distance(rgb, palette_256(i)))
        .unwrap_or(16)
}

/// The nearest of the 16 ANSI colours.
fn nearest_16(rgb: [u8; 3]) -> Color {
    let best = (0..16)
        .min_by_key(|&i| distance(rgb, REFERENCE_16[i]))
        .unwrap_or(0);
    NAMED[best].1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env<'a>(vars: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |name| {
            vars.iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| v.to_string())
        }
    }

    #[test]
    fn detection_reads_no_color_colorterm_and_term() {
        use ColorLevel::*;
        assert_eq!(ColorLevel::detect(env(&[])), Ansi16);
        assert_eq!(ColorLevel::detect(env(&[("TERM", "xterm")])), Ansi16);
        assert_eq!(
            ColorLevel::detect(env(&[("TERM", "xterm-256color")])),
            Ansi256
        );
        assert_eq!(
            ColorLevel::detect(env(&[
                ("TERM", "screen-256color"),
                ("COLORTERM", "truecolor")
            ])),
            TrueColor
        );
        assert_eq!(
            ColorLevel::detect(env(&[("TERM", "xterm-direct")])),
            TrueColor
        );
        assert_eq!(ColorLevel::detect(env(&[("TERM", "dumb")])), Never);
        // NO_COLOR: any non-empty value, and it beats everything auto looks at.
        assert_eq!(
            ColorLevel::detect(env(&[("NO_COLOR", "1"), ("COLORTERM", "truecolor")])),
            Never
        );
        assert_eq!(
            ColorLevel::detect(env(&[("NO_COLOR", ""), ("TERM", "xterm-256color")])),
            Ansi256
        );
    }

    #[test]
    fn an_explicit_level_overrides_no_color() {
        let vars = [("NO_COLOR", "yes")];
        assert_eq!(ColorChoice::Auto.resolve(env(&vars)), ColorLevel::Never);
        assert_eq!(
            ColorChoice::Level(ColorLevel::Ansi256).resolve(env(&vars)),
            ColorLevel::Ansi256
        );
    }

    #[test]
    fn color_choice_parses_and_prints() {
        for name in ColorChoice::NAMES {
            let choice: ColorChoice = name.parse().unwrap();
            assert_eq!(choice.to_string(), name);
        }
        assert_eq!(
            "lots".parse::<ColorChoice>().unwrap_err(),
            "'lots' is not a colour level; expected auto, 16, 256, truecolor or never"
        );
    }

    #[test]
    fn colours_parse_by_name_hex_and_index() {
        assert_eq!(parse_colour("red"), Ok(Color::Red));
        assert_eq!(parse_colour("dark-gray"), Ok(Color::DarkGray));
        assert_eq!(parse_colour("Dark_Grey"), Ok(Color::DarkGray));
        assert_eq!(parse_colour("reset"), Ok(Color::Reset));
        assert_eq!(parse_colour("#FF8000"), Ok(Color::Rgb(255, 128, 0)));
        assert_eq!(parse_colour("208"), Ok(Color::Indexed(208)));
        assert_eq!(
            parse_colour("256").unwrap_err(),
            "'256' is not a colour: palette indices go from 0 to 255"
        );
        assert_eq!(
            parse_colour("#12345").unwrap_err(),
            "'#12345' is not a colour: write #rrggbb with six hexadecimal digits"
        );
        assert_eq!(
            parse_colour("purpel").unwrap_err(),
            "'purpel' is not a colour; expected one of black, red, green, yellow, blue, \
             magenta, cyan, gray, dark-gray, light-red, light-green, light-yellow, light-blue, \
             light-magenta, light-cyan, white, reset, #rrggbb, or 0-255"
        );
        assert!(
            parse_colour("magneta")
                .unwrap_err()
                .ends_with("did you mean 'magenta'?")
        );
        for (name, colour) in NAMED {
            assert_eq!(parse_colour(name), Ok(colour));
            assert_eq!(colour_name(colour), name);
        }
        assert_eq!(colour_name(Color::Rgb(1, 2, 255)), "#0102ff");
    }

    #[test]
    fn palette_entries_follow_xterm() {
        assert_eq!(palette_256(16), [0, 0, 0]);
        assert_eq!(palette_256(196), [255, 0, 0]);
        assert_eq!(palette_256(231), [255, 255, 255]);
        assert_eq!(palette_256(232), [8, 8, 8]);
        assert_eq!(palette_256(244), [128, 128, 128]);
        assert_eq!(palette_256(255), [238, 238, 238]);
    }

    #[test]
    fn true_colour_goes_down_to_256() {
        let to256 = |r, g, b| ColorLevel::Ansi256.convert(Color::Rgb(r, g, b));
        assert_eq!(to256(255, 0, 0), Some(Color::Indexed(196)));
        assert_eq!(to256(128, 128, 128), Some(Color::Indexed(244)));
        assert_eq!(to256(255, 135, 0), Some(Color::Indexed(208)));
        assert_eq!(to256(0, 0, 0), Some(Color::Indexed(16)));
        // Palette indices and named colours pass through untouched.
        assert_eq!(
            ColorLevel::Ansi256.convert(Color::Indexed(3)),
            Some(Color::Indexed(3))
        );
        assert_eq!(ColorLevel::Ansi256.convert(Color::Cyan), Some(Color::Cyan));
    }

    #[test]
    fn everything_goes_down_to_16() {
        let to16 = |c| ColorLevel::Ansi16.convert(c);
        assert_eq!(to16(Color::Rgb(255, 0, 0)), Some(Color::Red));
        assert_eq!(to16(Color::Rgb(255, 90, 90)), Some(Color::LightRed));
        assert_eq!(to16(Color::Rgb(100, 100, 100)), Some(Color::DarkGray));
        assert_eq!(to16(Color::Rgb(180, 180, 180)), Some(Color::Gray));
        assert_eq!(to16(Color::Rgb(0, 0, 128)), Some(Color::Blue));
        assert_eq!(to16(Color::Rgb(250, 250, 250)), Some(Color::White));
        assert_eq!(to16(Color::Indexed(196)), Some(Color::Red));
        assert_eq!(to16(Color::Indexed(1)), Some(Color::Red));
        assert_eq!(to16(Color::Indexed(15)), Some(Color::White));
        // Dark green (0, 95, 0) stays green.
        assert_eq!(to16(Color::Indexed(22)), Some(Color::Green));
        assert_eq!(to16(Color::Magenta), Some(Color::Magenta));
        assert_eq!(to16(Color::Reset), Some(Color::Reset));
    }

    #[test]
    fn never_drops_every_colour_and_true_colour_keeps_them() {
        for c in [
            Color::Red,
            Color::Rgb(1, 2, 3),
            Color::Indexed(200),
            Color::Reset,
        ] {
            assert_eq!(ColorLevel::Never.convert(c), None);
            assert_eq!(ColorLevel::TrueColor.convert(c), Some(c));
        }
    }

    #[test]
    fn named_means_the_sixteen_and_reset() {
        assert!(is_named(Color::Reset));
        assert!(is_named(Color::LightCyan));
        assert!(!is_named(Color::Indexed(4)));
        assert!(!is_named(Color::Rgb(0, 0, 0)));
    }
}
