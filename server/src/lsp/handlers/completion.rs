//! textDocument/completion.

use crate::formats::CompletionKind;
use crate::lsp::documents::Snapshot;
use crate::lsp::position::{to_offset, to_range};
use crate::text::Encoding;
use tower_lsp_server::ls_types::{
    CompletionItem, CompletionItemKind, CompletionResponse, CompletionTextEdit, Documentation,
    InsertTextFormat, MarkupContent, MarkupKind, Position, TextEdit,
};

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
) -> Option<CompletionResponse> {
    let (format, file) = doc.source()?;
    let items = format.completions(&file, to_offset(doc, position, encoding));
    if items.is_empty() {
        return None;
    }
    let items = items
        .into_iter()
        .map(|c| CompletionItem {
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
                new_text: c.insert_text.unwrap_or_else(|| c.label.clone()),
            })),
            insert_text_format: c.snippet.then_some(InsertTextFormat::SNIPPET),
            label: c.label,
            ..Default::default()
        })
        .collect();
    Some(CompletionResponse::Array(items))
}
