//! `--format github`: one GitHub Actions workflow command per diagnostic,
//! `::error file=…,line=…,col=…,endLine=…,endColumn=…,title=code::message`,
//! which GitHub shows as an annotation on the lines of the pull request.
//! Errors are `error`, warnings `warning`, information and hints `notice`.
//! Paths are relative to the current directory (run it from the repository's
//! root); positions are 1-based, columns in characters as in the human and
//! JSON output, and the end is exclusive (the column after the last
//! character, as ruff writes it).

use super::{paths, printed, Checked};
use crate::formats::{Diagnostic, Severity};
use crate::text::Encoding;
use std::io::Write;
use std::path::PathBuf;

/// Prints each file's workflow commands as it comes.
pub struct Printer {
    cwd: Option<PathBuf>,
    /// At most this many annotations per file (then one for the rest).
    limit: Option<usize>,
}

impl Default for Printer {
    fn default() -> Self {
        Printer {
            cwd: std::env::current_dir().ok(),
            limit: None,
        }
    }
}

impl Printer {
    pub fn new(limit: Option<usize>) -> Self {
        Printer {
            limit,
            ..Printer::default()
        }
    }

    pub fn print(&mut self, out: &mut impl Write, r: &Checked) -> std::io::Result<()> {
        let file = paths::relative(self.cwd.as_deref(), &r.path);
        for d in printed(r, self.limit) {
            writeln!(out, "{}", command(&file, r, &d))?;
        }
        Ok(())
    }

    pub fn finish(self, _out: &mut impl Write) -> std::io::Result<()> {
        Ok(())
    }
}

fn command(file: &str, r: &Checked, d: &Diagnostic) -> String {
    let (line, col) = r.lines.position(&r.text, d.range.start, Encoding::Chars);
    let (end_line, end_col) = r.lines.position(&r.text, d.range.end, Encoding::Chars);
    let kind = match d.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Information | Severity::Hint => "notice",
    };
    format!(
        "::{kind} file={},line={},col={},endLine={},endColumn={},title={}::{}",
        property(file),
        line + 1,
        col + 1,
        end_line + 1,
        end_col + 1,
        property(d.code),
        data(&r.message(d))
    )
}

/// A command's message, escaped as GitHub's toolkit does (`escapeData`).
fn data(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// A property's value: a message's escapes, and `:` and `,`, which would end
/// it (`escapeProperty`).
fn property(text: &str) -> String {
    data(text).replace(':', "%3A").replace(',', "%2C")
}

#[cfg(test)]
mod tests;
