//! Completion: what may be typed at the cursor, decided from the line it is
//! on and the word's position among the element's values (robust while the
//! line is half-written).

use super::hover::{lines_list, syntax_line};
use super::model::Model;
use super::vocabulary::{ParamKind, ELEMENTS, HEADER, TERRAINS};
use crate::formats::{Completion, CompletionKind, SourceFile};
use std::ops::Range;

pub fn completions(file: &SourceFile, offset: usize) -> Vec<Completion> {
    let text = file.text;
    if offset > text.len() || !text.is_char_boundary(offset) {
        return Vec::new();
    }
    let model = Model::of(file);
    let line = model.map.line_of(offset);
    let line_start = model.map.lines[line].start;
    if offset < line_start {
        return Vec::new();
    }
    let before = &text[line_start..offset];
    let word_start = crate::formats::word_start(text, line_start, offset);
    let word = &text[word_start..offset];
    let replace = word_start..offset;

    // The grid's lines, including those not typed yet: the game reads them as rows.
    if model.map.terrain.as_ref().is_some_and(|t| {
        let first = model.map.elements[t.element].line + 1;
        (first..first + t.height).contains(&line)
    }) {
        return terrain_chars(offset);
    }
    if line == 0 {
        // F1: only the header belongs on line 1, spelt exactly.
        return if word_start == line_start && HEADER.starts_with(before) {
            vec![keyword(HEADER, "the header: line 1 of every map", replace)]
        } else {
            Vec::new()
        };
    }
    if before[..word_start - line_start].trim().is_empty() {
        if word.starts_with('#') || word.contains(':') {
            return Vec::new();
        }
        return element_keywords(&model, line, replace);
    }
    let Some(index) = model.map.elements.iter().position(|e| e.line == line) else {
        return Vec::new();
    };
    // Which value the word is: how many of the element's values start before it.
    let position = model
        .map
        .values_of(&model.map.elements[index])
        .iter()
        .filter(|v| v.span.start < word_start)
        .count();
    let Some(p) = &model.parsed[index] else {
        return Vec::new();
    };
    match p.info.name {
        "obstacle:" if position == 2 => obstacle_kinds(&model, line, replace),
        "tool:" => {
            let count = p
                .args
                .iter()
                .find(|a| a.param.kind == ParamKind::TargetCount)
                .and_then(|a| a.number(text));
            let first = p.info.params.len();
            match count {
                Some(n) if n >= 1 && position >= first && ((position - first) as i64) < n => {
                    // The tool's other targets are not offered again.
                    let taken: Vec<&str> = p
                        .targets
                        .iter()
                        .filter(|t| t.start != word_start)
                        .map(|t| &text[t.clone()])
                        .collect();
                    target_kinds(&model, &taken, replace)
                }
                _ => Vec::new(),
            }
        }
        _ => Vec::new(),
    }
}

fn keyword(label: &str, detail: &str, replace: Range<usize>) -> Completion {
    let doc = ELEMENTS
        .iter()
        .find(|e| e.name == label)
        .map(|e| e.doc.to_string());
    Completion {
        label: label.to_string(),
        kind: CompletionKind::Keyword,
        detail: Some(detail.to_string()),
        documentation: doc,
        insert_text: None,
        replace,
        snippet: false,
    }
}

fn value(
    label: &str,
    kind: CompletionKind,
    detail: String,
    doc: Option<String>,
    replace: Range<usize>,
) -> Completion {
    Completion {
        label: label.to_string(),
        kind,
        detail: Some(detail),
        documentation: doc,
        insert_text: None,
        replace,
        snippet: false,
    }
}

/// The four terrain characters, inserted at the cursor.
fn terrain_chars(offset: usize) -> Vec<Completion> {
    TERRAINS
        .iter()
        .map(|t| {
            value(
                &t.as_char().to_string(),
                CompletionKind::Constant,
                t.name().to_string(),
                Some(format!("**{}** — {}", t.name(), t.doc())),
                offset..offset,
            )
        })
        .collect()
}

/// Element names with their snippets. The spec's order rules decide which:
/// `terrain:` first, nothing above it, once-only elements not twice.
fn element_keywords(model: &Model, line: usize, replace: Range<usize>) -> Vec<Completion> {
    let terrain_line = model
        .map
        .terrain
        .as_ref()
        .map(|t| model.map.elements[t.element].line)
        .or_else(|| {
            // A `terrain:` with unreadable numbers still fixes the order.
            model
                .map
                .elements
                .iter()
                .find(|e| &model.text[e.name.clone()] == "terrain:")
                .map(|e| e.line)
        });
    let elsewhere = |name: &str| {
        model
            .map
            .elements
            .iter()
            .filter(|e| e.line != line && &model.text[e.name.clone()] == name)
            .map(|e| e.line)
            .collect::<Vec<_>>()
    };
    match terrain_line {
        Some(t) if line < t => return Vec::new(),
        Some(t) if line == t => {}
        // No grid yet: the game wants `terrain:` before every other element.
        None => {
            return ELEMENTS
                .iter()
                .filter(|e| e.name == "terrain:")
                .map(|e| snippet(e, None, replace.clone()))
                .collect()
        }
        Some(_) => {}
    }
    ELEMENTS
        .iter()
        .filter(|e| e.name != HEADER)
        .filter_map(|e| {
            let present = elsewhere(e.name);
            if e.once && e.required && !present.is_empty() {
                return None;
            }
            // F5: ship and binoculars may repeat in the game, with a warning.
            let note = (e.once && !present.is_empty())
                .then(|| format!("already on {}; the spec allows one", lines_list(&present)));
            Some(snippet(e, note, replace.clone()))
        })
        .collect()
}

fn snippet(
    e: &super::vocabulary::ElementInfo,
    note: Option<String>,
    replace: Range<usize>,
) -> Completion {
    let syntax = syntax_line(e);
    Completion {
        label: e.name.to_string(),
        kind: CompletionKind::Snippet,
        detail: Some(match note {
            Some(note) => format!("{syntax} ({note})"),
            None => syntax,
        }),
        documentation: Some(e.doc.to_string()),
        insert_text: Some(format!("{}{}", e.name, e.snippet)),
        replace,
        snippet: true,
    }
}

/// Obstacle kinds defined outside `skip_line`, in file order: (kind, their lines).
fn defined_kinds<'t>(model: &Model<'t>, skip_line: Option<usize>) -> Vec<(&'t str, Vec<usize>)> {
    let mut out: Vec<(&str, Vec<usize>)> = Vec::new();
    for (kind, span, is_obstacle) in model.kinds() {
        let line = model.map.line_of(span.start);
        if !is_obstacle || Some(line) == skip_line {
            continue;
        }
        match out.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, lines)) => lines.push(line),
            None => out.push((kind, vec![line])),
        }
    }
    out
}

fn count_detail(lines: &[usize]) -> String {
    let s = if lines.len() == 1 { "" } else { "s" };
    format!(
        "obstacle kind: {} obstacle{s} ({})",
        lines.len(),
        lines_list(lines)
    )
}

fn target_kinds(model: &Model, taken: &[&str], replace: Range<usize>) -> Vec<Completion> {
    defined_kinds(model, None)
        .into_iter()
        .filter(|(kind, _)| !taken.contains(kind))
        .map(|(kind, lines)| {
            value(
                kind,
                CompletionKind::Value,
                count_detail(&lines),
                None,
                replace.clone(),
            )
        })
        .collect()
}

/// Kinds tools already target but no obstacle has, then the kinds obstacles have.
fn obstacle_kinds(model: &Model, line: usize, replace: Range<usize>) -> Vec<Completion> {
    let defined = defined_kinds(model, Some(line));
    let mut wanted: Vec<(&str, Vec<usize>)> = Vec::new();
    for (kind, span, is_obstacle) in model.kinds() {
        if is_obstacle || defined.iter().any(|(k, _)| *k == kind) {
            continue;
        }
        let line = model.map.line_of(span.start);
        match wanted.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, lines)) if lines.contains(&line) => {}
            Some((_, lines)) => lines.push(line),
            None => wanted.push((kind, vec![line])),
        }
    }
    let wanted = wanted.into_iter().map(|(kind, lines)| {
        let tools = if lines.len() == 1 { "tool" } else { "tools" };
        let detail = format!(
            "targeted by the {tools} on {}; no obstacle has it yet",
            lines_list(&lines)
        );
        value(kind, CompletionKind::Value, detail, None, replace.clone())
    });
    let known = defined.iter().map(|(kind, lines)| {
        value(
            kind,
            CompletionKind::Value,
            count_detail(lines),
            None,
            replace.clone(),
        )
    });
    wanted.chain(known).collect()
}

#[cfg(test)]
mod tests;
