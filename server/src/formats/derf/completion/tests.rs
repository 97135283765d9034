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

#[test]
fn complete_flags_not_item_types_against_the_flags_colon() {
    // The colon of `Flags:` once made the line look like `container:item`.
    DERF.check_completions(
        "DERF:0.1.0\nH\nS.\nL.\nContainers: bag\nFlags:$0\n",
        expect![[r#"
            +dungeon_entrance () ⇒  +dungeon_entrance — dungeon flag — the dungeon's entrance: players spawn here and may abandon the dungeon
            +dungeon_exit () ⇒  +dungeon_exit — dungeon flag — the dungeon's exit: players complete the dungeon here
            +boss () ⇒  +boss — mob flag — a boss can (and usually will) spawn here
            +monster_spawn () ⇒  +monster_spawn — mob flag — monsters can (and usually will) spawn here
            +safe_room () ⇒  +safe_room — mob flag — monsters cannot spawn or enter; players rest here
            +north_exit () ⇒  +north_exit — exit flag — an exit in the north, usually leading to the next room's south exit
            +south_exit () ⇒  +south_exit — exit flag — an exit in the south, usually leading to the next room's north exit
            +east_exit () ⇒  +east_exit — exit flag — an exit in the east, usually leading to the next room's west exit
            +west_exit () ⇒  +west_exit — exit flag — an exit in the west, usually leading to the next room's east exit
            +non_euclidian () ⇒  +non_euclidian — special flag — exits may be one-way or lead to unexpected sides
            +trap () ⇒  +trap — special flag — traps may be placed here (magical ones if `magic` is set)
            +magic () ⇒  +magic — special flag — the room and its items may be magical"#]],
    );
}

#[test]
fn an_item_replaces_the_whole_word_around_the_cursor() {
    // Completing in the middle of a word once left its tail behind (`Flags:gs:`).
    DERF.check_completion_replacements(
        "DERF:0.1.0\nH\nS.\nL.\nFla$0gs:\n",
        expect!["Flags: (Flags:)"],
    );
    DERF.check_completion_replacements(
        "DERF:0.1.0\nH\nS.\nL.\nFlags: +boss\nContainers: chest\nch$0st:weapon\n",
        expect!["chest (chst)"],
    );
    DERF.check_completion_replacements(
        "DERF:0.1.0\nH\nS.\nL.\nFlags: +boss +mon$0ster\n",
        expect![[r#"
        dungeon_entrance (monster)
        dungeon_exit (monster)
        monster_spawn (monster)
        safe_room (monster)
        north_exit (monster)
        south_exit (monster)
        east_exit (monster)
        west_exit (monster)
        non_euclidian (monster)
        trap (monster)
        magic (monster)"#]],
    );
    DERF.check_completion_replacements("DE$0RF:0.1.0\nH\n", expect!["DERF:0.1.0 (DERF:0.1.0)"]);
}
