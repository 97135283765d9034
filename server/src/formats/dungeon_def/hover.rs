//! Hover on every keyword and field of a statement: what `LEVEL: "oracle"
//! "O" @ (5, 5)` means, part by part, with the values written.

use super::compiler::{Reading, Role, Statement, MAXLEVEL};
use super::scanner::{Keyword, Token};
use super::vocabulary;
use crate::formats::HoverInfo;

pub fn hover(text: &str, reading: &Reading, offset: usize) -> Option<HoverInfo> {
    if let Some(control) = reading.controls.iter().find(|c| c.range.contains(&offset)) {
        let what = if control.kept {
            "the lines it governs reach dgn_comp"
        } else {
            "the lines it governs are left out"
        };
        return Some(HoverInfo {
            range: control.range.clone(),
            markdown: format!(
                "A `makedefs -e` control line ({} dialect): makedefs reads it before dgn_comp; in a default build {what}.",
                reading.dialect.label()
            ),
        });
    }
    let s = reading
        .statements
        .iter()
        .find(|s| s.range.start <= offset && offset <= s.range.end)?;
    let part = s
        .parts
        .iter()
        .find(|p| p.range.start <= offset && offset < p.range.end.max(p.range.start + 1))?;
    let doc = vocabulary::keyword(s.keyword);
    let markdown = match part.role {
        Role::Keyword | Role::Colon => format!("```text\n{}\n```\n\n{}", doc.syntax, doc.doc),
        Role::Name if s.keyword == Keyword::Dungeon => {
            "The dungeon's name: what branches lead to and what the game shows (`^O`, level teleport).".to_string()
        }
        Role::Name => level_name(text, s),
        Role::Bones => {
            let value = s.string(text, Role::Bones).unwrap_or_default();
            if value == "none" {
                "Bones tag `none`: no bones files are left here.".into()
            } else {
                format!("Bones tag `{value}`: the letter of the bones files left here (one character, or `none` for no bones).")
            }
        }
        Role::ChainFrom => format!(
            "The level this is placed from: `+ (base, range)` counts from \"{}\", a level of this dungeon defined above that always exists.",
            s.string(text, Role::ChainFrom).unwrap_or_default()
        ),
        Role::Target => format!(
            "The dungeon this branch leads to: \"{}\", defined further down.",
            s.string(text, Role::Target).unwrap_or_default()
        ),
        Role::Placement => {
            if text[part.range.clone()].starts_with('+') {
                "`+`: placed relative to the level named before it.".into()
            } else {
                "`@`: placed at a level of this dungeon.".into()
            }
        }
        Role::Open | Role::Comma | Role::Close | Role::Base | Role::Range => couple(s),
        Role::Chance => format!(
            "Chance {}%: the share of games in which it exists (default 100).",
            s.integer(Role::Chance).unwrap_or(100)
        ),
        Role::Variants => {
            let n = s.integer(Role::Variants).unwrap_or(0);
            let name = s.string(text, Role::Name).unwrap_or_default();
            format!("{n} variants: the game loads one of `{name}-1` … `{name}-{n}` at random.")
        }
        Role::BranchType | Role::Direction | Role::Descriptor => match part.token {
            Token::Word(word) => format!("`{}`: {}", &text[part.range.clone()], vocabulary::word_doc(word)),
            _ => return None,
        },
        Role::Entry => {
            let n = s.integer(Role::Entry).unwrap_or(0);
            match n {
                0 | 1 => "Entry level 1: branches arrive at the top.".to_string(),
                n if n < 0 => format!("Entry level {n}: branches arrive at the {} level from the bottom.", ordinal(-n)),
                n => format!("Entry level {n}: branches arrive on level {n} of this dungeon."),
            }
        }
        Role::Protofile => format!(
            "Prototype `{0}`: the ordinary levels of this dungeon load `{0}1`, `{0}2`… when those files exist.",
            s.string(text, Role::Protofile).unwrap_or_default()
        ),
    };
    Some(HoverInfo {
        range: part.range.clone(),
        markdown,
    })
}

fn level_name(text: &str, s: &Statement) -> String {
    let name = s.string(text, Role::Name).unwrap_or_default();
    let files = match s.integer(Role::Variants) {
        Some(n) => format!("one of the level files `{name}-1` … `{name}-{n}`"),
        None => format!("the level file `{name}`"),
    };
    let quest = if name.starts_with("x-") {
        " In the Quest, `x` is replaced by the role's three-letter code."
    } else {
        ""
    };
    format!(
        "Special level \"{name}\": the game loads {files} (a `.des` level of that name).{quest}"
    )
}

fn couple(s: &Statement) -> String {
    let base = s.integer(Role::Base).unwrap_or(0);
    let range = s.integer(Role::Range).unwrap_or(0);
    let relative = s
        .part(Role::Placement)
        .is_some_and(|p| p.token == Token::Char(b'+'));
    let head = format!("`({base}, {range})`: base {base}, range {range}.");
    let body = if s.keyword == Keyword::Dungeon {
        if range > 0 {
            format!("The dungeon has {base} to {} levels.", base + range)
        } else {
            format!("The dungeon has {base} levels.")
        }
    } else {
        let from = if relative {
            "levels below the level it chains from (negative: above)".to_string()
        } else if base < 0 {
            format!("counted from the bottom ({} is the last level)", -1)
        } else {
            "the level of this dungeon".to_string()
        };
        let spread = match range {
            -1 => "anywhere from there to the dungeon's end".to_string(),
            0 => "exactly there".to_string(),
            r => format!("there or up to {r} more levels down, at random"),
        };
        format!("Placed at {base} ({from}), {spread}. A base is within ±{MAXLEVEL}.")
    };
    format!("{head} {body}")
}

fn ordinal(n: i32) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, r) if r != 11 => "st",
        (2, r) if r != 12 => "nd",
        (3, r) if r != 13 => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

#[cfg(test)]
mod tests;
