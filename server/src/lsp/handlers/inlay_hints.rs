//! textDocument/inlayHint.

use crate::lsp::documents::Snapshot;
use crate::lsp::position::{to_offset, to_position};
use crate::text::Encoding;
use tower_lsp_server::ls_types::{
    InlayHint, InlayHintKind, InlayHintLabel, InlayHintTooltip, Range,
};

pub fn inlay_hints(doc: &Snapshot, encoding: Encoding, range: Range) -> Option<Vec<InlayHint>> {
    let (format, file) = doc.source()?;
    let bytes = to_offset(doc, range.start, encoding)..to_offset(doc, range.end, encoding);
    let hints = format
        .inlay_hints(&file, bytes)
        .into_iter()
        .map(|h| InlayHint {
            position: to_position(doc, h.offset, encoding),
            label: InlayHintLabel::String(h.label),
            kind: Some(InlayHintKind::TYPE),
            text_edits: None,
            tooltip: h.tooltip.map(InlayHintTooltip::String),
            padding_left: Some(true),
            padding_right: None,
            data: None,
        })
        .collect::<Vec<_>>();
    // Nothing to say is null, not an empty answer: the editor then takes
    // another server's (a Python file's own, for the levels inside it).
    (!hints.is_empty()).then_some(hints)
}
