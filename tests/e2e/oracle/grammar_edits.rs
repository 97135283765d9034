//! Edits of a 3.6-style variant's level that use, or drop, the forms the
//! variants' grammars disagree on (UnNetHack's larger language against
//! vanilla 3.6's, which SpliceHack and xNetHack keep), deterministic and one
//! of each kind a file can take:
//!
//! - `line-joint`: a selection's `line`/`randline` joined the other way,
//!   `(1,1)-(5,5)` ↔ `(1,1),(5,5)`;
//! - `subtraction`: a `+` between two values becomes a `-`;
//! - `core-value`: `IF [level.depth > 1] { … }` appended;
//! - `core-arity`: `TERRAIN: coord(1), '.'` appended (one argument short);
//! - `core-call`: `TERRAIN: coord(1,1), '.'` appended;
//! - `function`: `FUNCTION levls_edit() { … }` and its call appended;
//! - `undefined-call`: a call of a FUNCTION no one defined appended;
//! - `break-in-room`: `BREAK` as the first statement of a ROOM's block
//!   (which lev_comp 3.6 allows, as in a LOOP);
//! - `variant-statement-short` and `variant-statement-kind`: the first
//!   statement only some variants have (UnNetHack's `SPILL`, `WALLWALK`,
//!   `MON_GENERATION`, `SOUNDS`, `VAULTGEN`; xNetHack's `TREE`) without its
//!   last argument, and with a string for its first.
//!
//! Each keeps every other line as it was; its line (1-based) is where the
//! variant's lev_comp is expected to speak, if at all.

use super::typos::Typo;

/// The edits of `text`, in the order of the kinds above.
pub(crate) fn edits(text: &str) -> Vec<Typo> {
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let code = |i: usize| !lines[i].trim_start().starts_with('#');
    let mut out = Vec::new();
    // `new_lines` replace line `i`; the judged line is the last of them.
    let mut replace = |what: &str, i: usize, new_lines: String| {
        let mut new_text = String::with_capacity(text.len() + 8);
        for (k, l) in lines.iter().enumerate() {
            new_text.push_str(if k == i { &new_lines } else { l });
        }
        let added = new_lines.matches('\n').count().max(1) as u64 - 1;
        out.push(Typo {
            what: format!("grammar {what} line {}", i + 1),
            line: i as u64 + 1 + added,
            text: new_text,
        });
    };
    if let Some((i, at, joint)) = (0..lines.len())
        .filter(|&i| code(i))
        .find_map(|i| line_joint(lines[i]).map(|(at, j)| (i, at, j)))
    {
        let mut line = lines[i].to_string();
        line.replace_range(at..at + 1, if joint == '-' { "," } else { "-" });
        replace("line-joint", i, line);
    }
    if let Some(i) = (0..lines.len())
        .filter(|&i| code(i))
        .find(|&i| lines[i].contains(" + "))
    {
        replace("subtraction", i, lines[i].replacen(" + ", " - ", 1));
    }
    if let Some(i) = (0..lines.len()).filter(|&i| code(i)).find(|&i| {
        let t = lines[i].trim();
        (t.starts_with("ROOM:") || t.starts_with("ROOM :")) && t.ends_with('{')
    }) {
        replace("break-in-room", i, format!("{}BREAK\n", lines[i]));
    }
    if let Some((i, colon)) = (0..lines.len()).filter(|&i| code(i)).find_map(|i| {
        let t = lines[i].trim_start();
        let keyword = VARIANT_STATEMENTS.iter().find(|k| t.starts_with(*k))?;
        let after = t[keyword.len()..].trim_start();
        after
            .starts_with(':')
            .then(|| (i, lines[i].find(':').expect("a colon")))
    }) {
        let line = lines[i].trim_end_matches(['\n', '\r']);
        if let Some(last) = top_level_commas(line, colon).last() {
            replace(
                "variant-statement-short",
                i,
                format!("{}\n", &line[..*last]),
            );
        }
        let first_end = top_level_commas(line, colon)
            .first()
            .copied()
            .unwrap_or(line.len());
        let new = format!("{}: \"levls\"{}\n", &line[..colon], &line[first_end..]);
        replace("variant-statement-kind", i, new);
    }
    let body = if text.ends_with('\n') {
        text.to_string()
    } else {
        format!("{text}\n")
    };
    let next = body.lines().count() as u64 + 1;
    for (what, added) in [
        ("core-value", "IF [level.depth > 1] { EXIT }\n"),
        ("core-arity", "TERRAIN: coord(1), '.'\n"),
        ("core-call", "TERRAIN: coord(1,1), '.'\n"),
        ("function", "FUNCTION levls_edit() { EXIT }\nlevls_edit()\n"),
        ("undefined-call", "levls_undefined()\n"),
    ] {
        out.push(Typo {
            what: format!("grammar {what} appended"),
            line: next,
            text: format!("{body}{added}"),
        });
    }
    out
}

/// The statements only some variants' grammars have.
const VARIANT_STATEMENTS: &[&str] = &[
    "SPILL",
    "WALLWALK",
    "MON_GENERATION",
    "SOUNDS",
    "VAULTGEN",
    "TREE",
];

/// The commas after `from` in `line` outside parentheses, braces and quotes.
fn top_level_commas(line: &str, from: usize) -> Vec<usize> {
    let mut depth = 0i32;
    let mut quote: Option<char> = None;
    let mut out = Vec::new();
    for (i, c) in line.char_indices().skip_while(|(i, _)| *i <= from) {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'') => quote = Some(c),
            (None, '(' | '{' | '[') => depth += 1,
            (None, ')' | '}' | ']') => depth -= 1,
            (None, ',') if depth == 0 => out.push(i),
            _ => {}
        }
    }
    out
}

/// In `line`, the joint of a selection's `line (…)` or `randline (…)`
/// (the `-` or `,` after its first coordinate): its byte and which it is.
fn line_joint(line: &str) -> Option<(usize, char)> {
    let mut from = 0;
    while let Some(found) = line[from..].find("line") {
        let start = from + found;
        from = start + 4;
        let before = line[..start].chars().next_back();
        if before.is_some_and(|c| c.is_ascii_alphanumeric() && c != 'd') {
            continue;
        }
        if before == Some('d') && !line[..start].ends_with("rand") {
            continue;
        }
        let rest = &line[from..];
        let open = rest.len() - rest.trim_start().len();
        if !rest[open..].starts_with('(') {
            continue;
        }
        let close = from + open + rest[open..].find(')')?;
        let after = &line[close + 1..];
        let gap = after.len() - after.trim_start().len();
        let at = close + 1 + gap;
        match line[at..].chars().next() {
            Some(j @ ('-' | ',')) if line[at + 1..].trim_start().starts_with('(') => {
                return Some((at, j));
            }
            _ => continue,
        }
    }
    None
}
