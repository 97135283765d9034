//! Byte ranges ↔ LSP ranges in the negotiated position encoding.

use super::documents::Snapshot;
use crate::text::Encoding;
use std::ops::Range;
use tower_lsp_server::ls_types::{Position, PositionEncodingKind, Range as LspRange};

/// UTF-8 when the client offers it (no conversion work), else the LSP default UTF-16.
pub fn negotiate(offered: Option<&[PositionEncodingKind]>) -> Encoding {
    match offered {
        Some(kinds) if kinds.contains(&PositionEncodingKind::UTF8) => Encoding::Utf8,
        _ => Encoding::Utf16,
    }
}

pub fn kind(encoding: Encoding) -> PositionEncodingKind {
    match encoding {
        Encoding::Utf8 => PositionEncodingKind::UTF8,
        _ => PositionEncodingKind::UTF16,
    }
}

pub fn to_position(doc: &Snapshot, offset: usize, encoding: Encoding) -> Position {
    let (line, character) = doc.lines.position(&doc.text, offset, encoding);
    Position {
        line: line as u32,
        character: character as u32,
    }
}

pub fn to_range(doc: &Snapshot, range: &Range<usize>, encoding: Encoding) -> LspRange {
    LspRange {
        start: to_position(doc, range.start, encoding),
        end: to_position(doc, range.end, encoding),
    }
}

pub fn to_offset(doc: &Snapshot, position: Position, encoding: Encoding) -> usize {
    doc.lines.offset(
        &doc.text,
        position.line as usize,
        position.character as usize,
        encoding,
    )
}
