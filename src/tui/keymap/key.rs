//! Keys as keymap files write them ("ctrl-c", "shift-tab", "?", "G", "space", "pgdn", "f5"),
//! and as the terminal reports them.
//!
//! A crossterm pitfall: crossterm marks uppercase letters, and `?` on some platforms, with SHIFT.
//! So a printable key is its character alone: SHIFT is never part of a character key (`"G"` is the
//! key, `"shift-g"` is read as `"G"`), and matching compares the character, not the modifier set.
//! Letters with ctrl ignore case, because terminals send the same byte for ctrl-g and ctrl-shift-g.
//! SHIFT does count for named keys (`shift-tab`, `shift-up`).

use std::fmt;
use std::str::FromStr;

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

/// A key without modifiers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum KeyName {
    /// A printable character, space included.
    Char(char),
    Enter,
    Esc,
    Tab,
    Backspace,
    Delete,
    Insert,
    Home,
    End,
    PageUp,
    PageDown,
    Up,
    Down,
    Left,
    Right,
    /// A function key, 1 to 24.
    F(u8),
}

/// Named keys with their spellings: the first is how keys print, the rest are accepted too.
const NAMES: [(KeyName, &[&str]); 15] = [
    (KeyName::Char(' '), &["space"]),
    (KeyName::Enter, &["enter", "return"]),
    (KeyName::Esc, &["esc", "escape"]),
    (KeyName::Tab, &["tab"]),
    (KeyName::Backspace, &["backspace"]),
    (KeyName::Delete, &["delete", "del"]),
    (KeyName::Insert, &["insert", "ins"]),
    (KeyName::Home, &["home"]),
    (KeyName::End, &["end"]),
    (KeyName::PageUp, &["pgup", "pageup"]),
    (KeyName::PageDown, &["pgdn", "pagedown"]),
    (KeyName::Up, &["up"]),
    (KeyName::Down, &["down"]),
    (KeyName::Left, &["left"]),
    (KeyName::Right, &["right"]),
];

/// Highest function key accepted.
const MAX_F: u8 = 24;

/// A key with its modifiers, normalised so that equal keys compare equal however they were
/// written or reported.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Key {
    /// The key.
    pub name: KeyName,
    /// Ctrl held.
    pub ctrl: bool,
    /// Alt (Meta, Option) held.
    pub alt: bool,
    /// Shift held: only ever true for named keys.
    pub shift: bool,
}

/// What a key string may look like, for error messages.
pub const KEY_SYNTAX: &str = "expected a character or a key name (space, enter, esc, tab, \
    backspace, delete, insert, home, end, pgup, pgdn, up, down, left, right, f1 to f24), \
    optionally after ctrl-, alt- or shift-";

impl Key {
    /// A key without modifiers.
    pub const fn plain(name: KeyName) -> Key {
        Key {
            name,
            ctrl: false,
            alt: false,
            shift: false,
        }
    }

    /// A character key.
    pub const fn char(c: char) -> Key {
        Key::plain(KeyName::Char(c))
    }

    /// Ctrl with a character.
    pub const fn ctrl(c: char) -> Key {
        Key {
            name: KeyName::Char(c.to_ascii_lowercase()),
            ctrl: true,
            alt: false,
            shift: false,
        }
    }

    /// The key the terminal reported, normalised; `None` for keys that cannot be bound (caps
    /// lock, media keys, ...).
    pub fn from_event(event: &KeyEvent) -> Option<Key> {
        let shift = event.modifiers.contains(KeyModifiers::SHIFT);
        let name = match event.code {
            KeyCode::Char(c) => KeyName::Char(c),
            KeyCode::Enter => KeyName::Enter,
            KeyCode::Esc => KeyName::Esc,
            KeyCode::Tab => KeyName::Tab,
            // crossterm reports shift-tab as BackTab, with or without SHIFT.
            KeyCode::BackTab => {
                return Some(Key {
                    shift: true,
                    ..Key::from_parts(KeyName::Tab, event.modifiers)
                });
            }
            KeyCode::Backspace => KeyName::Backspace,
            KeyCode::Delete => KeyName::Delete,
            KeyCode::Insert => KeyName::Insert,
            KeyCode::Home => KeyName::Home,
            KeyCode::End => KeyName::End,
            KeyCode::PageUp => KeyName::PageUp,
            KeyCode::PageDown => KeyName::PageDown,
            KeyCode::Up => KeyName::Up,
            KeyCode::Down => KeyName::Down,
            KeyCode::Left => KeyName::Left,
            KeyCode::Right => KeyName::Right,
            KeyCode::F(n) if (1..=MAX_F).contains(&n) => KeyName::F(n),
            _ => return None,
        };
        let mut key = Key::from_parts(name, event.modifiers);
        if let KeyName::Char(c) = name {
            // Some terminals (the kitty protocol) report shift-g as 'g' with SHIFT.
            if shift && c.is_lowercase() && !key.ctrl {
                key.name = KeyName::Char(c.to_uppercase().next().unwrap_or(c));
            }
        }
        Some(key)
    }

    /// Applies the normalisation rules to a key name and modifiers.
    fn from_parts(name: KeyName, modifiers: KeyModifiers) -> Key {
        let ctrl = modifiers.contains(KeyModifiers::CONTROL);
        let alt = modifiers.contains(KeyModifiers::ALT);
        let shift = modifiers.contains(KeyModifiers::SHIFT);
        match name {
            KeyName::Char(c) => Key {
                name: KeyName::Char(if ctrl { c.to_ascii_lowercase() } else { c }),
                ctrl,
                alt,
                shift: false,
            },
            _ => Key {
                name,
                ctrl,
                alt,
                shift,
            },
        }
    }

    /// Whether a key event is one to act on: presses and auto-repeats, not releases.
    pub fn is_press(event: &KeyEvent) -> bool {
        matches!(event.kind, KeyEventKind::Press | KeyEventKind::Repeat)
    }
}

impl FromStr for Key {
    type Err = String;

    /// Parses `"ctrl-c"`, `"shift-tab"`, `"?"`, `"G"`, `"space"`, `"pgdn"`, `"f5"`, ...
    /// Names and modifiers ignore case; a single character is taken as written.
    fn from_str(text: &str) -> Result<Key, String> {
        let error = || format!("'{text}' is not a key: {KEY_SYNTAX}");
        let (mut ctrl, mut alt, mut shift) = (false, false, false);
        let mut rest = text;
        loop {
            let mut stripped = false;
            for (prefix, flag) in [
                ("ctrl-", &mut ctrl),
                ("alt-", &mut alt),
                ("shift-", &mut shift),
            ] {
                if rest.len() > prefix.len()
                    && rest.is_char_boundary(prefix.len())
                    && rest[..prefix.len()].eq_ignore_ascii_case(prefix)
                {
                    if *flag {
                        return Err(format!("'{text}' is not a key: {prefix} is given twice"));
                    }
                    *flag = true;
                    rest = &rest[prefix.len()..];
                    stripped = true;
                }
            }
            if !stripped {
                break;
            }
        }
        let mut chars = rest.chars();
        let name = match (chars.next(), chars.next()) {
            (Some(c), None) => {
                if c.is_control() {
                    return Err(error());
                }
                KeyName::Char(c)
            }
            _ => {
                let lower = rest.to_ascii_lowercase();
                if let Some((name, _)) = NAMES
                    .iter()
                    .find(|(_, spellings)| spellings.contains(&lower.as_str()))
                {
                    *name
                } else if let Some(n) = lower
                    .strip_prefix('f')
                    .and_then(|n| n.parse::<u8>().ok())
                    .filter(|n| (1..=MAX_F).contains(n))
                {
                    KeyName::F(n)
                } else {
                    return Err(error());
                }
            }
        };
        match name {
            KeyName::Char(c) if shift && c != ' ' => {
                if !c.is_alphabetic() {
                    return Err(format!(
                        "'{text}' is not a key: write the character shift gives instead \
                         (for example '?' rather than 'shift-/')"
                    ));
                }
                let upper = c.to_uppercase().next().unwrap_or(c);
                Ok(Key {
                    name: KeyName::Char(if ctrl { c.to_ascii_lowercase() } else { upper }),
                    ctrl,
                    alt,
                    shift: false,
                })
            }
            KeyName::Char(c) => Ok(Key {
                name: KeyName::Char(if ctrl { c.to_ascii_lowercase() } else { c }),
                ctrl,
                alt,
                shift: false,
            }),
            _ => Ok(Key {
                name,
                ctrl,
                alt,
                shift,
            }),
        }
    }
}

impl fmt::Display for Key {
    /// The canonical spelling: modifiers in the order ctrl, alt, shift, then the key.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.ctrl {
            f.write_str("ctrl-")?;
        }
        if self.alt {
            f.write_str("alt-")?;
        }
        if self.shift {
            f.write_str("shift-")?;
        }
        match self.name {
            KeyName::Char(c) if c != ' ' => write!(f, "{c}"),
            KeyName::F(n) => write!(f, "f{n}"),
            name => {
                let spelling = NAMES
                    .iter()
                    .find(|(n, _)| *n == name)
                    .map_or("?", |(_, spellings)| spellings[0]);
                f.write_str(spelling)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn key(s: &str) -> Key {
        s.parse().unwrap_or_else(|e| panic!("{e}"))
    }

    fn event(code: KeyCode, modifiers: KeyModifiers) -> KeyEvent {
        KeyEvent::new(code, modifiers)
    }

    #[test]
    fn the_examples_parse() {
        assert_eq!(key("ctrl-c"), Key::ctrl('c'));
        assert_eq!(
            key("shift-tab"),
            Key {
                shift: true,
                ..Key::plain(KeyName::Tab)
            }
        );
        assert_eq!(key("?"), Key::char('?'));
        assert_eq!(key("G"), Key::char('G'));
        assert_eq!(key("space"), Key::char(' '));
        assert_eq!(key("pgdn"), Key::plain(KeyName::PageDown));
        assert_eq!(key("PageDown"), Key::plain(KeyName::PageDown));
        assert_eq!(key("f5"), Key::plain(KeyName::F(5)));
        assert_eq!(key("-"), Key::char('-'));
        assert_eq!(key("ctrl--"), Key::ctrl('-'));
        assert_eq!(key("alt-x").to_string(), "alt-x");
    }

    #[test]
    fn shift_folds_into_characters() {
        assert_eq!(key("shift-g"), Key::char('G'));
        assert_eq!(key("SHIFT-g"), Key::char('G'));
        assert_eq!(key("ctrl-G"), Key::ctrl('g'));
        assert_eq!(key("ctrl-shift-g"), Key::ctrl('g'));
        assert_eq!(key("alt-shift-g"), key("alt-G"));
        assert_eq!(
            "shift-/".parse::<Key>().unwrap_err(),
            "'shift-/' is not a key: write the character shift gives instead (for example \
             '?' rather than 'shift-/')"
        );
    }

    #[test]
    fn bad_keys_say_what_was_expected() {
        assert_eq!(
            "ctl-x".parse::<Key>().unwrap_err(),
            format!("'ctl-x' is not a key: {KEY_SYNTAX}")
        );
        for bad in ["", "ctrl-", "f0", "f25", "pgdwn", "ab", "\t", "ctrl-ctrl-x"] {
            assert!(bad.parse::<Key>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn shift_question_mark_matches_question_mark() {
        let k = Key::from_event(&event(KeyCode::Char('?'), KeyModifiers::SHIFT));
        assert_eq!(k, Some(key("?")));
    }

    #[test]
    fn uppercase_with_shift_matches_the_uppercase_key() {
        let reported = Key::from_event(&event(KeyCode::Char('G'), KeyModifiers::SHIFT));
        assert_eq!(reported, Some(key("G")));
        // The kitty keyboard protocol reports the base key with SHIFT.
        let kitty = Key::from_event(&event(KeyCode::Char('g'), KeyModifiers::SHIFT));
        assert_eq!(kitty, Some(key("G")));
        let plain = Key::from_event(&event(KeyCode::Char('g'), KeyModifiers::NONE));
        assert_eq!(plain, Some(key("g")));
    }

    #[test]
    fn terminal_events_normalise() {
        let ctrl_c = Key::from_event(&event(KeyCode::Char('c'), KeyModifiers::CONTROL));
        assert_eq!(ctrl_c, Some(key("ctrl-c")));
        let ctrl_shift_c = Key::from_event(&event(
            KeyCode::Char('C'),
            KeyModifiers::CONTROL | KeyModifiers::SHIFT,
        ));
        assert_eq!(ctrl_shift_c, Some(key("ctrl-c")));
        let back_tab = Key::from_event(&event(KeyCode::BackTab, KeyModifiers::SHIFT));
        assert_eq!(back_tab, Some(key("shift-tab")));
        let shift_up = Key::from_event(&event(KeyCode::Up, KeyModifiers::SHIFT));
        assert_eq!(shift_up, Some(key("shift-up")));
        assert_eq!(
            Key::from_event(&event(KeyCode::F(5), KeyModifiers::NONE)),
            Some(key("f5"))
        );
        assert_eq!(
            Key::from_event(&event(KeyCode::CapsLock, KeyModifiers::NONE)),
            None
        );
        let mut release = event(KeyCode::Char('q'), KeyModifiers::NONE);
        assert!(Key::is_press(&release));
        release.kind = KeyEventKind::Release;
        assert!(!Key::is_press(&release));
    }

    fn any_key() -> impl Strategy<Value = Key> {
        let named = prop::sample::select(
            NAMES
                .iter()
                .map(|(n, _)| *n)
                .chain((1..=MAX_F).map(KeyName::F))
                .collect::<Vec<_>>(),
        );
        let printable = prop::char::range('!', '~').prop_map(KeyName::Char);
        let unicode = prop::sample::select(vec!['é', 'ß', '€', 'Ж']).prop_map(KeyName::Char);
        (
            prop_oneof![named, printable, unicode],
            any::<bool>(),
            any::<bool>(),
            any::<bool>(),
        )
            .prop_map(|(name, ctrl, alt, shift)| {
                let text = format!(
                    "{}{}{}{}",
                    if ctrl { "ctrl-" } else { "" },
                    if alt { "alt-" } else { "" },
                    if shift && !matches!(name, KeyName::Char(_)) {
                        "shift-"
                    } else {
                        ""
                    },
                    Key::plain(name)
                );
                text.parse::<Key>().unwrap_or_else(|e| panic!("{e}"))
            })
    }

    proptest! {
        #[test]
        fn keys_round_trip_through_their_spelling(k in any_key()) {
            let spelt = k.to_string();
            prop_assert_eq!(spelt.parse::<Key>(), Ok(k));
        }

        #[test]
        fn reported_characters_match_their_spelling(c in prop::char::range('!', '~'), shift: bool) {
            // Whatever SHIFT the terminal adds to a printable character, the key is the
            // character as typed.
            let modifiers = if shift { KeyModifiers::SHIFT } else { KeyModifiers::NONE };
            let reported = Key::from_event(&KeyEvent::new(KeyCode::Char(c), modifiers));
            let expected = if shift && c.is_ascii_lowercase() { c.to_ascii_uppercase() } else { c };
            prop_assert_eq!(reported, Some(Key::char(expected)));
        }
    }
}
