//! textDocument/semanticTokens/full: the format's highlighted words,
//! delta-encoded in the negotiated position encoding.

use crate::formats::SemanticKind;
use crate::lsp::documents::Snapshot;
use crate::lsp::position::to_position;
use crate::text::Encoding;
use tower_lsp_server::ls_types::{
    SemanticToken, SemanticTokenType, SemanticTokens, SemanticTokensLegend, SemanticTokensResult,
};

/// The legend sent in `initialize`; [`index`] must follow its order.
pub fn legend() -> SemanticTokensLegend {
    SemanticTokensLegend {
        token_types: vec![
            SemanticTokenType::TYPE,
            SemanticTokenType::ENUM_MEMBER,
            SemanticTokenType::PROPERTY,
            SemanticTokenType::DECORATOR,
            SemanticTokenType::KEYWORD,
            SemanticTokenType::NUMBER,
            SemanticTokenType::FUNCTION,
            SemanticTokenType::OPERATOR,
            SemanticTokenType::MACRO,
            SemanticTokenType::STRING,
            SemanticTokenType::VARIABLE,
            SemanticTokenType::COMMENT,
        ],
        token_modifiers: Vec::new(),
    }
}

fn index(kind: SemanticKind) -> u32 {
    match kind {
        SemanticKind::Type => 0,
        SemanticKind::EnumMember => 1,
        SemanticKind::Property => 2,
        SemanticKind::Label => 3,
        SemanticKind::Keyword => 4,
        SemanticKind::Number => 5,
        SemanticKind::Function => 6,
        SemanticKind::Operator => 7,
        SemanticKind::Macro => 8,
        SemanticKind::String => 9,
        SemanticKind::Variable => 10,
        SemanticKind::Comment => 11,
    }
}

pub fn semantic_tokens(doc: &Snapshot, encoding: Encoding) -> Option<SemanticTokensResult> {
    let (format, file) = doc.source()?;
    let mut words = format.semantic_tokens(&file);
    // Nothing to say is null, not an empty answer: the editor then takes
    // another server's (a Python file's own, for the levels inside it).
    if words.is_empty() {
        return None;
    }
    words.sort_by_key(|(range, _)| range.start);
    let mut data = Vec::with_capacity(words.len());
    let (mut line, mut column) = (0, 0);
    for (range, kind) in words {
        let start = to_position(doc, range.start, encoding);
        let end = to_position(doc, range.end, encoding);
        if end.line != start.line || end.character <= start.character {
            continue; // tokens never span lines, and empty ones are not sent
        }
        let delta_line = start.line - line;
        let delta_start = if delta_line == 0 {
            start.character - column
        } else {
            start.character
        };
        data.push(SemanticToken {
            delta_line,
            delta_start,
            length: end.character - start.character,
            token_type: index(kind),
            token_modifiers_bitset: 0,
        });
        (line, column) = (start.line, start.character);
    }
    Some(SemanticTokensResult::Tokens(SemanticTokens {
        result_id: None,
        data,
    }))
}
