//! The commands of the binary, one module each, and the argument parsers they share.

pub mod bench;
pub mod compare;
pub mod explore;
pub mod export;
pub mod gtp;
pub mod lesson;
pub mod memory;
pub mod merge;
pub mod packaging;
pub mod solve;
pub mod verify;

use clap::builder::{PossibleValue, TypedValueParser};

/// Exit status when a bound stopped the work before its answer (a node or time limit in
/// `solve`, `--max-mem` or the depth cap in `verify`) and nothing was found wrong: what was
/// printed is partial.
pub const EXIT_STOPPED: u8 = 3;
/// Exit status after ctrl-c in `solve`, once what was known had been printed (128 + SIGINT).
pub const EXIT_INTERRUPTED: u8 = 130;

use plyscope::run::registry::REGISTRY;
use plyscope::search::Algorithm;

/// Parses `--algo`: a name of the registry ([`REGISTRY`]), or a message listing them. Its
/// possible values carry the registry's one-line summaries, so `--help` lists every
/// algorithm with what it is, from the same table the explorer and `solve` use.
#[derive(Clone, Copy, Debug)]
pub struct AlgorithmParser;

impl TypedValueParser for AlgorithmParser {
    type Value = Algorithm;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<Algorithm, clap::Error> {
        let text = value.to_string_lossy();
        parse_algorithm(&text).map_err(|message| {
            let arg = arg.map_or("--algo".to_string(), |a| a.to_string());
            cmd.clone().error(
                clap::error::ErrorKind::InvalidValue,
                format!("invalid value for '{arg}': {message}"),
            )
        })
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(REGISTRY.iter().map(|i| {
            PossibleValue::new(i.algorithm.name()).help(i.summary)
        })))
    }
}

/// Parses an algorithm's name, or says which names there are. A long value is cut in the
/// message, so a mistyped argument is not echoed back whole.
pub fn parse_algorithm(text: &str) -> Result<Algorithm, String> {
    Algorithm::parse(text).ok_or_else(|| {
        let names: Vec<&str> = REGISTRY.iter().map(|i| i.algorithm.name()).collect();
        let shown: String = text.chars().take(40).collect();
        let cut = if shown.len() < text.len() { "..." } else { "" };
        format!(
            "unknown algorithm '{shown}{cut}'; expected one of {}",
            names.join(", ")
        )
    })
}

/// The parser of a whole-number option from `min` to `max` (`u64::MAX`: no upper bound),
/// as a value of `T`, the option's type. clap's own ranged parsers
/// (`clap::value_parser!(u64).range(3..=6)`, `clap::builder::RangedU64ValueParser`) say
/// "20 is not in 3..=6", a Rust range, and "invalid digit found in string" for a word,
/// Rust's `ParseIntError`; this one says "expected a whole number from 3 to 6" for both,
/// after clap's own "invalid value '20' for '--k <K>'".
pub fn whole_number<T>(
    min: u64,
    max: u64,
) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static
where
    T: TryFrom<u64> + Clone + Send + Sync + 'static,
{
    move |text: &str| {
        text.trim()
            .parse::<u64>()
            .ok()
            .filter(|n| (min..=max).contains(n))
            .and_then(|n| T::try_from(n).ok())
            .ok_or_else(|| expected_whole_number(min, max))
    }
}

/// What [`whole_number`] expects, in words.
pub fn expected_whole_number(min: u64, max: u64) -> String {
    if max == u64::MAX {
        format!("expected a whole number, {min} or more")
    } else {
        format!("expected a whole number from {min} to {max}")
    }
}

/// Parses `--time`: a positive, finite number of seconds.
pub fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if s.is_finite() && s > 0.0 && s <= 1.0e6 => Ok(s),
        _ => Err(format!(
            "'{text}' is not a time; expected a positive number of seconds such as 2.5"
        )),
    }
}

/// Reports a usage error the way clap does (`error: ...`, a usage hint) and exits with
/// status 2. For checks clap cannot express, such as a flag that does not apply to the
/// algorithm a puzzle file chose. The usage line is `subcommand`'s
/// (`Usage: plyscope solve [OPTIONS] ...`), or the root's for `None`.
pub fn usage_error_in(subcommand: Option<&str>, message: String) -> ! {
    use clap::CommandFactory;
    let mut root = crate::Cli::command();
    root.build();
    let mut command = subcommand
        .and_then(|name| root.find_subcommand(name).cloned())
        .unwrap_or(root);
    command
        .error(clap::error::ErrorKind::ArgumentConflict, message)
        .exit()
}
