//! The 3.6 forms against the lexer's words: every word a slot offers is one
//! lev_comp 3.6 reads as a value word, and the lists the checks use are the
//! same lists (not copies).

use super::*;
use crate::formats::nethack::names::scripting::{
    ALIGNMENTS, ALTAR_TYPES, DIRECTIONS, DOOR_STATES, ENGRAVING_TYPES, LIGHT, UP_DOWN,
};
use crate::formats::nethack::names::vocabulary::{FLAGS_3_6, VALUE_WORDS_3_6};

const KEYWORDS: &[&str] = &[
    "MAZE",
    "LEVEL",
    "FLAGS",
    "MESSAGE",
    "INIT_MAP",
    "GEOMETRY",
    "MONSTER",
    "OBJECT",
    "CONTAINER",
    "TRAP",
    "DOOR",
    "ROOMDOOR",
    "ROOM",
    "SUBROOM",
    "REGION",
    "TERRAIN",
    "REPLACE_TERRAIN",
    "FOUNTAIN",
    "SINK",
    "POOL",
    "WALLIFY",
    "MAZEWALK",
    "GRAVE",
    "GOLD",
    "ENGRAVING",
    "DRAWBRIDGE",
    "STAIR",
    "LADDER",
    "ALTAR",
    "NON_DIGGABLE",
    "NON_PASSWALL",
    "TELEPORT_REGION",
    "PORTAL",
    "BRANCH",
    "MINERALIZE",
    "RANDOM_CORRIDORS",
    "CORRIDOR",
    "SHUFFLE",
];

/// Every slot reachable from the forms, the selection functions and the infos.
fn all_slots() -> Vec<ScriptSlot> {
    let mut out = Vec::new();
    let firsts = [
        First::Unread,
        First::Word("solidfill"),
        First::Word("mazegrid"),
        First::Word("mines"),
        First::Word("rogue"),
        First::Word("left"),
        First::Tuple(2),
        First::Tuple(4),
        First::Call("levregion"),
    ];
    for k in KEYWORDS {
        for first in firsts {
            let form = form(k, first).unwrap_or_else(|| panic!("{k} has no form"));
            out.extend(form.slots.iter().copied());
            out.extend(form.rest);
        }
    }
    out.extend(SELECTION_FNS.iter().flat_map(|f| f.args.iter().copied()));
    out.extend(
        MONSTER_INFOS
            .iter()
            .chain(OBJECT_INFOS)
            .filter_map(|i| i.value),
    );
    // Tuples inside them.
    let mut k = 0;
    while k < out.len() {
        for t in out[k].takes {
            if let Takes::Tuple(slots) = t {
                out.extend(slots.iter().copied());
            }
        }
        k += 1;
    }
    out
}

#[test]
fn every_word_a_slot_takes_is_a_word_lev_comp_reads() {
    for slot in all_slots() {
        for w in slot.words() {
            assert!(
                VALUE_WORDS_3_6.contains(&w) || FLAGS_3_6.contains(&w),
                "{w} ({}) is not a 3.6 value word",
                slot.name
            );
        }
    }
    for f in SELECTION_FNS {
        assert!(VALUE_WORDS_3_6.contains(&f.name), "{}", f.name);
    }
    for i in MONSTER_INFOS.iter().chain(OBJECT_INFOS) {
        assert!(VALUE_WORDS_3_6.contains(&i.word), "{}", i.word);
    }
    for (h, _) in HUMIDITY {
        assert!(VALUE_WORDS_3_6.contains(h), "{h}");
    }
    // Each slot's own sense of a word is a word of that slot.
    let slots = all_slots();
    for (name, w, _) in SLOT_SENSES {
        assert!(
            slots.iter().any(|s| s.name == *name && s.takes_word(w)),
            "no slot {name} takes {w}"
        );
    }
}

#[test]
fn the_slots_hold_the_lists_the_checks_read() {
    let list = |keyword: &str, index: usize| -> &'static [&'static str] {
        let slot = form(keyword, First::Unread).unwrap().slot(index).unwrap();
        match slot.takes {
            [Takes::Words(list), ..] => list,
            other => panic!("{keyword} {index}: {other:?}"),
        }
    };
    // The lists `check/` reads (FLAGS in `check/forms.rs`, the others in
    // `check/forms/table.rs`) are what completion offers.
    assert_eq!(list("FLAGS", 0), FLAGS_3_6);
    assert_eq!(list("DOOR", 0), DOOR_STATES);
    assert_eq!(list("ROOMDOOR", 1), DOOR_STATES);
    assert_eq!(list("ALTAR", 1), ALIGNMENTS);
    assert_eq!(list("ALTAR", 2), ALTAR_TYPES);
    assert_eq!(list("ENGRAVING", 1), ENGRAVING_TYPES);
    assert_eq!(list("REGION", 1), LIGHT);
    assert_eq!(list("MAZEWALK", 1), DIRECTIONS);
    assert_eq!(list("LADDER", 1), UP_DOWN);
}

#[test]
fn infos_of_one_group_are_the_words_lev_comp_counts_once() {
    let group = |monster: bool, w: &str| info_of(monster, w).unwrap().group;
    assert_eq!(group(true, "peaceful"), group(true, "hostile"));
    assert_eq!(group(true, "law"), group(true, "align"));
    assert_ne!(group(true, "stunned"), group(true, "confused"));
    assert_eq!(group(false, "eroded"), group(false, "erodeproof"));
    assert_eq!(group(false, "trapped"), group(false, "not_trapped"));
    assert_ne!(group(false, "locked"), group(false, "broken"));
    // Every keyed info completes to a line lev_comp reads: `word: value`.
    for i in MONSTER_INFOS.iter().chain(OBJECT_INFOS) {
        if let Some(s) = i.snippet {
            assert!(s.starts_with(i.word), "{s}");
            assert_eq!(i.colon, s[i.word.len()..].starts_with(':'), "{s}");
        }
    }
}

#[test]
fn flags_take_the_level_flags_of_the_variant_in_force() {
    use crate::formats::nethack::names::profiles::PROFILES;
    use crate::formats::nethack::names::with_profile;
    let flag_slot = || form("FLAGS", First::Word("sky")).unwrap().slot(0).unwrap();
    assert!(!flag_slot().takes_word("sky"));
    let unnethack = PROFILES.iter().find(|p| p.name == "unnethack");
    with_profile(unnethack, || {
        assert!(flag_slot().takes_word("sky") && flag_slot().takes_word("noteleport"));
    });
}
