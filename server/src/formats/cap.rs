//! A cap on the diagnostics shown for one file: a generated or pasted file
//! can have tens of thousands, which no one reads and which slow the editor
//! down (every one is converted, sent as JSON and drawn). The most useful
//! are kept — errors first, then warnings, then the rest, each in the order
//! of the text — and one last diagnostic says how many more there are and
//! where the first of them is. Shared by the server and `levls check`.

use super::{Diagnostic, Severity};

/// The diagnostics an editor shows per file. 500 is more than a person
/// works through at once on a hand-written file (the largest real files in
/// the shared corpus give far fewer), and small enough that publishing stays
/// quick when a file has tens of thousands.
pub const LIMIT: usize = 500;

/// The code of the diagnostic that stands for the ones left out.
pub const MORE: &str = "levls::more-diagnostics";

/// What is shown of a file's diagnostics under a cap.
pub struct Capped<'a> {
    /// The diagnostics kept, in their original order.
    pub shown: Vec<&'a Diagnostic>,
    /// The one that says what was left out, when something was.
    pub more: Option<Diagnostic>,
}

impl<'a> Capped<'a> {
    /// The kept diagnostics, then the one for the rest: what is published.
    pub fn into_vec(self) -> Vec<Diagnostic> {
        let mut all: Vec<Diagnostic> = self.shown.into_iter().cloned().collect();
        all.extend(self.more);
        all
    }
}

/// At most `limit` of `diagnostics` of the file `text`, plus one for the rest.
pub fn cap<'a>(text: &str, diagnostics: &'a [Diagnostic], limit: usize) -> Capped<'a> {
    if diagnostics.len() <= limit {
        return Capped {
            shown: diagnostics.iter().collect(),
            more: None,
        };
    }
    // Most useful first: by severity, then where it starts.
    let mut ranked: Vec<usize> = (0..diagnostics.len()).collect();
    ranked.sort_by_key(|&i| (diagnostics[i].severity, diagnostics[i].range.start, i));
    let mut kept = vec![false; diagnostics.len()];
    for &i in &ranked[..limit] {
        kept[i] = true;
    }
    let hidden = &ranked[limit..];
    let shown = diagnostics
        .iter()
        .zip(&kept)
        .filter_map(|(d, &k)| k.then_some(d))
        .collect();
    Capped {
        shown,
        more: Some(more(text, diagnostics, hidden)),
    }
}

/// The diagnostic standing for `hidden` (indices, most useful first): at
/// the first of them, as severe as the worst, counting each severity.
fn more(text: &str, diagnostics: &[Diagnostic], hidden: &[usize]) -> Diagnostic {
    let first = &diagnostics[hidden[0]];
    let mut counts = [0usize; 4];
    for &i in hidden {
        counts[diagnostics[i].severity as usize] += 1;
    }
    let severities = [
        Severity::Error,
        Severity::Warning,
        Severity::Information,
        Severity::Hint,
    ];
    let kinds: Vec<String> = severities
        .iter()
        .zip(counts)
        .filter(|(_, n)| *n > 0)
        .map(|(s, n)| format!("{n} {}", s.as_str()))
        .collect();
    let start = first.range.start.min(text.len());
    let line = text.as_bytes()[..start]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1;
    Diagnostic::new(
        first.severity,
        MORE,
        first.range.clone(),
        format!(
            "{} more diagnostics not shown ({}); the first is on line {line}: {}",
            hidden.len(),
            kinds.join(", "),
            first.message
        ),
    )
}

#[cfg(test)]
mod tests;
