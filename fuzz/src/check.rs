//! The fast targets (`check_<format>`): what `levls check` and the server's
//! diagnostics do with one input — parse, analyse, judge the quick fixes,
//! cap — without the per-position query sweep of [`crate::exercise`], so
//! small inputs run in the thousands per second.
//!
//! The first two bytes of the input are not text: they choose how the file
//! is read (a path and its extension, each of the format's choice settings —
//! NetHack's dialect and variant —, whether the quick fixes are judged, and
//! an earlier version for the incremental analysis), so every setting is
//! fuzzed on the same texts. `scripts/fuzz` puts two such bytes in front of
//! every seed it copies.

use crate::{apply, check_range};
use levls::formats::embedded::{self, PythonLevels};
use levls::formats::settings::{Kind, Settings, Value};
use levls::formats::{cap, parse, AnalysisCache, Diagnostic, Format, SourceFile};
use levls::text::{Encoding, LineIndex};
use std::path::PathBuf;

/// How one input is read, decoded from its first byte.
pub(crate) struct Reading {
    pub(crate) path: Option<PathBuf>,
    pub(crate) settings: Settings,
    /// Which quick fixes are judged (each applied, the text checked again):
    /// the costly part.
    judge: Judge,
    /// The version before this one, for the incremental analysis.
    earlier: Earlier,
}

/// Which fixes are judged.
enum Judge {
    None,
    /// Those of the `n`th diagnostic (modulo their count) with fixes, as an
    /// editor does for the diagnostic at the cursor. (Every diagnostic's, as
    /// `levls check` does, is the full targets' part: up to
    /// `fix_judge::JUDGED_BYTES_AT_LEAST` of text checked again, a hundred
    /// checks of a 2 KB input, and the fuzzer's corpus drifts to the inputs
    /// that pay it, since more checks reach higher hit counts.)
    One(usize),
}

/// Which earlier version the incremental analysis starts from.
enum Earlier {
    None,
    /// This text without its line `n` (modulo the line count): a line was typed.
    WithoutLine(usize),
    /// This text with its line `n` doubled: a line was deleted.
    WithLineTwice(usize),
}

/// Draws small numbers from the choosing bytes, one after another (mixed
/// radix), so each choice gets its own digits while they last, then zeros.
struct Digits(usize);

impl Digits {
    fn take(&mut self, radix: usize) -> usize {
        let digit = self.0 % radix;
        self.0 /= radix;
        digit
    }
}

/// Decode `selector` (the input's first two bytes) into a reading of a file of `format`, with the choice
/// settings of `settings_of` (the format itself, or the format of the levels
/// a host holds).
pub(crate) fn reading(format: &dyn Format, settings_of: &dyn Format, selector: u16) -> Reading {
    let mut digits = Digits(selector as usize);
    let extensions = format.extensions();
    let path = match digits.take(extensions.len() + 2) {
        0 => None,
        i if i <= extensions.len() => Some(PathBuf::from(format!(
            "/nonexistent-levls-fuzz/fuzz.{}",
            extensions[i - 1]
        ))),
        _ => Some(PathBuf::from("/nonexistent-levls-fuzz/fuzz")),
    };
    let mut settings = Settings::default();
    for setting in settings_of.settings() {
        if let Kind::Choice { values, .. } = &setting.kind {
            // One more than the values: left unset.
            if let Some(value) = values.get(digits.take(values.len() + 1)) {
                settings.set(setting, Value::Choice(value));
            }
        }
    }
    // One input in eight judges one diagnostic's fixes (each fix costs a
    // check). Mutations make many zeros: zero is the cheap choice.
    let judge = match digits.take(8) {
        7 => Judge::One(digits.0),
        _ => Judge::None,
    };
    let earlier = match digits.take(4) {
        0 | 1 => Earlier::None,
        2 => Earlier::WithoutLine(digits.0),
        _ => Earlier::WithLineTwice(digits.0),
    };
    Reading {
        path,
        settings,
        judge,
        earlier,
    }
}

/// The earlier version of `text` that `earlier` describes.
fn earlier_text(text: &str, earlier: &Earlier) -> Option<String> {
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    if lines.is_empty() {
        return None;
    }
    let mut out = String::with_capacity(text.len() * 2);
    match *earlier {
        Earlier::None => return None,
        Earlier::WithoutLine(n) => {
            let n = n % lines.len();
            for (i, line) in lines.iter().enumerate() {
                if i != n {
                    out.push_str(line);
                }
            }
        }
        Earlier::WithLineTwice(n) => {
            let n = n % lines.len();
            for (i, line) in lines.iter().enumerate() {
                out.push_str(line);
                if i == n {
                    if !line.ends_with('\n') {
                        out.push('\n');
                    }
                    out.push_str(line);
                }
            }
        }
    }
    Some(out)
}

/// Every diagnostic lies on the text; its ends survive the trip to an
/// editor's (line, column) in each encoding and back; every fix's edits
/// apply (in bounds, on char boundaries, not overlapping).
fn check_diagnostics(text: &str, diagnostics: &[Diagnostic], what: &str) {
    let index = LineIndex::new(text);
    for d in diagnostics {
        check_range(text, &d.range, what);
        for offset in [d.range.start, d.range.end] {
            // Between the CR and the LF of a line break: no editor position
            // is there (a lone CR is a character of its line, text.rs).
            if text[..offset].ends_with('\r') && text[offset..].starts_with('\n') {
                continue;
            }
            for encoding in [Encoding::Utf8, Encoding::Utf16, Encoding::Chars] {
                let (line, column) = index.position(text, offset, encoding);
                assert_eq!(
                    index.offset(text, line, column, encoding),
                    offset,
                    "{what} `{}`: offset {offset} → ({line}, {column}) in {encoding:?} does not come back",
                    d.code
                );
            }
        }
        for fix in &d.fixes {
            apply(text, &fix.edits, &format!("{what}: fix `{}`", fix.title));
        }
    }
}

/// Diagnostics in an order that does not depend on how they were found
/// (several on one span may come in either order).
fn canonical(diagnostics: &[Diagnostic]) -> Vec<String> {
    let mut sorted: Vec<&Diagnostic> = diagnostics.iter().collect();
    sorted.sort_by(|a, b| {
        (a.range.start, a.range.end, a.code, &a.message).cmp(&(
            b.range.start,
            b.range.end,
            b.code,
            &b.message,
        ))
    });
    sorted.iter().map(|d| format!("{d:?}")).collect()
}

/// Read `text` of `format` as `reading` says, checking what comes out.
fn check_text(format: &dyn Format, text: &str, reading: &Reading) {
    let tree = parse(format, text);
    let file = SourceFile {
        text,
        tree: &tree,
        path: reading.path.as_deref(),
        settings: &reading.settings,
        memo: None,
        history: None,
        workspace: None,
    };
    let diagnostics = format.diagnostics(&file);
    check_diagnostics(text, &diagnostics, "diagnostic");

    // The server analyses a changed document from what the last version
    // left: it must say what a fresh analysis says.
    if let Some(earlier) = earlier_text(text, &reading.earlier) {
        let earlier_tree = parse(format, &earlier);
        let earlier_file = SourceFile {
            text: &earlier,
            tree: &earlier_tree,
            ..file
        };
        let mut cache = AnalysisCache::default();
        format.diagnostics_incremental(&earlier_file, &mut cache);
        let incremental = format.diagnostics_incremental(&file, &mut cache);
        assert!(
            canonical(&incremental) == canonical(&diagnostics),
            "incremental diagnostics after an edit differ from a fresh analysis:\n\
             earlier text {earlier:?}\nincremental {incremental:#?}\nfresh {diagnostics:#?}"
        );
    }

    // What the editor publishes and `levls check` prints.
    let capped = cap::cap(text, &diagnostics, 3).into_vec();
    check_diagnostics(text, &capped, "capped diagnostic");

    // The fixes worth offering: each applied and the text checked again.
    match reading.judge {
        Judge::None => {}
        Judge::One(n) => {
            let with_fixes: Vec<&Diagnostic> =
                diagnostics.iter().filter(|d| !d.fixes.is_empty()).collect();
            if let Some(&target) = with_fixes.get(n % with_fixes.len().max(1)) {
                let mut judged = target.clone();
                judged.fixes = format.helpful_fixes(&file, &diagnostics, target);
                check_diagnostics(text, &[judged], "diagnostic with judged fixes");
            }
        }
    }
}

/// The choosing bytes of `data`, and the rest.
pub(crate) fn split(data: &[u8]) -> Option<(u16, &[u8])> {
    let (selector, rest) = data.split_first_chunk::<2>()?;
    Some((u16::from_le_bytes(*selector), rest))
}

/// A fast target: `data` (its first two bytes choose the reading) as a file of `format`.
pub fn check(format: &dyn Format, data: &[u8]) {
    let Some((selector, rest)) = split(data) else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    check_text(format, &text, &reading(format, format, selector));
}

/// A fast target for MiniHack's levels written in Python: `data` (after its
/// choosing bytes) as an open Python document in the server
/// ([`PythonLevels`], with NetHack's settings) and, when the byte says so,
/// as a `.py` or notebook file for `levls check` (each code cell's levels checked).
pub fn check_python(data: &[u8]) {
    let Some((selector, rest)) = split(data) else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    let reading = reading(&PythonLevels, &levls::formats::nethack::NetHack, selector);
    check_text(&PythonLevels, &text, &reading);
    // `levls check` reads a .py or .ipynb file through its host.
    let hosts = embedded::hosts();
    let host = &hosts[selector.count_ones() as usize % hosts.len()];
    for part in embedded::check(host, &text, &reading.settings) {
        check_diagnostics(&part.text, &part.diagnostics, "embedded level diagnostic");
    }
}
