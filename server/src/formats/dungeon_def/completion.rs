//! Completion: a statement's keyword at the start of a line (with its form
//! as a snippet), and the words a slot takes after `DESCRIPTION:` and the
//! like, or after a branch's placement.

use super::scanner::{Token, Word, LITERALS};
use super::vocabulary::{self, KEYWORDS};
use crate::formats::{word_start, Completion, CompletionKind};

pub fn completions(text: &str, offset: usize) -> Vec<Completion> {
    let line_start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let start = word_start(text, line_start, offset);
    let before = text[line_start..start].trim();
    if before.is_empty() || before.starts_with('%') && !before.contains(':') {
        return KEYWORDS
            .iter()
            .map(|k| Completion {
                label: k.name.to_string(),
                kind: CompletionKind::Keyword,
                detail: Some(k.syntax.to_string()),
                documentation: Some(k.doc.to_string()),
                insert_text: Some(k.snippet.to_string()),
                replace: start..offset,
                snippet: true,
            })
            .collect();
    }
    let keyword = before.split(':').next().unwrap_or_default().trim();
    let keyword = keyword
        .rsplit(char::is_whitespace)
        .next()
        .unwrap_or_default();
    let wanted: fn(Word) -> bool = match keyword {
        "DESCRIPTION" => |w| matches!(w, Word::Descriptor(d) if matches!(d.value(), 2 | 4 | 8)),
        "LEVELDESC" => |w| matches!(w, Word::Descriptor(d) if (1..16).contains(&d.value())),
        "ALIGNMENT" | "LEVALIGN" => {
            |w| matches!(w, Word::Descriptor(d) if d.value() == 0 || d.value() >= 16)
        }
        "BRANCH" | "CHAINBRANCH" if before.contains(')') => |w| !matches!(w, Word::Descriptor(_)),
        _ => return Vec::new(),
    };
    LITERALS
        .iter()
        .filter_map(|(name, token)| match token {
            Token::Word(w) if wanted(*w) => Some(Completion {
                label: name.to_string(),
                kind: CompletionKind::Constant,
                detail: None,
                documentation: Some(vocabulary::word_doc(*w).to_string()),
                insert_text: None,
                replace: start..offset,
                snippet: false,
            }),
            _ => None,
        })
        .collect()
}

#[cfg(test)]
mod tests;
