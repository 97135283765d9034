//! Keywords, value words, traps, room types, map and class characters, limits, against the spec.

use super::*;
use std::collections::HashSet;

/// Spec A1.1, in its order.
const A1_1: &[&str] = &[
    "MAZE",
    "LEVEL",
    "FLAGS",
    "INIT_MAP",
    "MESSAGE",
    "GEOMETRY",
    "MAP",
    "ENDMAP",
    "NOMAP",
    "RANDOM_OBJECTS",
    "RANDOM_MONSTERS",
    "RANDOM_PLACES",
    "ROOM",
    "SUBROOM",
    "NAME",
    "CHANCE",
    "RANDOM_CORRIDORS",
    "CORRIDOR",
    "MONSTER",
    "OBJECT",
    "CONTAINER",
    "TRAP",
    "DOOR",
    "DRAWBRIDGE",
    "MAZEWALK",
    "WALLIFY",
    "REGION",
    "ALTAR",
    "LADDER",
    "STAIR",
    "PORTAL",
    "TELEPORT_REGION",
    "BRANCH",
    "FOUNTAIN",
    "SINK",
    "POOL",
    "GOLD",
    "ENGRAVING",
    "NON_DIGGABLE",
    "NON_PASSWALL",
];

#[test]
fn every_a1_1_keyword_is_present_exactly_once() {
    for k in A1_1 {
        assert!(keyword(k).is_some(), "{k} missing");
    }
    let names: HashSet<_> = KEYWORDS.iter().map(|k| k.name).collect();
    assert_eq!(names.len(), KEYWORDS.len(), "duplicate keyword");
    assert_eq!(KEYWORDS.len(), A1_1.len(), "keyword not in A1.1");
}

#[test]
fn keyword_lookup_is_exact_and_case_sensitive() {
    assert_eq!(keyword("MONSTER").map(|k| k.name), Some("MONSTER"));
    assert!(keyword("monster").is_none());
    assert!(keyword("Monster").is_none());
    assert!(keyword("MONSTERS").is_none());
    assert!(keyword("MONSTER ").is_none());
}

#[test]
fn colon_and_chance_flags_match_the_spec() {
    let no_colon: HashSet<_> = KEYWORDS
        .iter()
        .filter(|k| !k.colon)
        .map(|k| k.name)
        .collect();
    let expected: HashSet<_> = ["WALLIFY", "NOMAP", "RANDOM_CORRIDORS", "MAP", "ENDMAP"]
        .into_iter()
        .collect();
    assert_eq!(no_colon, expected);

    let chance: HashSet<_> = KEYWORDS
        .iter()
        .filter(|k| k.chance)
        .map(|k| k.name)
        .collect();
    let expected: HashSet<_> = ["MONSTER", "OBJECT", "CONTAINER", "TRAP"]
        .into_iter()
        .collect();
    assert_eq!(chance, expected);
    for k in KEYWORDS.iter().filter(|k| k.chance) {
        assert!(k.meaning.contains("3.2.1"), "{}: [n%] note", k.name);
        assert!(k.forms.iter().all(|f| f.contains("[n%]")), "{}", k.name);
    }
}

#[test]
fn placement_matches_the_spec() {
    let at = |n: &str| keyword(n).unwrap().allowed;
    assert_eq!(at("MAZE"), Where::Header);
    assert_eq!(at("LEVEL"), Where::Header);
    for n in [
        "SINK", "POOL", "ROOM", "SUBROOM", "NAME", "CHANCE", "CORRIDOR",
    ] {
        assert_eq!(at(n), Where::Room, "{n}");
    }
    for n in [
        "LADDER",
        "REGION",
        "PORTAL",
        "TELEPORT_REGION",
        "BRANCH",
        "NON_DIGGABLE",
        "NON_PASSWALL",
        "DRAWBRIDGE",
        "MAZEWALK",
        "WALLIFY",
        "RANDOM_PLACES",
        "GEOMETRY",
        "MAP",
        "NOMAP",
    ] {
        assert_eq!(at(n), Where::Maze, "{n}");
    }
    for n in [
        "MONSTER", "OBJECT", "DOOR", "STAIR", "ALTAR", "GOLD", "FLAGS",
    ] {
        assert_eq!(at(n), Where::Both, "{n}");
    }
    assert!(Where::Both.in_maze() && Where::Both.in_room_level());
    assert!(!Where::Room.in_maze() && !Where::Maze.in_room_level());
    assert!(!Where::Header.in_maze() && !Where::Header.in_room_level());
}

#[test]
fn keyword_forms_start_with_the_keyword_and_texts_are_filled() {
    for k in KEYWORDS {
        assert!(!k.forms.is_empty(), "{}", k.name);
        for f in k.forms {
            assert!(f.starts_with(k.name), "{}: {f}", k.name);
            let rest = &f[k.name.len()..];
            let rest = rest.strip_prefix("[n%]").unwrap_or(rest);
            assert_eq!(rest.starts_with(':'), k.colon, "{}: {f}", k.name);
        }
        assert!(!k.meaning.is_empty() && k.meaning.len() < 400, "{}", k.name);
        assert_eq!(k.since, "3.2.0", "{}", k.name);
    }
    assert_eq!(keyword("DOOR").unwrap().forms.len(), 2);
    assert_eq!(keyword("STAIR").unwrap().forms.len(), 2);
    assert_eq!(keyword("CORRIDOR").unwrap().forms.len(), 2);
}

#[test]
fn value_words_per_class() {
    let words = |c| value_words(c).map(|w| w.word).collect::<Vec<_>>();
    assert_eq!(words(V::Random), ["random"]);
    assert_eq!(words(V::None), ["none"]);
    assert_eq!(words(V::Boolean), ["true", "false"]);
    assert_eq!(
        words(V::DoorState),
        ["open", "closed", "locked", "nodoor", "broken"]
    );
    assert_eq!(words(V::Direction), ["north", "east", "south", "west"]);
    assert_eq!(words(V::LightState), ["lit", "unlit"]);
    assert_eq!(
        words(V::HAlign),
        ["left", "half-left", "center", "half-right", "right"]
    );
    assert_eq!(words(V::VAlign), ["top", "center", "bottom"]);
    assert_eq!(
        words(V::Alignment),
        [
            "noalign",
            "law",
            "neutral",
            "chaos",
            "coaligned",
            "noncoaligned"
        ]
    );
    assert_eq!(words(V::AltarType), ["altar", "shrine", "sanctum"]);
    assert_eq!(words(V::UpDown), ["up", "down"]);
    assert_eq!(words(V::EngravingType), ["dust", "engrave", "burn", "mark"]);
    assert_eq!(words(V::CurseType), ["blessed", "uncursed", "cursed"]);
    assert_eq!(words(V::Attitude), ["peaceful", "hostile"]);
    assert_eq!(words(V::Alertness), ["asleep", "awake"]);
    assert_eq!(words(V::Appearance), ["m_feature", "m_monster", "m_object"]);
    assert_eq!(words(V::Filling), ["filled", "unfilled"]);
    assert_eq!(
        words(V::Flag),
        [
            "noteleport",
            "hardfloor",
            "nommap",
            "shortsighted",
            "arboreal"
        ]
    );
    assert_eq!(words(V::Contained), ["contained"]);
    assert_eq!(words(V::Register), ["object", "monster", "place", "align"]);
    assert_eq!(words(V::LevRegion), ["levregion"]);
    assert_eq!(VALUE_WORDS.len(), 61);
    for &c in ValueClass::ALL {
        assert!(value_words(c).next().is_some(), "{c:?} has no words");
        assert!(!c.describe().is_empty());
    }
    assert_eq!(V::DoorState.describe(), "door state");
}

#[test]
fn value_word_versions_and_shared_words() {
    let center: Vec<_> = value_classes_of("center").iter().map(|w| w.class).collect();
    assert_eq!(center, [V::HAlign, V::VAlign]);
    assert!(value_classes_of("half-top").is_empty());
    assert!(value_classes_of("Random").is_empty());
    let since = |w: &str| value_classes_of(w)[0].since;
    assert_eq!(since("coaligned"), "3.3.1");
    assert_eq!(since("noncoaligned"), "3.3.1");
    assert_eq!(since("arboreal"), "3.3.0");
    assert_eq!(since("random"), "3.2.0");
    for w in VALUE_WORDS {
        assert!(!w.meaning.is_empty(), "{}", w.word);
        assert!(
            w.word.chars().all(|c| !c.is_ascii_uppercase()),
            "{}",
            w.word
        );
    }
    // No word is listed twice in the same class.
    let pairs: HashSet<_> = VALUE_WORDS.iter().map(|w| (w.word, w.class)).collect();
    assert_eq!(pairs.len(), VALUE_WORDS.len());
}

#[test]
fn traps_and_room_types() {
    assert_eq!(TRAPS.len(), 22);
    assert_eq!(ROOM_TYPES.len(), 24);
    let traps: HashSet<_> = TRAPS.iter().map(|t| t.name).collect();
    assert_eq!(traps.len(), 22);
    for t in ["trap door", "anti magic", "magic portal", "board", "bear"] {
        assert!(traps.contains(t), "{t}");
    }
    assert!(!traps.contains("trapdoor"));
    assert!(!traps.contains("vibrating square"));
    let rooms: HashSet<_> = ROOM_TYPES.iter().map(|t| t.name).collect();
    assert_eq!(rooms.len(), 24);
    for r in ["ordinary", "delphi", "candle shop", "leprehall", "cocknest"] {
        assert!(rooms.contains(r), "{r}");
    }
    assert!(!rooms.contains("health food shop"));
    assert!(TRAPS
        .iter()
        .chain(ROOM_TYPES)
        .all(|d| !d.meaning.is_empty()));
}

#[test]
fn map_characters() {
    assert_eq!(MAP_CHARS.len(), 21);
    let chars: HashSet<_> = MAP_CHARS.iter().map(|m| m.ch).collect();
    assert_eq!(chars.len(), 21);
    for c in " #.-|+SHACB{\\K}PLWITF".chars() {
        assert!(map_char(c).is_some(), "{c:?}");
        assert!(is_map_char(c));
    }
    assert_eq!(map_char('T').unwrap().since, "3.3.0");
    assert_eq!(map_char('F').unwrap().terrain, "iron bars");
    assert_eq!(map_char('}').unwrap().since, "3.2.0");
    assert_eq!(map_char(' ').unwrap().terrain, "solid rock");
    for c in '0'..='9' {
        assert!(map_char(c).is_none());
        assert!(is_map_char(c));
    }
    for c in ['\t', 'x', 'a', 'G', '@', '\r', '\n'] {
        assert!(!is_map_char(c), "{c:?}");
    }
}

#[test]
fn class_characters() {
    assert_eq!(MONSTER_CLASSES.len(), 59);
    assert_eq!(OBJECT_CLASSES.len(), 17);
    let m: HashSet<_> = MONSTER_CLASSES.iter().map(|c| c.ch).collect();
    let o: HashSet<_> = OBJECT_CLASSES.iter().map(|c| c.ch).collect();
    assert_eq!(m.len(), 59);
    assert_eq!(o.len(), 17);
    for c in ('a'..='z').chain('A'..='Z').filter(|&c| c != 'I') {
        assert!(monster_class(c).is_some(), "{c}");
    }
    assert!(monster_class('I').is_none());
    assert_eq!(monster_class(' ').unwrap().meaning, "ghosts and shades");
    assert_eq!(
        monster_class('d').unwrap().meaning,
        "dogs and other canines"
    );
    assert!(monster_class('\'').is_some());
    assert_eq!(object_class('[').unwrap().meaning, "armor");
    assert!(object_class('0').is_some());
    assert!(object_class('a').is_none());
    assert!(MONSTER_CLASSES
        .iter()
        .chain(OBJECT_CLASSES)
        .all(|c| !c.meaning.is_empty()));
}

#[test]
fn limits() {
    assert_eq!((MAX_MAP_WIDTH, MAX_MAP_HEIGHT), (76, 21));
    assert_eq!(MAX_LEVEL_NAME, 8);
    assert_eq!(MAX_RANDOM_LIST, 10);
    assert_eq!(MAX_PER_PART, 127);
    assert_eq!(MAX_PASSWALLS, 31);
    assert_eq!(MAX_CORRIDORS, 127);
    assert_eq!(MAX_SUBROOMS, 24);
    assert_eq!((MAX_MESSAGE, MAX_MESSAGES_JOINED), (254, 255));
    assert_eq!(MAX_REGISTER_INDEX + 1, MAX_RANDOM_LIST);
}
