//! Document symbols (the room, its flags and containers) and folding.

use super::syntax::{BodyLine, Room};
use crate::formats::{Fold, FoldKind, SourceFile, Symbol, SymbolKind};

pub fn symbols(file: &SourceFile) -> Vec<Symbol> {
    let text = file.text;
    let room = Room::of(file);
    let mut children = Vec::new();
    if let (Some(first), Some(last)) = (
        room.description_lines.first(),
        room.description_lines.last(),
    ) {
        children.push(Symbol {
            name: "Long description".into(),
            detail: Some(format!("{} line(s)", room.description_lines.len())),
            kind: SymbolKind::String,
            range: first.start..last.end,
            selection: first.clone(),
            children: Vec::new(),
        });
    }
    let mut containers: Option<Symbol> = None;
    for line in &room.body {
        match line {
            BodyLine::Flags(f) => children.push(Symbol {
                name: "Flags".into(),
                detail: Some(
                    text[f.keyword.clone().map_or(f.line.start, |k| k.end)..f.line.end]
                        .trim()
                        .to_string(),
                ),
                kind: SymbolKind::Property,
                range: f.line.clone(),
                selection: f.keyword.clone().unwrap_or(f.line.clone()),
                children: Vec::new(),
            }),
            BodyLine::FlagsContinuation(_) => {}
            BodyLine::Containers(c) => {
                let symbol = Symbol {
                    name: "Containers".into(),
                    detail: Some(text[c.keyword.end..c.line.end].trim().to_string()),
                    kind: SymbolKind::Namespace,
                    range: c.line.clone(),
                    selection: c.keyword.clone(),
                    children: Vec::new(),
                };
                if let Some(done) = containers.replace(symbol) {
                    children.push(done);
                }
            }
            BodyLine::Container(c) => {
                let symbol = Symbol {
                    name: text[c.container.clone()].to_string(),
                    detail: c.item.clone().map(|i| text[i].to_string()),
                    kind: SymbolKind::Field,
                    range: c.line.clone(),
                    selection: c.container.clone(),
                    children: Vec::new(),
                };
                match &mut containers {
                    Some(parent) => {
                        parent.range.end = parent.range.end.max(symbol.range.end);
                        parent.children.push(symbol);
                    }
                    None => children.push(symbol),
                }
            }
        }
    }
    children.extend(containers);
    let name = room.name.clone().filter(|n| !n.is_empty());
    let selection = name
        .clone()
        .or(room.header.as_ref().map(|h| h.line.clone()))
        .unwrap_or(0..0);
    vec![Symbol {
        name: name.map_or("Room # (unnamed)".to_string(), |n| text[n].to_string()),
        detail: room.short.clone().map(|s| text[s].to_string()),
        kind: SymbolKind::Module,
        range: 0..text.len(),
        selection,
        children,
    }]
}

pub fn folds(file: &SourceFile) -> Vec<Fold> {
    let room = Room::of(file);
    let mut out = Vec::new();
    if let (Some(first), Some(last)) = (
        room.description_lines.first(),
        room.description_lines.last(),
    ) {
        if file.text[first.start..last.end].contains('\n') {
            out.push(Fold {
                range: first.start..last.end,
                kind: FoldKind::Comment,
            });
        }
    }
    let lines: Vec<_> = room.container_lines().collect();
    if let (Some(first), Some(last)) = (lines.first(), lines.last()) {
        if first.line.start != last.line.start {
            out.push(Fold {
                range: first.line.start..last.line.end,
                kind: FoldKind::Region,
            });
        }
    }
    out
}
