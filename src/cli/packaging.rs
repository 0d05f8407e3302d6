//! `plyscope completions SHELL` and `plyscope man`: shell
//! completion scripts (clap_complete) and roff man pages (clap_mangen), both generated from
//! the command line's own definition, so they never drift from it.
//!
//! The man page is made by a command rather than at build time: a build script would have to
//! duplicate the clap definitions (they live in the binary), and `cargo install` installs
//! binaries only. `plyscope man` prints `plyscope(1)` with every subcommand listed;
//! `plyscope man --dir DIR` writes it and one page per subcommand (`plyscope-solve.1`, ...).

use std::fs;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::anyhow;
use clap::{Args, CommandFactory};
use clap_complete::Shell;

#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell: bash, zsh, fish, powershell or elvish.
    #[arg(value_name = "SHELL")]
    pub shell: Shell,
}

#[derive(Args, Debug)]
pub struct ManArgs {
    /// Write plyscope.1 and one page per subcommand (plyscope-solve.1, ...) into this
    /// directory instead of printing plyscope.1.
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
}

/// Prints the completion script for `args.shell`.
pub fn completions(args: &CompletionsArgs) -> anyhow::Result<ExitCode> {
    let mut command = crate::Cli::command();
    let mut buffer: Vec<u8> = Vec::new();
    clap_complete::generate(args.shell, &mut command, "plyscope", &mut buffer);
    let mut out = io::stdout().lock();
    out.write_all(&buffer)?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// Prints the man page, or writes every page into `args.dir`.
pub fn man(args: &ManArgs) -> anyhow::Result<ExitCode> {
    let command = crate::Cli::command();
    let Some(dir) = &args.dir else {
        let mut page: Vec<u8> = Vec::new();
        clap_mangen::Man::new(command).render(&mut page)?;
        let mut out = io::stdout().lock();
        out.write_all(&page)?;
        out.flush()?;
        return Ok(ExitCode::SUCCESS);
    };
    fs::create_dir_all(dir).map_err(|e| anyhow!("cannot create {}: {e}", dir.display()))?;
    let mut written = Vec::new();
    let mut write = |name: String, command: clap::Command| -> anyhow::Result<()> {
        let mut page: Vec<u8> = Vec::new();
        clap_mangen::Man::new(command)
            .source(concat!("plyscope ", env!("CARGO_PKG_VERSION")))
            .render(&mut page)?;
        let path = dir.join(&name);
        fs::write(&path, page).map_err(|e| anyhow!("cannot write {}: {e}", path.display()))?;
        written.push(name);
        Ok(())
    };
    write("plyscope.1".to_string(), command.clone())?;
    for sub in command.get_subcommands() {
        let name = format!("plyscope-{}", sub.get_name());
        // The page's title and usage name the full command ("plyscope-solve").
        let sub = sub
            .clone()
            .display_name(name.clone())
            .bin_name(format!("plyscope {}", sub.get_name()));
        write(format!("{name}.1"), sub)?;
    }
    eprintln!(
        "plyscope: wrote {} man pages to {}: {}",
        written.len(),
        dir.display(),
        written.join(" ")
    );
    Ok(ExitCode::SUCCESS)
}
