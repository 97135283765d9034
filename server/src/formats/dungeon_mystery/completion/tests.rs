//! Completion of missing keys, enum codes and booleans.

use crate::formats::dungeon_mystery::tests::{DUNGEON_MYSTERY, SMALL};
use expect_test::expect;

#[test]
fn completion_offers_the_missing_keys_of_this_object_with_defaults() {
    // In room_flags: only the flag not yet there.
    DUNGEON_MYSTERY.check_completion_list(
        &SMALL.replace(
            "\"f_secondary_terrain_generation\": true",
            "\"f_secondary_terrain_generation\": true,\n      \"$0",
        ),
        expect![[r#"
            f_room_imperfections (") ⇒ "f_room_imperfections": false — boolean = false
        "#]],
    );
    // In generation_constants, typed without quotes yet.
    DUNGEON_MYSTERY.check_completion_list(
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
    DUNGEON_MYSTERY.check_completion_list(
        &SMALL.replace("{\n  \"floor_props\"", "{\n  \"$0\"\n  \"floor_props\""),
        expect![[r#"
            $schema ("") ⇒ "$schema": "", — string = ""
            seed ("") ⇒ "seed": 0, — integer = 0
        "#]],
    );
}

#[test]
fn completion_of_enum_codes_and_booleans() {
    DUNGEON_MYSTERY.check_completion_list(
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
    DUNGEON_MYSTERY.check_completion_list(
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
    DUNGEON_MYSTERY.check_completion_list(
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
    DUNGEON_MYSTERY.check_completion_list(
        &SMALL.replace("\"room_density\": 5", "\"room_density\": $0"),
        expect!["(none)"],
    );
}

#[test]
fn completion_writes_the_commas_between_members() {
    // After a member with no comma yet, before another member: a comma on each side.
    DUNGEON_MYSTERY.check_completion_list(
        &SMALL.replace(
            "\"generation_constants\": {}",
            "\"generation_constants\": {\n    \"merge_rooms_chance\": 5\n    no_imp$0\n    \"max_number_monster_house_item_spawns\": 7\n  }",
        ),
        expect![[r#"
            no_imperfections_chance (no_imp) ⇒ , "no_imperfections_chance": 60, — integer = 60
            secondary_structure_flag_chance (no_imp) ⇒ , "secondary_structure_flag_chance": 80, — integer = 80
            max_number_monster_house_enemy_spawns (no_imp) ⇒ , "max_number_monster_house_enemy_spawns": 30, — integer = 30
            first_dungeon_id_allow_monster_house_traps (no_imp) ⇒ , "first_dungeon_id_allow_monster_house_traps": 28, — integer = 28
        "#]],
    );
    // A value typed before another member gets its comma too.
    DUNGEON_MYSTERY.check_completion_list(
        &SMALL.replace("\"layout\": 1,", "\"layout\": $0"),
        expect![[r#"
            0 () ⇒ 0, — LARGE
            1 () ⇒ 1, — SMALL
            2 () ⇒ 2, — ONE_ROOM_MONSTER_HOUSE
            3 () ⇒ 3, — OUTER_RING
            4 () ⇒ 4, — CROSSROADS
            5 () ⇒ 5, — TWO_ROOMS_WITH_MONSTER_HOUSE
            6 () ⇒ 6, — LINE
            7 () ⇒ 7, — CROSS
            8 () ⇒ 8, — LARGE_0x8
            9 () ⇒ 9, — BEETLE
            10 () ⇒ 10, — OUTER_ROOMS
            11 () ⇒ 11, — MEDIUM
            12 () ⇒ 12, — UNUSED_0xC
            13 () ⇒ 13, — UNUSED_0xD
            14 () ⇒ 14, — UNUSED_0xE
            15 () ⇒ 15, — UNUSED_0xF
        "#]],
    );
}

#[test]
fn comments_say_nothing_of_commas() {
    // A `//` comment before the cursor once counted as a member ending there.
    DUNGEON_MYSTERY.check_completion_list(
        &SMALL.replace(
            "\"generation_constants\": {}",
            "\"generation_constants\": {\n    // tuned by hand, \"x\": 1\n    no_imp$0\n    /* next */ \"max_number_monster_house_item_spawns\": 7\n  }",
        ),
        expect![[r#"
            merge_rooms_chance (no_imp) ⇒ "merge_rooms_chance": 5, — integer = 5
            no_imperfections_chance (no_imp) ⇒ "no_imperfections_chance": 60, — integer = 60
            secondary_structure_flag_chance (no_imp) ⇒ "secondary_structure_flag_chance": 80, — integer = 80
            max_number_monster_house_enemy_spawns (no_imp) ⇒ "max_number_monster_house_enemy_spawns": 30, — integer = 30
            first_dungeon_id_allow_monster_house_traps (no_imp) ⇒ "first_dungeon_id_allow_monster_house_traps": 28, — integer = 28
        "#]],
    );
}
