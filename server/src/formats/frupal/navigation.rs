//! Definition, references and rename for obstacle kinds and tool targets.
//!
//! An obstacle's `kind` is what "defines" a kind; a tool's targets refer to
//! it. Matching is exact and case-sensitive, as in the game (F16), so `Tree`
//! and `trees` are different kinds. A tool's own kind is a label nothing
//! refers to, so it takes part in none of this.

use super::model::Model;
use super::syntax::{number_value, Span};
use crate::formats::{Edit, SourceFile};
use std::ops::Range;

/// One obstacle kind or tool target as written.
struct KindWord<'t> {
    text: &'t str,
    span: Span,
    is_obstacle: bool,
}

/// The kind word under the cursor, and every kind word in the file (file order).
struct Hit<'t> {
    word: KindWord<'t>,
    all: Vec<KindWord<'t>>,
}

impl<'t> Hit<'t> {
    /// The cursor may touch either end of the word, as after a double-click.
    fn at(file: &SourceFile<'t>, offset: usize) -> Option<Hit<'t>> {
        let all: Vec<KindWord> = Model::of(file)
            .kinds()
            .into_iter()
            .map(|(text, span, is_obstacle)| KindWord {
                text,
                span,
                is_obstacle,
            })
            .collect();
        let w = all
            .iter()
            .find(|w| w.span.start <= offset && offset <= w.span.end)?;
        let word = KindWord {
            text: w.text,
            span: w.span.clone(),
            is_obstacle: w.is_obstacle,
        };
        Some(Hit { word, all })
    }

    /// The spans of the words with the same text as the one under the cursor.
    fn same(self, keep: impl Fn(&KindWord) -> bool) -> Vec<Range<usize>> {
        let text = self.word.text;
        self.all
            .into_iter()
            .filter(|w| w.text == text && keep(w))
            .map(|w| w.span)
            .collect()
    }
}

pub fn definition(file: &SourceFile, offset: usize) -> Vec<Range<usize>> {
    Hit::at(file, offset).map_or_else(Vec::new, |hit| hit.same(|w| w.is_obstacle))
}

pub fn references(
    file: &SourceFile,
    offset: usize,
    include_definitions: bool,
) -> Vec<Range<usize>> {
    Hit::at(file, offset).map_or_else(Vec::new, |hit| {
        hit.same(|w| include_definitions || !w.is_obstacle)
    })
}

pub fn prepare_rename(file: &SourceFile, offset: usize) -> Option<Range<usize>> {
    Hit::at(file, offset).map(|hit| hit.word.span)
}

/// Why `name` cannot be a kind, if it cannot.
fn refuse(name: &str) -> Option<String> {
    if name.is_empty() {
        return Some("a kind cannot be empty".into());
    }
    if name.chars().any(char::is_whitespace) {
        return Some(format!(
            "`{name}` contains whitespace: a kind is one word, and the game splits values at blanks"
        ));
    }
    // A numeric target would be read as the tool's divisor or cost once the count is off (F15).
    if number_value(name).is_some() {
        return Some(format!(
            "`{name}` is a number: the game would read it as a number, not as a kind"
        ));
    }
    None
}

/// Renames every obstacle kind and tool target with the text under the
/// cursor. Renaming onto another existing kind would silently merge the two
/// kinds (tools would then clear both), so it is refused.
pub fn rename(file: &SourceFile, offset: usize, new_name: &str) -> Result<Vec<Edit>, String> {
    let Some(hit) = Hit::at(file, offset) else {
        return Err(
            "nothing to rename here: only obstacle kinds and tool targets can be renamed".into(),
        );
    };
    if let Some(reason) = refuse(new_name) {
        return Err(reason);
    }
    if new_name != hit.word.text {
        if let Some(other) = hit.all.iter().find(|w| w.text == new_name) {
            let line = file.text[..other.span.start].matches('\n').count() + 1;
            return Err(format!(
                "`{new_name}` is already a kind (line {line}): renaming `{}` to it would merge the two kinds into one",
                hit.word.text
            ));
        }
    }
    Ok(hit
        .same(|_| true)
        .into_iter()
        .map(|range| Edit {
            range,
            new_text: new_name.to_string(),
        })
        .collect())
}

#[cfg(test)]
mod tests;
