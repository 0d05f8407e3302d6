//! `plyscope explore`: loads everything the explorer needs (puzzle, theme, keymap) before the
//! terminal is touched, so a bad argument or file gives one line on stderr and exit 1, never
//! a half-drawn screen.

use std::process::ExitCode;

use clap::Args;

use plyscope::puzzle;
use plyscope::run::registry::{self, SearchOption};
use plyscope::run::spec::SearchSpec;
use plyscope::search::Algorithm;
use plyscope::theme::config_file::user_config_dir;
use plyscope::theme::{ColorChoice, Theme, ThemeOptions};
use plyscope::trace::recorder::RecordConfig;
use plyscope::tui::keymap::Keymap;
use plyscope::tui::{self, ExploreOptions};
use plyscope::view::max_view::ValueView;

use super::AlgorithmParser;
use super::memory::{self, MB, parse_max_mem};
use super::solve::SettingsArgs;

/// The puzzle `plyscope` without arguments opens: small, and it shows cutoffs at once.
pub const DEFAULT_PUZZLE: &str = "tree-abc";

#[derive(Args, Debug)]
// A negative number after an option is its value, refused in words ("expected a whole
// number, 1 or more"), not an unknown flag with a `-- -5` tip.
#[command(allow_negative_numbers = true)]
pub struct ExploreArgs {
    /// A bundled puzzle name (see `plyscope list`) or a path to a puzzle file (TOML, or an SGF
    /// game record: Go read as AtariGo, or Hex).
    #[arg(value_name = "PUZZLE", default_value = DEFAULT_PUZZLE)]
    pub puzzle: String,
    /// The search algorithm (default: the puzzle's own, else its game's: lambda-dfpn for
    /// AtariGo, id for the others).
    #[arg(long, value_parser = AlgorithmParser)]
    pub algo: Option<Algorithm>,
    #[command(flatten)]
    pub settings: SettingsArgs,
    /// Open the split view with this second algorithm beside the first (keys: F focus,
    /// B step together, C close).
    #[arg(long, value_name = "B", value_parser = AlgorithmParser)]
    pub compare: Option<Algorithm>,
    /// A bundled theme name (default, light, mono, high-contrast) or a theme file.
    #[arg(long, value_name = "T")]
    pub theme: Option<String>,
    /// Draw with ASCII only: no box drawing, no ambiguous-width glyphs.
    #[arg(long)]
    pub ascii: bool,
    /// Colours: auto (from the terminal and NO_COLOR), 16, 256, truecolor or never.
    #[arg(long, value_name = "WHEN", default_value = "auto")]
    pub color: ColorChoice,
    /// Most search events recorded for replay; the search goes on unrecorded past it.
    #[arg(long, value_name = "N", default_value_t = RecordConfig::DEFAULT_BUDGET,
          value_parser = crate::cli::whole_number::<u64>(1, plyscope::trace::store::MAX_EVENTS))]
    pub record: u64,
    /// Memory the recordings and the searches' tables may use, in MB (default: half of the
    /// physical memory); a `--record` whose recordings could need more is refused before
    /// the screen opens.
    #[arg(long, value_name = "MB", value_parser = parse_max_mem)]
    pub max_mem: Option<u64>,
    /// Open a saved run (`w` in the explorer writes one) at the step and with the panes it
    /// was saved with, without searching; PUZZLE and --algo are taken from the file.
    #[arg(long, value_name = "RUN", conflicts_with_all = ["algo", "compare", "ordering"])]
    pub open: Option<std::path::PathBuf>,
    /// Quiz: hide the answer (the result, the best-move marks, the root's value) until the
    /// search is stepped to its end; ! shows it at once.
    #[arg(long)]
    pub quiz: bool,
    /// How the alpha-beta family's values are shown: max (from MAX's side, MAX and MIN
    /// nodes, as lectures draw them; the default on literal trees) or negamax (from the
    /// side to move's; the default on games). The `~` key switches.
    #[arg(long, value_name = "VIEW", value_parser = parse_view)]
    pub view: Option<ValueView>,
}

/// `--view`: `max` or `negamax`.
pub fn parse_view(text: &str) -> Result<ValueView, String> {
    ValueView::parse(text).ok_or_else(|| format!("expected max or negamax, not '{text}'"))
}

/// What one recorded event may hold in memory, in bytes: a trace takes about 50 bytes per
/// event in all (`benches/trace.rs`), and its vectors grow by doubling, so up to twice that.
pub const RECORD_BYTES_PER_EVENT: u64 = 100;

/// The memory the explorer may need at most: two searches (the split view can open a
/// second one at any time), each with a full recording and its table.
pub fn explorer_memory_bound(record: u64, tt_mb: u64) -> u64 {
    2 * record
        .saturating_mul(RECORD_BYTES_PER_EVENT)
        .saturating_add(tt_mb.saturating_mul(MB))
}

pub fn run(args: &ExploreArgs) -> anyhow::Result<ExitCode> {
    if let Some(path) = &args.open {
        return open_saved(args, path);
    }
    let puzzle = puzzle::load(&args.puzzle)?;
    // The explorer runs what `solve` runs: a refused algorithm is refused in the same words
    // (and exit status) before the screen opens.
    let first = args
        .algo
        .unwrap_or_else(|| registry::puzzle_algorithm(&puzzle));
    registry::check(&puzzle, first)?;
    if let Some(second) = args.compare {
        registry::check(&puzzle, second)?;
    }
    // A setting the search would not take is refused as `solve` refuses it (a silently
    // ignored flag would make the count lie); the `a` key may later pick an algorithm
    // that takes it.
    let settings = args.settings.settings();
    if settings.ordering.is_some()
        && !registry::info(first).takes(SearchOption::Ordering)
        && !args
            .compare
            .is_some_and(|b| registry::info(b).takes(SearchOption::Ordering))
    {
        super::usage_error_in(
            Some("explore"),
            format!(
                "--ordering applies to {} only; {} runs {first} ({})",
                SearchOption::Ordering.applies_to(),
                puzzle.name,
                SearchOption::Ordering.hint()
            ),
        );
    }
    // The recordings are bounded by --record (the search goes on unrecorded past it); a
    // bound that could pass --max-mem is refused here, not met by the system's OOM killer.
    let max_bytes = memory::max_mem_bytes(args.max_mem);
    let tt_mb = SearchSpec::for_puzzle(&puzzle, args.algo, args.record)
        .config
        .tt_mb as u64;
    let needed = explorer_memory_bound(args.record, tt_mb);
    if needed > max_bytes {
        anyhow::bail!(
            "explore: recording up to {} events in each of two searches (--record; the \
             split view adds a second) with their tables may need {} MB, and --max-mem \
             allows {} MB; lower --record or raise --max-mem to {}",
            args.record,
            needed.div_ceil(MB),
            max_bytes / MB,
            memory::raise_to(needed)
        );
    }
    let (theme, keymap) = theme_and_keymap(args.theme.clone(), args.color, args.ascii)?;
    tui::run(ExploreOptions {
        puzzle,
        algorithm: args.algo,
        compare: args.compare,
        record: args.record,
        settings,
        theme,
        keymap,
        lesson: None,
        reopened: None,
        quiz: args.quiz,
        view: args.view,
    })?;
    Ok(ExitCode::SUCCESS)
}

/// `explore --open RUN`: the saved run is read, checked and decoded before the terminal is
/// touched, so a bad file is one line on stderr.
fn open_saved(args: &ExploreArgs, path: &std::path::Path) -> anyhow::Result<ExitCode> {
    if args.puzzle != DEFAULT_PUZZLE {
        super::usage_error_in(
            Some("explore"),
            format!(
                "--open takes the puzzle from the saved run; leave out PUZZLE ('{}')",
                args.puzzle
            ),
        );
    }
    let run = plyscope::run::saved::read(path)?;
    let reopened = plyscope::tui::Reopened::load(&run)?;
    let (theme, keymap) = theme_and_keymap(args.theme.clone(), args.color, args.ascii)?;
    tui::run(ExploreOptions {
        puzzle: reopened.puzzle.clone(),
        algorithm: None,
        compare: None,
        record: reopened.spec.record,
        settings: Default::default(),
        theme,
        keymap,
        lesson: None,
        reopened: Some(reopened),
        quiz: args.quiz,
        view: args.view,
    })?;
    Ok(ExitCode::SUCCESS)
}

/// The theme (`--theme`, `--color`, `--ascii`, the environment, the user's config
/// directory) and the keymap (defaults plus the user's file) the explorer runs with; shared
/// by `explore` and `lesson`.
pub fn theme_and_keymap(
    theme: Option<String>,
    color: ColorChoice,
    ascii: bool,
) -> anyhow::Result<(Theme, Keymap)> {
    let config_dir = user_config_dir();
    let theme = Theme::load(
        &ThemeOptions {
            theme,
            color,
            ascii,
        },
        |name| std::env::var(name).ok(),
        config_dir.as_deref(),
    )?;
    let keymap = Keymap::load(config_dir.as_deref())?;
    Ok((theme, keymap))
}
