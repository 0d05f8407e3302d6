//! Playing against an engine from any position: the user's moves
//! by cursor and enter on a stone board, or typed in the game's notation (`:` then the
//! move: checkers `c3-d4`, Gobblet as the game prints its moves), the engine's answers from
//! any algorithm with a node limit.
//!
//! The engine runs on a thread of its own and hands its move back on a channel that
//! [`Play::poll`] reads at every tick of the explorer, so the terminal is never blocked.
//! Its move comes from [`crate::run::solve::solve_puzzle`] on the current position; when the
//! chosen search gives no move (a proof search that did not prove the goal, a threat search
//! on a game without a pass, a tree with numeric leaves for the proof family), iterative
//! deepening with the same node limit chooses, and the note says so; as a last resort the
//! first legal move. Every move, the user's and the engine's, is checked by the game's own
//! `parse_move` before it is played. Undo takes back to the user's previous turn (an
//! engine still thinking is abandoned: its answer is ignored).

use std::sync::mpsc::{Receiver, TryRecvError, channel};

use crate::game::{MoveList, Outcome, Player, point_name};
use crate::games::any::{AnyGame, GameVisitor, GameVisitorMut};
use crate::puzzle::{Position, Puzzle, PuzzleLimits};
use crate::run::solve::solve_puzzle;
use crate::run::spec::SearchSpec;
use crate::run::stack;
use crate::search::Algorithm;

/// Plays the move `text` (the game's notation) if it is legal here; returns it as the game
/// writes it.
pub fn play_text(position: &mut Position, text: &str) -> Result<String, String> {
    struct PlayText<'a>(&'a str);
    impl GameVisitorMut for PlayText<'_> {
        type Output = Result<String, String>;
        fn visit<G: AnyGame>(self, game: &mut G) -> Self::Output {
            let mv = game.parse_move(self.0.trim())?;
            let name = game.format_move(mv);
            game.play(mv);
            Ok(name)
        }
    }
    position.with_game_mut(PlayText(text))
}

/// The game's end, if it is over.
pub fn outcome(position: &Position) -> Option<Outcome> {
    struct Over;
    impl GameVisitor for Over {
        type Output = Option<Outcome>;
        fn visit<G: AnyGame>(self, game: &G) -> Option<Outcome> {
            game.outcome()
        }
    }
    position.with_game(Over)
}

/// The legal moves in the game's notation.
pub fn legal_moves(position: &Position) -> Vec<String> {
    struct Legal;
    impl GameVisitor for Legal {
        type Output = Vec<String>;
        fn visit<G: AnyGame>(self, game: &G) -> Vec<String> {
            let mut list = MoveList::new();
            game.legal_moves(&mut list);
            list.iter().map(|&m| game.format_move(m)).collect()
        }
    }
    position.with_game(Legal)
}

/// The position after the moves of `line`, played from `start`.
pub fn replay(start: &Position, line: &[String]) -> Result<Position, String> {
    let mut position = start.clone();
    for (i, mv) in line.iter().enumerate() {
        play_text(&mut position, mv).map_err(|e| format!("move {} ({mv}): {e}", i + 1))?;
    }
    Ok(position)
}

/// The end of a game in words.
pub fn outcome_text(outcome: Outcome) -> String {
    match outcome {
        Outcome::Win(p) => format!("game over: {p} wins"),
        Outcome::Draw => "game over: a draw".to_string(),
        Outcome::Score(v) => format!("game over: a leaf of value {v}"),
    }
}

/// What the engine sends back: its move and how it found it, or why it has none.
type Reply = Result<(String, String), String>;

/// Finds the engine's move in `position` (run on the engine's thread).
pub fn engine_move(position: &Position, algorithm: Algorithm, nodes: u64) -> Reply {
    let ask = |algorithm: Algorithm| {
        let puzzle = Puzzle {
            name: "play".into(),
            title: "play".into(),
            position: position.clone(),
            algorithm: Some(algorithm),
            limits: PuzzleLimits {
                nodes: Some(nodes),
                ..PuzzleLimits::default()
            },
            expect: None,
            draw_counts_for_attacker: false,
        };
        let mut options = SearchSpec::headless(&puzzle, algorithm);
        options.set_table_mb(16);
        options.root_analysis = false;
        match solve_puzzle(&puzzle, &options) {
            Ok(report) => match report.best_move {
                Some(mv) => Ok((
                    mv,
                    format!(
                        "{algorithm}: {}{}, {}",
                        report.result,
                        report.plies.map_or(String::new(), |p| format!(
                            " in {}",
                            crate::search::plies(p as u64)
                        )),
                        crate::search::count(report.nodes, "node", "nodes")
                    ),
                )),
                None => Err(format!("{algorithm} found no move ({})", report.result)),
            },
            Err(e) => Err(format!("{algorithm} cannot search here: {e}")),
        }
    };
    let first = ask(algorithm);
    if first.is_ok() || algorithm == Algorithm::IterativeDeepening {
        return first.or_else(|why| last_resort(position, why));
    }
    let why = first.err().unwrap_or_default();
    match ask(Algorithm::IterativeDeepening) {
        Ok((mv, note)) => Ok((mv, format!("{why}; {note}"))),
        Err(e) => last_resort(position, format!("{why}; {e}")),
    }
}

fn last_resort(position: &Position, why: String) -> Reply {
    match legal_moves(position).into_iter().next() {
        Some(mv) => Ok((mv, format!("{why}; the first legal move"))),
        None => Err(format!("{why}; no legal move")),
    }
}

/// Node limits the `m` key cycles through.
pub const PLAY_NODES: [u64; 4] = [1_000, 10_000, 100_000, 1_000_000];

/// A game against the engine.
pub struct Play {
    /// Where the game started.
    pub start: Position,
    /// The moves played since, in the game's notation.
    pub moves: Vec<String>,
    /// The position now.
    pub position: Position,
    /// The user's side.
    pub human: Player,
    pub algorithm: Algorithm,
    /// The engine's node limit.
    pub nodes: u64,
    /// The board cursor (stone games), `(x, y)` with `y = 0` the bottom row.
    pub cursor: (usize, usize),
    /// A move being typed (`None`: not typing).
    pub input: Option<String>,
    /// A one-line note: the last engine move, a refused move, the end of the game.
    pub message: Option<String>,
    /// The engine's answer, while it thinks.
    thinking: Option<Receiver<Reply>>,
}

impl Play {
    /// A game from `position`, the user playing the side to move; the engine answers with
    /// `algorithm` within `nodes` nodes.
    pub fn new(position: Position, algorithm: Algorithm, nodes: u64) -> Play {
        let human = position.to_move();
        let cursor = position
            .board_size()
            .map_or((0, 0), |(c, r)| (c / 2, r / 2));
        let mut play = Play {
            start: position.clone(),
            moves: Vec::new(),
            position,
            human,
            algorithm,
            nodes,
            cursor,
            input: None,
            message: None,
            thinking: None,
        };
        play.message = play.over();
        play
    }

    /// True while the engine is looking for its move.
    pub fn is_thinking(&self) -> bool {
        self.thinking.is_some()
    }

    /// The end of the game in words, if it is over.
    pub fn over(&self) -> Option<String> {
        outcome(&self.position).map(outcome_text)
    }

    /// True when the stone board takes moves from the cursor.
    pub fn has_cursor(&self) -> bool {
        self.position.kind().is_stone_game()
    }

    /// The cursor's point name, on a stone board.
    pub fn cursor_move(&self) -> Option<String> {
        let (columns, _) = self.position.board_size()?;
        let (x, y) = self.cursor;
        self.has_cursor()
            .then(|| point_name((x + y * columns) as u16, columns))
    }

    /// The user plays `text`: refused with a message when it is not the user's turn, the
    /// game is over, or the move is not legal; then the engine starts thinking.
    pub fn user_move(&mut self, text: &str) {
        if let Some(over) = self.over() {
            self.message = Some(over);
            return;
        }
        if self.is_thinking() || self.position.to_move() != self.human {
            self.message = Some("the engine is thinking; wait for its move (u undoes)".into());
            return;
        }
        match play_text(&mut self.position, text) {
            Ok(name) => {
                self.moves.push(name.clone());
                self.message = Some(format!("you played {name}"));
                self.after_move();
            }
            Err(e) => self.message = Some(format!("\"{}\" is refused: {e}", text.trim())),
        }
    }

    /// After any move: announces the end, or starts the engine when it is its turn.
    fn after_move(&mut self) {
        if let Some(over) = self.over() {
            self.message = Some(match self.message.take() {
                Some(m) => format!("{m}; {over}"),
                None => over,
            });
            return;
        }
        if self.position.to_move() != self.human {
            self.start_engine();
        }
    }

    fn start_engine(&mut self) {
        let (tx, rx) = channel();
        let position = self.position.clone();
        let (algorithm, nodes) = (self.algorithm, self.nodes);
        // A stack sized for the deepest search (`run::stack`): checkers kings can wander.
        let spawned = stack::spawn("plyscope-play", move || {
            let _ = tx.send(engine_move(&position, algorithm, nodes));
        });
        if let Err(e) = spawned {
            self.message = Some(format!("the engine could not start: {e}"));
        }
        self.thinking = Some(rx);
    }

    /// Takes the engine's answer if it is there; true when something changed.
    pub fn poll(&mut self) -> bool {
        let Some(rx) = &self.thinking else {
            return false;
        };
        let reply = match rx.try_recv() {
            Ok(reply) => reply,
            Err(TryRecvError::Empty) => return false,
            Err(TryRecvError::Disconnected) => Err("the engine stopped without a move".into()),
        };
        self.thinking = None;
        match reply.and_then(|(mv, note)| {
            play_text(&mut self.position, &mv)
                .map(|name| (name, note))
                .map_err(|e| format!("the engine's move {mv} is not legal: {e}"))
        }) {
            Ok((name, note)) => {
                self.moves.push(name.clone());
                self.message = Some(format!("engine played {name} ({note})"));
                self.after_move();
            }
            Err(e) => self.message = Some(e),
        }
        true
    }

    /// Takes back to the user's previous turn.
    pub fn undo(&mut self) {
        if self.moves.is_empty() {
            self.message = Some("nothing to undo".into());
            return;
        }
        self.thinking = None;
        let mut line = self.moves.clone();
        line.pop();
        while !line.is_empty() && self.position_after(&line).to_move() != self.human {
            line.pop();
        }
        self.moves = line;
        self.position = self.position_after(&self.moves);
        self.message = Some(format!("back to move {}", self.moves.len() + 1));
        if self.position.to_move() != self.human && self.over().is_none() {
            // The start position had the engine to move.
            self.start_engine();
        }
    }

    fn position_after(&self, line: &[String]) -> Position {
        // Every move of the line was played from `start` before, so it replays.
        replay(&self.start, line).unwrap_or_else(|_| self.start.clone())
    }

    /// The user takes the other side; the engine moves when it is now its turn.
    pub fn swap_sides(&mut self) {
        self.human = self.human.opponent();
        self.message = Some(format!("you play {}", self.human));
        if self.position.to_move() != self.human && self.over().is_none() && !self.is_thinking() {
            self.start_engine();
        }
    }

    /// Engine and limit in words.
    pub fn engine_text(&self) -> String {
        format!("{} within {} nodes", self.algorithm, self.nodes)
    }

    /// Starts the engine if the game begins on its turn.
    pub fn begin(&mut self) {
        if self.over().is_none() && self.position.to_move() != self.human {
            self.start_engine();
        }
    }

    /// Waits for the engine's answer (tests and scripts; the explorer polls instead).
    pub fn wait(&mut self) {
        while self.is_thinking() {
            if !self.poll() {
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tictactoe() -> Position {
        crate::puzzle::load("tictactoe").unwrap().position
    }

    #[test]
    fn the_engine_answers_and_illegal_moves_are_refused() {
        let mut play = Play::new(tictactoe(), Algorithm::IterativeDeepening, 10_000);
        play.user_move("z9");
        assert!(
            play.message
                .as_deref()
                .unwrap()
                .starts_with("\"z9\" is refused")
        );
        assert!(play.moves.is_empty());
        play.user_move("b2");
        play.wait();
        assert_eq!(play.moves.len(), 2, "{:?}", play.message);
        assert!(
            play.message
                .as_deref()
                .unwrap()
                .starts_with("engine played")
        );
        play.user_move("b2");
        assert!(play.message.as_deref().unwrap().contains("refused"));
        play.undo();
        assert!(play.moves.is_empty());
        assert_eq!(play.position.key(), tictactoe().key());
    }

    #[test]
    fn a_search_without_a_move_falls_back_to_iterative_deepening() {
        let tree = crate::puzzle::load("tree-abc").unwrap().position;
        // PNS cannot search numeric leaves: iterative deepening chooses, and says why.
        let (mv, note) = engine_move(&tree, Algorithm::Pns, 1_000).unwrap();
        assert!(legal_moves(&tree).contains(&mv));
        assert!(note.contains("pns"), "{note}");
    }
}
