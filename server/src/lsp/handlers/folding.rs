//! textDocument/foldingRange.

use crate::formats::FoldKind;
use crate::lsp::documents::Snapshot;
use crate::text::Encoding;
use tower_lsp_server::ls_types::{FoldingRange, FoldingRangeKind};

pub fn folding_ranges(doc: &Snapshot, _encoding: Encoding) -> Option<Vec<FoldingRange>> {
    let (format, file) = doc.source()?;
    let folds = format
        .folds(&file)
        .into_iter()
        .map(|f| FoldingRange {
            start_line: doc.lines.line_of(f.range.start) as u32,
            end_line: doc.lines.line_of(f.range.end) as u32,
            kind: Some(match f.kind {
                FoldKind::Comment => FoldingRangeKind::Comment,
                FoldKind::Region => FoldingRangeKind::Region,
            }),
            ..Default::default()
        })
        .collect::<Vec<_>>();
    // Nothing to say is null, not an empty answer: the editor then takes
    // another server's (a Python file's own, for the levels inside it).
    (!folds.is_empty()).then_some(folds)
}
