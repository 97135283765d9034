//! Line index: byte offsets ↔ (line, column). Columns are counted here and
//! nowhere else, in the unit the caller asks for.

/// The unit of a column: what LSP calls the position encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    Utf8,
    Utf16,
    /// Unicode scalar values, for humans (`levls check`).
    Chars,
}

impl Encoding {
    fn width(self, c: char) -> usize {
        match self {
            Encoding::Utf8 => c.len_utf8(),
            Encoding::Utf16 => c.len_utf16(),
            Encoding::Chars => 1,
        }
    }
}

/// Byte offset of `column` (in `encoding` units) within `line`. A column
/// past the end of the line, or inside a character, clamps to the line end /
/// the character's start.
///
/// Lines end at `\n` (with the `\r` of a `\r\n`), as they do for tree-sitter,
/// the document's rope and [`LineIndex`]: a lone `\r` is a character of its
/// line, so a column past it means the same here as in [`byte_to_column`].
/// (LSP also counts a lone CR as a break; VS Code never sends one, it
/// normalises a document's line ends, and Neovim shows it as `^M` in the line.)
pub fn column_to_byte(
    line: impl IntoIterator<Item = char>,
    column: usize,
    encoding: Encoding,
) -> usize {
    let mut units = 0;
    let mut bytes = 0;
    let mut chars = line.into_iter().peekable();
    while let Some(c) = chars.next() {
        let line_end = c == '\n' || (c == '\r' && chars.peek() == Some(&'\n'));
        if line_end || units + encoding.width(c) > column {
            break;
        }
        units += encoding.width(c);
        bytes += c.len_utf8();
    }
    bytes
}

/// Column (in `encoding` units) of byte `offset` within `line`.
pub fn byte_to_column(line: &str, offset: usize, encoding: Encoding) -> usize {
    let mut offset = offset.min(line.len());
    while !line.is_char_boundary(offset) {
        offset -= 1;
    }
    match encoding {
        Encoding::Utf8 => offset,
        _ => line[..offset].chars().map(|c| encoding.width(c)).sum(),
    }
}

/// Each line of `text`, as the span of its content without its line break
/// (`\n`, or the `\r\n` of one; a lone `\r` is content); the last line is
/// there even when empty.
pub fn line_contents(text: &str) -> impl Iterator<Item = std::ops::Range<usize>> + '_ {
    let bytes = text.as_bytes();
    let mut start = 0;
    let mut done = false;
    std::iter::from_fn(move || {
        if done {
            return None;
        }
        Some(match memchr::memchr(b'\n', &bytes[start..]) {
            Some(i) => {
                let end = start + i;
                let content = end - usize::from(end > start && bytes[end - 1] == b'\r');
                let line = start..content;
                start = end + 1;
                line
            }
            None => {
                done = true;
                start..text.len()
            }
        })
    })
}

/// Where each line starts in a text.
#[derive(Clone, Debug)]
pub struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    pub fn new(text: &str) -> Self {
        let mut starts = vec![0];
        // memchr's vectorised search: every version of an open file is indexed.
        starts.extend(memchr::memchr_iter(b'\n', text.as_bytes()).map(|i| i + 1));
        LineIndex { starts }
    }

    pub fn line_count(&self) -> usize {
        self.starts.len()
    }

    /// The 0-based line holding byte `offset`.
    pub fn line_of(&self, offset: usize) -> usize {
        self.starts.partition_point(|&s| s <= offset) - 1
    }

    /// The text of line `line`, without its line break.
    pub fn line_text<'t>(&self, text: &'t str, line: usize) -> &'t str {
        let start = self.starts[line];
        let end = self.starts.get(line + 1).map_or(text.len(), |&e| e);
        text[start..end].trim_end_matches(['\n', '\r'])
    }

    /// (line, column), both 0-based, of byte `offset`.
    pub fn position(&self, text: &str, offset: usize, encoding: Encoding) -> (usize, usize) {
        let offset = offset.min(text.len());
        let line = self.line_of(offset);
        let start = self.starts[line];
        let line_text = &text[start..self.starts.get(line + 1).map_or(text.len(), |&e| e)];
        (line, byte_to_column(line_text, offset - start, encoding))
    }

    /// Byte offset of (line, column); positions past the end clamp to the end.
    pub fn offset(&self, text: &str, line: usize, column: usize, encoding: Encoding) -> usize {
        let Some(&start) = self.starts.get(line) else {
            return text.len();
        };
        start + column_to_byte(text[start..].chars(), column, encoding)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_in_every_encoding() {
        let text = "DERF:0.1.0\nCafé 🐉 hall\r\nend";
        let index = LineIndex::new(text);
        let dragon_end = text.find(" hall").unwrap();
        assert_eq!(index.position(text, dragon_end, Encoding::Utf8), (1, 10));
        assert_eq!(index.position(text, dragon_end, Encoding::Utf16), (1, 7));
        assert_eq!(index.position(text, dragon_end, Encoding::Chars), (1, 6));
        for enc in [Encoding::Utf8, Encoding::Utf16, Encoding::Chars] {
            let (l, c) = index.position(text, dragon_end, enc);
            assert_eq!(index.offset(text, l, c, enc), dragon_end);
        }
    }

    #[test]
    fn a_lone_carriage_return_is_a_character_of_its_line() {
        let text = "ab\rcd\r\nef\r";
        let index = LineIndex::new(text);
        assert_eq!(index.line_count(), 2);
        let d = text.find('d').unwrap();
        for enc in [Encoding::Utf8, Encoding::Utf16, Encoding::Chars] {
            assert_eq!(index.position(text, d, enc), (0, 4));
            assert_eq!(index.offset(text, 0, 4, enc), d);
            // Past the line's end: before its CRLF; a CR at the very end is
            // a character like any other.
            assert_eq!(index.offset(text, 0, 99, enc), text.find("\r\n").unwrap());
            assert_eq!(index.offset(text, 1, 99, enc), text.len());
            assert_eq!(index.position(text, text.len(), enc), (1, 3));
        }
    }

    #[test]
    fn clamps_past_the_end_and_inside_characters() {
        let text = "a🐉\nb";
        let index = LineIndex::new(text);
        assert_eq!(index.offset(text, 0, 99, Encoding::Utf16), 5);
        assert_eq!(
            index.offset(text, 0, 2, Encoding::Utf16),
            1,
            "inside the surrogate pair"
        );
        assert_eq!(index.offset(text, 7, 0, Encoding::Utf16), text.len());
    }
}
