//! textDocument/formatting: the format's canonical layout as text edits.

use crate::lsp::documents::Snapshot;
use crate::lsp::position::to_range;
use crate::text::Encoding;
use tower_lsp_server::ls_types::TextEdit;

/// `None` when the document's format has no layout or refuses (the text
/// could not be formatted without losing something); no edits when it is
/// already laid out. The layout is the format's own: tab size and the like
/// do not apply.
pub fn formatting(doc: &Snapshot, encoding: Encoding) -> Option<Vec<TextEdit>> {
    let (format, file) = doc.source()?;
    let edits = format.format(&file)?;
    Some(
        edits
            .into_iter()
            .map(|e| TextEdit {
                range: to_range(doc, &e.range, encoding),
                new_text: e.new_text,
            })
            .collect(),
    )
}
