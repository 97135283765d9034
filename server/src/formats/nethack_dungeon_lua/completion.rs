//! Completion of the keys of the entry the cursor is in (those not written yet).

use super::hover::describe_key;
use super::syntax::{entry_at, Description};
use crate::formats::{Completion, CompletionKind};

pub fn completions(text: &str, described: &Description, offset: usize) -> Vec<Completion> {
    let start = text[..offset]
        .char_indices()
        .rev()
        .find(|(_, c)| !(c.is_ascii_alphanumeric() || *c == '_'))
        .map_or(0, |(i, c)| i + c.len_utf8());
    let Some((kind, table)) = entry_at(described, offset) else {
        return Vec::new();
    };
    // Not inside a value: a list of levels, a string.
    if table
        .keyed
        .iter()
        .any(|f| f.value.range.start < offset && offset <= f.value.range.end)
    {
        return Vec::new();
    }
    let typed = &text[start..offset];
    kind.keys()
        .iter()
        .filter(|k| table.get(k.name).is_none() || typed == k.name)
        .map(|k| Completion {
            label: k.name.to_string(),
            kind: CompletionKind::Value,
            detail: Some(format!(
                "{}{}",
                kind.label(),
                if k.required { ", required" } else { "" }
            )),
            documentation: Some(describe_key(kind, k)),
            insert_text: Some(format!("{} = ", k.name)),
            replace: start..offset,
            snippet: false,
        })
        .collect()
}
