//! The reference validator's name checks (`specs/wuas-reference-behaviour.md`
//! §10, steps 2–4), against the game's definitions file: every space on
//! the board is a space or composite space of the definitions; every token
//! and attribute used on the board has a defined name (and a token's item,
//! unless `nil`, is a defined item). Without a definitions file there is
//! nothing to check against, and nothing is said.

use super::definitions::{self, Definitions, Found, Origin};
use super::lines::Span;
use super::model::Datafile;
use crate::formats::{closest, Diagnostic, Edit, Severity, SourceFile};
use std::collections::{HashMap, HashSet};

pub fn check(file: &SourceFile, data: &Datafile, out: &mut Vec<Diagnostic>) {
    let Some(found) = definitions::for_file(file, data) else {
        return;
    };
    let defs = match &found.loaded {
        Ok(defs) => defs.clone(),
        Err(why) => {
            out.push(unreadable(data, &found, why));
            return;
        }
    };
    let names = Names {
        text: file.text,
        defs: &defs,
        file_name: found.short_name(),
        version: data.version.unwrap_or(5),
    };
    names.spaces(data, out);
    names.tokens(data, out);
    if names.version >= 3 {
        names.attributes(data, out);
    }
}

/// Where and why the definitions file cannot be used (a warning: the
/// datafile may be fine, levls just cannot check its names).
fn unreadable(data: &Datafile, found: &Found, why: &str) -> Diagnostic {
    let range = found
        .span
        .clone()
        .or_else(|| data.version_span.clone())
        .unwrap_or(0..0);
    let how = match found.origin {
        Origin::Metadata => "named here",
        Origin::Setting => "set in the levls setting `wuas.definitions`",
        Origin::Beside => "found beside the file",
    };
    Diagnostic::new(
        Severity::Warning,
        "wuas::definitions-file",
        range,
        format!("cannot read the definitions file {} ({how}): {why}; space, token, item and attribute names are not checked", found.path.display()),
    )
}

struct Names<'a> {
    text: &'a str,
    defs: &'a Definitions,
    file_name: String,
    version: u8,
}

impl Names<'_> {
    /// `message`, "did you mean" and a quick fix replacing `span`, when a candidate is close.
    fn unknown<'c>(
        &self,
        severity: Severity,
        code: &'static str,
        span: Span,
        mut message: String,
        written: &str,
        candidates: impl IntoIterator<Item = &'c str>,
    ) -> Diagnostic {
        let suggestion = closest(written, candidates);
        if let Some(s) = suggestion {
            message.push_str(&format!("; did you mean `{s}`?"));
        }
        let d = Diagnostic::new(severity, code, span.clone(), message);
        match suggestion {
            Some(s) => d.with_fix(
                format!("Change to `{s}`"),
                vec![Edit {
                    range: span,
                    new_text: s.to_string(),
                }],
                true,
            ),
            None => d,
        }
    }

    fn spaces(&self, data: &Datafile, out: &mut Vec<Diagnostic>) {
        // From version 3 a name is ASCII letters: suggest only names that can be written.
        let writable = |n: &&str| self.version <= 2 || n.bytes().all(|b| b.is_ascii_alphabetic());
        for (_, _, _, cell) in data.cells() {
            let written = &self.text[cell.name.clone()];
            let name: String = if self.version <= 2 {
                written
                    .chars()
                    .filter(|c| !matches!(c, '*' | '?'))
                    .collect()
            } else {
                written.to_string()
            };
            if name.is_empty() {
                let cell_text = &self.text[cell.space_cell.clone()];
                let blank = if self.version <= 2 {
                    cell_text.trim().chars().all(|c| matches!(c, '*' | '?'))
                } else {
                    cell_text.trim().is_empty()
                };
                // Not blank: a v3+ cell that does not start with a letter (`wuas::space-name`).
                if blank && !self.defs.has_space("gap") {
                    out.push(Diagnostic::new(
                        Severity::Error,
                        "wuas::unknown-space",
                        cell.space_cell.clone(),
                        format!("No such space gap: an empty cell is the space `gap`, which {} does not define", self.file_name),
                    ));
                }
                continue;
            }
            if self.defs.has_space(&name) {
                continue;
            }
            let message = format!(
                "No such space {name}: {} defines no space `{name}`",
                self.file_name
            );
            out.push(self.unknown(
                Severity::Error,
                "wuas::unknown-space",
                cell.name.clone(),
                message,
                &name,
                self.defs.space_names().filter(writable),
            ));
        }
    }

    fn tokens(&self, data: &Datafile, out: &mut Vec<Diagnostic>) {
        let used: HashSet<String> = data
            .cells()
            .flat_map(|(_, _, _, c)| c.tokens.iter().map(|t| t.ch.to_string()))
            .collect();
        // A repeated id replaces the earlier line: only the last one is ever looked up.
        let last: HashMap<&str, usize> = data
            .tokens
            .iter()
            .map(|t| (&self.text[t.id.clone()], t.line))
            .collect();
        for token in &data.tokens {
            let id = &self.text[token.id.clone()];
            let name = &self.text[token.name.clone()];
            if self.version >= 5 && name.ends_with("_HIDDEN") {
                continue; // hidden tokens need no definition
            }
            let (severity, why_not) = severity(
                used.contains(id),
                last[id],
                token.line,
                &format!("token `{id}`"),
            );
            if !self.defs.tokens.contains_key(name) {
                let message = format!(
                    "No such token {name}: {} defines no token `{name}`{why_not}",
                    self.file_name
                );
                out.push(self.unknown(
                    severity,
                    "wuas::unknown-token-name",
                    token.name.clone(),
                    message,
                    name,
                    self.defs.tokens.keys().map(String::as_str),
                ));
            }
            let item = &self.text[token.item.clone()];
            if item != "nil" && !self.defs.items.contains_key(item) {
                let mut message = format!(
                    "No such item {item}: {} defines no item `{item}`",
                    self.file_name
                );
                if item.eq_ignore_ascii_case("nil") {
                    message.push_str(" (no item is written `nil`, in lower case)");
                }
                message.push_str(&why_not);
                let candidates = self.defs.items.keys().map(String::as_str).chain(["nil"]);
                out.push(self.unknown(
                    severity,
                    "wuas::unknown-item",
                    token.item.clone(),
                    message,
                    item,
                    candidates,
                ));
            }
        }
    }

    fn attributes(&self, data: &Datafile, out: &mut Vec<Diagnostic>) {
        let used: HashSet<String> = data
            .cells()
            .flat_map(|(_, _, _, c)| c.attributes.iter().map(|a| a.ch.to_string()))
            .collect();
        let last: HashMap<&str, usize> = data
            .attributes
            .iter()
            .map(|a| (&self.text[a.id.clone()], a.line))
            .collect();
        for attribute in &data.attributes {
            let id = &self.text[attribute.id.clone()];
            let name = &self.text[attribute.name.clone()];
            if self.defs.attributes.contains_key(name) {
                continue;
            }
            let (severity, why_not) = severity(
                used.contains(id),
                last[id],
                attribute.line,
                &format!("attribute `{id}`"),
            );
            let message = format!(
                "No such attribute {name}: {} defines no attribute `{name}`{why_not}",
                self.file_name
            );
            out.push(self.unknown(
                severity,
                "wuas::unknown-attribute-name",
                attribute.name.clone(),
                message,
                name,
                self.defs.attributes.keys().map(String::as_str),
            ));
        }
    }
}

/// An unknown name the validator looks up is an error; one it never looks
/// up (its id is not on the board, or a later line redefines it) a warning,
/// saying why.
fn severity(used: bool, last_line: usize, line: usize, what: &str) -> (Severity, String) {
    if last_line != line {
        let why = format!(" (line {} defines {what} again and replaces this line, so the validator never looks this one up)", last_line + 1);
        (Severity::Warning, why)
    } else if !used {
        (
            Severity::Warning,
            format!(" ({what} is not used on the board, so the validator does not look it up)"),
        )
    } else {
        (Severity::Error, String::new())
    }
}

#[cfg(test)]
mod tests;
