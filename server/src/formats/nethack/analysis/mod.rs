//! Diagnostics for a `.des` file: what the 3.4.3 `lev_comp` rejects (as
//! errors) or warns about (as warnings), located on the token at fault, and
//! what it does not check but the game would misbehave on.
//!
//! - [`structure`]: the grammar's errors, comments, keywords, statement order
//!   and which level kind allows what (lev_comp's `syntax error`s);
//! - [`arguments`]: each statement's arguments, slot by slot;
//! - [`semantics`]: lev_comp's own checks (names, value sets, limits, map
//!   coordinates, registers);
//! - [`bounds`]: what lev_comp leaves unchecked.

mod arguments;
mod bounds;
mod semantics;
mod structure;

use super::syntax::Document;
use crate::formats::Diagnostic;

/// The diagnostics of a file checked as 3.4.3.
pub fn diagnostics(text: &str, doc: &Document) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    structure::check(text, doc, &mut out);
    arguments::check(text, doc, &mut out);
    semantics::check(text, doc, &mut out);
    bounds::check(text, doc, &mut out);
    out.sort_by_key(|d| (d.range.start, d.range.end));
    out
}
