//! The rules of a `.des` file → diagnostics: what `lev_comp` of the file's
//! dialect rejects (errors) or warns about (warnings), located on the token
//! at fault, and what it leaves unchecked but the game misbehaves on.
//!
//! One file per family of rules; [`FAMILIES`] says which dialects each
//! family runs in. The grammar is each dialect's own (3.4.3: [`order`] and
//! [`arguments`]; 3.6: [`blocks`], [`forms`], [`variables`]); lev_comp's own
//! checks are walked by [`semantics`] and live by subject ([`level`],
//! [`names`], [`maps`], [`chances`], [`registers`], [`rooms`]) with the 3.6
//! form of a rule beside its 3.4.3 form; [`unchecked`] is what lev_comp
//! leaves unchecked; [`limits`] is where lev_comp itself overflows (its
//! buffers and tables) or wraps (its numbers); [`comments`] holds both
//! dialects' comment rules; [`placement`] is where the game must place
//! stairs, branches and portals at run time. [`variant`] is a file-wide
//! pass for the game that plays the file (MiniHack's `mylevel`). Shared ways
//! of saying a problem
//! are in [`report`]; [`incremental`] re-checks only the levels that changed.

mod arguments;
mod blocks;
mod chances;
mod comments;
mod forms;
mod functions;
pub mod incremental;
mod level;
mod limits;
mod maps;
mod names;
mod order;
mod placement;
mod registers;
pub(super) mod report;
mod rooms;
mod semantics;
mod unchecked;
mod variables;
pub mod variant;

use super::syntax::Document;
use super::Dialect;
use crate::formats::Diagnostic;

/// A family of rules and the dialects it applies to.
struct Family {
    /// Its file in this folder (a test keeps them equal).
    #[cfg_attr(not(test), allow(dead_code))]
    name: &'static str,
    dialects: &'static [Dialect],
    check: fn(&str, &Document, &mut Vec<Diagnostic>),
}

/// Every family, in the order each dialect runs them.
const FAMILIES: &[Family] = &[
    // lev_comp 3.4.3's grammar: fixed statement order per level kind, then
    // each statement's arguments slot by slot.
    Family {
        name: "order",
        dialects: &[Dialect::V343],
        check: order::check,
    },
    Family {
        name: "arguments",
        dialects: &[Dialect::V343],
        check: arguments::check,
    },
    // lev_comp 3.4.3's own checks: the level, names, registers, maps, rooms.
    Family {
        name: "semantics",
        dialects: &[Dialect::V343],
        check: semantics::check_343,
    },
    // What lev_comp 3.4.3 leaves unchecked and the game misbehaves on.
    Family {
        name: "unchecked",
        dialects: &[Dialect::V343],
        check: unchecked::check,
    },
    // lev_comp 3.4.3's own limits: its map buffer, part and room tables, numbers.
    Family {
        name: "limits",
        dialects: &[Dialect::V343],
        check: limits::check_343,
    },
    // Where the game places stairs, branches and portals at run time.
    Family {
        name: "placement",
        dialects: &[Dialect::V343],
        check: placement::check_343,
    },
    // lev_comp 3.6's grammar: blocks and control flow in any order, then
    // the argument forms of each statement.
    Family {
        name: "blocks",
        dialects: &[Dialect::V36],
        check: blocks::check,
    },
    Family {
        name: "forms",
        dialects: &[Dialect::V36],
        check: forms::check,
    },
    Family {
        name: "variables",
        dialects: &[Dialect::V36],
        check: variables::check,
    },
    Family {
        name: "functions",
        dialects: &[Dialect::V36],
        check: functions::check,
    },
    // lev_comp 3.6's own checks: the level, names, maps, chances.
    Family {
        name: "semantics",
        dialects: &[Dialect::V36],
        check: semantics::check_36,
    },
    // lev_comp 3.6's own limits: its token, FOR and map buffers, numbers.
    Family {
        name: "limits",
        dialects: &[Dialect::V36],
        check: limits::check_36,
    },
    Family {
        name: "placement",
        dialects: &[Dialect::V36],
        check: placement::check_36,
    },
];

/// The diagnostics of a file checked in `dialect`, in text order.
pub fn diagnostics(text: &str, doc: &Document, dialect: Dialect) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for family in FAMILIES.iter().filter(|f| f.dialects.contains(&dialect)) {
        (family.check)(text, doc, &mut out);
    }
    out.sort_by_key(|d| (d.range.start, d.range.end));
    out
}

#[cfg(test)]
mod tests;
