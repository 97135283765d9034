//! 3.6 variables: go to definition (the first assignment), references
//! (assignments and uses), rename (every occurrence in the variable's scope).

use crate::formats::nethack::syntax::scope::{self, Variable};
use crate::formats::nethack::syntax::Document;
use crate::formats::Edit;
use std::ops::Range;

/// Every place a variable is written, assignments first seen first, in file order.
pub(in crate::formats::nethack) fn occurrences(v: &Variable) -> Vec<Range<usize>> {
    let mut all: Vec<Range<usize>> = v.definitions.iter().chain(&v.uses).cloned().collect();
    all.sort_by_key(|r| (r.start, r.end));
    all.dedup();
    all
}

/// The variable under the cursor (a cursor just after `$name` still finds it)
/// and the occurrence it is on.
fn under(text: &str, doc: &Document, offset: usize) -> Option<(Vec<scope::Scope>, Range<usize>)> {
    let scopes = scope::scopes(text, doc);
    let v = scope::variable_at(&scopes, offset)
        .or_else(|| scope::variable_at(&scopes, offset.checked_sub(1)?))?;
    let at = occurrences(v)
        .into_iter()
        .find(|r| r.start <= offset && offset <= r.end)?;
    Some((scopes, at))
}

fn with_variable<T>(
    text: &str,
    doc: &Document,
    offset: usize,
    f: impl FnOnce(&[scope::Scope], &Variable, Range<usize>) -> T,
) -> Option<T> {
    let (scopes, at) = under(text, doc, offset)?;
    let v = scope::variable_at(&scopes, at.start)?;
    Some(f(&scopes, v, at))
}

pub fn definition(text: &str, doc: &Document, offset: usize) -> Vec<Range<usize>> {
    with_variable(text, doc, offset, |_, v, _| {
        v.definitions.first().cloned().into_iter().collect()
    })
    .unwrap_or_default()
}

pub fn references(
    text: &str,
    doc: &Document,
    offset: usize,
    include_definitions: bool,
) -> Vec<Range<usize>> {
    with_variable(text, doc, offset, |_, v, _| {
        if include_definitions {
            occurrences(v)
        } else {
            let mut uses = v.uses.clone();
            uses.sort_by_key(|r| r.start);
            uses
        }
    })
    .unwrap_or_default()
}

pub fn prepare_rename(text: &str, doc: &Document, offset: usize) -> Option<Range<usize>> {
    under(text, doc, offset).map(|(_, at)| at)
}

/// `$` then letters and `_` (3.6's lexer: `$x1` is a syntax error).
fn valid_name(name: &str) -> bool {
    name.strip_prefix('$').is_some_and(|rest| {
        !rest.is_empty() && rest.chars().all(|c| c.is_ascii_alphabetic() || c == '_')
    })
}

pub fn rename(
    text: &str,
    doc: &Document,
    offset: usize,
    new_name: &str,
) -> Result<Vec<Edit>, String> {
    // Editors send the name as typed; `place` means `$place`.
    let new_name = if new_name.starts_with('$') {
        new_name.to_string()
    } else {
        format!("${new_name}")
    };
    if !valid_name(&new_name) {
        return Err(format!(
            "`{new_name}` is not a variable name: `$` then letters and `_` only (NetHack 3.6 reads `$x1` as a syntax error)"
        ));
    }
    with_variable(text, doc, offset, |scopes, v, _| {
        if v.name == new_name {
            return Ok(Vec::new());
        }
        let first = v.definitions.first().or(v.uses.first()).map(|r| r.start);
        let clash = scopes
            .iter()
            .filter(|s| first.is_some_and(|f| s.span.contains(&f)))
            .flat_map(|s| &s.variables)
            .any(|other| other.name == new_name);
        if clash {
            return Err(format!("`{new_name}` is already a variable here"));
        }
        Ok(occurrences(v)
            .into_iter()
            .map(|range| Edit {
                range,
                new_text: new_name.clone(),
            })
            .collect())
    })
    .unwrap_or_else(|| Err("no variable here".to_string()))
}
