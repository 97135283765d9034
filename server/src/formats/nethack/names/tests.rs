//! The monster and object tables of each dialect: sizes, classes, lookup, suggestions.

use super::*;
use crate::formats::nethack::names::vocabulary::{monster_class, object_class};

#[test]
fn table_sizes() {
    assert_eq!(monsters().len(), 382);
    assert_eq!(objects().len(), 426);
    assert!(monsters().iter().all(|n| n.kind == NameKind::Monster));
    assert!(objects().iter().all(|n| n.kind == NameKind::Object));
    assert_eq!(monsters()[0].name, "giant ant");
    assert_eq!(objects().last().unwrap().name, "acid venom");
}

#[test]
fn data_file_is_the_shared_spec_copy_shape() {
    let mut lines = NAMES_343.lines();
    assert_eq!(lines.next(), Some("kind\tclass_char\tname"));
    assert_eq!(lines.count(), 382 + 426);
}

#[test]
fn ghosts_have_a_space_class() {
    let ghost = find_monster("ghost", None).unwrap();
    assert_eq!(ghost.class, ' ');
    assert_eq!(find_monster("shade", Some(' ')).unwrap().name, "shade");
    assert!(find_monster("ghost", Some('G')).is_none());
    let spaced: Vec<_> = monsters()
        .iter()
        .filter(|n| n.class == ' ')
        .map(|n| n.name)
        .collect();
    assert_eq!(spaced, ["ghost", "shade"]);
}

#[test]
fn every_class_char_is_a_known_class() {
    for n in monsters() {
        assert!(monster_class(n.class).is_some(), "{n:?}");
    }
    for n in objects() {
        assert!(object_class(n.class).is_some(), "{n:?}");
    }
    assert!(monsters().iter().all(|n| n.class != 'I'));
}

#[test]
fn class_restricts_the_search() {
    assert!(find_object("long sword", Some('[')).is_none());
    assert_eq!(find_object("long sword", Some(')')).unwrap().class, ')');
    assert_eq!(find_object("long sword", None).unwrap().class, ')');
    assert_eq!(find_monster("jackal", Some('d')).unwrap().name, "jackal");
    assert!(find_monster("jackal", Some('@')).is_none());
    assert!(find_monster("jackal", Some(']')).is_none());
}

#[test]
fn without_a_class_the_first_entry_wins() {
    assert_eq!(find_object("fire", None).unwrap().class, '?');
    assert_eq!(find_object("fire", Some('/')).unwrap().class, '/');
    assert_eq!(find_object("light", None).unwrap().class, '?');
    assert_eq!(find_object("levitation", None).unwrap().class, '=');
    assert_eq!(find_monster("werejackal", None).unwrap().class, 'd');
    assert_eq!(find_monster("werejackal", Some('@')).unwrap().class, '@');
}

#[test]
fn lookup_is_case_sensitive() {
    assert!(find_monster("gnome lord", None).is_some());
    assert!(find_monster("Gnome lord", None).is_none());
    assert!(find_monster("wizard of yendor", None).is_none());
    assert_eq!(
        find_monster("Wizard of Yendor", Some('@')).unwrap().name,
        "Wizard of Yendor"
    );
    assert!(find_object("Amulet of Yendor", Some('"')).is_some());
    assert!(find_object("amulet of yendor", None).is_none());
    assert!(find_object("long sword ", None).is_none());
}

#[test]
fn classes_of_names_in_several_classes() {
    assert_eq!(classes_of(NameKind::Object, "fire"), ['?', '/']);
    assert_eq!(classes_of(NameKind::Object, "light"), ['?', '+', '/']);
    assert_eq!(classes_of(NameKind::Object, "blank paper"), ['?', '+']);
    assert_eq!(
        classes_of(NameKind::Object, "polymorph"),
        ['=', '!', '+', '/']
    );
    assert_eq!(classes_of(NameKind::Monster, "werejackal"), ['d', '@']);
    assert_eq!(classes_of(NameKind::Monster, "wererat"), ['r', '@']);
    assert_eq!(classes_of(NameKind::Object, "long sword"), [')']);
    assert!(classes_of(NameKind::Object, "jackal").is_empty());
    assert!(classes_of(NameKind::Monster, "Jackal").is_empty());
}

#[test]
fn suggestions() {
    use NameKind::*;
    assert_eq!(suggest(Monster, "gnome lrod", None), Some("gnome lord"));
    assert_eq!(
        suggest(Monster, "gnome lrod", Some('G')),
        Some("gnome lord")
    );
    assert_eq!(suggest(Monster, "Gnome lord", None), Some("gnome lord"));
    assert_eq!(
        suggest(Monster, "wizard of yendor", Some('@')),
        Some("Wizard of Yendor")
    );
    assert_eq!(
        suggest(Monster, "wizard of yendr", None),
        Some("Wizard of Yendor")
    );
    assert_eq!(suggest(Monster, "jakcal", Some('d')), Some("jackal"));
    assert_eq!(suggest(Object, "long swrod", None), Some("long sword"));
    assert_eq!(
        suggest(Object, "amulet of yendor", None),
        Some("Amulet of Yendor")
    );
    // Valid names need no suggestion; strangers get none.
    assert_eq!(suggest(Monster, "gnome lord", None), None);
    assert_eq!(suggest(Monster, "spaceship captain", None), None);
    // A class restricts the candidates.
    assert_eq!(suggest(Monster, "gnome lrod", Some('d')), None);
    assert_eq!(suggest(Object, "long swrod", Some('[')), None);
    assert_eq!(suggest(Monster, "jackal", Some(']')), None);
}

#[test]
fn the_36_table_and_its_lookup() {
    let d = Dialect::V36;
    assert_eq!(names_in(d, NameKind::Monster).len(), 382);
    assert_eq!(names_in(d, NameKind::Object).len(), 431);
    assert_eq!(NAMES_36.lines().count(), 1 + 382 + 431);
    assert!(find_object_in(d, "novel", None).is_some());
    assert!(find_object("novel", None).is_none());
    let jackal = find_monster_in(d, "jackal", None).unwrap();
    assert_eq!(
        lookup_in(d, NameKind::Monster, "Jackal", Some('d')),
        Some(Found::OtherCase(jackal))
    );
    assert_eq!(
        lookup_in(d, NameKind::Monster, "jackal", None),
        Some(Found::Exact(jackal))
    );
    assert!(find_monster_in(Dialect::V343, "Jackal", None).is_none());
    assert!(find_monster_in(d, "jackal", Some('D')).is_none());
    assert!(suggest_in(d, NameKind::Monster, "red dragn", Some('D')) == Some("red dragon"));
    assert_eq!(suggest_in(d, NameKind::Monster, "Jackal", None), None);
    assert_eq!(
        suggest_in(d, NameKind::Monster, "jackl", None),
        Some("jackal")
    );
    assert_eq!(
        suggest_in(d, NameKind::Object, "glob of grey ooze", None),
        Some("glob of gray ooze")
    );
}
