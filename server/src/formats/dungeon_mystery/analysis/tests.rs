//! Diagnostics, one test per rule or decision (`docs/formats/dungeon-mystery.md`). The files
//! are small variations of [`SMALL`].

use crate::formats::dungeon_mystery::tests::{DUNGEON_MYSTERY, SMALL};
use expect_test::expect;

/// SMALL with `from` replaced by `to` (which must be there).
fn with(from: &str, to: &str) -> String {
    assert!(SMALL.contains(from), "{from:?} is in SMALL");
    SMALL.replacen(from, to, 1)
}

#[test]
fn a_valid_file_is_clean() {
    DUNGEON_MYSTERY.check_diagnostics(SMALL, expect![""]);
}

#[test]
fn syntax_errors_are_located_and_recover() {
    DUNGEON_MYSTERY.check_diagnostics(
        &with("\"room_density\": 5,", "\"room_density\": 5,,"),
        expect![[r#"
            4:23-4:24 error dungeon-mystery::syntax-error: unexpected `,`: not valid JSON here (a missing `,` or `:`, or a stray character?)
        "#]],
    );
    DUNGEON_MYSTERY.check_diagnostics(
        &with("\"layout\": 1,", "\"layout\" 1,"),
        expect![[r#"
            3:13-3:13 error dungeon-mystery::syntax-error: `:` expected here
        "#]],
    );
    DUNGEON_MYSTERY.check_diagnostics(
        &with("\"layout\": 1,", "\"layout\": 1."),
        expect![[r#"
            3:15-3:17 error dungeon-mystery::syntax-error: `1.`: JSON needs a digit after the decimal point (or was a `,` meant?)
        "#]],
    );
    DUNGEON_MYSTERY.check_diagnostics(
        "{\n  \"floor_props\": {\n    \"layout\": 1,\n",
        expect![[r#"
        1:1-3:17 error dungeon-mystery::syntax-error: the file ends inside a value: a `}`, `]` or `"` is missing
    "#]],
    );
    DUNGEON_MYSTERY.check_diagnostics(
        "",
        expect![[r#"
        1:1-1:1 error dungeon-mystery::syntax-error: an empty file: `JSON.parse` needs one value (here, an object with `floor_props` and `dungeon_data`)
    "#]],
    );
    DUNGEON_MYSTERY.check_diagnostics(
        "{\"floor_props\": {}, \"dungeon_data\": {}} {}",
        expect![[r#"
            1:1-1:2 hint dungeon-mystery::missing-optional-group: `generation_constants` is missing: the library uses its defaults, but the demo's import needs all four groups
                fix: Insert `generation_constants` with the library defaults → `{"floor_props": {}, "dungeon_data": {},`
            1:1-1:2 hint dungeon-mystery::missing-optional-group: `advanced_generation_settings` is missing: the library uses its defaults, but the demo's import needs all four groups
                fix: Insert `advanced_generation_settings` with the library defaults → `{"floor_props": {}, "dungeon_data": {},`
            1:41-1:43 error dungeon-mystery::syntax-error: a second value after the first: a JSON file holds exactly one value, and `JSON.parse` rejects the rest
        "#]],
    );
    DUNGEON_MYSTERY.check_diagnostics(
        &with("\"floor\": 1,", "\"floor\": 1, \"x\": \"a\\u12\","),
        expect![[r#"
            12:17-12:20 warning dungeon-mystery::unknown-key: unknown key `x` in `dungeon_data`: the library ignores it
            12:24-12:26 error dungeon-mystery::syntax-error: `\u` must be followed by 4 hexadecimal digits
        "#]],
    );
}

/// Each mistake is one error where it is, and the members after it are still
/// read and checked (the unknown keys).
#[test]
fn one_error_per_mistake_and_the_rest_still_checked() {
    // An unquoted key; a value missing before the next key.
    DUNGEON_MYSTERY.check_diagnostics(
        &with("\"layout\": 1,", "\"layout\": 1, item_density: 5, \"x\":\n"),
        expect![[r#"
            3:18-3:30 error dungeon-mystery::syntax-error: a key must be a string in double quotes: `"item_density"`
            3:35-3:38 warning dungeon-mystery::unknown-key: unknown key `x` in `floor_props`: the library ignores it
            3:39-3:39 error dungeon-mystery::syntax-error: a value expected here
        "#]],
    );
    // A string left open at its line's end; an escape JSON does not know.
    DUNGEON_MYSTERY.check_diagnostics(
        &with("\"layout\": 1,", "\"layout\": 1, \"x\": \"open,\n \"y\": \"a\\qb\","),
        expect![[r#"
            3:18-3:21 warning dungeon-mystery::unknown-key: unknown key `x` in `floor_props`: the library ignores it
            3:29-3:29 error dungeon-mystery::syntax-error: `"` expected here
            4:2-4:5 warning dungeon-mystery::unknown-key: unknown key `y` in `floor_props`: the library ignores it
            4:9-4:11 error dungeon-mystery::syntax-error: `\q` is no JSON escape: JSON knows `\"` `\\` `\/` `\b` `\f` `\n` `\r` `\t` and `\uXXXX`
        "#]],
    );
    // Numbers JSON spells otherwise, and one it allows.
    DUNGEON_MYSTERY.check_diagnostics(
        &with("\"layout\": 1,", "\"layout\": 1, \"x\": 01, \"y\": +1, \"z\": 1e+5,"),
        expect![[r#"
            3:18-3:21 warning dungeon-mystery::unknown-key: unknown key `x` in `floor_props`: the library ignores it
            3:23-3:25 error dungeon-mystery::syntax-error: `01` is not a JSON number (digits, without a leading zero or `+`, an optional fraction and exponent)
            3:27-3:30 warning dungeon-mystery::unknown-key: unknown key `y` in `floor_props`: the library ignores it
            3:32-3:34 error dungeon-mystery::syntax-error: unexpected `+1`: not valid JSON here (a missing `,` or `:`, or a stray character?)
            3:36-3:39 warning dungeon-mystery::unknown-key: unknown key `z` in `floor_props`: the library ignores it
        "#]],
    );
    // A stray word among the items of an array.
    DUNGEON_MYSTERY.check_diagnostics(
        &with("\"layout\": 1,", "\"layout\": 1, \"x\": [1, nulal, 3],"),
        expect![[r#"
            3:18-3:21 warning dungeon-mystery::unknown-key: unknown key `x` in `floor_props`: the library ignores it
            3:27-3:32 error dungeon-mystery::syntax-error: unexpected `nulal`: not valid JSON here (a missing `,` or `:`, or a stray character?)
        "#]],
    );
    // An array closed by `}`: the object around it takes the `}`.
    DUNGEON_MYSTERY.check_diagnostics(
        &with("\"layout\": 1,", "\"layout\": 1, \"x\": [1, 2},"),
        expect![[r#"
            3:18-3:21 warning dungeon-mystery::unknown-key: unknown key `x` in `floor_props`: the library ignores it
            3:28-3:29 error dungeon-mystery::syntax-error: `]` expected here, not `}`
        "#]],
    );
}

#[test]
fn comments_and_trailing_commas_are_errors_with_a_fix() {
    DUNGEON_MYSTERY.check_diagnostics(
        &with("\"layout\": 1,", "\"layout\": 1, // small"),
        expect![[r#"
            3:18-3:26 error dungeon-mystery::comment: a comment: JSON has no comments, and the demo's `JSON.parse` rejects the file
                fix: Remove the comment → `    "layout": 1, `
        "#]],
    );
    DUNGEON_MYSTERY.check_diagnostics(
        &with("\"layout\": 1,", "/* the layout */ \"layout\": 1,"),
        expect![[r#"
            3:5-3:21 error dungeon-mystery::comment: a comment: JSON has no comments, and the demo's `JSON.parse` rejects the file
                fix: Remove the comment → `     "layout": 1,`
        "#]],
    );
    DUNGEON_MYSTERY.check_diagnostics(
        &with(
            "\"secondary_terrain_density\": 5",
            "\"secondary_terrain_density\": 5,",
        ),
        expect![[r#"
            9:35-9:36 error dungeon-mystery::trailing-comma: a trailing comma: JSON allows none before `}` or `]`, and the demo's `JSON.parse` rejects the file
                fix: Remove the trailing comma → `    "secondary_terrain_density": 5`
        "#]],
    );
    DUNGEON_MYSTERY.check_diagnostics(
        &with(
            "\"generation_constants\": {}",
            "\"generation_constants\": {\"merge_rooms_chance\": [1, 2, ]}",
        ),
        expect![[r#"
            18:50-18:58 error dungeon-mystery::wrong-type: `generation_constants.merge_rooms_chance` must be an integer, not an array: the library does not check types, so the floor is unpredictable
            18:55-18:56 error dungeon-mystery::trailing-comma: a trailing comma: JSON allows none before `}` or `]`, and the demo's `JSON.parse` rejects the file
                fix: Remove the trailing comma → `  "generation_constants": {"merge_rooms_chance": [1, 2 ]},`
        "#]],
    );
}

#[test]
fn the_top_level_must_be_an_object() {
    DUNGEON_MYSTERY.check_diagnostics(
        "[1, 2]\n",
        expect![[r#"
        1:1-1:7 error dungeon-mystery::not-an-object: the file must be one object with `floor_props` and `dungeon_data`, not an array; the demo's import rejects it
    "#]],
    );
}

#[test]
fn wrong_types_say_what_the_library_does() {
    DUNGEON_MYSTERY.check_diagnostics(
        &with("\"layout\": 1,", "\"layout\": \"3\","),
        expect![[r#"
        3:15-3:18 error dungeon-mystery::wrong-type: `floor_props.layout` must be an integer code, not a string: the library silently generates LARGE
            fix: Write `3` → `    "layout": 3,`
    "#]],
    );
    DUNGEON_MYSTERY.check_diagnostics(
        &with("\"layout\": 1,", "\"layout\": null,"),
        expect![[r#"
        3:15-3:19 error dungeon-mystery::wrong-type: `floor_props.layout` must be an integer code, not null: the library silently generates LARGE
    "#]],
    );
    DUNGEON_MYSTERY.check_diagnostics(
        &with("\"room_density\": 5,", "\"room_density\": \"five\","),
        expect![[r#"
            4:21-4:27 error dungeon-mystery::wrong-type: `floor_props.room_density` must be an integer, not a string: the library does not convert it: in JavaScript `"5" + 1` is `"51"`, so the floor is unpredictable
        "#]],
    );
    DUNGEON_MYSTERY.check_diagnostics(
        &with(
            "\"f_secondary_terrain_generation\": true",
            "\"f_secondary_terrain_generation\": 1",
        ),
        expect![[r#"
            7:41-7:42 error dungeon-mystery::wrong-type: `floor_props.room_flags.f_secondary_terrain_generation` must be `true` or `false`, not a number: 0 and 1 happen to work in JavaScript, but the documented type is a boolean
                fix: Write `true` → `      "f_secondary_terrain_generation": true`
        "#]],
    );
    DUNGEON_MYSTERY.check_diagnostics(
        &with(
            "\"f_secondary_terrain_generation\": true",
            "\"f_secondary_terrain_generation\": \"yes\"",
        ),
        expect![[r#"
            7:41-7:46 error dungeon-mystery::wrong-type: `floor_props.room_flags.f_secondary_terrain_generation` must be `true` or `false`, not a string: JavaScript reads any non-empty string or object as true
        "#]],
    );
    DUNGEON_MYSTERY.check_diagnostics(
        &with(
            "\"generation_constants\": {}",
            "\"generation_constants\": []",
        ),
        expect![[r#"
            18:27-18:29 error dungeon-mystery::wrong-type: `generation_constants` must be an object, not an array: the library reads its fields as missing or garbage
        "#]],
    );
}

#[test]
fn non_integers_are_errors_but_whole_fractions_are_fine() {
    DUNGEON_MYSTERY.check_diagnostics(
        &with("\"room_density\": 5,", "\"room_density\": 5.5,"),
        expect![[r#"
            4:21-4:24 error dungeon-mystery::not-an-integer: `floor_props.room_density` must be a whole number, not 5.5: the library compares and adds it as is, so the floor is unpredictable
        "#]],
    );
    DUNGEON_MYSTERY.check_diagnostics(
        &with("\"room_density\": 5,", "\"room_density\": 5.0,"),
        expect![""],
    );
    DUNGEON_MYSTERY.check_diagnostics(
        &with("\"room_density\": 5,", "\"room_density\": 5e0,"),
        expect![""],
    );
}

#[test]
fn enum_codes() {
    DUNGEON_MYSTERY.check_diagnostics(
        &with("\"layout\": 1,", "\"layout\": 16,"),
        expect![[r#"
        3:15-3:17 error dungeon-mystery::unknown-code: 16 is not a code of `floor_props.layout` (valid: 0–15); the library silently generates LARGE
    "#]],
    );
    DUNGEON_MYSTERY.check_diagnostics(
        &with("\"layout\": 1,", "\"layout\": -1,"),
        expect![[r#"
        3:15-3:17 error dungeon-mystery::unknown-code: -1 is not a code of `floor_props.layout` (valid: 0–15); the library silently generates LARGE
    "#]],
    );
    DUNGEON_MYSTERY.check_diagnostics(
        &with("\"layout\": 1,", "\"layout\": 13,"),
        expect![[r#"
        3:15-3:17 warning dungeon-mystery::unused-layout: layout 13 (UNUSED_0xD) is unused in the game and generates LARGE
            fix: Change to 0 (LARGE) → `    "layout": 0,`
    "#]],
    );
    DUNGEON_MYSTERY.check_diagnostics(
        &with(
            "\"layout\": 1,",
            "\"layout\": 1, \"hidden_stairs_type\": 3,",
        ),
        expect![[r#"
            3:40-3:41 error dungeon-mystery::unknown-code: 3 is not a code of `floor_props.hidden_stairs_type` (valid: 0–2, 255)
        "#]],
    );
    DUNGEON_MYSTERY.check_diagnostics(
        &with("\"floor\": 1,", "\"floor\": 1, \"dungeon_objective\": 4,"),
        expect![[r#"
            12:38-12:39 error dungeon-mystery::unknown-code: 4 is not a code of `dungeon_data.dungeon_objective` (valid: 0–3)
        "#]],
    );
    DUNGEON_MYSTERY.check_diagnostics(
        &with("\"mission_type\": 0", "\"mission_type\": 13"),
        expect![[r#"
            15:23-15:25 error dungeon-mystery::unknown-code: 13 is not a code of `dungeon_data.mission_destination.mission_type` (valid: 0–12)
        "#]],
    );
    DUNGEON_MYSTERY.check_diagnostics(
        &with(
            "\"mission_type\": 0",
            "\"mission_type\": 11, \"mission_subtype\": 6",
        ),
        expect![[r#"
            15:46-15:47 error dungeon-mystery::unknown-code: 6 is not a subtype of mission type 11 (CHALLENGE_REQUEST) (valid: 0–5)
        "#]],
    );
    DUNGEON_MYSTERY.check_diagnostics(
        &with(
            "\"mission_type\": 0",
            "\"mission_type\": 10, \"mission_subtype\": 7",
        ),
        expect![""],
    );
}

#[test]
fn ranges_are_the_game_byte_ranges_and_chances_saturate() {
    DUNGEON_MYSTERY.check_diagnostics(
        &with("\"room_density\": 5,", "\"room_density\": -129,"),
        expect![[r#"
            4:21-4:25 error dungeon-mystery::out-of-range: `floor_props.room_density` must be between -128 and 127 (a signed byte of the game's floor record), not -129
                fix: Change to -128 → `    "room_density": -128,`
        "#]],
    );
    DUNGEON_MYSTERY.check_diagnostics(
        &with("\"room_density\": 5,", "\"room_density\": -5,"),
        expect![""],
    );
    DUNGEON_MYSTERY.check_diagnostics(
        &with(
            "\"floor_connectivity\": 15,",
            "\"floor_connectivity\": 256,",
        ),
        expect![[r#"
            5:27-5:30 error dungeon-mystery::out-of-range: `floor_props.floor_connectivity` must be between 0 and 255 (an unsigned byte of the game's floor record), not 256
                fix: Change to 255 → `    "floor_connectivity": 255,`
        "#]],
    );
    DUNGEON_MYSTERY.check_diagnostics(
        &with("\"layout\": 1,", "\"layout\": 1, \"item_density\": -1,"),
        expect![[r#"
            3:34-3:36 error dungeon-mystery::out-of-range: `floor_props.item_density` must be between 0 and 255 (an unsigned byte of the game's floor record), not -1
                fix: Change to 0 → `    "layout": 1, "item_density": 0,`
        "#]],
    );
    DUNGEON_MYSTERY.check_diagnostics(
        &with("\"layout\": 1,", "\"layout\": 1, \"enemy_density\": -3,"),
        expect![""],
    );
    DUNGEON_MYSTERY.check_diagnostics(
        &with(
            "\"layout\": 1,",
            "\"layout\": 1, \"kecleon_shop_chance\": 150,",
        ),
        expect![[r#"
            3:41-3:44 warning dungeon-mystery::chance-saturates: `floor_props.kecleon_shop_chance` is a percentage (0–100); 150 saturates: it always happens, as with 100
                fix: Change to 100 → `    "layout": 1, "kecleon_shop_chance": 100,`
        "#]],
    );
    DUNGEON_MYSTERY.check_diagnostics(
        &with(
            "\"layout\": 1,",
            "\"layout\": 1, \"kecleon_shop_chance\": 300,",
        ),
        expect![[r#"
            3:41-3:44 error dungeon-mystery::out-of-range: `floor_props.kecleon_shop_chance` must be between 0 and 255 (an unsigned byte of the game's floor record), not 300
                fix: Change to 255 → `    "layout": 1, "kecleon_shop_chance": 255,`
        "#]],
    );
    DUNGEON_MYSTERY.check_diagnostics(
        &with(
            "\"generation_constants\": {}",
            "\"generation_constants\": {\"merge_rooms_chance\": -5}",
        ),
        expect![[r#"
            18:50-18:52 warning dungeon-mystery::chance-saturates: `generation_constants.merge_rooms_chance` is a percentage (0–100); -5 saturates: it never happens, as with 0
                fix: Change to 0 → `  "generation_constants": {"merge_rooms_chance": 0},`
        "#]],
    );
    DUNGEON_MYSTERY.check_diagnostics(
        &with("{\n", "{\n  \"seed\": 4294967296,\n"),
        expect![[r#"
        2:11-2:21 error dungeon-mystery::out-of-range: `seed` must be between 0 and 4294967295 (a 32-bit seed of the game's random number generator), not 4294967296
            fix: Change to 4294967295 → `  "seed": 4294967295,`
    "#]],
    );
    DUNGEON_MYSTERY.check_diagnostics(&with("{\n", "{\n  \"$schema\": \"../docs/formats/dungeon-mystery.schema.json\",\n  \"seed\": 4294967295,\n"), expect![""]);
}

#[test]
fn unknown_keys_warn_with_did_you_mean_and_a_fix() {
    DUNGEON_MYSTERY.check_diagnostics(
        &with("\"room_density\": 5,", "\"room_denisty\": 5,"),
        expect![[r#"
            4:5-4:19 warning dungeon-mystery::unknown-key: unknown key `room_denisty` in `floor_props`: the library ignores it; did you mean `room_density`?
                fix: Change to `room_density` → `    "room_density": 5,`
        "#]],
    );
    DUNGEON_MYSTERY.check_diagnostics(
        &with("\"layout\": 1,", "\"layout\": 1, \"tileset\": 3,"),
        expect![[r#"
            3:18-3:27 warning dungeon-mystery::unknown-key: unknown key `tileset` in `floor_props`: the library ignores it
        "#]],
    );
    DUNGEON_MYSTERY.check_diagnostics(
        &with("\"floor\": 1,", "\"floor\": 1, \"layout\": 3,"),
        expect![[r#"
            12:17-12:25 warning dungeon-mystery::unknown-key: unknown key `layout` in `dungeon_data`: the library ignores it (that key belongs to another group)
        "#]],
    );
}

#[test]
fn duplicate_keys_warn_on_the_ignored_one() {
    DUNGEON_MYSTERY.check_diagnostics(
        &with("\"layout\": 1,", "\"layout\": 1, \"layout\": 2,"),
        expect![[r#"
            3:5-3:13 warning dungeon-mystery::duplicate-key: `layout` is given again on line 3; `JSON.parse` keeps only the last, so this one is ignored
        "#]],
    );
}

#[test]
fn missing_groups() {
    DUNGEON_MYSTERY.check_diagnostics(
        &SMALL
            .replace(
                "  \"generation_constants\": {},\n  \"advanced_generation_settings\": {}\n",
                "",
            )
            .replace("  },\n}", "  }\n}")
            .replace("    }\n  },\n\n}", "    }\n  }\n}"),
        expect![[r#"
            1:1-1:2 hint dungeon-mystery::missing-optional-group: `generation_constants` is missing: the library uses its defaults, but the demo's import needs all four groups
                fix: Insert `generation_constants` with the library defaults → `  },`
            1:1-1:2 hint dungeon-mystery::missing-optional-group: `advanced_generation_settings` is missing: the library uses its defaults, but the demo's import needs all four groups
                fix: Insert `advanced_generation_settings` with the library defaults → `  },`
        "#]],
    );
    DUNGEON_MYSTERY.check_diagnostics("{\n  \"floor_props\": {},\n  \"generation_constants\": {},\n  \"advanced_generation_settings\": {}\n}\n", expect![[r#"
        1:1-1:2 error dungeon-mystery::missing-group: `dungeon_data` is missing: the library needs it, and the demo's import rejects the file ("failed to be matched as a dungeoneer settings file")
            fix: Insert `dungeon_data` with the library defaults → `  "advanced_generation_settings": {},`
    "#]]);
    DUNGEON_MYSTERY.check_diagnostics(
        "{}\n",
        expect![[r#"
        1:1-1:2 error dungeon-mystery::missing-group: `floor_props` is missing: the library needs it, and the demo's import rejects the file ("failed to be matched as a dungeoneer settings file")
            fix: Insert `floor_props` with the library defaults → `{`
        1:1-1:2 error dungeon-mystery::missing-group: `dungeon_data` is missing: the library needs it, and the demo's import rejects the file ("failed to be matched as a dungeoneer settings file")
            fix: Insert `dungeon_data` with the library defaults → `{`
        1:1-1:2 hint dungeon-mystery::missing-optional-group: `generation_constants` is missing: the library uses its defaults, but the demo's import needs all four groups
            fix: Insert `generation_constants` with the library defaults → `{`
        1:1-1:2 hint dungeon-mystery::missing-optional-group: `advanced_generation_settings` is missing: the library uses its defaults, but the demo's import needs all four groups
            fix: Insert `advanced_generation_settings` with the library defaults → `{`
    "#]],
    );
}

#[test]
fn outputs_of_the_demo_export_are_accepted_silently() {
    DUNGEON_MYSTERY.check_diagnostics(&with("\"floor\": 1,", "\"floor\": 1, \"list_tiles\": [[null, null]], \"active_traps\": [], \"num_items\": 0, \"kecleon_shop_min_x\": 0,"), expect![""]);
}

#[test]
fn unused_fields_warn_only_when_set() {
    DUNGEON_MYSTERY.check_diagnostics(
        &with(
            "\"layout\": 1,",
            "\"layout\": 1, \"floor_number\": 0, \"hidden_stairs_spawn_chance\": 0,",
        ),
        expect![""],
    );
    DUNGEON_MYSTERY.check_diagnostics(
        &with(
            "\"layout\": 1,",
            "\"layout\": 1, \"floor_number\": 3, \"hidden_stairs_spawn_chance\": 50,",
        ),
        expect![[r#"
            3:34-3:35 warning dungeon-mystery::unused-field: `floor_props.floor_number` is not used by the generator: 3 has no effect on the floor
            3:67-3:69 warning dungeon-mystery::unused-field: `floor_props.hidden_stairs_spawn_chance` is not used by the generator: 50 has no effect on the floor
        "#]],
    );
}

#[test]
fn connectivity_at_or_below_zero_falls_back_on_the_standard_layouts() {
    DUNGEON_MYSTERY.check_diagnostics(
        &with("\"floor_connectivity\": 15,", "\"floor_connectivity\": 0,"),
        expect![[r#"
            5:27-5:28 warning dungeon-mystery::connectivity-fallback: `floor_connectivity` 0 on layout SMALL: every attempt fails, and after 10 the floor becomes a One-Room Monster House
        "#]],
    );
    DUNGEON_MYSTERY.check_diagnostics(
        &with("\"layout\": 1,", "\"layout\": 6,")
            .replace("\"floor_connectivity\": 15,", "\"floor_connectivity\": -2,"),
        expect![[r#"
            5:27-5:29 error dungeon-mystery::out-of-range: `floor_props.floor_connectivity` must be between 0 and 255 (an unsigned byte of the game's floor record), not -2
                fix: Change to 0 → `    "floor_connectivity": 0,`
            5:27-5:29 warning dungeon-mystery::connectivity-fallback: `floor_connectivity` -2 on layout LINE: every attempt fails, and after 10 the floor becomes a One-Room Monster House
        "#]],
    );
    // OUTER_RING does not walk: no warning.
    DUNGEON_MYSTERY.check_diagnostics(
        &with("\"layout\": 1,", "\"layout\": 3,")
            .replace("\"floor_connectivity\": 15,", "\"floor_connectivity\": 0,"),
        expect![""],
    );
}

#[test]
fn maze_chance_needs_the_advanced_setting() {
    DUNGEON_MYSTERY.check_diagnostics(
        &with("\"layout\": 1,", "\"layout\": 1, \"maze_room_chance\": 50,"),
        expect![[r#"
            3:38-3:40 warning dungeon-mystery::maze-without-setting: `maze_room_chance` has no effect: wall maze rooms are generated only with `advanced_generation_settings.allow_wall_maze_room_generation` true
        "#]],
    );
    DUNGEON_MYSTERY.check_diagnostics(
        &with("\"layout\": 1,", "\"layout\": 1, \"maze_room_chance\": 50,").replace(
            "\"advanced_generation_settings\": {}",
            "\"advanced_generation_settings\": {\"allow_wall_maze_room_generation\": true}",
        ),
        expect![""],
    );
}

#[test]
fn terrain_density_needs_the_terrain_flag_and_a_layout_with_terrain() {
    let dense = with(
        "\"secondary_terrain_density\": 5",
        "\"secondary_terrain_density\": 7",
    );
    DUNGEON_MYSTERY.check_diagnostics(
        &dense.replace(
            "\"f_secondary_terrain_generation\": true",
            "\"f_secondary_terrain_generation\": false",
        ),
        expect![[r#"
            9:34-9:35 warning dungeon-mystery::terrain-density-unused: `secondary_terrain_density` 7 is unused: lakes are generated only with `room_flags.f_secondary_terrain_generation` true
        "#]],
    );
    DUNGEON_MYSTERY.check_diagnostics(
        &dense.replace("\"layout\": 1,", "\"layout\": 9,"),
        expect![[r#"
        9:34-9:35 warning dungeon-mystery::terrain-density-unused: `secondary_terrain_density` 7 is unused: layout BEETLE generates no secondary terrain
    "#]],
    );
    // The library default (10) and the demo's (5) are not "set".
    DUNGEON_MYSTERY.check_diagnostics(
        &with(
            "\"f_secondary_terrain_generation\": true",
            "\"f_secondary_terrain_generation\": false",
        ),
        expect![""],
    );
    DUNGEON_MYSTERY.check_diagnostics(
        &with(
            "\"f_secondary_terrain_generation\": true",
            "\"f_secondary_terrain_generation\": false",
        )
        .replace(
            "\"secondary_terrain_density\": 5",
            "\"secondary_terrain_density\": 10",
        ),
        expect![""],
    );
}

#[test]
fn subtypes_only_for_types_that_have_them() {
    DUNGEON_MYSTERY.check_diagnostics(
        &with(
            "\"mission_type\": 0",
            "\"mission_type\": 6, \"mission_subtype\": 2",
        ),
        expect![[r#"
            15:45-15:46 warning dungeon-mystery::subtype-without-subtypes: `mission_subtype` 2 is ignored: mission type 6 (FIND_ITEM) has no subtypes
        "#]],
    );
    DUNGEON_MYSTERY.check_diagnostics(
        &with(
            "\"mission_type\": 0",
            "\"mission_type\": 6, \"mission_subtype\": 0",
        ),
        expect![""],
    );
}

#[test]
fn rescue_floor_needs_the_rescue_objective() {
    DUNGEON_MYSTERY.check_diagnostics(
        &with("\"floor\": 1,", "\"floor\": 1, \"rescue_floor\": 3,"),
        expect![[r#"
            12:33-12:34 warning dungeon-mystery::rescue-floor-unused: `rescue_floor` 3 is unused: the rescue-floor rule applies only with `dungeon_objective` 2 (RESCUE), and here it is 1
        "#]],
    );
    DUNGEON_MYSTERY.check_diagnostics(
        &with(
            "\"floor\": 1,",
            "\"floor\": 1, \"rescue_floor\": 3, \"dungeon_objective\": 2,",
        ),
        expect![""],
    );
}

#[test]
fn very_large_densities_saturate() {
    DUNGEON_MYSTERY.check_diagnostics(
        &with(
            "\"room_density\": 5,",
            "\"room_density\": 30, \"trap_density\": 120,",
        ),
        expect![[r#"
            4:21-4:23 warning dungeon-mystery::saturated-density: `room_density` 30 asks for more rooms than the grid has cells (at most 6×4 = 24): every cell becomes a room, as with 24
            4:41-4:44 warning dungeon-mystery::saturated-density: `trap_density` 120 always gives the cap of 56 traps (the draw is at least 60)
        "#]],
    );
    DUNGEON_MYSTERY.check_diagnostics(
        &with(
            "\"room_density\": 5,",
            "\"room_density\": 24, \"trap_density\": 111,",
        ),
        expect![""],
    );
}

#[test]
fn fixed_room_ids_and_hidden_stairs_on_the_last_floor() {
    DUNGEON_MYSTERY.check_diagnostics(
        &with("\"layout\": 1,", "\"layout\": 1, \"fixed_room_id\": 5,"),
        expect![[r#"
            3:35-3:36 warning dungeon-mystery::fixed-room: `fixed_room_id` 5: dungeon-mystery has no fixed rooms; the only effect is a FIXED floor type (no monster house, stairs reachability not validated)
        "#]],
    );
    DUNGEON_MYSTERY.check_diagnostics(
        &with(
            "\"layout\": 1,",
            "\"layout\": 1, \"hidden_stairs_type\": 1,",
        )
        .replace("\"n_floors_plus_one\": 4", "\"n_floors_plus_one\": 2"),
        expect![[r#"
            3:40-3:41 warning dungeon-mystery::hidden-stairs-last-floor: no hidden stairs are placed: they need `dungeon_data.floor + 1 < n_floors_plus_one`, and here 1 + 1 >= 2 (the last floor)
        "#]],
    );
    DUNGEON_MYSTERY.check_diagnostics(
        &with(
            "\"layout\": 1,",
            "\"layout\": 1, \"hidden_stairs_type\": 1,",
        ),
        expect![""],
    );
}
