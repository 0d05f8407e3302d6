//! Bookmarks on steps: `M` marks the current step of the replay (or
//! removes its mark), `'` jumps forward to the next marked step and `"` back to the
//! previous one, wrapping around, so a teacher can prepare the moments of a search to come
//! back to (the cutoff of the AND/OR textbook, *Searching game trees*, figure 6.23, the proof of a
//! root). The status line says which mark the step is and how many there are ([`Bookmarks::note`]).
//! Marks belong to one record: a new search clears them.

use std::collections::BTreeSet;

use super::App;

/// The bookmarked steps, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Bookmarks {
    steps: BTreeSet<usize>,
}

impl Bookmarks {
    /// The marked steps, in order.
    pub fn steps(&self) -> Vec<usize> {
        self.steps.iter().copied().collect()
    }

    /// Forgets every mark (a new record).
    pub fn clear(&mut self) {
        self.steps.clear();
    }

    /// Marks `step`, or removes its mark; true when it is marked now.
    pub fn toggle(&mut self, step: usize) -> bool {
        if self.steps.remove(&step) {
            false
        } else {
            self.steps.insert(step);
            true
        }
    }

    /// The next marked step after `step` (`forward`) or before it, wrapping around;
    /// `None` without marks other than `step`.
    pub fn next(&self, step: usize, forward: bool) -> Option<usize> {
        let found = if forward {
            self.steps
                .range(step + 1..)
                .next()
                .or_else(|| self.steps.iter().next())
        } else {
            self.steps
                .range(..step)
                .next_back()
                .or_else(|| self.steps.iter().next_back())
        };
        found.copied().filter(|&s| s != step)
    }

    /// For the status line: `mark 2/3` at a marked step, `3 marks` elsewhere, `None`
    /// without marks.
    pub fn note(&self, step: usize) -> Option<String> {
        if self.steps.is_empty() {
            return None;
        }
        let n = self.steps.len();
        Some(match self.steps.iter().position(|&s| s == step) {
            Some(i) => format!("mark {}/{n}", i + 1),
            None if n == 1 => "1 mark".to_string(),
            None => format!("{n} marks"),
        })
    }
}

/// `M`: marks the current step, or removes its mark.
pub fn toggle(app: &mut App) {
    let step = app.session.step();
    let marked = app.bookmarks.toggle(step);
    let list: Vec<String> = app
        .bookmarks
        .steps()
        .iter()
        .map(|s| s.to_string())
        .collect();
    app.message = Some(if marked {
        format!("step {step} bookmarked; marks at steps {}", list.join(", "))
    } else if list.is_empty() {
        format!("bookmark at step {step} removed; no marks left")
    } else {
        format!(
            "bookmark at step {step} removed; marks at steps {}",
            list.join(", ")
        )
    });
}

/// `'` / `"`: to the next (previous) marked step, wrapping around.
pub fn jump(app: &mut App, forward: bool) {
    let step = app.session.step();
    match app.bookmarks.next(step, forward) {
        Some(target) => {
            app.session.seek(target);
            app.after_step();
            if app.session.current().is_none() {
                app.selected = None;
            }
            let note = app.bookmarks.note(target).unwrap_or_default();
            app.message = Some(format!("step {target} ({note})"));
        }
        None if app.bookmarks.steps().is_empty() => {
            app.message = Some("no bookmarks yet (M marks the current step)".to_string());
        }
        None => app.message = Some("no other bookmark".to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_toggle_and_wrap_both_ways() {
        let mut b = Bookmarks::default();
        assert_eq!(b.next(5, true), None);
        assert!(b.toggle(3));
        assert!(b.toggle(10));
        assert_eq!(b.next(5, true), Some(10));
        assert_eq!(b.next(10, true), Some(3));
        assert_eq!(b.next(3, false), Some(10));
        assert_eq!(b.next(5, false), Some(3));
        assert_eq!(b.note(10).as_deref(), Some("mark 2/2"));
        assert_eq!(b.note(4).as_deref(), Some("2 marks"));
        assert!(!b.toggle(3));
        assert_eq!(b.next(10, true), None);
        assert_eq!(b.steps(), vec![10]);
    }
}
