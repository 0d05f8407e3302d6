//! `plyscope gtp`: the engine protocol the GUIs and tournament managers speak,
//! GTP version 2 (<http://www.lysator.liu.se/~gunnar/gtp/gtp2-spec-draft2/>) for AtariGo and
//! m,n,k, and Benzene's HTP dialect of it for Hex (the commands of Benzene's
//! `HexHtpEngine` and `DfpnCommands`: `boardsize N N`, colours `b`/`w`, `dfpn-solve-state`,
//! `dfpn-solver-find-winning`, `hexgui-analyze_commands`).
//!
//! A front end like the explorer: it reads commands on one stream and answers on another,
//! and asks the run layer to solve (`think`). The parts: [`command`] (a line's syntax and an
//! answer's), [`board`] (the game in progress and its vertices), [`think`] (genmove, the
//! solve commands, the numbers of the overlays), [`analyze`] (the GUIs' overlay formats).
//! A malformed or failing command gets `? message` and the engine reads on; only `quit` or
//! the end of input ends it.

pub mod analyze;
pub mod board;
pub mod command;
pub mod strategy;
pub mod think;

use std::io::{self, BufRead, Read, Write};

use crate::game::Player;

use board::{Board, GameChoice, Move, parse_color};
use command::{Command, format_response, parse_line};
use strategy::Strategy;
use think::Settings;

/// The commands the engine knows, in `list_commands` order.
pub const COMMANDS: [&str; 24] = [
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "reg_genmove",
    "undo",
    "showboard",
    "final_score",
    "dfpn-solve-state",
    "dfpn-solver-find-winning",
    "gogui-analyze_commands",
    "hexgui-analyze_commands",
    "plyscope-winning_moves",
    "plyscope-pn_dn",
    "plyscope-must_play",
    "plyscope-relevance_zone",
    "plyscope-lambda_order",
];

/// A GTP engine: the game in progress and how hard to think.
pub struct Engine {
    board: Board,
    settings: Settings,
    /// The proof of a win `genmove` found, answering the defences that follow it.
    strategy: Option<Strategy>,
    /// Set by `quit`.
    quit: bool,
}

impl Engine {
    /// An engine for `choice` on its default board.
    pub fn new(choice: GameChoice, settings: Settings) -> Result<Engine, String> {
        Ok(Engine {
            board: Board::new(choice, choice.default_size())?,
            settings,
            strategy: None,
            quit: false,
        })
    }

    /// The game in progress.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The proof of a win `genmove` keeps answering from, if any.
    pub fn strategy(&self) -> Option<&Strategy> {
        self.strategy.as_ref()
    }

    /// True once `quit` was answered.
    pub fn has_quit(&self) -> bool {
        self.quit
    }

    /// Answers one line of input: `None` for a line with no command (empty or a comment),
    /// else the whole answer, empty line included.
    pub fn answer_line(&mut self, line: &str) -> Option<String> {
        let command = parse_line(line)?;
        let result = self.run(&command);
        Some(format_response(command.id, &result))
    }

    /// Runs a command: `Ok(text)` or `Err(message)`.
    pub fn run(&mut self, c: &Command) -> Result<String, String> {
        let args: Vec<&str> = c.args.iter().map(String::as_str).collect();
        match c.name.as_str() {
            "protocol_version" => Ok("2".to_string()),
            "name" => Ok("plyscope".to_string()),
            "version" => Ok(env!("CARGO_PKG_VERSION").to_string()),
            "known_command" => {
                let [name] = args[..] else {
                    return Err("known_command takes one argument, a command's name".into());
                };
                Ok(COMMANDS.contains(&name).to_string())
            }
            "list_commands" => Ok(COMMANDS.join("\n")),
            "quit" => {
                self.quit = true;
                Ok(String::new())
            }
            "boardsize" => self.boardsize(&args),
            "clear_board" => {
                no_arguments(c, &args)?;
                self.board = Board::new(self.board.choice(), self.board.size())?;
                self.strategy = None;
                Ok(String::new())
            }
            "komi" => match args[..] {
                [k] if k.parse::<f64>().is_ok_and(f64::is_finite) => Ok(String::new()),
                _ => Err("syntax error: komi takes one number (plyscope's games ignore it)".into()),
            },
            "play" => {
                let [color, vertex] = args[..] else {
                    return Err("syntax error: play takes a colour and a vertex (play b c3)".into());
                };
                let player = parse_color(color)?;
                let mv = self.board.parse_vertex(vertex)?;
                self.board.play(player, mv).map(|()| String::new())
            }
            "genmove" | "reg_genmove" => {
                let player = one_color(c, &args)?;
                let decision =
                    think::choose_move(&self.board, player, &self.settings, &mut self.strategy);
                eprintln!("plyscope: {}", decision.why);
                if c.name == "genmove" {
                    self.board.play(player, decision.mv)?;
                }
                Ok(match decision.mv {
                    Move::Stone(p) => self.board.vertex(p),
                    Move::Pass => "pass".to_string(),
                    Move::Resign => "resign".to_string(),
                })
            }
            "undo" => {
                no_arguments(c, &args)?;
                if self.board.undo() {
                    if self
                        .strategy
                        .as_ref()
                        .is_some_and(|s| s.start() > self.board.moves_played())
                    {
                        self.strategy = None;
                    }
                    Ok(String::new())
                } else {
                    Err("cannot undo".to_string())
                }
            }
            "showboard" => {
                no_arguments(c, &args)?;
                Ok(format!("\n{}", self.board.show()))
            }
            "final_score" => match self.board.outcome() {
                Some(crate::game::Outcome::Win(Player::Black)) => Ok("B+R".to_string()),
                Some(crate::game::Outcome::Win(Player::White)) => Ok("W+R".to_string()),
                Some(_) => Ok("0".to_string()),
                None => Err("cannot score: the game is not over".to_string()),
            },
            "dfpn-solve-state" => {
                let player = self.optional_color(&args)?;
                think::solve_state(&self.board, player, &self.settings)
            }
            "dfpn-solver-find-winning" => {
                let player = self.optional_color(&args)?;
                let (won, undecided) = think::winning_moves(&self.board, player, &self.settings)?;
                if undecided > 0 {
                    eprintln!(
                        "plyscope: {undecided} moves were not decided within the limits; the \
                         list holds the moves proven to win"
                    );
                }
                Ok(won
                    .iter()
                    .map(|&p| self.board.vertex(p))
                    .collect::<Vec<_>>()
                    .join(" "))
            }
            "gogui-analyze_commands" => Ok(analyze::listing(false)),
            "hexgui-analyze_commands" => Ok(analyze::listing(true)),
            name if name.starts_with("plyscope-") && COMMANDS.contains(&name) => {
                let player = self.optional_color(&args)?;
                analyze::overlay(name, &self.board, player, &self.settings)
            }
            _ => Err("unknown command".to_string()),
        }
    }

    fn boardsize(&mut self, args: &[&str]) -> Result<String, String> {
        let sizes: Vec<usize> = args
            .iter()
            .map(|a| a.parse::<usize>())
            .collect::<Result<_, _>>()
            .map_err(|_| "syntax error: boardsize takes a number (Hex: one or two)".to_string())?;
        let size = match sizes[..] {
            [n] => n,
            [w, h] if w == h => w,
            [_, _] => {
                return Err("unacceptable size: plyscope plays on square boards".to_string());
            }
            _ => return Err("syntax error: boardsize takes a number (Hex: one or two)".into()),
        };
        self.board = Board::new(self.board.choice(), size)
            .map_err(|e| format!("unacceptable size ({e})"))?;
        self.strategy = None;
        Ok(String::new())
    }

    /// An optional colour argument; the side to move without one.
    fn optional_color(&self, args: &[&str]) -> Result<Player, String> {
        match args {
            [] => Ok(self.board.to_move()),
            [color] => parse_color(color),
            _ => Err("syntax error: expected at most one argument, a colour".to_string()),
        }
    }
}

fn no_arguments(c: &Command, args: &[&str]) -> Result<(), String> {
    if args.is_empty() {
        Ok(())
    } else {
        Err(format!("syntax error: {} takes no arguments", c.name))
    }
}

fn one_color(c: &Command, args: &[&str]) -> Result<Player, String> {
    match args {
        [color] => parse_color(color),
        _ => Err(format!(
            "syntax error: {} takes one colour (b or w)",
            c.name
        )),
    }
}

/// Longest command line read, in bytes; a longer one is answered with an error and skipped.
pub const MAX_LINE: usize = 64 * 1024;

/// Serves `engine` on `input` and `output` until `quit` or the end of input. Each answer is
/// flushed at once, as a controller waits for it. Input that is not UTF-8 is read lossily, so
/// a stray byte is an unknown command rather than the end; a line longer than [`MAX_LINE`]
/// gets an error, and what follows it is read as usual.
pub fn serve(
    engine: &mut Engine,
    mut input: impl BufRead,
    mut output: impl Write,
) -> io::Result<()> {
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        let read = input
            .by_ref()
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut bytes)?;
        if read == 0 {
            return Ok(());
        }
        if bytes.len() > MAX_LINE && !bytes.ends_with(b"\n") {
            // Skip the rest of the line.
            let mut rest = Vec::new();
            loop {
                rest.clear();
                let more = input
                    .by_ref()
                    .take(MAX_LINE as u64)
                    .read_until(b'\n', &mut rest)?;
                if more == 0 || rest.ends_with(b"\n") {
                    break;
                }
            }
            let message = format!("the line is longer than {MAX_LINE} bytes");
            output.write_all(format_response(None, &Err(message)).as_bytes())?;
            output.flush()?;
            continue;
        }
        let line = String::from_utf8_lossy(&bytes);
        if let Some(answer) = engine.answer_line(&line) {
            output.write_all(answer.as_bytes())?;
            output.flush()?;
        }
        if engine.has_quit() {
            return Ok(());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Limits;

    fn engine() -> Engine {
        let settings = Settings {
            prover: None,
            limits: Limits {
                max_depth: None,
                nodes: Some(1000),
                time: None,
            },
            threads: 1,
        };
        Engine::new(GameChoice::AtariGo, settings).unwrap()
    }

    #[test]
    fn a_line_too_long_is_refused_and_the_next_one_read() {
        let mut input = vec![b'x'; 3 * MAX_LINE];
        input.extend_from_slice(b"\n1 name\nquit\nname\n");
        let mut out = Vec::new();
        serve(&mut engine(), &input[..], &mut out).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            format!("? the line is longer than {MAX_LINE} bytes\n\n=1 plyscope\n\n=\n\n")
        );
    }

    #[test]
    fn every_listed_command_is_known_and_answers() {
        let mut e = engine();
        for name in COMMANDS {
            assert_eq!(
                e.answer_line(&format!("known_command {name}")).unwrap(),
                "= true\n\n"
            );
        }
        // Each answers something other than "unknown command" (most with no arguments).
        for name in COMMANDS.iter().filter(|&&n| n != "quit") {
            let answer = e.answer_line(name).unwrap();
            assert!(!answer.contains("unknown command"), "{name}: {answer}");
        }
    }
}
