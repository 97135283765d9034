//! The outline: the calls that build the level's shape (`level_init`,
//! `map`, `room`, `region`, `levregion`, …), rooms nested as written;
//! a fold for each call that spans lines.

use super::syntax::{Level, Value};
use crate::formats::{Fold, FoldKind, Symbol, SymbolKind};

/// The calls shown in the outline.
const SHAPES: &[&str] = &[
    "level_init",
    "level_flags",
    "map",
    "room",
    "region",
    "levregion",
    "teleport_region",
    "mazewalk",
];

pub fn symbols(text: &str, level: &Level) -> Vec<Symbol> {
    let mut roots: Vec<Symbol> = Vec::new();
    for call in level
        .calls
        .iter()
        .filter(|c| SHAPES.contains(&c.function.as_str()))
    {
        let detail = call
            .table()
            .and_then(|t| match t.get("type").map(|a| &a.value) {
                Some(Value::String { text, .. }) => Some(text.clone()),
                _ => None,
            });
        let line = text[call.range.clone()]
            .lines()
            .next()
            .unwrap_or("")
            .to_string();
        let symbol = Symbol::leaf(
            format!("des.{}", call.function),
            detail.or_else(|| (line.len() < 60).then_some(line)),
            if call.function == "room" {
                SymbolKind::Struct
            } else {
                SymbolKind::Object
            },
            call.range.clone(),
            call.function_range.clone(),
        );
        insert(&mut roots, symbol);
    }
    roots
}

/// Put `symbol` inside the last symbol that holds it (a room's contents).
fn insert(siblings: &mut Vec<Symbol>, symbol: Symbol) {
    if let Some(last) = siblings.last_mut() {
        if last.range.start <= symbol.range.start && symbol.range.end <= last.range.end {
            insert(&mut last.children, symbol);
            return;
        }
    }
    siblings.push(symbol);
}

pub fn folds(text: &str, level: &Level) -> Vec<Fold> {
    level
        .calls
        .iter()
        .filter(|c| text[c.range.clone()].contains('\n'))
        .map(|c| Fold {
            range: c.range.clone(),
            kind: FoldKind::Region,
        })
        .collect()
}
