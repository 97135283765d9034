//! Hover on element names, parameter values, coordinates, cells, kinds and descriptions.

use crate::formats::frupal::tests::{FRUPAL, MAP};
use crate::formats::test_support::cursor_before;
use expect_test::expect;

// ---- Hover: element names ----

#[test]
fn hover_element_name_shows_syntax_ranges_and_glyph() {
    FRUPAL.check_hover(
        &cursor_before(MAP, "reasure: 2 2"),
        expect![[r#"
        [treasure:]
        ```text
        treasure: <x> <y> <value> <description>
        ```

        A treasure chest: the hero gains its value in whiffles.

        - `<x>` — column, 0 at the west edge, up to the terrain width − 1 (x is 0..5 on this 6×4 map)
        - `<y>` — row, 0 at the north edge, up to the terrain height − 1 (y is 0..3 on this 6×4 map)
        - `<value>` — whiffles the hero gains, 1..9999
        - `<description>` — what the hero reads on finding it: the rest of the line, not empty; `\n` is a line break in game

        Optional; may appear any number of times.  
        Drawn in game as a black `$`."#]],
    );
}

#[test]
fn hover_header_quotes_the_one_valid_spelling() {
    // F1: the spec's `Frupal_Kindgom:` never appears in the hover.
    FRUPAL.check_hover(
        &format!("Frupal_$0{}", &MAP["Frupal_".len()..]),
        expect![[r#"
        [Frupal_Kingdom:]
        ```text
        Frupal_Kingdom:
        ```

        Declares a Kingdom of Frupal map. It must be the very first line, written exactly `Frupal_Kingdom:`, with nothing after it.

        Required: exactly once, on the very first line."#]],
    );
}

#[test]
fn hover_required_and_once_only_elements() {
    FRUPAL.check_hover(
        &cursor_before(MAP, "diamonds: 4"),
        expect![[r#"
        [diamonds:]
        ```text
        diamonds: <x> <y>
        ```

        The Royal Diamonds: the hero wins by reaching them.

        - `<x>` — column, 0 at the west edge, up to the terrain width − 1 (x is 0..5 on this 6×4 map)
        - `<y>` — row, 0 at the north edge, up to the terrain height − 1 (y is 0..3 on this 6×4 map)

        Required, at most once.  
        Drawn in game as a white `$` on cyan."#]],
    );
    // F5: ship and binoculars are "once" by the spec, several in the game.
    FRUPAL.check_hover(
        &cursor_before(MAP, "ship:"),
        expect![[r#"
        [ship:]
        ```text
        ship: <x> <y> <cost>
        ```

        The ship: once bought, the hero can travel on water.

        - `<x>` — column, 0 at the west edge, up to the terrain width − 1 (x is 0..5 on this 6×4 map)
        - `<y>` — row, 0 at the north edge, up to the terrain height − 1 (y is 0..3 on this 6×4 map)
        - `<cost>` — price in whiffles, 1..9999

        At most once by the spec (the game accepts several; levls warns on the second).  
        Drawn in game as a black `S`."#]],
    );
    // F17: the distance is the sight radius.
    FRUPAL.check_hover(
        &cursor_before(MAP, "binoculars:"),
        expect![[r#"
        [binoculars:]
        ```text
        binoculars: <x> <y> <cost> <distance>
        ```

        Binoculars: the hero sees *distance* grovniks around instead of one.

        - `<x>` — column, 0 at the west edge, up to the terrain width − 1 (x is 0..5 on this 6×4 map)
        - `<y>` — row, 0 at the north edge, up to the terrain height − 1 (y is 0..3 on this 6×4 map)
        - `<cost>` — price in whiffles, 1..9999
        - `<distance>` — sight radius in grovniks with the binoculars, 1..999

        At most once by the spec (the game accepts several; levls warns on the second).  
        Drawn in game as a black `B`."#]],
    );
}

#[test]
fn hover_second_once_only_element_names_the_first() {
    FRUPAL.check_hover(
        &format!("{MAP}$0start: 1 0\n"),
        expect![[r#"
        [start:]
        ```text
        start: <x> <y>
        ```

        Where the hero starts. Not an item: it may share a cell with one.

        - `<x>` — column, 0 at the west edge, up to the terrain width − 1 (x is 0..5 on this 6×4 map)
        - `<y>` — row, 0 at the north edge, up to the terrain height − 1 (y is 0..3 on this 6×4 map)

        Required, at most once.

        Also written on line 7."#]],
    );
}

#[test]
fn hover_tool_name_shows_targets_in_the_syntax() {
    FRUPAL.check_hover(
        &cursor_before(MAP, "tool: 2 0"),
        expect![[r#"
        [tool:]
        ```text
        tool: <x> <y> <kind> <target_count> <targets…> <divisor> <cost> <description>
        ```

        A tool that divides the energy cost of removing the obstacles it targets: `tool: x y kind target_count target… divisor cost description`.

        - `<x>` — column, 0 at the west edge, up to the terrain width − 1 (x is 0..5 on this 6×4 map)
        - `<y>` — row, 0 at the north edge, up to the terrain height − 1 (y is 0..3 on this 6×4 map)
        - `<kind>` — one word naming the kind of tool
        - `<target_count>` — how many obstacle kinds follow, at least 1
        - `<targets…>` — exactly *target_count* obstacle kinds, one word each, matched case-sensitively against the obstacles' kinds
        - `<divisor>` — the obstacle's energy cost is divided by this, 1..9999
        - `<cost>` — price in whiffles, 1..9999
        - `<description>` — what the player sees: the rest of the line, not empty; `\n` is a line break in game

        Optional; may appear any number of times.  
        Drawn in game as a black `T`."#]],
    );
}

#[test]
fn hover_unknown_element_suggests_the_nearest() {
    FRUPAL.check_hover(
        &format!("{MAP}Sta$0rt: 1 0\n"),
        expect![[r#"
        [Start:]
        `Start:` is not a Frupal map element: the game refuses the map. Did you mean `start:`? (Names are case-sensitive and end with a colon.)

        The elements are `Frupal_Kingdom:`, `terrain:`, `start:`, `diamonds:`, `treasure:`, `food:`, `clue:`, `ship:`, `binoculars:`, `obstacle:`, `tool:`."#]],
    );
    FRUPAL.check_hover(
        &format!("{MAP}xyzzy$0: 1 0\n"),
        expect![[r#"
        [xyzzy:]
        `xyzzy:` is not a Frupal map element: the game refuses the map.

        The elements are `Frupal_Kingdom:`, `terrain:`, `start:`, `diamonds:`, `treasure:`, `food:`, `clue:`, `ship:`, `binoculars:`, `obstacle:`, `tool:`."#]],
    );
}

#[test]
fn terrain_element_hover() {
    FRUPAL.check_hover(
        &cursor_before(MAP, "terrain:"),
        expect![[r#"
        [terrain:]
        ```text
        terrain: <width> <height>
        ```

        The size of the kingdom and its terrain: exactly *height* rows follow, each of *width* characters from `.` meadow, `=` wall, `"` swamp, `~` water. Only the header, blank lines and comments may come before it; no blank or comment line inside the grid.

        - `<width>` — number of columns, 2..128
        - `<height>` — number of rows, 2..128

        Required, at most once."#]],
    );
}

// ---- Hover: parameter values ----

#[test]
fn hover_numeric_parameters_name_the_parameter_and_range() {
    FRUPAL.check_hover(
        &cursor_before(MAP, "15 A boulder"),
        expect![[r#"
        [15]
        **energy** — energy to remove it without a tool, 1..9999"#]],
    );
    FRUPAL.check_hover(
        &cursor_before(MAP, "10 Bread"),
        expect![[r#"
        [10]
        **energy** — energy the hero gains by eating it, 1..9999"#]],
    );
    // F18: costs are in whiffles.
    FRUPAL.check_hover(
        &cursor_before(MAP, "100\nbinoculars"),
        expect![[r#"
        [100]
        **cost** — price in whiffles, 1..9999"#]],
    );
    // F17.
    FRUPAL.check_hover(
        &cursor_before(MAP, "3\nobstacle: 3 2"),
        expect![[r#"
        [3]
        **distance** — sight radius in grovniks with the binoculars, 1..999

        Sight radius = distance: with these binoculars the hero sees 3 grovniks around instead of 1."#]],
    );
}

#[test]
fn hover_numeric_parameter_out_of_range_or_not_a_number() {
    FRUPAL.check_hover(
        &MAP.replace("ship: 5 1 100", "ship: 5 1 1$00000"),
        expect![[r#"
        [10000]
        **cost** — price in whiffles, 1..9999

        `10000` is outside 1..9999."#]],
    );
    FRUPAL.check_hover(
        &MAP.replace("ship: 5 1 100", "ship: 5 1 1$00gold"),
        expect![[r#"
        [10gold]
        **cost** — price in whiffles, 1..9999

        `10gold` is not a whole number."#]],
    );
}

#[test]
fn hover_tool_tail_parameters() {
    FRUPAL.check_hover(
        &cursor_before(MAP, "2 100 A hammer"),
        expect![[r#"
            [2]
            **divisor** — the obstacle's energy cost is divided by this, 1..9999

            With this tool, removing a `boulders` or `Trees` obstacle costs 1/2 of its energy."#]],
    );
    FRUPAL.check_hover(
        &cursor_before(MAP, "100 A hammer"),
        expect![[r#"
        [100]
        **cost** — price in whiffles, 1..9999"#]],
    );
}

#[test]
fn hover_target_count_lists_what_follows() {
    FRUPAL.check_hover(
        &cursor_before(MAP, "2 boulders Trees"),
        expect![[r#"
        [2]
        **target_count** — how many obstacle kinds follow, at least 1

        The next 2 words are the targets: `boulders`, `Trees`; then divisor `2` and cost `100`."#]],
    );
    // F15: a number among the targets hints that the count is too high.
    FRUPAL.check_hover(
        &MAP.replace("explosives 1 boulders", "explosives $02 boulders"),
        expect![[r#"
        [2]
        **target_count** — how many obstacle kinds follow, at least 1

        The next 2 words are the targets: `boulders`, `1000`; then divisor `50` and cost `Dynamite.`. A number among the targets suggests the count is too high."#]],
    );
}

#[test]
fn hover_extra_text_after_a_fixed_arity_element() {
    FRUPAL.check_hover(
        &MAP.replace("ship: 5 1 100", "ship: 5 1 100 # $0cheap"),
        expect![[r#"
        [cheap]
        Unexpected text: `ship:` ends after its last parameter, and map files have no inline comments.

        ```text
        ship: <x> <y> <cost>
        ```"#]],
    );
}

// ---- Hover: coordinates and cells ----

#[test]
fn hover_coordinate_shows_the_cell_and_what_else_stands_there() {
    FRUPAL.check_hover(
        &cursor_before(MAP, "2 2 500"),
        expect![[r#"
        [2 2]
        **x** — column, 0 at the west edge, up to the terrain width − 1 (x is 0..5 on this 6×4 map)

        **swamp** at 2,2 — walkable, but costs the hero more energy

        Also on this cell: the hero's start (`start:`, line 7)."#]],
    );
    // On y, the same pair and cell.
    FRUPAL.check_hover(
        &MAP.replace("treasure: 2 2", "treasure: 2 $02"),
        expect![[r#"
        [2 2]
        **y** — row, 0 at the north edge, up to the terrain height − 1 (y is 0..3 on this 6×4 map)

        **swamp** at 2,2 — walkable, but costs the hero more energy

        Also on this cell: the hero's start (`start:`, line 7)."#]],
    );
}

#[test]
fn hover_coordinate_outside_the_map() {
    FRUPAL.check_hover(
        &MAP.replace("clue: 5 3", "clue: $06 3"),
        expect![[r#"
        [6 3]
        **x** — column, 0 at the west edge, up to the terrain width − 1 (x is 0..5 on this 6×4 map)

        6,3 is **outside the 6×4 map** (x 0..5, y 0..3)"#]],
    );
}

#[test]
fn hover_coordinate_without_a_grid() {
    FRUPAL.check_hover(
        "Frupal_Kingdom:\nstart: $01 1\n",
        expect![[r#"
        [1 1]
        **x** — column, 0 at the west edge, up to the terrain width − 1

        1,1: the map has no readable terrain grid"#]],
    );
    // Only one coordinate is a number.
    FRUPAL.check_hover(
        &MAP.replace("clue: 5 3", "clue: $05 x"),
        expect![[r#"
        [5]
        **x** — column, 0 at the west edge, up to the terrain width − 1 (x is 0..5 on this 6×4 map)

        The other coordinate is not a number, so the cell is unknown."#]],
    );
}

#[test]
fn hover_terrain_character_in_the_grid() {
    // Row 2 (line 5): the swamp at 2,2 holds the start and the treasure.
    FRUPAL.check_hover(
        &MAP.replace("..\"...", "..$0\"..."),
        expect![[r#"
        ["]
        **swamp** (`"`) at 2,2 — walkable, but costs the hero more energy

        On this cell: the hero's start (`start:`, line 7), `treasure:` (line 9)."#]],
    );
    FRUPAL.check_hover(
        &MAP.replace(".=..~.", ".=..$0~."),
        expect![[r#"
        [~]
        **water** (`~`) at 4,1 — only passable with the ship"#]],
    );
    FRUPAL.check_hover(
        &MAP.replace(".=..~.", ".$0=..~."),
        expect![[r#"
        [=]
        **wall** (`=`) at 1,1 — impassable: the hero can never enter, and no item may stand here"#]],
    );
}

#[test]
fn hover_grid_character_that_is_not_terrain_or_past_the_width() {
    FRUPAL.check_hover(
        &MAP.replace(".=..~.", ".=.$0x~."),
        expect![[r#"
        [x]
        `x` at 3,1 is not a terrain character, so the game refuses the map. Use `.` meadow, `=` wall, `"` swamp or `~` water."#]],
    );
    FRUPAL.check_hover(
        &MAP.replace(".=..~.", ".=..~.$0~"),
        expect![[r#"
        [~]
        Column 7 is past the map's width of 6: each row holds exactly 6 terrain characters, and the game drops the rest."#]],
    );
    // Trailing blanks after the row are ignored by the game (F12): nothing to say.
    FRUPAL.check_hover(&MAP.replace(".=..~.", ".=..~. $0 "), expect!["(no hover)"]);
}

#[test]
fn hover_terrain_dimensions() {
    FRUPAL.check_hover(
        &cursor_before(MAP, "6 4\n"),
        expect![[r#"
        [6]
        **width** — number of columns, 2..128

        The map is 6 columns wide: x runs 0..5, and each of the 4 rows below holds exactly 6 terrain characters."#]],
    );
    FRUPAL.check_hover(
        &MAP.replace("terrain: 6 4", "terrain: 6 $04"),
        expect![[r#"
        [4]
        **height** — number of rows, 2..128

        The map is 4 rows high: y runs 0..3, read from lines 3–6 (row 0 is line 3)."#]],
    );
    FRUPAL.check_hover(
        "Frupal_Kingdom:\nterrain: 6 $03\n......\n",
        expect![[r#"
            [3]
            **height** — number of rows, 2..128

            The map is 3 rows high: y runs 0..2, but the file ends after 1 row."#]],
    );
    FRUPAL.check_hover(
        "Frupal_Kingdom:\nterrain: $0200 3\n",
        expect![[r#"
        [200]
        **width** — number of columns, 2..128

        `200` is outside 2..128, so the terrain grid cannot be read."#]],
    );
}

// ---- Hover: kinds and targets ----

#[test]
fn hover_obstacle_kind_lists_the_tools_that_remove_it() {
    FRUPAL.check_hover(
        &cursor_before(MAP, "boulders 15"),
        expect![[r#"
            [boulders]
            **kind** — one word naming the obstacle's kind; tools name it in their targets (case-sensitive)

            2 obstacles of this kind: lines 14 and 15.

            Tools that remove it:
            - `hammers` (line 17) divides its energy cost by 2
            - `explosives` (line 18) divides its energy cost by 1000"#]],
    );
}

#[test]
fn hover_obstacle_kind_no_tool_with_case_note() {
    // `Trees` on the hammers is not `trees` (F16).
    FRUPAL.check_hover(
        &cursor_before(MAP, "trees 30"),
        expect![[r#"
        [trees]
        **kind** — one word naming the obstacle's kind; tools name it in their targets (case-sensitive)

        1 obstacle of this kind: line 16.

        No tool on this map removes `trees`: the hero pays the full 30 energy.

        Tools target `Trees` (line 17), which is not `trees`: kinds are case-sensitive."#]],
    );
}

#[test]
fn hover_tool_kind_lists_its_targets() {
    FRUPAL.check_hover(
        &cursor_before(MAP, "hammers"),
        expect![[r#"
            [hammers]
            **kind** — one word naming the kind of tool

            Targets:
            - `boulders` — 2 obstacles (lines 14 and 15)
            - `Trees` — no obstacle; `trees` (line 16) differs in case, and kinds are case-sensitive

            Divides their energy cost by 2. Costs 100 whiffles."#]],
    );
}

#[test]
fn hover_tool_target() {
    FRUPAL.check_hover(
        &cursor_before(MAP, "boulders Trees"),
        expect![[r#"
        [boulders]
        **target 1 of 2**: obstacle kind `boulders`

        2 obstacles of this kind: lines 14 and 15.

        `hammers` divides their energy cost by 2."#]],
    );
    FRUPAL.check_hover(
        &cursor_before(MAP, "Trees"),
        expect![[r#"
        [Trees]
        **target 2 of 2**: obstacle kind `Trees`

        No obstacle on this map has kind `Trees`. Kinds are case-sensitive: `trees` (line 16) is a different kind.

        `hammers` divides their energy cost by 2."#]],
    );
    FRUPAL.check_hover(
        &MAP.replace("boulders Trees", "boulders $0whales"),
        expect![[r#"
            [whales]
            **target 2 of 2**: obstacle kind `whales`

            No obstacle on this map has kind `whales`. (Kinds are compared case-sensitively.)

            `hammers` divides their energy cost by 2."#]],
    );
}

// ---- Hover: descriptions ----

#[test]
fn hover_description_renders_line_breaks() {
    // F21: `\n` is a line break in game.
    FRUPAL.check_hover(
        &cursor_before(MAP, "glows"),
        expect![[r#"
        [A ruby.\nIt glows.]
        **description** — what the hero reads on finding it

        Shown in game as:

        ```text
        A ruby.
        It glows.
        ```"#]],
    );
    FRUPAL.check_hover(
        &cursor_before(MAP, "diamonds are east"),
        expect![[r#"
        [The diamonds are east.]
        **text** — the clue's text: entirely true or entirely false

        Shown in game as:

        ```text
        The diamonds are east.
        ```"#]],
    );
}

#[test]
fn hover_description_after_non_ascii_text() {
    FRUPAL.check_hover(
        &MAP.replace("A tree.", "Un arbre élevé, très $0haut."),
        expect![[r#"
        [Un arbre élevé, très haut.]
        **description** — what the player sees (the kind is hidden from them)

        Shown in game as:

        ```text
        Un arbre élevé, très haut.
        ```"#]],
    );
}

#[test]
fn hover_nothing_on_comments_and_blank_lines() {
    FRUPAL.check_hover(&format!("{MAP}# a co$0mment\n"), expect!["(no hover)"]);
    FRUPAL.check_hover(&format!("{MAP}\n$0\n"), expect!["(no hover)"]);
}
