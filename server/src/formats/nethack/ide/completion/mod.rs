//! Completion: keywords at the start of a statement (with a snippet of their
//! arguments), and in an argument slot its value words, class characters,
//! names inside strings, register indices and, in 3.6, the level's
//! `$variables` whose type fits the slot.
//!
//! - [`context`]: where the cursor is, read from the text (half-typed lines);
//! - [`statements`]: keywords and slot values of fixed-form statements;
//! - [`scripting`]: 3.6's keywords, variables and selection words.

pub(in crate::formats::nethack::ide) mod context;
mod scripting;
mod statements;

use crate::formats::nethack::syntax::Document;
use crate::formats::nethack::Dialect;
use crate::formats::Completion;

pub fn completions(text: &str, doc: &Document, dialect: Dialect, offset: usize) -> Vec<Completion> {
    match dialect {
        Dialect::V36 => scripting::completions(text, doc, offset),
        Dialect::V343 => statements::completions_in(text, doc, offset),
    }
}

#[cfg(test)]
mod tests;
