//! The outline (each dungeon with its levels and branches, as listed) and
//! a fold for each entry that spans lines.

use super::model::Dungeons;
use crate::formats::{Fold, FoldKind, Symbol, SymbolKind};

pub fn symbols(model: &Dungeons) -> Vec<Symbol> {
    model
        .dungeons
        .iter()
        .map(|d| {
            let mut children: Vec<Symbol> = d
                .levels
                .iter()
                .map(|l| {
                    let detail = match (l.variants, &l.chain) {
                        (0, None) => None,
                        (0, Some(c)) => Some(format!("from {}", c.text)),
                        (n, _) => Some(format!("{n} variants")),
                    };
                    Symbol::leaf(
                        l.name.text.clone(),
                        detail,
                        SymbolKind::Object,
                        l.range.clone(),
                        l.name.range.clone(),
                    )
                })
                .collect();
            children.extend(d.branches.iter().map(|b| {
                Symbol::leaf(
                    format!("→ {}", b.name.text),
                    Some("branch".into()),
                    SymbolKind::Namespace,
                    b.range.clone(),
                    b.name.range.clone(),
                )
            }));
            children.sort_by_key(|c| c.range.start);
            Symbol {
                name: d.name.text.clone(),
                detail: Some(format!(
                    "{} levels, {} branches",
                    d.levels.len(),
                    d.branches.len()
                )),
                kind: SymbolKind::Module,
                range: d.range.clone(),
                selection: d.name.range.clone(),
                children,
            }
        })
        .collect()
}

pub fn folds(text: &str, model: &Dungeons) -> Vec<Fold> {
    let ranges = model.dungeons.iter().flat_map(|d| {
        std::iter::once(d.range.clone())
            .chain(d.levels.iter().map(|l| l.range.clone()))
            .chain(d.branches.iter().map(|b| b.range.clone()))
    });
    let mut folds: Vec<Fold> = ranges
        .filter(|r| text[r.clone()].contains('\n'))
        .map(|range| Fold {
            range,
            kind: FoldKind::Region,
        })
        .collect();
    folds.sort_by_key(|f| f.range.start);
    folds
}
