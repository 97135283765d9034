//! Hover on keys and enum values.

use crate::formats::dungeon_mystery::tests::{DUNGEON_MYSTERY, SMALL};
use crate::formats::test_support::cursor_before;
use expect_test::expect;

#[test]
fn hover_on_a_key_shows_type_defaults_range_and_docs() {
    DUNGEON_MYSTERY.check_hover(
        &cursor_before(SMALL, "room_density"),
        expect![[r#"
        ["room_density"]
        **`floor_props.room_density`** — integer, -128..127 (a signed byte of the game's floor record)

        How many grid cells become rooms. Positive: `room_density + RandInt(3)`; negative: exactly `-room_density`; 0 is allowed. Fewer than 2 rooms forces one more. The grid has at most 6×4 = 24 cells, so larger values just fill it. Sensible: about 2–10.

        Default: `4` (library); `6` (Dungeoneer demo's starting value)"#]],
    );
    DUNGEON_MYSTERY.check_hover(
        &cursor_before(SMALL, "layout"),
        expect![[r#"
        ["layout"]
        **`floor_props.layout`** — integer

        The generator to use (FloorLayout). Anything the library does not handle (12–15, negative numbers, a string such as `"3"`, `null`) silently generates LARGE.

        Default: `1` (SMALL) (library); `0` (LARGE) (Dungeoneer demo's starting value)

        | code | name | meaning |
        |---|---|---|
        | 0 | `LARGE` | the standard layout on the full-size (6×4 cell) grid |
        | 1 | `SMALL` | the standard layout on a small grid (half the width) |
        | 2 | `ONE_ROOM_MONSTER_HOUSE` | one big room that is a monster house |
        | 3 | `OUTER_RING` | a ring of hallways around a block of rooms |
        | 4 | `CROSSROADS` | rooms on the edges joined by hallways through the middle |
        | 5 | `TWO_ROOMS_WITH_MONSTER_HOUSE` | two rooms, one of them a monster house |
        | 6 | `LINE` | one row of rooms |
        | 7 | `CROSS` | five rooms in a cross |
        | 8 | `LARGE_0x8` | like LARGE, with a different grid |
        | 9 | `BEETLE` | a big central room with rooms on both sides |
        | 10 | `OUTER_ROOMS` | rooms around the edge only |
        | 11 | `MEDIUM` | the standard layout on a medium grid |
        | 12 | `UNUSED_0xC` | unused in the game: generates LARGE |
        | 13 | `UNUSED_0xD` | unused in the game: generates LARGE |
        | 14 | `UNUSED_0xE` | unused in the game: generates LARGE |
        | 15 | `UNUSED_0xF` | unused in the game: generates LARGE |"#]],
    );
    DUNGEON_MYSTERY.check_hover(
        &cursor_before(SMALL, "generation_constants"),
        expect![[r#"
        ["generation_constants"]
        **`generation_constants`** — object

        Constants of the algorithm (GenerationConstants). Optional for the library (class defaults), but the demo's import needs it present.

        Keys: `merge_rooms_chance`, `no_imperfections_chance`, `secondary_structure_flag_chance`, `max_number_monster_house_item_spawns`, `max_number_monster_house_enemy_spawns`, `first_dungeon_id_allow_monster_house_traps`"#]],
    );
}

#[test]
fn hover_on_an_enum_value_shows_its_name_and_meaning() {
    DUNGEON_MYSTERY.check_hover(
        &SMALL.replace("\"layout\": 1", "\"layout\": $01"),
        expect![[r#"
            [1]
            **1** = `SMALL`: the standard layout on a small grid (half the width)

            `floor_props.layout`"#]],
    );
    let fixture = SMALL.replace(
        "\"mission_type\": 0",
        "\"mission_type\": 11, \"mission_subtype\": $01",
    );
    DUNGEON_MYSTERY.check_hover(
        &fixture,
        expect![[r#"
        [1]
        **1** = `MEWTWO`: Mewtwo's challenge

        `dungeon_data.mission_destination.mission_subtype`"#]],
    );
    // A plain number has no code to explain.
    DUNGEON_MYSTERY.check_hover(
        &SMALL.replace("\"room_density\": 5", "\"room_density\": $05"),
        expect!["(no hover)"],
    );
}

#[test]
fn hover_on_an_unknown_key() {
    DUNGEON_MYSTERY.check_hover(
        &SMALL.replace("\"room_density\"", "$0\"room_densty\""),
        expect![[r#"
            ["room_densty"]
            `floor_props.room_densty`: not a key levls knows here; the library ignores it"#]],
    );
}
