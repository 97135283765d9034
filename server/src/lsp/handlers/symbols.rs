//! textDocument/documentSymbol.

use crate::formats::{Symbol, SymbolKind};
use crate::lsp::documents::Snapshot;
use crate::lsp::position::to_range;
use crate::text::Encoding;
use tower_lsp_server::ls_types::{DocumentSymbol, DocumentSymbolResponse, SymbolKind as Kind};

fn kind(k: SymbolKind) -> Kind {
    match k {
        SymbolKind::File => Kind::FILE,
        SymbolKind::Module => Kind::MODULE,
        SymbolKind::Namespace => Kind::NAMESPACE,
        SymbolKind::Property => Kind::PROPERTY,
        SymbolKind::Field => Kind::FIELD,
        SymbolKind::Constant => Kind::CONSTANT,
        SymbolKind::String => Kind::STRING,
        SymbolKind::Object => Kind::OBJECT,
        SymbolKind::Struct => Kind::STRUCT,
    }
}

#[allow(deprecated)] // `deprecated` is a required field of DocumentSymbol
fn convert(doc: &Snapshot, s: Symbol, encoding: Encoding) -> DocumentSymbol {
    DocumentSymbol {
        name: if s.name.is_empty() {
            " ".into()
        } else {
            s.name
        },
        detail: s.detail,
        kind: kind(s.kind),
        tags: None,
        deprecated: None,
        range: to_range(doc, &s.range, encoding),
        selection_range: to_range(doc, &s.selection, encoding),
        children: Some(
            s.children
                .into_iter()
                .map(|c| convert(doc, c, encoding))
                .collect(),
        ),
    }
}

pub fn document_symbols(doc: &Snapshot, encoding: Encoding) -> Option<DocumentSymbolResponse> {
    let (format, file) = doc.source()?;
    let symbols = format
        .symbols(&file)
        .into_iter()
        .map(|s| convert(doc, s, encoding))
        .collect::<Vec<_>>();
    // Nothing to say is null, not an empty answer: the editor then takes
    // another server's (a Python file's own, for the levels inside it).
    (!symbols.is_empty()).then_some(DocumentSymbolResponse::Nested(symbols))
}
