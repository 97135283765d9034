//! Hover, completion and inlay hints on Frupal maps.

use super::*;
use expect_test::{expect, Expect};

/// 6×4, with every element; lines (1-based): 7 start, 8 diamonds, 9 treasure,
/// 10 food, 11 clue, 12 ship, 13 binoculars, 14–16 obstacles, 17–18 tools.
const MAP: &str = "Frupal_Kingdom:
terrain: 6 4
......
.=..~.
..\"...
......
start: 2 2
diamonds: 4 2
treasure: 2 2 500 A ruby.\\nIt glows.
food: 3 0 2 10 Bread
clue: 5 3 The diamonds are east.
ship: 5 1 100
binoculars: 0 3 50 3
obstacle: 3 2 boulders 15 A boulder.
obstacle: 3 3 boulders 20 Another boulder.
obstacle: 0 2 trees 30 A tree.
tool: 2 0 hammers 2 boulders Trees 2 100 A hammer.
tool: 5 0 explosives 1 boulders 1000 50 Dynamite.
";

/// MAP with `$0` put before the first occurrence of `at`.
fn at(at: &str) -> String {
    let i = MAP.find(at).unwrap_or_else(|| panic!("{at:?} is in MAP"));
    format!("{}$0{}", &MAP[..i], &MAP[i..])
}

fn check_hover(fixture: &str, expect: Expect) {
    let (text, offset) = cursor(fixture);
    let hover = with_file(&text, |file| Frupal.hover(file, offset));
    let shown = hover.map_or("(no hover)".to_string(), |h| {
        format!("[{}]\n{}", &text[h.range], h.markdown)
    });
    expect.assert_eq(&shown);
}

/// `label (replaced text) ⇒ insert text [snippet] — detail`, one per line.
fn check_completions(fixture: &str, expect: Expect) {
    let (text, offset) = cursor(fixture);
    let items = with_file(&text, |file| Frupal.completions(file, offset));
    let shown: Vec<String> = items
        .iter()
        .map(|c| {
            let mut line = format!("{} ({})", c.label, &text[c.replace.clone()]);
            if let Some(insert) = &c.insert_text {
                line.push_str(&format!(" ⇒ {insert}"));
            }
            if c.snippet {
                line.push_str(" [snippet]");
            }
            if let Some(detail) = &c.detail {
                line.push_str(&format!(" — {detail}"));
            }
            line
        })
        .collect();
    expect.assert_eq(&shown.join("\n"));
}

/// The lines of `text` that got hints, each hint written in as `⟨label⟩`;
/// then, when asked, the tooltips.
fn check_inlay(text: &str, range: std::ops::Range<usize>, tooltips: bool, expect: Expect) {
    let hints = with_file(text, |file| Frupal.inlay_hints(file, range));
    let mut shown = text.to_string();
    for h in hints.iter().rev() {
        shown.insert_str(h.offset, &format!("⟨{}⟩", h.label));
    }
    let mut out: String = shown
        .lines()
        .filter(|l| l.contains('⟨'))
        .map(|l| format!("{l}\n"))
        .collect();
    for h in hints.iter().filter(|_| tooltips) {
        out.push_str(&format!(
            "{}: {}\n",
            show_range(text, &(h.offset..h.offset)),
            h.tooltip.as_deref().unwrap_or("")
        ));
    }
    expect.assert_eq(&out);
}

// ---- Hover: element names ----

#[test]
fn hover_element_name_shows_syntax_ranges_and_glyph() {
    check_hover(
        &at("reasure: 2 2"),
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
    check_hover(
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
    check_hover(
        &at("diamonds: 4"),
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
    check_hover(
        &at("ship:"),
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
    check_hover(
        &at("binoculars:"),
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
    check_hover(
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
    check_hover(
        &at("tool: 2 0"),
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
    check_hover(
        &format!("{MAP}Sta$0rt: 1 0\n"),
        expect![[r#"
        [Start:]
        `Start:` is not a Frupal map element: the game refuses the map. Did you mean `start:`? (Names are case-sensitive and end with a colon.)

        The elements are `Frupal_Kingdom:`, `terrain:`, `start:`, `diamonds:`, `treasure:`, `food:`, `clue:`, `ship:`, `binoculars:`, `obstacle:`, `tool:`."#]],
    );
    check_hover(
        &format!("{MAP}xyzzy$0: 1 0\n"),
        expect![[r#"
        [xyzzy:]
        `xyzzy:` is not a Frupal map element: the game refuses the map.

        The elements are `Frupal_Kingdom:`, `terrain:`, `start:`, `diamonds:`, `treasure:`, `food:`, `clue:`, `ship:`, `binoculars:`, `obstacle:`, `tool:`."#]],
    );
}

// ---- Hover: parameter values ----

#[test]
fn hover_numeric_parameters_name_the_parameter_and_range() {
    check_hover(
        &at("15 A boulder"),
        expect![[r#"
        [15]
        **energy** — energy to remove it without a tool, 1..9999"#]],
    );
    check_hover(
        &at("10 Bread"),
        expect![[r#"
        [10]
        **energy** — energy the hero gains by eating it, 1..9999"#]],
    );
    // F18: costs are in whiffles.
    check_hover(
        &at("100\nbinoculars"),
        expect![[r#"
        [100]
        **cost** — price in whiffles, 1..9999"#]],
    );
    // F17.
    check_hover(
        &at("3\nobstacle: 3 2"),
        expect![[r#"
        [3]
        **distance** — sight radius in grovniks with the binoculars, 1..999

        Sight radius = distance: with these binoculars the hero sees 3 grovniks around instead of 1."#]],
    );
}

#[test]
fn hover_numeric_parameter_out_of_range_or_not_a_number() {
    check_hover(
        &MAP.replace("ship: 5 1 100", "ship: 5 1 1$00000"),
        expect![[r#"
        [10000]
        **cost** — price in whiffles, 1..9999

        `10000` is outside 1..9999."#]],
    );
    check_hover(
        &MAP.replace("ship: 5 1 100", "ship: 5 1 1$00gold"),
        expect![[r#"
        [10gold]
        **cost** — price in whiffles, 1..9999

        `10gold` is not a whole number."#]],
    );
}

#[test]
fn hover_tool_tail_parameters() {
    check_hover(
        &at("2 100 A hammer"),
        expect![[r#"
            [2]
            **divisor** — the obstacle's energy cost is divided by this, 1..9999

            With this tool, removing a `boulders` or `Trees` obstacle costs 1/2 of its energy."#]],
    );
    check_hover(
        &at("100 A hammer"),
        expect![[r#"
        [100]
        **cost** — price in whiffles, 1..9999"#]],
    );
}

#[test]
fn hover_target_count_lists_what_follows() {
    check_hover(
        &at("2 boulders Trees"),
        expect![[r#"
        [2]
        **target_count** — how many obstacle kinds follow, at least 1

        The next 2 words are the targets: `boulders`, `Trees`; then divisor `2` and cost `100`."#]],
    );
    // F15: a number among the targets hints that the count is too high.
    check_hover(
        &MAP.replace("explosives 1 boulders", "explosives $02 boulders"),
        expect![[r#"
        [2]
        **target_count** — how many obstacle kinds follow, at least 1

        The next 2 words are the targets: `boulders`, `1000`; then divisor `50` and cost `Dynamite.`. A number among the targets suggests the count is too high."#]],
    );
}

#[test]
fn hover_extra_text_after_a_fixed_arity_element() {
    check_hover(
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
    check_hover(
        &at("2 2 500"),
        expect![[r#"
        [2 2]
        **x** — column, 0 at the west edge, up to the terrain width − 1 (x is 0..5 on this 6×4 map)

        **swamp** at 2,2 — walkable, but costs the hero more energy

        Also on this cell: the hero's start (`start:`, line 7)."#]],
    );
    // On y, the same pair and cell.
    check_hover(
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
    check_hover(
        &MAP.replace("clue: 5 3", "clue: $06 3"),
        expect![[r#"
        [6 3]
        **x** — column, 0 at the west edge, up to the terrain width − 1 (x is 0..5 on this 6×4 map)

        6,3 is **outside the 6×4 map** (x 0..5, y 0..3)"#]],
    );
}

#[test]
fn hover_coordinate_without_a_grid() {
    check_hover(
        "Frupal_Kingdom:\nstart: $01 1\n",
        expect![[r#"
        [1 1]
        **x** — column, 0 at the west edge, up to the terrain width − 1

        1,1: the map has no readable terrain grid"#]],
    );
    // Only one coordinate is a number.
    check_hover(
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
    check_hover(
        &MAP.replace("..\"...", "..$0\"..."),
        expect![[r#"
        ["]
        **swamp** (`"`) at 2,2 — walkable, but costs the hero more energy

        On this cell: the hero's start (`start:`, line 7), `treasure:` (line 9)."#]],
    );
    check_hover(
        &MAP.replace(".=..~.", ".=..$0~."),
        expect![[r#"
        [~]
        **water** (`~`) at 4,1 — only passable with the ship"#]],
    );
    check_hover(
        &MAP.replace(".=..~.", ".$0=..~."),
        expect![[r#"
        [=]
        **wall** (`=`) at 1,1 — impassable: the hero can never enter, and no item may stand here"#]],
    );
}

#[test]
fn hover_grid_character_that_is_not_terrain_or_past_the_width() {
    check_hover(
        &MAP.replace(".=..~.", ".=.$0x~."),
        expect![[r#"
        [x]
        `x` at 3,1 is not a terrain character, so the game refuses the map. Use `.` meadow, `=` wall, `"` swamp or `~` water."#]],
    );
    check_hover(
        &MAP.replace(".=..~.", ".=..~.$0~"),
        expect![[r#"
        [~]
        Column 7 is past the map's width of 6: each row holds exactly 6 terrain characters, and the game drops the rest."#]],
    );
    // Trailing blanks after the row are ignored by the game (F12): nothing to say.
    check_hover(&MAP.replace(".=..~.", ".=..~. $0 "), expect!["(no hover)"]);
}

#[test]
fn hover_terrain_dimensions() {
    check_hover(
        &at("6 4\n"),
        expect![[r#"
        [6]
        **width** — number of columns, 2..128

        The map is 6 columns wide: x runs 0..5, and each of the 4 rows below holds exactly 6 terrain characters."#]],
    );
    check_hover(
        &MAP.replace("terrain: 6 4", "terrain: 6 $04"),
        expect![[r#"
        [4]
        **height** — number of rows, 2..128

        The map is 4 rows high: y runs 0..3, read from lines 3–6 (row 0 is line 3)."#]],
    );
    check_hover(
        "Frupal_Kingdom:\nterrain: 6 $03\n......\n",
        expect![[r#"
            [3]
            **height** — number of rows, 2..128

            The map is 3 rows high: y runs 0..2, but the file ends after 1 row."#]],
    );
    check_hover(
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
    check_hover(
        &at("boulders 15"),
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
    check_hover(
        &at("trees 30"),
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
    check_hover(
        &at("hammers"),
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
    check_hover(
        &at("boulders Trees"),
        expect![[r#"
        [boulders]
        **target 1 of 2**: obstacle kind `boulders`

        2 obstacles of this kind: lines 14 and 15.

        `hammers` divides their energy cost by 2."#]],
    );
    check_hover(
        &at("Trees"),
        expect![[r#"
        [Trees]
        **target 2 of 2**: obstacle kind `Trees`

        No obstacle on this map has kind `Trees`. Kinds are case-sensitive: `trees` (line 16) is a different kind.

        `hammers` divides their energy cost by 2."#]],
    );
    check_hover(
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
    check_hover(
        &at("glows"),
        expect![[r#"
        [A ruby.\nIt glows.]
        **description** — what the hero reads on finding it

        Shown in game as:

        ```text
        A ruby.
        It glows.
        ```"#]],
    );
    check_hover(
        &at("diamonds are east"),
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
    check_hover(
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
    check_hover(&format!("{MAP}# a co$0mment\n"), expect!["(no hover)"]);
    check_hover(&format!("{MAP}\n$0\n"), expect!["(no hover)"]);
}

// ---- Completion ----

#[test]
fn complete_header_only_on_line_1() {
    check_completions(
        "$0",
        expect!["Frupal_Kingdom: () — the header: line 1 of every map"],
    );
    check_completions(
        "Fru$0",
        expect!["Frupal_Kingdom: (Fru) — the header: line 1 of every map"],
    );
    check_completions("terr$0", expect![[""]]);
    check_completions(
        &format!("{MAP}Fru$0\n"),
        expect![[r#"
        treasure: (Fru) ⇒ treasure: ${1:0} ${2:0} ${3:100} ${4:A small pile of coins.} [snippet] — treasure: <x> <y> <value> <description>
        food: (Fru) ⇒ food: ${1:0} ${2:0} ${3:2} ${4:10} ${5:A loaf of bread.} [snippet] — food: <x> <y> <cost> <energy> <description>
        clue: (Fru) ⇒ clue: ${1:0} ${2:0} ${3:You are 3 grovniks west of water.} [snippet] — clue: <x> <y> <text>
        ship: (Fru) ⇒ ship: ${1:0} ${2:0} ${3:100} [snippet] — ship: <x> <y> <cost> (already on line 12; the spec allows one)
        binoculars: (Fru) ⇒ binoculars: ${1:0} ${2:0} ${3:50} ${4:2} [snippet] — binoculars: <x> <y> <cost> <distance> (already on line 13; the spec allows one)
        obstacle: (Fru) ⇒ obstacle: ${1:0} ${2:0} ${3:boulders} ${4:15} ${5:A boulder blocks the path.} [snippet] — obstacle: <x> <y> <kind> <energy> <description>
        tool: (Fru) ⇒ tool: ${1:0} ${2:0} ${3:hammers} 1 ${4:boulders} ${5:2} ${6:100} ${7:A sturdy hammer.} [snippet] — tool: <x> <y> <kind> <target_count> <targets…> <divisor> <cost> <description>"#]],
    );
}

#[test]
fn complete_element_keywords_after_the_grid() {
    // start, diamonds and terrain are present: not offered; ship is, with a note (F5).
    check_completions(
        &format!("{MAP}$0\n"),
        expect![[r#"
        treasure: () ⇒ treasure: ${1:0} ${2:0} ${3:100} ${4:A small pile of coins.} [snippet] — treasure: <x> <y> <value> <description>
        food: () ⇒ food: ${1:0} ${2:0} ${3:2} ${4:10} ${5:A loaf of bread.} [snippet] — food: <x> <y> <cost> <energy> <description>
        clue: () ⇒ clue: ${1:0} ${2:0} ${3:You are 3 grovniks west of water.} [snippet] — clue: <x> <y> <text>
        ship: () ⇒ ship: ${1:0} ${2:0} ${3:100} [snippet] — ship: <x> <y> <cost> (already on line 12; the spec allows one)
        binoculars: () ⇒ binoculars: ${1:0} ${2:0} ${3:50} ${4:2} [snippet] — binoculars: <x> <y> <cost> <distance> (already on line 13; the spec allows one)
        obstacle: () ⇒ obstacle: ${1:0} ${2:0} ${3:boulders} ${4:15} ${5:A boulder blocks the path.} [snippet] — obstacle: <x> <y> <kind> <energy> <description>
        tool: () ⇒ tool: ${1:0} ${2:0} ${3:hammers} 1 ${4:boulders} ${5:2} ${6:100} ${7:A sturdy hammer.} [snippet] — tool: <x> <y> <kind> <target_count> <targets…> <divisor> <cost> <description>"#]],
    );
    check_completions(
        &format!("{MAP}ob$0\n"),
        expect![[r#"
        treasure: (ob) ⇒ treasure: ${1:0} ${2:0} ${3:100} ${4:A small pile of coins.} [snippet] — treasure: <x> <y> <value> <description>
        food: (ob) ⇒ food: ${1:0} ${2:0} ${3:2} ${4:10} ${5:A loaf of bread.} [snippet] — food: <x> <y> <cost> <energy> <description>
        clue: (ob) ⇒ clue: ${1:0} ${2:0} ${3:You are 3 grovniks west of water.} [snippet] — clue: <x> <y> <text>
        ship: (ob) ⇒ ship: ${1:0} ${2:0} ${3:100} [snippet] — ship: <x> <y> <cost> (already on line 12; the spec allows one)
        binoculars: (ob) ⇒ binoculars: ${1:0} ${2:0} ${3:50} ${4:2} [snippet] — binoculars: <x> <y> <cost> <distance> (already on line 13; the spec allows one)
        obstacle: (ob) ⇒ obstacle: ${1:0} ${2:0} ${3:boulders} ${4:15} ${5:A boulder blocks the path.} [snippet] — obstacle: <x> <y> <kind> <energy> <description>
        tool: (ob) ⇒ tool: ${1:0} ${2:0} ${3:hammers} 1 ${4:boulders} ${5:2} ${6:100} ${7:A sturdy hammer.} [snippet] — tool: <x> <y> <kind> <target_count> <targets…> <divisor> <cost> <description>"#]],
    );
}

#[test]
fn complete_keywords_before_the_grid_exists_or_above_it() {
    // No `terrain:` yet: the game wants it before every other element.
    check_completions(
        "Frupal_Kingdom:\n$0\n",
        expect!["terrain: () ⇒ terrain: ${1:20} ${2:10} [snippet] — terrain: <width> <height>"],
    );
    // Above `terrain:` nothing but comments may go.
    check_completions("Frupal_Kingdom:\n$0\nterrain: 2 2\n..\n..\n", expect![[""]]);
}

#[test]
fn complete_the_element_being_rewritten_on_its_own_line() {
    // The `start:` on this very line does not count as already present.
    check_completions(
        &MAP.replace("start: 2 2", "sta$0"),
        expect![[r#"
        start: (sta) ⇒ start: ${1:0} ${2:0} [snippet] — start: <x> <y>
        treasure: (sta) ⇒ treasure: ${1:0} ${2:0} ${3:100} ${4:A small pile of coins.} [snippet] — treasure: <x> <y> <value> <description>
        food: (sta) ⇒ food: ${1:0} ${2:0} ${3:2} ${4:10} ${5:A loaf of bread.} [snippet] — food: <x> <y> <cost> <energy> <description>
        clue: (sta) ⇒ clue: ${1:0} ${2:0} ${3:You are 3 grovniks west of water.} [snippet] — clue: <x> <y> <text>
        ship: (sta) ⇒ ship: ${1:0} ${2:0} ${3:100} [snippet] — ship: <x> <y> <cost> (already on line 12; the spec allows one)
        binoculars: (sta) ⇒ binoculars: ${1:0} ${2:0} ${3:50} ${4:2} [snippet] — binoculars: <x> <y> <cost> <distance> (already on line 13; the spec allows one)
        obstacle: (sta) ⇒ obstacle: ${1:0} ${2:0} ${3:boulders} ${4:15} ${5:A boulder blocks the path.} [snippet] — obstacle: <x> <y> <kind> <energy> <description>
        tool: (sta) ⇒ tool: ${1:0} ${2:0} ${3:hammers} 1 ${4:boulders} ${5:2} ${6:100} ${7:A sturdy hammer.} [snippet] — tool: <x> <y> <kind> <target_count> <targets…> <divisor> <cost> <description>"#]],
    );
}

#[test]
fn complete_nothing_in_comments_or_values() {
    check_completions(&format!("{MAP}#$0\n"), expect![[""]]);
    check_completions(&format!("{MAP}start:$0\n"), expect![[""]]);
    check_completions(&MAP.replace("food: 3 0 2", "food: 3 0 $02"), expect![[""]]);
}

#[test]
fn complete_terrain_characters_in_a_row() {
    check_completions(
        &MAP.replace("......\nstart", "...$0...\nstart"),
        expect![[r#"
        . () — meadow
        = () — wall
        " () — swamp
        ~ () — water"#]],
    );
    // A row not written yet is still a row of the grid.
    check_completions(
        "Frupal_Kingdom:\nterrain: 2 2\n..\n$0",
        expect![[r#"
            start: () ⇒ start: ${1:0} ${2:0} [snippet] — start: <x> <y>
            diamonds: () ⇒ diamonds: ${1:0} ${2:0} [snippet] — diamonds: <x> <y>
            treasure: () ⇒ treasure: ${1:0} ${2:0} ${3:100} ${4:A small pile of coins.} [snippet] — treasure: <x> <y> <value> <description>
            food: () ⇒ food: ${1:0} ${2:0} ${3:2} ${4:10} ${5:A loaf of bread.} [snippet] — food: <x> <y> <cost> <energy> <description>
            clue: () ⇒ clue: ${1:0} ${2:0} ${3:You are 3 grovniks west of water.} [snippet] — clue: <x> <y> <text>
            ship: () ⇒ ship: ${1:0} ${2:0} ${3:100} [snippet] — ship: <x> <y> <cost>
            binoculars: () ⇒ binoculars: ${1:0} ${2:0} ${3:50} ${4:2} [snippet] — binoculars: <x> <y> <cost> <distance>
            obstacle: () ⇒ obstacle: ${1:0} ${2:0} ${3:boulders} ${4:15} ${5:A boulder blocks the path.} [snippet] — obstacle: <x> <y> <kind> <energy> <description>
            tool: () ⇒ tool: ${1:0} ${2:0} ${3:hammers} 1 ${4:boulders} ${5:2} ${6:100} ${7:A sturdy hammer.} [snippet] — tool: <x> <y> <kind> <target_count> <targets…> <divisor> <cost> <description>"#]],
    );
}

#[test]
fn complete_tool_targets_from_obstacle_kinds() {
    // Deduplicated, with counts; `boulders` is already this tool's first target.
    check_completions(
        &format!("{MAP}tool: 1 0 saws 2 boulders $0\n"),
        expect!["trees () — obstacle kind: 1 obstacle (line 16)"],
    );
    check_completions(
        &format!("{MAP}tool: 1 0 saws 2 tr$0\n"),
        expect![[r#"
        boulders (tr) — obstacle kind: 2 obstacles (lines 14 and 15)
        trees (tr) — obstacle kind: 1 obstacle (line 16)"#]],
    );
    // Past the targets come the divisor and cost: no kinds there.
    check_completions(&format!("{MAP}tool: 1 0 saws 1 trees $0\n"), expect![[""]]);
}

#[test]
fn complete_obstacle_kind_prefers_targets_without_obstacles() {
    // `Trees` is targeted but no obstacle has it; then the kinds obstacles have.
    check_completions(
        &format!("{MAP}obstacle: 1 0 $0\n"),
        expect![[r#"
        Trees () — targeted by the tool on line 17; no obstacle has it yet
        boulders () — obstacle kind: 2 obstacles (lines 14 and 15)
        trees () — obstacle kind: 1 obstacle (line 16)"#]],
    );
    // The obstacle being written does not count as defining its own kind.
    check_completions(
        &MAP.replace("0 2 trees 30", "0 2 tr$0 30"),
        expect![[r#"
        Trees (tr) — targeted by the tool on line 17; no obstacle has it yet
        boulders (tr) — obstacle kind: 2 obstacles (lines 14 and 15)"#]],
    );
}

#[test]
fn complete_after_non_ascii_text_on_the_line() {
    check_completions(
        &format!("{MAP}tool: 1 0 scies·à·bois 1 bo$0\n"),
        expect![[r#"
        boulders (bo) — obstacle kind: 2 obstacles (lines 14 and 15)
        trees (bo) — obstacle kind: 1 obstacle (line 16)"#]],
    );
}

// ---- Inlay hints ----

#[test]
fn inlay_hints_show_the_terrain_under_every_position() {
    // Every label: the clue off the map, the ship on water, an obstacle on a wall.
    let text = MAP
        .replace("clue: 5 3", "clue: 9 3")
        .replace("ship: 5 1", "ship: 4 1")
        .replace("obstacle: 0 2", "obstacle: 1 1");
    check_inlay(
        &text,
        0..text.len(),
        true,
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
    check_inlay(
        MAP,
        from..to,
        false,
        expect![[r#"
            food: 3 0⟨meadow⟩ 2 10 Bread
            clue: 5 3⟨meadow⟩ The diamonds are east.
            ship: 5 1⟨meadow⟩ 100
        "#]],
    );
}

#[test]
fn inlay_hints_need_a_grid_and_numbers() {
    check_inlay("Frupal_Kingdom:\nstart: 1 1\n", 0..30, true, expect![[""]]);
    let text = MAP.replace("start: 2 2", "start: 2 b");
    check_inlay(
        &text,
        0..text.len(),
        false,
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

// ---- Line endings and robustness ----

#[test]
fn crlf_maps_answer_like_lf_maps() {
    let crlf = MAP.replace('\n', "\r\n");
    // The description stops before the `\r`; the grid cell is found on its CRLF row.
    check_hover(
        &crlf.replace("It glows.", "It gl$0ows."),
        expect![[r#"
            [A ruby.\nIt glows.]
            **description** — what the hero reads on finding it

            Shown in game as:

            ```text
            A ruby.
            It glows.
            ```"#]],
    );
    check_hover(
        &crlf.replace(".=..~.", ".=..$0~."),
        expect![[r#"
        [~]
        **water** (`~`) at 4,1 — only passable with the ship"#]],
    );
    check_completions(
        &crlf.replace(
            "tool: 5 0 explosives 1 boulders",
            "tool: 5 0 explosives 1 t$0",
        ),
        expect![[r#"
        boulders (t) — obstacle kind: 2 obstacles (lines 14 and 15)
        trees (t) — obstacle kind: 1 obstacle (line 16)"#]],
    );
    let (text, offset) = cursor(&crlf.replace("It glows.", "It gl$0ows."));
    let hover = with_file(&text, |file| Frupal.hover(file, offset)).unwrap();
    assert!(
        text[hover.range].ends_with("glows."),
        "no \\r in the description"
    );
    let hints = with_file(&crlf, |file| Frupal.inlay_hints(file, 0..crlf.len()));
    assert_eq!(hints.len(), 12);
    assert!(
        hints
            .iter()
            .all(|h| crlf[h.offset..].starts_with([' ', '\r'])),
        "hints sit right after the y value"
    );
}

#[test]
fn terrain_element_hover() {
    check_hover(
        &at("terrain:"),
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

/// Hover, completion and hints at every offset of maps that are odd in every
/// way we know: no panic, and each answer stays where the cursor is.
#[test]
fn every_offset_of_odd_maps_answers_in_place() {
    let odd = [
        MAP.to_string(),
        MAP.replace('\n', "\r\n"),
        MAP.trim_end().to_string(),
        String::new(),
        "Frupal_Kingdom:".to_string(),
        "Frupal_Kingdom:\nterrain: 2 2\n".to_string(),
        "Frupal_Kingdom:\nterrain: 3 2\n.é=\n\t~\"\nstart: -1 99999999999999999999\n".to_string(),
        format!(
            "{MAP}tool: 1 0 saws 999999 a b\ntool: 1 0 saws -3 a 1 1 x\nclue: 0 0\nobstacle: 0 0\n"
        ),
        format!("{MAP}  treasure: 1 0 5 Été 🐉 \\n\\n\n# é🐉\n\t# x\n   \nfood:\n"),
        "\u{feff}Frupal_Kingdom:\nterrain: 2 2\n..\n..\n".to_string(),
    ];
    for text in &odd {
        with_file(text, |file| {
            let hints = Frupal.inlay_hints(file, 0..text.len());
            for h in &hints {
                assert!(
                    text.is_char_boundary(h.offset),
                    "{text:?}: hint at {}",
                    h.offset
                );
            }
            for offset in (0..=text.len()).filter(|&o| text.is_char_boundary(o)) {
                if let Some(h) = Frupal.hover(file, offset) {
                    assert!(
                        h.range.start <= offset && offset <= h.range.end,
                        "{text:?} at {offset}: {h:?}"
                    );
                    assert!(!h.markdown.is_empty());
                }
                for c in Frupal.completions(file, offset) {
                    assert_eq!(c.replace.end, offset, "{text:?} at {offset}: {c:?}");
                    assert!(
                        !text[c.replace.clone()].contains('\n'),
                        "{text:?} at {offset}: {c:?}"
                    );
                }
            }
        });
    }
}
