//! Frupal rules → diagnostics, with stable codes (`docs/formats/frupal.md`).
//! Each rule names the decision it follows (F1…F24) where the spec and the
//! game disagree. One file per concern: the file's structure, the terrain
//! grid, element values, and the world they make.

mod structure;
mod terrain;
mod values;
mod world;

use super::model::Model;
use super::syntax::Span;
use crate::formats::{Diagnostic, Edit, SourceFile};

/// The end of messages about mistakes that stop the game from loading the map.
const REFUSED: &str = "the game refuses to load this map";

fn edit(range: Span, new_text: impl Into<String>) -> Vec<Edit> {
    vec![Edit {
        range,
        new_text: new_text.into(),
    }]
}

pub fn diagnostics(file: &SourceFile) -> Vec<Diagnostic> {
    let model = Model::of(file);
    let mut out = Vec::new();
    structure::check(&model, &mut out);
    terrain::check(&model, &mut out);
    values::check(&model, &mut out);
    world::check(&model, &mut out);
    out.sort_by_key(|d| (d.range.start, d.range.end));
    out
}

#[cfg(test)]
mod tests;
