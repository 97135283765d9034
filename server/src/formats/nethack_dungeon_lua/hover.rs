//! Hover on a key of an entry (what the loader does with it) and on a
//! level's name or a `lvlfill` (which script the game loads for it).

use super::loads;
use super::model::Dungeons;
use super::syntax::{entry_at, Description};
use super::vocabulary::{Entry, Key, Takes};
use crate::formats::HoverInfo;

pub fn hover(described: &Description, model: &Dungeons, offset: usize) -> Option<HoverInfo> {
    let inside = |r: &std::ops::Range<usize>| r.start <= offset && offset <= r.end;
    for d in &model.dungeons {
        if let Some(level) = d.levels.iter().find(|l| inside(&l.name.range)) {
            return Some(HoverInfo {
                range: level.name.range.clone(),
                markdown: format!(
                    "**level `{}`** in \"{}\": {}",
                    level.name.text,
                    d.name.text,
                    loads::describe(d, &level.name.text)
                ),
            });
        }
        if let Some(fill) = d.lvlfill.as_ref().filter(|f| inside(&f.range)) {
            return Some(HoverInfo {
                range: fill.range.clone(),
                markdown: format!(
                    "loads `{}.lua` for each level of \"{}\" that no special level takes",
                    fill.text, d.name.text
                ),
            });
        }
    }
    let (kind, table) = entry_at(described, offset)?;
    let field = table.keyed.iter().find(|f| inside(&f.key_range))?;
    let key = kind.key(&field.key)?;
    Some(HoverInfo {
        range: field.key_range.clone(),
        markdown: describe_key(kind, key),
    })
}

pub fn describe_key(kind: Entry, key: &Key) -> String {
    let takes = match key.takes {
        Takes::Name | Takes::Text => "a string".to_string(),
        Takes::Integer => "a whole number".to_string(),
        Takes::Word(words) => format!(
            "one of {}",
            words
                .iter()
                .map(|w| format!("`\"{w}\"`"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Takes::Flags => "a flag word or a list of them".to_string(),
        Takes::List(inner) => format!("a list of {} tables", inner.label()),
    };
    format!(
        "**`{}`** of a {}{}: {}\n\nTakes {}.",
        key.name,
        kind.label(),
        if key.required { ", required" } else { "" },
        key.doc,
        takes
    )
}
