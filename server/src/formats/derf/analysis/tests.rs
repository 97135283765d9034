//! Diagnostics of rooms, one test per rule (spec section by section). Tests named `dNN_…` pin
//! the decision DNN of `docs/formats/derf.md`.

use crate::formats::derf::tests::DERF;
use expect_test::expect;

const VALID: &str =
    "DERF:0.1.0\nThe Great Hall\nA vast hall.\nPillars rise into darkness.\nFlags: +north_exit\n";

#[test]
fn a_valid_room_is_clean() {
    DERF.check_diagnostics(VALID, expect![[""]]);
}

// ---- File declaration and version (spec §2, §9) ----

#[test]
fn d01_bare_version_in_a_derf_file() {
    DERF.check_diagnostics(
        "0.1.0\nHall\nA hall.\nDark.\nFlags: +north_exit\n",
        expect![[r#"
            1:1-1:6 hint derf::missing-declaration: the `DERF:` declaration may be left out only in .derf/.der files; writing it keeps the room valid under any name
                fix: Write the `DERF:` declaration → `DERF:0.1.0`
        "#]],
    );
    DERF.check_diagnostics(
        ":0.1.0\nHall\nA hall.\nDark.\nFlags: +north_exit\n",
        expect![[r#"
            1:1-1:2 hint derf::missing-declaration: the `DERF:` declaration may be left out only in .derf/.der files; writing it keeps the room valid under any name
                fix: Write the `DERF:` declaration → `DERF:0.1.0`
        "#]],
    );
}

#[test]
fn d01_other_extensions_need_the_declaration() {
    // Detection needs `DERF:` in other files; when the client says it is DERF anyway, no hint.
    DERF.at("room.txt").check_diagnostics(
        "0.1.0\nHall\nA hall.\nDark.\nFlags: +north_exit\n",
        expect![[""]],
    );
}

#[test]
fn d02_declaration_is_exact() {
    DERF.check_diagnostics(
        "derf:0.1.0\nHall\nA hall.\nDark.\nFlags: +north_exit\n",
        expect![[r#"
        1:1-1:6 error derf::bad-declaration: the declaration is case-sensitive: `derf:` is not `DERF:`, so Dungeon Engine ignores this room
            fix: Write `DERF:` → `DERF:0.1.0`
    "#]],
    );
    DERF.check_diagnostics(
        "ROOM:0.1.0\nHall\nA hall.\nDark.\nFlags: +north_exit\n",
        expect![[r#"
        1:1-1:6 error derf::bad-declaration: `ROOM:` is not the DERF declaration; Dungeon Engine ignores this room
            fix: Write `DERF:` → `DERF:0.1.0`
    "#]],
    );
}

#[test]
fn d03_missing_version() {
    DERF.check_diagnostics(
        "DERF:\nHall\nA hall.\nDark.\nFlags: +north_exit\n",
        expect![[r#"
        1:1-1:6 error derf::missing-version: the format version is missing after `DERF:`; Dungeon Engine ignores this room
            fix: Add version 0.1.0 → `DERF:0.1.0`
    "#]],
    );
    DERF.check_diagnostics(
        "The Great Hall\nA vast hall.\nDark.\nFlags: +north_exit\n",
        expect![[r#"
        1:1-1:15 error derf::missing-version: line 1 must be the header `DERF:0.1.0`, not the room name; without a format version Dungeon Engine ignores this room. Did you forget the header line?
            fix: Insert the `DERF:0.1.0` header line → `DERF:0.1.0`
    "#]],
    );
    DERF.check_diagnostics(
        "Hall: the great one\nA vast hall.\nDark.\nFlags: +north_exit\n",
        expect![[r#"
        1:1-1:20 error derf::missing-version: line 1 must be the header `DERF:0.1.0`; without a format version Dungeon Engine ignores this room. Did you forget the header line?
            fix: Insert the `DERF:0.1.0` header line → `DERF:0.1.0`
    "#]],
    );
    DERF.check_diagnostics(
        "  \nHall\nA hall.\nDark.\nFlags: +north_exit\n",
        expect![[r#"
        1:1-1:3 error derf::missing-version: line 1 must be the header `DERF:0.1.0`; without a format version Dungeon Engine ignores this room
            fix: Write the `DERF:0.1.0` header → `DERF:0.1.0`
    "#]],
    );
    DERF.check_diagnostics(
        "\t",
        expect![[r#"
        1:1-1:2 error derf::missing-version: line 1 must be the header `DERF:0.1.0`; without a format version Dungeon Engine ignores this room
            fix: Write the `DERF:0.1.0` header → `DERF:0.1.0`
    "#]],
    );
    DERF.check_diagnostics(
        "DERF 0.1.0\nHall\nA hall.\nDark.\nFlags: +north_exit\n",
        expect![[r#"
        1:1-1:11 error derf::bad-declaration: the header must start with `DERF:` (with a colon) followed by the version; Dungeon Engine ignores this room
            fix: Write `DERF:0.1.0` → `DERF:0.1.0`
    "#]],
    );
    DERF.check_diagnostics(
        "Derf;0.1.0\nHall\nA hall.\nDark.\nFlags: +north_exit\n",
        expect![[r#"
        1:1-1:11 error derf::bad-declaration: the header must start with `DERF:` (with a colon) followed by the version; Dungeon Engine ignores this room
            fix: Write `DERF:0.1.0` → `DERF:0.1.0`
    "#]],
    );
    DERF.check_diagnostics(
        "DERF\nHall\nA hall.\nDark.\nFlags: +north_exit\n",
        expect![[r#"
        1:1-1:5 error derf::bad-declaration: the header must start with `DERF:` (with a colon) followed by the version; Dungeon Engine ignores this room
            fix: Write `DERF:0.1.0` → `DERF:0.1.0`
    "#]],
    );
    DERF.check_diagnostics(
        "",
        expect![[r#"
            1:1-1:1 error derf::missing-version: line 1 must be the header `DERF:0.1.0`; without a format version Dungeon Engine ignores this room
                fix: Write the `DERF:0.1.0` header → `DERF:0.1.0`
        "#]],
    );
}

#[test]
fn d04_unknown_major_is_an_error() {
    DERF.check_diagnostics(
        "DERF:1.0.0\nHall\nA hall.\nDark.\nFlags: +north_exit\n",
        expect![[r#"
        1:6-1:11 error derf::unsupported-major-version: DERF major version 1 is unknown (only 0.1.0 exists); Dungeon Engine ignores this room (unless built with DE_ATTEMPT_BAD_MAJOR_LOAD, which still loads it without any guarantee)
    "#]],
    );
}

#[test]
fn d05_unknown_minor_and_patch_are_warnings() {
    DERF.check_diagnostics(
        "DERF:0.2.0\nHall\nA hall.\nDark.\nFlags: +north_exit\n",
        expect![[r#"
        1:6-1:11 warning derf::unknown-minor-version: DERF version 0.2.0 is unknown: Dungeon Engine reads it as 0.1.0 and warns; the room may not load correctly
    "#]],
    );
    DERF.check_diagnostics(
        "DERF:0.1.3\nHall\nA hall.\nDark.\nFlags: +north_exit\n",
        expect![[r#"
        1:6-1:11 warning derf::unknown-patch-version: DERF version 0.1.3 is unknown: Dungeon Engine reads it as 0.1.0 and warns
    "#]],
    );
}

#[test]
fn d06_version_shape() {
    DERF.check_diagnostics(
        "DERF:0.1\nHall\nA hall.\nDark.\nFlags: +north_exit\n",
        expect![[r#"
        1:6-1:9 error derf::malformed-version: `0.1` is not a format version: write three numbers `major.minor.patch`, such as `0.1.0`; Dungeon Engine ignores this room
    "#]],
    );
    DERF.check_diagnostics(
        "DERF:v0.1.0\nHall\nA hall.\nDark.\nFlags: +north_exit\n",
        expect![[r#"
        1:6-1:12 error derf::malformed-version: `v0.1.0` is not a format version: write three numbers `major.minor.patch`, such as `0.1.0`; Dungeon Engine ignores this room
    "#]],
    );
    DERF.check_diagnostics(
        "DERF: 0.1.0  \nHall\nA hall.\nDark.\nFlags: +north_exit\n",
        expect![[r#"
        1:6-1:7 warning derf::space-after-declaration: no space belongs between `DERF:` and the version
            fix: Remove the space → `DERF:0.1.0  `
    "#]],
    );
}

#[test]
fn byte_order_mark_and_crlf() {
    DERF.check_diagnostics(
        "\u{feff}DERF:0.1.0\r\nHall\r\nA hall.\r\nDark.\r\nFlags: +north_exit\r\n",
        expect![[r#"
        1:1-1:2 warning derf::byte-order-mark: the file starts with a UTF-8 byte-order mark; the header should be the very first thing
            fix: Remove the byte-order mark → `DERF:0.1.0`
    "#]],
    );
}

// ---- Name and descriptions (§3–§5) ----

#[test]
fn d08_blank_name_is_fine() {
    DERF.check_diagnostics(
        "DERF:0.1.0\n\nA hall.\nDark.\nFlags: +north_exit\n",
        expect![[""]],
    );
    DERF.check_hover(
        "DERF:0.1.0\n$0\nA hall.\nDark.\nFlags: +north_exit\n",
        expect![[r#"
            []
            This room has no name: Dungeon Engine calls it `Room N`.

            **Room name** (line 2): what the room is called. It may be blank: the room is then auto-named `Room N`, numbered from 1 across such rooms."#]],
    );
}

#[test]
fn d03_forgotten_header_with_non_ascii_or_derf_like_names() {
    DERF.check_diagnostics(
        "Café Hall\nA hall.\nDark.\nFlags: +north_exit\n",
        expect![[r#"
            1:1-1:10 error derf::missing-version: line 1 must be the header `DERF:0.1.0`, not the room name; without a format version Dungeon Engine ignores this room. Did you forget the header line?
                fix: Insert the `DERF:0.1.0` header line → `DERF:0.1.0`
        "#]],
    );
    DERF.check_diagnostics(
        "Dérf\nA hall.\nDark.\nFlags: +north_exit\n",
        expect![[r#"
        1:1-1:5 error derf::missing-version: line 1 must be the header `DERF:0.1.0`, not the room name; without a format version Dungeon Engine ignores this room. Did you forget the header line?
            fix: Insert the `DERF:0.1.0` header line → `DERF:0.1.0`
    "#]],
    );
    DERF.check_diagnostics(
        "Derfwood Hall\nA hall.\nDark.\nFlags: +north_exit\n",
        expect![[r#"
            1:1-1:14 error derf::missing-version: line 1 must be the header `DERF:0.1.0`, not the room name; without a format version Dungeon Engine ignores this room. Did you forget the header line?
                fix: Insert the `DERF:0.1.0` header line → `DERF:0.1.0`
        "#]],
    );
    DERF.check_diagnostics(
        "DERF0.1.0\nHall\nA hall.\nDark.\nFlags: +north_exit\n",
        expect![[r#"
            1:1-1:10 error derf::bad-declaration: the header must start with `DERF:` (with a colon) followed by the version; Dungeon Engine ignores this room
                fix: Write `DERF:0.1.0` → `DERF:0.1.0`
        "#]],
    );
}

#[test]
fn d09_d10_blank_short_and_no_long_description_are_hints() {
    DERF.check_diagnostics(
        "DERF:0.1.0\nHall\n\nDark.\nFlags: +north_exit\n",
        expect![[r#"
        3:1-3:1 hint derf::empty-short-description: the short description (line 3) is empty: players looking into this room from next door see nothing
    "#]],
    );
    DERF.check_diagnostics(
        "DERF:0.1.0\nHall\nA hall.\nFlags: +north_exit\n",
        expect![[r#"
        3:1-3:8 hint derf::missing-long-description: the room has no long description (lines after the short description, before `Flags:`)
    "#]],
    );
}

#[test]
fn d10_flags_line_is_optional_but_exits_are_not() {
    DERF.check_diagnostics(
        "DERF:0.1.0\nHall\nA hall.\nDark.\nVery dark.\n",
        expect![[r#"
        2:1-2:5 warning derf::no-exits: this room has no exit (exits are off unless set): add `+north_exit`, `+south_exit`, `+east_exit` or `+west_exit`, or make it `+non_euclidian`
    "#]],
    );
}

#[test]
fn section_keyword_on_line_2() {
    DERF.check_diagnostics(
        "DERF:0.1.0\nFlags: +north_exit\n",
        expect![[r#"
        2:1-2:19 warning derf::section-too-early: this line is read as the room name (line 2), not as a `Flags:` line: the room name or short description is probably missing
        2:1-2:19 warning derf::no-exits: this room has no exit (exits are off unless set): add `+north_exit`, `+south_exit`, `+east_exit` or `+west_exit`, or make it `+non_euclidian`
        3:1-3:1 hint derf::empty-short-description: the short description (line 3) is empty: players looking into this room from next door see nothing
    "#]],
    );
}

#[test]
fn d11_short_and_mixed_prose_after_flags() {
    DERF.check_diagnostics(
        "DERF:0.1.0\nHall\nA hall.\nFlags: dusty.\n",
        expect![[r#"
        3:1-3:8 hint derf::missing-long-description: the room has no long description (lines after the short description, before `Flags:`)
        4:1-4:14 error derf::description-read-as-flags: this line starts with `Flags:`, so it ends the long description and is read as the Flags line, but it holds no `+flag`/`-flag`; reword the description so it does not start with `Flags:`
    "#]],
    );
    DERF.check_diagnostics(
        "DERF:0.1.0\nHall\nA hall.\nFlags: torn - faded banners\n",
        expect![[r#"
        3:1-3:8 hint derf::missing-long-description: the room has no long description (lines after the short description, before `Flags:`)
        4:1-4:28 error derf::description-read-as-flags: this line starts with `Flags:`, so it ends the long description and is read as the Flags line, but it holds no `+flag`/`-flag`; reword the description so it does not start with `Flags:`
    "#]],
    );
    DERF.check_diagnostics(
        "DERF:0.1.0\nHall\nA hall.\nFlags: boss north_exit\n",
        expect![[r#"
        3:1-3:8 hint derf::missing-long-description: the room has no long description (lines after the short description, before `Flags:`)
        4:1-4:7 warning derf::no-exits: this room has no exit (exits are off unless set): add `+north_exit`, `+south_exit`, `+east_exit` or `+west_exit`, or make it `+non_euclidian`
        4:8-4:12 error derf::unsigned-flag: `boss` needs a sign: `+boss` sets the flag, `-boss` unsets it
            fix: Write `+boss` → `Flags: +boss north_exit`
            fix: Write `-boss` → `Flags: -boss north_exit`
        4:13-4:23 error derf::unsigned-flag: `north_exit` needs a sign: `+north_exit` sets the flag, `-north_exit` unsets it
            fix: Write `+north_exit` → `Flags: boss +north_exit`
            fix: Write `-north_exit` → `Flags: boss -north_exit`
    "#]],
    );
    DERF.check_diagnostics(
        "DERF:0.1.0\nHall\nA hall.\nContainers: Dusty shelves line the walls.\n",
        expect![[r#"
        2:1-2:5 warning derf::no-exits: this room has no exit (exits are off unless set): add `+north_exit`, `+south_exit`, `+east_exit` or `+west_exit`, or make it `+non_euclidian`
        3:1-3:8 hint derf::missing-long-description: the room has no long description (lines after the short description, before `Flags:`)
        4:1-4:42 error derf::description-read-as-containers: this line starts with `Containers:`, so it ends the long description and is read as the Containers line, but it lists no containers; reword the description so it does not start with `Containers:`
    "#]],
    );
}

#[test]
fn section_keywords_are_case_sensitive() {
    DERF.check_diagnostics(
        "DERF:0.1.0\nHall\nA hall.\nDark.\nflags: +north_exit\n",
        expect![[r#"
        5:1-5:6 error derf::keyword-case: `Flags:` is case-sensitive, so this line is read as part of the long description; write `Flags:`
            fix: Write `Flags:` → `Flags: +north_exit`
    "#]],
    );
    DERF.check_diagnostics(
        "DERF:0.1.0\nHall\nA hall.\nDark.\nFlags: +north_exit\ncontainers: chest\n",
        expect![[r#"
        6:1-6:11 error derf::keyword-case: `Containers:` is case-sensitive, so this line is read as a container line; write `Containers:`
            fix: Write `Containers:` → `Containers: chest`
    "#]],
    );
}

#[test]
fn d19_commas_between_flags() {
    DERF.check_diagnostics(
        "DERF:0.1.0\nHall\nA hall.\nDark.\nFlags: +north_exit,+trap, -boss\n",
        expect![[r#"
        5:19-5:20 error derf::flag-separator: flags are separated by spaces, not commas
            fix: Replace the comma with a space → `Flags: +north_exit +trap, -boss`
        5:25-5:26 error derf::flag-separator: flags are separated by spaces, not commas
            fix: Replace the comma with a space → `Flags: +north_exit,+trap -boss`
    "#]],
    );
}

#[test]
fn d11_description_line_starting_with_flags() {
    DERF.check_diagnostics(
        "DERF:0.1.0\nHall\nA hall.\nFlags: tattered banners hang from the walls\n",
        expect![[r#"
        3:1-3:8 hint derf::missing-long-description: the room has no long description (lines after the short description, before `Flags:`)
        4:1-4:44 error derf::description-read-as-flags: this line starts with `Flags:`, so it ends the long description and is read as the Flags line, but it holds no `+flag`/`-flag`; reword the description so it does not start with `Flags:`
    "#]],
    );
}

// ---- Flags (§6) ----

#[test]
fn d12_non_euclidian_spellings() {
    DERF.check_diagnostics(
        "DERF:0.1.0\nHall\nA hall.\nDark.\nFlags: +non-euclidian\n",
        expect![[r#"
        5:9-5:22 warning derf::flag-alias: `non-euclidian` (the spec's §6.4 spelling) is read as `non_euclidian`; write `non_euclidian`
            fix: Write `non_euclidian` → `Flags: +non_euclidian`
    "#]],
    );
    DERF.check_diagnostics(
        "DERF:0.1.0\nHall\nA hall.\nDark.\nFlags: +non_euclidean\n",
        expect![[r#"
        5:1-5:7 warning derf::no-exits: this room has no exit (exits are off unless set): add `+north_exit`, `+south_exit`, `+east_exit` or `+west_exit`, or make it `+non_euclidian`
        5:9-5:22 error derf::unknown-flag: unknown flag `non_euclidean`: did you mean `non_euclidian`?
            fix: Change to `non_euclidian` → `Flags: +non_euclidian`
    "#]],
    );
}

#[test]
fn d13_entrance_implies_all_four_exits() {
    DERF.check_diagnostics(
        "DERF:0.1.0\nGate\nThe gate.\nCold.\nFlags: +dungeon_entrance\n",
        expect![[""]],
    );
}

#[test]
fn d14_boss_spawn_alias() {
    DERF.check_diagnostics(
        "DERF:0.1.0\nHall\nA hall.\nDark.\nFlags: +north_exit -boss_spawn\n",
        expect![[r#"
        5:21-5:31 warning derf::flag-alias: `boss_spawn` (the spec's name in `safe_room`'s unset list) is read as `boss`; write `boss`
            fix: Write `boss` → `Flags: +north_exit -boss`
    "#]],
    );
}

#[test]
fn d15_explicit_safe_room_with_boss_is_ignored_by_the_engine() {
    DERF.check_diagnostics(
        "DERF:0.1.0\nHall\nA hall.\nDark.\nFlags: +safe_room +north_exit +boss\n",
        expect![[r#"
        5:31-5:36 error derf::conflicting-flags: `+safe_room` conflicts with `+boss`: Dungeon Engine ignores this room (unless built with DE_LOAD_CONFLICTING_FLAGS, where safe_room wins)
    "#]],
    );
    DERF.check_diagnostics(
        "DERF:0.1.0\nHall\nA hall.\nDark.\nFlags: +monster_spawn +safe_room +north_exit\n",
        expect![[r#"
        5:23-5:33 error derf::conflicting-flags: `+safe_room` conflicts with `+monster_spawn`: Dungeon Engine ignores this room (unless built with DE_LOAD_CONFLICTING_FLAGS, where safe_room wins)
    "#]],
    );
}

#[test]
fn d15_implied_flags_never_conflict() {
    // safe_room unsets boss and monster_spawn anyway: writing them with `-` is no conflict.
    DERF.check_diagnostics(
        "DERF:0.1.0\nHall\nA hall.\nDark.\nFlags: +safe_room +north_exit -boss -monster_spawn\n",
        expect![[""]],
    );
}

#[test]
fn d16_entrance_and_exit_room() {
    DERF.check_diagnostics(
        "DERF:0.1.0\nHall\nA hall.\nDark.\nFlags: +dungeon_entrance +dungeon_exit\n",
        expect![[r#"
        5:26-5:39 warning derf::entrance-exit-room: a room that is both entrance and exit: their implied flags clash (safe_room against boss and monster_spawn); say explicitly whether it is a `+safe_room` or a `+boss` room
    "#]],
    );
    DERF.check_diagnostics(
        "DERF:0.1.0\nHall\nA hall.\nDark.\nFlags: +dungeon_entrance +dungeon_exit +safe_room\n",
        expect![""],
    );
}

#[test]
fn d17_entrance_and_boss_cancel() {
    DERF.check_diagnostics(
        "DERF:0.1.0\nHall\nA hall.\nDark.\nFlags: +dungeon_entrance +boss\n",
        expect![[r#"
        5:26-5:31 warning derf::cancelling-flags: `dungeon_entrance` and `boss` cancel each other: each unsets the other when implied; both stay set because you wrote them
    "#]],
    );
}

#[test]
fn d19_signs_case_and_repeats() {
    DERF.check_diagnostics(
        "DERF:0.1.0\nHall\nA hall.\nDark.\nFlags: +north_exit boss\n",
        expect![[r#"
        5:20-5:24 error derf::unsigned-flag: `boss` needs a sign: `+boss` sets the flag, `-boss` unsets it
            fix: Write `+boss` → `Flags: +north_exit +boss`
            fix: Write `-boss` → `Flags: +north_exit -boss`
    "#]],
    );
    DERF.check_diagnostics(
        "DERF:0.1.0\nHall\nA hall.\nDark.\nFlags: +North_Exit\n",
        expect![[r#"
        5:9-5:19 error derf::flag-case: flags are lower case: `North_Exit` is not `north_exit`
            fix: Write `north_exit` → `Flags: +north_exit`
    "#]],
    );
    DERF.check_diagnostics(
        "DERF:0.1.0\nHall\nA hall.\nDark.\nFlags: +north_exit +trap -trap +north_exit\n",
        expect![[r#"
        5:26-5:31 warning derf::contradictory-flag: `-trap` contradicts the earlier `+trap`; the last one wins
        5:32-5:43 hint derf::duplicate-flag: `north_exit` is already set earlier on the line
    "#]],
    );
    DERF.check_diagnostics(
        "DERF:0.1.0\nHall\nA hall.\nDark.\nFlags: + north_exit -\n",
        expect![[r#"
            5:9-5:10 error derf::space-after-sign: no space belongs between the sign and the flag name
                fix: Remove the space → `Flags: +north_exit -`
            5:21-5:22 error derf::missing-flag-name: a `+` or `-` must be followed by a flag name
        "#]],
    );
}

#[test]
fn d20_flags_broken_across_lines() {
    DERF.check_diagnostics(
        "DERF:0.1.0\nHall\nA hall.\nDark.\nFlags: +trap\n+north_exit\n",
        expect![[r#"
        6:1-6:12 error derf::flags-continuation: flags may not be broken across lines: this line is not part of the `Flags:` line
            fix: Join with the Flags line → `Flags: +trap +north_exit`
    "#]],
    );
    DERF.check_diagnostics(
        "DERF:0.1.0\nHall\nA hall.\nDark.\nFlags: +trap\nFlags: +north_exit\n",
        expect![[r#"
        6:1-6:7 error derf::duplicate-flags-line: a second `Flags:` line: all flags belong on one line
    "#]],
    );
}

#[test]
fn d21_subflags() {
    DERF.check_diagnostics("DERF:0.1.0\nDen\nA den.\nDark.\nFlags: +monster_spawn +goblin_monster -undead_monster +north_exit\n", expect![[""]]);
    DERF.check_diagnostics(
        "DERF:0.1.0\nDen\nA den.\nDark.\nFlags: +dragon_boss +north_exit\n",
        expect![[r#"
        5:8-5:20 warning derf::ignored-subflag: `dragon_boss` is ignored: its parent flag `boss` is not set in this room
    "#]],
    );
    DERF.check_diagnostics(
        "DERF:0.1.0\nLair\nA lair.\nDark.\nFlags: +dungeon_exit +dragon_boss\n",
        expect![[""]],
    );
}

#[test]
fn d22_safe_room_has_no_subflags() {
    DERF.check_diagnostics(
        "DERF:0.1.0\nHall\nA hall.\nDark.\nFlags: +north_exit +goblin_safe_room\n",
        expect![[r#"
        5:21-5:37 error derf::unknown-flag: unknown flag `goblin_safe_room` (known flags: dungeon_entrance, dungeon_exit, boss, monster_spawn, safe_room, north/south/east/west_exit, non_euclidian, trap, magic; sub-flags end in `_boss` or `_monster`)
    "#]],
    );
}

#[test]
fn d23_exits_default_off() {
    DERF.check_diagnostics(
        "DERF:0.1.0\nHall\nA hall.\nDark.\nFlags: +trap\n",
        expect![[r#"
        5:1-5:7 warning derf::no-exits: this room has no exit: add `+north_exit`, `+south_exit`, `+east_exit` or `+west_exit`, or make it `+non_euclidian`
    "#]],
    );
    DERF.check_diagnostics(
        "DERF:0.1.0\nHall\nA hall.\nDark.\nFlags: +non_euclidian\n",
        expect![[""]],
    );
    DERF.check_diagnostics(
        "DERF:0.1.0\nHall\nA hall.\nDark.\nFlags: +north_exit -south_exit\n",
        expect![[""]],
    );
}

// ---- Containers (§7, §8) ----

#[test]
fn d25_generic_and_other_containers() {
    DERF.check_diagnostics(
        "DERF:0.1.0\nHall\nA hall.\nDark.\nFlags: +north_exit\nContainers: pot chset wardrobe\n",
        expect![[r#"
        6:13-6:16 warning derf::unknown-container: `pot` is not a generic container: did you mean `pots`? (it is only valid if your Dungeon Engine build provides it)
            fix: Change to `pots` → `Containers: pots chset wardrobe`
        6:17-6:22 warning derf::unknown-container: `chset` is not a generic container: did you mean `chest`? (it is only valid if your Dungeon Engine build provides it)
            fix: Change to `chest` → `Containers: pot chest wardrobe`
        6:23-6:31 warning derf::unknown-container: `wardrobe` is not a generic container (room, chest, locked_chest, bag, pots); it is only valid if your Dungeon Engine build provides it
    "#]],
    );
}

#[test]
fn d26_concealed() {
    DERF.check_diagnostics(
        "DERF:0.1.0\nHall\nA hall.\nDark.\nFlags: +north_exit\nContainers: bag concealed_bag concealed_concealed_bag\nconcealed_bag:weapon\nbag:magic\n",
        expect![[r#"
            6:31-6:54 error derf::double-concealed: `concealed_` may be written only once
                fix: Remove the repeated `concealed_` → `Containers: bag concealed_bag concealed_bag`
        "#]],
    );
}

#[test]
fn d27_containers_line_required_and_non_empty() {
    DERF.check_diagnostics(
        "DERF:0.1.0\nHall\nA hall.\nDark.\nFlags: +north_exit\nContainers:\n",
        expect![[r#"
        6:1-6:12 error derf::empty-containers: the `Containers:` line must list at least one container; Dungeon Engine ignores this room
    "#]],
    );
    DERF.check_diagnostics(
        "DERF:0.1.0\nHall\nA hall.\nDark.\nFlags: +north_exit\nchest:weapon\n",
        expect![[r#"
        6:1-6:6 error derf::container-line-without-containers: container line for `chest` before any `Containers:` line; Dungeon Engine ignores this room
    "#]],
    );
    DERF.check_diagnostics(
        "DERF:0.1.0\nHall\nA hall.\nDark.\nchest:weapon\n",
        expect![[r#"
        2:1-2:5 warning derf::no-exits: this room has no exit (exits are off unless set): add `+north_exit`, `+south_exit`, `+east_exit` or `+west_exit`, or make it `+non_euclidian`
        5:1-5:13 error derf::container-line-without-containers: `chest:weapon` looks like a container line, but without a `Containers:` line it is read as description text; a room with items but no containers is ignored
    "#]],
    );
    DERF.check_diagnostics(
        "DERF:0.1.0\nHall\nA hall.\nDark.\nFlags: +north_exit\nContainers: chest\nbag:weapon\n",
        expect![[r#"
        7:1-7:4 error derf::undeclared-container: `bag` is not listed on the `Containers:` line; Dungeon Engine ignores this room
            fix: Add `bag` to the Containers line → `Containers: chest bag`
    "#]],
    );
}

#[test]
fn a_second_containers_line() {
    DERF.check_diagnostics("DERF:0.1.0\nHall\nA hall.\nDark.\nFlags: +north_exit\nContainers: chest\nContainers: bag\n", expect![[r#"
        7:1-7:12 error derf::duplicate-containers-line: a second `Containers:` line: list every container on the first one
    "#]]);
}

#[test]
fn d26_concealed_alone() {
    DERF.check_diagnostics(
        "DERF:0.1.0\nHall\nA hall.\nDark.\nFlags: +north_exit\nContainers: concealed_\n",
        expect![[r#"
        6:13-6:23 error derf::unknown-container: `concealed_` must be followed by a container name, such as `concealed_chest`
    "#]],
    );
}

#[test]
fn d28_numbers_on_the_containers_line_count_from_one() {
    DERF.check_diagnostics(
        "DERF:0.1.0\nHall\nA hall.\nDark.\nFlags: +north_exit\nContainers: bag2\nbag2:weapon\n",
        expect![[r#"
        6:13-6:17 warning derf::container-numbering: this is bag number 1 on the line, but it is written `bag2`; container lines will call it `bag1`. List repeated containers by repetition (`bag bag`) or number them from 1 in order
        7:1-7:5 error derf::container-number-out-of-range: there is only one `bag`: write `bag` or `bag1`
    "#]],
    );
}

#[test]
fn d28_numbered_containers() {
    DERF.check_diagnostics(
        "DERF:0.1.0\nHall\nA hall.\nDark.\nFlags: +north_exit\nContainers: bag bag chest\nbag:weapon\nbag2:magic\nbag3:defense\nbag0:defense\nchest1:weapon\nchest2:weapon\n",
        expect![[r#"
            7:1-7:4 warning derf::ambiguous-container: there are 2 of `bag`: a bare `bag` is read as `bag1`; number it
                fix: Write `bag1` → `bag1:weapon`
            9:1-9:5 error derf::container-number-out-of-range: there are 2 of `bag`: use `bag1` to `bag2`
            10:1-10:5 error derf::container-number-out-of-range: there are 2 of `bag`: use `bag1` to `bag2`
            12:1-12:7 error derf::container-number-out-of-range: there is only one `chest`: write `chest` or `chest1`
        "#]],
    );
    DERF.check_diagnostics(
        "DERF:0.1.0\nHall\nA hall.\nDark.\nFlags: +north_exit\nContainers: bag1 bag2\nbag2:magic\n",
        expect![[""]],
    );
}

#[test]
fn d29_container_line_shape() {
    DERF.check_diagnostics(
        "DERF:0.1.0\nHall\nA hall.\nDark.\nFlags: +north_exit\nContainers: chest\nchest :weapon\nchest:   rusty iron key  \nchest:\nchest weapon\n",
        expect![[r#"
            7:6-7:7 error derf::space-before-colon: no space belongs between the container and the `:`
                fix: Remove the space → `chest:weapon`
            9:6-9:7 error derf::missing-item: write an item or an item type (`weapon`, `defense`, `magic`) after the `:`
            10:1-10:13 error derf::syntax: `chest weapon` cannot be read: after `Flags:` / `Containers:`, every line must be a container line `container:item` (did you forget the colon?)
        "#]],
    );
}

/// A broken body line is an error of its own: the lines after it read as
/// they would without it (the grammar's recovery joined `bag3` and the next
/// line's `:key` into one container line).
#[test]
fn a_broken_body_line_leaves_the_next_lines_alone() {
    DERF.check_diagnostics(
        "DERF:0.1.0\nHall\nA hall.\nDark.\nFlags: +north_exit\nContainers: bag\nbag3\n:rusty iron key\nbag:weapon\n",
        expect![[r#"
            7:1-7:5 error derf::syntax: `bag3` cannot be read: after `Flags:` / `Containers:`, every line must be a container line `container:item` (did you forget the colon?)
            8:1-8:16 error derf::syntax: `:rusty iron key` cannot be read: after the flags and containers, every line must be `container:item`
        "#]],
    );
}

/// A vertical tab or form feed where a word starts, a carriage return that
/// ends no line: an error at that character, and the rest reads on.
#[test]
fn an_ascii_blank_that_separates_nothing_is_an_error_where_it_is() {
    DERF.check_diagnostics(
        "DERF:0.1.0\nHall\nA hall.\nDark.\nFlags: +north_exit\u{b}+south_exit\nContainers: bag\nbag:weapon\rbag:magic\n",
        expect![[r#"
            5:19-5:20 error derf::syntax: a vertical tab cannot start a word: only spaces and tabs may separate the parts of a line
            7:11-7:21 error derf::syntax: a carriage return without a line feed does not end a line, and the rest of this line cannot be read: end lines with `\n` or `\r\n`
        "#]],
    );
}

#[test]
fn d30_item_types() {
    DERF.check_diagnostics(
        "DERF:0.1.0\nHall\nA hall.\nDark.\nFlags: +north_exit\nContainers: chest\nchest:defence\nchest:weapons\nchest:lantern\nchest:magic\n",
        expect![[r#"
            7:7-7:14 hint derf::item-type-typo: `defence` is read as a specific item; did you mean the item type `defense`?
                fix: Change to `defense` → `chest:defense`
            8:7-8:14 hint derf::item-type-typo: `weapons` is read as a specific item; did you mean the item type `weapon`?
                fix: Change to `weapon` → `chest:weapon`
        "#]],
    );
}

#[test]
fn d31_flags_after_containers() {
    DERF.check_diagnostics(
        "DERF:0.1.0\nHall\nA hall.\nDark.\nContainers: chest\nFlags: +north_exit\n",
        expect![[r#"
        6:1-6:7 error derf::flags-after-containers: the `Flags:` line must come before the `Containers:` line
    "#]],
    );
}

#[test]
fn d25_a_misspelt_container_is_renamed_on_its_container_lines_too() {
    use crate::formats::test_support::apply_edits;
    let text = "DERF:0.1.0\nHall\nA hall.\nDark.\nFlags: +north_exit\nContainers: pot bag\npot:healing potion\nbag:key\n";
    let fix = DERF.open(text, |file| {
        let found = DERF.format.diagnostics(file);
        let typo = found
            .iter()
            .find(|d| d.code == "derf::unknown-container")
            .unwrap();
        typo.fixes[0].clone()
    });
    let fixed = apply_edits(text, &fix.edits);
    assert!(
        fixed.contains("Containers: pots bag\npots:healing potion\nbag:key\n"),
        "{fixed}"
    );
    DERF.check_diagnostics(&fixed, expect![[""]]);
}

#[test]
fn d29_punctuation_and_a_space_before_the_colon_go_in_one_fix() {
    // `chest, :weapon` once got "Remove the space" (leaving `chest,:weapon`)
    // and an offer to declare a container named `chest,`.
    DERF.check_diagnostics(
        "DERF:0.1.0\nHall\nA hall.\nDark.\nFlags: +north_exit\nContainers: chest\nchest, :weapon\nbagg2 :magic\n",
        expect![[r#"
            7:1-7:7 error derf::undeclared-container: `chest,` is not listed on the `Containers:` line (did you mean `chest`?); Dungeon Engine ignores this room
                fix: Change to `chest` → `chest:weapon`
            7:7-7:8 error derf::space-before-colon: no space belongs between the container and the `:`
                fix: Remove the `,` and the space → `chest:weapon`
            8:1-8:6 error derf::undeclared-container: `bagg` is not listed on the `Containers:` line; Dungeon Engine ignores this room
                fix: Add `bagg` to the Containers line → `Containers: chest bagg`
            8:6-8:7 error derf::space-before-colon: no space belongs between the container and the `:`
                fix: Remove the space → `bagg2:magic`
        "#]],
    );
}
