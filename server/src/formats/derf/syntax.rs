//! A typed view of a DERF room: its lines with the byte spans of their
//! parts, read from the text ([`read`]) once per analysis; every span is
//! trimmed of surrounding spaces so that diagnostics hit the words.

mod read;

use crate::formats::SourceFile;
use std::ops::Range;
use std::sync::Arc;

pub type Span = Range<usize>;

#[derive(Debug, Default, PartialEq, Eq)]
pub struct Room {
    pub header: Option<Header>,
    pub name: Option<Span>,
    pub short: Option<Span>,
    pub description_lines: Vec<Span>,
    /// The flags / containers / container lines, in file order.
    pub body: Vec<BodyLine>,
    /// Lines the grammar could not read (ERROR nodes), and tokens it expected (MISSING).
    pub syntax_errors: Vec<SyntaxError>,
}

#[derive(Debug, PartialEq, Eq)]
pub struct Header {
    pub line: Span,
    /// `DERF:` including the colon.
    pub declaration: Option<Span>,
    /// The version text, trimmed.
    pub version: Option<Span>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sign {
    Plus,
    Minus,
}

impl Sign {
    pub fn as_char(self) -> char {
        match self {
            Sign::Plus => '+',
            Sign::Minus => '-',
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FlagToken {
    /// Sign and name together.
    pub span: Span,
    pub sign: Option<(Sign, Span)>,
    pub name: Option<Span>,
}

#[derive(Debug, PartialEq, Eq)]
pub struct FlagsLine {
    pub line: Span,
    /// `Flags:`; `None` on a continuation line that starts with a sign.
    pub keyword: Option<Span>,
    pub flags: Vec<FlagToken>,
    /// Commas written between flags (`+boss,+trap`), which the spec does not allow.
    pub commas: Vec<Span>,
}

#[derive(Debug, PartialEq, Eq)]
pub struct ContainersLine {
    pub line: Span,
    pub keyword: Span,
    pub names: Vec<Span>,
}

#[derive(Debug, PartialEq, Eq)]
pub struct ContainerLine {
    pub line: Span,
    pub container: Span,
    pub colon: Span,
    pub item: Option<Span>,
}

#[derive(Debug, PartialEq, Eq)]
pub enum BodyLine {
    Flags(FlagsLine),
    /// A line starting with `+`/`-` after the flags line (D20).
    FlagsContinuation(FlagsLine),
    Containers(ContainersLine),
    Container(ContainerLine),
}

impl BodyLine {
    /// The whole line, trimmed.
    pub fn line(&self) -> &Span {
        match self {
            BodyLine::Flags(f) | BodyLine::FlagsContinuation(f) => &f.line,
            BodyLine::Containers(c) => &c.line,
            BodyLine::Container(c) => &c.line,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyntaxError {
    pub span: Span,
    pub kind: ErrorKind,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorKind {
    /// A body line of none of the allowed shapes (`chest weapon`, `:item`).
    Line,
    /// A character no part of a line may start with: a vertical tab, a form
    /// feed, or a carriage return that ends no line (it ends what is read of it).
    Character,
}

pub(super) fn trimmed(text: &str, range: Span) -> Span {
    let s = &text[range.clone()];
    let start = range.start + (s.len() - s.trim_start().len());
    let end = range.end - (s.len() - s.trim_end().len());
    start..end.max(start)
}

impl Room {
    pub fn read(text: &str) -> Room {
        read::room(text)
    }

    /// The room of `file`, read once per version when the file has a memo
    /// (the diagnostics and the workspace's facts read the same version).
    pub fn of(file: &SourceFile) -> Arc<Room> {
        file.read_shared(Room::read)
    }

    pub fn flags_lines(&self) -> impl Iterator<Item = &FlagsLine> {
        self.body.iter().filter_map(|l| match l {
            BodyLine::Flags(f) | BodyLine::FlagsContinuation(f) => Some(f),
            _ => None,
        })
    }

    pub fn containers_lines(&self) -> impl Iterator<Item = &ContainersLine> {
        self.body.iter().filter_map(|l| match l {
            BodyLine::Containers(c) => Some(c),
            _ => None,
        })
    }

    pub fn container_lines(&self) -> impl Iterator<Item = &ContainerLine> {
        self.body.iter().filter_map(|l| match l {
            BodyLine::Container(c) => Some(c),
            _ => None,
        })
    }

    /// The first `Flags:` line, whose flags the engine reads.
    pub fn flags_line(&self) -> Option<&FlagsLine> {
        self.body.iter().find_map(|l| match l {
            BodyLine::Flags(f) => Some(f),
            _ => None,
        })
    }

    /// The first `Containers:` line.
    pub fn containers_line(&self) -> Option<&ContainersLine> {
        self.containers_lines().next()
    }
}

/// `flags:` / `CONTAINERS:`: a section keyword in the wrong case, and the right spelling.
pub fn miscased_keyword(line: &str) -> Option<&'static str> {
    let (word, _) = line.split_once(':')?;
    ["Flags", "Containers"]
        .into_iter()
        .find(|k| word != *k && word.eq_ignore_ascii_case(k))
}

#[cfg(test)]
mod tests;
