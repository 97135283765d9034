//! lev_comp's scanner (the flex rules of its `lev_comp.l`), as far as its
//! limits need it: where each token starts and ends, which tokens are map
//! rows, and which hold numbers. Flex takes the longest match, the earlier
//! rule on a tie; blanks and newlines are no tokens (lev_comp copies
//! neither). One pass, each byte looked at a bounded number of times.

use crate::formats::nethack::syntax::Span;
use crate::formats::nethack::Dialect;

#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// A comment with its newline.
    Comment,
    /// `MAP` alone at the start of its line: map rows follow.
    MapStart,
    /// A map row with its newline.
    MapRow,
    /// `ENDMAP`: the rows read so far make the map, the buffer starts again.
    MapEnd,
    /// With its quotes; it may run over several lines.
    String,
    /// A token lev_comp reads with `atoi`: the text it reads each number
    /// from (`2d6` holds two, `[ 50% ]` one, after its blanks).
    Number(Span, Option<Span>),
    /// Any other token: a word, a `$variable`, a character, punctuation.
    Other,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Token {
    pub span: Span,
    pub kind: Kind,
}

pub(super) struct Scanner<'t> {
    text: &'t [u8],
    pos: usize,
    end: usize,
    dialect: Dialect,
    in_map: bool,
    /// In a MAP, the line being read: its newline (`end` when it has none)
    /// and where the map characters that run up to that newline start.
    row: Option<(usize, usize)>,
}

impl<'t> Scanner<'t> {
    /// The tokens of `text[range]`, read from the scanner's first state.
    pub fn new(text: &'t str, range: Span, dialect: Dialect) -> Self {
        Scanner {
            text: text.as_bytes(),
            pos: range.start,
            end: range.end.min(text.len()),
            dialect,
            in_map: false,
            row: None,
        }
    }

    fn at(&self, i: usize) -> Option<u8> {
        (i < self.end).then(|| self.text[i])
    }

    fn is_map_char(&self, b: u8) -> bool {
        b"-|}{+ABCISHKPLWTF\\#. 0123456789".contains(&b)
            || (b == b'x' && self.dialect == Dialect::V36)
    }

    /// The first newline at or after `from`.
    fn newline(&self, from: usize) -> Option<usize> {
        self.text[from..self.end]
            .iter()
            .position(|&b| b == b'\n')
            .map(|i| from + i)
    }

    /// In a MAP: the end of the row token starting at `p`, when the rest of
    /// its line is map characters (then no other rule matches as much).
    fn map_row_end(&mut self, p: usize) -> Option<usize> {
        let (newline, run) = match self.row {
            Some((newline, run)) if p <= newline => (newline, run),
            _ => {
                let newline = self.newline(p).unwrap_or(self.end);
                let mut run = newline;
                if newline < self.end && run > p && self.text[run - 1] == b'\r' {
                    run -= 1;
                }
                while run > p && self.is_map_char(self.text[run - 1]) {
                    run -= 1;
                }
                self.row = Some((newline, run));
                (newline, run)
            }
        };
        (newline < self.end && p >= run).then_some(newline + 1)
    }

    /// At the start of a line: a comment (3.6 allows blanks before its `#`)
    /// up to and with its newline.
    fn comment_end(&self, p: usize) -> Option<usize> {
        let mut i = p;
        if self.dialect == Dialect::V36 {
            while matches!(self.at(i), Some(b' ' | b'\t')) {
                i += 1;
            }
        }
        if self.at(i) != Some(b'#') {
            return None;
        }
        self.newline(i).map(|n| n + 1)
    }

    /// At the start of a line: `MAP` and its newline.
    fn map_start_end(&self, p: usize) -> Option<usize> {
        let rest = &self.text[p..self.end];
        let after = rest.strip_prefix(b"MAP")?;
        let after = after.strip_prefix(b"\r").unwrap_or(after);
        after.starts_with(b"\n").then(|| self.end - after.len() + 1)
    }

    fn run(&self, from: usize, class: impl Fn(u8) -> bool) -> usize {
        let mut i = from;
        while self.at(i).is_some_and(&class) {
            i += 1;
        }
        i
    }

    /// `[ 50% ]`: `[`, blanks, digits, `%`, blanks, `]`.
    fn bracketed_percent(&self, p: usize) -> Option<(usize, Span)> {
        let digits = self.run(p + 1, |b| b == b' ');
        let percent = self.run(digits, |b| b.is_ascii_digit());
        if percent == digits || self.at(percent) != Some(b'%') {
            return None;
        }
        let close = self.run(percent + 1, |b| b == b' ');
        (self.at(close) == Some(b']')).then_some((close + 1, p + 1..percent))
    }

    /// `'c'` and `'\c'` (any character but a newline).
    fn char_end(&self, p: usize) -> Option<usize> {
        let not_newline = |i| self.at(i).is_some_and(|b| b != b'\n');
        if self.at(p + 1) == Some(b'\\') && not_newline(p + 2) && self.at(p + 3) == Some(b'\'') {
            return Some(p + 4);
        }
        (not_newline(p + 1) && self.at(p + 2) == Some(b'\'')).then_some(p + 3)
    }

    /// 3.6: a run of `[-_a-zA-Z0-9]` and what it is: a number, dice, a
    /// percentage, `random[`, or a word (a keyword or an unknown word).
    fn word_36(&self, p: usize) -> (usize, Kind) {
        let end = self.run(p, |b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
        let word = &self.text[p..end];
        let all_digits = |s: &[u8]| !s.is_empty() && s.iter().all(u8::is_ascii_digit);
        if all_digits(word) {
            let token_end = if self.at(end) == Some(b'%') {
                end + 1
            } else {
                end
            };
            return (token_end, Kind::Number(p..end, None));
        }
        if word[0] == b'-' && all_digits(&word[1..]) {
            return (end, Kind::Number(p..end, None));
        }
        if let Some(d) = word.iter().position(|&b| b == b'd') {
            if all_digits(&word[..d]) && all_digits(&word[d + 1..]) {
                return (end, Kind::Number(p..p + d, Some(p + d + 1..end)));
            }
        }
        if word == b"random" && self.at(end) == Some(b'[') {
            return (end + 1, Kind::Other);
        }
        if self.in_map && word == b"ENDMAP" {
            return (end, Kind::MapEnd);
        }
        (end, Kind::Other)
    }

    /// 3.4.3 has no rule for words: a run of letters is keywords or single
    /// characters, never a number; `[+-]?[0-9]+` is.
    fn word_343(&self, p: usize) -> (usize, Kind) {
        let b = self.text[p];
        let digits = if b == b'+' || b == b'-' { p + 1 } else { p };
        let end = self.run(digits, |b| b.is_ascii_digit());
        if end > digits {
            return (end, Kind::Number(p..end, None));
        }
        if self.in_map && self.text[p..self.end].starts_with(b"ENDMAP") {
            return (p + 6, Kind::MapEnd);
        }
        if b.is_ascii_alphabetic() || b == b'_' {
            return (
                self.run(p, |b| b.is_ascii_alphabetic() || b == b'_'),
                Kind::Other,
            );
        }
        (p + 1, Kind::Other)
    }

    /// The token at `p` (not a blank or a newline), and where it ends.
    fn token_at(&mut self, p: usize) -> (usize, Kind) {
        if self.in_map {
            if let Some(end) = self.map_row_end(p) {
                return (end, Kind::MapRow);
            }
        }
        if p == 0 || self.text[p - 1] == b'\n' {
            if let Some(end) = self.comment_end(p) {
                return (end, Kind::Comment);
            }
            if let Some(end) = self.map_start_end(p) {
                return (end, Kind::MapStart);
            }
        }
        let b = self.text[p];
        match b {
            b'"' => match self.text[p + 1..self.end].iter().position(|&c| c == b'"') {
                Some(i) => (p + i + 2, Kind::String),
                None => (p + 1, Kind::Other),
            },
            b'\'' => (self.char_end(p).unwrap_or(p + 1), Kind::Other),
            b'[' => match self.bracketed_percent(p) {
                Some((end, number)) => (end, Kind::Number(number, None)),
                None => (p + 1, Kind::Other),
            },
            _ if self.dialect == Dialect::V343 => self.word_343(p),
            b'$' => {
                let end = self.run(p + 1, |b| b.is_ascii_alphabetic() || b == b'_');
                (end.max(p + 1), Kind::Other)
            }
            b'+' => {
                let end = self.run(p + 1, |b| b.is_ascii_digit());
                if end > p + 1 {
                    (end, Kind::Number(p..end, None))
                } else {
                    (p + 1, Kind::Other)
                }
            }
            _ if b.is_ascii_alphanumeric() || b == b'-' || b == b'_' => self.word_36(p),
            _ => (p + 1, Kind::Other),
        }
    }
}

impl Iterator for Scanner<'_> {
    type Item = Token;

    fn next(&mut self) -> Option<Token> {
        loop {
            let p = self.pos;
            let b = self.at(p)?;
            let bol = p == 0 || self.text[p - 1] == b'\n';
            // Blanks and newlines, unless a row or a comment starts here.
            let row_or_comment = (self.in_map && self.map_row_end(p).is_some())
                || (bol && self.comment_end(p).is_some());
            if !row_or_comment {
                match b {
                    b' ' | b'\t' => {
                        self.pos = self.run(p, |b| b == b' ' || b == b'\t');
                        continue;
                    }
                    b'\n' => {
                        self.pos += 1;
                        continue;
                    }
                    b'\r' if self.at(p + 1) == Some(b'\n') => {
                        self.pos += 2;
                        continue;
                    }
                    _ => {}
                }
            }
            let (end, kind) = self.token_at(p);
            match kind {
                Kind::MapStart => self.in_map = true,
                Kind::MapEnd => self.in_map = false,
                _ => {}
            }
            self.pos = end;
            return Some(Token { span: p..end, kind });
        }
    }
}
