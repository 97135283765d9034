//! Inlay hints: after each explicit point `(x,y)` of a MAZE part with a MAP,
//! the map character under it and its terrain (`'+' door`). Regions get no
//! hints (two per REGION line would drown the file); out-of-range points get
//! none either, the analysis reports them.

use crate::formats::nethack::ide::navigation::{cell, coordinates};
use crate::formats::nethack::names::vocabulary;
use crate::formats::nethack::syntax;
use crate::formats::nethack::syntax::{model, Level};
use crate::formats::{InlayHint, SourceFile};
use std::ops::Range;

pub fn inlay_hints(file: &SourceFile, range: Range<usize>) -> Vec<InlayHint> {
    let doc = syntax::read(file.text, file.tree);
    let mut out = Vec::new();
    for level in doc
        .levels
        .iter()
        .filter(|l| l.span.start <= range.end && range.start <= l.span.end)
    {
        level_hints(file.text, level, &range, &mut out);
    }
    out
}

fn level_hints(text: &str, level: &Level, range: &Range<usize>, out: &mut Vec<InlayHint>) {
    for part in model::parts(level) {
        let Some(map) = part.map else { continue };
        for c in coordinates(level, &part).iter().filter(|c| c.point) {
            let offset = c.span.end;
            if offset < range.start || offset > range.end {
                continue;
            }
            let Some(ch) = cell(map, c.x, c.y).and_then(|(x, y)| map.cell(text, x, y)) else {
                continue;
            };
            let (label, tooltip) = match vocabulary::map_char(ch) {
                Some(m) => (format!("'{ch}' {}", m.terrain), Some(m.meaning.to_string())),
                None => (format!("'{ch}'"), None),
            };
            out.push(InlayHint {
                offset,
                label,
                tooltip,
            });
        }
    }
}

#[cfg(test)]
mod tests;
