//! Document symbols (the map, its terrain, start, diamonds and items grouped
//! by element) and folding (the terrain grid, comment blocks).

use super::elements::Parsed;
use super::model::Model;
use super::syntax::Element;
use super::vocabulary::HEADER;
use crate::formats::{Fold, FoldKind, SourceFile, Symbol, SymbolKind};

/// Item elements, in the order their groups appear in the outline.
const GROUPS: [&str; 7] = [
    "treasure:",
    "food:",
    "clue:",
    "ship:",
    "binoculars:",
    "obstacle:",
    "tool:",
];

/// Characters of a description shown in an item's name.
const PREFIX_CHARS: usize = 32;

/// A value's text as written, `?` where it is missing.
fn arg<'t>(text: &'t str, p: &Parsed, name: &str) -> &'t str {
    p.arg(name)
        .and_then(|a| a.value.as_ref())
        .map_or("?", |v| &text[v.span.clone()])
}

/// The first words of a description, `\n` escapes shown as spaces.
fn prefix(description: &str) -> String {
    let flat = description.replace("\\n", " ");
    if flat.chars().count() <= PREFIX_CHARS {
        return flat;
    }
    // One character more than shown, so a word ending right at the limit is kept whole.
    let head: String = flat.chars().take(PREFIX_CHARS + 1).collect();
    let cut = match head.rfind(' ') {
        // End at a word boundary, so no word is shown cut in half.
        Some(i) if !head[..i].trim().is_empty() => head[..i].trim_end().to_string(),
        _ => flat.chars().take(PREFIX_CHARS).collect(),
    };
    format!("{cut}…")
}

/// The name and detail of one item in its group.
fn item(text: &str, e: &Element, p: &Parsed) -> (String, Option<String>) {
    let description = p.description.clone().map(|d| text[d].to_string());
    let described = |head: &str| match &description {
        Some(d) if head.is_empty() => prefix(d),
        Some(d) => format!("{head} {}", prefix(d)),
        None => head.to_string(),
    };
    let at = format!("at {} {}", arg(text, p, "x"), arg(text, p, "y"));
    match &text[e.name.clone()] {
        "treasure:" => (described(arg(text, p, "value")), description.clone()),
        "food:" => (described(arg(text, p, "cost")), description.clone()),
        "clue:" => (described(""), description.clone()),
        // Ship and binoculars have no description: their position tells them apart.
        "ship:" => (format!("{} {at}", arg(text, p, "cost")), None),
        "binoculars:" => (
            format!("{} {at}", arg(text, p, "cost")),
            Some(format!("distance {}", arg(text, p, "distance"))),
        ),
        "obstacle:" => (
            format!("{} {at}", arg(text, p, "kind")),
            description.clone(),
        ),
        // tool: (the only group left)
        _ => {
            let targets: Vec<&str> = p.targets.iter().map(|t| &text[t.clone()]).collect();
            (
                format!("{} → {}", arg(text, p, "kind"), targets.join(", ")),
                description.clone(),
            )
        }
    }
}

pub fn symbols(file: &SourceFile) -> Vec<Symbol> {
    let model = Model::of(file);
    let (text, map) = (file.text, &model.map);
    // Terrain, start and diamonds lead, then the item groups; file order inside each (F24).
    let (mut terrain, mut start, mut diamonds) = (Vec::new(), Vec::new(), Vec::new());
    let mut groups: Vec<Vec<Symbol>> = GROUPS.iter().map(|_| Vec::new()).collect();
    let mut header = None;
    // Values as written, so a mistyped `start: 1 x` still shows what is there.
    let labelled = |label: &str, e: &Element| {
        let values: Vec<&str> = map
            .values_of(e)
            .iter()
            .map(|v| &text[v.span.clone()])
            .collect();
        format!("{label} {}", values.join(" "))
            .trim_end()
            .to_string()
    };
    for (i, e) in map.elements.iter().enumerate() {
        let name = &text[e.name.clone()];
        match name {
            _ if map.is_header(text, e) => {
                header.get_or_insert(e.name.clone());
            }
            "terrain:" => {
                let (label, end) = match map.terrain.as_ref().filter(|t| t.element == i) {
                    Some(t) => (
                        format!("terrain {}×{}", t.width, t.height),
                        t.rows.last().map_or(e.span.end, |&row| map.lines[row].end),
                    ),
                    // Unreadable dimensions claim no rows.
                    None => (labelled("terrain", e), e.span.end),
                };
                terrain.push(Symbol::leaf(
                    label,
                    None,
                    SymbolKind::Struct,
                    e.span.start..end,
                    e.name.clone(),
                ));
            }
            "start:" => start.push(Symbol::leaf(
                labelled("start", e),
                None,
                SymbolKind::Property,
                e.span.clone(),
                e.name.clone(),
            )),
            "diamonds:" => diamonds.push(Symbol::leaf(
                labelled("diamonds", e),
                None,
                SymbolKind::Property,
                e.span.clone(),
                e.name.clone(),
            )),
            _ => {
                let (Some(group), Some(p)) =
                    (GROUPS.iter().position(|g| *g == name), &model.parsed[i])
                else {
                    continue;
                };
                let (label, detail) = item(text, e, p);
                let kind = if name == "clue:" {
                    SymbolKind::String
                } else {
                    SymbolKind::Field
                };
                groups[group].push(Symbol::leaf(
                    label,
                    detail,
                    kind,
                    e.span.clone(),
                    e.name.clone(),
                ));
            }
        }
    }
    let mut children: Vec<Symbol> = terrain.into_iter().chain(start).chain(diamonds).collect();
    for (name, items) in GROUPS.iter().zip(groups) {
        let (Some(first), Some(last)) = (items.first(), items.last()) else {
            continue;
        };
        children.push(Symbol {
            name: name.trim_end_matches(':').to_string(),
            detail: Some(items.len().to_string()),
            kind: SymbolKind::Namespace,
            range: first.range.start..last.range.end,
            selection: first.selection.clone(),
            children: items,
        });
    }
    vec![Symbol {
        name: HEADER.to_string(),
        detail: map
            .terrain
            .as_ref()
            .map(|t| format!("{}×{}", t.width, t.height)),
        kind: SymbolKind::Module,
        range: 0..text.len(),
        selection: header.unwrap_or(0..0),
        children,
    }]
}

pub fn folds(file: &SourceFile) -> Vec<Fold> {
    let model = Model::of(file);
    let map = &model.map;
    let mut out = Vec::new();
    let grid_lines = map.terrain.as_ref().and_then(|t| {
        let first = map.elements[t.element].line;
        t.rows.last().map(|&last| first..=last)
    });
    if let Some(lines) = &grid_lines {
        out.push(Fold {
            range: map.lines[*lines.start()].start..map.lines[*lines.end()].end,
            kind: FoldKind::Region,
        });
    }
    // Lines the grammar reads as comments; grid rows are rows whatever they hold.
    let is_comment = |line: usize| {
        !grid_lines.as_ref().is_some_and(|g| g.contains(&line))
            && map.line_text(file.text, line).trim_start().starts_with('#')
    };
    let mut line = 0;
    while line < map.lines.len() {
        let start = line;
        while line < map.lines.len() && is_comment(line) {
            line += 1;
        }
        if line - start >= 2 {
            out.push(Fold {
                range: map.lines[start].start..map.lines[line - 1].end,
                kind: FoldKind::Comment,
            });
        }
        line = line.max(start + 1);
    }
    out.sort_by_key(|f| f.range.start);
    out
}

#[cfg(test)]
mod tests;
