//! Reads a datafile the way the reference loader does (see
//! `docs/formats/wuas.md` and the spec's reference-behaviour notes): a
//! state machine over lines. Where the loader raises an error, levls reports
//! one with the loader's own words; where it silently misreads, levls says
//! what it will do. A fatal header or floor-list error stops the reading,
//! as it stops the tool; other errors skip the line and go on.

use super::lines::{python_int, split, Line, Span};
use super::model::*;
use crate::formats::{Diagnostic, Edit, Severity};
use Severity::{Error, Warning};

/// How levls picks the version of a file whose version line it cannot use.
const LAYOUT: &str = "the latest version whose layout fits";

/// Does this line belong after the version: metadata (`key: value`), the
/// empty line ending it, a `floor=` line or a board line?
fn starts_a_later_section(line: &str) -> bool {
    let trimmed = line.trim_start();
    line.is_empty()
        || line.contains(':')
        || line.starts_with("floor=")
        || trimmed.starts_with('+')
        || trimmed.starts_with('|')
}

pub struct Reader<'t> {
    text: &'t str,
    /// The file's lines, as the tool splits them.
    pub lines: Vec<Line>,
    next: usize,
    pub out: Vec<Diagnostic>,
    pub file: Datafile,
    /// Reading reached the end: false when a fatal error stopped it, as it stops the tool.
    pub complete: bool,
}

/// Why reading stopped early (the tool would raise here).
struct Stop;

/// What reading a file found, kept once per version in the file's memo so
/// the analysis and every query of that version share it.
pub struct Read {
    pub lines: Vec<Line>,
    pub out: Vec<Diagnostic>,
    pub file: Datafile,
    pub complete: bool,
}

/// [`Reader::read`] of `file`, once per version when the file has a memo.
pub fn read_of(file: &crate::formats::SourceFile) -> std::sync::Arc<Read> {
    let read = || {
        let reader = Reader::read(file.text);
        std::sync::Arc::new(Read {
            lines: reader.lines,
            out: reader.out,
            file: reader.file,
            complete: reader.complete,
        })
    };
    match file.memo.and_then(|m| m.get_or_init(read)) {
        Some(kept) => kept.clone(),
        None => read(),
    }
}

impl<'t> Reader<'t> {
    pub fn read(text: &'t str) -> Reader<'t> {
        let mut reader = Reader {
            text,
            lines: split(text),
            next: 0,
            out: Vec::new(),
            file: Datafile::default(),
            complete: false,
        };
        reader.complete = reader.read_all().is_ok();
        reader
    }

    fn line(&self, i: usize) -> &'t str {
        &self.text[self.lines[i].span.clone()]
    }

    fn span(&self, i: usize) -> Span {
        self.lines[i].span.clone()
    }

    /// The next line's index, or `None` at end of file (Python's `readline()` returning '').
    fn take(&mut self) -> Option<usize> {
        let i = self.next;
        (i < self.lines.len()).then(|| {
            self.next += 1;
            i
        })
    }

    fn error(&mut self, code: &'static str, span: Span, message: impl Into<String>) {
        self.out.push(Diagnostic::new(Error, code, span, message));
    }

    fn warning(&mut self, code: &'static str, span: Span, message: impl Into<String>) {
        self.out.push(Diagnostic::new(Warning, code, span, message));
    }

    /// The line break this file uses, for text that fixes insert.
    fn line_break(&self) -> &'static str {
        if self.text.contains("\r\n") {
            "\r\n"
        } else {
            "\n"
        }
    }

    /// Where "end of file" is reported: the end of the text.
    fn eof(&self) -> Span {
        self.text.len()..self.text.len()
    }

    fn read_all(&mut self) -> Result<(), Stop> {
        self.read_header()?;
        let version = self.file.version.unwrap_or(5);
        if version >= 2 {
            self.read_metadata()?;
        } else if let Some(Line { span, .. }) = self.lines.get(self.next) {
            if span.is_empty() {
                let span = span.clone();
                self.error(
                    "wuas::version-1-blank-line",
                    span,
                    "in version 1 the board starts on the line right after the version: the tool reads this blank line as the first border and the whole board one line out of step",
                );
                return Err(Stop);
            }
        }
        if version <= 2 {
            let floor = self.read_grid(FloorId::Number(0), None);
            self.file.floors.push(floor);
        } else {
            self.read_floors()?;
        }
        self.read_tokens();
        if version >= 3 {
            self.read_attributes();
        }
        if version >= 4 {
            self.read_edges();
        }
        self.rest_is_ignored(version);
        Ok(())
    }

    fn read_header(&mut self) -> Result<(), Stop> {
        if self.text.starts_with('\u{feff}') {
            // Harmless on a blank first line; a comment there stops being one.
            if self.text[3..].starts_with('#') {
                self.error(
                    "wuas::byte-order-mark",
                    0..3,
                    "the file starts with a byte-order mark: the tool reads it as part of line 1, so this comment stops being one and the header is read out of step",
                );
            } else {
                self.warning("wuas::byte-order-mark", 0..3, "the file starts with a byte-order mark, which the tool reads as part of line 1; remove it");
            }
        }
        while self
            .lines
            .get(self.next)
            .is_some_and(|l| self.text[l.span.clone()].starts_with('#'))
        {
            self.next += 1;
        }
        // The loader swallows the first non-comment line unread: the spec's blank line.
        let Some(separator) = self.take() else {
            self.error(
                "wuas::missing-version",
                self.eof(),
                "the file ends before the version number",
            );
            return Err(Stop);
        };
        let swallowed = self.line(separator);
        // A lost version number is still the version the author meant.
        let mut meant = None;
        if let Some(v) = python_int(swallowed) {
            meant = (1..=5).contains(&v).then_some(v as u8);
            let span = self.span(separator);
            let d = Diagnostic::new(
                Error,
                "wuas::separator-line",
                span.clone(),
                "the tool skips this line unread (it expects a blank line after the comments), so this version number is lost and the next line is read as the version",
            )
            .with_fix(
                "Insert the blank line before it",
                vec![Edit { range: span.start..span.start, new_text: self.line_break().into() }],
                true,
            );
            self.out.push(d);
        } else if !swallowed.trim().is_empty() {
            let span = self.span(separator);
            self.warning(
                "wuas::separator-line",
                span,
                "the tool skips this line unread: after the comments the spec wants a blank line here",
            );
        }
        let Some(version_line) = self.take() else {
            self.error(
                "wuas::missing-version",
                self.eof(),
                "the file ends before the version number",
            );
            return Err(Stop);
        };
        let text = self.line(version_line);
        let span = self.span(version_line);
        let parsed = python_int(text);
        if let Some(v) = parsed.filter(|v| (1..=5).contains(v)) {
            self.file.version = Some(v as u8);
            self.file.version_span = Some(span);
            return Ok(());
        }
        // The tool stops here; levls reads on, so that every feature keeps working.
        let next = self
            .lines
            .get(self.next)
            .map(|l| &self.text[l.span.clone()]);
        if let Some(v) = next
            .and_then(python_int)
            .filter(|v| text.trim().is_empty() && (1..=5).contains(v))
        {
            // One line too many before the version: it is on the next line.
            let line_span = self.lines[version_line].span.start..self.lines[self.next].span.start;
            let d = Diagnostic::new(
                Error,
                "wuas::bad-version",
                span,
                format!("the tool reads this empty line as the version and fails (invalid literal for int()); levls reads the file as version {v}, from the next line"),
            )
            .with_fix("Remove the empty line", vec![Edit { range: line_span, new_text: String::new() }], true);
            self.out.push(d);
            let version_line = self.take().expect("the next line exists");
            self.file.version = Some(v as u8);
            self.file.version_span = Some(self.span(version_line));
            self.file.version_assumed = true;
            return Ok(());
        }
        if parsed.is_none() && starts_a_later_section(text) {
            // No version line: this line is the metadata, its end, or the board.
            self.next = version_line;
            let (version, how) = match meant {
                Some(v) => (v, "the version on the line before"),
                None => (self.layout_version(version_line), LAYOUT),
            };
            self.file.version = Some(version);
            self.file.version_assumed = true;
            if meant.is_none() {
                let d = Diagnostic::new(
                    Error,
                    "wuas::no-version-line",
                    span.clone(),
                    format!("the version line is missing: the tool reads this line as the version and fails (invalid literal for int()); levls reads the file as version {version}, {how}"),
                )
                .with_fix(
                    format!("Insert the version line `{version}`"),
                    vec![Edit { range: span.start..span.start, new_text: format!("{version}{}", self.line_break()) }],
                    true,
                );
                self.out.push(d);
            }
            return Ok(());
        }
        let version = self.layout_version(self.next);
        let said = match parsed {
            Some(v) => format!("Invalid version number {v}: versions 1 to 5 exist"),
            None => format!("the tool expects the version number (1 to 5) here, not `{}`: invalid literal for int()", text.trim()),
        };
        let d = Diagnostic::new(
            Error,
            "wuas::bad-version",
            span.clone(),
            format!(
                "{said}; the tool stops here, levls reads the file as version {version}, {LAYOUT}"
            ),
        )
        .with_fix(
            format!("Change to {version}"),
            vec![Edit {
                range: span.clone(),
                new_text: version.to_string(),
            }],
            true,
        );
        self.out.push(d);
        self.file.version = Some(version);
        self.file.version_span = Some(span);
        self.file.version_assumed = true;
        Ok(())
    }

    /// The latest version whose layout fits the lines from `start`: the board
    /// right away is version 1; metadata then the board is version 2;
    /// otherwise (metadata then `floor=` lines) the latest, 5.
    fn layout_version(&self, start: usize) -> u8 {
        let line = |i: usize| self.lines.get(i).map(|l| &self.text[l.span.clone()]);
        let border = |i: usize| line(i).is_some_and(|l| l.trim_start().starts_with('+'));
        if border(start) {
            return 1;
        }
        let mut i = start;
        while line(i).is_some_and(|l| !l.is_empty() && l.contains(':')) {
            i += 1;
        }
        if line(i) == Some("") && border(i + 1) {
            2
        } else {
            5
        }
    }

    fn read_metadata(&mut self) -> Result<(), Stop> {
        loop {
            let Some(i) = self.take() else {
                self.error(
                    "wuas::metadata",
                    self.eof(),
                    "the file ends inside the metadata: the blank line that ends it is missing (the tool fails here)",
                );
                return Err(Stop);
            };
            let line = self.line(i);
            if line.is_empty() {
                return Ok(());
            }
            let span = self.span(i);
            let trimmed = line.trim();
            let start = span.start + (line.len() - line.trim_start().len());
            let colons: Vec<usize> = trimmed.match_indices(':').map(|(at, _)| at).collect();
            match colons.as_slice() {
                [] if trimmed.is_empty() => self.error(
                    "wuas::metadata",
                    span,
                    "a line of only spaces does not end the metadata: only an empty line does (the tool fails here)",
                ),
                [] => self.error(
                    "wuas::metadata",
                    span,
                    format!("`{trimmed}` is not `key: value` metadata, and the metadata must end with an empty line before the board"),
                ),
                [at] => {
                    let key = start..start + at;
                    let value_start = start + at + 1 + (trimmed[at + 1..].len() - trimmed[at + 1..].trim_start().len());
                    self.file.metadata.push(Metadata { key, value: value_start..start + trimmed.len() });
                }
                [_, second, ..] => self.error(
                    "wuas::metadata",
                    start + second..start + second + 1,
                    "a metadata key or value may not contain a colon: the tool splits at every `:` and fails",
                ),
            }
        }
    }

    fn read_floors(&mut self) -> Result<(), Stop> {
        loop {
            let Some(i) = self.take() else {
                self.error(
                    "wuas::floor-line",
                    self.eof(),
                    "the file ends inside the floor list: a blank line must end it before the token table (the tool fails with `Expecting floor number, got ''`)",
                );
                return Err(Stop);
            };
            let line = self.line(i);
            if line.is_empty() {
                return Ok(());
            }
            let span = self.span(i);
            let Some(id_text) = line.strip_prefix("floor=") else {
                let hint = if line.starts_with('+') || line.starts_with('|') {
                    " (a floor's board must end with a blank line)"
                } else {
                    ""
                };
                self.error(
                    "wuas::floor-line",
                    span,
                    format!("the tool expects `floor=N` or the blank line that ends the floors here{hint}: Expecting floor number"),
                );
                return Err(Stop);
            };
            let id_span = span.start + 6..span.end;
            let id = match (id_text.trim(), python_int(id_text)) {
                ("inf", _) => FloorId::Infinity,
                (_, Some(n)) => FloorId::Number(n),
                (other, None) => {
                    self.error(
                        "wuas::floor-id",
                        id_span,
                        format!("Invalid floor number '{other}', expected an integer or 'inf'"),
                    );
                    FloorId::Number(i64::MIN + self.file.floors.len() as i64)
                }
            };
            if let Some(first) = self.file.floors.iter().find(|f| f.id == id) {
                let first_line = first.line.as_ref().map_or(0, |s| {
                    self.lines.partition_point(|l| l.span.start < s.start) + 1
                });
                self.error(
                    "wuas::duplicate-floor",
                    span.clone(),
                    format!("Duplicate floor {id}: floor {id} is already on line {first_line}"),
                );
            }
            let floor = self.read_grid(id, Some(span));
            self.file.floors.push(floor);
        }
    }

    /// Rows of border / space / token lines, until a space line without `|`.
    fn read_grid(&mut self, id: FloorId, line: Option<Span>) -> Floor {
        let mut floor = Floor {
            id,
            line,
            rows: Vec::new(),
            closing_border: None,
        };
        let version = self.file.version.unwrap_or(5);
        loop {
            let border = self.take();
            let Some(space_line) = self.take() else {
                floor.closing_border = border;
                return floor;
            };
            if !self.line(space_line).contains('|') {
                floor.closing_border = border;
                let skipped = self.line(space_line);
                if !skipped.trim().is_empty() {
                    let span = self.span(space_line);
                    let message = "the tool reads this line where the next row's space line should be; with no `|` in it, the board ends here and the line is skipped unread (a blank line is missing after the board, or a board line is missing or doubled above)";
                    // An error when something is lost: a token line (v1–2) or the next floor (v3+).
                    let lost = if self.file.version.unwrap_or(5) <= 2 {
                        skipped.split_whitespace().count() == 5
                    } else {
                        skipped.starts_with("floor=")
                    };
                    if lost || skipped.starts_with('+') {
                        self.error("wuas::missing-blank-line", span, message);
                    } else {
                        self.warning("wuas::missing-blank-line", span, message);
                    }
                }
                if let Some(b) = border {
                    if self.line(b).contains('|') {
                        // The line read as a border is really a row: a border is missing above it.
                        let span = self.span(b);
                        self.warning("wuas::missing-border", span, "this row is read as a border line (the tool never reads borders): a `+----+` line is missing above it, or a line is doubled");
                    }
                }
                return floor;
            }
            let Some(token_line) = self.take() else {
                let span = self.span(space_line);
                self.error(
                    "wuas::cell-count",
                    span,
                    "the file ends after a space line: every row needs its token line",
                );
                return floor;
            };
            let border = border.expect("a space line was read after it");
            let row = self.read_row(version, border, space_line, token_line);
            if let Some(first) = floor.rows.first() {
                if row.cells.len() != first.cells.len() {
                    let span = self.span(space_line);
                    self.error(
                        "wuas::ragged-row",
                        span,
                        format!(
                            "this row has {} cells but the floor's first row has {}: the tool takes the width from the first row, so it ignores extra cells and crashes (IndexError) on missing ones",
                            row.cells.len(),
                            first.cells.len()
                        ),
                    );
                }
            }
            floor.rows.push(row);
        }
    }

    fn cells(&self, line: usize) -> Vec<Span> {
        let text = self.line(line);
        let start = self.lines[line].span.start;
        let (Some(first), Some(last)) = (text.find('|'), text.rfind('|')) else {
            return Vec::new();
        };
        if first == last {
            // One `|`: like `line.split('|')[1:-1]`, no cells at all.
            return Vec::new();
        }
        let mut out = Vec::new();
        let mut from = first + 1;
        while from <= last {
            let to = memchr::memchr(b'|', &text.as_bytes()[from..]).map_or(last, |i| from + i);
            if to > last {
                break;
            }
            out.push(start + from..start + to);
            from = to + 1;
            if to == last {
                break;
            }
        }
        out
    }

    fn read_row(
        &mut self,
        version: u8,
        border: usize,
        space_line: usize,
        token_line: usize,
    ) -> Row {
        let spaces = self.cells(space_line);
        let tokens = self.cells(token_line);
        if spaces.len() != tokens.len() {
            let span = self.span(token_line);
            self.error(
                "wuas::cell-count",
                span,
                format!(
                    "the token line has {} cell(s) but its space line has {}: the tool fails (AssertionError)",
                    tokens.len(),
                    spaces.len()
                ),
            );
        }
        let cells = spaces
            .iter()
            // A missing token cell (already an error) reads as empty, at the end of its line.
            .zip(tokens.iter().cloned().chain(std::iter::repeat(
                self.span(token_line).end..self.span(token_line).end,
            )))
            .map(|(s, t)| self.read_cell(version, s.clone(), t))
            .collect();
        Row {
            border,
            space_line,
            token_line,
            cells,
        }
    }

    fn trimmed(&self, span: &Span) -> Span {
        let s = &self.text[span.clone()];
        let start = span.start + (s.len() - s.trim_start().len());
        start..(start + s.trim().len()).max(start)
    }

    fn marks(&self, span: &Span) -> Vec<Mark> {
        self.text[span.clone()]
            .char_indices()
            .map(|(i, ch)| Mark {
                ch,
                span: span.start + i..span.start + i + ch.len_utf8(),
            })
            .collect()
    }

    fn read_cell(&mut self, version: u8, space: Span, token: Span) -> Cell {
        let name_part = self.trimmed(&space);
        let text = &self.text[name_part.clone()];
        let (name, attributes) = if version <= 2 {
            // `*` and `?` anywhere are stripped; the rest is the name.
            let marks = self.marks(&name_part);
            let name_end = marks
                .iter()
                .rev()
                .find(|m| m.ch != '*' && m.ch != '?')
                .map_or(name_part.start, |m| m.span.end);
            let stripped: Vec<Mark> = marks
                .into_iter()
                .filter(|m| m.ch == '*' || m.ch == '?')
                .collect();
            (name_part.start..name_end, stripped)
        } else if text.is_empty() {
            (name_part.clone(), Vec::new())
        } else {
            let letters = text.bytes().take_while(|b| b.is_ascii_alphabetic()).count();
            if letters == 0 {
                self.error(
                    "wuas::space-name",
                    name_part.clone(),
                    format!("from version 3 a space name is ASCII letters and must come first: the tool fails on `{text}` (AssertionError)"),
                );
            }
            // No valid name: no attributes either (one error for the cell); the
            // token line is read all the same.
            if letters == 0 {
                (name_part.start..name_part.start, Vec::new())
            } else {
                let name = name_part.start..name_part.start + letters;
                let attributes = self.marks(&(name.end..name_part.end));
                (name, attributes)
            }
        };
        let token_part = self.trimmed(&token);
        let mut tokens = self.marks(&token_part);
        let mut label = None;
        if version >= 4 {
            if let Some(at) = tokens.iter().position(|m| m.ch == '&') {
                match tokens.get(at + 1).cloned() {
                    Some(labelled) => {
                        label = Some(Mark {
                            ch: labelled.ch,
                            span: tokens[at].span.start..labelled.span.end,
                        });
                        tokens.drain(at..at + 2);
                    }
                    None => {
                        let span = tokens[at].span.clone();
                        self.error(
                            "wuas::trailing-ampersand",
                            span,
                            "`&` must be followed by the label's character: the tool crashes here (IndexError)",
                        );
                        tokens.remove(at);
                    }
                }
            }
        }
        Cell {
            space_cell: space,
            token_cell: token,
            name,
            attributes,
            tokens,
            label,
        }
    }

    /// Lines until end of file or an empty line, each split on whitespace.
    fn section(&mut self) -> Vec<(usize, Vec<Span>)> {
        let mut out = Vec::new();
        while let Some(i) = self.take() {
            if self.line(i).is_empty() {
                break;
            }
            let start = self.lines[i].span.start;
            let line = self.line(i);
            // Words between whitespace of any width (Python's `split()`, and
            // an em space is three bytes: counting each separator as one byte
            // put later fields inside a character).
            let mut fields = Vec::new();
            let mut word_start = None;
            for (at, c) in line.char_indices().chain([(line.len(), ' ')]) {
                if !c.is_whitespace() {
                    word_start.get_or_insert(at);
                } else if let Some(word) = word_start.take() {
                    fields.push(start + word..start + at);
                }
            }
            out.push((i, fields));
        }
        out
    }

    fn read_tokens(&mut self) {
        let version = self.file.version.unwrap_or(5);
        for (line, fields) in self.section() {
            if fields.len() != 5 {
                let span = self.span(line);
                self.error(
                    "wuas::token-line",
                    span,
                    format!("a token line has five fields: id, name, item (or `nil`), x and y; this one has {}", fields.len()),
                );
                continue;
            }
            let def = TokenDef {
                line,
                id: fields[0].clone(),
                name: fields[1].clone(),
                item: fields[2].clone(),
                x: fields[3].clone(),
                y: fields[4].clone(),
            };
            if version >= 4 && &self.text[def.id.clone()] == "&" {
                self.error(
                    "wuas::ampersand-token",
                    def.id.clone(),
                    "'&' is an invalid token abbreviation from version 4: it starts a label",
                );
            }
            for coordinate in [&def.x, &def.y] {
                if python_int(&self.text[coordinate.clone()]).is_none() {
                    let written = &self.text[coordinate.clone()];
                    self.error("wuas::token-number", coordinate.clone(), format!("x and y are whole numbers (pixel offsets in the space), not `{written}`"));
                }
            }
            let name = &self.text[def.name.clone()];
            if version >= 5 && name.ends_with("_HIDDEN") {
                let (item, x, y) = (
                    &self.text[def.item.clone()],
                    &self.text[def.x.clone()],
                    &self.text[def.y.clone()],
                );
                if (item, x, y) != ("nil", "0", "0") {
                    self.error(
                        "wuas::hidden-token",
                        def.item.start..def.y.end,
                        format!("Invalid hidden token: {item} {x} {y}: a hidden token's item is `nil` and its position exactly `0 0`"),
                    );
                }
            }
            self.file.tokens.push(def);
        }
    }

    fn read_attributes(&mut self) {
        for (line, fields) in self.section() {
            if fields.len() != 2 {
                let span = self.span(line);
                self.error(
                    "wuas::attribute-line",
                    span,
                    format!(
                        "an attribute line has two fields, the id and the name; this one has {}",
                        fields.len()
                    ),
                );
                continue;
            }
            self.file.attributes.push(AttributeDef {
                line,
                id: fields[0].clone(),
                name: fields[1].clone(),
            });
        }
    }

    fn read_edges(&mut self) {
        while let Some(i) = self.take() {
            let line = self.line(i);
            if line.is_empty() {
                break;
            }
            let span = self.span(i);
            let trimmed = line.trim();
            let start = span.start + (line.len() - line.trim_start().len());
            let pieces: Vec<&str> = trimmed.split("--").collect();
            if pieces.len() != 2 {
                self.error(
                    "wuas::graph-line",
                    span,
                    format!(
                        "a graph edge is two labels joined by `--`, like `A--B`; the tool splits this line at `--` into {} and fails",
                        if pieces.len() == 1 { "one piece".to_string() } else { format!("{} pieces", pieces.len()) }
                    ),
                );
                continue;
            }
            let from = start..start + pieces[0].len();
            let to = start + pieces[0].len() + 2..start + trimmed.len();
            if pieces.iter().any(|p| p.trim() != *p) {
                self.error(
                    "wuas::graph-spaces",
                    span,
                    format!("the tool does not trim the ends of an edge: it reads the labels `{}` and `{}`, spaces included, and finds no such labels", pieces[0], pieces[1]),
                );
            }
            self.file.edges.push(Edge { line: i, from, to });
        }
    }

    fn rest_is_ignored(&mut self, version: u8) {
        let rest: Vec<usize> = (self.next..self.lines.len())
            .filter(|&i| !self.line(i).trim().is_empty())
            .collect();
        if let (Some(&first), Some(&last)) = (rest.first(), rest.last()) {
            let last_section = match version {
                1 | 2 => "the token table",
                3 => "the attribute table",
                _ => "the graph section",
            };
            let span = self.lines[first].span.start..self.lines[last].span.end;
            self.warning("wuas::ignored-text", span, format!("the tool ignores everything after {last_section} and the blank line that ends it"));
        }
    }
}
