use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

/// levls: language server and checker for hand-written game level files.
#[derive(Parser)]
#[command(version, about)]
struct Args {
    /// Run the language server over standard input/output.
    #[arg(long)]
    stdio: bool,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Check files and directories; exit 1 if any error is found, 2 on usage or I/O errors.
    Check {
        /// Files or directories (searched recursively by extension and by content).
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// Output format.
        #[arg(long, value_enum, default_value = "human")]
        format: levls::cli::OutputFormat,
        /// The WUAS definitions JSON to check space, token, item and attribute names
        /// against (beats `levls.toml`; a datafile's `definitions` metadata beats both).
        #[arg(long, value_name = "PATH")]
        wuas_definitions: Option<PathBuf>,
        /// The NetHack `.des` dialect: `3.4.3` or `3.6` (default: detected per file;
        /// a file's `# levls: dialect …` comment still wins).
        #[arg(long, value_name = "VERSION", value_parser = parse_dialect)]
        nethack_dialect: Option<levls::formats::nethack::Dialect>,
        /// Files checked in parallel (default: one per core). Output is in the
        /// same order whatever the number.
        #[arg(long, short = 'j', value_name = "N")]
        jobs: Option<usize>,
    },
    /// Draw the maps of a Frupal or NetHack file, or a dungeon-mystery floor (generated
    /// by node with the user's dungeon-mystery package); exit 2 on usage or I/O errors,
    /// or when the file has no picture (the message says why).
    Render {
        /// The level file.
        file: PathBuf,
        /// `html`: every map on one page; `svg`: the first map.
        #[arg(long = "as", value_enum, default_value = "html")]
        render_as: levls::cli::render::RenderAs,
        /// Write here instead of to standard output.
        #[arg(short = 'o', long = "output", value_name = "OUT")]
        output: Option<PathBuf>,
    },
}

fn parse_dialect(text: &str) -> Result<levls::formats::nethack::Dialect, String> {
    levls::formats::nethack::Dialect::parse(text)
        .ok_or_else(|| format!("`{text}`: expected `3.4.3` or `3.6`"))
}

fn main() -> ExitCode {
    let args = match Args::try_parse() {
        Ok(args) => args,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    match (args.stdio, args.command) {
        (true, None) => levls::lsp::run_stdio(),
        (
            false,
            Some(Command::Check {
                paths,
                format,
                wuas_definitions,
                nethack_dialect,
                jobs,
            }),
        ) => levls::cli::check(
            &paths,
            levls::cli::CheckOptions {
                output: format,
                wuas_definitions,
                nethack_dialect,
                jobs,
            },
        ),
        (
            false,
            Some(Command::Render {
                file,
                render_as,
                output,
            }),
        ) => levls::cli::render::render(&file, render_as, output.as_deref()),
        _ => {
            eprintln!(
                "usage: levls --stdio | levls check PATH... | levls render FILE [--as svg|html] [-o OUT] (see levls --help)"
            );
            ExitCode::from(2)
        }
    }
}
