//! Completion: what may be typed at the cursor, decided from the line the
//! cursor is on (robust while the line is half-written).

use super::analysis::declared_containers;
use super::effective::canonical;
use super::syntax::Room;
use super::vocabulary::*;
use crate::formats::{Completion, CompletionKind, SourceFile};

pub fn completions(file: &SourceFile, offset: usize) -> Vec<Completion> {
    let text = file.text;
    if offset > text.len() || !text.is_char_boundary(offset) {
        return Vec::new();
    }
    let line_start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let before = &text[line_start..offset];
    let word_start = crate::formats::word_start(text, line_start, offset);
    let word = &text[word_start..offset];
    // An item replaces the whole word the cursor is in, not just what is
    // before it: completing `Fla|gs:` gives `Flags:`, not `Flags:gs:`.
    let word_end = word_end(text, offset);
    let line_number = text[..line_start].matches('\n').count();
    let room = Room::of(file);
    let body_start = room.body.first().map(|l| l.line().start);
    let in_body = body_start.is_some_and(|b| line_start >= b);
    let trimmed = before.trim_start();

    if line_number == 0 {
        return if "DERF:".starts_with(before) || before.starts_with("DERF:") {
            vec![item(
                "DERF:0.1.0",
                CompletionKind::Keyword,
                "the header line",
                HEADER_DOC,
                line_start
                    ..offset
                        + text[offset..]
                            .find(char::is_whitespace)
                            .unwrap_or(text.len() - offset),
            )]
        } else {
            Vec::new()
        };
    }
    // A flags line holds flags only, even with the cursor still against the colon.
    if trimmed.starts_with("Flags:") {
        let after_keyword = line_start + before.find("Flags:").unwrap() + 6;
        if word_start >= after_keyword {
            return flag_completions(text, &room, word, word_start, word_end);
        }
        if offset == after_keyword {
            return flag_completions(text, &room, "", offset, offset)
                .into_iter()
                .map(|mut c| {
                    c.insert_text = Some(format!(" {}", c.label));
                    c
                })
                .collect();
        }
        return Vec::new();
    }
    if in_body && (trimmed.starts_with('+') || trimmed.starts_with('-')) {
        return flag_completions(text, &room, word, word_start, word_end);
    }
    if trimmed.starts_with("Containers:") {
        if word_start < line_start + before.find("Containers:").unwrap() + 11 {
            return Vec::new();
        }
        return container_kinds(word_start..word_end);
    }
    if line_number >= 3 && word_start == line_start && !before.contains(':') {
        // A keyword brings its own colon: one already written is replaced.
        let keyword_end = word_end + usize::from(text[word_end..].starts_with(':'));
        let mut out = Vec::new();
        for (keyword, doc) in [
            ("Flags:", FLAGS_LINE_DOC),
            ("Containers:", CONTAINERS_LINE_DOC),
        ] {
            if keyword.starts_with(word) && !word.is_empty() {
                out.push(item(
                    keyword,
                    CompletionKind::Keyword,
                    "section line",
                    doc,
                    word_start..keyword_end,
                ));
            }
        }
        if in_body {
            out.extend(declared_refs(text, &room, word_start..word_end));
        }
        return out;
    }
    if in_body {
        if let Some(colon) = before.find(':') {
            let item_start = line_start + colon + 1;
            let item_start = item_start
                + (text[item_start..offset].len() - text[item_start..offset].trim_start().len());
            return ITEM_TYPES
                .iter()
                .map(|t| {
                    item(
                        t.name,
                        CompletionKind::Value,
                        "item type",
                        t.doc,
                        item_start..word_end.max(item_start),
                    )
                })
                .collect();
        }
    }
    Vec::new()
}

/// The end of the word the cursor is in: up to a space or a `:`, which
/// separate every DERF word from the next.
fn word_end(text: &str, offset: usize) -> usize {
    offset
        + text[offset..]
            .find(|c: char| c.is_whitespace() || c == ':')
            .unwrap_or(text.len() - offset)
}

fn item(
    label: &str,
    kind: CompletionKind,
    detail: &str,
    doc: &str,
    replace: std::ops::Range<usize>,
) -> Completion {
    Completion {
        label: label.to_string(),
        kind,
        detail: Some(detail.to_string()),
        documentation: Some(doc.to_string()),
        insert_text: None,
        replace,
        snippet: false,
    }
}

fn flag_completions(
    text: &str,
    room: &Room,
    word: &str,
    word_start: usize,
    word_end: usize,
) -> Vec<Completion> {
    // Flags already written elsewhere on the line are not offered again.
    let written: Vec<&str> = room
        .flags_lines()
        .flat_map(|l| l.flags.iter())
        .filter(|t| !(t.span.start <= word_end && word_end <= t.span.end))
        .filter_map(|t| t.name.as_ref())
        .filter_map(|n| canonical(&text[n.clone()]))
        .collect();
    let (sign, replace_start) = match word.chars().next() {
        Some(c @ ('+' | '-')) => (Some(c), word_start + 1),
        _ => (None, word_start),
    };
    FLAGS
        .iter()
        .filter(|f| !written.contains(&f.name))
        .map(|f| {
            let label = match sign {
                Some(_) => f.name.to_string(),
                None => format!("+{}", f.name),
            };
            let mut c = item(
                &label,
                CompletionKind::Constant,
                f.summary,
                f.doc,
                replace_start..word_end,
            );
            c.detail = Some(format!("{} — {}", f.group.label(), f.summary));
            c
        })
        .collect()
}

fn container_kinds(replace: std::ops::Range<usize>) -> Vec<Completion> {
    let plain = CONTAINERS.iter().map(|c| {
        item(
            c.name,
            CompletionKind::Class,
            "generic container",
            c.doc,
            replace.clone(),
        )
    });
    let concealed = CONTAINERS.iter().map(|c| {
        let doc = format!("{}\n\nConcealed: {}.", c.doc, c.concealed);
        item(
            &format!("{CONCEALED_PREFIX}{}", c.name),
            CompletionKind::Class,
            "hidden generic container",
            &doc,
            replace.clone(),
        )
    });
    plain.chain(concealed).collect()
}

fn declared_refs(text: &str, room: &Room, replace: std::ops::Range<usize>) -> Vec<Completion> {
    let mut out = Vec::new();
    for (kind, count) in declared_containers(text, room) {
        let base = kind.strip_prefix(CONCEALED_PREFIX).unwrap_or(&kind);
        let doc =
            container(base).map_or("A container your Dungeon Engine build provides.", |c| c.doc);
        if count == 1 {
            out.push(item(
                &kind,
                CompletionKind::Class,
                "declared container",
                doc,
                replace.clone(),
            ));
        } else {
            for n in 1..=count {
                let detail = format!("{kind} number {n} of {count}");
                out.push(item(
                    &format!("{kind}{n}"),
                    CompletionKind::Class,
                    &detail,
                    doc,
                    replace.clone(),
                ));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests;
