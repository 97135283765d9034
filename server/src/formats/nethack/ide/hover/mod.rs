//! Hover: what a keyword, value word, name, class or map character means,
//! which slot of its statement a value fills, what lies under a coordinate,
//! and, in 3.6, variables, selections, conditions and chances. The level
//! header also says which dialect the file is read in, and why.
//!
//! - [`levels`]: a level header: what the level holds, the dialect and why;
//! - [`keywords`]: what a keyword means, in each dialect's forms;
//! - [`statements`]: statements, their slots and values, names, map cells;
//! - [`scripting`]: 3.6's variables, selections, conditions and chances;
//! - [`values`]: 3.6's values by the slot each fills.

mod keywords;
mod levels;
mod scripting;
mod statements;
mod values;

use crate::formats::nethack::dialect::{Choice, Dialect};
use crate::formats::nethack::names;
use crate::formats::nethack::syntax::Document;
use crate::formats::HoverInfo;

pub(in crate::formats::nethack) use statements::cell_note;

pub fn hover(text: &str, doc: &Document, choice: &Choice, offset: usize) -> Option<HoverInfo> {
    match choice.dialect {
        Dialect::V36 => scripting::hover(text, doc, choice, offset),
        // 3.4.3's hover, with the dialect in force on the level header.
        Dialect::V343 => {
            let base = statements::hover_in(text, doc, offset);
            levels::with_dialect(text, doc, choice, offset, base)
        }
    }
}

fn info(range: std::ops::Range<usize>, markdown: String) -> Option<HoverInfo> {
    Some(HoverInfo { range, markdown })
}

/// What the source tree in force says of a monster (its level, attacks…),
/// as a paragraph to add to its hover; empty outside a tree.
fn tree_monster_details(name: &str, class: char) -> String {
    let Some((details, title)) = names::monster_details(name, Some(class)) else {
        return String::new();
    };
    let mut md = format!("\n\nAs {title} defines it in `src/monst.c`:\n");
    for line in details.lines() {
        md.push_str(&format!("\n- {line}"));
    }
    md
}

fn plural(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

#[cfg(test)]
mod tests;
