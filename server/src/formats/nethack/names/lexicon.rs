//! A variant's lev_comp vocabulary: the words its lexer knows (with the
//! token each returns), its map characters, traps, room types and class
//! characters, read from `data/variants/<name>.lexicon.tsv` (columns `kind`,
//! `value`, `detail`; each kind the variant's complete set, facts read from
//! its sources — see `data/variants/README.md`).
//!
//! The vocabulary lookups of [`super::vocabulary`] answer from the lexicon
//! of the profile in force ([`super::with_profile`]; `vocabulary/in_force.rs`
//! gives its rows vanilla's shapes), so a variant's own map characters,
//! flags and classes are accepted where it is in force and still refused
//! for vanilla.

use super::profiles::{PerProfile, Profile};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A word the lexer returns as a token; the detail is the token.
    Word,
    /// A map character; the detail is its terrain constant.
    MapChar,
    Trap,
    RoomType,
    MonsterClass,
    ObjectClass,
    /// UnNetHack's core values and functions (`level.depth`, `coord(x, y)`);
    /// the detail is `params:returns`, each a letter of its `core_vars[]`.
    CoreFunction,
    /// A statement keyword's forms in the grammar: the symbols after its
    /// token in each rule it starts, alternatives joined by ` | `.
    StatementForm,
}

impl Kind {
    pub const ALL: [(Kind, &'static str); 8] = [
        (Kind::Word, "word"),
        (Kind::MapChar, "map-char"),
        (Kind::Trap, "trap"),
        (Kind::RoomType, "room-type"),
        (Kind::MonsterClass, "monster-class"),
        (Kind::ObjectClass, "object-class"),
        (Kind::CoreFunction, "core-function"),
        (Kind::StatementForm, "statement-form"),
    ];

    fn parse(word: &str) -> Option<Kind> {
        Self::ALL.iter().find(|(_, w)| *w == word).map(|(k, _)| *k)
    }

    /// The word a lexicon file writes for it.
    pub fn name(self) -> &'static str {
        Self::ALL
            .iter()
            .find(|(k, _)| *k == self)
            .map(|(_, w)| *w)
            .expect("every kind is in ALL")
    }
}

/// One row of a lexicon file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub kind: Kind,
    pub value: &'static str,
    pub detail: &'static str,
}

/// A variant's vocabulary: its rows, and the words the 3.6 checks ask for.
pub struct Lexicon {
    pub entries: Vec<Entry>,
    flags: Vec<&'static str>,
    lower_words: Vec<&'static str>,
}

/// A statement keyword: an upper-case word (`MON_GENERATION`, `TREE`).
fn is_keyword_shape(word: &str) -> bool {
    word.starts_with(|c: char| c.is_ascii_uppercase())
        && word
            .chars()
            .all(|c| c.is_ascii_uppercase() || c == '_' || c.is_ascii_digit())
}

impl Lexicon {
    /// Reads the TSV text. The data is ours and tested, so a malformed line
    /// is a bug: panic.
    pub fn parse(text: &'static str) -> Lexicon {
        let mut entries = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.strip_suffix('\r').unwrap_or(line);
            if line.is_empty() || (i == 0 && line == "kind\tvalue\tdetail") {
                continue;
            }
            let mut fields = line.split('\t');
            let (Some(kind), Some(value), Some(detail), None) =
                (fields.next(), fields.next(), fields.next(), fields.next())
            else {
                panic!("lexicon line {}: expected 3 tab-separated fields", i + 1);
            };
            let kind = Kind::parse(kind)
                .unwrap_or_else(|| panic!("lexicon line {}: unknown kind {kind:?}", i + 1));
            assert!(!value.is_empty(), "lexicon line {}: empty value", i + 1);
            entries.push(Entry {
                kind,
                value,
                detail,
            });
        }
        let words: Vec<&Entry> = entries.iter().filter(|e| e.kind == Kind::Word).collect();
        let flags = words
            .iter()
            .filter(|e| e.detail == "FLAG_TYPE")
            .map(|e| e.value)
            .collect();
        // Core values and functions are words where a value stands too.
        let lower_words = words
            .iter()
            .filter(|e| !is_keyword_shape(e.value))
            .map(|e| e.value)
            .chain(
                entries
                    .iter()
                    .filter(|e| e.kind == Kind::CoreFunction)
                    .map(|e| e.value),
            )
            .collect();
        Lexicon {
            entries,
            flags,
            lower_words,
        }
    }

    /// The rows of one kind, in file order.
    pub fn of(&self, kind: Kind) -> impl Iterator<Item = &Entry> {
        self.entries.iter().filter(move |e| e.kind == kind)
    }

    /// The token the lexer returns for `word`.
    pub fn token(&self, word: &str) -> Option<&'static str> {
        self.of(Kind::Word)
            .find(|e| e.value == word)
            .map(|e| e.detail)
    }

    /// Whether `word` is one of the variant's statement keywords.
    pub fn is_keyword(&self, word: &str) -> bool {
        is_keyword_shape(word) && self.token(word).is_some()
    }

    /// Its level flags (`FLAG_TYPE` words).
    pub fn flags(&self) -> &[&'static str] {
        &self.flags
    }

    /// Its words that are not statement keywords (values, flags, selection
    /// words…).
    pub fn lower_words(&self) -> &[&'static str] {
        &self.lower_words
    }
}

/// The lexicon of a profile.
pub fn of_profile(profile: &'static Profile) -> &'static Lexicon {
    static LEXICONS: PerProfile<Lexicon> = PerProfile::new();
    LEXICONS.get(profile, |p| Lexicon::parse(p.lexicon))
}

/// The lexicon of the profile in force (None: vanilla's vocabulary).
pub fn in_force() -> Option<&'static Lexicon> {
    super::profile_in_force().map(of_profile)
}

/// A statement keyword of the variant in force that levls has no form for
/// (`known` says whether the dialect's own tables know the word): its
/// statement is not reported as unknown.
pub fn is_variant_keyword(word: &str, known: bool) -> bool {
    !known && in_force().is_some_and(|l| l.is_keyword(word))
}

/// What hover and completion say of a statement keyword of the variant in
/// force that levls has no form for.
pub fn keyword_note(word: &str) -> Option<String> {
    let profile = super::profile_in_force()?;
    let token = of_profile(profile).token(word)?;
    is_keyword_shape(word).then(|| {
        format!(
            "`{word}` is a {} statement (its lexer returns `{token}`); levls has no form for it and does not check its arguments.",
            profile.title
        )
    })
}

/// The statement keywords of the variant in force that `known` (the
/// dialect's own keywords) does not hold, in the lexicon's order.
pub fn own_keywords(known: impl Fn(&str) -> bool) -> Vec<&'static str> {
    in_force().map_or_else(Vec::new, |l| {
        l.of(Kind::Word)
            .map(|e| e.value)
            .filter(|w| is_keyword_shape(w) && !known(w))
            .collect()
    })
}

/// Whether the grammar in force takes `class` as an object class beside its
/// table's and looks no name up in it (dNetHack's `'#'`, whose names it
/// keeps as written): the lexicon row's detail is `lev_comp.y`.
pub fn names_unlooked(class: char) -> bool {
    in_force().is_some_and(|l| {
        l.of(Kind::ObjectClass)
            .any(|e| e.value.chars().eq([class]) && e.detail == "lev_comp.y")
    })
}

/// The forms the grammar in force gives a statement keyword (the symbols
/// after its token, alternatives joined by ` | `), when levls has none of
/// its own (`known`: the dialect's tables know the word).
pub fn grammar_forms(word: &str, known: bool) -> Option<&'static str> {
    if !is_variant_keyword(word, known) {
        return None;
    }
    in_force()?
        .of(Kind::StatementForm)
        .find(|e| e.value == word)
        .map(|e| e.detail)
}

/// A core value or function of the grammar in force (UnNetHack's
/// `level.depth`, `coord(x, y)`): what it takes and what it gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CoreFunction {
    pub name: &'static str,
    /// One letter a parameter (`i` integer, `s` string, `c` coordinate,
    /// `r` region, `O` object, `M` monster); empty for a value.
    pub params: &'static str,
    /// `i`, `s`, `c` or `r`.
    pub returns: char,
}

impl CoreFunction {
    /// What it gives, in words.
    pub fn returns_what(&self) -> &'static str {
        match self.returns {
            'i' => "an integer",
            's' => "a string",
            'c' => "a coordinate",
            'r' => "a region",
            _ => "nothing",
        }
    }
}

/// The core value or function `name` of the grammar in force.
pub fn core_function(name: &str) -> Option<CoreFunction> {
    in_force()?.core_functions().find(|f| f.name == name)
}

impl Lexicon {
    /// Its core values and functions, in the lexicon's order.
    pub fn core_functions(&self) -> impl Iterator<Item = CoreFunction> + '_ {
        self.of(Kind::CoreFunction).map(|e| {
            let (params, returns) = e.detail.split_once(':').unwrap_or(("", e.detail));
            CoreFunction {
                name: e.value,
                params,
                returns: returns.chars().next().unwrap_or(' '),
            }
        })
    }
}

/// Whether a joined INIT_MAP may have `fg` as its foreground: its terrain
/// is one the grammar in force joins (vanilla: `.` and `#`).
pub fn joins(fg: char) -> bool {
    let forms = super::profiles::forms_in_force();
    match in_force() {
        Some(l) => l
            .of(Kind::MapChar)
            .any(|e| e.value.chars().eq([fg]) && forms.joined_foreground.contains(&e.detail)),
        None => matches!(fg, '.' | '#'),
    }
}

#[cfg(test)]
mod tests;
