//! The file's shape: the header (F1, F10, F11), blank, comment and indented
//! lines (F7–F9), element names, and which elements come first, once, or
//! must be there at all (F5).

use super::{edit, REFUSED};
use crate::formats::frupal::model::Model;
use crate::formats::frupal::syntax::Element;
use crate::formats::frupal::vocabulary::{element, ELEMENTS, HEADER};
use crate::formats::{closest, Diagnostic, Severity};
use Severity::{Error, Warning};

pub fn check(model: &Model, out: &mut Vec<Diagnostic>) {
    check_header(model, out);
    check_lines(model, out);
    check_stray_rows(model, out);
    check_names(model, out);
    check_order_and_counts(model, out);
}

fn is_header_typo(name: &str) -> bool {
    name.eq_ignore_ascii_case(HEADER)
        || (name.len() > 8 && closest(name, [HEADER]).is_some())
        || name
            .trim_end_matches(':')
            .eq_ignore_ascii_case("Frupal_Kingdom")
}

fn check_header(model: &Model, out: &mut Vec<Diagnostic>) {
    let text = model.text;
    if text.starts_with('\u{feff}') {
        out.push(
            Diagnostic::new(
                Error,
                "frupal::byte-order-mark",
                0..3,
                format!("the file starts with a UTF-8 byte-order mark; {REFUSED}"),
            )
            .with_fix("Remove the byte-order mark", edit(0..3, ""), true),
        );
    }
    let lines = &model.map.lines;
    let first_content = (0..lines.len()).find(|&l| !model.map.line_text(text, l).trim().is_empty());
    let Some(first_content) = first_content else {
        out.push(
            Diagnostic::new(
                Error,
                "frupal::missing-header",
                0..0,
                format!("an empty map: the first line must be `{HEADER}`"),
            )
            .with_fix(
                format!("Insert `{HEADER}`"),
                edit(0..0, format!("{HEADER}\n")),
                true,
            ),
        );
        return;
    };
    let first_line = model.map.line_text(text, first_content);
    let header = model
        .map
        .elements
        .first()
        .filter(|e| e.line == first_content);
    match header {
        Some(e) if model.map.name(text, e) == HEADER => {
            let start = e.span.start;
            if start > 0 && !text[..start].trim_start_matches('\u{feff}').is_empty() {
                let from = usize::from(text.starts_with('\u{feff}')) * 3;
                out.push(
                    Diagnostic::new(
                        Warning,
                        "frupal::text-before-header",
                        from..start,
                        format!("`{HEADER}` should be the very first thing in the file; the game skips these blanks, the spec does not allow them"),
                    )
                    .with_fix("Remove the blanks before the header", edit(from..start, ""), true),
                );
            }
            let values = model.map.values_of(e);
            if let (Some(first), Some(last)) = (values.first(), values.last()) {
                let span = first.span.start..last.span.end;
                out.push(
                    Diagnostic::new(
                        Error,
                        "frupal::text-after-header",
                        span.clone(),
                        format!("nothing may follow `{HEADER}` on its line (the game would read it as another element)"),
                    )
                    .with_fix("Move it to its own line", edit(e.name.end..span.start, "\n"), true),
                );
            }
        }
        Some(e) if is_header_typo(model.map.name(text, e)) => {
            // `Frupal_Kingdom :` — a lone colon after the name belongs to the header.
            let lone_colon = model
                .map
                .values_of(e)
                .first()
                .filter(|v| &text[v.span.clone()] == ":");
            let span = match lone_colon {
                Some(colon) if !model.map.name(text, e).ends_with(':') => {
                    e.name.start..colon.span.end
                }
                _ => e.name.clone(),
            };
            let written = &text[span.clone()];
            out.push(
                Diagnostic::new(
                    Error,
                    "frupal::header-spelling",
                    span.clone(),
                    format!("the header is spelt exactly `{HEADER}`, not `{written}`; {REFUSED}"),
                )
                .with_fix(format!("Write `{HEADER}`"), edit(span, HEADER), true),
            );
        }
        _ => {
            let at = model.map.lines[first_content].clone();
            let message = if first_line.trim_start().starts_with('#') {
                format!("a comment before `{HEADER}`: the header must be the first line; {REFUSED}")
            } else {
                format!("the first line must be `{HEADER}`; {REFUSED}")
            };
            out.push(
                Diagnostic::new(Error, "frupal::missing-header", at.start..at.end, message)
                    .with_fix(
                        format!("Insert `{HEADER}` as the first line"),
                        edit(0..0, format!("{HEADER}\n")),
                        true,
                    ),
            );
        }
    }
    for e in model.map.elements.iter().skip(1) {
        if model.map.name(text, e) == HEADER {
            out.push(Diagnostic::new(
                Error,
                "frupal::duplicate-header",
                e.name.clone(),
                format!("`{HEADER}` may appear only once, as the first line; the game reads this one as an unknown element"),
            ));
        }
    }
}

/// Lines of only blanks (F8), indented comments (F9) and indented elements (F7).
fn check_lines(model: &Model, out: &mut Vec<Diagnostic>) {
    let text = model.text;
    let grid_rows: Vec<usize> = model
        .map
        .terrain
        .as_ref()
        .map(|t| t.rows.clone())
        .unwrap_or_default();
    let header_line = model.map.elements.first().map(|e| e.line);
    for (l, span) in model.map.lines.iter().enumerate() {
        if grid_rows.contains(&l) {
            continue;
        }
        let line = &text[span.clone()];
        let trimmed = line.trim_start_matches([' ', '\t']);
        let indent = span.start..span.start + (line.len() - trimmed.len());
        if trimmed.is_empty() {
            if !line.is_empty() {
                out.push(
                    Diagnostic::new(
                        Error,
                        "frupal::whitespace-line",
                        span.clone(),
                        format!("a line of only spaces or tabs: {REFUSED} (an empty line is fine)"),
                    )
                    .with_fix("Empty the line", edit(span.clone(), ""), true),
                );
            }
        } else if indent.is_empty()
            || Some(l) == header_line
            || model.map.row_like_lines.contains(&l)
        {
            // (An indented terrain-like line outside the grid is a `frupal::stray-row`.)
            continue;
        } else if trimmed.starts_with('#') {
            out.push(
                Diagnostic::new(Error, "frupal::indented-comment", indent.clone(), "a comment must start in the first column: the game reads an indented `#` as an unknown element and refuses to load the map")
                    .with_fix("Remove the indentation", edit(indent, ""), true),
            );
        } else {
            out.push(
                Diagnostic::new(Warning, "frupal::indented-element", indent.clone(), "elements start at the beginning of the line (the game tolerates the indentation; the spec does not)")
                    .with_fix("Remove the indentation", edit(indent, ""), true),
            );
        }
    }
}

/// Terrain-looking lines outside the grid: the game reads them as unknown elements.
fn check_stray_rows(model: &Model, out: &mut Vec<Diagnostic>) {
    let grid = model.map.terrain.as_ref();
    // A `terrain:` whose size cannot be read has its own error; its rows are not strays.
    if grid.is_none() && model.map.named(model.text, "terrain:").next().is_some() {
        return;
    }
    // A blank or missing row shifts the rows after it: one error there is enough.
    if model.grid.as_ref().is_some_and(|g| !g.is_complete()) {
        return;
    }
    for &line in &model.map.row_like_lines {
        if grid.is_some_and(|g| g.rows.contains(&line)) {
            continue;
        }
        let span = model.map.lines[line].clone();
        let message = match grid {
            Some(g) => format!("a terrain row outside the grid: `terrain:` says {} rows, and they are above; {REFUSED}", g.height),
            None => format!("a terrain row without a readable `terrain:` line before it; {REFUSED}"),
        };
        out.push(Diagnostic::new(Error, "frupal::stray-row", span, message));
    }
    for error in &model.map.syntax_errors {
        out.push(Diagnostic::new(
            Error,
            "frupal::syntax",
            error.clone(),
            format!("this cannot be read as an element, a comment or a terrain row; {REFUSED}"),
        ));
    }
}

fn element_names() -> impl Iterator<Item = &'static str> {
    ELEMENTS.iter().map(|e| e.name).filter(|n| *n != HEADER)
}

fn check_names(model: &Model, out: &mut Vec<Diagnostic>) {
    let text = model.text;
    for (i, e) in model.map.elements.iter().enumerate() {
        let name = model.map.name(text, e);
        if element(name).is_some() || (i == 0 && is_header_typo(name)) {
            continue;
        }
        out.push(unknown_element(text, e, name));
    }
}

fn unknown_element(text: &str, e: &Element, name: &str) -> Diagnostic {
    let span = e.name.clone();
    let unknown =
        |message: String| Diagnostic::new(Error, "frupal::unknown-element", span.clone(), message);
    let lower = name.to_ascii_lowercase();
    if let Some(known) = element_names().find(|k| *k != name && k.eq_ignore_ascii_case(name)) {
        return unknown(format!(
            "element names are case-sensitive: write `{known}`; {REFUSED}"
        ))
        .with_fix(format!("Write `{known}`"), edit(span.clone(), known), true);
    }
    if let Some((head, tail)) = name.split_once(':') {
        if !tail.is_empty() {
            if let Some(known) =
                element_names().find(|k| k.trim_end_matches(':').eq_ignore_ascii_case(head))
            {
                let at = span.start + head.len() + 1;
                return unknown(format!(
                    "`{known}` needs a space after the colon; {REFUSED}"
                ))
                .with_fix(
                    "Insert a space after the colon",
                    edit(at..at, " "),
                    true,
                );
            }
        }
    } else if let Some(known) = element_names().find(|k| k.trim_end_matches(':') == lower) {
        return unknown(format!("`{name}` needs its colon: `{known}`; {REFUSED}")).with_fix(
            format!("Write `{known}`"),
            edit(span.clone(), known),
            true,
        );
    }
    if let Some(suggestion) = closest(name, element_names()) {
        return unknown(format!(
            "unknown element `{name}` (did you mean `{suggestion}`?); {REFUSED}"
        ))
        .with_fix(
            format!("Write `{suggestion}`"),
            edit(span.clone(), suggestion),
            true,
        );
    }
    let _ = text;
    unknown(format!(
        "unknown element `{name}` (known: terrain:, start:, diamonds:, treasure:, food:, clue:, ship:, binoculars:, obstacle:, tool:); {REFUSED}"
    ))
}

fn check_order_and_counts(model: &Model, out: &mut Vec<Diagnostic>) {
    let text = model.text;
    let elements = &model.map.elements;
    let header_span = elements.first().map_or(0..0, |e| e.name.clone());
    let terrain_index = elements
        .iter()
        .position(|e| model.map.name(text, e) == "terrain:");
    match terrain_index {
        None => out.push(Diagnostic::new(
            Error,
            "frupal::missing-element",
            header_span.clone(),
            format!("the map has no `terrain:` (its size and ground); {REFUSED}"),
        )),
        Some(t) => {
            for e in &elements[..t] {
                let name = model.map.name(text, e);
                if name == HEADER || is_header_typo(name) {
                    continue;
                }
                out.push(Diagnostic::new(
                    Error,
                    "frupal::before-terrain",
                    e.name.clone(),
                    format!("`{name}` comes before `terrain:`; only the header, blank lines and comments may; {REFUSED}"),
                ));
            }
        }
    }
    for info in ELEMENTS.iter().filter(|i| i.name != HEADER) {
        let all: Vec<&Element> = model.map.named(text, info.name).collect();
        if info.required && all.is_empty() && info.name != "terrain:" {
            out.push(Diagnostic::new(
                Error,
                "frupal::missing-element",
                header_span.clone(),
                format!(
                    "the map has no `{}`, which every map needs; {REFUSED}",
                    info.name
                ),
            ));
        }
        if !info.once {
            continue;
        }
        for e in all.iter().skip(1) {
            let first_line = all[0].line + 1;
            let (severity, code, message) = if info.required {
                (
                    Error,
                    "frupal::duplicate-element",
                    format!(
                        "a second `{}` (the first is on line {first_line}); {REFUSED}",
                        info.name
                    ),
                )
            } else {
                // F5: the spec says once; the game and the authors' later spec accept several.
                (Warning, "frupal::repeated-element", format!("a second `{}` (the first is on line {first_line}): the spec allows one; the game accepts several", info.name))
            };
            out.push(Diagnostic::new(severity, code, e.name.clone(), message));
        }
    }
}
