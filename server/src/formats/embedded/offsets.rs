//! Where each byte of an embedded text came from in its host: a level read
//! out of a Python string is not a slice of the file (escapes change byte
//! lengths, an f-string's `{expr}` stands for text nobody can know), so
//! offsets go through a map of pieces rather than a shift.

use std::ops::Range;

/// How a piece of the embedded text was written in the host.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Byte for byte as in the host.
    Verbatim,
    /// Decoded from a longer spelling (`\n`, `\\`, `{{`): one unit.
    Escape,
    /// Stands for a value only known when the host runs (an f-string's
    /// `{expr}`): what is said about it cannot be trusted.
    Placeholder,
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Piece {
    /// Where the piece starts in the embedded text.
    start: usize,
    /// Where it was written in the host.
    host: Range<usize>,
    origin: Origin,
}

/// A text read out of a host, with where each of its bytes was written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Embedded {
    pub text: String,
    pieces: Vec<Piece>,
    /// What the host would read otherwise if inserted as it is (a string's
    /// quote, a backslash, an f-string's braces).
    needs_escape: Vec<char>,
}

impl Embedded {
    /// Append `text`, written at `host` (of the same length for
    /// [`Origin::Verbatim`]). Nothing is kept for an empty `text` (a line
    /// continuation decodes to nothing).
    pub fn push(&mut self, text: &str, host: Range<usize>, origin: Origin) {
        if text.is_empty() {
            return;
        }
        debug_assert!(origin != Origin::Verbatim || text.len() == host.len());
        let start = self.text.len();
        self.text.push_str(text);
        if let Some(last) = self.pieces.last_mut() {
            if origin == Origin::Verbatim
                && last.origin == Origin::Verbatim
                && last.host.end == host.start
            {
                last.host.end = host.end;
                return;
            }
        }
        self.pieces.push(Piece {
            start,
            host,
            origin,
        });
    }

    /// The piece holding the byte at `offset` (the last one past the end).
    fn piece(&self, offset: usize) -> Option<(usize, &Piece)> {
        let i = self.pieces.partition_point(|p| p.start <= offset);
        let i = i.checked_sub(1)?;
        Some((i, &self.pieces[i]))
    }

    fn end_of(&self, i: usize) -> usize {
        self.pieces.get(i + 1).map_or(self.text.len(), |p| p.start)
    }

    /// Where the byte at `offset` was written: a decoded unit maps to the
    /// start of its spelling.
    pub fn host_offset(&self, offset: usize) -> usize {
        let Some((i, piece)) = self.piece(offset) else {
            return 0;
        };
        let within = offset - piece.start;
        if offset >= self.end_of(i) {
            piece.host.end
        } else if piece.origin == Origin::Verbatim || within == 0 {
            piece.host.start + within
        } else {
            piece.host.end
        }
    }

    /// Where the text ending at `offset` ends in the host: a decoded unit
    /// maps to the end of its spelling.
    fn host_end(&self, offset: usize) -> usize {
        if offset == 0 {
            return self.host_offset(0);
        }
        let Some((i, piece)) = self.piece(offset - 1) else {
            return 0;
        };
        if piece.origin == Origin::Verbatim && offset <= self.end_of(i) {
            piece.host.start + (offset - piece.start)
        } else {
            piece.host.end
        }
    }

    /// The host range that wrote `range` of the embedded text.
    pub fn host_range(&self, range: &Range<usize>) -> Range<usize> {
        let start = self.host_offset(range.start);
        if range.is_empty() {
            return start..start;
        }
        start..self.host_end(range.end).max(start)
    }

    /// The offset in this text of the host's `offset` (a cursor): None when
    /// the host wrote nothing of this text there (outside the string, inside
    /// an f-string's `{expr}`). Inside an escape's spelling is before it.
    pub fn level_offset(&self, offset: usize) -> Option<usize> {
        let i = self.pieces.partition_point(|p| p.host.end < offset);
        let piece = self.pieces.get(i).filter(|p| p.host.start <= offset)?;
        let within = offset - piece.host.start;
        match piece.origin {
            Origin::Verbatim => Some(piece.start + within),
            _ if offset == piece.host.end => Some(self.end_of(i)),
            Origin::Escape => Some(piece.start),
            Origin::Placeholder => (within == 0).then_some(piece.start),
        }
    }

    /// Does `range` (or the point it is, when empty) touch a piece of `origin`?
    pub fn touches(&self, range: &Range<usize>, origin: Origin) -> bool {
        self.pieces.iter().enumerate().any(|(i, p)| {
            let end = self.end_of(i);
            p.origin == origin && range.start <= end && p.start <= range.end
        })
    }

    /// Characters the host would not read as themselves where this text was
    /// written.
    pub fn escape_in_host(&mut self, chars: &[char]) {
        for c in chars {
            if !self.needs_escape.contains(c) {
                self.needs_escape.push(*c);
            }
        }
    }

    /// The host edit that writes `new_text` over `range`, when the host
    /// wrote that range byte for byte and reads `new_text` as itself.
    pub fn host_edit(&self, range: &Range<usize>, new_text: &str) -> Option<Range<usize>> {
        if new_text.contains(&self.needs_escape[..]) {
            return None;
        }
        self.verbatim_range(range)
    }

    /// The host range of `range` when the host wrote it byte for byte, so an
    /// edit of it can be made in the host as it is.
    /// An insertion (an empty range) can always be made: between two
    /// pieces, or at either end, the host's place is certain.
    pub fn verbatim_range(&self, range: &Range<usize>) -> Option<Range<usize>> {
        if range.is_empty() && range.start <= self.text.len() {
            let at = self.host_offset(range.start);
            return Some(at..at);
        }
        let (i, piece) = self.piece(range.start)?;
        (piece.origin == Origin::Verbatim && range.end <= self.end_of(i))
            .then(|| self.host_range(range))
    }
}

#[cfg(test)]
mod tests;
