//! Which quick fixes really help: each is applied to the text, the result
//! checked again, and a fix is kept only when the diagnostic it was offered
//! for is gone and it adds no error of its own. A rule proposes (its best
//! guesses, possibly several); this judge disposes, so an editor never offers
//! an edit that makes the file worse.
//!
//! "Adds no error of its own": an error that was not there before (by code and
//! line) is allowed only when it is a problem the fix *revealed* rather than
//! made: on the fixed diagnostic's line, touching neither the edited text nor
//! the diagnostic's own span (a statement has one error reported at a time, so
//! fixing its keyword shows the next problem of its arguments).

use super::{Diagnostic, Edit, Fix, Severity};
use std::ops::Range;

/// Bytes checked again for one file's fixes: at least this, at most the
/// file's own size. Past it, later diagnostics' fixes are not judged, so not
/// offered: `levls check` on a file of many fixable errors costs at most
/// about twice checking it (an editor judges only the fixes at the cursor).
pub const JUDGED_BYTES_AT_LEAST: usize = 200_000;

/// The fixes of `target` that help, in the order the rule gave them; the first
/// kept one is preferred if the rule preferred any. `before` is every
/// diagnostic of `text`; `check` checks a changed text the same way (same
/// dialect, same settings).
pub fn helpful_fixes(
    text: &str,
    before: &[Diagnostic],
    target: &Diagnostic,
    check: &dyn Fn(&str) -> Vec<Diagnostic>,
) -> Vec<Fix> {
    let any_preferred = target.fixes.iter().any(|f| f.preferred);
    let mut kept: Vec<Fix> = target
        .fixes
        .iter()
        .filter(|fix| helps(text, before, target, fix, check))
        .cloned()
        .collect();
    // Two candidates that write the same text are one fix.
    kept.dedup_by(|a, b| a.edits == b.edits);
    for (i, fix) in kept.iter_mut().enumerate() {
        fix.preferred = any_preferred && i == 0;
    }
    kept
}

fn helps(
    text: &str,
    before: &[Diagnostic],
    target: &Diagnostic,
    fix: &Fix,
    check: &dyn Fn(&str) -> Vec<Diagnostic>,
) -> bool {
    let Some(fixed) = apply(text, &fix.edits) else {
        return false;
    };
    let after = check(&fixed);
    // Line numbers by binary search over the line starts, and the errors
    // before as counts: a file of thousands of diagnostics is judged in
    // n log n, not n² (each count from the start of the text).
    let line_starts: Vec<usize> = std::iter::once(0)
        .chain(text.match_indices('\n').map(|(i, _)| i + 1))
        .collect();
    let line_of = |offset: usize| line_starts.partition_point(|&s| s <= offset.min(text.len())) - 1;
    let target_line = line_of(target.range.start);
    // Positions of the fixed text, back in the original.
    let back = |offset: usize| to_original(&fix.edits, offset);
    // Gone: one fewer of its code on its line (a line may hold several, such
    // as two commas, each fixed on its own).
    let on_target_line = |ds: &[Diagnostic], at: &dyn Fn(usize) -> usize| {
        ds.iter()
            .filter(|d| d.code == target.code && line_of(at(d.range.start)) == target_line)
            .count()
    };
    if on_target_line(&after, &back) >= on_target_line(before, &|o| o) {
        return false;
    }
    let mut was: std::collections::HashMap<(&str, usize), usize> = Default::default();
    for d in before.iter().filter(|d| d.severity == Severity::Error) {
        *was.entry((d.code, line_of(d.range.start))).or_default() += 1;
    }
    for d in after.iter().filter(|d| d.severity == Severity::Error) {
        let range = back(d.range.start)..back(d.range.end);
        let line = line_of(range.start);
        if let Some(count) = was.get_mut(&(d.code, line)).filter(|c| **c > 0) {
            *count -= 1;
            continue;
        }
        let revealed = line == target_line
            && !overlaps(&range, &target.range)
            && !fix.edits.iter().any(|e| overlaps(&range, &e.range));
        if !revealed {
            return false;
        }
    }
    true
}

/// `text` with `edits` (non-overlapping) applied, or `None` when they overlap
/// or fall outside it.
pub fn apply(text: &str, edits: &[Edit]) -> Option<String> {
    let mut sorted: Vec<&Edit> = edits.iter().collect();
    sorted.sort_by_key(|e| (e.range.start, e.range.end));
    let mut out = String::with_capacity(text.len() + 16);
    let mut at = 0;
    for e in sorted {
        if e.range.start < at
            || e.range.end > text.len()
            || !text.is_char_boundary(e.range.start)
            || !text.is_char_boundary(e.range.end)
        {
            return None;
        }
        out.push_str(&text[at..e.range.start]);
        out.push_str(&e.new_text);
        at = e.range.end;
    }
    out.push_str(&text[at..]);
    Some(out)
}

/// An offset of the fixed text, mapped back into the original: inside an
/// inserted text it is the start of the edit it came from.
fn to_original(edits: &[Edit], offset: usize) -> usize {
    let mut sorted: Vec<&Edit> = edits.iter().collect();
    sorted.sort_by_key(|e| e.range.start);
    let mut shift: isize = 0;
    for e in sorted {
        let new_start = (e.range.start as isize + shift) as usize;
        let new_end = new_start + e.new_text.len();
        if offset < new_start {
            break;
        }
        if offset < new_end {
            return e.range.start;
        }
        shift += e.new_text.len() as isize - e.range.len() as isize;
    }
    (offset as isize - shift).max(0) as usize
}

/// Do two spans share a byte, or does an empty one sit inside or at the edge
/// of the other?
fn overlaps(a: &Range<usize>, b: &Range<usize>) -> bool {
    a.start <= b.end && b.start <= a.end
}

#[cfg(test)]
mod tests;
