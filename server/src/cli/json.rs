//! `--format json`: one object per diagnostic, positions 1-based in characters.

use super::Checked;
use crate::text::Encoding;
use serde_json::{json, Value};

use std::io::Write;

/// Prints one JSON array, an object per diagnostic, file by file as they come.
#[derive(Default)]
pub struct Printer {
    started: bool,
}

impl Printer {
    pub fn print(&mut self, out: &mut impl Write, r: &Checked) -> std::io::Result<()> {
        for object in objects(r) {
            let separator = if self.started { ",\n" } else { "[\n" };
            self.started = true;
            let text = serde_json::to_string_pretty(&object).expect("JSON of plain values");
            write!(out, "{separator}{text}")?;
        }
        Ok(())
    }

    pub fn finish(self, out: &mut impl Write) -> std::io::Result<()> {
        if self.started {
            writeln!(out, "\n]")
        } else {
            writeln!(out, "[]")
        }
    }
}

fn objects(r: &Checked) -> Vec<Value> {
    let mut all = Vec::new();
    {
        for d in &r.diagnostics {
            let (line, col) = r.lines.position(&r.text, d.range.start, Encoding::Chars);
            let (end_line, end_col) = r.lines.position(&r.text, d.range.end, Encoding::Chars);
            let fixes: Vec<Value> = d
                .fixes
                .iter()
                .map(|f| {
                    let edits: Vec<Value> = f
                        .edits
                        .iter()
                        .map(|e| json!({"start": e.range.start, "end": e.range.end, "new_text": e.new_text}))
                        .collect();
                    json!({"title": f.title, "preferred": f.preferred, "byte_edits": edits})
                })
                .collect();
            let mut object = json!({
                "file": r.path.display().to_string(),
                "format": r.format,
                "line": line + 1,
                "column": col + 1,
                "end_line": end_line + 1,
                "end_column": end_col + 1,
                "severity": d.severity.as_str(),
                "code": d.code,
                "message": d.message,
                "fixes": fixes,
            });
            if let Some(cell) = r.cell {
                // Positions and byte edits are in this notebook cell's source.
                object["cell"] = json!(cell);
            }
            all.push(object);
        }
    }
    all
}
