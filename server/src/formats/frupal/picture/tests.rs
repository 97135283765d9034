//! The map picture: terrain, items, the start, and diagnostics as markers.

use crate::formats::frupal::tests::FRUPAL;
use expect_test::expect;

#[test]
fn small_map_terrain_items_and_start() {
    FRUPAL.check_pictures(
        "Frupal_Kingdom:\nterrain: 6 4\n......\n..=.~.\n..\"...\n......\nstart: 1 1\ndiamonds: 4 2\nfood: 0 3 1 2 Bread.\nship: 4 1 10\n",
        expect![[r#"
            map.fmap 6x4
            ......
            .@=.S.
            ..".$.
            F.....
            . #1b5e20 on #4caf50: meadow
            = #616161 on #e0e0e0: wall
            ~ #0d47a1 on #2196f3: water
            " #4a148c on #9c27b0: swamp
            @ #000000 on #4caf50: the hero's start
            $ #ffffff on #00bcd4: the royal diamonds
            F #000000 on #4caf50: food
            S #000000 on #2196f3: ship
        "#]],
    );
}

#[test]
fn diagnostics_on_cells_become_markers() {
    FRUPAL.check_pictures(
        "Frupal_Kingdom:\nterrain: 4 3\n..=.\n===.\n..=.\nstart: 0 0\ndiamonds: 3 2\ntreasure: 2 0 5 Gold.\n",
        expect![[r#"
            map.fmap 4x3
            @.$.
            ===.
            ..=$
            warning (3,2): frupal::unreachable-diamonds: the hero cannot reach the diamonds from the start at 0 0: walls cut them off from the start
            error (2,0): frupal::item-on-wall: 2 0 is a wall: the treasure cannot stand there; the game refuses to load this map
            . #1b5e20 on #4caf50: meadow
            = #616161 on #e0e0e0: wall
            @ #000000 on #4caf50: the hero's start
            $ #ffffff on #00bcd4: the royal diamonds
            $ #000000 on #e0e0e0: treasure
        "#]],
    );
}

#[test]
fn short_rows_are_black() {
    FRUPAL.check_pictures(
        "Frupal_Kingdom:\nterrain: 3 2\n..\n...\nstart: 0 0\ndiamonds: 2 1\n",
        expect![[r#"
            map.fmap 3x2
            @. 
            ..$
            error (2,0): frupal::row-length: terrain row 0 has 2 of 3 characters; the game refuses to load this map
            . #1b5e20 on #4caf50: meadow
              #ffffff on #000000: no terrain (short row or unknown character)
            @ #000000 on #4caf50: the hero's start
            $ #ffffff on #00bcd4: the royal diamonds
        "#]],
    );
}
