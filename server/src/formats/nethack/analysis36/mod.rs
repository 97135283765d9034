//! Diagnostics for a `.des` file in the NetHack 3.6 dialect (spec part B),
//! as the 3.6 `lev_comp` judges it, located on the token at fault:
//!
//! - [`structure`]: the grammar's errors, comments, keywords, blocks and
//!   control flow, and what may stand where;
//! - [`statements`]: each statement's arguments in the 3.6 forms;
//! - [`variables`]: `$variables`: use before assignment, types;
//! - [`semantics`]: names (errors in 3.6), value sets, limits, coordinates.

mod semantics;
mod statements;
mod structure;
mod variables;

use super::syntax::Document;
use crate::formats::Diagnostic;

/// The diagnostics of a file checked as 3.6.
pub fn diagnostics(text: &str, doc: &Document) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    structure::check(text, doc, &mut out);
    statements::check(text, doc, &mut out);
    variables::check(text, doc, &mut out);
    semantics::check(text, doc, &mut out);
    out.sort_by_key(|d| (d.range.start, d.range.end));
    out
}
