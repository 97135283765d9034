//! Document symbols (the groups, their keys, nested objects) and folding (every object or
//! array that spans lines).

use super::model::code_of;
use super::syntax::{self, Json, Kind};
use super::vocabulary as v;
use crate::formats::{Fold, FoldKind, SourceFile, Symbol, SymbolKind};

pub fn symbols(file: &SourceFile) -> Vec<Symbol> {
    let Some(root) = syntax::root_of(file) else {
        return Vec::new();
    };
    members(file.text, &root, &root, &mut Vec::new())
}

fn members<'a>(text: &str, root: &Json, node: &'a Json, path: &mut Vec<&'a str>) -> Vec<Symbol> {
    node.members()
        .iter()
        .map(|m| {
            path.push(&m.key);
            let (kind, detail, children) = match &m.value.kind {
                Kind::Object(_) => {
                    let kind = if path.len() == 1 {
                        SymbolKind::Namespace
                    } else {
                        SymbolKind::Object
                    };
                    let known = v::field_at(path).map(|f| f.doc.split(". ").next().unwrap_or(""));
                    (
                        kind,
                        known.map(str::to_string),
                        members(text, root, &m.value, path),
                    )
                }
                Kind::Array(items) => (
                    SymbolKind::Field,
                    Some(format!("array of {}", items.len())),
                    Vec::new(),
                ),
                _ => {
                    let written: String = text[m.value.span.clone()].chars().take(40).collect();
                    let detail = match code_of(root, path, &m.value) {
                        Some(code) => format!("{written} {}", code.name),
                        None => written,
                    };
                    (SymbolKind::Field, Some(detail), Vec::new())
                }
            };
            path.pop();
            Symbol {
                name: m.key.clone(),
                detail,
                kind,
                range: m.span.clone(),
                selection: m.key_span.clone(),
                children,
            }
        })
        .collect()
}

pub fn folds(file: &SourceFile) -> Vec<Fold> {
    let mut out = Vec::new();
    if let Some(root) = syntax::root_of(file) {
        fold(file.text, &root, &mut out);
    }
    out
}

fn fold(text: &str, node: &Json, out: &mut Vec<Fold>) {
    let children: Vec<&Json> = match &node.kind {
        Kind::Object(m) => m.iter().map(|m| &m.value).collect(),
        Kind::Array(items) => items.iter().collect(),
        _ => return,
    };
    if text[node.span.clone()].contains('\n') {
        out.push(Fold {
            range: node.span.clone(),
            kind: FoldKind::Region,
        });
    }
    for child in children {
        fold(text, child, out);
    }
}

#[cfg(test)]
mod tests;
