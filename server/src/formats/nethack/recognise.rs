//! Whose `.des` file is this: NetHack's level header, or a line only Dungeon
//! Crawl's vault language writes (`.des` is both games' extension).

/// The first line that is neither blank nor a comment.
pub(super) fn first_statement_line(text: &str) -> Option<&str> {
    text.lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
}

/// Statement keys of Dungeon Crawl's vault language that lev_comp does not have.
const CRAWL_KEYS: &[&str] = &[
    "TAGS",
    "DEPTH",
    "ORIENT",
    "PLACE",
    "WEIGHT",
    "MONS",
    "ITEM",
    "SUBST",
    "NSUBST",
    "KFEAT",
    "KMONS",
    "KITEM",
    "KMASK",
    "KPROP",
    "COLOUR",
    "MARKER",
    "LFLAGS",
    "BFLAGS",
    "FTILE",
    "RTILE",
    "TILE",
    "LROCKCOL",
    "LFLOORCOL",
    "CLEAR",
    "default-depth",
];

fn is_crawl_line(line: &str) -> bool {
    let line = line.trim_start();
    line.starts_with("{{")
        || line.starts_with("lua {")
        || CRAWL_KEYS.iter().any(|k| {
            line.strip_prefix(k)
                .is_some_and(|rest| rest.trim_start().starts_with(':'))
        })
}

/// Where `MAZE` or `LEVEL` occurs in `text`, in order: the places a level
/// header can start, found by a vectorised search instead of a look at each
/// of a file's lines (they are looked for on every keystroke).
pub(super) fn level_keywords(text: &str) -> Vec<usize> {
    let bytes = text.as_bytes();
    let mut found: Vec<usize> = memchr::memmem::find_iter(bytes, b"MAZE")
        .chain(memchr::memmem::find_iter(bytes, b"LEVEL"))
        .collect();
    found.sort_unstable();
    found
}

/// `MAZE:` or `LEVEL:` (any case, blanks before the colon): a level header.
pub(super) fn is_level_header(line: &str, any_case: bool) -> bool {
    ["MAZE", "LEVEL"].iter().any(|kw| {
        line.get(..kw.len()).is_some_and(|head| {
            if any_case {
                head.eq_ignore_ascii_case(kw)
            } else {
                head == *kw
            }
        }) && line[kw.len()..].trim_start().starts_with(':')
    })
}

/// Does `line` start with a level's keyword (`MAZE`, `LEVEL`) as a whole
/// word, with or without its colon? The parser reads `MAZE "x"` as a level
/// that lacks its colon, so what follows it belongs to that level, not to
/// the one before.
pub(super) fn starts_with_level_keyword(line: &str) -> bool {
    ["MAZE", "LEVEL"].iter().any(|kw| {
        line.starts_with(kw)
            && !line[kw.len()..]
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
    })
}

/// `.des` is also Dungeon Crawl Stone Soup's vault language: a `.des` file
/// with a NetHack level header is NetHack's; one without is left alone only
/// when it has a line that only Crawl writes.
pub(super) fn claims(text: &str) -> bool {
    if first_statement_line(text).is_some_and(|first| is_level_header(first, true))
        || text.lines().any(|l| is_level_header(l.trim_start(), false))
    {
        return true;
    }
    !text.lines().any(is_crawl_line)
}

#[cfg(test)]
mod tests;
