//! Completion: the keys valid in the object under the cursor and not yet there (inserting
//! `"key": default`), enumeration codes with their names, `true`/`false` for booleans.
//! The context comes from a forgiving scan of the text before the cursor, so it works while
//! the file is half typed.

use super::hover::key_markdown;
use super::model::codes_for;
use super::syntax::{self, Json};
use super::vocabulary::{self as v, Ty};
use crate::formats::{Completion, CompletionKind, SourceFile};
use std::ops::Range;

/// One open object or array before the cursor.
struct Frame {
    object: bool,
    /// The key this container is the value of.
    name: Option<String>,
    /// Keys already written in it (before the cursor).
    keys: Vec<String>,
    /// The last key read, and whether its `:` was read (a value is expected).
    pending: Option<String>,
    after_colon: bool,
    /// The pending key's value is complete: what follows (a comma forgotten) is a new key.
    value_done: bool,
    /// Inside a number or `true`/`false`/`null` of the pending key.
    in_bare_value: bool,
}

enum Context {
    Key {
        path: Vec<String>,
        seen: Vec<String>,
    },
    Value {
        path: Vec<String>,
    },
}

/// Where the cursor is, and the span of the partial word (or string) it is in.
fn context(text: &str, offset: usize) -> Option<(Context, Range<usize>)> {
    let b = text.as_bytes();
    let mut stack: Vec<Frame> = Vec::new();
    let mut i = 0;
    let mut string_start = None;
    while i < offset {
        match b[i] {
            b'"' => {
                let start = i;
                i += 1;
                while i < offset && b[i] != b'"' && b[i] != b'\n' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                if i >= offset {
                    string_start = Some(start);
                    break;
                }
                if let Some(top) = stack.last_mut() {
                    if top.object && top.after_colon && top.value_done {
                        // A new key after a member whose comma is missing.
                        top.keys.extend(top.pending.take());
                        top.after_colon = false;
                        top.value_done = false;
                    }
                    if top.object && !top.after_colon {
                        top.pending = Some(syntax::unquote(&text[start..=i]));
                    } else {
                        top.value_done = true;
                    }
                }
            }
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < offset && b[i] != b'\n' {
                    i += 1;
                }
            }
            b':' => {
                if let Some(top) = stack.last_mut() {
                    top.after_colon = true;
                    top.value_done = false;
                }
            }
            b',' => {
                if let Some(top) = stack.last_mut() {
                    if let Some(k) = top.pending.take() {
                        top.keys.push(k);
                    }
                    top.after_colon = false;
                    top.value_done = false;
                    top.in_bare_value = false;
                }
            }
            c @ (b'{' | b'[') => {
                let name = stack.last().and_then(|t| t.pending.clone());
                stack.push(Frame {
                    object: c == b'{',
                    name,
                    keys: Vec::new(),
                    pending: None,
                    after_colon: false,
                    value_done: false,
                    in_bare_value: false,
                });
            }
            b'}' | b']' => {
                stack.pop();
                if let Some(top) = stack.last_mut() {
                    top.after_colon = true;
                    top.value_done = true;
                }
            }
            c => {
                if let Some(top) = stack.last_mut().filter(|t| t.after_colon && !t.value_done) {
                    if !c.is_ascii_whitespace() {
                        top.in_bare_value = true;
                    } else if top.in_bare_value {
                        top.value_done = true;
                        top.in_bare_value = false;
                    }
                }
            }
        }
        i += 1;
    }
    let top = stack.last()?;
    if !top.object {
        return None;
    }
    let path: Vec<String> = stack
        .iter()
        .skip(1)
        .filter_map(|f| f.name.clone())
        .collect();
    if path.len() + 1 != stack.len() {
        return None;
    }
    let word_start = |from: usize| {
        text[..from]
            .char_indices()
            .rev()
            .take_while(|(_, c)| c.is_ascii_alphanumeric() || *c == '_' || *c == '-' || *c == '$')
            .last()
            .map_or(from, |(i, _)| i)
    };
    if top.after_colon && !top.value_done {
        let key = top.pending.clone()?;
        let start = string_start.unwrap_or_else(|| word_start(offset));
        let mut path = path;
        path.push(key);
        return Some((Context::Value { path }, start..offset));
    }
    let start = string_start.unwrap_or_else(|| word_start(offset));
    // An editor's auto-closed quote after the cursor is replaced too.
    let end = if string_start.is_some() && b.get(offset) == Some(&b'"') {
        offset + 1
    } else {
        offset
    };
    let mut seen = top.keys.clone();
    seen.extend(top.pending.clone());
    Some((Context::Key { path, seen }, start..end))
}

pub fn completions(file: &SourceFile, offset: usize) -> Vec<Completion> {
    let Some((context, replace)) = context(file.text, offset) else {
        return Vec::new();
    };
    let root = syntax::root_of(file);
    match context {
        Context::Key { path, mut seen } => {
            let path: Vec<&str> = path.iter().map(String::as_str).collect();
            let Some(fields) = v::fields_at(&path) else {
                return Vec::new();
            };
            // Keys after the cursor count as present too.
            if let Some(obj) = root.as_ref().and_then(|r| object_at(r, &path)) {
                seen.extend(obj.members().iter().map(|m| m.key.clone()));
            }
            let (before, after) = member_separators(file.text, &replace);
            fields
                .iter()
                .filter(|f| f.role != v::Role::Output && !seen.iter().any(|k| k == f.key))
                .map(|f| {
                    let value = match f.ty {
                        Ty::Object(_) => "{}".to_string(),
                        Ty::String => "\"\"".to_string(),
                        _ if f.default == v::Value::None => "0".to_string(),
                        _ => f.default.json(),
                    };
                    let mut full: Vec<&str> = path.clone();
                    full.push(f.key);
                    Completion {
                        label: f.key.to_string(),
                        kind: if matches!(f.ty, Ty::Object(_)) {
                            CompletionKind::Class
                        } else {
                            CompletionKind::Keyword
                        },
                        detail: Some(format!("{} = {value}", f.ty.name())),
                        documentation: Some(key_markdown(&full, f, Some(f.codes))),
                        insert_text: Some(format!("{before}\"{}\": {value}{after}", f.key)),
                        replace: replace.clone(),
                        snippet: false,
                    }
                })
                .collect()
        }
        Context::Value { path } => {
            let path: Vec<&str> = path.iter().map(String::as_str).collect();
            let Some(field) = v::field_at(&path) else {
                return Vec::new();
            };
            let codes = match &root {
                Some(r) => codes_for(r, &path),
                None => (!field.codes.is_empty()).then_some(field.codes),
            };
            let (_, after) = member_separators(file.text, &replace);
            let with_comma = |label: &str| (!after.is_empty()).then(|| format!("{label}{after}"));
            if let Some(codes) = codes {
                return codes
                    .iter()
                    .map(|c| Completion {
                        label: c.code.to_string(),
                        kind: CompletionKind::Constant,
                        detail: Some(c.name.to_string()),
                        documentation: Some(c.meaning.to_string()),
                        insert_text: with_comma(&c.code.to_string()),
                        replace: replace.clone(),
                        snippet: false,
                    })
                    .collect();
            }
            if field.ty == Ty::Boolean {
                return ["true", "false"]
                    .iter()
                    .map(|b| Completion {
                        label: b.to_string(),
                        kind: CompletionKind::Value,
                        detail: Some(if field.default.json() == *b {
                            "the library default".to_string()
                        } else {
                            "boolean".to_string()
                        }),
                        documentation: None,
                        insert_text: with_comma(b),
                        replace: replace.clone(),
                        snippet: false,
                    })
                    .collect();
            }
            Vec::new()
        }
    }
}

/// The commas a member (or value) written over `replace` needs to keep the JSON valid:
/// one before it when a member ends just before, one after it when a member follows.
fn member_separators(text: &str, replace: &Range<usize>) -> (&'static str, &'static str) {
    let previous = previous_significant(&text[..replace.start]);
    let next = next_significant(&text[replace.end..]);
    let before = match previous {
        Some('{' | '[' | ',' | ':') | None => "",
        Some(_) => ", ",
    };
    let after = if next == Some('"') { "," } else { "" };
    (before, after)
}

/// The last character of `text` that is not blank or in a comment: a comment
/// is an error of its own, and its last character says nothing of commas.
fn previous_significant(text: &str) -> Option<char> {
    let mut rest = text;
    loop {
        let trimmed = rest.trim_end();
        if let Some(body) = trimmed.strip_suffix("*/") {
            if let Some(open) = body.rfind("/*") {
                rest = &body[..open];
                continue;
            }
        }
        let line_start = trimmed.rfind('\n').map_or(0, |i| i + 1);
        match line_comment_start(&trimmed[line_start..]) {
            Some(comment) => rest = &trimmed[..line_start + comment],
            None => return trimmed.chars().next_back(),
        }
    }
}

/// The first character of `text` that is not blank or in a comment.
fn next_significant(text: &str) -> Option<char> {
    let mut rest = text;
    loop {
        let trimmed = rest.trim_start();
        if let Some(body) = trimmed.strip_prefix("//") {
            rest = body.find('\n').map_or("", |end| &body[end..]);
        } else if let Some(body) = trimmed.strip_prefix("/*") {
            rest = body.find("*/").map_or("", |end| &body[end + 2..]);
        } else {
            return trimmed.chars().next();
        }
    }
}

/// Where a `//` comment starts on `line`, outside strings.
fn line_comment_start(line: &str) -> Option<usize> {
    let b = line.as_bytes();
    let mut in_string = false;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' if in_string => i += 1,
            b'"' => in_string = !in_string,
            b'/' if !in_string && b.get(i + 1) == Some(&b'/') => return Some(i),
            _ => {}
        }
        i += 1;
    }
    None
}

fn object_at<'a>(root: &'a Json, path: &[&str]) -> Option<&'a Json> {
    let mut node = root;
    for key in path {
        node = node.get(key)?;
    }
    Some(node)
}

#[cfg(test)]
mod tests;
