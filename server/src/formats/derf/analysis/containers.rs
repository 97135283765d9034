//! The Containers line and the container lines (spec §7, §8; D25–D30).

use super::{edit, IGNORED};
use crate::formats::derf::syntax::*;
use crate::formats::derf::vocabulary::*;
use crate::formats::{closest, Diagnostic, Edit, Severity};
use std::collections::BTreeMap;
use Severity::{Error, Hint, Warning};

/// A container as written: `concealed_bag2` → kind `concealed_bag`, number 2.
pub struct ContainerRef<'a> {
    pub kind: &'a str,
    pub number: Option<u32>,
}

pub fn split_container(name: &str) -> ContainerRef<'_> {
    let kind = name.trim_end_matches(|c: char| c.is_ascii_digit());
    let number = name[kind.len()..].parse().ok();
    ContainerRef { kind, number }
}

/// The declared containers: kind → how many.
pub fn declared_containers(text: &str, room: &Room) -> BTreeMap<String, u32> {
    let mut declared = BTreeMap::new();
    if let Some(line) = room.containers_line() {
        for name in &line.names {
            *declared
                .entry(split_container(&text[name.clone()]).kind.to_string())
                .or_insert(0) += 1;
        }
    }
    declared
}

/// What a container's name is made of (the generic names, `concealed_`,
/// numbers, and an engine's own names in the same style).
fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

fn generic_names() -> impl Iterator<Item = &'static str> {
    CONTAINERS.iter().map(|c| c.name)
}

pub(super) fn check_containers(text: &str, room: &Room, out: &mut Vec<Diagnostic>) {
    let Some(line) = room.containers_line() else {
        return;
    };
    if line.names.is_empty() {
        out.push(Diagnostic::new(
            Error,
            "derf::empty-containers",
            line.keyword.clone(),
            format!("the `Containers:` line must list at least one container; {IGNORED}"),
        ));
    }
    if containers_line_is_prose(text, &line.names) {
        out.push(Diagnostic::new(
            Error,
            "derf::description-read-as-containers",
            line.line.clone(),
            "this line starts with `Containers:`, so it ends the long description and is read as the Containers line, but it lists no containers; reword the description so it does not start with `Containers:`",
        ));
        return;
    }
    check_container_numbering(text, &line.names, out);
    for name_span in &line.names {
        let written = &text[name_span.clone()];
        let kind = split_container(written).kind;
        let base = kind.strip_prefix(CONCEALED_PREFIX).unwrap_or(kind);
        if base.is_empty() {
            out.push(Diagnostic::new(
                Error,
                "derf::unknown-container",
                name_span.clone(),
                "`concealed_` must be followed by a container name, such as `concealed_chest`",
            ));
            continue;
        }
        if base.starts_with(CONCEALED_PREFIX) {
            out.push(
                Diagnostic::new(
                    Error,
                    "derf::double-concealed",
                    name_span.clone(),
                    "`concealed_` may be written only once",
                )
                .with_fix(
                    "Remove the repeated `concealed_`",
                    edit(
                        name_span.start..name_span.start + CONCEALED_PREFIX.len(),
                        "",
                    ),
                    true,
                ),
            );
            continue;
        }
        if container(base).is_some() {
            continue;
        }
        let base_start = name_span.start + (kind.len() - base.len());
        let base_span = base_start..base_start + base.len();
        if let Some(suggestion) = closest(base, generic_names()) {
            out.push(
                Diagnostic::new(
                    Warning,
                    "derf::unknown-container",
                    base_span.clone(),
                    format!("`{base}` is not a generic container: did you mean `{suggestion}`? (it is only valid if your Dungeon Engine build provides it)"),
                )
                .with_fix(format!("Change to `{suggestion}`"), rename_container(text, room, base_span, suggestion), true),
            );
        } else {
            out.push(Diagnostic::new(
                Warning,
                "derf::unknown-container",
                base_span,
                format!("`{base}` is not a generic container (room, chest, locked_chest, bag, pots); it is only valid if your Dungeon Engine build provides it"),
            ));
        }
    }
    let declared = declared_containers(text, room);
    for c in room
        .container_lines()
        .filter(|c| miscased_keyword(&text[c.line.clone()]).is_none())
    {
        check_container_line(text, c, line.line.end, &declared, out);
    }
}

/// `base_span` (a container's name on the `Containers:` line, after any
/// `concealed_`) renamed to `to`, and so every container line naming it: a
/// partial rename would leave those lines undeclared.
fn rename_container(text: &str, room: &Room, base_span: Span, to: &str) -> Vec<Edit> {
    let base = &text[base_span.clone()];
    let mut edits = vec![Edit {
        range: base_span,
        new_text: to.into(),
    }];
    for c in room.container_lines() {
        let kind = split_container(&text[c.container.clone()]).kind;
        if kind.strip_prefix(CONCEALED_PREFIX).unwrap_or(kind) == base {
            let start = c.container.start + kind.len() - base.len();
            edits.push(Edit {
                range: start..start + base.len(),
                new_text: to.into(),
            });
        }
    }
    edits
}

/// D11 for containers: words with punctuation or capitals, and no generic container among them.
fn containers_line_is_prose(text: &str, names: &[Span]) -> bool {
    let words: Vec<&str> = names.iter().map(|n| &text[n.clone()]).collect();
    let generic = words.iter().any(|w| {
        let kind = split_container(w).kind;
        container(kind.strip_prefix(CONCEALED_PREFIX).unwrap_or(kind)).is_some()
    });
    let sentence_like = words.iter().any(|w| {
        !w.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
    });
    !generic && sentence_like
}

/// D28: numbered names on the `Containers:` line (`bag1 bag2`) count from 1, in order.
fn check_container_numbering(text: &str, names: &[Span], out: &mut Vec<Diagnostic>) {
    let mut seen: BTreeMap<&str, u32> = BTreeMap::new();
    for span in names {
        let ContainerRef { kind, number } = split_container(&text[span.clone()]);
        let count = seen.entry(kind).or_insert(0);
        *count += 1;
        if let Some(n) = number {
            if n != *count {
                out.push(Diagnostic::new(
                    Warning,
                    "derf::container-numbering",
                    span.clone(),
                    format!("this is {kind} number {count} on the line, but it is written `{kind}{n}`; container lines will call it `{kind}{count}`. List repeated containers by repetition (`{kind} {kind}`) or number them from 1 in order"),
                ));
            }
        }
    }
}

fn check_container_line(
    text: &str,
    c: &ContainerLine,
    containers_line_end: usize,
    declared: &BTreeMap<String, u32>,
    out: &mut Vec<Diagnostic>,
) {
    let written = &text[c.container.clone()];
    // Punctuation typed after the name (`chest, :weapon`) goes with the space:
    // removing only the space would leave `chest,:weapon`.
    let stray = written.len() - written.trim_end_matches(|ch: char| !is_name_char(ch)).len();
    let stray = if stray < written.len() { stray } else { 0 };
    let name_end = c.container.end - stray;
    if c.colon.start > c.container.end {
        let title = if stray > 0 {
            format!(
                "Remove the `{}` and the space",
                &text[name_end..c.container.end]
            )
        } else {
            "Remove the space".to_string()
        };
        out.push(
            Diagnostic::new(
                Error,
                "derf::space-before-colon",
                c.container.end..c.colon.start,
                "no space belongs between the container and the `:`",
            )
            .with_fix(title, edit(name_end..c.colon.start, ""), true),
        );
    }
    let ContainerRef { kind, number } = split_container(written);
    match declared.get(kind) {
        None => {
            let mut d = Diagnostic::new(
                Error,
                "derf::undeclared-container",
                c.container.clone(),
                format!("`{kind}` is not listed on the `Containers:` line; {IGNORED}"),
            );
            if let Some(suggestion) = closest(kind, declared.keys().map(String::as_str)) {
                d.message = format!("`{kind}` is not listed on the `Containers:` line (did you mean `{suggestion}`?); {IGNORED}");
                let kind_span = c.container.start..c.container.start + kind.len();
                let mut edits = edit(kind_span, suggestion.to_string());
                // A space before the colon goes too: one fix makes
                // `chest, :weapon` the container line it was meant to be.
                if c.colon.start > c.container.end {
                    edits.extend(edit(c.container.end..c.colon.start, ""));
                }
                d = d.with_fix(format!("Change to `{suggestion}`"), edits, true);
            }
            // A name with punctuation is no container to declare.
            if kind.chars().all(is_name_char) {
                d = d.with_fix(
                    format!("Add `{kind}` to the Containers line"),
                    edit(containers_line_end..containers_line_end, format!(" {kind}")),
                    false,
                );
            }
            out.push(d);
        }
        Some(&count) => match number {
            Some(n) if n == 0 || n > count => out.push(Diagnostic::new(
                Error,
                "derf::container-number-out-of-range",
                c.container.clone(),
                if count == 1 {
                    format!("there is only one `{kind}`: write `{kind}` or `{kind}1`")
                } else {
                    format!("there are {count} of `{kind}`: use `{kind}1` to `{kind}{count}`")
                },
            )),
            None if count >= 2 => out.push(
                Diagnostic::new(
                    Warning,
                    "derf::ambiguous-container",
                    c.container.clone(),
                    format!("there are {count} of `{kind}`: a bare `{kind}` is read as `{kind}1`; number it"),
                )
                .with_fix(format!("Write `{kind}1`"), edit(c.container.end..c.container.end, "1"), true),
            ),
            _ => {}
        },
    }
    let Some(item) = &c.item else {
        out.push(Diagnostic::new(
            Error,
            "derf::missing-item",
            c.colon.clone(),
            "write an item or an item type (`weapon`, `defense`, `magic`) after the `:`",
        ));
        return;
    };
    let item_text = &text[item.clone()];
    if item_type(item_text).is_none() && !item_text.contains(' ') {
        let types = ITEM_TYPES.iter().map(|t| t.name);
        let near = closest(item_text, types).or(match item_text.to_ascii_lowercase().as_str() {
            "defence" | "defences" => Some("defense"),
            _ => None,
        });
        if let Some(suggestion) = near.filter(|s| *s != item_text) {
            out.push(
                Diagnostic::new(
                    Hint,
                    "derf::item-type-typo",
                    item.clone(),
                    format!("`{item_text}` is read as a specific item; did you mean the item type `{suggestion}`?"),
                )
                .with_fix(format!("Change to `{suggestion}`"), edit(item.clone(), suggestion), false),
            );
        }
    }
}
