//! Hover fixtures: the file with `$0` on the hovered character, and what
//! the author sees: `[hovered text]` then the markdown.

use crate::formats::nethack::tests::NETHACK;
use expect_test::expect;

const MAZE: &str = "MAZE: \"test\", ' '
FLAGS: noteleport
GEOMETRY:center,center
MAP
|....}
|.K+..
ENDMAP
RANDOM_PLACES: (1,0), (4,0)
RANDOM_MONSTERS: 'd', 'D'
";

/// MAZE plus `rest`, with `$0` where it is written in `rest`.
fn maze(rest: &str) -> String {
    format!("{MAZE}{rest}")
}

#[test]
fn keyword_shows_forms_meaning_placement_and_version() {
    NETHACK.check_hover(
        &maze("MONS$0TER: 'd', \"jackal\", (1,1)\n"),
        expect![[r#"
        [MONSTER]
        ```text
        MONSTER[n%]: 'c' | random | monster[i], "name" | random, coord {, info}
        ```

        Places a monster of a class, optionally a named species; extra info gives it a name, attitude, alertness, alignment or a disguise. The `[n%]` chance prefix is accepted since 3.2.1.

        Allowed in MAZE and LEVEL levels. Since 3.2.0."#]],
    );
}

#[test]
fn room_only_keyword_in_a_maze_says_so() {
    NETHACK.check_hover(
        &maze("SI$0NK: (1,1)\n"),
        expect![[r#"
        [SINK]
        ```text
        SINK: coord
        ```

        Places a kitchen sink in the current room. Room levels only.

        Allowed in LEVEL (room-and-corridor) levels only. Since 3.2.0.

        **Not allowed here:** this is a MAZE level."#]],
    );
}

#[test]
fn level_header_counts_parts_and_rooms() {
    NETHACK.check_hover(
        &format!("MA$0ZE{}", &MAZE[4..]),
        expect![[r#"
            [MAZE]
            ```text
            MAZE: "name", fill_char | random
            ```

            Starts a maze-style level built from map parts. The name (at most 8 characters, no dot) becomes the output file name; the fill is the map character for unmapped squares, or `random` for a generated maze.

            Starts a level. Since 3.2.0.

            This level "test": a maze-style level with 1 map part (1 MAP, 0 NOMAP).

            Dialect: **NetHack 3.4.3**, detected on line 8: `RANDOM_PLACES` is NetHack 3.4.3's."#]],
    );
    NETHACK.check_hover(
        "LE$0VEL: \"rooms\"\nROOM: \"ordinary\", lit, random, random, random\nSUBROOM: \"shop\", lit, (1,1), (2,2), \"x\"\nRANDOM_CORRIDORS\n",
        expect![[r#"
            [LEVEL]
            ```text
            LEVEL: "name"
            ```

            Starts a room-and-corridor level made of ROOM and SUBROOM statements. The name (at most 8 characters, no dot) becomes the output file name.

            Starts a level. Since 3.2.0.

            This level "rooms": a room-and-corridor level with 2 rooms (1 subroom) and random corridors.

            Dialect: **NetHack 3.4.3**: no construct of either dialect yet; 3.4.3 is the default."#]],
    );
}

#[test]
fn value_word_names_its_slot() {
    NETHACK.check_hover(
        &maze("DOOR: lo$0cked, (3,1)\n"),
        expect![[r#"
        [locked]
        **locked** — door state

        A closed and locked door.

        Fills the *door state* slot (1st argument) of `DOOR`."#]],
    );
    NETHACK.check_hover(
        &maze("REGION: (0,0,4,1), un$0lit, \"ordinary\"\n"),
        expect![[r#"
            [unlit]
            **unlit** — light state

            Dark.

            Fills the *lighting* slot (2nd argument) of `REGION`."#]],
    );
    NETHACK.check_hover(
        &maze("FLAGS: noteleport, arbo$0real\n"),
        expect![[r#"
        [arboreal]
        **arboreal** — level flag

        An outdoor level: solid rock is shown as trees. Since 3.3.0.

        Fills the *level flag* slot (2nd argument) of `FLAGS`."#]],
    );
}

#[test]
fn value_word_in_the_wrong_slot_says_what_fits() {
    NETHACK.check_hover(
        &maze("DOOR: li$0t, (3,1)\n"),
        expect![[r#"
        [lit]
        **lit** — light state

        Lit: the area is visible on entry.

        **Not valid here:** the *door state* slot (1st argument) of `DOOR` takes `open`, `closed`, `locked`, `nodoor`, `broken` or `random`."#]],
    );
    NETHACK.check_hover(
        &maze("DRAWBRIDGE: (3,1), east, ran$0dom\n"),
        expect![[r#"
        [random]
        **random** — random choice

        Let the game choose a value each time the level is created.

        **Not valid here:** the *drawbridge state* slot (3rd argument) of `DRAWBRIDGE` takes `open` or `closed`."#]],
    );
}

#[test]
fn center_is_horizontal_or_vertical_by_slot() {
    NETHACK.check_hover(
        "MAZE: \"x\", ' '\nGEOMETRY:center,cen$0ter\nMAP\n.\nENDMAP\n",
        expect![[r#"
            [center]
            **center** — vertical alignment

            Centred vertically.

            Fills the *vertical placement* slot (2nd argument) of `GEOMETRY`."#]],
    );
}

#[test]
fn trap_names_and_unknown_traps() {
    NETHACK.check_hover(
        &maze("TRAP: \"be$0ar\", (1,1)\n"),
        expect![[r#"
        ["bear"]
        **"bear"** — trap

        A bear trap that holds its victim in place.

        Fills the *trap type* slot (1st argument) of `TRAP`."#]],
    );
    NETHACK.check_hover(
        &maze("TRAP: \"trap$0door\", (1,1)\n"),
        expect![[r#"
        ["trapdoor"]
        **"trapdoor"** is not a 3.4.3 trap type: lev_comp stops with `Unknown trap type!`. Did you mean "trap door"?

        Fills the *trap type* slot (1st argument) of `TRAP`."#]],
    );
}

#[test]
fn room_types_are_strings() {
    NETHACK.check_hover(
        &maze("REGION: (0,0,4,1), lit, \"th$0rone\"\n"),
        expect![[r#"
            ["throne"]
            **"throne"** — room type

            A throne room with a throne and a court of monsters.

            Fills the *room type* slot (3rd argument) of `REGION`."#]],
    );
}

#[test]
fn monster_and_object_names_with_their_class() {
    NETHACK.check_hover(
        &maze("MONSTER: 'd', \"jac$0kal\", (1,1)\n"),
        expect![[r#"
        ["jackal"]
        **jackal** — monster of class 'd' (dogs and other canines)

        Fills the *monster species* slot (2nd argument) of `MONSTER`."#]],
    );
    NETHACK.check_hover(
        &maze("MONSTER: '@', \"jac$0kal\", (1,1)\n"),
        expect![[r#"
        ["jackal"]
        **jackal** — monster of class 'd' (dogs and other canines)

        **Not in class '@' (humans and elves):** lev_comp looks the name up only in that class, warns and makes a random monster.

        Fills the *monster species* slot (2nd argument) of `MONSTER`."#]],
    );
    NETHACK.check_hover(
        &maze("MONSTER: 'd', \"jakc$0al\", (1,1)\n"),
        expect![[r#"
        ["jakcal"]
        **"jakcal"** is not a 3.4.3 monster name: lev_comp warns and makes a random monster. Did you mean "jackal"?

        Fills the *monster species* slot (2nd argument) of `MONSTER`."#]],
    );
    NETHACK.check_hover(
        &maze("OBJECT: random, \"fi$0re\", (1,1)\n"),
        expect![[r#"
        ["fire"]
        **fire** — object of class '?' (scrolls), or '/' (wands)

        Without a class char the first, '?', is meant.

        Fills the *object kind* slot (2nd argument) of `OBJECT`."#]],
    );
}

#[test]
fn class_chars_by_slot() {
    NETHACK.check_hover(
        &maze("MONSTER: '$0d', \"jackal\", (1,1)\n"),
        expect![[r#"
        ['d']
        **'d'** — monster class: dogs and other canines

        15 names, e.g. jackal, fox, coyote, werejackal, little dog, …

        Fills the *monster class* slot (1st argument) of `MONSTER`."#]],
    );
    NETHACK.check_hover(
        &maze("OBJECT: '$0(', \"chest\", (1,1)\n"),
        expect![[r#"
        ['(']
        **'('** — object class: tools and containers

        50 names, e.g. large box, chest, ice box, sack, oilskin sack, …

        Fills the *object class* slot (1st argument) of `OBJECT`."#]],
    );
    NETHACK.check_hover(
        &maze("MONSTER: '$0I', random, (1,1)\n"),
        expect![[r#"
        ['I']
        **'I'** is not a 3.4.3 monster class: lev_comp stops with `Unknown monster class!`.

        Fills the *monster class* slot (1st argument) of `MONSTER`."#]],
    );
}

#[test]
fn map_characters_with_their_cell() {
    NETHACK.check_hover(
        &format!(
            "{}$0{}",
            &MAZE[..MAZE.find('}').unwrap()],
            &MAZE[MAZE.find('}').unwrap()..]
        ),
        expect![[r#"
            [}]
            **`}`** — moat

            Part of a moat or other deep water.

            Cell (5, 0) of this 6 × 2 map."#]],
    );
    NETHACK.check_hover(
        &format!(
            "{}$0{}",
            &MAZE[..MAZE.find('K').unwrap()],
            &MAZE[MAZE.find('K').unwrap()..]
        ),
        expect![[r#"
            [K]
            **`K`** — sink

            A kitchen sink.

            Cell (2, 1) of this 6 × 2 map."#]],
    );
}

#[test]
fn coordinate_shows_the_map_cell_under_it() {
    NETHACK.check_hover(
        &maze("DOOR: locked, (3,$01)\n"),
        expect![[r#"
        [(3,1)]
        **(3, 1)** — position

        Map cell `+` door (relative to this part's map).

        Fills the *position* slot (2nd argument) of `DOOR`."#]],
    );
    NETHACK.check_hover(
        &maze("FOUNTAIN: $0(9,9)\n"),
        expect![[r#"
        [(9,9)]
        **(9, 9)** — position

        Outside the 6 × 2 map.

        Fills the *position* slot (1st argument) of `FOUNTAIN`."#]],
    );
    NETHACK.check_hover(
        &maze("NON_DIGGABLE: $0(0,0,4,1)\n"),
        expect![[r#"
        [(0,0,4,1)]
        **(0, 0) – (4, 1)** — area, 5 × 2 squares

        Top left: map cell `|` vertical wall; bottom right: map cell `.` room floor.

        Fills the *area* slot (1st argument) of `NON_DIGGABLE`."#]],
    );
}

#[test]
fn registers_name_their_list_entry() {
    NETHACK.check_hover(
        &maze("MONSTER: 'd', random, pla$0ce[1]\n"),
        expect![[r#"
        [place[1]]
        **place[1]** — entry 1 of `RANDOM_PLACES` as written: `(4,0)` (map cell `.` room floor).

        The list is shuffled each time the level is made, so this is any one of its 2 entries.

        Fills the *position* slot (3rd argument) of `MONSTER`."#]],
    );
    NETHACK.check_hover(
        &maze("MONSTER: monst$0er[0], random, random\n"),
        expect![[r#"
            [monster[0]]
            **monster[0]** — entry 0 of `RANDOM_MONSTERS` as written: `'d'` (dogs and other canines).

            The list is shuffled each time the level is made, so this is any one of its 2 entries.

            Fills the *monster class* slot (1st argument) of `MONSTER`."#]],
    );
    NETHACK.check_hover(
        &maze("MONSTER: 'd', random, place[$07]\n"),
        expect![[r#"
        [place[7]]
        **place[7]** — `RANDOM_PLACES` has only 2 entries; this index refers to nothing.

        Fills the *position* slot (3rd argument) of `MONSTER`."#]],
    );
}

#[test]
fn chance_prefix() {
    NETHACK.check_hover(
        &maze("MONSTER[5$00%]: 'd', random, random\n"),
        expect![[r#"
            [[50%]]
            **50%** chance that this `MONSTER` is carried out each time the level is made (1–100; without a prefix it always is). Accepted since 3.2.1."#]],
    );
}

#[test]
fn room_level_tuples_and_corridors() {
    NETHACK.check_hover(
        "LEVEL: \"x\"\nROOM: \"ordinary\", lit, (1,1), (center,to$0p), (3,3)\n",
        expect![[r#"
            [top]
            **top** — vertical alignment

            Against the top edge.

            Fills the *vertical alignment* slot (2nd element of the 4th argument) of `ROOM`."#]],
    );
    NETHACK.check_hover(
        "LEVEL: \"x\"\nROOM: \"ordinary\", lit, random, random, random\nCORRIDOR: (0,so$0uth,random), 1\n",
        expect![[r#"
            [south]
            **south** — direction

            Down on the map (the bottom wall).

            Fills the *wall* slot (2nd element of the 1st argument) of `CORRIDOR`."#]],
    );
}

#[test]
fn nothing_on_comments_and_blanks() {
    NETHACK.check_hover(&maze("# a com$0ment\n"), expect!["(no hover)"]);
    NETHACK.check_hover(&maze("DOOR: locked,$0 (3,1)\n"), expect!["(no hover)"]);
}

#[test]
fn misspelt_keyword_suggests_the_real_one() {
    NETHACK.check_hover(
        &maze("Mon$0ster: 'd', random, random\n"),
        expect![[r#"
        [Monster]
        `Monster` is not a lev_comp keyword (keywords are upper case and exact). Did you mean `MONSTER`?"#]],
    );
}

#[test]
fn subroom_parent_and_level_name() {
    NETHACK.check_hover(
        "LEVEL: \"r\"\nROOM: \"ordinary\", lit, random, random, random\nNAME: \"town\"\nSUBROOM: \"shop\", lit, (1,1), (2,2), \"tow$0m\"\n",
        expect![[r#"
            ["towm"]
            **"towm"** — parent room's NAME (no room of this level has this NAME)

            Fills the *parent room's NAME* slot (5th argument) of `SUBROOM`."#]],
    );
    NETHACK.check_hover(
        "MAZE: \"toolong$0name\", ' '\n",
        expect![[r#"
        ["toolongname"]
        **"toolongname"** — level name (longer than 8 characters: lev_comp refuses it)

        Fills the *level name* slot (1st argument) of `MAZE`."#]],
    );
}

/// 3.6 levels: the dialect line, variables, selections, 3.6 keywords.
mod scripted {
    use crate::formats::nethack::tests::{at, NETHACK};
    use crate::formats::nethack::NetHack;
    use crate::formats::{Format, Settings};
    use expect_test::expect;

    #[test]
    fn the_level_header_says_the_dialect_and_why() {
        NETHACK.check_hover_located(
            &at("MAZE", "MAZE"),
            expect![[r#"
                2:1-2:5 MAZE
                ```text
                MAZE: "name", 'c' | random
                ```

                Starts a maze-style level. The fill is `random` (a maze grid) or a map character (solid fill with it).

                This level "test": 1 map(s), 0 room(s), 5 variable(s).

                Dialect: **NetHack 3.6**, detected on line 11: `$place`: variables are NetHack 3.6."#]],
        );
        // 3.4.3 files get the line too, and a setting is named as the reason.
        NETHACK.check_hover_located(
            "MA$0ZE: \"x\", ' '\nGEOMETRY:center,center\nMAP\n.\nENDMAP\nRANDOM_PLACES: (0,0)\n",
            expect![[r#"
                1:1-1:5 MAZE
                ```text
                MAZE: "name", fill_char | random
                ```

                Starts a maze-style level built from map parts. The name (at most 8 characters, no dot) becomes the output file name; the fill is the map character for unmapped squares, or `random` for a generated maze.

                Starts a level. Since 3.2.0.

                This level "x": a maze-style level with 1 map part (1 MAP, 0 NOMAP).

                Dialect: **NetHack 3.4.3**, detected on line 6: `RANDOM_PLACES` is NetHack 3.4.3's."#]],
        );
        let settings = Settings::NONE.with(
            &crate::formats::nethack::settings::DIALECT,
            crate::formats::settings::Value::Choice("3.6"),
        );
        let text = "MAZE: \"x\", ' '\nNOMAP\n";
        let md = NETHACK
            .with(&settings)
            .open(text, |f| NetHack.hover(f, 1).unwrap().markdown);
        assert!(
            md.contains("**NetHack 3.6**, set by the `nethack.dialect` setting."),
            "{md}"
        );
    }

    #[test]
    fn hover_on_a_variable_shows_its_type_value_and_uses() {
        NETHACK.check_hover_located(
            &at("MONSTER", "$place"),
            expect![[r#"
                17:21-17:27 $place
                ```text
                $place: array of coordinates
                ```

                First value: `{ (1,1), (3,1), (2,2) }`

                1 assignment, 3 uses.

                Fills the *position* slot (2nd argument) of `MONSTER`."#]],
        );
        NETHACK.check_hover_located(
            &at("$sel =", "$sel"),
            expect![[r#"
            15:1-15:5 $sel
            ```text
            $sel: selection
            ```

            First value: `selection: floodfill(1,1) & rect (0,0,4,3)`

            1 assignment, 1 use."#]],
        );
    }

    #[test]
    fn hover_explains_selections() {
        NETHACK.check_hover_located(
            &at("$sel", "floodfill"),
            expect![[r#"
            15:19-15:33 floodfill(1,1)
            ```text
            floodfill (x,y)
            ```

            Selects the point and every cell connected to it with the same terrain. Here: from (1, 1)."#]],
        );
        NETHACK.check_hover_located(
            &at("$sel", "rect"),
            expect![[r#"
            15:36-15:50 rect (0,0,4,3)
            ```text
            rect (x1,y1,x2,y2)
            ```

            Selects the outline of the rectangle (its border cells). Here: from (0, 0) to (4, 3)."#]],
        );
        NETHACK.check_hover_located(
            &at("$sel", "& rect"),
            expect![[r#"
            15:19-15:50 floodfill(1,1) & rect (0,0,4,3)
            **`floodfill(1,1) & rect (0,0,4,3)`** — a selection: the union of both sides (every cell of either)."#]],
        );
        NETHACK.check_hover_located(
            &at("LOOP", "line"),
            expect![[r#"
                24:12-24:29 line (1,1), (3,1)
                ```text
                line (x1,y1), (x2,y2)
                ```

                Selects the cells of the straight line between the two points. `TERRAIN` changes the terrain of these cells.

                Fills the *where* slot (1st argument) of `TERRAIN`."#]],
        );
        NETHACK.check_hover_located(
            &at("TERRAIN: filter", "filter"),
            expect![[r#"
                26:10-26:27 filter(50%, $sel)
                ```text
                filter(N%, sel) · filter(sel, sel) · filter(mapchar, sel)
                ```

                Selects the cells of the selection that pass the filter. Here: each cell kept with a 50% chance. `TERRAIN` changes the terrain of these cells.

                Fills the *where* slot (1st argument) of `TERRAIN`."#]],
        );
    }

    #[test]
    fn hover_on_3_6_keywords_words_and_conditions() {
        NETHACK.check_hover_located(
            &at("SHUFFLE", "SHUFFLE"),
            expect![[r#"
            12:1-12:8 SHUFFLE
            ```text
            SHUFFLE: $array
            ```

            Shuffles an array variable in place (3.4.3's RANDOM_* lists)."#]],
        );
        NETHACK.check_hover_located(
            &at("LOOP", "LOOP"),
            expect![[r#"
            23:1-23:5 LOOP
            ```text
            LOOP [int] { … }
            ```

            Runs its block the given number of times."#]],
        );
        NETHACK.check_hover_located(
            &at("LOOP", "2]"),
            expect![[r#"
                23:7-23:8 2
                **[2]** — the block runs this many times."#]],
        );
        NETHACK.check_hover_located(
            &at("IF", "50%"),
            expect![[r#"
            16:4-16:9 [50%]
            **50%** chance of running the block each time the level is made."#]],
        );
        NETHACK.check_hover_located(
            &at("[25%]", "25%"),
            expect![[r#"
            27:1-27:6 [25%]
            **25%** chance of running the statement after it each time the level is made."#]],
        );
        NETHACK.check_hover_located(
            &at("CASE", "CASE"),
            expect![[r#"
            28:3-28:7 CASE
            ```text
            CASE n:
            ```

            The statements run when the SWITCH's number is `n`, up to BREAK."#]],
        );
        NETHACK.check_hover_located(
            &at("$mon =", "monster:"),
            expect![[r#"
            13:8-13:15 monster
            **monster:** — `monster: m` — a monster value for a variable."#]],
        );
        NETHACK.check_hover_located(
            &at("STAIR", "(1,2)"),
            expect![[r#"
                32:12-32:17 (1,2)
                **(1, 2)** — a coordinate.

                On the map: `.` — room floor.

                Fills the *position* slot (1st argument) of `STAIR`."#]],
        );
        NETHACK.check_hover_located(
            &at("\"chest\"", "\"chest\""),
            expect![[r#"
                19:17-19:24 "chest"
                **chest** — object of class `'('` (tools and containers)

                Fills the *object kind* slot (2nd element) in the *object* slot (1st argument) of `OBJECT`."#]],
        );
    }

    #[test]
    fn map_cells_are_hovered_as_in_3_4_3_and_x_is_known() {
        NETHACK.check_hover_located(
            &at("|..x", "}"),
            expect![[r#"
            8:3-8:4 }
            **`}`** — moat

            Part of a moat or other deep water.

            Cell (2, 2) of this 5 × 4 map."#]],
        );
        NETHACK.check_hover_located(
            &at("|..x", "x"),
            expect![[r#"
            7:4-7:5 x
            **`x`** — leave the terrain under the map unchanged (NetHack 3.6)."#]],
        );
    }

    #[test]
    fn names_and_classes_inside_tuples() {
        let level =
            |line: &str| crate::formats::nethack::tests::LEVEL.replacen("SHUFFLE: $place", line, 1);
        NETHACK.check_hover_located(
            &level("MONSTER: ('c', \"chick$0atrice\"), (1,1)"),
            expect![[r#"
                12:16-12:29 "chickatrice"
                **chickatrice** — monster of class `'c'` (cockatrices)

                Fills the *monster species* slot (2nd element) in the *monster* slot (1st argument) of `MONSTER`."#]],
        );
        NETHACK.check_hover_located(
            &level("MONSTER: ('$0c', \"chickatrice\"), (1,1)"),
            expect![[r#"
                12:11-12:14 'c'
                **'c'** — monster class: cockatrices

                chickatrice, cockatrice, pyrolisk.

                Fills the *monster class* slot (1st element) in the *monster* slot (1st argument) of `MONSTER`."#]],
        );
        NETHACK.check_hover_located(
            &level("OBJECT: ('(', \"ch$0est\"), (1,1)"),
            expect![[r#"
                12:15-12:22 "chest"
                **chest** — object of class `'('` (tools and containers)

                Fills the *object kind* slot (2nd element) in the *object* slot (1st argument) of `OBJECT`."#]],
        );
        NETHACK.check_hover_located(
            &level("OBJECT: ('$0(', \"chest\"), (1,1)"),
            expect![[r#"
                12:10-12:13 '('
                **'('** — object class: tools and containers

                50 names, e.g. large box, chest, ice box, sack, oilskin sack, …

                Fills the *object class* slot (1st element) in the *object* slot (1st argument) of `OBJECT`."#]],
        );
        // A name outside the class written.
        NETHACK.check_hover_located(
            &level("MONSTER: ('d', \"chick$0atrice\"), (1,1)"),
            expect![[r#"
                12:16-12:29 "chickatrice"
                **"chickatrice"** — not in class `'d'`: it is a monster of class `'c'` (cockatrices); lev_comp 3.6 looks the name up only in the class written.

                Fills the *monster species* slot (2nd element) in the *monster* slot (1st argument) of `MONSTER`."#]],
        );
    }

    /// The hover at the first `needle` of each line (placed after the
    /// level's variables): the hovered text, then the markdown on one line.
    fn hovers(cases: &[(&str, &str)]) -> String {
        let mut out = String::new();
        for (line, needle) in cases {
            let text = crate::formats::nethack::tests::LEVEL.replacen(
                "IF [50%] {",
                &format!("{line}\nIF [50%] {{"),
                1,
            );
            let at = text.find(line).unwrap() + line.find(needle).unwrap();
            let fixture = format!("{}$0{}", &text[..at], &text[at..]);
            let (text, hover) =
                NETHACK.open_at(&fixture, |file, offset| NetHack.hover(file, offset));
            let shown = hover.map_or("(none)".to_string(), |h| {
                let md = h.markdown.replace("\n\n", " ⏎ ").replace('\n', " ");
                format!("[{}] {md}", &text[h.range])
            });
            out.push_str(&format!("{line}  @{needle}\n  {shown}\n"));
        }
        out
    }

    #[test]
    fn every_value_says_which_slot_it_fills() {
        expect![[r#"
            ROOMDOOR: true, locked, random, random  @random, random
              [random] **random** — the game picks the *wall* at random each time the level is made. ⏎ Fills the *wall* slot (3rd argument) of `ROOMDOOR`.
            ROOMDOOR: true, locked, north|west, 3  @west
              [west] **west** — direction: Left on the map (the left wall). ⏎ Fills the *wall* slot (3rd argument) of `ROOMDOOR`.
            ROOMDOOR: false, locked, north, 3  @false
              [false] **false** — an ordinary door. ⏎ Fills the *secret* slot (1st argument) of `ROOMDOOR`.
            DOOR: random, $sel  @random
              [random] **random** — the game picks the *door state* at random each time the level is made. ⏎ Fills the *door state* slot (1st argument) of `DOOR`.
            DOOR: open, random  @random
              [random] **random** — a random spot, picked each time the level is made (`random[dry]` and the like narrow it down). ⏎ Fills the *where* slot (2nd argument) of `DOOR`.
            GEOMETRY: left, top, false  @false
              [false] **false** — after the map, coordinates go back to the frame they had before it. ⏎ Fills the *keep the map's frame* slot (3rd argument) of `GEOMETRY`.
            INIT_MAP: mines, '.', ' ', true, false, lit, true  @false
              [false] **false** — parts of the cave may stay cut off. ⏎ Fills the *joined* slot (5th argument) of `INIT_MAP`.
            ALTAR: (1,1), align[2], shrine  @align
              [align] **align[i]** — one of the level's three alignments, shuffled each time it is made (`i` is 0–2). ⏎ Fills the *alignment* slot (2nd argument) of `ALTAR`.
            ALTAR: (1,1), chaos, shrine  @shrine
              [shrine] **shrine** — altar type: An altar in a temple, attended by a priest. ⏎ Fills the *altar type* slot (3rd argument) of `ALTAR`.
            DRAWBRIDGE: (1,1), east, locked  @locked
              [locked] `locked` — **not valid here:** the *drawbridge state* slot takes `open`, `closed` or `random`. ⏎ Fills the *drawbridge state* slot (3rd argument) of `DRAWBRIDGE`.
            FLAGS: noteleport, premapped  @premapped
              [premapped] **premapped** — level flag: The whole level is mapped on arrival, traps and boulders included. ⏎ Fills the *level flag* slot (2nd argument) of `FLAGS`.
            MAZEWALK: (1,1), west, true, '.'  @'.'
              ['.'] **'.'** — map character: room floor ⏎ Room floor; dark unless a REGION lights it. ⏎ Fills the *fill character* slot (4th argument) of `MAZEWALK`.
            REPLACE_TERRAIN: (0,0,4,3), '.', 'T', 25%  @25%
              [25%] **25%** — chance for each cell: each time, with this chance. ⏎ Fills the *chance for each cell* slot (4th argument) of `REPLACE_TERRAIN`.
            ROOM: "zoo"[40%], lit, (6,1), (center, top), random  @6
              [6] **6** — grid column (1–5) ⏎ **Out of range:** lev_comp wants 1 to 5 (`Room positions should be between 1-5`). ⏎ Fills the *grid column (1–5)* slot (1st element) in the *cell of the 5 × 5 level grid* slot (3rd argument) of `ROOM`.
            ROOM: "zoo"[40%], lit, (1,1), (center, top), random  @center
              [center] **center** — horizontal alignment: Centred horizontally. ⏎ Fills the *horizontal alignment* slot (1st element) in the *alignment in its cell* slot (4th argument) of `ROOM`.
            REGION: (0,0,4,3), lit, "temple", unfilled  @"temple"
              ["temple"] **"temple"** — room type ⏎ An altar tended by a priest. ⏎ Fills the *room type* slot (3rd argument) of `REGION`.
            TRAP: "vibrating square", (2,1)  @(2,1)
              [(2,1)] **(2, 1)** — a coordinate. ⏎ On the map: `.` — room floor. ⏎ Fills the *position* slot (2nd argument) of `TRAP`.
            TRAP: "vibrating square", (2,1)  @1)
              [(2,1)] **(2, 1)** — a coordinate. ⏎ On the map: `.` — room floor. ⏎ Fills the *position* slot (2nd argument) of `TRAP`.
            ENGRAVING: (1,1), blood, "Elbereth"  @blood
              [blood] **blood** — An engraving written in blood. ⏎ Fills the *engraving type* slot (2nd argument) of `ENGRAVING`.
            RANDOM_CORRIDORS: 3  @3
              [3] **3** — corridors (ignored) ⏎ NetHack 3.6 joins the rooms the same way whatever the number. ⏎ Fills the *corridors (ignored)* slot (1st argument) of `RANDOM_CORRIDORS`.
        "#]]
        .assert_eq(&hovers(&[
            ("ROOMDOOR: true, locked, random, random", "random, random"),
            ("ROOMDOOR: true, locked, north|west, 3", "west"),
            ("ROOMDOOR: false, locked, north, 3", "false"),
            ("DOOR: random, $sel", "random"),
            ("DOOR: open, random", "random"),
            ("GEOMETRY: left, top, false", "false"),
            ("INIT_MAP: mines, '.', ' ', true, false, lit, true", "false"),
            ("ALTAR: (1,1), align[2], shrine", "align"),
            ("ALTAR: (1,1), chaos, shrine", "shrine"),
            ("DRAWBRIDGE: (1,1), east, locked", "locked"),
            ("FLAGS: noteleport, premapped", "premapped"),
            ("MAZEWALK: (1,1), west, true, '.'", "'.'"),
            ("REPLACE_TERRAIN: (0,0,4,3), '.', 'T', 25%", "25%"),
            ("ROOM: \"zoo\"[40%], lit, (6,1), (center, top), random", "6"),
            ("ROOM: \"zoo\"[40%], lit, (1,1), (center, top), random", "center"),
            ("REGION: (0,0,4,3), lit, \"temple\", unfilled", "\"temple\""),
            ("TRAP: \"vibrating square\", (2,1)", "(2,1)"),
            ("TRAP: \"vibrating square\", (2,1)", "1)"),
            ("ENGRAVING: (1,1), blood, \"Elbereth\"", "blood"),
            ("RANDOM_CORRIDORS: 3", "3"),
        ]));
    }

    #[test]
    fn monster_and_object_infos_and_their_values() {
        expect![[r#"
            MONSTER: ('d', "jackal"), (1,1), asleep, hostile  @asleep
              [asleep] **asleep** — The monster is asleep. ⏎ An info of `MONSTER`: infos come in any order, each kind once. ⏎ Fills the *monster info* slot (3rd argument) of `MONSTER`.
            MONSTER: 'd', (1,1), fleeing: 3, seen_traps: "pit"|"web"  @3
              [3] **3** — turns of fleeing ⏎ Fills the *turns of fleeing* slot (after `fleeing:`) in the *monster info* slot (3rd argument) of `MONSTER`.
            MONSTER: 'd', (1,1), seen_traps: "pit"|"spiked pot"  @spiked
              ["spiked pot"] **"spiked pot"** is not a NetHack 3.6 trap. Did you mean "spiked pit"? ⏎ Fills the *traps it knows of* slot (after `seen_traps:`) in the *monster info* slot (3rd argument) of `MONSTER`.
            MONSTER: 'm', (1,1), m_feature "fountain"  @fountain
              ["fountain"] **"fountain"** — the dungeon feature the monster looks like. ⏎ Fills the *dungeon feature it looks like* slot (after `m_feature`) in the *monster info* slot (3rd argument) of `MONSTER`.
            MONSTER: 'm', (1,1), m_feature "fontain"  @fontain
              ["fontain"] **"fontain"** is not the name of a dungeon feature: the game finds none to look like (`create_monster: can't find feature`). ⏎ Fills the *dungeon feature it looks like* slot (after `m_feature`) in the *monster info* slot (3rd argument) of `MONSTER`.
            MONSTER: 'm', (1,1), m_object "boulder"  @boulder
              ["boulder"] **boulder** — object of class `'`'` (boulders and statues) ⏎ Fills the *object it looks like* slot (after `m_object`) in the *monster info* slot (3rd argument) of `MONSTER`.
            MONSTER: '@', (1,1), "Croesus", peaceful  @Croesus
              ["Croesus"] **"Croesus"** — monster's name (7 bytes). ⏎ Fills the *monster's name* slot in the *monster info* slot (3rd argument) of `MONSTER`.
            MONSTER: '@', (1,1), align[1]  @1]
              [1] **1** — alignment register (0–2) ⏎ Fills the *alignment register (0–2)* slot (the index) in the *monster info* slot (3rd argument) of `MONSTER`.
            OBJECT: ('(', "chest"), (1,1), locked, trapped  @locked
              [locked] **locked** — The container is locked. ⏎ An info of `OBJECT`: infos come in any order, each kind once. ⏎ Fills the *object info* slot (3rd argument) of `OBJECT`.
            OBJECT: ('(', "chest"), random, lit  @random
              [random] **random** — a random spot, picked each time the level is made (`random[dry]` and the like narrow it down). ⏎ Fills the *position* slot in the *object info* slot (2nd argument) of `OBJECT`.
            OBJECT: '%', (1,1), montype: ('c', "chickatrice")  @chick
              ["chickatrice"] **chickatrice** — monster of class `'c'` (cockatrices) ⏎ Fills the *monster species* slot (2nd element) in the *monster type* slot (after `montype:`) in the *object info* slot (3rd argument) of `OBJECT`.
            OBJECT: '%', (1,1), montype: 'C'  @'C'
              ['C'] **'C'** — monster class: centaurs ⏎ plains centaur, forest centaur, mountain centaur. ⏎ Fills the *monster type* slot (after `montype:`) in the *object info* slot (3rd argument) of `OBJECT`.
            OBJECT: ')', (1,1), -2, cursed  @-2
              [-2] **-2** — enchantment or charges ⏎ Fills the *enchantment or charges* slot in the *object info* slot (3rd argument) of `OBJECT`.
            OBJECT: ')', (1,1), quantity: 2d4  @2d4
              [2d4] **2d4** — quantity ⏎ Fills the *quantity* slot (after `quantity:`) in the *object info* slot (3rd argument) of `OBJECT`.
            OBJECT: '=', (1,1), name: "precious"  @precious
              ["precious"] **"precious"** — given name (8 bytes). ⏎ Fills the *given name* slot (after `name:`) in the *object info* slot (3rd argument) of `OBJECT`.
        "#]]
        .assert_eq(&hovers(&[
            ("MONSTER: ('d', \"jackal\"), (1,1), asleep, hostile", "asleep"),
            ("MONSTER: 'd', (1,1), fleeing: 3, seen_traps: \"pit\"|\"web\"", "3"),
            ("MONSTER: 'd', (1,1), seen_traps: \"pit\"|\"spiked pot\"", "spiked"),
            ("MONSTER: 'm', (1,1), m_feature \"fountain\"", "fountain"),
            ("MONSTER: 'm', (1,1), m_feature \"fontain\"", "fontain"),
            ("MONSTER: 'm', (1,1), m_object \"boulder\"", "boulder"),
            ("MONSTER: '@', (1,1), \"Croesus\", peaceful", "Croesus"),
            ("MONSTER: '@', (1,1), align[1]", "1]"),
            ("OBJECT: ('(', \"chest\"), (1,1), locked, trapped", "locked"),
            ("OBJECT: ('(', \"chest\"), random, lit", "random"),
            ("OBJECT: '%', (1,1), montype: ('c', \"chickatrice\")", "chick"),
            ("OBJECT: '%', (1,1), montype: 'C'", "'C'"),
            ("OBJECT: ')', (1,1), -2, cursed", "-2"),
            ("OBJECT: ')', (1,1), quantity: 2d4", "2d4"),
            ("OBJECT: '=', (1,1), name: \"precious\"", "precious"),
        ]));
    }

    #[test]
    fn selection_functions_say_what_each_argument_is() {
        expect![[r#"
            TERRAIN: circle((2,2), 3, unfilled), '.'  @3,
              [3] **3** — radius ⏎ Fills the *radius* slot (2nd argument of `circle`) in the *where* slot (1st argument) of `TERRAIN`.
            TERRAIN: circle((2,2), 3, unfilled), '.'  @unfilled
              [unfilled] **unfilled** — only the cells of its rim. ⏎ Fills the *filled or only the rim* slot (3rd argument of `circle`) in the *where* slot (1st argument) of `TERRAIN`.
            TERRAIN: ellipse((2,2), 3, 1), '.'  @1)
              [1] **1** — vertical radius ⏎ Fills the *vertical radius* slot (3rd argument of `ellipse`) in the *where* slot (1st argument) of `TERRAIN`.
            TERRAIN: randline (1,1), (3,2), 8, '.'  @8
              [8] **8** — roughness ⏎ Fills the *roughness* slot (3rd argument of `randline`) in the *where* slot (1st argument) of `TERRAIN`.
            TERRAIN: grow(north|west, $sel), '.'  @west
              [west] **west** — direction: Left on the map (the left wall). ⏎ Fills the *directions to grow in* slot (1st argument of `grow`) in the *where* slot (1st argument) of `TERRAIN`.
            TERRAIN: filter('T', $sel), '.'  @'T'
              ['T'] **'T'** — map character: tree ⏎ A tree. ⏎ Fills the *filter* slot (1st argument of `filter`) in the *where* slot (1st argument) of `TERRAIN`.
            TERRAIN: filter(30%, $sel), '.'  @30%
              [30%] **30%** — filter: each time, with this chance. ⏎ Fills the *filter* slot (1st argument of `filter`) in the *where* slot (1st argument) of `TERRAIN`.
            TERRAIN: $sel & rect (0,0,4,3), '.'  @$sel
              [$sel] ```text $sel: selection ``` ⏎ First value: `selection: floodfill(1,1) & rect (0,0,4,3)` ⏎ 1 assignment, 2 uses. ⏎ Fills the *where* slot (1st argument) of `TERRAIN`.
            MONSTER: 'd', random[wet, hot]  @hot
              [hot] **hot** — a spot of lava. ⏎ Fills the *kind of random spot* slot (inside `random[…]`) in the *position* slot (2nd argument) of `MONSTER`.
            MONSTER: 'd', rndcoord($sel)  @rndcoord
              [rndcoord($sel)] ```text rndcoord(sel) ``` ⏎ Selects one random coordinate of the selection. Used by `MONSTER`. ⏎ Fills the *position* slot (2nd argument) of `MONSTER`.
        "#]]
        .assert_eq(&hovers(&[
            ("TERRAIN: circle((2,2), 3, unfilled), '.'", "3,"),
            ("TERRAIN: circle((2,2), 3, unfilled), '.'", "unfilled"),
            ("TERRAIN: ellipse((2,2), 3, 1), '.'", "1)"),
            ("TERRAIN: randline (1,1), (3,2), 8, '.'", "8"),
            ("TERRAIN: grow(north|west, $sel), '.'", "west"),
            ("TERRAIN: filter('T', $sel), '.'", "'T'"),
            ("TERRAIN: filter(30%, $sel), '.'", "30%"),
            ("TERRAIN: $sel & rect (0,0,4,3), '.'", "$sel"),
            ("MONSTER: 'd', random[wet, hot]", "hot"),
            ("MONSTER: 'd', rndcoord($sel)", "rndcoord"),
        ]));
    }
}
