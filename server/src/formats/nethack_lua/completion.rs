//! Completion of `des.` functions, and of the keys of the function whose
//! table the cursor is in (those not written yet).

use super::api::{self, FUNCTIONS};
use super::hover::{describe_function, describe_key};
use super::syntax::Level;
use crate::formats::{Completion, CompletionKind};

pub fn completions(text: &str, level: &Level, offset: usize) -> Vec<Completion> {
    // The name being typed: the identifier that ends at the cursor.
    let start = text[..offset]
        .char_indices()
        .rev()
        .find(|(_, c)| !(c.is_ascii_alphanumeric() || *c == '_'))
        .map_or(0, |(i, c)| i + c.len_utf8());
    if text[..start].ends_with("des.") {
        return FUNCTIONS
            .iter()
            .map(|f| Completion {
                label: f.name.to_string(),
                kind: CompletionKind::Keyword,
                detail: Some(format!("des.{}", f.name)),
                documentation: Some(describe_function(f)),
                insert_text: None,
                replace: start..offset,
                snippet: false,
            })
            .collect();
    }
    // In the table of the innermost call around the cursor.
    let Some((call, table)) = level.calls.iter().rev().find_map(|c| {
        let t = c.table()?;
        (t.range.start < offset && offset < t.range.end).then_some((c, t))
    }) else {
        return Vec::new();
    };
    // Not inside a nested table or function of that table.
    if table
        .keyed
        .iter()
        .any(|f| f.value.range.start < offset && offset < f.value.range.end)
    {
        return Vec::new();
    }
    let Some(function) = api::function(&call.function) else {
        return Vec::new();
    };
    function
        .keys
        .iter()
        .filter(|k| {
            table
                .get(k.name)
                .is_none_or(|_| text[start..offset] == *k.name)
        })
        .map(|k| Completion {
            label: k.name.to_string(),
            kind: CompletionKind::Value,
            detail: Some(format!(
                "{}{}",
                k.kind,
                if k.required { ", required" } else { "" }
            )),
            documentation: Some(describe_key(function, k)),
            insert_text: Some(format!("{} = ", k.name)),
            replace: start..offset,
            snippet: false,
        })
        .collect()
}
