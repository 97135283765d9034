//! Flag implications: transitive, order-free, written flags win.

use super::*;

fn on_flags(src: &str) -> Vec<&'static str> {
    let room = Room::read(src);
    effective_flags(src, &room)
        .into_iter()
        .filter(|s| s.on)
        .map(|s| s.name)
        .collect()
}

#[test]
fn exit_implies_boss_which_implies_trap() {
    let flags = on_flags("DERF:0.1.0\nX\nY\nFlags: +dungeon_exit\n");
    assert!(flags.contains(&"trap"), "{flags:?}");
    assert!(
        flags.contains(&"west_exit"),
        "D13: all four exits: {flags:?}"
    );
    assert!(!flags.contains(&"safe_room"));
}

#[test]
fn written_flags_beat_implied_ones() {
    let flags = on_flags("DERF:0.1.0\nX\nY\nFlags: +dungeon_entrance +trap -north_exit\n");
    assert!(flags.contains(&"trap"));
    assert!(!flags.contains(&"north_exit"));
    assert!(flags.contains(&"safe_room"));
}

#[test]
fn last_mention_wins() {
    assert!(!on_flags("DERF:0.1.0\nX\nY\nFlags: +trap -trap\n").contains(&"trap"));
    assert!(on_flags("DERF:0.1.0\nX\nY\nFlags: -trap +trap\n").contains(&"trap"));
}

#[test]
fn implications_do_not_depend_on_the_order_flags_are_written() {
    for flags in ["+dungeon_exit +safe_room", "+safe_room +dungeon_exit"] {
        let on = on_flags(&format!("DERF:0.1.0\nX\nY\nFlags: {flags}\n"));
        assert!(
            on.contains(&"safe_room") && !on.contains(&"boss") && !on.contains(&"monster_spawn"),
            "{flags}: {on:?}"
        );
    }
    for flags in ["+dungeon_entrance +boss", "+boss +dungeon_entrance"] {
        let on = on_flags(&format!("DERF:0.1.0\nX\nY\nFlags: {flags}\n"));
        assert!(
            on.contains(&"boss") && !on.contains(&"safe_room"),
            "{flags}: {on:?}"
        );
    }
}

#[test]
fn hover_implications_are_transitive() {
    let imp = implications_of("dungeon_exit");
    let trap = imp
        .iter()
        .find(|(n, _, _)| *n == "trap")
        .expect("trap implied");
    assert_eq!(trap.2, vec!["boss", "dungeon_exit"]);
}
