//! dgn_comp's scanner, rule for rule: the longest match wins, the earlier
//! rule on a tie. Keywords are matched as literals anywhere (`DUNGEONS` is
//! `DUNGEON` then `S`), a number is any run of `-` and digits read with C's
//! `atoi`, a string is `"` to the next `"` across line ends (which its line
//! counter then does not count), `#` starts a comment only at the start of
//! a line, and any other byte is a token of its own that no rule takes.

use std::ops::Range;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keyword {
    Dungeon,
    Entry,
    Protofile,
    Description,
    LevelDesc,
    Alignment,
    LevAlign,
    Branch,
    ChainBranch,
    Level,
    RndLevel,
    ChainLevel,
    RndChainLevel,
}

/// The words that are values: a branch's type, its direction, and the
/// descriptors (`DESCRIPTION`, `ALIGNMENT`, `LEVELDESC`, `LEVALIGN`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Word {
    Up,
    Down,
    Stair,
    NoUp,
    NoDown,
    Portal,
    Descriptor(Descriptor),
}

/// A descriptor and the flag value dgn_comp gives it (its checks compare them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Descriptor {
    Town,
    Hellish,
    Mazelike,
    Roguelike,
    Unaligned,
    Noalign,
    Lawful,
    Neutral,
    Chaotic,
}

impl Descriptor {
    pub fn value(self) -> i32 {
        match self {
            Descriptor::Town => 1,
            Descriptor::Hellish => 2,
            Descriptor::Mazelike => 4,
            Descriptor::Roguelike => 8,
            Descriptor::Unaligned | Descriptor::Noalign => 0,
            Descriptor::Chaotic => 16,
            Descriptor::Neutral => 32,
            Descriptor::Lawful => 64,
        }
    }
}

/// Every literal of the scanner, in its rule order.
pub const LITERALS: &[(&str, Token)] = &[
    ("DUNGEON", Token::Keyword(Keyword::Dungeon)),
    ("up", Token::Word(Word::Up)),
    ("down", Token::Word(Word::Down)),
    ("ENTRY", Token::Keyword(Keyword::Entry)),
    ("stair", Token::Word(Word::Stair)),
    ("no_up", Token::Word(Word::NoUp)),
    ("no_down", Token::Word(Word::NoDown)),
    ("portal", Token::Word(Word::Portal)),
    ("PROTOFILE", Token::Keyword(Keyword::Protofile)),
    ("DESCRIPTION", Token::Keyword(Keyword::Description)),
    ("LEVELDESC", Token::Keyword(Keyword::LevelDesc)),
    ("ALIGNMENT", Token::Keyword(Keyword::Alignment)),
    ("LEVALIGN", Token::Keyword(Keyword::LevAlign)),
    ("town", Token::Word(Word::Descriptor(Descriptor::Town))),
    (
        "hellish",
        Token::Word(Word::Descriptor(Descriptor::Hellish)),
    ),
    (
        "mazelike",
        Token::Word(Word::Descriptor(Descriptor::Mazelike)),
    ),
    (
        "roguelike",
        Token::Word(Word::Descriptor(Descriptor::Roguelike)),
    ),
    (
        "unaligned",
        Token::Word(Word::Descriptor(Descriptor::Unaligned)),
    ),
    (
        "noalign",
        Token::Word(Word::Descriptor(Descriptor::Noalign)),
    ),
    ("lawful", Token::Word(Word::Descriptor(Descriptor::Lawful))),
    (
        "neutral",
        Token::Word(Word::Descriptor(Descriptor::Neutral)),
    ),
    (
        "chaotic",
        Token::Word(Word::Descriptor(Descriptor::Chaotic)),
    ),
    ("BRANCH", Token::Keyword(Keyword::Branch)),
    ("CHAINBRANCH", Token::Keyword(Keyword::ChainBranch)),
    ("LEVEL", Token::Keyword(Keyword::Level)),
    ("RNDLEVEL", Token::Keyword(Keyword::RndLevel)),
    ("CHAINLEVEL", Token::Keyword(Keyword::ChainLevel)),
    ("RNDCHLEVEL", Token::Keyword(Keyword::RndChainLevel)),
];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Token {
    Keyword(Keyword),
    Word(Word),
    Integer(i32),
    /// A string; its text is the lexeme without the quotes.
    String,
    /// A byte no rule takes but "any character": `:`, `@`, `(`… and every mistake.
    Char(u8),
    End,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lexeme {
    pub token: Token,
    pub range: Range<usize>,
    /// The line dgn_comp's counter is on (1-based; line ends inside strings are not counted).
    pub line: usize,
}

pub struct Scanner<'a> {
    text: &'a [u8],
    at: usize,
    line: usize,
    at_line_start: bool,
}

impl<'a> Scanner<'a> {
    pub fn new(text: &'a [u8]) -> Self {
        Scanner {
            text,
            at: 0,
            line: 1,
            at_line_start: true,
        }
    }

    pub fn next_lexeme(&mut self) -> Lexeme {
        loop {
            let rest = &self.text[self.at..];
            let start = self.at;
            let Some(&first) = rest.first() else {
                return Lexeme {
                    token: Token::End,
                    range: start..start,
                    line: self.line,
                };
            };
            let (len, token) = longest_match(rest, self.at_line_start);
            self.at += len;
            self.at_line_start = self.text[self.at - 1] == b'\n';
            match token {
                Some(token) => {
                    return Lexeme {
                        token,
                        range: start..self.at,
                        line: self.line,
                    }
                }
                // Skipped: blanks, a line end, a comment line.
                None if first == b'\n' || first == b'\r' || first == b'#' => self.line += 1,
                None => {}
            }
        }
    }
}

/// The rule that matches at the start of `rest`: its length and token
/// (None for what is skipped).
fn longest_match(rest: &[u8], at_line_start: bool) -> (usize, Option<Token>) {
    // Rules are tried in the scanner's order; a later one must be longer.
    let mut best: (usize, Option<Token>) = (0, None);
    let mut consider = |len: usize, token: Option<Token>| {
        if len > best.0 {
            best = (len, token);
        }
    };
    for (literal, token) in LITERALS {
        if rest.starts_with(literal.as_bytes()) {
            consider(literal.len(), Some(*token));
        }
    }
    let number = rest
        .iter()
        .take_while(|b| **b == b'-' || b.is_ascii_digit())
        .count();
    if number > 0 {
        consider(number, Some(Token::Integer(atoi(&rest[..number]))));
    }
    if rest[0] == b'"' {
        if let Some(close) = rest[1..].iter().position(|b| *b == b'"') {
            consider(close + 2, Some(Token::String));
        }
    }
    if at_line_start && rest[0] == b'#' {
        if let Some(end) = rest.iter().position(|b| *b == b'\n') {
            consider(end + 1, None);
        }
    }
    match rest {
        [b'\r', b'\n', ..] => consider(2, None),
        // No other rule takes a line end: it replaces "any character".
        [b'\n', ..] => return (1, None),
        _ => {}
    }
    let blanks = rest
        .iter()
        .take_while(|b| **b == b' ' || **b == b'\t')
        .count();
    if blanks > 0 {
        consider(blanks, None);
    }
    // The last rule: any one byte.
    consider(1, Some(Token::Char(rest[0])));
    best
}

/// C's `atoi` as glibc has it: `strtol` (optional sign, digits, saturating
/// at the 64-bit limits) cut to an `int`.
pub fn atoi(digits: &[u8]) -> i32 {
    let (negative, body) = match digits.first() {
        Some(b'-') => (true, &digits[1..]),
        _ => (false, digits),
    };
    let mut value: i64 = 0;
    for b in body.iter().take_while(|b| b.is_ascii_digit()) {
        let digit = i64::from(b - b'0');
        let next = value.checked_mul(10).and_then(|v| {
            if negative {
                v.checked_sub(digit)
            } else {
                v.checked_add(digit)
            }
        });
        match next {
            Some(v) => value = v,
            None => {
                return if negative {
                    i64::MIN as i32
                } else {
                    i64::MAX as i32
                }
            }
        }
    }
    value as i32
}

#[cfg(test)]
mod tests;
