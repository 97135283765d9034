//! textDocument/publishDiagnostics.

use crate::formats::{self, AnalysisCache, Severity};
use crate::lsp::documents::Snapshot;
use crate::lsp::position::{range_in, to_range};
use crate::text::{Encoding, LineIndex};
use tower_lsp_server::ls_types::{Diagnostic, DiagnosticSeverity, NumberOrString, Range};

pub fn severity(s: Severity) -> DiagnosticSeverity {
    match s {
        Severity::Error => DiagnosticSeverity::ERROR,
        Severity::Warning => DiagnosticSeverity::WARNING,
        Severity::Information => DiagnosticSeverity::INFORMATION,
        Severity::Hint => DiagnosticSeverity::HINT,
    }
}

pub fn to_lsp(doc: &Snapshot, d: &formats::Diagnostic, encoding: Encoding) -> Diagnostic {
    with_range(to_range(doc, &d.range, encoding), d)
}

/// A diagnostic of a file that is not open, in the text it has on disk.
pub fn to_lsp_in(
    text: &str,
    lines: &LineIndex,
    d: &formats::Diagnostic,
    encoding: Encoding,
) -> Diagnostic {
    with_range(range_in(text, lines, &d.range, encoding), d)
}

fn with_range(range: Range, d: &formats::Diagnostic) -> Diagnostic {
    Diagnostic {
        range,
        severity: Some(severity(d.severity)),
        code: Some(NumberOrString::String(d.code.to_string())),
        source: Some("levls".into()),
        message: d.message.clone(),
        ..Default::default()
    }
}

/// The document's diagnostics, at most [`formats::cap::LIMIT`] and one for
/// the rest; none for documents in no known format.
/// `cache` holds what the previous version's analysis left (see
/// [`formats::Format::diagnostics_incremental`]).
pub fn compute(doc: &Snapshot, encoding: Encoding, cache: &mut AnalysisCache) -> Vec<Diagnostic> {
    if doc.format.is_some() && doc.text.len() > formats::MAX_FILE_BYTES {
        return vec![to_lsp(doc, &formats::too_large(doc.text.len()), encoding)];
    }
    let Some((format, file)) = doc.source() else {
        return Vec::new();
    };
    let found = doc
        .diagnostics
        .get_or_init(|| format.diagnostics_incremental(&file, cache));
    // Capped before converting: a file with tens of thousands of problems
    // publishes quickly and stays readable.
    let capped = formats::cap::cap(file.text, found, formats::cap::LIMIT);
    capped
        .shown
        .into_iter()
        .chain(capped.more.as_ref())
        .map(|d| to_lsp(doc, d, encoding))
        .collect()
}

/// Shown instead of the real diagnostics when analysis panicked.
pub fn internal_error() -> Diagnostic {
    Diagnostic {
        range: Range::default(),
        severity: Some(DiagnosticSeverity::ERROR),
        code: Some(NumberOrString::String("levls::internal-error".into())),
        source: Some("levls".into()),
        message: "levls hit an internal error while checking this file; the server log has details"
            .into(),
        ..Default::default()
    }
}
