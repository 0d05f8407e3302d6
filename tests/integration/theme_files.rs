//! Theme and keymap files as users meet them (issue 3, deliverables 4-5; conventions.md 10-11):
//! the bundled themes are complete and honest about their colours, NO_COLOR keeps emphasis,
//! user files extend the defaults, and every bad file gets the exact message a user sees,
//! with file, line and column.

use std::path::{Path, PathBuf};

use plyscope::theme::color::{self, ColorChoice, ColorLevel};
use plyscope::theme::{
    BUNDLED, ConfigError, Glyph, GlyphSet, Glyphs, Slot, Theme, ThemeOptions, ThemeSpec,
    bundled_spec,
};
use plyscope::tui::keymap::{Action, CTRL_C, Key, Keymap};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::style::{Color, Modifier};

const LEVELS: [ColorLevel; 4] = [
    ColorLevel::Never,
    ColorLevel::Ansi16,
    ColorLevel::Ansi256,
    ColorLevel::TrueColor,
];

fn no_env(_: &str) -> Option<String> {
    None
}

fn spec(name: &str) -> ThemeSpec {
    bundled_spec(name).unwrap_or_else(|e| panic!("{e}"))
}

// ---------------------------------------------------------------------------------------
// Bundled themes

#[test]
fn every_bundled_theme_sets_every_slot_explicitly() {
    // Parsing a bundled theme fails on a missing slot; also check each file names each slot,
    // so that no slot silently inherits the all-default style.
    for (name, text) in BUNDLED {
        let spec = spec(name);
        for &slot in Slot::ALL {
            let (group, key) = slot.name().split_once('.').unwrap_or(("", slot.name()));
            let line_start = format!("\n{key} = ");
            assert!(
                text.contains(&line_start)
                    && (group.is_empty() || text.contains(&format!("[{group}]"))),
                "{name}: slot {slot} is not written out"
            );
            for level in LEVELS {
                for set in [GlyphSet::Unicode, GlyphSet::Ascii] {
                    let theme = Theme::resolve(name, &spec, level, set);
                    let style = theme.style(slot);
                    if level == ColorLevel::Never {
                        assert_eq!((style.fg, style.bg), (None, None), "{name} {slot}");
                    }
                }
            }
        }
        assert!(!spec.description.is_empty(), "{name} has no description");
    }
}

#[test]
fn mono_has_no_colours_at_all() {
    let mono = spec("mono");
    for &slot in Slot::ALL {
        let s = mono.slot(slot);
        assert_eq!((s.fg, s.bg), (None, None), "mono {slot}");
    }
    // ... yet it is not blank: selections and key names are emphasised.
    assert!(
        mono.slot(Slot::TreeSelected)
            .modifiers
            .contains(Modifier::REVERSED)
    );
    assert!(mono.slot(Slot::HelpKey).modifiers.contains(Modifier::BOLD));
}

#[test]
fn default_uses_only_the_sixteen_named_colours_and_reset() {
    let default = spec("default");
    for &slot in Slot::ALL {
        let s = default.slot(slot);
        for c in [s.fg, s.bg].into_iter().flatten() {
            assert!(color::is_named(c), "default {slot} uses {c:?}");
        }
    }
    // So resolving it at 16 colours changes nothing.
    let theme = Theme::resolve("default", &default, ColorLevel::Ansi16, GlyphSet::Unicode);
    for &slot in Slot::ALL {
        assert_eq!(theme.style(slot).fg, default.slot(slot).fg, "{slot}");
    }
}

#[test]
fn high_contrast_and_light_stay_within_their_promises() {
    let high = spec("high-contrast");
    let light = spec("light");
    for &slot in Slot::ALL {
        for c in [high.slot(slot).fg, high.slot(slot).bg]
            .into_iter()
            .flatten()
        {
            assert!(color::is_named(c), "high-contrast {slot} uses {c:?}");
        }
        // No pale text on a light background.
        let fg = light.slot(slot).fg;
        assert!(
            !matches!(
                fg,
                Some(Color::White | Color::LightYellow | Color::LightCyan)
            ),
            "light {slot} has pale text {fg:?}"
        );
    }
}

#[test]
fn no_color_keeps_bold_and_reverse_and_drops_colours() {
    let vars = |name: &str| (name == "NO_COLOR").then(|| "1".to_string());
    for (name, _) in BUNDLED {
        let options = ThemeOptions {
            theme: Some(name.to_string()),
            ..ThemeOptions::default()
        };
        let plain = Theme::load(&options, vars, None).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(plain.level(), ColorLevel::Never);
        let spec = spec(name);
        for &slot in Slot::ALL {
            let style = plain.style(slot);
            assert_eq!((style.fg, style.bg), (None, None), "{name} {slot}");
            assert_eq!(
                style.add_modifier,
                spec.slot(slot).modifiers,
                "{name} {slot}"
            );
        }
        // Selections must survive without colour: they are drawn in reverse video.
        for slot in [
            Slot::TreeSelected,
            Slot::PickerSelected,
            Slot::BoardSelectedMove,
        ] {
            assert!(
                plain.style(slot).add_modifier.contains(Modifier::REVERSED),
                "{name}: {slot} is invisible without colour"
            );
        }
    }
    // An explicit --color wins over NO_COLOR.
    let options = ThemeOptions {
        color: "256".parse().unwrap(),
        ..ThemeOptions::default()
    };
    let coloured = Theme::load(&options, vars, None).unwrap();
    assert_eq!(coloured.level(), ColorLevel::Ansi256);
    assert_eq!(coloured.style(Slot::TreeCutoff).fg, Some(Color::Red));
}

#[test]
fn the_light_theme_comes_down_to_sixteen_colours() {
    // light.toml writes a few 256-palette colours; each has a 16-colour stand-in.
    let light = spec("light");
    let at = |level| Theme::resolve("light", &light, level, GlyphSet::Unicode);
    assert_eq!(light.slot(Slot::TreeLower).fg, Some(Color::Indexed(130)));
    assert_eq!(
        at(ColorLevel::Ansi256).style(Slot::TreeLower).fg,
        Some(Color::Indexed(130))
    );
    assert_eq!(
        at(ColorLevel::Ansi16).style(Slot::TreeLower).fg,
        Some(Color::Yellow)
    );
    assert_eq!(
        at(ColorLevel::Ansi16).style(Slot::TreePv).fg,
        Some(Color::Green)
    );
    assert_eq!(
        at(ColorLevel::Ansi16).style(Slot::SideLabel).fg,
        Some(Color::DarkGray)
    );
    for &slot in Slot::ALL {
        let s = at(ColorLevel::Ansi16).style(slot);
        for c in [s.fg, s.bg].into_iter().flatten() {
            assert!(color::is_named(c), "light {slot} at 16 colours is {c:?}");
        }
    }
}

#[test]
fn ascii_glyphs_are_pure_ascii_and_markers_are_distinct() {
    for (name, _) in BUNDLED {
        let theme = Theme::bundled(name, ColorLevel::Ansi16, GlyphSet::Ascii).unwrap();
        for (glyph, g) in theme.glyphs().iter() {
            assert!(g.as_str().is_ascii(), "{name}: {glyph} = {g}");
        }
        assert_eq!(theme.glyphs().marker_clash(), None);
    }
    assert_eq!(Glyphs::UNICODE.marker_clash(), None);
    // The markers the tree view relies on, in both sets, are all different characters.
    for set in [Glyphs::UNICODE, Glyphs::ASCII] {
        let markers = [
            set.cutoff, set.tt_hit, set.best, set.exact, set.lower, set.upper,
        ];
        for (i, a) in markers.iter().enumerate() {
            assert!(markers[i + 1..].iter().all(|b| b != a), "{a} repeats");
        }
    }
}

// ---------------------------------------------------------------------------------------
// User theme files

fn fixture(dir: &str, name: &str) -> PathBuf {
    Path::new("tests/fixtures").join(dir).join(name)
}

#[test]
fn a_user_theme_extends_a_bundled_one() {
    let spec =
        ThemeSpec::from_file(&fixture("themes", "user.toml")).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(spec.description, "mono with red cutoffs");
    // Its own slots...
    assert_eq!(spec.slot(Slot::TreeCutoff).fg, Some(Color::Red));
    assert_eq!(
        spec.slot(Slot::BoardLastMove).fg,
        Some(Color::Rgb(255, 135, 0))
    );
    assert_eq!(spec.slot(Slot::BoardLastMove).bg, Some(Color::Indexed(236)));
    // ... replace the base's whole slot, and the rest is mono.
    assert_eq!(
        spec.slot(Slot::BoardLastMove).modifiers,
        Modifier::UNDERLINED
    );
    assert_eq!(
        spec.slot(Slot::TreeSelected),
        bundled_spec("mono").unwrap().slot(Slot::TreeSelected)
    );
    assert_eq!(spec.glyphs(GlyphSet::Unicode).black_stone, Glyph::new('●'));
    assert_eq!(spec.glyphs(GlyphSet::Ascii).black_stone, Glyph::new('@'));
    assert_eq!(spec.glyphs(GlyphSet::Ascii).white_stone, Glyph::new('O'));

    let path = fixture("themes", "user.toml").display().to_string();
    let options = ThemeOptions {
        theme: Some(path.clone()),
        color: ColorChoice::Level(ColorLevel::Ansi256),
        ascii: true,
    };
    let theme = Theme::load(&options, no_env, None).unwrap();
    assert_eq!(theme.name(), path);
    assert_eq!(
        theme.style(Slot::BoardLastMove).fg,
        Some(Color::Indexed(208))
    );
    assert_eq!(theme.glyphs().black_stone, Glyph::new('@'));
}

#[test]
fn the_user_theme_in_the_config_dir_is_used_when_no_theme_is_named() {
    let dir = scratch_dir("theme");
    std::fs::write(
        dir.join("theme.toml"),
        "[tree]\ncutoff = { fg = \"blue\" }\n",
    )
    .unwrap();
    let theme = Theme::load(&ThemeOptions::default(), no_env, Some(&dir)).unwrap();
    assert_eq!(theme.style(Slot::TreeCutoff).fg, Some(Color::Blue));
    assert_eq!(
        theme.style(Slot::TreeTtHit).fg,
        Some(Color::Magenta),
        "from default"
    );
    // A named theme wins over the user's file.
    let options = ThemeOptions {
        theme: Some("mono".to_string()),
        ..ThemeOptions::default()
    };
    let mono = Theme::load(&options, no_env, Some(&dir)).unwrap();
    assert_eq!(mono.style(Slot::TreeCutoff).fg, None);
    // No file: the default theme.
    let empty = scratch_dir("empty");
    let default = Theme::load(&ThemeOptions::default(), no_env, Some(&empty)).unwrap();
    assert_eq!(default, Theme::default());
    std::fs::remove_dir_all(dir).unwrap();
    std::fs::remove_dir_all(empty).unwrap();
}

#[test]
fn unknown_theme_names_and_missing_files_are_reported() {
    let named = |theme: &str| {
        let options = ThemeOptions {
            theme: Some(theme.to_string()),
            ..ThemeOptions::default()
        };
        Theme::load(&options, no_env, None).unwrap_err().to_string()
    };
    assert_eq!(
        named("solarized"),
        "unknown theme 'solarized'; expected default, light, mono, high-contrast or the path \
         of a theme file"
    );
    assert_eq!(
        named("tests/fixtures/themes/missing.toml"),
        "tests/fixtures/themes/missing.toml: cannot read the file: no such file"
    );
}

fn theme_error(name: &str) -> String {
    match ThemeSpec::from_file(&fixture("themes", name)) {
        Ok(_) => panic!("{name} should be rejected"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn bad_theme_files_get_exact_messages() {
    let cases = [
        (
            "unknown_slot.toml",
            "4:1: unknown slot 'tree.cutof'; did you mean 'tree.cutoff'?",
        ),
        (
            "bad_colour.toml",
            "2:16: 'purpel' is not a colour; expected one of black, red, green, yellow, blue, \
             magenta, cyan, gray, dark-gray, light-red, light-green, light-yellow, light-blue, \
             light-magenta, light-cyan, white, reset, #rrggbb, or 0-255",
        ),
        (
            "bad_modifier.toml",
            "2:33: 'blod' is not a modifier; expected one of bold, dim, italic, underline, \
             reverse; did you mean 'bold'?",
        ),
        (
            "unknown_field.toml",
            "1:24: unknown field 'colour' in slot 'border'; expected fg, bg or modifiers",
        ),
        (
            "slot_not_table.toml",
            "1:9: slot 'title' should be a table like { fg = \"red\", modifiers = [\"bold\"] }, \
             not a string",
        ),
        (
            "unknown_extends.toml",
            "1:11: unknown theme 'defualt' in extends; expected default, light, mono or \
             high-contrast; did you mean 'default'?",
        ),
        (
            "non_ascii_glyph.toml",
            "2:15: '●' is not ASCII; the ascii glyph set must stay pure ASCII",
        ),
        (
            "clashing_markers.toml",
            "2:8: glyphs 'best' and 'proven' are both '✓' in the unicode set; markers must \
             differ so that they never rely on colour",
        ),
        ("syntax_error.toml", "1:6: unclosed table, expected `]`"),
        ("set_twice.toml", "4:1: slot 'tree.cutoff' is set twice"),
        (
            "bad_index.toml",
            "2:16: '300' is not a colour: palette indices go from 0 to 255",
        ),
        (
            "unknown_glyph.toml",
            "2:1: unknown glyph 'blak_stone'; did you mean 'black_stone'?",
        ),
    ];
    for (file, expected) in cases {
        assert_eq!(
            theme_error(file),
            format!("tests/fixtures/themes/{file}:{expected}")
        );
    }
}

#[test]
fn a_bad_user_theme_in_the_config_dir_names_its_path() {
    let dir = scratch_dir("bad-theme");
    std::fs::write(
        dir.join("theme.toml"),
        "\n[tree]\ncutoff = { fg = \"purple\" }\n",
    )
    .unwrap();
    let err = Theme::load(&ThemeOptions::default(), no_env, Some(&dir)).unwrap_err();
    let ConfigError::Invalid {
        file, line, column, ..
    } = &err
    else {
        panic!("{err:?}");
    };
    assert_eq!(file, &dir.join("theme.toml").display().to_string());
    assert_eq!((*line, *column), (3, 17));
    std::fs::remove_dir_all(dir).unwrap();
}

// ---------------------------------------------------------------------------------------
// Keymaps

fn keymap_error(name: &str) -> String {
    match Keymap::default().with_file(&fixture("keymaps", name)) {
        Ok(_) => panic!("{name} should be rejected"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn bad_keymap_files_get_exact_messages() {
    let cases = [
        (
            "unknown_action.toml",
            "1:1: unknown action 'step_forwrd'; did you mean 'step_forward'?",
        ),
        (
            "bad_key.toml",
            "1:14: 'ctl-x' is not a key: expected a character or a key name (space, enter, \
             esc, tab, backspace, delete, insert, home, end, pgup, pgdn, up, down, left, right, \
             f1 to f24), optionally after ctrl-, alt- or shift-",
        ),
        (
            "conflict.toml",
            "2:19: 'f' is bound to both 'step_back' and 'step_forward' (line 1)",
        ),
        (
            "conflict_with_default.toml",
            "1:16: 'q' is bound to both 'toggle_help' and 'quit' (default keymap); bind 'quit' \
             to another key too",
        ),
        (
            "ctrl_c.toml",
            "1:21: ctrl-c always quits and cannot be bound to 'toggle_help'",
        ),
        (
            "quit_now.toml",
            "1:1: 'quit_now' is always ctrl-c and cannot be rebound",
        ),
        (
            "not_a_key.toml",
            "1:8: 'quit' should be a key or a list of keys like [\"k\", \"up\"], not an integer",
        ),
        ("listed_twice.toml", "1:18: 'k' is listed twice for 'up'"),
        (
            "shift_symbol.toml",
            "1:16: 'shift-/' is not a key: write the character shift gives instead (for \
             example '?' rather than 'shift-/')",
        ),
    ];
    for (file, expected) in cases {
        assert_eq!(
            keymap_error(file),
            format!("tests/fixtures/keymaps/{file}:{expected}")
        );
    }
}

#[test]
fn a_user_keymap_rebinds_only_what_it_lists() {
    let keymap = Keymap::default()
        .with_file(&fixture("keymaps", "custom.toml"))
        .unwrap_or_else(|e| panic!("{e}"));
    let key = |s: &str| s.parse::<Key>().unwrap();
    assert_eq!(keymap.action_for_key(key("f")), Some(Action::StepForward));
    assert_eq!(
        keymap.action_for_key(key("space")),
        Some(Action::StepForward)
    );
    assert_eq!(keymap.action_for_key(key("]")), None);
    assert_eq!(keymap.action_for_key(key("ctrl-q")), Some(Action::Quit));
    assert_eq!(keymap.action_for_key(key("Q")), Some(Action::ToggleHelp));
    assert_eq!(keymap.action_for_key(key("h")), Some(Action::Parent));
    assert_eq!(keymap.action_for_key(CTRL_C), Some(Action::QuitNow));
    assert!(keymap.keys(Action::Redraw).is_empty());
    let help = keymap.help_rows();
    let toggle = help
        .iter()
        .find(|r| r.action == Action::ToggleHelp)
        .unwrap();
    assert_eq!(toggle.keys, "?, f1, Q");
    assert!(
        keymap
            .footer()
            .iter()
            .any(|f| f.key == "ctrl-q" && f.label == "quit")
    );
}

#[test]
fn the_user_keymap_in_the_config_dir_is_applied() {
    let dir = scratch_dir("keymap");
    let default = Keymap::load(Some(&dir)).unwrap();
    assert_eq!(default, Keymap::default());
    std::fs::write(dir.join("keymap.toml"), "step_back = [\"[\", \"W\"]\n").unwrap();
    let keymap = Keymap::load(Some(&dir)).unwrap();
    assert_eq!(
        keymap.action_for_key("W".parse().unwrap()),
        Some(Action::StepBack)
    );
    assert_eq!(keymap.action_for_key("backspace".parse().unwrap()), None);
    std::fs::write(dir.join("keymap.toml"), "step_back = [\"[\", \"j\"]\n").unwrap();
    let err = Keymap::load(Some(&dir)).unwrap_err().to_string();
    assert!(
        err.starts_with(&format!(
            "{}:1:19: 'j' is bound to both",
            dir.join("keymap.toml").display()
        )),
        "{err}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn keys_match_the_character_not_the_shift_modifier() {
    let keymap = Keymap::default();
    let press = |code, modifiers| keymap.action(&KeyEvent::new(code, modifiers));
    assert_eq!(
        press(KeyCode::Char('?'), KeyModifiers::SHIFT),
        Some(Action::ToggleHelp)
    );
    assert_eq!(
        press(KeyCode::Char('?'), KeyModifiers::NONE),
        Some(Action::ToggleHelp)
    );
    assert_eq!(
        press(KeyCode::Char('G'), KeyModifiers::SHIFT),
        Some(Action::StepEnd)
    );
    assert_eq!(
        press(KeyCode::Char('N'), KeyModifiers::SHIFT),
        Some(Action::StepPreviousCutoff)
    );
    assert_eq!(
        press(KeyCode::Char('n'), KeyModifiers::NONE),
        Some(Action::StepNextCutoff)
    );
    assert_eq!(
        press(KeyCode::Char('c'), KeyModifiers::CONTROL),
        Some(Action::QuitNow)
    );
}

#[test]
fn key_spellings_round_trip() {
    for text in [
        "ctrl-c",
        "shift-tab",
        "?",
        "G",
        "space",
        "pgdn",
        "f5",
        "alt-x",
        "ctrl-alt-shift-up",
        "-",
        "ctrl--",
        "+",
        "esc",
        "enter",
        "backspace",
        "home",
        "end",
        "f24",
    ] {
        let key: Key = text.parse().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(key.to_string(), text);
    }
    // Other spellings come back in the canonical one.
    for (text, canonical) in [
        ("Ctrl-C", "ctrl-c"),
        ("PageDown", "pgdn"),
        ("escape", "esc"),
        ("shift-g", "G"),
        ("F5", "f5"),
    ] {
        assert_eq!(text.parse::<Key>().unwrap().to_string(), canonical);
    }
}

/// A fresh directory under the system's temporary directory, unique to this process and
/// test, so that parallel tests never share one.
fn scratch_dir(tag: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("plyscope-theme-files-{}-{tag}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
