//! Deterministic one-edit variations of a `.des` file, of the kinds a level
//! author makes. [`CLASSIC`] are the kinds of `shared/mutants/README.md`;
//! [`ALL`] adds the kinds that once slipped past levls (a tuple of the wrong
//! length, a lost comma, a coordinate off the map inside a selection or an
//! array, a ROOM position outside 1–5, a statement cut after its `:`, a list
//! inside a list, a bad map character in TERRAIN, a number that wraps at 32
//! bits). A small LCG seeded per file keeps the set identical from run to run,
//! and each variation's description (kind, line, column, old → new) names it.
//!
//! No edit makes a string longer than 100 bytes unless it was already, or a
//! map row longer: lev_comp's buffer limits are tested elsewhere.

use std::collections::HashSet;

/// Knuth's MMIX LCG; the high bits are the random ones.
pub struct Lcg(u64);

impl Lcg {
    pub fn new(seed: u64) -> Lcg {
        Lcg(seed)
    }

    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}

/// FNV-1a, so each source file gets its own stream whatever the others are.
pub fn seed_for(name: &str, seed: u64) -> u64 {
    name.bytes().fold(seed ^ 0xcbf29ce484222325, |h, b| {
        (h ^ b as u64).wrapping_mul(0x100000001b3)
    })
}

#[derive(Clone, Copy, PartialEq)]
enum LineKind {
    Blank,
    Comment,
    Map,
    Code,
}

/// The kinds of the shared mutants.
pub const CLASSIC: &[&str] = &[
    "del-line",
    "dup-line",
    "swap-lines",
    "num",
    "kw-case",
    "punct-del",
    "tok-ins",
    "tok-del",
    "map-char",
    "truncate",
];

/// The classic kinds and the ones aimed at what levls used to miss.
pub const ALL: &[&str] = &[
    "del-line",
    "dup-line",
    "swap-lines",
    "num",
    "kw-case",
    "punct-del",
    "tok-ins",
    "tok-del",
    "map-char",
    "truncate",
    "tuple-arity",
    "comma-del",
    "coord-out",
    "room-pos",
    "half-stmt",
    "list-in-list",
    "map-char-arg",
    "num-wrap",
];

const PUNCT: &str = ",:()\"'{}[]";
/// Mostly characters a map may hold, and a few it may not (`Q`, `@`, `9`).
const MAP_CHARS: &[char] = &[
    '.', '-', '|', '#', '}', '{', 'T', 'S', '+', 'L', 'I', 'P', 'W', 'C', 'H', 'B', 'F', 'A', 'x',
    ' ', 'Q', '@', '9',
];
/// Numbers that are something else once lev_comp's `atoi` keeps 32 bits.
const WRAPPING: &[&str] = &[
    "4294967297",
    "4294967296",
    "4294967295",
    "2147483648",
    "2147483647",
    "-2147483648",
    "-4294967295",
    "4294967300",
];
/// Column and row values around and beyond the level's 80 × 21.
const BAD_X: &[i64] = &[-1, 76, 79, 80, 81, 99, 128, 255];
const BAD_Y: &[i64] = &[-1, 19, 20, 21, 22, 25, 99, 255];
/// Room positions are 1–5 in each direction.
const BAD_ROOM_POS: &[i64] = &[-1, 0, 6, 7, 9];
/// Words on a line that put its coordinates in a selection, an array or
/// TERRAIN, where lev_comp checks them differently.
const CONTEXTS: &[&str] = &[
    "selection",
    "line",
    "rndcoord",
    "{",
    "}",
    "TERRAIN",
    "rect",
    "filter",
    "floodfill",
    "grow",
    "circle",
    "ellipse",
    "gradient",
    "randline",
    "RANDOM_PLACES",
];
/// Strings longer than this are only kept as the source has them.
const LONGEST_NEW_STRING: usize = 100;

/// Up to `count` distinct variations of `text` by the given kinds, none
/// identical to it: (what changed, the new text). A smaller `count` gives a
/// prefix of a larger one's list.
pub fn variations(
    text: &str,
    count: usize,
    rng: &mut Lcg,
    kinds_allowed: &[&str],
) -> Vec<(String, String)> {
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let kinds = classify(&lines);
    let strings: HashSet<&str> = string_literals(text).into_iter().collect();
    let longest_row = (0..lines.len())
        .filter(|&i| kinds[i] == LineKind::Map)
        .map(|i| lines[i].trim_end_matches(['\n', '\r']).len())
        .max()
        .unwrap_or(0);
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for _ in 0..count * 50 {
        if out.len() == count {
            break;
        }
        let kind = rng.pick(kinds_allowed);
        let Some((what, new)) = one(kind, &lines, &kinds, rng) else {
            continue;
        };
        if new == text || !seen.insert(new.clone()) {
            continue;
        }
        let long_string = string_literals(&new)
            .into_iter()
            .any(|s| s.len() > LONGEST_NEW_STRING && !strings.contains(s));
        let long_row = map_rows(&new).any(|r| r.len() > longest_row);
        if !long_string && !long_row && map_buffer(&new) <= MAP_BUFFER {
            out.push((what, new));
        }
    }
    out
}

/// What lev_comp's lexer reads as strings: from a `"` to the next, across
/// lines, outside comment lines and char literals.
fn string_literals(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut open = None;
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        if open.is_none() && line.trim_start().starts_with('#') {
            offset += line.len();
            continue;
        }
        let bytes = line.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            match (bytes[i], open) {
                (b'"', None) => open = Some(offset + i),
                (b'"', Some(start)) => {
                    out.push(&text[start..offset + i + 1]);
                    open = None;
                }
                (b'\'', None) if i + 2 < bytes.len() && bytes[i + 2] == b'\'' => i += 2,
                _ => {}
            }
            i += 1;
        }
        offset += line.len();
    }
    out
}

/// lev_comp keeps a map's rows in a buffer of 4096 bytes; a lost ENDMAP
/// makes the next map's rows join it.
const MAP_BUFFER: usize = 4000;

/// The most bytes of map rows lev_comp's lexer gathers for one map: rows of
/// map characters from a `MAP` line to the next `ENDMAP`.
fn map_buffer(text: &str) -> usize {
    const ROW: &[u8] = b"-|}{+ABCISHKPLWTF\\#. 0123456789\r";
    let (mut in_map, mut bytes, mut most) = (false, 0, 0);
    for line in text.split_inclusive('\n') {
        if line.contains("ENDMAP") {
            in_map = false;
            most = most.max(bytes);
            bytes = 0;
        } else if line.trim_end() == "MAP" {
            in_map = true;
        } else if in_map
            && line
                .trim_end_matches('\n')
                .bytes()
                .all(|b| ROW.contains(&b))
        {
            bytes += line.len();
        }
    }
    most.max(bytes)
}

fn map_rows(text: &str) -> impl Iterator<Item = &str> {
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let kinds = classify(&lines);
    lines
        .into_iter()
        .zip(kinds)
        .filter(|(_, k)| *k == LineKind::Map)
        .map(|(l, _)| l.trim_end_matches(['\n', '\r']))
}

/// Comment and blank lines, MAP…ENDMAP rows, and the rest.
fn classify(lines: &[&str]) -> Vec<LineKind> {
    let mut in_map = false;
    lines
        .iter()
        .map(|line| {
            let t = line.trim();
            if in_map {
                if t == "ENDMAP" {
                    in_map = false;
                    return LineKind::Code;
                }
                return LineKind::Map;
            }
            if t == "MAP" {
                in_map = true;
                LineKind::Code
            } else if t.is_empty() {
                LineKind::Blank
            } else if t.starts_with('#') {
                LineKind::Comment
            } else {
                LineKind::Code
            }
        })
        .collect()
}

/// A token of a code line: its byte span, and whether it is inside a string.
struct Token {
    start: usize,
    end: usize,
    in_string: bool,
}

/// Words (a letter, then letters, digits, `_`), numbers (digits, with a `-`
/// before them) and punctuation of one code line.
fn tokens(line: &str) -> (Vec<Token>, Vec<Token>, Vec<Token>) {
    let (mut words, mut numbers, mut punct) = (Vec::new(), Vec::new(), Vec::new());
    let bytes = line.as_bytes();
    let mut in_string = false;
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if c.is_ascii_alphabetic() {
            let start = i;
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                i += 1;
            }
            words.push(Token {
                start,
                end: i,
                in_string,
            });
            continue;
        }
        if c.is_ascii_digit() {
            let mut start = i;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            if start > 0 && bytes[start - 1] == b'-' {
                start -= 1;
            }
            numbers.push(Token {
                start,
                end: i,
                in_string,
            });
            continue;
        }
        if PUNCT.as_bytes().contains(&c) {
            punct.push(Token {
                start: i,
                end: i + 1,
                in_string,
            });
        }
        if c == b'"' {
            in_string = !in_string;
        }
        i += 1;
    }
    (words, numbers, punct)
}

fn indices(kinds: &[LineKind], wanted: &[LineKind]) -> Vec<usize> {
    (0..kinds.len())
        .filter(|&i| wanted.contains(&kinds[i]))
        .collect()
}

fn one(kind: &str, lines: &[&str], kinds: &[LineKind], rng: &mut Lcg) -> Option<(String, String)> {
    let code_or_map = indices(kinds, &[LineKind::Code, LineKind::Map]);
    let code = indices(kinds, &[LineKind::Code]);
    let joined = |replace: usize, with: &str| -> String {
        let mut s = String::new();
        for (i, l) in lines.iter().enumerate() {
            s.push_str(if i == replace { with } else { l });
        }
        s
    };
    if let Some(edit) = aimed(kind, lines, &code, rng) {
        let (i, what, new_line) = edit?;
        return Some((what, joined(i, &new_line)));
    }
    match kind {
        "del-line" | "dup-line" => {
            let i = *code_or_map.get(rng.below(code_or_map.len().max(1)))?;
            let mut line = lines[i].to_string();
            if kind == "dup-line" {
                // The last line may lack its newline.
                if !line.ends_with('\n') {
                    line.push('\n');
                }
                line.push_str(lines[i]);
            } else {
                line.clear();
            }
            Some((format!("{kind} line {}", i + 1), joined(i, &line)))
        }
        "swap-lines" => {
            let i = *code_or_map.get(rng.below(code_or_map.len().max(1)))?;
            if i + 1 >= lines.len() || !lines[i + 1].ends_with('\n') {
                return None;
            }
            let mut swapped: Vec<&str> = lines.to_vec();
            swapped.swap(i, i + 1);
            Some((format!("swap-lines {}-{}", i + 1, i + 2), swapped.concat()))
        }
        "truncate" => {
            if lines.len() < 2 {
                return None;
            }
            let i = 1 + rng.below(lines.len() - 1);
            Some((
                format!("truncate before line {}", i + 1),
                lines[..i].concat(),
            ))
        }
        "map-char" => {
            let maps = indices(kinds, &[LineKind::Map]);
            let i = *maps.get(rng.below(maps.len().max(1)))?;
            let row = lines[i].trim_end_matches(['\n', '\r']);
            if row.is_empty() || !row.is_ascii() {
                return None;
            }
            let at = rng.below(row.len());
            let old = row.as_bytes()[at] as char;
            let new = rng.pick(MAP_CHARS);
            if new == old {
                return None;
            }
            let mut line = lines[i].to_string();
            line.replace_range(at..at + 1, &new.to_string());
            Some((
                format!("map-char line {} col {}: {old:?} -> {new:?}", i + 1, at + 1),
                joined(i, &line),
            ))
        }
        _ => {
            let i = *code.get(rng.below(code.len().max(1)))?;
            let line = lines[i];
            let (words, numbers, punct) = tokens(line);
            let at = |t: &Token| format!("line {} col {}", i + 1, t.start + 1);
            let (what, new_line) = match kind {
                "num" => {
                    let t = numbers.iter().filter(|t| !t.in_string).collect::<Vec<_>>();
                    let t = *t.get(rng.below(t.len().max(1)))?;
                    let old = &line[t.start..t.end];
                    let n: i64 = old.parse().ok()?;
                    let new = match rng.below(4) {
                        0 => "0".to_string(),
                        1 => "-1".to_string(),
                        2 => (n + 1).to_string(),
                        _ => "99999".to_string(),
                    };
                    (
                        format!("num {}: {old} -> {new}", at(t)),
                        splice(line, t, &new),
                    )
                }
                "kw-case" => {
                    let t = words
                        .iter()
                        .filter(|t| !t.in_string && t.end - t.start >= 2)
                        .collect::<Vec<_>>();
                    let t = *t.get(rng.below(t.len().max(1)))?;
                    let old = &line[t.start..t.end];
                    let new = match rng.below(3) {
                        0 => old.to_ascii_lowercase(),
                        1 => old.to_ascii_uppercase(),
                        _ => {
                            let lower = old.to_ascii_lowercase();
                            lower[..1].to_ascii_uppercase() + &lower[1..]
                        }
                    };
                    (
                        format!("kw-case {}: {old} -> {new}", at(t)),
                        splice(line, t, &new),
                    )
                }
                "punct-del" => {
                    let t = punct.get(rng.below(punct.len().max(1)))?;
                    (
                        format!("punct-del {}: {}", at(t), &line[t.start..t.end]),
                        splice(line, t, ""),
                    )
                }
                "tok-ins" => {
                    let t = words.get(rng.below(words.len().max(1)))?;
                    let old = &line[t.start..t.end];
                    let at_char = rng.below(old.len() + 1);
                    let c = (b'a' + rng.below(26) as u8) as char;
                    let new = format!("{}{c}{}", &old[..at_char], &old[at_char..]);
                    (
                        format!("tok-ins {}: {old} -> {new}", at(t)),
                        splice(line, t, &new),
                    )
                }
                _ => {
                    // tok-del: words of two characters or more keep a token.
                    let t = words
                        .iter()
                        .filter(|t| t.end - t.start >= 2)
                        .collect::<Vec<_>>();
                    let t = *t.get(rng.below(t.len().max(1)))?;
                    let old = &line[t.start..t.end];
                    let at_char = rng.below(old.len());
                    let new = format!("{}{}", &old[..at_char], &old[at_char + 1..]);
                    (
                        format!("tok-del {}: {old} -> {new}", at(t)),
                        splice(line, t, &new),
                    )
                }
            };
            Some((what, joined(i, &new_line)))
        }
    }
}

fn splice(line: &str, t: &Token, with: &str) -> String {
    format!("{}{with}{}", &line[..t.start], &line[t.end..])
}

/// A lexeme of a code line as lev_comp reads it.
#[derive(Clone, Copy, PartialEq)]
enum Lex {
    Word,
    Number,
    Str,
    Char,
    Punct(u8),
}

/// The lexemes of one code line with their spans; a string left open runs
/// to the line's end.
fn lex(line: &str) -> Vec<(Lex, usize, usize)> {
    let bytes = line.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        let start = i;
        let kind = if c.is_ascii_alphabetic() || c == b'_' || c == b'$' {
            i += 1;
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                i += 1;
            }
            Lex::Word
        } else if c.is_ascii_digit()
            || (c == b'-' && bytes.get(i + 1).is_some_and(u8::is_ascii_digit))
        {
            i += 1;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            Lex::Number
        } else if c == b'"' {
            i += 1;
            while i < bytes.len() && bytes[i] != b'"' && bytes[i] != b'\n' {
                i += 1;
            }
            i = (i + 1).min(bytes.len());
            Lex::Str
        } else if c == b'\'' && bytes.get(i + 2) == Some(&b'\'') {
            i += 3;
            Lex::Char
        } else if c.is_ascii_whitespace() {
            i += 1;
            continue;
        } else {
            i += 1;
            Lex::Punct(c)
        };
        out.push((kind, start, i));
    }
    out
}

/// A `( … )` group of a line with no parenthesis inside: its span and its
/// elements' spans (split at its commas).
struct Group {
    start: usize,
    end: usize,
    elements: Vec<(usize, usize)>,
}

fn groups(line: &str) -> Vec<Group> {
    let lexemes = lex(line);
    let mut out = Vec::new();
    let mut open: Option<usize> = None;
    for (n, (kind, start, _)) in lexemes.iter().enumerate() {
        match kind {
            Lex::Punct(b'(') => open = Some(n),
            Lex::Punct(b')') => {
                let Some(o) = open.take() else { continue };
                let inner = &lexemes[o + 1..n];
                let mut elements = Vec::new();
                let mut first: Option<usize> = None;
                let mut last = 0;
                for (k, s, e) in inner {
                    if *k == Lex::Punct(b',') {
                        if let Some(f) = first.take() {
                            elements.push((f, last));
                        }
                    } else {
                        first.get_or_insert(*s);
                        last = *e;
                    }
                }
                if let Some(f) = first {
                    elements.push((f, last));
                }
                out.push(Group {
                    start: lexemes[o].1,
                    end: start + 1,
                    elements,
                });
            }
            _ => {}
        }
    }
    out
}

/// A group whose elements are all plain numbers, and their values.
fn numeric(line: &str, g: &Group) -> Option<Vec<i64>> {
    g.elements
        .iter()
        .map(|(s, e)| line[*s..*e].trim().parse().ok())
        .collect()
}

/// The statement keyword a line starts with, past a `[n%]:` chance.
fn keyword(line: &str) -> &str {
    let t = line.trim_start();
    let t = match t.strip_prefix('[') {
        Some(rest) => rest
            .split_once(']')
            .map_or(t, |(_, r)| r.trim_start_matches([':', ' ', '\t'])),
        None => t,
    };
    let end = t
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(t.len());
    &t[..end]
}

/// The kinds aimed at a construct: `None` for the classic kinds, else the
/// edit (`Some(None)` when this file has nothing to aim at): the line, what
/// changed and the new line.
#[allow(clippy::type_complexity)]
fn aimed(
    kind: &str,
    lines: &[&str],
    code: &[usize],
    rng: &mut Lcg,
) -> Option<Option<(usize, String, String)>> {
    let edit = |i: usize, start: usize, end: usize, with: &str| -> (String, String) {
        let line = lines[i];
        let what = format!(
            "line {} col {}: {} -> {with}",
            i + 1,
            start + 1,
            &line[start..end]
        );
        (what, format!("{}{with}{}", &line[..start], &line[end..]))
    };
    // A line of `code` that has a candidate, and one candidate of it.
    let choose = |rng: &mut Lcg, has: &dyn Fn(usize) -> usize| -> Option<(usize, usize)> {
        let with: Vec<usize> = code.iter().copied().filter(|&i| has(i) > 0).collect();
        let i = *with.get(rng.below(with.len().max(1)))?;
        Some((i, rng.below(has(i))))
    };
    let result = match kind {
        "tuple-arity" => (|| {
            let (i, n) = choose(rng, &|i| groups(lines[i]).len())?;
            let g = &groups(lines[i])[n];
            let (ls, le) = *g.elements.last()?;
            let line = lines[i];
            // Drop the last element, or repeat it.
            let new = if g.elements.len() >= 2 && rng.below(2) == 0 {
                let (_, prev_end) = g.elements[g.elements.len() - 2];
                format!("{}{}", &line[g.start..prev_end], &line[le..g.end])
            } else {
                format!(
                    "{},{}{}",
                    &line[g.start..le],
                    &line[ls..le],
                    &line[le..g.end]
                )
            };
            let (what, new_line) = edit(i, g.start, g.end, &new);
            Some((i, what, new_line))
        })(),
        "comma-del" => (|| {
            let commas = |i: usize| -> Vec<usize> {
                lex(lines[i])
                    .into_iter()
                    .filter(|(k, ..)| *k == Lex::Punct(b','))
                    .map(|(_, s, _)| s)
                    .collect()
            };
            let (i, n) = choose(rng, &|i| commas(i).len())?;
            let at = commas(i)[n];
            let (what, new_line) = edit(i, at, at + 1, "");
            Some((i, what, new_line))
        })(),
        "coord-out" => (|| {
            let coords = |i: usize| -> Vec<(usize, usize, usize)> {
                groups(lines[i])
                    .iter()
                    .filter(|g| numeric(lines[i], g).is_some_and(|n| n.len() == 2 || n.len() == 4))
                    .flat_map(|g| {
                        g.elements
                            .iter()
                            .enumerate()
                            .map(|(k, (s, e))| (k, *s, *e))
                            .collect::<Vec<_>>()
                    })
                    .collect()
            };
            // Two times in three on a line where the coordinate is in a
            // selection, an array or TERRAIN, if the file has one.
            let in_context = |i: usize| CONTEXTS.iter().any(|c| lines[i].contains(c));
            let prefer = rng.below(3) < 2;
            let has_context = code.iter().any(|&i| in_context(i) && !coords(i).is_empty());
            let (i, n) = choose(rng, &|i| {
                if prefer && has_context && !in_context(i) {
                    0
                } else {
                    coords(i).len()
                }
            })?;
            let (k, s, e) = coords(i)[n];
            let value = if k % 2 == 0 {
                rng.pick(BAD_X)
            } else {
                rng.pick(BAD_Y)
            };
            let (what, new_line) = edit(i, s, e, &value.to_string());
            Some((i, what, new_line))
        })(),
        "room-pos" => (|| {
            let (i, _) = choose(rng, &|i| (keyword(lines[i]) == "ROOM") as usize)?;
            let line = lines[i];
            // The third argument: a position tuple or `random`.
            let colon = line.find(':')?;
            let lexemes = lex(line);
            let mut depth = 0;
            let mut argument = 0;
            let mut span: Option<(usize, usize)> = None;
            for (k, s, e) in lexemes.iter().filter(|(_, s, _)| *s > colon) {
                match k {
                    Lex::Punct(b'(') => depth += 1,
                    Lex::Punct(b')') => depth -= 1,
                    Lex::Punct(b',') if depth == 0 => {
                        argument += 1;
                        continue;
                    }
                    _ => {}
                }
                if argument == 2 {
                    let start = span.map_or(*s, |(s0, _)| s0);
                    span = Some((start, *e));
                }
            }
            let (s, e) = span?;
            let bad = rng.pick(BAD_ROOM_POS);
            let good = 1 + rng.below(5) as i64;
            let new = if rng.below(2) == 0 {
                format!("({bad},{good})")
            } else {
                format!("({good},{bad})")
            };
            let (what, new_line) = edit(i, s, e, &new);
            Some((i, what, new_line))
        })(),
        "half-stmt" => (|| {
            // `KEYWORD:` and its arguments up to one of its commas; a line
            // that opens a block keeps its `{` elsewhere, so is left alone.
            let cuts = |i: usize| -> Vec<usize> {
                let line = lines[i];
                let kw = keyword(line);
                if kw.is_empty() || line.contains('{') || line.contains('}') {
                    return Vec::new();
                }
                let lexemes = lex(line);
                let Some(colon) = lexemes
                    .iter()
                    .find(|(k, s, _)| *k == Lex::Punct(b':') && line[..*s].contains(kw))
                    .map(|(_, _, e)| *e)
                else {
                    return Vec::new();
                };
                let mut at = vec![colon];
                at.extend(
                    lexemes
                        .iter()
                        .filter(|(k, s, _)| *k == Lex::Punct(b',') && *s > colon)
                        .map(|(_, _, e)| *e),
                );
                at
            };
            let (i, n) = choose(rng, &|i| cuts(i).len())?;
            let at = cuts(i)[n];
            let line = lines[i];
            let body = line.trim_end_matches(['\n', '\r']);
            if at >= body.len() {
                return None;
            }
            let (what, new_line) = edit(i, at, body.len(), "");
            Some((i, what, new_line))
        })(),
        "list-in-list" => (|| {
            let (i, n) = choose(rng, &|i| groups(lines[i]).len())?;
            let g = &groups(lines[i])[n];
            let line = lines[i];
            let inner = &line[g.start..g.end];
            // The whole tuple in a tuple or an array, or one element in one.
            let new = match rng.below(3) {
                0 => format!("({inner})"),
                1 => format!("{{{inner}}}"),
                _ => {
                    let (s, e) = g.elements[rng.below(g.elements.len().max(1))];
                    let (what, new_line) = edit(i, s, e, &format!("({})", &line[s..e]));
                    return Some((i, what, new_line));
                }
            };
            let (what, new_line) = edit(i, g.start, g.end, &new);
            Some((i, what, new_line))
        })(),
        "map-char-arg" => (|| {
            let chars = |i: usize| -> Vec<usize> {
                let line = lines[i];
                let kw = keyword(line);
                let takes_map_chars = ["TERRAIN", "REPLACE_TERRAIN", "INIT_MAP", "MAZE"]
                    .contains(&kw)
                    || line.to_ascii_lowercase().contains("terrain:");
                if !takes_map_chars {
                    return Vec::new();
                }
                lex(line)
                    .into_iter()
                    .filter(|(k, s, _)| *k == Lex::Char && &line[s + 1..s + 2] != "\\")
                    .map(|(_, s, _)| s)
                    .collect()
            };
            let (i, n) = choose(rng, &|i| chars(i).len())?;
            let at = chars(i)[n] + 1;
            let new = rng.pick(MAP_CHARS);
            if lines[i][at..].starts_with(new) {
                return None;
            }
            let (what, new_line) = edit(i, at, at + 1, &new.to_string());
            Some((i, what, new_line))
        })(),
        "num-wrap" => (|| {
            let numbers = |i: usize| -> Vec<(usize, usize)> {
                lex(lines[i])
                    .into_iter()
                    .filter(|(k, ..)| *k == Lex::Number)
                    .map(|(_, s, e)| (s, e))
                    .collect()
            };
            let (i, n) = choose(rng, &|i| numbers(i).len())?;
            let (s, e) = numbers(i)[n];
            let (what, new_line) = edit(i, s, e, rng.pick(WRAPPING));
            Some((i, what, new_line))
        })(),
        _ => return None,
    };
    Some(result.map(|(i, what, new_line)| (i, format!("{kind} {what}"), new_line)))
}
