//! Open documents: text (a rope, for edits), syntax tree and version.
//! Edits are applied here, in the order they arrive, before any `.await`.

use crate::formats::{self, Detection, Format, Settings, SourceFile};
use crate::text::{column_to_byte, Encoding, LineIndex};
use ropey::Rope;
use std::path::PathBuf;
use std::sync::Arc;
use tower_lsp_server::ls_types::{TextDocumentContentChangeEvent, Uri};
use tree_sitter::{InputEdit, Point, Tree};

/// An immutable view of one version of a document, for analysis off the lock.
pub struct Snapshot {
    pub uri: Uri,
    pub version: i32,
    pub text: String,
    pub lines: LineIndex,
    pub tree: Option<Tree>,
    pub format: Option<Detection>,
    pub path: Option<PathBuf>,
    /// The user's settings when this snapshot was taken.
    pub settings: Arc<Settings>,
}

impl Snapshot {
    /// The format and the parsed file, if the document is in a format we know.
    pub fn source(&self) -> Option<(&'static dyn Format, SourceFile<'_>)> {
        let format = self.format?.format;
        let tree = self.tree.as_ref()?;
        Some((
            format,
            SourceFile {
                text: &self.text,
                tree,
                path: self.path.as_deref(),
                settings: &self.settings,
            },
        ))
    }
}

pub struct Document {
    rope: Rope,
    snapshot: Arc<Snapshot>,
}

impl Document {
    pub fn open(
        uri: Uri,
        language_id: &str,
        version: i32,
        text: String,
        settings: Arc<Settings>,
    ) -> Self {
        let path = uri.to_file_path().map(|p| p.into_owned());
        let format = formats::detect(path.as_deref(), Some(language_id), &text);
        let tree = format.map(|d| formats::parse(d.format, &text));
        let snapshot = Snapshot {
            uri,
            version,
            lines: LineIndex::new(&text),
            tree,
            format,
            path,
            settings,
            text,
        };
        Document {
            rope: Rope::from_str(&snapshot.text),
            snapshot: Arc::new(snapshot),
        }
    }

    pub fn snapshot(&self) -> Arc<Snapshot> {
        self.snapshot.clone()
    }

    pub fn version(&self) -> i32 {
        self.snapshot.version
    }

    /// The same version under new settings (the tree is shared, not reparsed).
    pub fn set_settings(&mut self, settings: Arc<Settings>) {
        let old = &self.snapshot;
        self.snapshot = Arc::new(Snapshot {
            uri: old.uri.clone(),
            version: old.version,
            text: old.text.clone(),
            lines: LineIndex::new(&old.text),
            tree: old.tree.clone(),
            format: old.format,
            path: old.path.clone(),
            settings,
        });
    }

    /// Apply one `didChange`: every content change in order, then reparse
    /// incrementally from the edited old tree.
    pub fn apply_changes(
        &mut self,
        version: i32,
        changes: Vec<TextDocumentContentChangeEvent>,
        encoding: Encoding,
    ) {
        let mut tree = self.snapshot.tree.clone();
        for change in changes {
            match change.range {
                None => {
                    self.rope = Rope::from_str(&change.text);
                    tree = None;
                }
                Some(range) => {
                    let (start, start_point) =
                        self.locate(range.start.line, range.start.character, encoding);
                    let (end, end_point) =
                        self.locate(range.end.line, range.end.character, encoding);
                    let (start, end, start_point, end_point) = if end < start {
                        (end, start, end_point, start_point) // reversed range: be lenient
                    } else {
                        (start, end, start_point, end_point)
                    };
                    let start_char = self.rope.byte_to_char(start);
                    let end_char = self.rope.byte_to_char(end);
                    self.rope.remove(start_char..end_char);
                    self.rope.insert(start_char, &change.text);
                    if let Some(tree) = &mut tree {
                        tree.edit(&InputEdit {
                            start_byte: start,
                            old_end_byte: end,
                            new_end_byte: start + change.text.len(),
                            start_position: start_point,
                            old_end_position: end_point,
                            new_end_position: point_after(start_point, &change.text),
                        });
                    }
                }
            }
        }
        let text = self.rope.to_string();
        let format = match self.snapshot.format {
            // Content may change what a document is only if we did not know it yet.
            None => formats::detect(self.snapshot.path.as_deref(), None, &text),
            known => known,
        };
        let tree = format.map(|d| formats::reparse(d.format, &text, tree.as_ref()));
        self.snapshot = Arc::new(Snapshot {
            uri: self.snapshot.uri.clone(),
            version,
            lines: LineIndex::new(&text),
            tree,
            format,
            path: self.snapshot.path.clone(),
            settings: self.snapshot.settings.clone(),
            text,
        });
    }

    /// Byte offset and tree-sitter point of an LSP position in the current rope.
    fn locate(&self, line: u32, character: u32, encoding: Encoding) -> (usize, Point) {
        let line = line as usize;
        if line >= self.rope.len_lines() {
            let end = self.rope.len_bytes();
            let row = self.rope.len_lines() - 1;
            return (
                end,
                Point {
                    row,
                    column: end - self.rope.line_to_byte(row),
                },
            );
        }
        let line_start = self.rope.line_to_byte(line);
        let column = column_to_byte(self.rope.line(line).chars(), character as usize, encoding);
        (line_start + column, Point { row: line, column })
    }
}

fn point_after(start: Point, inserted: &str) -> Point {
    match inserted.rfind('\n') {
        None => Point {
            row: start.row,
            column: start.column + inserted.len(),
        },
        Some(last) => Point {
            row: start.row + inserted.matches('\n').count(),
            column: inserted.len() - last - 1,
        },
    }
}
