//! Diagnostic codes: the type each format declares its codes with, and the
//! codes levls itself gives on a file of any format.
//!
//! Every code is declared once, in its format's `codes.rs` (levls' own in
//! this file), and reached through [`super::Format::codes`]. The sites that build a
//! diagnostic keep writing the code as a literal; the tests in [`check`] keep
//! the literals, the declarations and the docs' tables equal.

use super::Severity;

/// One diagnostic code, as the docs' table of codes shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Code {
    /// `format::name`, as diagnostics carry it.
    pub name: &'static str,
    /// The severity it always has; None when it depends on the case.
    pub severity: Option<Severity>,
    /// What it means in a few words (Markdown): the start of its row in the
    /// docs' table of codes.
    pub summary: &'static str,
}

impl Code {
    pub const fn error(name: &'static str, summary: &'static str) -> Code {
        Code::with(name, Some(Severity::Error), summary)
    }
    pub const fn warning(name: &'static str, summary: &'static str) -> Code {
        Code::with(name, Some(Severity::Warning), summary)
    }
    pub const fn info(name: &'static str, summary: &'static str) -> Code {
        Code::with(name, Some(Severity::Information), summary)
    }
    pub const fn hint(name: &'static str, summary: &'static str) -> Code {
        Code::with(name, Some(Severity::Hint), summary)
    }
    /// A code whose severity depends on the case (the docs' row says which).
    pub const fn varies(name: &'static str, summary: &'static str) -> Code {
        Code::with(name, None, summary)
    }
    const fn with(name: &'static str, severity: Option<Severity>, summary: &'static str) -> Code {
        Code {
            name,
            severity,
            summary,
        }
    }
}

/// The codes of levls itself, given on a file of any format (documented in
/// `docs/README.md`; a format's page may list them too).
pub static LEVLS: &[Code] = &[
    Code::error(
        "levls::internal-error",
        "levls itself failed while checking this file (a bug)",
    ),
    Code::error("levls::file-too-large", "the file is over 32 MB"),
    Code::varies(
        "levls::more-diagnostics",
        "the file has more diagnostics than are shown (500 in the editor)",
    ),
];

/// Every declared code: levls' own, then each format's.
pub fn all() -> impl Iterator<Item = &'static Code> {
    LEVLS
        .iter()
        .chain(super::registry().iter().flat_map(|f| f.codes()))
}

#[cfg(test)]
pub mod check;
#[cfg(test)]
mod read;

#[cfg(test)]
mod tests {
    use super::check;

    #[test]
    fn levls_codes_agree_with_the_docs_and_the_source() {
        check::agree(&check::Table::levls());
    }

    /// A new format's codes are checked only if its `codes.rs` asks for it.
    #[test]
    fn every_format_checks_its_codes() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        for format in crate::formats::registry() {
            let file = check::Table::of(*format).declared_in;
            let text = std::fs::read_to_string(root.join(&file)).unwrap_or_default();
            assert!(
                text.contains("agree(&Table::of("),
                "{file} must test `agree(&Table::of(&{}))`, as every format's codes.rs does",
                format.display_name()
            );
        }
    }

    #[test]
    fn no_code_is_declared_twice() {
        let mut seen = std::collections::HashSet::new();
        for code in super::all() {
            assert!(seen.insert(code.name), "`{}` is declared twice", code.name);
        }
    }
}
