//! Inlay hints: the name of every enumeration code after it (`"layout": 1` ⟶ `SMALL`).

use super::model::code_of;
use super::syntax::{self, Json, Kind};
use crate::formats::{InlayHint, SourceFile};
use std::ops::Range;

pub fn inlay_hints(file: &SourceFile, range: Range<usize>) -> Vec<InlayHint> {
    let Some(root) = syntax::root_of(file) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    walk(&root, &root, &mut Vec::new(), &range, &mut out);
    out
}

fn walk<'a>(
    root: &Json,
    node: &'a Json,
    path: &mut Vec<&'a str>,
    range: &Range<usize>,
    out: &mut Vec<InlayHint>,
) {
    for m in node.members() {
        path.push(&m.key);
        match &m.value.kind {
            Kind::Object(_) => walk(root, &m.value, path, range, out),
            _ if m.value.span.end < range.start || m.value.span.start > range.end => {}
            _ => {
                if let Some(code) = code_of(root, path, &m.value) {
                    out.push(InlayHint {
                        offset: m.value.span.end,
                        label: code.name.to_string(),
                        tooltip: Some(code.meaning.to_string()),
                    });
                }
            }
        }
        path.pop();
    }
}

#[cfg(test)]
mod tests;
