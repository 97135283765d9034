//! Completion of `des.` functions, of the keys of the function whose table
//! the cursor is in (those not written yet), of the words a key or a
//! positional argument takes, and of monster, object and trap names.

use super::api::{self, names, FUNCTIONS};
use super::check::names::named;
use super::hover::{describe_function, describe_key};
use super::syntax::{Arg, Level, Value};
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
    // Inside the string that names a monster, an object or a trap.
    if let Some(found) = name_completions(level, offset) {
        return found;
    }
    // Inside a string that takes one of a list of words.
    if let Some(found) = word_completions(level, offset) {
        return found;
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

/// The names a call's name string takes (`des.monster("`, `id = "`,
/// `type = "`): an object's narrowed by the call's `class=`.
fn name_completions(level: &Level, offset: usize) -> Option<Vec<Completion>> {
    let call = level
        .calls
        .iter()
        .rev()
        .find(|c| named(c).is_some_and(|(_, r, _)| r.start <= offset && offset <= r.end))?;
    let (_, range, _) = named(call)?;
    let class = call
        .table()
        .and_then(|t| t.get("class"))
        .and_then(|a| match &a.value {
            super::syntax::Value::String { text, .. } if text.chars().count() == 1 => {
                text.chars().next()
            }
            _ => None,
        });
    let kinds: &[&str] = match call.function.as_str() {
        "monster" => &["monster"],
        "object" => &["object"],
        _ => &["trap"],
    };
    Some(
        names::NAMES
            .iter()
            .filter(|n| kinds.contains(&n.kind) && class.is_none_or(|c| c == n.class))
            .map(|n| Completion {
                label: n.name.to_string(),
                kind: CompletionKind::Value,
                detail: Some(format!("{} `{}`", n.kind, n.class)),
                documentation: None,
                insert_text: None,
                replace: range.clone(),
                snippet: false,
            })
            .collect(),
    )
}

/// The words the string under the cursor takes: a key's (`halign = "`),
/// or a positional argument's as the function's forms list them
/// (`des.stair("`, `des.level_flags(`…`, "`, `des.feature("`).
fn word_completions(level: &Level, offset: usize) -> Option<Vec<Completion>> {
    let inside = |arg: &Arg| match &arg.value {
        Value::String { inner, .. } => {
            (inner.start <= offset && offset <= inner.end).then_some(inner.clone())
        }
        _ => None,
    };
    for call in level.calls.iter().rev() {
        if !(call.range.start < offset && offset < call.range.end) {
            continue;
        }
        let function = api::function(&call.function)?;
        if let Some(table) = call.table() {
            if let Some((field, range)) = table
                .keyed
                .iter()
                .find_map(|f| inside(&f.value).map(|r| (f, r)))
            {
                let key = function.key(&field.key)?;
                return Some(words(
                    &key.words(),
                    range,
                    &format!("{} of des.{}", key.name, function.name),
                ));
            }
        }
        let (index, range) = call
            .args
            .iter()
            .enumerate()
            .find_map(|(i, a)| inside(a).map(|r| (i, r)))?;
        // A door's state comes first, the words of its table's `state`.
        let listed = match (function.name, index) {
            ("door", 0) => function.key("state").map(|k| k.words()).unwrap_or_default(),
            ("level_flags", _) | (_, 0) => function.positional_words(),
            _ => Vec::new(),
        };
        return (!listed.is_empty())
            .then(|| words(&listed, range, &format!("des.{}", function.name)));
    }
    None
}

fn words(words: &[&str], range: std::ops::Range<usize>, detail: &str) -> Vec<Completion> {
    words
        .iter()
        .map(|w| Completion {
            label: w.to_string(),
            kind: CompletionKind::Value,
            detail: Some(detail.to_string()),
            documentation: None,
            insert_text: None,
            replace: range.clone(),
            snippet: false,
        })
        .collect()
}
