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
    for e in syntax::errors(file.text, file.tree) {
        let mut d = Diagnostic::new(Severity::Error, e.code, e.span, e.message);
        if let Some(remove) = e.remove {
            let title = if e.code == syntax::COMMENT {
                "Remove the comment"
            } else {
                "Remove the trailing comma"
            };
            d = d.with_fix(title, edit(remove, ""), true);
        }
        out.push(d);
    }
    // When recovery could not find the top-level object's shape (an ERROR directly under the
    // document), what it recovered is guesswork: only the syntax errors are reported.
    let document = file.tree.root_node();
    let mut cursor = document.walk();
    let garbled = document
        .children(&mut cursor)
        .any(|n| n.is_error() || n.kind() == "ERROR");
    let root = syntax::root_of(file);
    match root.as_deref() {
        Some(_) if garbled => {}
        Some(
            root @ Json {
                kind: Kind::Object(_),
                ..
            },
        ) => {
            // A group may hide inside an ERROR of the top-level object: do not claim it missing.
            let top = document.named_child(0);
            let mut cursor = document.walk();
            let broken_top = top.is_some_and(|t| {
                t.children(&mut cursor).any(|n| n.kind() == "ERROR" || n.is_missing())
            });
            values::check(file.text, root, !broken_top, &mut out);
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
