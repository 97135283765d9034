//! textDocument/completion.

use crate::formats::CompletionKind;
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

/// A snippet as plain text, for clients that cannot expand placeholders:
/// `${1:0}` becomes `0`, `$0` and `$1` disappear.
fn plain_text(snippet: &str) -> String {
    let mut out = String::new();
    let mut rest = snippet;
    while let Some(at) = rest.find('$') {
        out.push_str(&rest[..at]);
        rest = &rest[at + 1..];
        if let Some(inner) = rest.strip_prefix('{') {
            let end = inner.find('}').unwrap_or(inner.len());
            let body = &inner[..end];
            out.push_str(body.split_once(':').map_or("", |(_, default)| default));
            rest = inner.get(end + 1..).unwrap_or("");
        } else {
            rest = rest.trim_start_matches(|c: char| c.is_ascii_digit());
        }
    }
    out.push_str(rest);
    out
}

pub fn completion(
    doc: &Snapshot,
    encoding: Encoding,
    position: Position,
    snippet_support: bool,
) -> Option<CompletionResponse> {
    let (format, file) = doc.source()?;
    let mut items = format.completions(&file, to_offset(doc, position, encoding));
    if items.is_empty() {
        return None;
    }
    let incomplete = items.len() > MAX_ITEMS;
    if incomplete {
        items.retain(|c| {
            let typed = doc.text.get(c.replace.clone()).unwrap_or("");
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
                    Some(text) if c.snippet && !snippet_support => plain_text(&text),
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

#[cfg(test)]
mod tests {
    use super::plain_text;

    #[test]
    fn snippets_become_their_default_text() {
        assert_eq!(plain_text("start: ${1:0} ${2:0}"), "start: 0 0");
        assert_eq!(plain_text("a ${1:x y}$0 b$2"), "a x y b");
        assert_eq!(plain_text("no placeholders"), "no placeholders");
    }
}
