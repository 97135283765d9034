//! Inlay hints (plain-text tooltips: LSP sends them as strings): the terrain under every position, shown after its `x y`, so
//! an author sees at a glance that the treasure sits in the swamp.

use super::hover::{cell, cell_line, occupants, Cell};
use super::model::Model;
use crate::formats::{InlayHint, SourceFile};
use std::ops::Range;

pub fn inlay_hints(file: &SourceFile, range: Range<usize>) -> Vec<InlayHint> {
    let model = Model::of(file);
    model
        .placed()
        .into_iter()
        .filter(|p| {
            let line = &model.map.lines[model.map.elements[p.element].line];
            line.start <= range.end && range.start <= line.end
        })
        .filter_map(|p| {
            let label = match cell(&model, p.x, p.y) {
                Cell::Terrain(t) => t.name().to_string(),
                Cell::Outside { .. } => "outside map".to_string(),
                // A broken or missing grid has its own diagnostics; a guess would mislead.
                Cell::Unreadable | Cell::NoGrid => return None,
            };
            let mut tooltip = cell_line(&model, p.x, p.y, false);
            let others = occupants(&model, p.x, p.y, Some(p.element), false);
            if !others.is_empty() {
                tooltip.push_str(&format!("\n\nAlso on this cell: {}.", others.join(", ")));
            }
            Some(InlayHint {
                offset: p.span.end,
                label,
                tooltip: Some(tooltip),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests;
