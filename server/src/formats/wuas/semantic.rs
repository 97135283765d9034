//! Semantic highlighting: space names, attribute ids, token ids and labels,
//! wherever they stand (cells, footer tables, graph edges).

use super::reader::read_of;
use crate::formats::{SemanticKind, SourceFile};
use std::ops::Range;

pub fn semantic_tokens(file: &SourceFile) -> Vec<(Range<usize>, SemanticKind)> {
    let reader = read_of(file);
    let data = &reader.file;
    let version = data.version.unwrap_or(5);
    let mut out = Vec::new();
    if let Some(span) = &data.version_span {
        out.push((span.clone(), SemanticKind::Number));
    }
    for floor in &data.floors {
        if let Some(line) = &floor.line {
            out.push((
                line.start..line.start + "floor=".len(),
                SemanticKind::Keyword,
            ));
            out.push((line.start + "floor=".len()..line.end, SemanticKind::Number));
        }
    }
    for (_, _, _, cell) in data.cells() {
        out.push((cell.name.clone(), SemanticKind::Type));
        if version >= 3 {
            out.extend(
                cell.attributes
                    .iter()
                    .filter(|a| a.ch != ' ')
                    .map(|a| (a.span.clone(), SemanticKind::Property)),
            );
        }
        out.extend(
            cell.tokens
                .iter()
                .filter(|t| t.ch != ' ')
                .map(|t| (t.span.clone(), SemanticKind::EnumMember)),
        );
        if let Some(label) = &cell.label {
            out.push((label.span.clone(), SemanticKind::Label));
        }
    }
    out.extend(
        data.tokens
            .iter()
            .map(|t| (t.id.clone(), SemanticKind::EnumMember)),
    );
    out.extend(
        data.attributes
            .iter()
            .map(|a| (a.id.clone(), SemanticKind::Property)),
    );
    for edge in &data.edges {
        out.push((edge.from.clone(), SemanticKind::Label));
        out.push((edge.to.clone(), SemanticKind::Label));
    }
    out.retain(|(range, _)| !range.is_empty());
    out
}
