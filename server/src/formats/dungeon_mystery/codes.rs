//! Every diagnostic code dungeon-mystery gives, declared once, with the summary and
//! severity its row in the table of codes of `docs/formats/dungeon-mystery.md` shows.
//! The test below keeps this table, that page and the code literals under
//! `formats/dungeon_mystery/` equal.

use crate::formats::codes::Code;

pub static CODES: &[Code] = &[
    Code::warning("dungeon-mystery::chance-saturates", "a chance outside 0..100"),
    Code::error("dungeon-mystery::comment", "A comment"),
    Code::warning("dungeon-mystery::connectivity-fallback", "`floor_connectivity <= 0` on LARGE, SMALL, MEDIUM, LARGE_0x8, LINE"),
    Code::warning("dungeon-mystery::duplicate-key", "a key given again later in the same object"),
    Code::warning("dungeon-mystery::fixed-room", "`fixed_room_id` 1–110"),
    Code::warning("dungeon-mystery::hidden-stairs-last-floor", "hidden stairs asked for where `floor + 1 >= n_floors_plus_one`"),
    Code::warning("dungeon-mystery::maze-without-setting", "`maze_room_chance > 0` without `advanced_generation_settings.allow_wall_maze_room_generation` true"),
    Code::error("dungeon-mystery::missing-group", "`floor_props` or `dungeon_data` absent"),
    Code::hint("dungeon-mystery::missing-optional-group", "`generation_constants` or `advanced_generation_settings` absent"),
    Code::error("dungeon-mystery::not-an-integer", "a fractional number"),
    Code::error("dungeon-mystery::not-an-object", "the top-level value is not an object"),
    Code::error("dungeon-mystery::out-of-range", "outside the game byte range"),
    Code::warning("dungeon-mystery::rescue-floor-unused", "`rescue_floor` set"),
    Code::warning("dungeon-mystery::saturated-density", "A density past its cap"),
    Code::warning("dungeon-mystery::subtype-without-subtypes", "`mission_subtype` non-zero for a mission type with no subtypes"),
    Code::error("dungeon-mystery::syntax-error", "Not valid JSON"),
    Code::warning("dungeon-mystery::terrain-density-unused", "`secondary_terrain_density` set"),
    Code::error("dungeon-mystery::trailing-comma", "A trailing comma"),
    Code::error("dungeon-mystery::unknown-code", "A code the game does not define"),
    Code::warning("dungeon-mystery::unknown-key", "a key the object does not have"),
    Code::warning("dungeon-mystery::unused-field", "`floor_number` or `hidden_stairs_spawn_chance` set"),
    Code::warning("dungeon-mystery::unused-layout", "layout 12–15: generates LARGE"),
    Code::error("dungeon-mystery::wrong-type", "a JSON type other than the field's"),
];

#[cfg(test)]
mod tests {
    use crate::formats::codes::check::{agree, Table};

    #[test]
    fn codes_agree_with_the_docs_and_the_source() {
        agree(&Table::of(&super::super::DungeonMystery));
    }
}
