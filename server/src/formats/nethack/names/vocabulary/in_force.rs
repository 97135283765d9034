//! The variant's vocabulary in vanilla's shapes: each profile's lexicon rows
//! as the map characters, classes, traps, room types and value words the
//! lookups of [`super`] return (vanilla's descriptions where the variant has
//! the same thing, a short one naming the variant's constant otherwise),
//! built once per profile.

use super::{
    ClassChar, Described, MapChar, ValueClass, ValueWord, MAP_CHARS, MONSTER_CLASSES,
    OBJECT_CLASSES, ROOM_TYPES, TRAPS, VALUE_WORDS,
};
use crate::formats::nethack::names::lexicon::{self, Entry, Kind, Lexicon};
use crate::formats::nethack::names::profiles::PerProfile;
use crate::formats::nethack::names::scripting::{ROOM_TYPES_ADDED, TRAPS_ADDED};

pub(super) struct Tables {
    pub map_chars: Vec<MapChar>,
    pub monster_classes: Vec<ClassChar>,
    pub object_classes: Vec<ClassChar>,
    pub traps: Vec<Described>,
    pub room_types: Vec<Described>,
    pub value_words: Vec<ValueWord>,
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

/// Built once per profile, so the strings live as long as the tables.
fn leak(s: String) -> &'static str {
    String::leak(s)
}

fn one_char(e: &Entry) -> char {
    let mut chars = e.value.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => c,
        _ => panic!(
            "lexicon {:?} row {:?}: one character expected",
            e.kind, e.value
        ),
    }
}

fn build(title: &'static str, lexicon: &Lexicon) -> Tables {
    let map_chars = lexicon
        .of(Kind::MapChar)
        .map(|e| {
            let ch = one_char(e);
            match MAP_CHARS.iter().find(|m| m.ch == ch) {
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
        lexicon
            .of(kind)
            .map(|e| {
                let ch = one_char(e);
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
    let described = |kind: Kind,
                     vanilla: &'static [Described],
                     added: &'static [(&'static str, &'static str)]| {
        lexicon
            .of(kind)
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
    let words: Vec<&Entry> = lexicon.of(Kind::Word).collect();
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
    Tables {
        map_chars,
        monster_classes: classes(Kind::MonsterClass, MONSTER_CLASSES, "monster class"),
        object_classes: classes(Kind::ObjectClass, OBJECT_CLASSES, "object class"),
        traps: described(Kind::Trap, TRAPS, TRAPS_ADDED),
        room_types: described(Kind::RoomType, ROOM_TYPES, ROOM_TYPES_ADDED),
        value_words,
    }
}

/// The tables of the profile in force (None: vanilla's own).
pub(super) fn tables() -> Option<&'static Tables> {
    static TABLES: PerProfile<Tables> = PerProfile::new();
    let profile = crate::formats::nethack::names::profile_in_force()?;
    Some(TABLES.get(profile, |p| build(p.title, lexicon::of_profile(p))))
}
