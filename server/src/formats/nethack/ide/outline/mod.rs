//! Document symbols and folding. A 3.4.3 level is a sequence of map parts
//! (MAZE) or rooms (LEVEL) in fixed order ([`parts`]); a 3.6 level is free
//! order with nested `{ … }` blocks and variables ([`blocks`]).

mod blocks;
mod parts;

use crate::formats::nethack::syntax::Document;
use crate::formats::nethack::Dialect;
use crate::formats::{Fold, Symbol};

pub(in crate::formats::nethack) use blocks::shorten;

pub fn symbols(text: &str, doc: &Document, dialect: Dialect) -> Vec<Symbol> {
    match dialect {
        Dialect::V36 => blocks::symbols(text, doc),
        Dialect::V343 => parts::symbols(text, doc),
    }
}

pub fn folds(text: &str, doc: &Document, dialect: Dialect) -> Vec<Fold> {
    match dialect {
        Dialect::V36 => blocks::folds(text, doc),
        Dialect::V343 => parts::folds_in(text, doc),
    }
}

#[cfg(test)]
mod tests;
