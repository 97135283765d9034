//! workspace/symbol: the names the workspace index holds (levels, dungeons)
//! whose name holds the query's characters in order.

use crate::formats::SymbolKind;
use crate::lsp::index::{Indexer, OpenByPath};
use crate::lsp::position::{range_in, to_range};
use crate::text::{Encoding, LineIndex};
use std::collections::HashMap;
use std::path::PathBuf;
use tower_lsp_server::ls_types::{
    Location, OneOf, SymbolKind as Kind, Uri, WorkspaceSymbol, WorkspaceSymbolResponse,
};

/// At most this many answers: a query of one letter matches most names.
const LIMIT: usize = 500;

fn kind(k: SymbolKind) -> Kind {
    match k {
        SymbolKind::Namespace => Kind::NAMESPACE,
        SymbolKind::Field => Kind::FIELD,
        _ => Kind::MODULE,
    }
}

pub fn symbols(
    indexer: &Indexer,
    query: &str,
    encoding: Encoding,
    open: OpenByPath,
) -> Option<WorkspaceSymbolResponse> {
    let found = indexer.symbols(query, LIMIT);
    // Each file's text read once, as the editor has it.
    let mut texts: HashMap<PathBuf, Option<(String, LineIndex)>> = HashMap::new();
    let mut answer = Vec::new();
    for (path, place) in found {
        let Some(uri) = Uri::from_file_path(&path) else {
            continue;
        };
        let range = match open(&path) {
            Some(snapshot) => to_range(&snapshot, &place.range, encoding),
            None => {
                let text = texts.entry(path.clone()).or_insert_with(|| {
                    let text = std::fs::read_to_string(&path).ok()?;
                    let lines = LineIndex::new(&text);
                    Some((text, lines))
                });
                let Some((text, lines)) = text else { continue };
                range_in(text, lines, &place.range, encoding)
            }
        };
        answer.push(WorkspaceSymbol {
            name: place.name,
            kind: kind(place.kind),
            tags: None,
            container_name: Some(place.detail),
            location: OneOf::Left(Location { uri, range }),
            data: None,
        });
    }
    Some(WorkspaceSymbolResponse::Nested(answer))
}
