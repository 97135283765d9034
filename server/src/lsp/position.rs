//! Byte ranges ↔ LSP ranges in the negotiated position encoding.

use super::documents::Snapshot;
use crate::formats;
use crate::text::{Encoding, LineIndex};
use std::ops::Range;
use std::sync::Arc;
use tower_lsp_server::ls_types::{
    Location as LspLocation, Position, PositionEncodingKind, Range as LspRange, Uri,
};

/// UTF-8 when the client offers it (no conversion work), else the LSP default UTF-16.
pub fn negotiate(offered: Option<&[PositionEncodingKind]>) -> Encoding {
    match offered {
        Some(kinds) if kinds.contains(&PositionEncodingKind::UTF8) => Encoding::Utf8,
        _ => Encoding::Utf16,
    }
}

pub fn kind(encoding: Encoding) -> PositionEncodingKind {
    match encoding {
        Encoding::Utf8 => PositionEncodingKind::UTF8,
        _ => PositionEncodingKind::UTF16,
    }
}

pub fn to_position(doc: &Snapshot, offset: usize, encoding: Encoding) -> Position {
    let (line, character) = doc.lines.position(&doc.text, offset, encoding);
    Position {
        line: line as u32,
        character: character as u32,
    }
}

pub fn to_range(doc: &Snapshot, range: &Range<usize>, encoding: Encoding) -> LspRange {
    LspRange {
        start: to_position(doc, range.start, encoding),
        end: to_position(doc, range.end, encoding),
    }
}

pub fn to_offset(doc: &Snapshot, position: Position, encoding: Encoding) -> usize {
    doc.lines.offset(
        &doc.text,
        position.line as usize,
        position.character as usize,
        encoding,
    )
}

/// Open documents by URI, for answers that point into another file.
pub type OpenDocuments<'a> = &'a dyn Fn(&Uri) -> Option<Arc<Snapshot>>;

/// A format's location as an LSP one: a range of `doc` through its snapshot;
/// a range of another file through that file's text as the editor has it (its
/// open document, unsaved edits included), else as it is on disk. `None` when
/// that file can be neither found nor read.
pub fn to_location(
    doc: &Snapshot,
    location: &formats::Location,
    encoding: Encoding,
    open: OpenDocuments,
) -> Option<LspLocation> {
    let Some(path) = &location.file else {
        return Some(LspLocation {
            uri: doc.uri.clone(),
            range: to_range(doc, &location.range, encoding),
        });
    };
    let uri = Uri::from_file_path(path)?;
    if let Some(other) = open(&uri) {
        return Some(LspLocation {
            range: to_range(&other, &location.range, encoding),
            uri,
        });
    }
    let text = std::fs::read_to_string(path).ok()?;
    Some(LspLocation {
        range: range_in(&text, &LineIndex::new(&text), &location.range, encoding),
        uri,
    })
}

/// A byte range of a text that is not an open document (a file on disk).
pub fn range_in(
    text: &str,
    lines: &LineIndex,
    range: &Range<usize>,
    encoding: Encoding,
) -> LspRange {
    let position = |offset: usize| {
        let (line, character) = lines.position(text, offset.min(text.len()), encoding);
        Position {
            line: line as u32,
            character: character as u32,
        }
    };
    LspRange {
        start: position(range.start),
        end: position(range.end),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::Location;
    use crate::lsp::documents::Document;

    fn snapshot(path: &std::path::Path, text: &str) -> Arc<Snapshot> {
        let uri = Uri::from_file_path(path).unwrap();
        Document::open(uri, "", 1, text.into(), Arc::default()).snapshot()
    }

    fn shown(l: Option<LspLocation>) -> String {
        let l = l.expect("a location");
        let r = l.range;
        let name = l
            .uri
            .path()
            .as_str()
            .rsplit('/')
            .next()
            .unwrap()
            .to_string();
        let (s, e) = (r.start, r.end);
        format!(
            "{name} {}:{}-{}:{}",
            s.line, s.character, e.line, e.character
        )
    }

    #[test]
    fn another_files_ranges_are_read_in_its_text_as_the_editor_has_it() {
        let dir = std::env::temp_dir().join(format!("levls-position-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let here = snapshot(&dir.join("here.des"), "MAZE: \"x\", ' '\n");
        let other = dir.join("dungeon.def");
        let on_disk = "DUNGEON: \"The Dungeons of Doom\"\nLEVEL: \"oracle\"\n";
        std::fs::write(&other, on_disk).unwrap();
        let none = |_: &Uri| None;
        let nothing_open: OpenDocuments = &none;
        let at =
            |l: &Location, open: OpenDocuments| shown(to_location(&here, l, Encoding::Utf16, open));
        let oracle_in = |text: &str| {
            let start = text.find("\"oracle\"").unwrap();
            Location::in_file(&other, start..start + 8)
        };
        // This file's ranges, through its snapshot.
        assert_eq!(at(&Location::here(6..9), nothing_open), "here.des 0:6-0:9");
        // Another file's, in its text on disk…
        assert_eq!(
            at(&oracle_in(on_disk), nothing_open),
            "dungeon.def 1:7-1:15"
        );
        // …or in its open document's text, unsaved edits included.
        let edited = "# edited\n\nLEVEL:   \"oracle\"\n";
        let open_document = snapshot(&other, edited);
        let open_other =
            move |uri: &Uri| (uri == &open_document.uri).then(|| open_document.clone());
        let open: OpenDocuments = &open_other;
        assert_eq!(at(&oracle_in(edited), open), "dungeon.def 2:9-2:17");
        // A file that cannot be read gives no location.
        let gone = Location::in_file(dir.join("gone.des"), 0..1);
        assert!(to_location(&here, &gone, Encoding::Utf16, nothing_open).is_none());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
