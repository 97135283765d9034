//! Hover on a `des.*` function (its forms and keys) and on a key of its
//! table (type, whether required, what the game does with it), from the
//! API table of the C bindings.

use super::api::names;
use super::api::{self, Function, Key};
use super::check::names::named;
use super::syntax::Level;
use crate::formats::HoverInfo;

pub fn hover(level: &Level, offset: usize) -> Option<HoverInfo> {
    let inside = |r: &std::ops::Range<usize>| r.start <= offset && offset <= r.end;
    // The innermost call first: a room's contents hold calls of their own.
    for call in level.calls.iter().rev() {
        if !inside(&call.range) {
            continue;
        }
        let function = api::function(&call.function);
        if inside(&call.function_range) {
            let markdown = match function {
                Some(f) => describe_function(f),
                None => format!("`des.{}`: no such function in NetHack 5.0", call.function),
            };
            return Some(HoverInfo {
                range: call.function_range.clone(),
                markdown,
            });
        }
        if let Some((name, range, _)) = named(call).filter(|(_, r, _)| inside(r)) {
            return describe_name(&call.function, &name)
                .map(|markdown| HoverInfo { range, markdown });
        }
        if let (Some(f), Some(table)) = (function, call.table()) {
            if let Some(field) = table.keyed.iter().find(|k| inside(&k.key_range)) {
                let key = f.key(&field.key)?;
                return Some(HoverInfo {
                    range: field.key_range.clone(),
                    markdown: describe_key(f, key),
                });
            }
        }
    }
    None
}

pub fn describe_function(f: &Function) -> String {
    let mut out = format!("**`des.{}`** (NetHack 5.0)\n", f.name);
    if !f.forms.is_empty() {
        out.push_str("\nForms:\n");
        for (form, what) in &f.forms {
            out.push_str(&format!("- `{form}`: {what}\n"));
        }
    }
    if !f.keys.is_empty() {
        out.push_str("\nKeys: ");
        let keys: Vec<String> = f
            .keys
            .iter()
            .map(|k| {
                if k.required {
                    format!("`{}` (required)", k.name)
                } else {
                    format!("`{}`", k.name)
                }
            })
            .collect();
        out.push_str(&keys.join(", "));
        out.push('\n');
    }
    for (rule, what) in &f.rules {
        out.push_str(&format!("\n{rule}: {what}\n"));
    }
    out
}

pub fn describe_key(f: &Function, key: &Key) -> String {
    format!(
        "**`{}`** of `des.{}`: {}{}\n\n{}\n\n_{}_",
        key.name,
        f.name,
        key.kind,
        if key.required { ", required" } else { "" },
        key.allowed,
        key.source
    )
}

/// A monster, object or trap name as the game knows it: its kind and
/// class symbol, and the monster an other spelling names.
pub fn describe_name(function: &str, name: &str) -> Option<String> {
    let found = match function {
        "monster" => names::monster(name),
        "object" => names::object(name, None),
        "trap" => names::trap(name),
        _ => None,
    }?;
    Some(match found.kind {
        "monster" => format!("**{}**: a monster of class `{}` (NetHack 5.0)", found.name, found.class),
        "monster-alias" => format!(
            "**{}**: the game's other name for the monster **{}**, of class `{}` (NetHack 5.0)",
            found.name, found.names, found.class
        ),
        "object" => format!("**{}**: an object of class `{}` (NetHack 5.0)", found.name, found.class),
        "object-description" => format!(
            "**{}**: how an unidentified object of class `{}` looks; the game takes the first object of that description (NetHack 5.0)",
            found.name, found.class
        ),
        _ => format!("**{}**: a trap `^` (NetHack 5.0)", found.name),
    })
}
