//! Hover: what a word of a map means, read against this map — the cell a
//! position lands on, what else stands there, which tools remove an obstacle.

use super::elements::Parsed;
use super::model::Model;
use super::syntax::Span;
use super::vocabulary::{ElementInfo, Param, ParamKind, Terrain, ELEMENTS, HEADER, TOOL_TAIL};
use crate::formats::{closest, HoverInfo, SourceFile};

pub fn hover(file: &SourceFile, offset: usize) -> Option<HoverInfo> {
    let text = file.text;
    if offset > text.len() || !text.is_char_boundary(offset) {
        return None;
    }
    let model = Model::of(file);
    let line = model.map.line_of(offset);
    if model
        .map
        .terrain
        .as_ref()
        .is_some_and(|t| t.rows.contains(&line))
    {
        return grid_hover(&model, line, offset);
    }
    let index = model.map.elements.iter().position(|e| e.line == line)?;
    let (span, part) = part_at(&model, index, offset)?;
    let markdown = match (&model.parsed[index], part) {
        (None, Part::Name) => unknown_element(model.name(index)),
        (None, _) => return None,
        (Some(p), Part::Name) => element_doc(&model, index, p.info),
        (Some(p), Part::Arg(a)) => {
            // A coordinate covers the whole pair, so x and y show the same cell.
            if matches!(p.args[a].param.kind, ParamKind::X | ParamKind::Y) {
                if let Some((x, y)) = p.position(text) {
                    let pair =
                        p.args[0].value.as_ref()?.span.start..p.args[1].value.as_ref()?.span.end;
                    let markdown = coordinate(&model, index, p, a, x, y);
                    return Some(HoverInfo {
                        range: pair,
                        markdown,
                    });
                }
            }
            arg_doc(&model, index, p, a)
        }
        (Some(p), Part::Target(t)) => target_doc(&model, index, p, t),
        (Some(p), Part::Description) => description_doc(text, p, &span),
        (Some(p), Part::Extra) => extra_doc(p.info),
    };
    Some(HoverInfo {
        range: span,
        markdown: markdown.trim_end().to_string(),
    })
}

#[derive(Clone, Copy)]
enum Part {
    Name,
    Arg(usize),
    Target(usize),
    Description,
    Extra,
}

/// The word of element `index` under `offset`: one it starts or runs through,
/// else one that ends right at the cursor.
fn part_at(model: &Model, index: usize, offset: usize) -> Option<(Span, Part)> {
    let element = &model.map.elements[index];
    let mut parts = vec![(element.name.clone(), Part::Name)];
    match &model.parsed[index] {
        Some(p) => {
            for (a, arg) in p.args.iter().enumerate() {
                if let Some(v) = &arg.value {
                    parts.push((v.span.clone(), Part::Arg(a)));
                }
            }
            parts.extend(
                p.targets
                    .iter()
                    .enumerate()
                    .map(|(t, s)| (s.clone(), Part::Target(t))),
            );
            parts.extend(p.description.iter().map(|s| (s.clone(), Part::Description)));
            parts.extend(p.extra.iter().map(|v| (v.span.clone(), Part::Extra)));
        }
        None => parts.extend(
            model
                .map
                .values_of(element)
                .iter()
                .map(|v| (v.span.clone(), Part::Extra)),
        ),
    }
    parts
        .iter()
        .find(|(s, _)| s.contains(&offset))
        .or_else(|| parts.iter().find(|(s, _)| s.end == offset))
        .cloned()
}

/// `<x>`-style placeholder for a parameter (F23: no Markdown escapes).
fn placeholder(name: &str) -> String {
    format!("<{name}>")
}

fn description_name(info: &ElementInfo) -> &'static str {
    if info.name == "clue:" {
        "text"
    } else {
        "description"
    }
}

/// `treasure: <x> <y> <value> <description>`
pub(super) fn syntax_line(info: &ElementInfo) -> String {
    let mut words = vec![info.name.to_string()];
    words.extend(info.params.iter().map(|p| placeholder(p.name)));
    if info.has_targets {
        words.push("<targets…>".to_string());
        words.extend(TOOL_TAIL.iter().map(|p| placeholder(p.name)));
    }
    if info.description.is_some() {
        words.push(placeholder(description_name(info)));
    }
    words.join(" ")
}

/// What a parameter's values may be on this map (coordinates depend on the grid).
fn range_note(model: &Model, param: &Param) -> Option<String> {
    let grid = model.grid.as_ref()?;
    let (axis, size) = match param.kind {
        ParamKind::X => ("x", grid.width),
        ParamKind::Y => ("y", grid.height),
        _ => return None,
    };
    Some(format!(
        "{axis} is 0..{} on this {}×{} map",
        size - 1,
        grid.width,
        grid.height
    ))
}

fn param_line(model: &Model, param: &Param) -> String {
    match range_note(model, param) {
        Some(note) => format!("**{}** — {} ({note})", param.name, param.doc),
        None => format!("**{}** — {}", param.name, param.doc),
    }
}

fn element_doc(model: &Model, index: usize, info: &ElementInfo) -> String {
    let mut out = format!("```text\n{}\n```\n\n{}\n", syntax_line(info), info.doc);
    if !info.params.is_empty() {
        out.push('\n');
        for p in info.params {
            let note = range_note(model, p)
                .map(|n| format!(" ({n})"))
                .unwrap_or_default();
            out.push_str(&format!("- `{}` — {}{note}\n", placeholder(p.name), p.doc));
        }
        if info.has_targets {
            out.push_str(
                "- `<targets…>` — exactly *target_count* obstacle kinds, one word each, \
                 matched case-sensitively against the obstacles' kinds\n",
            );
            for p in TOOL_TAIL {
                out.push_str(&format!("- `{}` — {}\n", placeholder(p.name), p.doc));
            }
        }
        if let Some(d) = info.description {
            out.push_str(&format!(
                "- `{}` — {d}: the rest of the line, not empty; `\\n` is a line break in game\n",
                placeholder(description_name(info))
            ));
        }
    }
    out.push('\n');
    out.push_str(match (info.name, info.required, info.once) {
        (HEADER, _, _) => "Required: exactly once, on the very first line.",
        (_, true, _) => "Required, at most once.",
        // F5: the spec says once, the game accepts several.
        (_, false, true) => {
            "At most once by the spec (the game accepts several; levls warns on the second)."
        }
        _ => "Optional; may appear any number of times.",
    });
    if let Some(glyph) = info.glyph {
        out.push_str(&format!("  \nDrawn in game as {glyph}."));
    }
    if info.once {
        let others: Vec<usize> = model
            .map
            .elements
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != index && model.name(i) == info.name)
            .map(|(_, e)| e.line)
            .collect();
        if !others.is_empty() {
            out.push_str(&format!("\n\nAlso written on {}.", lines_list(&others)));
        }
    }
    out
}

fn unknown_element(name: &str) -> String {
    let mut out = format!("`{name}` is not a Frupal map element: the game refuses the map.");
    if let Some(near) = closest(name, ELEMENTS.iter().map(|e| e.name)) {
        out.push_str(&format!(
            " Did you mean `{near}`? (Names are case-sensitive and end with a colon.)"
        ));
    }
    out.push_str(&format!(
        "\n\nThe elements are {}.",
        ELEMENTS
            .iter()
            .map(|e| format!("`{}`", e.name))
            .collect::<Vec<_>>()
            .join(", ")
    ));
    out
}

/// `line 5`, `lines 5 and 9`, `lines 5, 9, 12, …` (1-based, from 0-based lines).
pub(super) fn lines_list(lines: &[usize]) -> String {
    const SHOWN: usize = 8;
    let numbers: Vec<String> = lines
        .iter()
        .take(SHOWN)
        .map(|l| (l + 1).to_string())
        .collect();
    let more = if lines.len() > SHOWN { ", …" } else { "" };
    match numbers.as_slice() {
        [one] => format!("line {one}"),
        [a, b] if more.is_empty() => format!("lines {a} and {b}"),
        _ => format!("lines {}{more}", numbers.join(", ")),
    }
}

fn arg_doc(model: &Model, index: usize, p: &Parsed, a: usize) -> String {
    let text = model.text;
    let arg = &p.args[a];
    let written = &text[arg
        .value
        .as_ref()
        .expect("hovered args have a value")
        .span
        .clone()];
    let mut out = param_line(model, arg.param);
    let number = arg.number(text);
    match (arg.param.kind, number) {
        (ParamKind::Kind, _) => {
            out.push_str("\n\n");
            out.push_str(&if model.name(index) == "tool:" {
                tool_kind(model, p)
            } else {
                obstacle_kind(model, index, written)
            });
            return out;
        }
        (_, None) => {
            out.push_str(&format!("\n\n`{written}` is not a whole number."));
            return out;
        }
        _ => {}
    }
    let n = number.expect("checked above");
    match arg.param.kind {
        ParamKind::Number { min, max } if !(min..=max).contains(&n) => {
            out.push_str(&format!("\n\n`{written}` is outside {min}..{max}."));
        }
        ParamKind::Dimension => out.push_str(&dimension(model, arg.param.name, n)),
        ParamKind::TargetCount => out.push_str(&target_count(model, p, n)),
        ParamKind::X | ParamKind::Y => {
            // Only one coordinate is a number: say so (the pair is handled by `coordinate`).
            out.push_str("\n\nThe other coordinate is not a number, so the cell is unknown.");
        }
        _ => {}
    }
    match arg.param.name {
        // F17: the distance is what counts, not the spec's "two grovniks".
        "distance" => out.push_str(&format!(
            "\n\nSight radius = distance: with these binoculars the hero sees {n} grovnik{} around instead of 1.",
            plural(n)
        )),
        "divisor" => {
            let targets: Vec<String> = p.targets.iter().map(|t| format!("`{}`", &text[t.clone()])).collect();
            if !targets.is_empty() {
                out.push_str(&format!(
                    "\n\nWith this tool, removing a {} obstacle costs 1/{n} of its energy.",
                    targets.join(" or ")
                ));
            }
        }
        _ => {}
    }
    out
}

fn plural(n: i64) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

fn dimension(model: &Model, name: &str, n: i64) -> String {
    if !(2..=128).contains(&n) {
        return format!("\n\n`{n}` is outside 2..128, so the terrain grid cannot be read.");
    }
    let Some(terrain) = model.map.terrain.as_ref() else {
        return String::new();
    };
    if name == "width" {
        return format!(
            "\n\nThe map is {n} columns wide: x runs 0..{}, and each of the {} rows below holds exactly {n} terrain characters.",
            n - 1,
            terrain.height
        );
    }
    let first = model.map.elements[terrain.element].line + 1;
    let mut out = format!("\n\nThe map is {n} rows high: y runs 0..{}", n - 1);
    match terrain.rows.last() {
        Some(&last) if terrain.rows.len() == terrain.height => {
            out.push_str(&format!(
                ", read from lines {}–{} (row 0 is line {}).",
                first + 1,
                last + 1,
                first + 1
            ));
        }
        _ => out.push_str(&format!(
            ", but the file ends after {} row{}.",
            terrain.rows.len(),
            plural(terrain.rows.len() as i64)
        )),
    }
    out
}

fn target_count(model: &Model, p: &Parsed, n: i64) -> String {
    let text = model.text;
    if n < 1 {
        return "\n\nA tool needs at least 1 target.".to_string();
    }
    let targets: Vec<String> = p
        .targets
        .iter()
        .map(|t| format!("`{}`", &text[t.clone()]))
        .collect();
    let mut out = format!(
        "\n\nThe next {n} word{} are the targets: {}",
        plural(n),
        targets.join(", ")
    );
    if (targets.len() as i64) < n {
        out.push_str(&format!(" (only {} follow)", targets.len()));
    }
    let tail: Vec<String> = p.args[p.info.params.len()..]
        .iter()
        .map(|a| match &a.value {
            Some(v) => format!("{} `{}`", a.param.name, &text[v.span.clone()]),
            None => format!("no {}", a.param.name),
        })
        .collect();
    out.push_str(&format!("; then {}.", tail.join(" and ")));
    // F15: a numeric target usually means the count is too high.
    if p.targets
        .iter()
        .any(|t| super::syntax::number_value(&text[t.clone()]).is_some())
    {
        out.push_str(" A number among the targets suggests the count is too high.");
    }
    out
}

/// Obstacles whose kind is exactly `kind`: their 0-based lines.
fn obstacles_of(model: &Model, kind: &str) -> Vec<usize> {
    (0..model.map.elements.len())
        .filter(|&i| model.name(i) == "obstacle:")
        .filter(|&i| {
            model.parsed[i]
                .as_ref()
                .and_then(|p| p.kind(model.text))
                .is_some_and(|(k, _)| k == kind)
        })
        .map(|i| model.map.elements[i].line)
        .collect()
}

/// An obstacle kind that equals `kind` but for case, with its 0-based line.
fn other_case<'t>(model: &Model<'t>, kind: &str) -> Option<(&'t str, usize)> {
    model
        .kinds()
        .into_iter()
        .find(|(k, _, is_obstacle)| *is_obstacle && *k != kind && k.eq_ignore_ascii_case(kind))
        .map(|(k, span, _)| (k, model.map.line_of(span.start)))
}

/// "4 obstacles of this kind: lines …", or that none is, noting a near match in case.
fn obstacles_note(model: &Model, kind: &str) -> String {
    let lines = obstacles_of(model, kind);
    if !lines.is_empty() {
        let n = lines.len() as i64;
        return format!(
            "{n} obstacle{} of this kind: {}.",
            plural(n),
            lines_list(&lines)
        );
    }
    let mut out = format!("No obstacle on this map has kind `{kind}`.");
    match other_case(model, kind) {
        Some((k, line)) => out.push_str(&format!(
            " Kinds are case-sensitive: `{k}` (line {}) is a different kind.",
            line + 1
        )),
        None => out.push_str(" (Kinds are compared case-sensitively.)"),
    }
    out
}

/// The same, as a list entry: "2 obstacles (lines 14 and 15)".
fn obstacles_short(model: &Model, kind: &str) -> String {
    let lines = obstacles_of(model, kind);
    if !lines.is_empty() {
        let n = lines.len() as i64;
        return format!("{n} obstacle{} ({})", plural(n), lines_list(&lines));
    }
    match other_case(model, kind) {
        Some((k, line)) => format!(
            "no obstacle; `{k}` (line {}) differs in case, and kinds are case-sensitive",
            line + 1
        ),
        None => "no obstacle has this kind".to_string(),
    }
}

fn tool_name(model: &Model, i: usize) -> String {
    match model.parsed[i].as_ref().and_then(|p| p.kind(model.text)) {
        Some((kind, _)) => format!("`{kind}`"),
        None => "a tool".to_string(),
    }
}

fn obstacle_kind(model: &Model, index: usize, kind: &str) -> String {
    let text = model.text;
    let mut out = obstacles_note(model, kind);
    let mut tools = Vec::new();
    let mut other_case = Vec::new();
    for (i, parsed) in model.parsed.iter().enumerate() {
        let Some(p) = parsed.as_ref().filter(|_| model.name(i) == "tool:") else {
            continue;
        };
        let line = model.map.elements[i].line + 1;
        for t in &p.targets {
            let target = &text[t.clone()];
            if target == kind {
                let by = match p.arg("divisor").and_then(|d| d.number(text)) {
                    Some(d) => format!("divides its energy cost by {d}"),
                    None => "targets it (no readable divisor)".to_string(),
                };
                tools.push(format!("- {} (line {line}) {by}\n", tool_name(model, i)));
            } else if target.eq_ignore_ascii_case(kind) {
                other_case.push(format!("`{target}` (line {line})"));
            }
        }
    }
    if tools.is_empty() {
        let energy = model.parsed[index]
            .as_ref()
            .and_then(|p| p.arg("energy"))
            .and_then(|a| a.number(text));
        out.push_str(&format!("\n\nNo tool on this map removes `{kind}`"));
        match energy {
            Some(e) => out.push_str(&format!(": the hero pays the full {e} energy.")),
            None => out.push('.'),
        }
    } else {
        out.push_str("\n\nTools that remove it:\n");
        out.extend(tools);
    }
    if !other_case.is_empty() {
        out.push_str(&format!(
            "\n\nTools target {}, which is not `{kind}`: kinds are case-sensitive.",
            other_case.join(", ")
        ));
    }
    out
}

fn tool_kind(model: &Model, p: &Parsed) -> String {
    let text = model.text;
    if p.targets.is_empty() {
        return "This tool names no targets.".to_string();
    }
    let mut out = String::from("Targets:\n");
    for t in &p.targets {
        let kind = &text[t.clone()];
        out.push_str(&format!("- `{kind}` — {}\n", obstacles_short(model, kind)));
    }
    let number = |name| p.arg(name).and_then(|a| a.number(text));
    if let Some(d) = number("divisor") {
        out.push_str(&format!("\nDivides their energy cost by {d}."));
    }
    if let Some(c) = number("cost") {
        out.push_str(&format!(" Costs {c} whiffles."));
    }
    out
}

fn target_doc(model: &Model, index: usize, p: &Parsed, t: usize) -> String {
    let text = model.text;
    let kind = &text[p.targets[t].clone()];
    let count = p
        .arg("target_count")
        .and_then(|a| a.number(text))
        .unwrap_or(p.targets.len() as i64);
    let mut out = format!(
        "**target {} of {count}**: obstacle kind `{kind}`\n\n{}",
        t + 1,
        obstacles_note(model, kind)
    );
    if let Some(d) = p.arg("divisor").and_then(|a| a.number(text)) {
        out.push_str(&format!(
            "\n\n{} divides their energy cost by {d}.",
            tool_name(model, index)
        ));
    }
    out
}

/// The game's text, with `\n` shown as the line break it becomes (F21).
fn description_doc(text: &str, p: &Parsed, span: &Span) -> String {
    let lines: Vec<&str> = text[span.clone()].split("\\n").collect();
    // A fence longer than any backtick run inside, so the text shows verbatim.
    let longest = lines
        .iter()
        .flat_map(|l| l.split(|c| c != '`'))
        .map(str::len)
        .max()
        .unwrap_or(0);
    let fence = "`".repeat(longest.max(2) + 1);
    format!(
        "**{}** — {}\n\nShown in game as:\n\n{fence}text\n{}\n{fence}",
        description_name(p.info),
        p.info.description.unwrap_or_default(),
        lines.join("\n")
    )
}

fn extra_doc(info: &ElementInfo) -> String {
    if info.name == HEADER {
        return format!(
            "`{HEADER}` takes no parameters: the game would read this text as a line of its own."
        );
    }
    format!(
        "Unexpected text: `{}` ends after its last parameter, and map files have no inline comments.\n\n```text\n{}\n```",
        info.name,
        syntax_line(info)
    )
}

/// What stands on a cell.
pub(super) enum Cell {
    Terrain(Terrain),
    /// Inside the map, but the row is short or holds a non-terrain character there.
    Unreadable,
    Outside {
        width: usize,
        height: usize,
    },
    /// The map has no readable `terrain:` line.
    NoGrid,
}

pub(super) fn cell(model: &Model, x: i64, y: i64) -> Cell {
    let Some(grid) = &model.grid else {
        return Cell::NoGrid;
    };
    if !grid.contains(x, y) {
        return Cell::Outside {
            width: grid.width,
            height: grid.height,
        };
    }
    grid.at(x, y).map_or(Cell::Unreadable, Cell::Terrain)
}

/// One line per cell: "meadow at 4,2 — open ground…", the name bold in Markdown.
pub(super) fn cell_line(model: &Model, x: i64, y: i64, markdown: bool) -> String {
    let strong = |s: &str| {
        if markdown {
            format!("**{s}**")
        } else {
            s.to_string()
        }
    };
    match cell(model, x, y) {
        Cell::Terrain(t) => format!("{} at {x},{y} — {}", strong(t.name()), t.doc()),
        Cell::Unreadable => format!("{x},{y}: the terrain row has no terrain character there"),
        Cell::Outside { width, height } => format!(
            "{x},{y} is {} (x 0..{}, y 0..{})",
            strong(&format!("outside the {width}×{height} map")),
            width - 1,
            height - 1
        ),
        Cell::NoGrid => format!("{x},{y}: the map has no readable terrain grid"),
    }
}

/// The start and the items at (x, y), except element `except`: "`treasure:` (line 9)".
pub(super) fn occupants(
    model: &Model,
    x: i64,
    y: i64,
    except: Option<usize>,
    markdown: bool,
) -> Vec<String> {
    // Plain text drops the colon: "treasure (line 9)", not "treasure: (line 9)".
    let code = |s: &str| {
        if markdown {
            format!("`{s}`")
        } else {
            s.trim_end_matches(':').to_string()
        }
    };
    model
        .placed()
        .into_iter()
        .filter(|p| p.x == x && p.y == y && Some(p.element) != except)
        .map(|p| {
            let line = model.map.elements[p.element].line + 1;
            match model.name(p.element) {
                "start:" if markdown => format!("the hero's start (`start:`, line {line})"),
                "start:" => format!("the hero's start (line {line})"),
                name => format!("{} (line {line})", code(name)),
            }
        })
        .collect()
}

fn coordinate(model: &Model, index: usize, p: &Parsed, a: usize, x: i64, y: i64) -> String {
    let mut out = format!(
        "{}\n\n{}",
        param_line(model, p.args[a].param),
        cell_line(model, x, y, true)
    );
    let others = occupants(model, x, y, Some(index), true);
    if !others.is_empty() {
        out.push_str(&format!("\n\nAlso on this cell: {}.", others.join(", ")));
    }
    out
}

/// A character of the terrain grid.
fn grid_hover(model: &Model, line: usize, offset: usize) -> Option<HoverInfo> {
    let terrain = model.map.terrain.as_ref()?;
    let y = terrain.rows.iter().position(|&r| r == line)?;
    let start = model.map.lines[line].start;
    let row = &model.text[model.map.lines[line].clone()];
    // Between a `\r` and its `\n` the offset belongs to no row.
    let column = offset.checked_sub(start).filter(|&c| c <= row.len())?;
    let x = row[..column].chars().count();
    let c = row[column..].chars().next()?;
    let range = offset..offset + c.len_utf8();
    let markdown = if x >= terrain.width {
        if c.is_whitespace() {
            return None;
        }
        format!(
            "Column {} is past the map's width of {}: each row holds exactly {} terrain characters, \
             and the game drops the rest.",
            x + 1,
            terrain.width,
            terrain.width
        )
    } else if let Some(t) = Terrain::from_char(c) {
        let mut out = format!(
            "**{}** (`{}`) at {x},{y} — {}",
            t.name(),
            t.as_char(),
            t.doc()
        );
        let here = occupants(model, x as i64, y as i64, None, true);
        if !here.is_empty() {
            out.push_str(&format!("\n\nOn this cell: {}.", here.join(", ")));
        }
        out
    } else {
        format!(
            "`{}` at {x},{y} is not a terrain character, so the game refuses the map. \
             Use `.` meadow, `=` wall, `\"` swamp or `~` water.",
            c.escape_debug()
        )
    };
    Some(HoverInfo { range, markdown })
}

#[cfg(test)]
mod tests;
