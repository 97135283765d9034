//! Completion of flags, containers, item types and section keywords.

use crate::formats::derf::tests::DERF;
use expect_test::expect;

#[test]
fn complete_flags_after_sign_skips_written_ones() {
    DERF.check_completion_replacements(
        "DERF:0.1.0\nH\nS.\nL.\nFlags: +boss +north_exit -$0\n",
        expect![[r#"
        dungeon_entrance ()
        dungeon_exit ()
        monster_spawn ()
        safe_room ()
        south_exit ()
        east_exit ()
        west_exit ()
        non_euclidian ()
        trap ()
        magic ()"#]],
    );
    DERF.check_completion_replacements(
        "DERF:0.1.0\nH\nS.\nL.\nFlags: +boss +mon$0\n",
        expect![[r#"
        dungeon_entrance (mon)
        dungeon_exit (mon)
        monster_spawn (mon)
        safe_room (mon)
        north_exit (mon)
        south_exit (mon)
        east_exit (mon)
        west_exit (mon)
        non_euclidian (mon)
        trap (mon)
        magic (mon)"#]],
    );
}

#[test]
fn complete_containers_line() {
    DERF.check_completion_replacements(
        "DERF:0.1.0\nH\nS.\nL.\nFlags: +boss\nContainers: ch$0\n",
        expect![[r#"
        room (ch)
        chest (ch)
        locked_chest (ch)
        bag (ch)
        pots (ch)
        concealed_room (ch)
        concealed_chest (ch)
        concealed_locked_chest (ch)
        concealed_bag (ch)
        concealed_pots (ch)"#]],
    );
}

#[test]
fn complete_declared_containers_and_item_types() {
    DERF.check_completion_replacements(
        "DERF:0.1.0\nH\nS.\nL.\nFlags: +boss\nContainers: bag bag chest\nchest:weapon\n$0\n",
        expect![[r#"
        bag1 ()
        bag2 ()
        chest ()"#]],
    );
    DERF.check_completion_replacements(
        "DERF:0.1.0\nH\nS.\nL.\nFlags: +boss\nContainers: bag bag chest\nbag1:$0\n",
        expect![[r#"
        weapon ()
        defense ()
        magic ()"#]],
    );
}

#[test]
fn complete_section_keywords_in_the_description() {
    DERF.check_completion_replacements("DERF:0.1.0\nH\nS.\nL.\nFl$0\n", expect!["Flags: (Fl)"]);
    DERF.check_completion_replacements("DERF:0.1.0\nH\nS.\nL.\nA hall with $0\n", expect![[""]]);
}
