//! The chart pane's state (issue 20, point 4): shown or not, and which chart of the search's
//! list ([`crate::view::charts`]) comes first. The pane is drawn by
//! [`crate::tui::ui::chart`]; in the split view the first search's state holds for both.

use super::App;
use crate::tui::keymap::Action;
use crate::view::charts::ChartKind;

/// The chart pane: `None` hidden, `Some(i)` shown from the `i`-th chart of the list
/// (taken modulo its length, since the list differs between algorithms).
pub type ChartState = Option<usize>;

/// Applies [`Action::ToggleChart`] or [`Action::NextChart`] to the main screen's pane.
pub fn update(app: &mut App, action: Action) {
    let kinds = app.session.chart_kinds();
    update_with(app, action, &kinds);
}

/// The charts the split view draws: those both searches have as lines over the steps, so
/// one chart can hold both curves.
pub fn split_kinds(first: &App, second: &App) -> Vec<ChartKind> {
    ChartKind::shared(&first.session.chart_kinds(), &second.session.chart_kinds())
}

/// Applies the action with the list of charts on screen.
pub fn update_with(app: &mut App, action: Action, kinds: &[ChartKind]) {
    let title = |i: usize| {
        kinds
            .get(i % kinds.len().max(1))
            .map_or("none", |k| k.title())
    };
    match (action, app.chart) {
        (Action::ToggleChart, Some(_)) => {
            app.chart = None;
            app.message = Some("chart pane closed".to_string());
        }
        (Action::ToggleChart, None) => {
            app.chart = Some(0);
            app.message = Some(format!(
                "chart pane: {} ({} for the next chart)",
                title(0),
                key_of(app, Action::NextChart)
            ));
        }
        (_, None) => {
            app.message = Some(format!(
                "the chart pane is closed ({} opens it)",
                key_of(app, Action::ToggleChart)
            ));
        }
        (_, Some(i)) => {
            let next = (i + 1) % kinds.len().max(1);
            app.chart = Some(next);
            app.message = Some(format!("chart: {}", title(next)));
        }
    }
}

fn key_of(app: &App, action: Action) -> String {
    app.keymap
        .keys(action)
        .first()
        .map_or(action.name().to_string(), |k| k.to_string())
}
