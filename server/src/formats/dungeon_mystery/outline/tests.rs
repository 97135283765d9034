//! Document symbols and folds.

use crate::formats::dungeon_mystery::tests::{DUNGEON_MYSTERY, SMALL};
use expect_test::expect;

#[test]
fn symbols_are_the_groups_and_their_keys() {
    DUNGEON_MYSTERY.check_symbol_kinds(
        SMALL,
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
    "#]],
    );
}

#[test]
fn folds_cover_multi_line_objects() {
    DUNGEON_MYSTERY.check_fold_ranges(
        SMALL,
        expect!["1:1-20:2 2:18-10:4 6:19-8:6 11:19-17:4 14:28-16:6"],
    );
}
