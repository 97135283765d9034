//! The outline (each dungeon with its levels and branches) and folding (a
//! dungeon's statements, runs of comment lines).

use super::compiler::Reading;
use super::model;
use super::scanner::Keyword;
use crate::formats::{Fold, FoldKind, Symbol, SymbolKind};

pub fn symbols(text: &str, reading: &Reading) -> Vec<Symbol> {
    model::dungeons(text, reading)
        .into_iter()
        .map(|d| {
            let mut children: Vec<Symbol> = d
                .levels
                .iter()
                .map(|l| {
                    let detail = match (l.keyword, l.base, l.range) {
                        (Keyword::RndLevel | Keyword::RndChainLevel, b, r) => format!(
                            "{} variants, ({}, {})",
                            l.variants.unwrap_or(0),
                            b.unwrap_or(0),
                            r.unwrap_or(0)
                        ),
                        (_, b, r) => format!("({}, {})", b.unwrap_or(0), r.unwrap_or(0)),
                    };
                    let detail = match &l.chained_from {
                        Some(from) => format!("{detail} from {from}"),
                        None => detail,
                    };
                    Symbol::leaf(
                        l.name.clone(),
                        Some(detail),
                        SymbolKind::Object,
                        l.statement.clone(),
                        l.name_range.clone(),
                    )
                })
                .collect();
            children.extend(d.branches.iter().map(|b| {
                Symbol::leaf(
                    format!("→ {}", b.target),
                    Some("branch".into()),
                    SymbolKind::Namespace,
                    b.statement.clone(),
                    b.target_range.clone(),
                )
            }));
            children.sort_by_key(|c| c.range.start);
            Symbol {
                name: d.name,
                detail: Some(format!(
                    "{} levels, {} branches",
                    d.levels.len(),
                    d.branches.len()
                )),
                kind: SymbolKind::Module,
                range: d.range,
                selection: d.statement,
                children,
            }
        })
        .collect()
}

pub fn folds(text: &str, reading: &Reading) -> Vec<Fold> {
    let line_of = |offset: usize| text[..offset].matches('\n').count();
    let mut folds: Vec<Fold> = model::dungeons(text, reading)
        .into_iter()
        .filter(|d| line_of(d.range.end) > line_of(d.range.start))
        .map(|d| Fold {
            range: d.range,
            kind: FoldKind::Region,
        })
        .collect();
    // Runs of two or more comment lines.
    let mut run: Option<(usize, usize, usize)> = None;
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let end = offset + line.trim_end_matches(['\n', '\r']).len();
        if line.starts_with('#') {
            run = Some(match run {
                Some((start, _, n)) => (start, end, n + 1),
                None => (offset, end, 1),
            });
        } else if let Some((start, last, n)) = run.take() {
            if n > 1 {
                folds.push(Fold {
                    range: start..last,
                    kind: FoldKind::Comment,
                });
            }
        }
        offset += line.len();
    }
    if let Some((start, last, n)) = run {
        if n > 1 {
            folds.push(Fold {
                range: start..last,
                kind: FoldKind::Comment,
            });
        }
    }
    folds.sort_by_key(|f| f.range.start);
    folds
}

#[cfg(test)]
mod tests;
