//! `plyscope gtp`: an engine for the GUIs and tournament managers that speak GTP (GoGui,
//! gomill, Sabaki for AtariGo and m,n,k) or Benzene's HTP (HexGui for Hex), on stdin and
//! stdout. The protocol and the engine live in `plyscope::gtp`; this file reads the options.

use std::io;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Args, ValueEnum};

use plyscope::gtp::board::GameChoice;
use plyscope::gtp::think::Settings;
use plyscope::gtp::{Engine, serve};
use plyscope::puzzle::GameKind;
use plyscope::run::registry;
use plyscope::search::{Algorithm, Limits};

use super::{AlgorithmParser, parse_seconds};

/// Seconds a command may think when neither `--nodes` nor `--time` is given.
pub const DEFAULT_SECONDS: f64 = 10.0;

/// `--game`: the games GTP plays (the stone games) as the command line names them; turned
/// into the GTP board's `GameChoice`, which adds m,n,k's `k`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GtpGame {
    /// AtariGo (GTP, as Go: the first capture wins).
    Atarigo,
    /// m,n,k on square boards (GTP; --k stones in a row win).
    Mnk,
    /// Hex without swap (Benzene's HTP, as HexGui speaks it).
    Hex,
}

#[derive(Args, Debug)]
// A negative number after an option is its value, refused in words ("expected a whole
// number, 1 or more"), not an unknown flag with a `-- -5` tip.
#[command(
    allow_negative_numbers = true,
    after_help = "The engine answers GTP version 2 commands on stdin and stdout: \
boardsize, clear_board, komi, play, genmove, undo, showboard, name, version, protocol_version, \
known_command, list_commands, quit; dfpn-solve-state [COLOR] (who wins: black, white, draw, \
or empty when the limits did not decide) and dfpn-solver-find-winning [COLOR] (every winning \
move); and overlays for GoGui (gogui-analyze_commands, gfx) and HexGui \
(hexgui-analyze_commands, plist and pspairs): winning moves, pn/dn per move, the must-play \
region, the relevance zone of the opponent's threats, the lambda order of each move. genmove \
plays a move the prover proves winning within half of the limits (and keeps the proof to \
answer every later defence), else the best move of iterative deepening (id).

Example: plyscope gtp --game hex --time 5, then type: boardsize 5 5, genmove b, quit"
)]
pub struct GtpArgs {
    /// The game to play.
    #[arg(long, value_enum, default_value = "atarigo")]
    pub game: GtpGame,
    /// m,n,k: stones in a row to win (default: 3 on 3x3, 4 on 4x4, else 5).
    #[arg(long, value_name = "K", value_parser = crate::cli::whole_number::<u64>(3, 6))]
    pub k: Option<u64>,
    /// The prover genmove and the solve commands use (default: lambda-dfpn for AtariGo,
    /// dfpn for m,n,k and Hex). An alpha-beta algorithm serves as both prover and heuristic.
    #[arg(long, value_parser = AlgorithmParser)]
    pub algo: Option<Algorithm>,
    /// Nodes one command may search (genmove: the prover half of them, id the rest).
    #[arg(long, value_name = "N", value_parser = crate::cli::whole_number::<u64>(1, u64::MAX))]
    pub nodes: Option<u64>,
    /// Seconds one command may think (default: 10 when --nodes is not given either).
    #[arg(long, value_name = "S", value_parser = parse_seconds)]
    pub time: Option<f64>,
    /// Threads the proof searches may use (default 1, so play is reproducible).
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = crate::cli::whole_number::<u64>(1, 1024))]
    pub threads: u64,
}

pub fn run(args: &GtpArgs) -> anyhow::Result<ExitCode> {
    if args.k.is_some() && args.game != GtpGame::Mnk {
        super::usage_error_in(Some("gtp"), "--k applies to --game mnk only".to_string());
    }
    let (choice, kind) = match args.game {
        GtpGame::Atarigo => (GameChoice::AtariGo, GameKind::AtariGo),
        GtpGame::Mnk => (
            GameChoice::Mnk {
                k: args.k.map(|k| k as usize),
            },
            GameKind::Mnk,
        ),
        GtpGame::Hex => (GameChoice::Hex, GameKind::Hex),
    };
    if let Some(algo) = args.algo
        && !registry::info(algo).runs_on(kind)
    {
        super::usage_error_in(
            Some("gtp"),
            format!(
                "--algo {} does not run on {}; it runs on: {}",
                algo.name(),
                kind.name(),
                registry::info(algo)
                    .games
                    .iter()
                    .map(|g| g.name())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        );
    }
    let time = match (args.nodes, args.time) {
        (None, None) => Some(DEFAULT_SECONDS),
        (_, time) => time,
    };
    let settings = Settings {
        prover: args.algo,
        limits: Limits {
            max_depth: None,
            nodes: args.nodes,
            time: time.map(Duration::from_secs_f64),
        },
        threads: args.threads as usize,
    };
    let mut engine = Engine::new(choice, settings).map_err(anyhow::Error::msg)?;
    serve(&mut engine, io::stdin().lock(), io::stdout().lock())?;
    Ok(ExitCode::SUCCESS)
}
