//! `--format json`: one object per diagnostic, positions 1-based in characters.

use super::Checked;
use crate::text::Encoding;
use serde_json::{json, Value};

pub fn print(results: &[Checked]) {
    let mut all = Vec::new();
    for r in results {
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
            all.push(json!({
                "file": r.path.display().to_string(),
                "format": r.format.name(),
                "line": line + 1,
                "column": col + 1,
                "end_line": end_line + 1,
                "end_column": end_col + 1,
                "severity": d.severity.as_str(),
                "code": d.code,
                "message": d.message,
                "fixes": fixes,
            }));
        }
    }
    println!(
        "{}",
        serde_json::to_string_pretty(&Value::Array(all)).expect("JSON of plain values")
    );
}
