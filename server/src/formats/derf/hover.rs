//! Hover: what a word means, and for flags what it does in this room.

use super::effective::{canonical, effective_flags, implications_of, FlagState, Reason};
use super::syntax::Room;
use super::vocabulary::*;
use crate::formats::{HoverInfo, SourceFile};
use tree_sitter::Node;

pub fn hover(file: &SourceFile, offset: usize) -> Option<HoverInfo> {
    let text = file.text;
    if let Some(info) = blank_name(text, offset) {
        return Some(info);
    }
    let root = file.tree.root_node();
    let leaf = root.descendant_for_byte_range(offset, offset)?;
    // Walk up to the first node we have something to say about.
    let mut node = Some(leaf);
    while let Some(n) = node {
        if let Some(markdown) = describe(file, n) {
            let range = n.byte_range();
            let s = &text[range.clone()];
            let range = range.start..range.start + s.trim_end().len();
            return Some(HoverInfo { range, markdown });
        }
        node = n.parent();
    }
    None
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

fn describe(file: &SourceFile, node: Node) -> Option<String> {
    let text = &file.text[node.byte_range()];
    let room = || Room::read(file.text, file.tree);
    Some(match node.kind() {
        "declaration" => format!("`DERF:` — the file declaration.\n\n{HEADER_DOC}"),
        "version" | "header" => format!("Format version `{}`.\n\n{HEADER_DOC}", text.trim()),
        "room_name" => format!("Room name: **{}**\n\n{NAME_DOC}", text.trim()),
        "short_description" => SHORT_DOC.to_string(),
        "description_line" | "long_description" => LONG_DOC.to_string(),
        "flags_keyword" => flags_summary(file.text, &room()),
        "flag_continuation" => FLAGS_LINE_DOC.to_string(),
        "sign" => return node.parent().and_then(|p| describe(file, p)),
        "flag" | "flag_name" => {
            let flag_node = if node.kind() == "flag" {
                node
            } else {
                node.parent()?
            };
            let name_node = flag_node.child_by_field_name("name")?;
            flag_doc(file.text, &room(), &file.text[name_node.byte_range()])?
        }
        "containers_keyword" => CONTAINERS_LINE_DOC.to_string(),
        "container_name" | "container_ref" => container_doc(text)?,
        "item" => item_doc(text.trim()),
        "container_line" => CONTAINER_LINE_DOC.to_string(),
        _ => return None,
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
