//! Each built-in variant's lexicon parses, holds each value once per kind,
//! keeps vanilla's core vocabulary, and is what the lookups answer while its
//! profile is in force (vanilla's otherwise).

use super::*;
use crate::formats::nethack::names::profiles::PROFILES;
use crate::formats::nethack::names::vocabulary::{self, ValueClass};
use crate::formats::nethack::names::with_profile;

fn profile(name: &str) -> &'static Profile {
    PROFILES.iter().find(|p| p.name == name).unwrap()
}

#[test]
fn every_lexicon_parses_without_duplicates_per_kind() {
    for p in PROFILES {
        let lex = of_profile(p);
        assert!(p.lexicon.starts_with("kind\tvalue\tdetail\n"), "{}", p.name);
        for (kind, _) in Kind::ALL {
            let values: Vec<&str> = lex.of(kind).map(|e| e.value).collect();
            // Only UnNetHack's grammar has core functions.
            let some = !values.is_empty() || kind == Kind::CoreFunction;
            assert!(some, "{}: no {kind:?} rows", p.name);
            let mut seen = std::collections::HashSet::new();
            for v in &values {
                assert!(seen.insert(v), "{}: {kind:?} {v:?} twice", p.name);
            }
        }
        assert!(
            lex.entries.iter().all(|e| !e.detail.is_empty()),
            "{}",
            p.name
        );
    }
}

#[test]
fn every_lexicon_keeps_vanillas_core() {
    for p in PROFILES {
        let lex = of_profile(p);
        for kw in [
            "MONSTER", "OBJECT", "MAP", "ENDMAP", "TRAP", "REGION", "FLAGS",
        ] {
            assert!(lex.is_keyword(kw), "{}: {kw}", p.name);
        }
        for w in ["random", "noteleport", "lit", "north"] {
            assert!(lex.token(w).is_some(), "{}: {w}", p.name);
        }
        assert_eq!(lex.token("noteleport"), Some("FLAG_TYPE"), "{}", p.name);
        let has = |kind: Kind, value: &str| lex.of(kind).any(|e| e.value == value);
        for c in [" ", ".", "#", "-", "|", "+", "T", "F"] {
            assert!(has(Kind::MapChar, c), "{}: {c:?}", p.name);
        }
        for c in ["a", "D", "@", "&"] {
            assert!(has(Kind::MonsterClass, c), "{}: {c}", p.name);
        }
        for c in [")", "[", "%", "?", "!"] {
            assert!(has(Kind::ObjectClass, c), "{}: {c}", p.name);
        }
        for t in ["arrow", "magic portal", "polymorph"] {
            assert!(has(Kind::Trap, t), "{}: {t}", p.name);
        }
        for r in ["ordinary", "throne", "temple", "shop"] {
            assert!(has(Kind::RoomType, r), "{}: {r}", p.name);
        }
    }
}

#[test]
fn the_lookups_answer_for_the_variant_in_force_only() {
    // dNetHack's grass, SLASH'EM's `$` monster class, UnNetHack's `sky`
    // flag, xNetHack's `g` map character and `TREE` statement.
    assert!(vocabulary::map_char(',').is_none());
    assert!(with_profile(Some(profile("dnethack")), || {
        vocabulary::map_char(',').is_some_and(|m| m.terrain == "grass")
    }));
    assert!(vocabulary::monster_class('$').is_none());
    assert!(with_profile(Some(profile("slashem")), || {
        vocabulary::monster_class('$').is_some()
    }));
    assert!(!vocabulary::flags_3_6().contains(&"sky"));
    assert!(with_profile(Some(profile("unnethack")), || {
        vocabulary::flags_3_6().contains(&"sky")
    }));
    assert!(!vocabulary::value_words(ValueClass::Flag).any(|w| w.word == "lethe"));
    assert!(with_profile(Some(profile("dnethack")), || {
        vocabulary::value_words(ValueClass::Flag).any(|w| w.word == "lethe")
    }));
    assert!(!is_variant_keyword("TREE", false));
    assert!(with_profile(
        Some(profile("xnethack")),
        || is_variant_keyword("TREE", false)
            && !is_variant_keyword("TRAP", true)
            && !is_variant_keyword("tree", false)
    ));
    // A variant's own trap, and one it lacks: dNetHack has no `vibrating square`.
    assert!(with_profile(Some(profile("dnethack")), || {
        vocabulary::traps().iter().any(|t| t.name == "mummy trap")
    }));
    assert!(!vocabulary::traps().iter().any(|t| t.name == "mummy trap"));
}

#[test]
fn a_variants_own_statements_are_described_and_offered_where_it_is_in_force() {
    assert_eq!(keyword_note("TREE"), None);
    assert!(own_keywords(|_| false).is_empty());
    with_profile(Some(profile("xnethack")), || {
        let note = keyword_note("TREE").unwrap();
        assert!(
            note.contains("xNetHack") && note.contains("TREE_ID"),
            "{note}"
        );
        // `tree` is no statement keyword, and MAP is vanilla's.
        assert_eq!(keyword_note("circle"), None);
        let own = own_keywords(|w| vocabulary::keyword(w).is_some() || w == "IF");
        assert!(
            own.contains(&"TREE") && !own.contains(&"MAP") && !own.contains(&"IF"),
            "{own:?}"
        );
    });
    with_profile(Some(profile("unnethack")), || {
        let own = own_keywords(|w| vocabulary::keyword(w).is_some());
        for w in ["MON_GENERATION", "SPILL", "SOUNDS", "VAULTGEN"] {
            assert!(own.contains(&w), "{w}: {own:?}");
        }
    });
}
