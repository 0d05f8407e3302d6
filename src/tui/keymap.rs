//! The keymap: which keys trigger which [`Action`], as data.
//!
//! Keys map to an `Action` enum through a keymap; the default keymap is a TOML file compiled in
//! (`keymaps/default.toml`), and the user's `keymap.toml` in the configuration directory rebinds
//! actions. Every action has a description, and the help overlay and the footer are generated from
//! the bindings ([`Keymap::help_rows`], [`Keymap::footer`]), so help is never written by hand.
//!
//! Rules: an action listed in the user's file gets exactly the keys listed there (`[]`
//! unbinds it); a key bound to two actions is an error naming both; `ctrl-c` always quits
//! ([`Action::QuitNow`]) and cannot be rebound; only key presses and auto-repeats act, not
//! releases. Matching compares characters, not the SHIFT modifier (see [`key`]).

pub mod action;
pub mod key;

use std::ops::Range;
use std::path::Path;

use ratatui::crossterm::event::KeyEvent;
use toml::de::DeValue;

use crate::theme::config_file::{
    self, ConfigError, Source, did_you_mean, entries_in_file_order, type_phrase,
};

pub use action::{Action, Group};
pub use key::{Key, KeyName};

/// The bundled default keymap.
pub const DEFAULT_KEYMAP: &str = include_str!("../../keymaps/default.toml");

/// The file name of the user's keymap in the configuration directory.
pub const USER_KEYMAP_FILE: &str = "keymap.toml";

/// The key that always quits.
pub const CTRL_C: Key = Key::ctrl('c');

/// The key that always suspends the explorer (the shell's job control; `fg` resumes).
pub const CTRL_Z: Key = Key::ctrl('z');

/// Keys bound to actions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Keymap {
    /// Keys per action, in the order the file lists them (index: [`Action::index`]).
    keys: Vec<Vec<Key>>,
    /// Every binding, sorted by key, for lookup.
    bindings: Vec<(Key, Action)>,
}

/// One line of the help overlay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HelpRow {
    /// The group heading it belongs under.
    pub group: Group,
    /// The action.
    pub action: Action,
    /// Its keys, as a user would type them in a keymap file, e.g. `"space, ]"`.
    pub keys: String,
    /// What it does.
    pub description: &'static str,
}

/// One entry of the footer: a key and a word or two.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FooterItem {
    /// The action.
    pub action: Action,
    /// Its first key.
    pub key: String,
    /// A short label.
    pub label: &'static str,
}

/// Keys as one file lists them for an action, with where each was written.
type SpannedKeys = Vec<(Key, Range<usize>)>;

/// Where a binding came from, to explain a conflict.
#[derive(Clone)]
enum Origin {
    /// This file, at this span.
    Here(Range<usize>),
    /// The keymap the file modifies.
    Base,
}

impl Keymap {
    /// The bundled default keymap.
    pub fn bundled() -> Result<Keymap, ConfigError> {
        Keymap::read(
            Source {
                file: "keymaps/default.toml",
                text: DEFAULT_KEYMAP,
            },
            None,
        )
    }

    /// This keymap with the rebindings of a user file applied. `file` names the file in
    /// messages.
    pub fn with_overrides(&self, file: &str, text: &str) -> Result<Keymap, ConfigError> {
        Keymap::read(Source { file, text }, Some(self))
    }

    /// This keymap with the rebindings of the file at `path` applied.
    pub fn with_file(&self, path: &Path) -> Result<Keymap, ConfigError> {
        let text = config_file::read(path)?;
        self.with_overrides(&path.display().to_string(), &text)
    }

    /// The default keymap with the user's `keymap.toml` from `config_dir` applied, if there
    /// is one.
    pub fn load(config_dir: Option<&Path>) -> Result<Keymap, ConfigError> {
        let keymap = Keymap::bundled()?;
        let Some(path) = config_dir.map(|d| d.join(USER_KEYMAP_FILE)) else {
            return Ok(keymap);
        };
        match config_file::read_optional(&path)? {
            Some(text) => keymap.with_overrides(&path.display().to_string(), &text),
            None => Ok(keymap),
        }
    }

    /// The action a terminal key event asks for: `None` for releases and unbound keys.
    /// Ctrl-C is always [`Action::QuitNow`].
    pub fn action(&self, event: &KeyEvent) -> Option<Action> {
        if !Key::is_press(event) {
            return None;
        }
        self.action_for_key(Key::from_event(event)?)
    }

    /// The action bound to a key.
    pub fn action_for_key(&self, key: Key) -> Option<Action> {
        if key == CTRL_C {
            return Some(Action::QuitNow);
        }
        self.bindings
            .binary_search_by_key(&key, |&(k, _)| k)
            .ok()
            .map(|i| self.bindings[i].1)
    }

    /// The keys bound to an action, in file order.
    pub fn keys(&self, action: Action) -> &[Key] {
        &self.keys[action.index()]
    }

    /// The help overlay's rows: every bound action with its keys and description, group by
    /// group in [`Action::ALL`] order.
    pub fn help_rows(&self) -> Vec<HelpRow> {
        Action::ALL
            .iter()
            .filter(|&&a| !self.keys(a).is_empty())
            .map(|&action| HelpRow {
                group: action.group(),
                action,
                keys: self
                    .keys(action)
                    .iter()
                    .map(Key::to_string)
                    .collect::<Vec<_>>()
                    .join(", "),
                description: action.description(),
            })
            .collect()
    }

    /// The footer's short list: the first key of each action that has a footer label and a
    /// key.
    pub fn footer(&self) -> Vec<FooterItem> {
        Action::ALL
            .iter()
            .filter_map(|&action| {
                let label = action.footer_label()?;
                let key = self.keys(action).first()?;
                Some(FooterItem {
                    action,
                    key: key.to_string(),
                    label,
                })
            })
            .collect()
    }

    /// Reads a keymap file on top of `base` (`None`: the file is the whole keymap).
    fn read(source: Source<'_>, base: Option<&Keymap>) -> Result<Keymap, ConfigError> {
        let table = source.parse()?;
        let mut listed: Vec<Option<SpannedKeys>> = vec![None; Action::COUNT];
        for (name_key, value) in entries_in_file_order(&table) {
            let name: &str = name_key.get_ref();
            let Some(action) = Action::from_name(name) else {
                return Err(source.error(
                    name_key.span(),
                    format!(
                        "unknown action '{name}'{}",
                        did_you_mean(name, Action::ALL.iter().map(|a| a.name()))
                    ),
                ));
            };
            if action == Action::QuitNow {
                return Err(source.error(
                    name_key.span(),
                    "'quit_now' is always ctrl-c and cannot be rebound",
                ));
            }
            let items: Vec<&toml::Spanned<DeValue<'_>>> = match value.get_ref() {
                DeValue::String(_) => vec![value],
                DeValue::Array(items) => items.iter().collect(),
                other => {
                    return Err(source.error(
                        value.span(),
                        format!(
                            "'{name}' should be a key or a list of keys like [\"k\", \"up\"], not {}",
                            type_phrase(other)
                        ),
                    ));
                }
            };
            let mut keys: SpannedKeys = Vec::new();
            for item in items {
                let Some(text) = item.get_ref().as_str() else {
                    return Err(source.error(
                        item.span(),
                        format!(
                            "expected a key as a string, not {}",
                            type_phrase(item.get_ref())
                        ),
                    ));
                };
                let key: Key = text.parse().map_err(|m| source.error(item.span(), m))?;
                if key == CTRL_C {
                    return Err(source.error(
                        item.span(),
                        format!("ctrl-c always quits and cannot be bound to '{name}'"),
                    ));
                }
                if keys.iter().any(|(k, _)| *k == key) {
                    return Err(
                        source.error(item.span(), format!("'{key}' is listed twice for '{name}'"))
                    );
                }
                keys.push((key, item.span()));
            }
            listed[action.index()] = Some(keys);
        }

        // The final bindings: the file's for the actions it lists, the base's for the rest.
        let mut bound: Vec<(Key, Action, Origin)> = Vec::new();
        for &action in Action::ALL {
            match &listed[action.index()] {
                Some(keys) => bound.extend(
                    keys.iter()
                        .map(|(k, span)| (*k, action, Origin::Here(span.clone()))),
                ),
                None => {
                    if let Some(base) = base {
                        bound.extend(
                            base.keys(action)
                                .iter()
                                .filter(|&&k| k != CTRL_C)
                                .map(|&k| (k, action, Origin::Base)),
                        );
                    }
                }
            }
        }
        Keymap::check_conflicts(source, &bound, base)?;

        let mut keys: Vec<Vec<Key>> = vec![Vec::new(); Action::COUNT];
        for (key, action, _) in &bound {
            keys[action.index()].push(*key);
        }
        keys[Action::QuitNow.index()] = vec![CTRL_C];
        let mut bindings: Vec<(Key, Action)> = bound.iter().map(|(k, a, _)| (*k, *a)).collect();
        bindings.sort();
        Ok(Keymap { keys, bindings })
    }

    /// A key bound to two actions is an error at the binding this file made (the later one
    /// when both are in the file).
    fn check_conflicts(
        source: Source<'_>,
        bound: &[(Key, Action, Origin)],
        base: Option<&Keymap>,
    ) -> Result<(), ConfigError> {
        let mut first_conflict: Option<(usize, ConfigError)> = None;
        for (key, action, origin) in bound {
            let Origin::Here(span) = origin else {
                continue;
            };
            for (other_key, other_action, other_origin) in bound {
                if other_key != key || other_action == action {
                    continue;
                }
                let error = match other_origin {
                    Origin::Here(other_span) if other_span.start < span.start => {
                        let (line, _) = config_file::line_column(source.text, other_span.start);
                        source.error(
                            span.clone(),
                            format!(
                                "'{key}' is bound to both '{action}' and '{other_action}' (line {line})"
                            ),
                        )
                    }
                    Origin::Here(_) => continue,
                    Origin::Base => {
                        let remaining: Vec<String> = base
                            .map(|b| b.keys(*other_action))
                            .unwrap_or_default()
                            .iter()
                            .filter(|k| *k != key)
                            .map(|k| format!("\"{k}\""))
                            .collect();
                        let advice = if remaining.is_empty() {
                            format!("bind '{other_action}' to another key too")
                        } else {
                            format!(
                                "rebind '{other_action}' too, e.g. {other_action} = [{}]",
                                remaining.join(", ")
                            )
                        };
                        source.error(
                            span.clone(),
                            format!(
                                "'{key}' is bound to both '{action}' and '{other_action}' \
                                 (default keymap); {advice}"
                            ),
                        )
                    }
                };
                if first_conflict
                    .as_ref()
                    .is_none_or(|(at, _)| span.start < *at)
                {
                    first_conflict = Some((span.start, error));
                }
            }
        }
        match first_conflict {
            Some((_, error)) => Err(error),
            None => Ok(()),
        }
    }
}

impl Default for Keymap {
    /// The bundled default keymap (checked by tests, so this cannot fail).
    fn default() -> Keymap {
        Keymap::bundled().expect("the bundled default keymap parses")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::crossterm::event::{KeyCode, KeyEventKind, KeyModifiers};

    fn key(s: &str) -> Key {
        s.parse().unwrap()
    }

    #[test]
    fn the_default_keymap_binds_every_action() {
        let keymap = Keymap::bundled().unwrap_or_else(|e| panic!("{e}"));
        for &action in Action::ALL {
            assert!(!keymap.keys(action).is_empty(), "{action} has no key");
        }
        assert_eq!(keymap.keys(Action::QuitNow), &[CTRL_C]);
    }

    #[test]
    fn the_task_keys_are_where_users_expect_them() {
        let keymap = Keymap::default();
        let expect = [
            ("up", Action::Up),
            ("k", Action::Up),
            ("j", Action::Down),
            ("h", Action::Parent),
            ("l", Action::FirstChild),
            ("space", Action::StepForward),
            ("]", Action::StepForward),
            ("[", Action::StepBack),
            ("home", Action::StepStart),
            ("end", Action::StepEnd),
            ("p", Action::PlayPause),
            ("+", Action::Faster),
            ("-", Action::Slower),
            ("?", Action::ToggleHelp),
            ("q", Action::Quit),
            ("n", Action::StepNextCutoff),
            ("N", Action::StepPreviousCutoff),
            ("G", Action::StepEnd),
            ("ctrl-c", Action::QuitNow),
        ];
        for (k, action) in expect {
            assert_eq!(keymap.action_for_key(key(k)), Some(action), "{k}");
        }
        assert_eq!(keymap.action_for_key(key("f12")), None);
    }

    /// SHIFT-marked characters and Ctrl-C are pinned in tests/integration/theme_files.rs
    /// (`keys_match_the_character_not_the_shift_modifier`); here, what that test leaves out:
    /// a lower-case letter that differs from its upper-case binding, and key releases.
    #[test]
    fn terminal_events_find_their_actions() {
        let keymap = Keymap::default();
        let press = |code, modifiers| keymap.action(&KeyEvent::new(code, modifiers));
        assert_eq!(
            press(KeyCode::Char('g'), KeyModifiers::NONE),
            Some(Action::StepStart)
        );
        let mut release = KeyEvent::new(KeyCode::Char('q'), KeyModifiers::NONE);
        release.kind = KeyEventKind::Release;
        assert_eq!(keymap.action(&release), None);
    }

    #[test]
    fn overrides_replace_an_actions_keys() {
        let keymap = Keymap::default()
            .with_overrides(
                "k.toml",
                "step_forward = [\"f\"]\nquit = \"ctrl-q\"\nredraw = []\n",
            )
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(keymap.keys(Action::StepForward), &[key("f")]);
        assert_eq!(keymap.action_for_key(key("space")), None);
        assert_eq!(keymap.action_for_key(key("ctrl-q")), Some(Action::Quit));
        assert_eq!(keymap.action_for_key(key("q")), None);
        assert!(keymap.keys(Action::Redraw).is_empty());
        // Untouched actions keep their keys, and ctrl-c still quits.
        assert_eq!(keymap.action_for_key(key("j")), Some(Action::Down));
        assert_eq!(keymap.action_for_key(CTRL_C), Some(Action::QuitNow));
        assert!(
            keymap
                .help_rows()
                .iter()
                .all(|r| r.action != Action::Redraw)
        );
    }

    #[test]
    fn taking_a_default_key_means_rebinding_its_action() {
        let err = Keymap::default()
            .with_overrides("k.toml", "step_forward = [\"space\", \"j\"]\n")
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "k.toml:1:26: 'j' is bound to both 'step_forward' and 'down' (default keymap); \
             rebind 'down' too, e.g. down = [\"down\"]"
        );
        let ok = Keymap::default()
            .with_overrides(
                "k.toml",
                "step_forward = [\"space\", \"j\"]\ndown = [\"down\"]\n",
            )
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(ok.action_for_key(key("j")), Some(Action::StepForward));
    }

    #[test]
    fn help_and_footer_come_from_the_bindings() {
        let keymap = Keymap::default();
        let rows = keymap.help_rows();
        assert_eq!(rows.len(), Action::COUNT);
        let step = rows
            .iter()
            .find(|r| r.action == Action::StepForward)
            .unwrap();
        assert_eq!(step.keys, "space, ]");
        assert_eq!(step.description, "one event forward");
        assert_eq!(step.group, Group::Step);
        let quit_now = rows.iter().find(|r| r.action == Action::QuitNow).unwrap();
        assert_eq!(quit_now.keys, "ctrl-c");
        let footer: Vec<String> = keymap
            .footer()
            .iter()
            .map(|f| format!("{} {}", f.key, f.label))
            .collect();
        assert_eq!(
            footer,
            [
                "space step",
                "[ back",
                "n next cutoff",
                "p play",
                "? help",
                "ctrl-o puzzles",
                "q quit"
            ]
        );
    }
}
