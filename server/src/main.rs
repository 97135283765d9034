use clap::{CommandFactory, Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

/// Language server and checker for hand-written game level files.
///
/// Run `levls --stdio` as an editor's language server; `levls check PATH...`
/// in a terminal, a pre-commit hook or CI (`--format github` for annotations
/// on a pull request, `--format sarif` for code scanning); `levls render FILE`
/// to draw a level's maps; `levls convert --to nethack-5.0 FILE.des --out-dir
/// DIR` to turn `.des` levels into NetHack 5.0 Lua. Each command's manual:
/// `levls man COMMAND`.
#[derive(Parser)]
#[command(version)]
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
        /// Files or directories (searched recursively by extension and by content; hidden,
        /// git-ignored and installed files — virtualenvs, node_modules — are left out).
        /// (Required unless a `--list-…` flag is given.)
        paths: Vec<PathBuf>,
        /// Output format.
        #[arg(long, value_enum, default_value = "human")]
        format: levls::cli::OutputFormat,
        /// One flag per setting that has one (`--nethack-dialect`, …; docs/settings.md).
        #[command(flatten)]
        settings: levls::cli::SettingFlags,
        /// `--list-variants`, …: describe a setting's values instead of checking.
        #[command(flatten)]
        listings: levls::cli::ListingFlags,
        /// Files checked in parallel (default: one per core). Output is in the
        /// same order whatever the number.
        #[arg(long, short = 'j', value_name = "N")]
        jobs: Option<usize>,
        /// Skip named files in no format levls knows (as inside directories)
        /// instead of failing: for hooks that hand every changed file.
        #[arg(long)]
        ignore_unknown: bool,
        /// Print every diagnostic of each file in `human` and `github` output; by
        /// default they print the 500 most useful per file (errors first) and one
        /// line saying how many more and where. JSON and SARIF are always
        /// complete; the exit status never depends on what is printed.
        #[arg(long)]
        all: bool,
    },
    /// Draw the maps of a level file; exit 2 on usage or I/O errors, when the
    /// file's format has no picture, or when no map matches --level/--floor.
    Render {
        /// The level file.
        file: PathBuf,
        /// `html`: every chosen map on one page; `svg`, `png`: the first
        /// chosen map. Default: from OUT's extension, else html.
        #[arg(long = "as", value_enum)]
        render_as: Option<levls::cli::render::RenderAs>,
        /// Write here instead of to standard output.
        #[arg(short = 'o', long = "output", value_name = "OUT")]
        output: Option<PathBuf>,
        /// Only the maps of this NetHack level (its MAZE/LEVEL name).
        #[arg(long, value_name = "NAME")]
        level: Option<String>,
        /// Only this WUAS floor (floors may be negative: `--floor -101`).
        #[arg(long, value_name = "N", allow_hyphen_values = true)]
        floor: Option<String>,
        /// Also draw N levels generated from the file by the game itself
        /// (NetHack: your own MiniHack install, found by --nethack-python,
        /// else the active virtualenv, else python3), beside the maps; exit
        /// 1, saying why, when it makes none.
        #[arg(long, value_name = "N", default_value_t = 0)]
        samples: usize,
        /// One flag per setting that has one (`--nethack-python`, …; docs/settings.md).
        #[command(flatten)]
        settings: levls::cli::SettingFlags,
    },
    /// Convert level files into another format: each NetHack `.des` level
    /// into a NetHack 5.0 Lua script `<level>.lua` (`--to nethack-5.0`).
    /// Exit 1 when a construct could not be converted faithfully (the
    /// scripts are written all the same, saying so in `-- levls: cannot
    /// convert` comments), 2 on usage or I/O errors.
    Convert {
        /// The target format: `nethack-5.0`.
        #[arg(long, value_name = "TARGET")]
        to: String,
        /// The files to convert.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Where to write the converted files (created if missing).
        #[arg(long, value_name = "DIR")]
        out_dir: PathBuf,
        /// One flag per setting that has one (`--nethack-dialect`, …; docs/settings.md).
        #[command(flatten)]
        settings: levls::cli::SettingFlags,
    },
    /// Print a shell completion script (e.g. `levls completions bash >
    /// ~/.local/share/bash-completion/completions/levls`).
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: levls::cli::documents::Shell,
    },
    /// Print the man page in roff (`levls man | man -l -`), or a command's
    /// page (`levls man check`), or write them all into a directory.
    Man {
        /// The command whose page to print (`levls-check`); default: `levls`.
        #[arg(conflicts_with = "dir")]
        command: Option<String>,
        /// Write `levls.1` and a page per command (`levls-check.1`, …) here.
        #[arg(long, value_name = "DIR")]
        dir: Option<PathBuf>,
    },
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
                settings,
                listings,
                jobs,
                ignore_unknown,
                all,
            }),
        ) if !listings.0.is_empty() || !paths.is_empty() => {
            for list in &listings.0 {
                print!("{}", list());
            }
            if !listings.0.is_empty() {
                return ExitCode::SUCCESS;
            }
            levls::cli::check(
                &paths,
                levls::cli::CheckOptions {
                    output: format,
                    flags: settings.0,
                    jobs,
                    ignore_unknown,
                    all,
                },
            )
        }
        (
            false,
            Some(Command::Render {
                file,
                render_as,
                output,
                level,
                floor,
                samples,
                settings,
            }),
        ) => levls::cli::render::render(
            &file,
            levls::cli::render::RenderOptions {
                render_as,
                out: output.as_deref(),
                choice: levls::cli::render::Choice { level, floor },
                samples,
                flags: settings.0,
            },
        ),
        (
            false,
            Some(Command::Convert {
                to,
                files,
                out_dir,
                settings,
            }),
        ) => levls::cli::convert::convert(
            &files,
            levls::cli::convert::ConvertOptions {
                to: &to,
                out_dir: &out_dir,
                flags: settings.0,
            },
        ),
        (false, Some(Command::Completions { shell })) => {
            levls::cli::documents::completions(Args::command(), shell)
        }
        (false, Some(Command::Man { command, dir })) => {
            levls::cli::documents::man(Args::command(), command.as_deref(), dir.as_deref())
        }
        _ => {
            eprintln!(
                "usage: levls --stdio | levls check PATH... | levls render FILE [-o OUT.html|OUT.svg|OUT.png] [--samples N] | levls convert --to nethack-5.0 FILE... --out-dir DIR | levls completions SHELL | levls man [COMMAND] (see levls --help)"
            );
            ExitCode::from(2)
        }
    }
}
