//! The `plyscope` command line.
//!
//! Data goes to stdout, diagnostics to stderr. Exit codes: 0 solved as expected, 1 an input
//! error or an answer that does not match the puzzle's `[expect]`, 2 a usage error; `solve`
//! adds 3 (a limit stopped a search: partial results) and 130 (ctrl-c, after printing what
//! was known; `cli::solve::EXIT_HELP`). Each
//! command lives in its own module under `cli/`; this file only parses and dispatches.
#![forbid(unsafe_code)]

mod cli;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use plyscope::puzzle;
use plyscope::theme::ColorChoice;
use plyscope::trace::recorder::RecordConfig;

use cli::bench::BenchArgs;
use cli::compare::CompareArgs;
use cli::explore::ExploreArgs;
use cli::export::ExportArgs;
use cli::gtp::GtpArgs;
use cli::lesson::LessonArgs;
use cli::merge::MergeArgs;
use cli::packaging::{CompletionsArgs, ManArgs};
use cli::solve::SolveArgs;
use cli::verify::VerifyArgs;

/// Where a newcomer starts and where the manual is, under the root's `--help`.
const START_HERE: &str = "New here? Start with `plyscope lesson`: it lists the guided lessons \
     in teaching order, and `plyscope lesson minimax-wdl` opens the first.\n\n\
     The manual is in the docs/ directory of plyscope's source, a page by task: explore, \
     lessons, solve, proofs, compare-export, bench, gtp, scale, formats and sources \
     (docs/README.md lists them).";

#[derive(Parser, Debug)]
#[command(
    name = "plyscope",
    version,
    // Help fits 80 columns also when piped (clap would use 100 there).
    term_width = 80,
    max_term_width = 80,
    about = "Explore and solve game-tree searches: alpha-beta, transposition tables, iterative \
             deepening, lambda and dual-lambda threat search with relevance zones, proof-number \
             search (PNS, PN², df-pn, lambda-df-pn)",
    after_help = START_HERE
)]
struct Cli {
    /// Without a command: explore the default puzzle (the textbook tree).
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Solve puzzles headless and print the result, best move, principal variation and counters.
    #[command(after_help = cli::solve::EXIT_HELP)]
    Solve(SolveArgs),
    /// Run the puzzle suite and print result, nodes, time and nodes/s per puzzle and
    /// algorithm, with the published figures beside the rows of Suda's table 5.1.
    Bench(BenchArgs),
    /// Solve one puzzle with several algorithms, one after the other with the same limits,
    /// and print result, nodes, time, tree size, depth and ratios side by side.
    Compare(CompareArgs),
    /// List the bundled puzzles with their games and expected results (--algorithms: the
    /// algorithms, the games each runs on, its options and the lesson that teaches it).
    List(ListArgs),
    /// Open a puzzle in the terminal explorer and step through its search.
    Explore(ExploreArgs),
    /// Start here. Without a name: list the guided lessons in teaching order. With one: open
    /// the explorer on that lesson (tab: next step, shift-tab: previous step).
    Lesson(LessonArgs),
    /// Record a puzzle's search and write it as DOT (the annotated tree), JSON (the trace)
    /// or SGF (a proof tree).
    Export(ExportArgs),
    /// Print a shell completion script (bash, zsh, fish, powershell, elvish).
    Completions(CompletionsArgs),
    /// Print the man page (roff), or write every page into a directory with --dir.
    Man(ManArgs),
    /// Check a proof tree file (`solve --proof-out`) against the rules alone and report the
    /// first hole.
    Verify(VerifyArgs),
    /// Combine the shards of `solve PUZZLE --root --shard I/N --json` into the report one
    /// unsharded `solve --root` prints (node counts summed, time as the CPU total).
    #[command(after_help = cli::merge::EXIT_HELP)]
    Merge(MergeArgs),
    /// Play and solve from a GUI or tournament manager: GTP on stdin/stdout for AtariGo and
    /// m,n,k (GoGui, gomill), Benzene's HTP for Hex (HexGui).
    Gtp(GtpArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    // Every command runs on a stack sized for the deepest search allowed, whatever
    // `ulimit -s` gave the main thread (plyscope::run::stack).
    plyscope::run::stack::run(move || run_command(cli))
}

fn run_command(cli: Cli) -> ExitCode {
    let result = match cli.command {
        Some(Command::Solve(args)) => cli::solve::run(&args),
        Some(Command::Bench(args)) => cli::bench::run(&args),
        Some(Command::Compare(args)) => cli::compare::run(&args),
        Some(Command::List(args)) => run_list(&args),
        Some(Command::Explore(args)) => cli::explore::run(&args),
        Some(Command::Lesson(args)) => cli::lesson::run(&args),
        Some(Command::Export(args)) => cli::export::run(&args),
        Some(Command::Completions(args)) => cli::packaging::completions(&args),
        Some(Command::Man(args)) => cli::packaging::man(&args),
        Some(Command::Verify(args)) => cli::verify::run(&args),
        Some(Command::Merge(args)) => cli::merge::run(&args),
        Some(Command::Gtp(args)) => cli::gtp::run(&args),
        None => cli::explore::run(&ExploreArgs {
            puzzle: cli::explore::DEFAULT_PUZZLE.to_string(),
            algo: None,
            settings: Default::default(),
            compare: None,
            theme: None,
            ascii: false,
            color: ColorChoice::Auto,
            record: RecordConfig::DEFAULT_BUDGET,
            max_mem: None,
            open: None,
            quiz: false,
            view: None,
        }),
    };
    match result {
        Ok(code) => code,
        Err(err) => {
            // A closed pipe (`plyscope list | head`) is not an error worth a message.
            if err
                .downcast_ref::<io::Error>()
                .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
            {
                return ExitCode::SUCCESS;
            }
            eprintln!("plyscope: {err}");
            ExitCode::from(1)
        }
    }
}

#[derive(clap::Args, Debug)]
struct ListArgs {
    /// List the algorithms instead of the puzzles.
    #[arg(long)]
    algorithms: bool,
}

fn run_list(args: &ListArgs) -> anyhow::Result<ExitCode> {
    let mut out = io::stdout().lock();
    if args.algorithms {
        write_algorithms(&mut out)?;
        return Ok(ExitCode::SUCCESS);
    }
    for bundled in puzzle::bundled() {
        let p = puzzle::load(bundled.name)?;
        let expect = p.expect.as_ref().map_or("-".to_string(), |e| e.summary());
        writeln!(
            out,
            "{:<22} {:<8} {:<44} {}",
            bundled.name,
            p.position.game_name(),
            expect,
            p.title
        )?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The registry as a table: name, family, games, options and lesson, then the summary.
fn write_algorithms(out: &mut impl Write) -> io::Result<()> {
    use plyscope::run::registry::REGISTRY;
    for entry in &REGISTRY {
        let games: Vec<String> = entry
            .games
            .iter()
            .map(|&g| {
                // The proof-number family proves trees of win/draw/loss leaves only.
                if g == plyscope::puzzle::GameKind::Tree
                    && entry.family == plyscope::run::registry::Family::ProofNumber
                {
                    "tree (win/draw/loss leaves)".to_string()
                } else {
                    g.name().to_string()
                }
            })
            .collect();
        let options: Vec<&str> = entry.options.iter().map(|o| o.flag()).collect();
        writeln!(
            out,
            "{:<15} {:<13} games: {}",
            entry.algorithm.name(),
            entry.family.name(),
            games.join(" ")
        )?;
        writeln!(out, "{:<15} {}", "", entry.summary)?;
        writeln!(
            out,
            "{:<15} options: {}; lesson: {}",
            "",
            if options.is_empty() {
                "-".to_string()
            } else {
                options.join(" ")
            },
            entry.lesson.unwrap_or("-")
        )?;
    }
    Ok(())
}
