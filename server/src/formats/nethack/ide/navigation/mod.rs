//! Go to definition, find references and rename. Places work in both
//! dialects ([`places`]: registers, coordinates and map cells, rooms,
//! portals); `$variables` are 3.6's ([`variables`]), and only they rename.

mod places;
mod variables;

use crate::formats::nethack::syntax::Document;
use crate::formats::nethack::Dialect;
use crate::formats::Edit;
use std::ops::Range;

pub(in crate::formats::nethack) use places::{cell, coordinates, room_name};
pub(in crate::formats::nethack) use variables::occurrences;

pub fn definition(
    text: &str,
    doc: &Document,
    dialect: Dialect,
    offset: usize,
) -> Vec<Range<usize>> {
    let found = match dialect {
        Dialect::V36 => variables::definition(text, doc, offset),
        Dialect::V343 => Vec::new(),
    };
    if found.is_empty() {
        places::definition(text, doc, offset)
    } else {
        found
    }
}

pub fn references(
    text: &str,
    doc: &Document,
    dialect: Dialect,
    offset: usize,
    include_definitions: bool,
) -> Vec<Range<usize>> {
    let found = match dialect {
        Dialect::V36 => variables::references(text, doc, offset, include_definitions),
        Dialect::V343 => Vec::new(),
    };
    if found.is_empty() {
        places::references(text, doc, offset, include_definitions)
    } else {
        found
    }
}

pub fn prepare_rename(
    text: &str,
    doc: &Document,
    dialect: Dialect,
    offset: usize,
) -> Option<Range<usize>> {
    match dialect {
        Dialect::V36 => variables::prepare_rename(text, doc, offset),
        Dialect::V343 => None,
    }
}

pub fn rename(
    text: &str,
    doc: &Document,
    dialect: Dialect,
    offset: usize,
    new_name: &str,
) -> Result<Vec<Edit>, String> {
    match dialect {
        Dialect::V36 => variables::rename(text, doc, offset, new_name),
        Dialect::V343 => Err("only NetHack 3.6 variables can be renamed".into()),
    }
}

#[cfg(test)]
mod tests;
