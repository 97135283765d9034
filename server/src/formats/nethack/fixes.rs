//! Judging quick fixes one level at a time: a fix is applied and checked
//! again ([`fix_judge`]), and a level is checked on its own exactly as in its
//! file ([`check::incremental`]), so only the level a fix edits is checked
//! again — a file of many levels costs what one level costs.

use super::check::{self, incremental};
use super::{dialect::Dialect, syntax};
use crate::formats::fix_judge::JUDGED_BYTES_AT_LEAST;
use crate::formats::{fix_judge, Diagnostic, Fix, Format, SourceFile};
use std::collections::HashMap;
use std::ops::Range;

/// Checks a text (a whole file or one of its levels) in `dialect`.
fn checker<'a>(format: &'a dyn Format, dialect: Dialect) -> impl Fn(&str) -> Vec<Diagnostic> + 'a {
    move |text: &str| {
        let tree = crate::formats::parse(format, text);
        let doc = syntax::read(text, &tree);
        check::diagnostics(text, &doc, dialect)
    }
}

/// Judges the fixes of each of `targets` (indices into `all`), level by
/// level; returns the helpful fixes of each target, in `targets`' order.
pub fn judge(
    format: &dyn Format,
    file: &SourceFile,
    dialect: Dialect,
    all: &[Diagnostic],
    targets: &[usize],
) -> Vec<Vec<Fix>> {
    let check = checker(format, dialect);
    let text = file.text;
    #[allow(clippy::single_range_in_vec_init)] // one part: the whole text
    let parts = incremental::part_ranges(file).unwrap_or_else(|| vec![0..text.len()]);
    // Each part's own diagnostics, checked once when a fix first needs them.
    let mut checked: HashMap<usize, Vec<Diagnostic>> = HashMap::new();
    let mut budget = text.len().max(JUDGED_BYTES_AT_LEAST);
    let mut out = Vec::with_capacity(targets.len());
    for &i in targets {
        let target = &all[i];
        // The part holding the diagnostic and every edit of its fixes; else
        // the whole file.
        let inside = |r: &Range<usize>| {
            r.start <= target.range.start
                && target.range.end <= r.end
                && target
                    .fixes
                    .iter()
                    .flat_map(|f| &f.edits)
                    .all(|e| r.start <= e.range.start && e.range.end <= r.end)
        };
        let (index, part) = parts
            .iter()
            .enumerate()
            .find(|(_, r)| inside(r))
            .map_or((usize::MAX, 0..text.len()), |(i, r)| (i, r.clone()));
        let cost = part.len() * (target.fixes.len() + 1);
        if cost > budget {
            out.push(Vec::new());
            continue;
        }
        budget -= cost;
        let sub = &text[part.clone()];
        let before = checked.entry(index).or_insert_with(|| check(sub));
        let shifted = incremental::shift(target, -(part.start as isize));
        let mut kept = fix_judge::helpful_fixes(sub, before, &shifted, &check);
        incremental::shift_fixes(&mut kept, part.start as isize);
        out.push(kept);
    }
    out
}
