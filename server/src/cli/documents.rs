//! The CLI's own documents, made from its clap definition so they always
//! match the binary: shell completion scripts (`levls completions SHELL`,
//! clap_complete) and man pages (`levls man [COMMAND]`, clap_mangen, roff on
//! standard output; `--dir DIR` writes `levls.1` and one page per command).

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

pub use clap_complete::Shell;

/// Print the completion script of `shell` for `command` (the `levls` CLI).
pub fn completions(mut command: clap::Command, shell: Shell) -> ExitCode {
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut command, "levls", &mut script);
    emit(&script)
}

/// Print the man page of `levls`, or of one of its commands (`levls-check`),
/// or with `dir` write them all there.
pub fn man(command: clap::Command, page: Option<&str>, dir: Option<&Path>) -> ExitCode {
    let mut command = command.disable_help_subcommand(true);
    command.build();
    if let Some(dir) = dir {
        return match clap_mangen::generate_to(command, dir) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("levls: {}: {e}", dir.display());
                ExitCode::from(2)
            }
        };
    }
    let command = match page {
        None => command,
        Some(name) => match command.find_subcommand(name) {
            Some(sub) => sub.clone(),
            None => {
                let names: Vec<&str> = command.get_subcommands().map(|c| c.get_name()).collect();
                eprintln!("levls: no command `{name}` (one of: {})", names.join(", "));
                return ExitCode::from(2);
            }
        },
    };
    let mut roff = Vec::new();
    clap_mangen::Man::new(command)
        .render(&mut roff)
        .expect("roff into memory");
    emit(&roff)
}

/// Write to standard output; a reader that went away (`| head`) is exit 2.
fn emit(bytes: &[u8]) -> ExitCode {
    let mut out = std::io::stdout().lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(_) => ExitCode::from(2),
    }
}
