//! `--format sarif`: a SARIF 2.1.0 log (OASIS) for code scanning
//! (`github/codeql-action/upload-sarif`): one run whose `tool.driver.rules`
//! are every declared diagnostic code (levls' own and each format's
//! `Format::codes`, with its summary and, where it has one, its severity as
//! the default level), and one result per diagnostic with its rule, level,
//! message, location and quick fixes.
//!
//! Positions are 1-based; columns are in UTF-16 code units, SARIF's default
//! (`columnKind: utf16CodeUnits`, said in the run); `endColumn` is the column
//! after the last character. Paths are relative URIs from the current
//! directory (`uriBaseId: %SRCROOT%`, which `originalUriBaseIds` names).
//!
//! Written with a few serde structs rather than the `serde-sarif` crate: that
//! crate generates every type of the schema at build time (a build script
//! and fourteen more crates to compile) for the dozen objects written here;
//! the end-to-end test validates the output against the official schema.

use super::{paths, Checked};
use crate::formats::codes::{self, Code};
use crate::formats::{Diagnostic, Severity};
use crate::text::Encoding;
use serde::Serialize;
use std::collections::HashMap;
use std::io::Write;
use std::ops::Range;
use std::path::{Path, PathBuf};

const SCHEMA: &str =
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";
/// Where every artifact's relative URI starts.
const SRCROOT: &str = "%SRCROOT%";
/// The project's page until the package names a repository.
const PLACEHOLDER_URI: &str = "https://github.com/levls/levls";

/// Writes the log's head before the first result, each result on its own
/// line as files come, and the tail at the end.
pub struct Printer {
    cwd: Option<PathBuf>,
    rules: HashMap<&'static str, usize>,
    started: bool,
    results: usize,
}

impl Default for Printer {
    fn default() -> Self {
        Printer {
            cwd: std::env::current_dir().ok(),
            rules: codes::all()
                .enumerate()
                .map(|(i, code)| (code.name, i))
                .collect(),
            started: false,
            results: 0,
        }
    }
}

impl Printer {
    pub fn print(&mut self, out: &mut impl Write, r: &Checked) -> std::io::Result<()> {
        self.start(out)?;
        let uri = uri(&paths::relative(self.cwd.as_deref(), &r.path));
        for d in &r.diagnostics {
            let result = SarifResult {
                rule_id: d.code,
                rule_index: self.rules.get(d.code).copied(),
                level: level(d.severity),
                message: Message::plain(&r.message(d)),
                locations: vec![Location {
                    physical_location: PhysicalLocation {
                        artifact_location: ArtifactLocation::new(&uri),
                        region: region(r, &d.range),
                    },
                }],
                // A cell's edits count in the cell, not in the file.
                fixes: if r.cell.is_some() {
                    Vec::new()
                } else {
                    fixes(r, d, &uri)
                },
            };
            let separator = if self.results == 0 { "\n" } else { ",\n" };
            self.results += 1;
            write!(out, "{separator}{}", to_json(&result))?;
        }
        Ok(())
    }

    pub fn finish(mut self, out: &mut impl Write) -> std::io::Result<()> {
        self.start(out)?;
        writeln!(out, "\n]}}]}}")
    }

    fn start(&mut self, out: &mut impl Write) -> std::io::Result<()> {
        if std::mem::replace(&mut self.started, true) {
            return Ok(());
        }
        let repository = env!("CARGO_PKG_REPOSITORY");
        let driver = Driver {
            name: "levls",
            version: env!("CARGO_PKG_VERSION"),
            semantic_version: env!("CARGO_PKG_VERSION"),
            information_uri: if repository.is_empty() {
                PLACEHOLDER_URI
            } else {
                repository
            },
            rules: codes::all().map(rule).collect(),
        };
        let bases: HashMap<&str, ArtifactLocation> = self
            .cwd
            .as_deref()
            .map(directory_uri)
            .map(|uri| {
                (
                    SRCROOT,
                    ArtifactLocation {
                        uri,
                        uri_base_id: None,
                    },
                )
            })
            .into_iter()
            .collect();
        write!(
            out,
            "{{\"$schema\":{},\"version\":\"2.1.0\",\"runs\":[{{\"tool\":{{\"driver\":{}}},\
             \"columnKind\":\"utf16CodeUnits\",\"originalUriBaseIds\":{},\"results\":[",
            to_json(&SCHEMA),
            to_json(&driver),
            to_json(&bases)
        )
    }
}

fn to_json(value: &impl Serialize) -> String {
    serde_json::to_string(value).expect("JSON of plain values")
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Driver {
    name: &'static str,
    version: &'static str,
    semantic_version: &'static str,
    information_uri: &'static str,
    rules: Vec<Rule>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Rule {
    id: &'static str,
    short_description: Message,
    #[serde(skip_serializing_if = "Option::is_none")]
    default_configuration: Option<Configuration>,
}

#[derive(Serialize)]
struct Configuration {
    level: &'static str,
}

/// A message: plain text, and Markdown where the text came as Markdown.
#[derive(Serialize)]
struct Message {
    text: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    markdown: Option<String>,
}

impl Message {
    fn plain(text: &str) -> Message {
        Message {
            text: text.to_string(),
            markdown: None,
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SarifResult {
    rule_id: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    rule_index: Option<usize>,
    level: &'static str,
    message: Message,
    locations: Vec<Location>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    fixes: Vec<Fix>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Location {
    physical_location: PhysicalLocation,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PhysicalLocation {
    artifact_location: ArtifactLocation,
    region: Region,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ArtifactLocation {
    uri: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    uri_base_id: Option<&'static str>,
}

impl ArtifactLocation {
    fn new(uri: &str) -> ArtifactLocation {
        ArtifactLocation {
            uri: uri.to_string(),
            uri_base_id: Some(SRCROOT),
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Region {
    start_line: usize,
    start_column: usize,
    end_line: usize,
    end_column: usize,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Fix {
    description: Message,
    artifact_changes: Vec<ArtifactChange>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ArtifactChange {
    artifact_location: ArtifactLocation,
    replacements: Vec<Replacement>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Replacement {
    deleted_region: Region,
    inserted_content: Content,
}

#[derive(Serialize)]
struct Content {
    text: String,
}

fn rule(code: &'static Code) -> Rule {
    Rule {
        id: code.name,
        short_description: Message {
            text: code.summary.replace('`', ""),
            markdown: Some(code.summary.to_string()),
        },
        default_configuration: code.severity.map(|s| Configuration { level: level(s) }),
    }
}

fn level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Information | Severity::Hint => "note",
    }
}

fn region(r: &Checked, range: &Range<usize>) -> Region {
    let (line, col) = r.lines.position(&r.text, range.start, Encoding::Utf16);
    let (end_line, end_col) = r.lines.position(&r.text, range.end, Encoding::Utf16);
    Region {
        start_line: line + 1,
        start_column: col + 1,
        end_line: end_line + 1,
        end_column: end_col + 1,
    }
}

fn fixes(r: &Checked, d: &Diagnostic, uri: &str) -> Vec<Fix> {
    d.fixes
        .iter()
        .map(|fix| Fix {
            description: Message::plain(&fix.title),
            artifact_changes: vec![ArtifactChange {
                artifact_location: ArtifactLocation::new(uri),
                replacements: fix
                    .edits
                    .iter()
                    .map(|e| Replacement {
                        deleted_region: region(r, &e.range),
                        inserted_content: Content {
                            text: e.new_text.clone(),
                        },
                    })
                    .collect(),
            }],
        })
        .collect()
}

/// A relative path as a URI reference: each byte outside RFC 3986's
/// unreserved characters and `/` percent-encoded (a `:` too, which would
/// read as a scheme).
fn uri(path: &str) -> String {
    encoded(path, b"-._~/")
}

fn encoded(path: &str, keep: &[u8]) -> String {
    let mut out = String::with_capacity(path.len());
    for byte in path.bytes() {
        if byte.is_ascii_alphanumeric() || keep.contains(&byte) {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// An absolute directory as a `file:` URI ending in `/`, as a base must
/// (`file:///C:/work/` on Windows).
fn directory_uri(dir: &Path) -> String {
    let path = paths::relative(None, dir);
    let path = encoded(path.trim_matches('/'), b"-._~/:");
    if path.is_empty() {
        "file:///".to_string()
    } else {
        format!("file:///{path}/")
    }
}

#[cfg(test)]
mod tests;
