//! Hover: what a word means, and for flags what it does in this room.

use super::effective::{canonical, effective_flags, implications_of, FlagState, Reason};
use super::syntax::{BodyLine, FlagsLine, Room, Span};
use super::vocabulary::*;
use crate::formats::{HoverInfo, SourceFile};

pub fn hover(file: &SourceFile, offset: usize) -> Option<HoverInfo> {
    let text = file.text;
    if let Some(info) = blank_name(text, offset) {
        return Some(info);
    }
    let room = Room::of(file);
    let (range, markdown) = describe(text, &room, offset)?;
    Some(HoverInfo { range, markdown })
}

fn contains(span: &Span, offset: usize) -> bool {
    span.start <= offset && offset < span.end
}

fn found(span: &Span, markdown: String) -> Option<(Span, String)> {
    Some((span.clone(), markdown))
}

/// The part of the room at `offset` that there is something to say about,
/// the innermost first (a flag's name, then its line).
fn describe(text: &str, room: &Room, offset: usize) -> Option<(Span, String)> {
    fn within(span: &Option<Span>, offset: usize) -> Option<&Span> {
        span.as_ref().filter(|s| contains(s, offset))
    }
    if let Some(header) = &room.header {
        if let Some(d) = within(&header.declaration, offset) {
            return found(
                d,
                format!("`DERF:` — the file declaration.\n\n{HEADER_DOC}"),
            );
        }
        let part =
            within(&header.version, offset).or(Some(&header.line).filter(|l| contains(l, offset)));
        if let Some(part) = part {
            let version = text[part.clone()].trim();
            return found(part, format!("Format version `{version}`.\n\n{HEADER_DOC}"));
        }
    }
    if let Some(name) = within(&room.name, offset) {
        let name_text = text[name.clone()].trim();
        return found(name, format!("Room name: **{name_text}**\n\n{NAME_DOC}"));
    }
    if let Some(short) = within(&room.short, offset) {
        return found(short, SHORT_DOC.to_string());
    }
    let lines = &room.description_lines;
    let i = lines.partition_point(|l| l.end <= offset);
    if let Some(line) = lines.get(i).filter(|l| contains(l, offset)) {
        return found(line, LONG_DOC.to_string());
    }
    let i = room.body.partition_point(|l| l.line().end <= offset);
    match room.body.get(i).filter(|l| contains(l.line(), offset))? {
        BodyLine::Flags(line) => describe_flags(text, room, line, offset),
        BodyLine::FlagsContinuation(line) => describe_flags(text, room, line, offset)
            .or_else(|| found(&line.line, FLAGS_LINE_DOC.to_string())),
        BodyLine::Containers(line) => {
            if contains(&line.keyword, offset) {
                return found(&line.keyword, CONTAINERS_LINE_DOC.to_string());
            }
            let name = line.names.iter().find(|n| contains(n, offset))?;
            found(name, container_doc(&text[name.clone()])?)
        }
        BodyLine::Container(line) => {
            if let Some(doc) = Some(&line.container)
                .filter(|c| contains(c, offset))
                .and_then(|c| container_doc(&text[c.clone()]))
            {
                return found(&line.container, doc);
            }
            if let Some(item) = within(&line.item, offset) {
                return found(item, item_doc(text[item.clone()].trim()));
            }
            found(&line.line, CONTAINER_LINE_DOC.to_string())
        }
    }
}

/// The keyword (the room's effective flags) or a flag, by its sign or name.
fn describe_flags(
    text: &str,
    room: &Room,
    line: &FlagsLine,
    offset: usize,
) -> Option<(Span, String)> {
    if let Some(keyword) = line.keyword.as_ref().filter(|k| contains(k, offset)) {
        return found(keyword, flags_summary(text, room));
    }
    let flag = line.flags.iter().find(|f| contains(&f.span, offset))?;
    let part = match &flag.sign {
        Some((_, sign)) if contains(sign, offset) => sign,
        _ => flag.name.as_ref().filter(|n| contains(n, offset))?,
    };
    let name = flag.name.as_ref()?;
    found(part, flag_doc(text, room, &text[name.clone()])?)
}

/// Line 2 left blank (D8): say what the engine calls the room.
fn blank_name(text: &str, offset: usize) -> Option<HoverInfo> {
    let start = text.find('\n')? + 1;
    let end = text[start..].find('\n').map_or(text.len(), |i| start + i);
    let on_line_2 = (start..=end).contains(&offset);
    (on_line_2 && text[start..end].trim().is_empty()).then(|| HoverInfo {
        range: start..end,
        markdown: format!("This room has no name: Dungeon Engine calls it `Room N`.\n\n{NAME_DOC}"),
    })
}

fn reason_text(state: &FlagState) -> String {
    match &state.reason {
        Reason::Written(_) => "written here".to_string(),
        Reason::Implied(chain) => format!("implied by {}", chain.join(" ← ")),
        Reason::Default => "default".to_string(),
    }
}

fn flags_summary(text: &str, room: &Room) -> String {
    let mut out = format!("{FLAGS_LINE_DOC}\n\n**Effective flags in this room**\n\n");
    for state in effective_flags(text, room) {
        if state.reason != Reason::Default {
            let mark = if state.on { "+" } else { "-" };
            out.push_str(&format!(
                "- `{mark}{}` — {}\n",
                state.name,
                reason_text(&state)
            ));
        }
    }
    out
}

fn flag_doc(text: &str, room: &Room, name: &str) -> Option<String> {
    if let Some(parent) = subflag_parent(name) {
        let (family, plural) = if parent == "boss" {
            ("boss", "bosses")
        } else {
            ("monster", "monsters")
        };
        let state = effective_flags(text, room)
            .into_iter()
            .find(|s| s.name == parent)?;
        let status = if state.on {
            format!(
                "`{parent}` is on in this room ({}), so this sub-flag applies.",
                reason_text(&state)
            )
        } else {
            format!("`{parent}` is **off** in this room, so this sub-flag is ignored.")
        };
        return Some(format!(
            "**{name}** — sub-flag of `{parent}`\n\n`+<type>_{family}` / `+<name>_{family}` narrows the {plural} that may spawn here to those listed; `-…_{family}` excludes one. Types and names come from your Dungeon Engine build; by default all are allowed.\n\n{status}"
        ));
    }
    let canonical_name = canonical(name)?;
    let info = flag(canonical_name)?;
    let mut out = format!(
        "**{}** — {}\n\n{}\n\n{}",
        info.name,
        info.group.label(),
        info.summary,
        info.doc
    );
    if canonical_name != name {
        out = format!("`{name}` is read as `{canonical_name}`.\n\n{out}");
    }
    let implied = implications_of(info.name);
    if implied.is_empty() {
        out.push_str("\n\nSets and unsets no other flag.");
    } else {
        let list = |on: bool| {
            implied
                .iter()
                .filter(|(_, o, _)| *o == on)
                .map(|(n, _, chain)| {
                    if chain.len() > 1 {
                        format!("`{n}` (via {})", chain[..chain.len() - 1].join(" ← "))
                    } else {
                        format!("`{n}`")
                    }
                })
                .collect::<Vec<_>>()
                .join(", ")
        };
        let (sets, unsets) = (list(true), list(false));
        out.push_str("\n\n");
        if !sets.is_empty() {
            out.push_str(&format!("**Sets:** {sets}  \n"));
        }
        if !unsets.is_empty() {
            out.push_str(&format!("**Unsets:** {unsets}  \n"));
        }
        out.push_str("A flag you write yourself always wins over an implied one.");
    }
    if let Some(state) = effective_flags(text, room)
        .into_iter()
        .find(|s| s.name == info.name)
    {
        let mark = if state.on { "on" } else { "off" };
        out.push_str(&format!(
            "\n\nIn this room: **{mark}** ({}).",
            reason_text(&state)
        ));
    }
    Some(out)
}

fn container_doc(written: &str) -> Option<String> {
    let kind = written.trim_end_matches(|c: char| c.is_ascii_digit());
    let number = &written[kind.len()..];
    let (concealed, base) = match kind.strip_prefix(CONCEALED_PREFIX) {
        Some(base) => (true, base),
        None => (false, kind),
    };
    let info = container(base)?;
    let mut out = format!("**{kind}** — generic container\n\n{}", info.doc);
    if concealed {
        out.push_str(&format!("\n\n`concealed_`: {}.", info.concealed));
    } else {
        out.push_str(&format!("\n\nWith `concealed_{base}`, {}.", info.concealed));
    }
    if !number.is_empty() {
        out.push_str(&format!(
            "\n\n`{written}` is {kind} number {number} in the order of the `Containers:` line."
        ));
    }
    Some(out)
}

fn item_doc(item: &str) -> String {
    match item_type(item) {
        Some(t) => format!(
            "**{}** — item type\n\n{}\n\n{ITEM_TYPES_NOTE}",
            t.name, t.doc
        ),
        None => format!("**{item}** — a specific item\n\n{ITEM_TYPES_NOTE}"),
    }
}

#[cfg(test)]
mod tests;
