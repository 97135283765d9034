//! dungeon-mystery rules → diagnostics with stable codes (`docs/formats/dungeon-mystery.md`).
//! One file per concern: [`values`] checks every key and value against the vocabulary table,
//! [`semantics`] the combinations that run but do something the author probably does not mean
//! (inputs spec §7).

mod semantics;
mod values;

use super::syntax::{self, Json, Kind, Span};
use crate::formats::{Diagnostic, Edit, Severity, SourceFile};

fn edit(range: Span, new_text: impl Into<String>) -> Vec<Edit> {
    vec![Edit {
        range,
        new_text: new_text.into(),
    }]
}

pub fn diagnostics(file: &SourceFile) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let reading = syntax::reading_of(file);
    for e in &reading.errors {
        let mut d = Diagnostic::new(Severity::Error, e.code, e.span.clone(), e.message.clone());
        if let Some(remove) = &e.remove {
            let title = if e.code == syntax::COMMENT {
                "Remove the comment"
            } else {
                "Remove the trailing comma"
            };
            d = d.with_fix(title, edit(remove.clone(), ""), true);
        }
        out.push(d);
    }
    // When the document holds text outside its value, what was read is
    // guesswork: only the syntax errors are reported.
    match reading.root.as_deref() {
        Some(_) if reading.garbled => {}
        Some(
            root @ Json {
                kind: Kind::Object(_),
                ..
            },
        ) => {
            // A group may be lost in an error of the top-level object: do not claim it missing.
            values::check(file.text, root, !reading.broken_top, &mut out);
            semantics::check(root, &mut out);
        }
        Some(other) => out.push(Diagnostic::new(
            Severity::Error,
            "dungeon-mystery::not-an-object",
            other.span.clone(),
            format!(
                "the file must be one object with `floor_props` and `dungeon_data`, not {}; the demo's import rejects it",
                other.type_name()
            ),
        )),
        None => {}
    }
    out.sort_by_key(|d| (d.range.start, d.range.end));
    out
}

#[cfg(test)]
mod tests;
