//! textDocument/completion.

use crate::formats::{snippet_defaults, CompletionKind};
use crate::lsp::documents::Snapshot;
use crate::lsp::position::{to_offset, to_range};
use crate::text::Encoding;
use tower_lsp_server::ls_types::{
    CompletionItem, CompletionItemKind, CompletionList, CompletionResponse, CompletionTextEdit,
    Documentation, InsertTextFormat, MarkupContent, MarkupKind, Position, TextEdit,
};

/// The most items one answer carries. A large file can declare thousands of
/// names (a 1 MB DERF room's containers); past this, only those starting
/// with what is typed are sent, this many at most, and the list is marked
/// incomplete so the editor asks again as the user types.
const MAX_ITEMS: usize = 500;

fn kind(k: CompletionKind) -> CompletionItemKind {
    match k {
        CompletionKind::Keyword => CompletionItemKind::KEYWORD,
        CompletionKind::Constant => CompletionItemKind::CONSTANT,
        CompletionKind::Class => CompletionItemKind::CLASS,
        CompletionKind::Value => CompletionItemKind::VALUE,
        CompletionKind::Snippet => CompletionItemKind::SNIPPET,
    }
}

pub fn completion(
    doc: &Snapshot,
    encoding: Encoding,
    position: Position,
    snippet_support: bool,
) -> Option<CompletionResponse> {
    let (format, file) = doc.source()?;
    let cursor = to_offset(doc, position, encoding);
    let mut items = format.completions(&file, cursor);
    if items.is_empty() {
        return None;
    }
    let incomplete = items.len() > MAX_ITEMS;
    if incomplete {
        // What is typed is what the item replaces up to the cursor: an item
        // may also replace text after it (a WUAS box's padding).
        items.retain(|c| {
            let typed = doc
                .text
                .get(c.replace.start..cursor.clamp(c.replace.start, c.replace.end))
                .unwrap_or("");
            c.label.starts_with(typed)
        });
        items.truncate(MAX_ITEMS);
    }
    // The format lists the best candidates first (a 3.6 variable of the
    // slot's type before the others): `sortText` keeps editors from re-sorting by label.
    let items = items
        .into_iter()
        .enumerate()
        .map(|(i, c)| CompletionItem {
            sort_text: Some(format!("{i:05}")),
            kind: Some(kind(c.kind)),
            detail: c.detail,
            documentation: c.documentation.map(|value| {
                Documentation::MarkupContent(MarkupContent {
                    kind: MarkupKind::Markdown,
                    value,
                })
            }),
            text_edit: Some(CompletionTextEdit::Edit(TextEdit {
                range: to_range(doc, &c.replace, encoding),
                new_text: match c.insert_text {
                    Some(text) if c.snippet && !snippet_support => snippet_defaults(&text),
                    Some(text) => text,
                    None => c.label.clone(),
                },
            })),
            insert_text_format: (c.snippet && snippet_support).then_some(InsertTextFormat::SNIPPET),
            label: c.label,
            ..Default::default()
        })
        .collect();
    if incomplete {
        return Some(CompletionResponse::List(CompletionList {
            is_incomplete: true,
            items,
        }));
    }
    Some(CompletionResponse::Array(items))
}
