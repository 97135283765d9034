//! A variant's lev_comp vocabulary: the words its lexer knows (with the
//! token each returns), its map characters, traps, room types and class
//! characters, read from `data/variants/<name>.lexicon.tsv` (columns `kind`,
//! `value`, `detail`; each kind the variant's complete set, facts read from
//! its sources — see `data/variants/README.md`).
//!
//! The vocabulary lookups of [`super::vocabulary`] answer from the lexicon
//! of the profile in force ([`super::with_profile`]), so a variant's own map
//! characters, flags and classes are accepted where it is in force and still
//! refused for vanilla.

use std::sync::OnceLock;

use super::profiles::{Profile, PROFILES};
use super::vocabulary::{
    self, ClassChar, Described, MapChar, ValueClass, ValueWord, MONSTER_CLASSES, OBJECT_CLASSES,
    ROOM_TYPES, TRAPS, VALUE_WORDS,
};

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
}

impl Kind {
    const ALL: [(Kind, &'static str); 6] = [
        (Kind::Word, "word"),
        (Kind::MapChar, "map-char"),
        (Kind::Trap, "trap"),
        (Kind::RoomType, "room-type"),
        (Kind::MonsterClass, "monster-class"),
        (Kind::ObjectClass, "object-class"),
    ];

    fn parse(word: &str) -> Option<Kind> {
        Self::ALL.iter().find(|(_, w)| *w == word).map(|(k, _)| *k)
    }
}

/// One row of a lexicon file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub kind: Kind,
    pub value: &'static str,
    pub detail: &'static str,
}

/// A variant's vocabulary, with the same shapes as vanilla's tables in
/// [`vocabulary`] (vanilla's descriptions where the variant has the same
/// thing, a short one naming the variant's constant otherwise).
pub struct Lexicon {
    pub entries: Vec<Entry>,
    map_chars: Vec<MapChar>,
    monster_classes: Vec<ClassChar>,
    object_classes: Vec<ClassChar>,
    traps: Vec<Described>,
    room_types: Vec<Described>,
    value_words: Vec<ValueWord>,
    flags: Vec<&'static str>,
    lower_words: Vec<&'static str>,
}

/// The lexer token a word returns, as a value class of 3.4.3's.
fn value_class_of_token(token: &str) -> Option<ValueClass> {
    use ValueClass as V;
    Some(match token {
        "RANDOM_TYPE" => V::Random,
        "NONE" => V::None,
        "BOOLEAN" => V::Boolean,
        "DOOR_STATE" | "DOOR_FLAGS" => V::DoorState,
        "DIRECTION" => V::Direction,
        "LIGHT_STATE" => V::LightState,
        "LEFT_OR_RIGHT" => V::HAlign,
        "TOP_OR_BOT" => V::VAlign,
        "ALIGNMENT" => V::Alignment,
        "ALTAR_TYPE" => V::AltarType,
        "UP_OR_DOWN" => V::UpDown,
        "ENGRAVING_TYPE" => V::EngravingType,
        "CURSE_TYPE" => V::CurseType,
        "MON_ATTITUDE" => V::Attitude,
        "MON_ALERTNESS" => V::Alertness,
        "MON_APPEARANCE" => V::Appearance,
        "FILLING" => V::Filling,
        "FLAG_TYPE" => V::Flag,
        "CONTAINED" => V::Contained,
        "O_REGISTER" | "M_REGISTER" | "P_REGISTER" | "A_REGISTER" => V::Register,
        "LEV" => V::LevRegion,
        _ => return None,
    })
}

/// A statement keyword: an upper-case word (`MON_GENERATION`, `TREE`).
fn is_keyword_shape(word: &str) -> bool {
    word.starts_with(|c: char| c.is_ascii_uppercase())
        && word
            .chars()
            .all(|c| c.is_ascii_uppercase() || c == '_' || c.is_ascii_digit())
}

fn leak(s: String) -> &'static str {
    String::leak(s)
}

fn one_char(value: &str, line: usize) -> char {
    let mut chars = value.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => c,
        _ => panic!("lexicon line {line}: {value:?} must be one character"),
    }
}

impl Lexicon {
    /// Reads the TSV text. The data is ours and tested, so a malformed line
    /// is a bug: panic.
    pub fn parse(title: &'static str, text: &'static str) -> Lexicon {
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
        let of = |kind: Kind| entries.iter().filter(move |e| e.kind == kind);
        let map_chars = of(Kind::MapChar)
            .enumerate()
            .map(|(i, e)| {
                let ch = one_char(e.value, i);
                match vocabulary::MAP_CHARS.iter().find(|m| m.ch == ch) {
                    Some(m) => MapChar { ..*m },
                    None => MapChar {
                        ch,
                        terrain: leak(e.detail.to_ascii_lowercase().replace('_', " ")),
                        meaning: leak(format!("{title}'s map character for `{}`.", e.detail)),
                        since: title,
                    },
                }
            })
            .collect();
        let classes = |kind: Kind, vanilla: &'static [ClassChar], what: &str| {
            of(kind)
                .enumerate()
                .map(|(i, e)| {
                    let ch = one_char(e.value, i);
                    match vanilla.iter().find(|c| c.ch == ch) {
                        Some(c) => ClassChar { ..*c },
                        None => ClassChar {
                            ch,
                            meaning: leak(format!("{title}'s {what} `{}`", e.detail)),
                        },
                    }
                })
                .collect::<Vec<_>>()
        };
        let monster_classes = classes(Kind::MonsterClass, MONSTER_CLASSES, "monster class");
        let object_classes = classes(Kind::ObjectClass, OBJECT_CLASSES, "object class");
        let described = |kind: Kind,
                         vanilla: &'static [Described],
                         added: &'static [(&'static str, &'static str)]| {
            of(kind)
                .map(|e| {
                    let meaning = vanilla
                        .iter()
                        .map(|d| (d.name, d.meaning))
                        .chain(added.iter().copied())
                        .find(|(n, _)| *n == e.value)
                        .map_or_else(|| leak(format!("{title}'s `{}`.", e.detail)), |(_, m)| m);
                    Described {
                        name: e.value,
                        meaning,
                    }
                })
                .collect::<Vec<_>>()
        };
        let traps = described(Kind::Trap, TRAPS, super::scripting::TRAPS_ADDED);
        let room_types = described(
            Kind::RoomType,
            ROOM_TYPES,
            super::scripting::ROOM_TYPES_ADDED,
        );
        let words: Vec<&Entry> = of(Kind::Word).collect();
        // Vanilla's words the variant keeps, then its own, each in the class
        // its token gives.
        let mut value_words: Vec<ValueWord> = VALUE_WORDS
            .iter()
            .filter(|w| words.iter().any(|e| e.value == w.word))
            .map(|w| ValueWord { ..*w })
            .collect();
        for e in &words {
            let Some(class) = value_class_of_token(e.detail) else {
                continue;
            };
            if !value_words
                .iter()
                .any(|w| w.word == e.value && w.class == class)
            {
                value_words.push(ValueWord {
                    word: e.value,
                    class,
                    meaning: leak(format!("{title}'s `{}` word.", e.detail)),
                    since: title,
                });
            }
        }
        let flags = words
            .iter()
            .filter(|e| e.detail == "FLAG_TYPE")
            .map(|e| e.value)
            .collect();
        let lower_words = words
            .iter()
            .filter(|e| !is_keyword_shape(e.value))
            .map(|e| e.value)
            .collect();
        Lexicon {
            entries,
            map_chars,
            monster_classes,
            object_classes,
            traps,
            room_types,
            value_words,
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

    pub fn map_chars(&self) -> &[MapChar] {
        &self.map_chars
    }

    pub fn monster_classes(&self) -> &[ClassChar] {
        &self.monster_classes
    }

    pub fn object_classes(&self) -> &[ClassChar] {
        &self.object_classes
    }

    pub fn traps(&self) -> &[Described] {
        &self.traps
    }

    pub fn room_types(&self) -> &[Described] {
        &self.room_types
    }

    pub fn value_words(&self) -> &[ValueWord] {
        &self.value_words
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

fn lexicons() -> &'static [Lexicon] {
    static LEXICONS: OnceLock<Vec<Lexicon>> = OnceLock::new();
    LEXICONS.get_or_init(|| {
        PROFILES
            .iter()
            .map(|p| Lexicon::parse(p.title, p.lexicon))
            .collect()
    })
}

/// The lexicon of a profile.
pub fn of_profile(profile: &'static Profile) -> &'static Lexicon {
    let i = PROFILES
        .iter()
        .position(|p| p.name == profile.name)
        .expect("every profile is in PROFILES");
    &lexicons()[i]
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

/// Whether the grammar in force takes `class` as an object class beside its
/// table's and looks no name up in it (dNetHack's `'#'`, whose names it
/// keeps as written): the lexicon row's detail is `lev_comp.y`.
pub fn names_unlooked(class: char) -> bool {
    in_force().is_some_and(|l| {
        l.of(Kind::ObjectClass)
            .any(|e| e.value.chars().eq([class]) && e.detail == "lev_comp.y")
    })
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
