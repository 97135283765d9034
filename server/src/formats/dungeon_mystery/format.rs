//! Document formatting: serde_json's pretty printer (two-space indent, key
//! order kept by its `preserve_order` feature). Only a file it can reproduce
//! exactly is formatted: a syntax error, a comment, a repeated key (the
//! printer would keep one) or a number it would spell differently (`1e5`,
//! a huge integer) leaves the file alone.

use super::syntax::{self, Json, Kind};
use crate::formats::{Edit, SourceFile};

pub fn format(file: &SourceFile) -> Option<Vec<Edit>> {
    let reading = syntax::reading_of(file);
    if !reading.errors.is_empty() || !reproducible(reading.root.as_deref()?, file.text) {
        return None;
    }
    let value: serde_json::Value = serde_json::from_str(file.text).ok()?;
    let mut pretty = serde_json::to_string_pretty(&value).ok()?;
    pretty.push('\n');
    if pretty == file.text {
        return Some(Vec::new());
    }
    Some(vec![Edit {
        range: 0..file.text.len(),
        new_text: pretty,
    }])
}

/// Whether printing the parsed value gives back every key and number as written.
fn reproducible(value: &Json, text: &str) -> bool {
    match &value.kind {
        Kind::Number(_) => {
            let written = &text[value.span.clone()];
            let read = serde_json::from_str::<serde_json::Number>(written).ok();
            read.map(|n| n.to_string()).as_deref() == Some(written)
        }
        Kind::Object(members) => {
            let keys: Vec<&str> = members.iter().map(|m| &text[m.key_span.clone()]).collect();
            !(1..keys.len()).any(|i| keys[..i].contains(&keys[i]))
                && members.iter().all(|m| reproducible(&m.value, text))
        }
        Kind::Array(items) => items.iter().all(|v| reproducible(v, text)),
        Kind::Missing => false,
        Kind::String(_) | Kind::Bool(_) | Kind::Null => true,
    }
}

#[cfg(test)]
mod tests;
