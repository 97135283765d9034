//! `file:line:col: severity[code]: message`, then the source line with a
//! caret span underneath (columns in characters, 1-based).

use super::{printed, Checked};
use crate::text::Encoding;

use std::io::Write;

/// Prints each file's diagnostics as it comes, then the totals.
#[derive(Default)]
pub struct Printer {
    counts: [usize; 4],
    files: usize,
    /// The file printed last: a notebook comes in parts, one file.
    last: Option<std::path::PathBuf>,
    /// At most this many diagnostics per file (then one for the rest).
    limit: Option<usize>,
}

impl Printer {
    pub fn new(limit: Option<usize>) -> Self {
        Printer {
            limit,
            ..Printer::default()
        }
    }

    pub fn print(&mut self, out: &mut impl Write, r: &Checked) -> std::io::Result<()> {
        if self.last.as_ref() != Some(&r.path) {
            self.files += 1;
            self.last = Some(r.path.clone());
        }
        // The totals count every diagnostic, printed or not.
        for d in &r.diagnostics {
            self.counts[d.severity as usize] += 1;
        }
        for d in printed(r, self.limit) {
            out.write_all(render(r, &d).as_bytes())?;
        }
        Ok(())
    }

    pub fn finish(self, _out: &mut impl Write) -> std::io::Result<()> {
        summary(self.files, self.counts);
        Ok(())
    }
}

fn summary(files: usize, counts: [usize; 4]) {
    eprintln!(
        "checked {files} file{}: {} error(s), {} warning(s), {} hint(s)",
        if files == 1 { "" } else { "s" },
        counts[0],
        counts[1],
        counts[2] + counts[3]
    );
}

pub fn render(r: &Checked, d: &crate::formats::Diagnostic) -> String {
    let (line, col) = r.lines.position(&r.text, d.range.start, Encoding::Chars);
    let cell = r.cell.map(|n| format!("cell {n}:")).unwrap_or_default();
    let mut out = format!(
        "{}:{cell}{}:{}: {}[{}]: {}\n",
        r.path.display(),
        line + 1,
        col + 1,
        d.severity.as_str(),
        d.code,
        d.message
    );
    let source = r.lines.line_text(&r.text, line);
    let (end_line, end_col) = r.lines.position(&r.text, d.range.end, Encoding::Chars);
    let end_col = if end_line == line {
        end_col
    } else {
        source.chars().count()
    };
    let width = end_col.saturating_sub(col).max(1);
    let gutter = (line + 1).to_string();
    let pad = " ".repeat(gutter.len());
    let shown: String = source
        .chars()
        .map(|c| if c == '\t' { ' ' } else { c })
        .collect();
    out.push_str(&format!(
        "{pad} |\n{gutter} | {shown}\n{pad} | {}{}\n",
        " ".repeat(col),
        "^".repeat(width)
    ));
    for fix in d.fixes.iter().filter(|f| f.preferred) {
        out.push_str(&format!("{pad} = help: {}\n", fix.title));
    }
    out
}
