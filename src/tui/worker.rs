//! The explorer's side of a running search: [`start`] picks the game once and runs the spec
//! on the run layer's worker thread ([`crate::run::worker`]), turning its reports into the
//! explorer's messages ([`Msg`]) on the same channel as the keys, so the explorer waits on
//! one receiver; what it gets back is the game-erased [`Session`] over the growing trace
//! ([`crate::view`]).

use std::sync::mpsc::Sender;

use ratatui::crossterm::event::KeyEvent;

use crate::games::any::AnyGame;
use crate::puzzle::Puzzle;
use crate::run::progress::Progress;
use crate::run::spec::SearchSpec;
use crate::run::worker::{self, Report};
use crate::view::board::{BoardGame, BoardVisitor, with_board_game};
use crate::view::game_session::GameSession;
use crate::view::session::Session;

/// Everything the explorer's loop waits for, on one channel.
#[derive(Clone, Debug, PartialEq)]
pub enum Msg {
    /// A key press.
    Key(KeyEvent),
    /// The terminal changed size.
    Resize,
    /// Reading the terminal failed: the explorer cannot take keys any more and stops.
    InputLost(String),
    /// The running search's progress.
    Progress(Progress),
    /// The search with this id is over.
    Done { id: u64, summary: String },
}

/// Starts the search of `puzzle` on its own thread; progress and the end go to `tx`
/// tagged with `id`.
pub fn start(puzzle: &Puzzle, spec: SearchSpec, id: u64, tx: Sender<Msg>) -> Box<dyn Session> {
    struct Start {
        spec: SearchSpec,
        id: u64,
        tx: Sender<Msg>,
    }
    impl BoardVisitor for Start {
        type Output = Box<dyn Session>;
        fn visit<G: BoardGame + AnyGame>(self, game: &G) -> Box<dyn Session> {
            start_game(game.clone(), self.spec, self.id, self.tx)
        }
    }
    with_board_game(&puzzle.position, Start { spec, id, tx })
}

/// The session of a saved run (`crate::run::saved`): its record (the split view's second
/// search's when `second`), decoded for `puzzle`'s game, with nothing searching.
pub fn reopen(
    puzzle: &Puzzle,
    spec: &SearchSpec,
    run: &crate::run::saved::SavedRun,
    second: bool,
) -> Result<Box<dyn Session>, crate::run::saved::SavedRunError> {
    struct Reopen<'a> {
        spec: &'a SearchSpec,
        run: &'a crate::run::saved::SavedRun,
        second: bool,
    }
    impl BoardVisitor for Reopen<'_> {
        type Output = Result<Box<dyn Session>, crate::run::saved::SavedRunError>;
        fn visit<G: BoardGame + AnyGame>(self, game: &G) -> Self::Output {
            reopen_game(game.clone(), self.spec, self.run, self.second)
        }
    }
    with_board_game(&puzzle.position, Reopen { spec, run, second })
}

fn reopen_game<G: BoardGame + Send + 'static>(
    root: G,
    spec: &SearchSpec,
    run: &crate::run::saved::SavedRun,
    second: bool,
) -> Result<Box<dyn Session>, crate::run::saved::SavedRunError> {
    let (trace, unrecorded) = if second {
        let Some(trace) = run.second_trace::<G::Move>() else {
            return Err(crate::run::saved::SavedRunError {
                file: run.file().to_string(),
                message: "the run has no second search".to_string(),
            });
        };
        let unrecorded = run.header.second.as_ref().map_or(0, |s| s.unrecorded);
        (trace?, unrecorded)
    } else {
        (run.trace::<G::Move>()?, run.header.unrecorded)
    };
    let live = crate::trace::live::LiveTrace::finished(trace);
    live.set_unrecorded(unrecorded);
    Ok(GameSession::over_with(
        root,
        std::sync::Arc::new(live),
        spec.config,
    ))
}

/// Runs `spec` from `root` on the worker thread; its reports arrive on `tx` as [`Msg`]s.
fn start_game<G: BoardGame + Send + 'static>(
    root: G,
    spec: SearchSpec,
    id: u64,
    tx: Sender<Msg>,
) -> Box<dyn Session> {
    let config = spec.config;
    let live = worker::spawn(root.clone(), spec, id, move |report| {
        let msg = match report {
            Report::Progress(p) => Msg::Progress(p),
            Report::Done(summary) => Msg::Done { id, summary },
        };
        tx.send(msg).is_ok()
    });
    GameSession::over_with(root, live, config)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Player;
    use crate::search::{Algorithm, Limits};
    use crate::trace::recorder::RecordConfig;
    use crate::trace::store::EventKind;
    use crate::view::session::{BoardOptions, BoardView};
    use std::sync::mpsc::channel;
    use std::time::Duration;

    fn run_to_end(name: &str) -> (Box<dyn Session>, Vec<Msg>) {
        let puzzle = crate::puzzle::load(name).unwrap();
        let (tx, rx) = channel();
        let spec = SearchSpec::for_puzzle(&puzzle, None, RecordConfig::DEFAULT_BUDGET);
        let session = start(&puzzle, spec, 7, tx);
        let mut msgs = Vec::new();
        for msg in rx.iter() {
            let done = matches!(msg, Msg::Done { .. });
            msgs.push(msg);
            if done {
                break;
            }
        }
        (session, msgs)
    }

    #[test]
    fn textbook_tree_records_and_reports() {
        let (mut session, msgs) = run_to_end("tree-abc");
        assert!(session.finished());
        let Some(Msg::Done { id, summary }) = msgs.last() else {
            panic!("no Done message: {msgs:?}");
        };
        assert_eq!(*id, 7);
        assert!(summary.contains("value 3"), "{summary}");
        let Some(Msg::Progress(p)) = msgs.iter().rev().nth(1) else {
            panic!("no final progress: {msgs:?}");
        };
        // a, b, c, d and the leaves searched: 3 under b, 1 under c, 3 under d.
        assert_eq!(p.nodes, 11);
        assert_eq!(p.best_move.as_deref(), Some("b"));

        assert!(session.seek_kind(EventKind::Cutoff, true));
        let node = session.current().unwrap();
        let detail = session.detail(node);
        assert_eq!(detail.path, vec!["c".to_string()]);
        assert_eq!(
            detail.cutoff.as_deref(),
            Some("alpha cutoff: value -2 >= beta -3: 2 moves skipped (c2 c3)")
        );
    }

    #[test]
    fn a_lambda_search_reports_its_level_and_winning_move() {
        let mut puzzle = crate::puzzle::load("mnk-4x4-k4-corners").unwrap();
        // Thomsen's figure: depth 7, level 2 (pinned here, whatever the file's defaults).
        puzzle.limits.max_depth = Some(7);
        puzzle.limits.max_level = Some(2);
        let (tx, rx) = channel();
        let spec = SearchSpec::for_puzzle(&puzzle, Some(Algorithm::Lambda), 100_000);
        assert_eq!(spec.config.lambda.max_level, 2, "the puzzle's [limits]");
        let _session = start(&puzzle, spec, 5, tx);
        let msgs: Vec<Msg> = rx
            .iter()
            .take_while(|m| !matches!(m, Msg::Done { .. }))
            .collect();
        let Some(Msg::Progress(last)) = msgs.last() else {
            panic!("no progress: {msgs:?}");
        };
        assert_eq!(last.best_move.as_deref(), Some("c2"));
        assert!(last.nodes > 0);
    }

    #[test]
    fn board_of_a_stone_game_follows_the_line() {
        let (mut session, _) = run_to_end("tictactoe");
        session.seek(session.len());
        let root = session.roots()[0];
        let child = session.children(root)[0];
        match session.board(Some(child), BoardOptions::default()) {
            BoardView::Stones {
                cells, last_move, ..
            } => {
                let last = last_move.expect("a move reached the child") as usize;
                assert_eq!(cells.iter().filter(|c| c.is_some()).count(), 1);
                assert_eq!(cells[last], Some(Player::Black));
            }
            other => panic!("expected stones, got {other:?}"),
        }
    }

    #[test]
    fn progress_arrives_a_few_times_a_second_while_searching() {
        let puzzle = crate::puzzle::load("mnk-7x7-k4").unwrap();
        let (tx, rx) = channel();
        let mut spec = SearchSpec::for_puzzle(&puzzle, Some(Algorithm::IterativeDeepening), 50_000);
        spec.limits = Limits {
            time: Some(Duration::from_millis(1200)),
            ..Limits::default()
        };
        let _session = start(&puzzle, spec, 3, tx);
        let mut progress = Vec::new();
        for msg in rx.iter() {
            match msg {
                Msg::Progress(p) => progress.push(p),
                Msg::Done { id, .. } => {
                    assert_eq!(id, 3);
                    break;
                }
                other => panic!("unexpected {other:?}"),
            }
        }
        // 1.2 s at one report per 250 ms, plus the final one.
        assert!(progress.len() >= 3, "{} reports", progress.len());
        assert!(progress.iter().all(|p| p.id == 3));
        assert!(progress.windows(2).all(|w| w[0].nodes <= w[1].nodes));
        let last = progress.last().unwrap();
        assert!(last.estimated, "a 50,000-event record fills in 1.2 s");
        assert!(last.depth.is_some() && last.best_move.is_some(), "{last:?}");
    }

    #[test]
    fn cancel_stops_a_long_search() {
        let puzzle = crate::puzzle::load("mnk-7x7-k4").unwrap();
        let (tx, rx) = channel();
        let mut spec = SearchSpec::for_puzzle(&puzzle, Some(Algorithm::IterativeDeepening), 10_000);
        spec.limits = Limits::default();
        let session = start(&puzzle, spec, 1, tx);
        session.cancel();
        let done = rx
            .iter()
            .find(|m| matches!(m, Msg::Done { .. }))
            .expect("the search ends");
        let Msg::Done { summary, .. } = done else {
            unreachable!()
        };
        assert!(summary.contains("stopped"), "{summary}");
        assert!(session.finished());
    }
}
