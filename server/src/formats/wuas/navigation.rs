//! Definition, references and rename of the file's own one-character names:
//! space labels (`&A` in a cell, used by graph edges), token ids (used in
//! token cells, defined in the token table) and attribute ids (v3+: used
//! after a space name, defined in the attribute table).
//!
//! Every name is one character, and a rename keeps it one character, so a
//! rename never changes a box's width: the layout stays aligned.
//!
//! The game's names (spaces, tokens, items, attributes) are defined in the
//! definitions file: go to definition on one answers its key there.

use super::definitions;
use super::hover::space_name;
use super::lines::{split, Span};
use super::model::Datafile;
use super::reader::{read_of, Reader};
use crate::formats::{Edit, Location, SourceFile};
use std::ops::Range;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Label,
    Token,
    Attribute,
}

impl Kind {
    fn what(self) -> &'static str {
        match self {
            Kind::Label => "a space label",
            Kind::Token => "a token id",
            Kind::Attribute => "an attribute id",
        }
    }
}

/// One label, token id or attribute id as written.
#[derive(Clone, Debug)]
struct Name {
    kind: Kind,
    ch: char,
    /// What is shown: `&A` for a label on the board, else the character.
    span: Span,
    /// The character itself, which a rename replaces.
    id: Span,
    definition: bool,
}

/// Every name in the file (in file order), the version and whether the
/// whole file was read.
struct Names {
    all: Vec<Name>,
    version: u8,
    complete: bool,
}

/// The one character of a footer field or graph-edge end, if it is one.
fn single(text: &str) -> Option<char> {
    let mut chars = text.chars();
    chars.next().filter(|_| chars.next().is_none())
}

impl Names {
    fn read(text: &str) -> Names {
        let reader = Reader::read(text);
        let data = &reader.file;
        let version = data.version.unwrap_or(5);
        let mut all = Vec::new();
        let mut push = |kind, ch: char, span: Span, id: Span, definition| {
            // A blank is no name: it is a mistake the diagnostics explain.
            if !ch.is_whitespace() {
                all.push(Name {
                    kind,
                    ch,
                    span,
                    id,
                    definition,
                });
            }
        };
        for (_, _, _, cell) in data.cells() {
            if version >= 3 {
                for a in &cell.attributes {
                    push(Kind::Attribute, a.ch, a.span.clone(), a.span.clone(), false);
                }
            }
            for t in &cell.tokens {
                push(Kind::Token, t.ch, t.span.clone(), t.span.clone(), false);
            }
            if let Some(label) = &cell.label {
                let id = label.span.start + 1..label.span.end;
                push(Kind::Label, label.ch, label.span.clone(), id, true);
            }
        }
        let footer =
            |kind, span: &Span| single(&text[span.clone()]).map(|ch| (kind, ch, span.clone()));
        let defined = data.tokens.iter().map(|t| footer(Kind::Token, &t.id));
        let attributes = data
            .attributes
            .iter()
            .map(|a| footer(Kind::Attribute, &a.id));
        for (kind, ch, span) in defined.chain(attributes).flatten() {
            push(kind, ch, span.clone(), span, true);
        }
        for edge in &data.edges {
            for end in [&edge.from, &edge.to] {
                if let Some((kind, ch, span)) = footer(Kind::Label, end) {
                    push(kind, ch, span.clone(), span, false);
                }
            }
        }
        all.sort_by_key(|n| n.span.start);
        Names {
            all,
            version,
            complete: reader.complete,
        }
    }

    /// The name under the cursor: the one it is on, else the one it ends
    /// (a cursor right after a word still means that word).
    fn at(&self, offset: usize) -> Option<&Name> {
        self.all
            .iter()
            .find(|n| n.span.start <= offset && offset < n.span.end)
            .or_else(|| self.all.iter().find(|n| n.span.end == offset))
    }

    fn same<'n>(&'n self, name: &'n Name) -> impl Iterator<Item = &'n Name> {
        self.all
            .iter()
            .filter(move |n| n.kind == name.kind && n.ch == name.ch)
    }
}

pub fn definition(file: &SourceFile, offset: usize) -> Vec<Range<usize>> {
    let names = Names::read(file.text);
    let Some(name) = names.at(offset) else {
        return Vec::new();
    };
    names
        .same(name)
        .filter(|n| n.definition)
        .map(|n| n.span.clone())
        .collect()
}

/// Go to definition on a space, composite space, token, item or attribute
/// name of the datafile: the name's key in its section of the definitions
/// file (the key's text between its quotes). Nothing when the file does not
/// define the name, or there is no definitions file.
pub fn into_definitions(file: &SourceFile, offset: usize) -> Vec<Location> {
    let read = read_of(file);
    let Some((sections, name)) = game_name_at(file.text, &read.file, offset) else {
        return Vec::new();
    };
    let Some(found) = definitions::for_file(file, &read.file) else {
        return Vec::new();
    };
    let Ok(defs) = &found.loaded else {
        return Vec::new();
    };
    let path = std::path::absolute(&found.path).unwrap_or_else(|_| found.path.clone());
    sections
        .iter()
        .filter_map(|section| defs.keys.get(section, &name))
        .map(|span| Location::in_file(&path, span))
        .collect()
}

/// The game's name the cursor is on (or right after), as the validator looks
/// it up, and the sections of the definitions file that may define it.
fn game_name_at(
    text: &str,
    data: &Datafile,
    offset: usize,
) -> Option<(&'static [&'static str], String)> {
    let on = |span: &Span| !span.is_empty() && span.start <= offset && offset <= span.end;
    let version = data.version.unwrap_or(5);
    if let Some((.., cell)) = data.cells().find(|(.., cell)| on(&cell.name)) {
        let sections: &[&str] = &["spaces", "composite_spaces"];
        return Some((sections, space_name(text, version, cell)));
    }
    let written = |span: &Span| text[span.clone()].to_string();
    for token in &data.tokens {
        if on(&token.name) {
            return Some((&["tokens"], written(&token.name)));
        }
        if on(&token.item) && &text[token.item.clone()] != "nil" {
            return Some((&["items"], written(&token.item)));
        }
    }
    data.attributes
        .iter()
        .find(|a| on(&a.name))
        .map(|a| (&["attributes"][..], written(&a.name)))
}

pub fn references(
    file: &SourceFile,
    offset: usize,
    include_definitions: bool,
) -> Vec<Range<usize>> {
    let names = Names::read(file.text);
    let Some(name) = names.at(offset) else {
        return Vec::new();
    };
    names
        .same(name)
        .filter(|n| include_definitions || !n.definition)
        .map(|n| n.span.clone())
        .collect()
}

pub fn prepare_rename(file: &SourceFile, offset: usize) -> Option<Range<usize>> {
    Names::read(file.text).at(offset).map(|n| n.id.clone())
}

/// Why `new` cannot be `kind` in a file of `version`, if it cannot.
fn refuse(kind: Kind, new: &str, version: u8) -> Option<String> {
    let what = kind.what();
    let Some(ch) = single(new) else {
        return Some(format!("{what} is exactly one character, not `{new}`"));
    };
    if ch.is_whitespace() {
        return Some(format!("{what} cannot be a blank: the tool trims the cells and splits the footer lines at blanks"));
    }
    if ch == '|' {
        return Some(format!(
            "`|` separates the cells of a row: it cannot be {what}"
        ));
    }
    match kind {
        Kind::Label if ch == '-' => {
            Some("a graph edge is two labels joined by `--`: the tool would split an edge with a `-` label in the wrong place".into())
        }
        Kind::Token if ch == '&' && version >= 4 => {
            Some("'&' is an invalid token abbreviation from version 4: `&` starts a label".into())
        }
        Kind::Attribute if ch.is_ascii_alphabetic() => Some(format!(
            "from version 3 the space name is every ASCII letter at the start of the cell, so the tool would read `{ch}` right after a name as part of the name (`sky{ch}`), not as an attribute"
        )),
        Kind::Attribute if ch.is_alphanumeric() => {
            Some(format!("attribute ids are not alphanumeric (the spec): `{ch}` would be flagged on every space that has it"))
        }
        _ => None,
    }
}

/// Renames a label, token id or attribute id in the board and in the footer.
/// Refused when the new name is not one usable character or already names
/// something of the same kind (the two would merge).
pub fn rename(file: &SourceFile, offset: usize, new_name: &str) -> Result<Vec<Edit>, String> {
    let names = Names::read(file.text);
    let Some(name) = names.at(offset) else {
        return Err(
            "nothing to rename here: only space labels, token ids and attribute ids can be renamed"
                .into(),
        );
    };
    if !names.complete {
        return Err("the tool stops reading this file at an error (see the diagnostics), so not every use of the name can be found: fix that first".into());
    }
    if let Some(reason) = refuse(name.kind, new_name, names.version) {
        return Err(reason);
    }
    if single(new_name) == Some(name.ch) {
        return Ok(Vec::new());
    }
    if let Some(taken) = names
        .all
        .iter()
        .find(|n| n.kind == name.kind && single(new_name) == Some(n.ch))
    {
        let line = split(file.text)
            .iter()
            .position(|l| taken.span.start <= l.span.end)
            .map_or(0, |i| i + 1);
        return Err(format!("`{new_name}` is already {} in this file (line {line}): renaming onto it would merge the two", name.kind.what()));
    }
    Ok(names
        .same(name)
        .map(|n| Edit {
            range: n.id.clone(),
            new_text: new_name.to_string(),
        })
        .collect())
}

#[cfg(test)]
mod tests;
