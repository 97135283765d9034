//! Hover, completion, inlay hints and document symbols.

use super::*;
use crate::formats::{Format, Symbol};
use expect_test::{expect, Expect};

/// SMALL with `$0` put before the first occurrence of `at`.
fn at(at: &str) -> String {
    let i = SMALL
        .find(at)
        .unwrap_or_else(|| panic!("{at:?} is in SMALL"));
    format!("{}$0{}", &SMALL[..i], &SMALL[i..])
}

fn check_hover(fixture: &str, expect: Expect) {
    let (text, offset) = cursor(fixture);
    let hover = with_file(&text, |file| DungeonMystery.hover(file, offset));
    let shown = hover.map_or("(no hover)".to_string(), |h| {
        format!("[{}]\n{}", &text[h.range], h.markdown)
    });
    expect.assert_eq(&shown);
}

/// `label (replaced text) ⇒ insert text — detail`, one per line.
fn check_completions(fixture: &str, expect: Expect) {
    let (text, offset) = cursor(fixture);
    let items = with_file(&text, |file| DungeonMystery.completions(file, offset));
    let shown: Vec<String> = items
        .iter()
        .map(|c| {
            let mut line = format!("{} ({})", c.label, &text[c.replace.clone()]);
            if let Some(insert) = &c.insert_text {
                line.push_str(&format!(" ⇒ {insert}"));
            }
            if let Some(detail) = &c.detail {
                line.push_str(&format!(" — {detail}"));
            }
            line
        })
        .collect();
    if shown.is_empty() {
        expect.assert_eq("(none)");
    } else {
        expect.assert_eq(&(shown.join("\n") + "\n"));
    }
}

#[test]
fn hover_on_a_key_shows_type_defaults_range_and_docs() {
    check_hover(
        &at("room_density"),
        expect![[r#"
        ["room_density"]
        **`floor_props.room_density`** — integer, -128..127 (a signed byte of the game's floor record)

        How many grid cells become rooms. Positive: `room_density + RandInt(3)`; negative: exactly `-room_density`; 0 is allowed. Fewer than 2 rooms forces one more. The grid has at most 6×4 = 24 cells, so larger values just fill it. Sensible: about 2–10.

        Default: `4` (library); `6` (Dungeoneer demo's starting value)"#]],
    );
    check_hover(
        &at("layout"),
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
    check_hover(
        &at("generation_constants"),
        expect![[r#"
        ["generation_constants"]
        **`generation_constants`** — object

        Constants of the algorithm (GenerationConstants). Optional for the library (class defaults), but the demo's import needs it present.

        Keys: `merge_rooms_chance`, `no_imperfections_chance`, `secondary_structure_flag_chance`, `max_number_monster_house_item_spawns`, `max_number_monster_house_enemy_spawns`, `first_dungeon_id_allow_monster_house_traps`"#]],
    );
}

#[test]
fn hover_on_an_enum_value_shows_its_name_and_meaning() {
    check_hover(
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
    check_hover(
        &fixture,
        expect![[r#"
        [1]
        **1** = `MEWTWO`: Mewtwo's challenge

        `dungeon_data.mission_destination.mission_subtype`"#]],
    );
    // A plain number has no code to explain.
    check_hover(
        &SMALL.replace("\"room_density\": 5", "\"room_density\": $05"),
        expect!["(no hover)"],
    );
}

#[test]
fn hover_on_an_unknown_key() {
    check_hover(
        &SMALL.replace("\"room_density\"", "$0\"room_densty\""),
        expect![[r#"
            ["room_densty"]
            `floor_props.room_densty`: not a key levls knows here; the library ignores it"#]],
    );
}

#[test]
fn completion_offers_the_missing_keys_of_this_object_with_defaults() {
    // In room_flags: only the flag not yet there.
    check_completions(
        &SMALL.replace(
            "\"f_secondary_terrain_generation\": true",
            "\"f_secondary_terrain_generation\": true,\n      \"$0",
        ),
        expect![[r#"
            f_room_imperfections (") ⇒ "f_room_imperfections": false — boolean = false
        "#]],
    );
    // In generation_constants, typed without quotes yet.
    check_completions(
        &SMALL.replace(
            "\"generation_constants\": {}",
            "\"generation_constants\": {merge$0}",
        ),
        expect![[r#"
            merge_rooms_chance (merge) ⇒ "merge_rooms_chance": 5 — integer = 5
            no_imperfections_chance (merge) ⇒ "no_imperfections_chance": 60 — integer = 60
            secondary_structure_flag_chance (merge) ⇒ "secondary_structure_flag_chance": 80 — integer = 80
            max_number_monster_house_item_spawns (merge) ⇒ "max_number_monster_house_item_spawns": 7 — integer = 7
            max_number_monster_house_enemy_spawns (merge) ⇒ "max_number_monster_house_enemy_spawns": 30 — integer = 30
            first_dungeon_id_allow_monster_house_traps (merge) ⇒ "first_dungeon_id_allow_monster_house_traps": 28 — integer = 28
        "#]],
    );
    // At the top level, with an auto-closed quote: the two optional groups are there; only
    // the levls extras remain.
    check_completions(
        &SMALL.replace("{\n  \"floor_props\"", "{\n  \"$0\"\n  \"floor_props\""),
        expect![[r#"
            $schema ("") ⇒ "$schema": "" — string = ""
            seed ("") ⇒ "seed": 0 — integer = 0
        "#]],
    );
}

#[test]
fn completion_of_enum_codes_and_booleans() {
    check_completions(
        &SMALL.replace("\"layout\": 1", "\"layout\": $0"),
        expect![[r#"
            0 () — LARGE
            1 () — SMALL
            2 () — ONE_ROOM_MONSTER_HOUSE
            3 () — OUTER_RING
            4 () — CROSSROADS
            5 () — TWO_ROOMS_WITH_MONSTER_HOUSE
            6 () — LINE
            7 () — CROSS
            8 () — LARGE_0x8
            9 () — BEETLE
            10 () — OUTER_ROOMS
            11 () — MEDIUM
            12 () — UNUSED_0xC
            13 () — UNUSED_0xD
            14 () — UNUSED_0xE
            15 () — UNUSED_0xF
        "#]],
    );
    check_completions(
        &SMALL.replace(
            "\"mission_type\": 0",
            "\"mission_type\": 10, \"mission_subtype\": $0",
        ),
        expect![[r#"
            0 () — NORMAL_0
            1 () — NORMAL_1
            2 () — NORMAL_2
            3 () — NORMAL_3
            4 () — ESCORT
            5 () — FLEEING
            6 () — HIDEOUT
            7 () — MONSTER_HOUSE
        "#]],
    );
    check_completions(
        &SMALL.replace(
            "\"f_secondary_terrain_generation\": true",
            "\"f_secondary_terrain_generation\": t$0",
        ),
        expect![[r#"
            true (t) — boolean
            false (t) — the library default
        "#]],
    );
    // No list for a plain number.
    check_completions(
        &SMALL.replace("\"room_density\": 5", "\"room_density\": $0"),
        expect!["(none)"],
    );
}

#[test]
fn inlay_hints_name_every_code() {
    let text = SMALL
        .replace(
            "\"layout\": 1",
            "\"layout\": 9, \"hidden_stairs_type\": 255",
        )
        .replace(
            "\"mission_type\": 0",
            "\"mission_type\": 3, \"mission_subtype\": 2",
        );
    let hints = with_file(&text, |file| {
        DungeonMystery.inlay_hints(file, 0..text.len())
    });
    let shown: Vec<String> = hints
        .iter()
        .map(|h| {
            format!(
                "{} after `{}`",
                h.label,
                &text[..h.offset].rsplit(' ').next().unwrap()
            )
        })
        .collect();
    expect![[r#"
        BEETLE after `9`
        RANDOM_SECRET_BAZAAR_OR_SECRET_ROOM after `255`
        EXPLORE_WITH_CLIENT after `3`
        GOLDEN_CHAMBER after `2`
    "#]]
    .assert_eq(&(shown.join("\n") + "\n"));
    // Only the visible range.
    let line3 = text.find("\"layout\"").unwrap();
    let hints = with_file(&text, |file| {
        DungeonMystery.inlay_hints(file, line3..line3 + 20)
    });
    assert_eq!(hints.len(), 1);
}

fn render(symbols: &[Symbol], depth: usize, out: &mut String) {
    for s in symbols {
        out.push_str(&format!(
            "{}{} {:?} {}\n",
            "  ".repeat(depth),
            s.name,
            s.kind,
            s.detail.as_deref().unwrap_or("")
        ));
        render(&s.children, depth + 1, out);
    }
}

#[test]
fn symbols_are_the_groups_and_their_keys() {
    let symbols = with_file(SMALL, |file| DungeonMystery.symbols(file));
    let mut out = String::new();
    render(&symbols, 0, &mut out);
    expect![[r#"
        floor_props Namespace The floor's own parameters (FloorProperties): layout, rooms, connectivity, densities, chances
          layout Field 1 SMALL
          room_density Field 5
          floor_connectivity Field 15
          room_flags Object Room properties (a bit field in the game).
            f_secondary_terrain_generation Field true
          secondary_terrain_density Field 5
        dungeon_data Namespace The dungeon around the floor (Dungeon): id, floor number, objective, mission
          floor Field 1
          n_floors_plus_one Field 4
          mission_destination Object The mission whose destination this floor is (MissionDestinationInfo).
            mission_type Field 0 RESCUE_CLIENT
        generation_constants Namespace Constants of the algorithm (GenerationConstants)
        advanced_generation_settings Namespace Fixes for bugs of the game (AdvancedGenerationSettings), all off by default
    "#]].assert_eq(&out);
}

#[test]
fn folds_cover_multi_line_objects() {
    let folds = with_file(SMALL, |file| DungeonMystery.folds(file));
    let shown: Vec<String> = folds.iter().map(|f| show_range(SMALL, &f.range)).collect();
    expect!["1:1-20:2 2:18-10:4 6:19-8:6 11:19-17:4 14:28-16:6"].assert_eq(&shown.join(" "));
}
