//! The chart pane's state: shown or not, and which chart of the search's
//! list ([`crate::view::charts`]) comes first. The pane is drawn by
//! [`crate::tui::ui::chart`]; in the split view the first search's state holds for both.

use super::App;
use crate::tui::keymap::Action;
use crate::view::charts::SplitChart;

/// The chart pane: `None` hidden, `Some(i)` shown from the `i`-th chart of the list
/// (taken modulo its length, since the list differs between algorithms).
pub type ChartState = Option<usize>;

/// Applies [`Action::ToggleChart`] or [`Action::NextChart`] to the main screen's pane.
pub fn update(app: &mut App, action: Action) {
    let titles: Vec<String> = app
        .session
        .chart_kinds()
        .iter()
        .map(|k| k.title().to_string())
        .collect();
    update_with(app, action, &titles);
}

/// The charts the split view draws: each line of a line chart both searches have, drawn for
/// both ([`SplitChart`]).
pub fn split_charts(first: &App, second: &App) -> Vec<SplitChart> {
    SplitChart::list(&first.session.chart_kinds(), &second.session.chart_kinds())
}

/// Applies the action with the titles of the charts on screen, in cycling order.
pub fn update_with(app: &mut App, action: Action, titles: &[String]) {
    let title = |i: usize| {
        titles
            .get(i % titles.len().max(1))
            .map_or("none", String::as_str)
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
            let next = (i + 1) % titles.len().max(1);
            app.chart = Some(next);
            app.message = Some(format!(
                "chart pane: {} ({} for the next chart)",
                title(next),
                key_of(app, Action::NextChart)
            ));
        }
    }
}

fn key_of(app: &App, action: Action) -> String {
    app.keymap
        .keys(action)
        .first()
        .map_or(action.name().to_string(), |k| k.to_string())
}
