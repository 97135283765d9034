//! What the variant that plays the file does with its levels, beyond
//! lev_comp: MiniHack loads only `mylevel.lev`, so a level under any other
//! name is compiled and never played (with no `mylevel` at all, the game
//! makes a random maze and says so only in its log). A file-wide pass: it
//! reads only the level headers, after the families have run.

use super::report::edit;
use crate::formats::nethack::names::variants::Variant;
use crate::formats::nethack::syntax::{Statement, ValueKind};
use crate::formats::{Diagnostic, Severity};

/// The diagnostics of `headers` (every level's `MAZE:`/`LEVEL:` statement,
/// in file order) for the game `variant`.
pub fn check(headers: &[Statement], variant: &Variant, out: &mut Vec<Diagnostic>) {
    let Some(played) = variant.played_level else {
        return;
    };
    let named = |h: &Statement| match h.args.first().map(|v| (&v.kind, v.span.clone())) {
        Some((ValueKind::String(name), span)) => Some((name.clone(), span)),
        _ => None,
    };
    let names: Vec<(String, std::ops::Range<usize>)> = headers.iter().filter_map(named).collect();
    let played_here = names.iter().any(|(name, _)| name == played);
    let title = variant.title;
    for (name, span) in names.iter().filter(|(name, _)| name != played) {
        let message = if played_here {
            format!(
                "{title} plays only the level named `{played}`: `{name}` is compiled and never played"
            )
        } else {
            format!(
                "{title} loads only `{played}.lev`: a level named `{name}` is never played, and {title} plays a random maze instead (its log says `Couldn't load \"{played}.lev\" - making a maze.`)"
            )
        };
        let d = Diagnostic::new(
            Severity::Warning,
            "nethack::minihack-level-name",
            span.clone(),
            message,
        );
        out.push(if played_here {
            d
        } else {
            d.with_fix(
                format!("Rename the level to `{played}`"),
                edit(span.clone(), format!("\"{played}\"")),
                names.len() == 1,
            )
        });
    }
}

#[cfg(test)]
mod tests;
