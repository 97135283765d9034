//! textDocument/hover.

use crate::lsp::documents::Snapshot;
use crate::lsp::position::{to_offset, to_range};
use crate::text::Encoding;
use tower_lsp_server::ls_types::{Hover, HoverContents, MarkupContent, MarkupKind, Position};

pub fn hover(doc: &Snapshot, encoding: Encoding, position: Position) -> Option<Hover> {
    let (format, file) = doc.source()?;
    let info = format.hover(&file, to_offset(doc, position, encoding))?;
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value: info.markdown,
        }),
        range: Some(to_range(doc, &info.range, encoding)),
    })
}
