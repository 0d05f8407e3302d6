//! The commands of the binary, one module each, and the argument parsers they share.

pub mod bench;
pub mod compare;
pub mod explore;
pub mod export;
pub mod lesson;
pub mod packaging;
pub mod solve;
pub mod verify;

use plyscope::search::Algorithm;

/// Parses `--algo`: a name of [`Algorithm::ALL`], or a message listing them.
pub fn parse_algorithm(text: &str) -> Result<Algorithm, String> {
    Algorithm::parse(text).ok_or_else(|| {
        let names: Vec<&str> = Algorithm::ALL.iter().map(|a| a.name()).collect();
        format!(
            "unknown algorithm '{text}'; expected one of {}",
            names.join(", ")
        )
    })
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
/// algorithm a puzzle file chose.
pub fn usage_error(message: String) -> ! {
    use clap::CommandFactory;
    crate::Cli::command()
        .error(clap::error::ErrorKind::ArgumentConflict, message)
        .exit()
}
