//! Deterministic one-edit variations of a `.des` file, of the kinds a level
//! author makes (the same kinds as `shared/mutants/README.md`). A small LCG
//! seeded per file keeps the set identical from run to run, so a generated
//! file's id (`Arch.g07.des`) can be named in the test's decisions.

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

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
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

const KINDS: &[&str] = &[
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

const PUNCT: &str = ",:()\"'{}[]";
/// Mostly characters a map may hold, and a few it may not (`Q`, `@`, `9`).
const MAP_CHARS: &[char] = &[
    '.', '-', '|', '#', '}', '{', 'T', 'S', '+', 'L', 'I', 'P', 'W', 'C', 'H', 'B', 'F', 'A', 'x',
    ' ', 'Q', '@', '9',
];

/// Up to `count` distinct variations of `text`, none identical to it: (what
/// changed, the new text).
pub fn variations(text: &str, count: usize, rng: &mut Lcg) -> Vec<(String, String)> {
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let kinds = classify(&lines);
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for _ in 0..count * 50 {
        if out.len() == count {
            break;
        }
        let kind = rng.pick(KINDS);
        let Some((what, new)) = one(kind, &lines, &kinds, rng) else {
            continue;
        };
        if new != text && seen.insert(new.clone()) {
            out.push((what, new));
        }
    }
    out
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
                        format!("num line {}: {old} -> {new}", i + 1),
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
                        format!("kw-case line {}: {old} -> {new}", i + 1),
                        splice(line, t, &new),
                    )
                }
                "punct-del" => {
                    let t = punct.get(rng.below(punct.len().max(1)))?;
                    (
                        format!(
                            "punct-del line {} col {}: {}",
                            i + 1,
                            t.start + 1,
                            &line[t.start..t.end]
                        ),
                        splice(line, t, ""),
                    )
                }
                "tok-ins" => {
                    let t = words.get(rng.below(words.len().max(1)))?;
                    let old = &line[t.start..t.end];
                    let at = rng.below(old.len() + 1);
                    let c = (b'a' + rng.below(26) as u8) as char;
                    let new = format!("{}{c}{}", &old[..at], &old[at..]);
                    (
                        format!("tok-ins line {}: {old} -> {new}", i + 1),
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
                    let at = rng.below(old.len());
                    let new = format!("{}{}", &old[..at], &old[at + 1..]);
                    (
                        format!("tok-del line {}: {old} -> {new}", i + 1),
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
