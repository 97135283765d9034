//! Inlay hints: the terrain under every position.

use crate::formats::frupal::tests::{FRUPAL, MAP};
use expect_test::expect;

#[test]
fn inlay_hints_show_the_terrain_under_every_position() {
    // Every label: the clue off the map, the ship on water, an obstacle on a wall.
    let text = MAP
        .replace("clue: 5 3", "clue: 9 3")
        .replace("ship: 5 1", "ship: 4 1")
        .replace("obstacle: 0 2", "obstacle: 1 1");
    FRUPAL.check_inlay_hints_and_tooltips(
        &text,
        0..text.len(),
        expect![[r#"
            start: 2 2⟨swamp⟩
            diamonds: 4 2⟨meadow⟩
            treasure: 2 2⟨swamp⟩ 500 A ruby.\nIt glows.
            food: 3 0⟨meadow⟩ 2 10 Bread
            clue: 9 3⟨outside map⟩ The diamonds are east.
            ship: 4 1⟨water⟩ 100
            binoculars: 0 3⟨meadow⟩ 50 3
            obstacle: 3 2⟨meadow⟩ boulders 15 A boulder.
            obstacle: 3 3⟨meadow⟩ boulders 20 Another boulder.
            obstacle: 1 1⟨wall⟩ trees 30 A tree.
            tool: 2 0⟨meadow⟩ hammers 2 boulders Trees 2 100 A hammer.
            tool: 5 0⟨meadow⟩ explosives 1 boulders 1000 50 Dynamite.
            7:11-7:11: swamp at 2,2 — walkable, but costs the hero more energy

            Also on this cell: treasure (line 9).
            8:14-8:14: meadow at 4,2 — open ground: the hero walks here for 1 energy
            9:14-9:14: swamp at 2,2 — walkable, but costs the hero more energy

            Also on this cell: the hero's start (line 7).
            10:10-10:10: meadow at 3,0 — open ground: the hero walks here for 1 energy
            11:10-11:10: 9,3 is outside the 6×4 map (x 0..5, y 0..3)
            12:10-12:10: water at 4,1 — only passable with the ship
            13:16-13:16: meadow at 0,3 — open ground: the hero walks here for 1 energy
            14:14-14:14: meadow at 3,2 — open ground: the hero walks here for 1 energy
            15:14-15:14: meadow at 3,3 — open ground: the hero walks here for 1 energy
            16:14-16:14: wall at 1,1 — impassable: the hero can never enter, and no item may stand here
            17:10-17:10: meadow at 2,0 — open ground: the hero walks here for 1 energy
            18:10-18:10: meadow at 5,0 — open ground: the hero walks here for 1 energy
        "#]],
    );
}

#[test]
fn inlay_hints_only_for_lines_in_the_range() {
    let from = MAP.find("food:").unwrap();
    let to = MAP.find("ship:").unwrap() + 2;
    FRUPAL.check_inlay_hints(
        MAP,
        from..to,
        expect![[r#"
            food: 3 0⟨meadow⟩ 2 10 Bread
            clue: 5 3⟨meadow⟩ The diamonds are east.
            ship: 5 1⟨meadow⟩ 100
        "#]],
    );
}

#[test]
fn inlay_hints_need_a_grid_and_numbers() {
    FRUPAL.check_inlay_hints_and_tooltips("Frupal_Kingdom:\nstart: 1 1\n", 0..30, expect![[""]]);
    let text = MAP.replace("start: 2 2", "start: 2 b");
    FRUPAL.check_inlay_hints(
        &text,
        0..text.len(),
        expect![[r#"
            diamonds: 4 2⟨meadow⟩
            treasure: 2 2⟨swamp⟩ 500 A ruby.\nIt glows.
            food: 3 0⟨meadow⟩ 2 10 Bread
            clue: 5 3⟨meadow⟩ The diamonds are east.
            ship: 5 1⟨meadow⟩ 100
            binoculars: 0 3⟨meadow⟩ 50 3
            obstacle: 3 2⟨meadow⟩ boulders 15 A boulder.
            obstacle: 3 3⟨meadow⟩ boulders 20 Another boulder.
            obstacle: 0 2⟨meadow⟩ trees 30 A tree.
            tool: 2 0⟨meadow⟩ hammers 2 boulders Trees 2 100 A hammer.
            tool: 5 0⟨meadow⟩ explosives 1 boulders 1000 50 Dynamite.
        "#]],
    );
}
