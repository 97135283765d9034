//! Semantic highlighting of MAP cells, so a map reads like the game: each
//! kind of terrain gets a standard token type that common themes colour
//! differently (the table is in `docs/formats/nethack-parts/navigation.md`).
//! Keywords and value words are left to the grammar's highlighting.

use crate::formats::nethack::syntax::{self, Item, MapBlock};
use crate::formats::{SemanticKind, SourceFile};
use std::ops::Range;

/// The token kind of a map character; `None` for solid rock (blank) and for
/// anything that is no map character.
pub(in crate::formats::nethack) fn kind_of(c: char) -> Option<SemanticKind> {
    Some(match c {
        '-' | '|' => SemanticKind::Keyword,
        '+' | 'S' => SemanticKind::Function,
        '.' => SemanticKind::Operator,
        '#' | 'H' => SemanticKind::Macro,
        '}' | 'P' | 'W' => SemanticKind::Type,
        'L' => SemanticKind::String,
        'T' => SemanticKind::Number,
        'F' => SemanticKind::Property,
        'I' => SemanticKind::Variable,
        '{' | '\\' | 'K' => SemanticKind::EnumMember,
        'A' | 'C' => SemanticKind::Comment,
        'B' => SemanticKind::Label,
        _ => return None,
    })
}

pub fn semantic_tokens(file: &SourceFile) -> Vec<(Range<usize>, SemanticKind)> {
    let doc = syntax::read(file.text, file.tree);
    let maps = doc
        .prelude
        .iter()
        .chain(doc.levels.iter().flat_map(|l| l.items.iter()))
        .filter_map(Item::map);
    let mut out = Vec::new();
    for map in maps {
        map_tokens(file.text, map, &mut out);
    }
    out.sort_by_key(|(range, _)| range.start);
    out
}

/// One token per run of adjacent cells of the same kind (a wall is one
/// token, not seventy); digits, which lev_comp deletes, break a run.
fn map_tokens(text: &str, map: &MapBlock, out: &mut Vec<(Range<usize>, SemanticKind)>) {
    for row in map.good_rows() {
        let mut run: Option<(Range<usize>, SemanticKind)> = None;
        for &offset in &row.cells {
            let Some(c) = text.get(offset..).and_then(|t| t.chars().next()) else {
                continue;
            };
            let cell = offset..offset + c.len_utf8();
            let kind = kind_of(c);
            match (&mut run, kind) {
                (Some((range, k)), Some(kind)) if *k == kind && range.end == cell.start => {
                    range.end = cell.end;
                }
                _ => {
                    out.extend(run.take());
                    run = kind.map(|k| (cell, k));
                }
            }
        }
        out.extend(run);
    }
}

#[cfg(test)]
mod tests;
