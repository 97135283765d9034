//! NetHack 5.0 Lua levels as their authors meet them: a script's text
//! (with `$0` where the cursor is) and what levls answers.

use super::NetHackLua;
use crate::formats::test_support::Fixtures;
use expect_test::expect;

const LEVEL: Fixtures = Fixtures::new(&NetHackLua, "dat/oracle.lua");

#[test]
fn a_script_is_a_level_by_its_des_calls_and_other_lua_is_left_alone() {
    let detect = |text: &str| {
        crate::formats::detect(Some(std::path::Path::new("dat/x.lua")), None, text)
            .map(|d| d.format.name())
    };
    assert_eq!(
        detect("-- a level\ndes.level_init({ style = \"solidfill\" })\n"),
        Some("nethack-lua")
    );
    assert_eq!(
        detect("function shuffle(list)\n  des.room({})\nend\n"),
        None
    );
    // The dungeon layout is a format of its own.
    assert_eq!(
        detect("dungeon = { { name = \"The Dungeons of Doom\" } }\n"),
        Some("nethack-dungeon-lua")
    );
}

#[test]
fn the_game_s_errors_are_errors() {
    LEVEL.check_diagnostics(
        r#"des.level_init({ style = "solidfil" })
des.monstr({ id = "lich" })
des.corridor({ srcroom = 1, srcdoor = 0, destroom = 2 })
des.levregion({ region = {1,1,2,2}, type = "portal" })
des.replace_terrain({ region = {1,1,5,5}, toterrain = "." })
des.room({ type = "ordinary", x = 3, y = 3, w = 4 })
des.room({ type = "ordinary", x = 3 
"#,
        expect![[r#"
            1:26-1:36 error nethack-lua::unknown-value: `style` of `des.level_init` is one of "solidfill", "mazegrid", "maze", "rogue", "mines", "swamp", not "solidfil": the game stops with an error; did you mean "solidfill"?
                fix: Change to "solidfill" → `des.level_init({ style = "solidfill" })`
            2:5-2:11 error nethack-lua::unknown-function: `des.monstr` is no function of NetHack 5.0: the game stops with "attempt to call a nil value (field 'monstr')"; did you mean `des.monster`?
                fix: Change to `des.monster` → `des.monster({ id = "lich" })`
            3:5-3:13 error nethack-lua::missing-key: `des.corridor` needs `destdoor` in its table: without, the game stops with an error
            4:5-4:14 error nethack-lua::portal-without-name: a portal `des.levregion` needs `name`, the level it leads to: without it the game crashes (fixup_special)
            5:5-5:20 error nethack-lua::missing-key: `des.replace_terrain` needs `fromterrain` or `mapfragment` in its table: without, the game stops with an error
            6:5-6:9 error nethack-lua::missing-key: `des.room` has `w` without `h`: the game panics ("Room must have both w and h")
            7:5-7:9 error nethack-lua::missing-key: `des.room` has `x` without `y`: the game panics ("Room must have both x and y")
            7:36-7:36 error nethack-lua::syntax: Lua expects `}` here: the game refuses the script (luaL_loadbuffer)
        "#]],
    );
}

#[test]
fn what_the_game_accepts_silently_is_a_warning() {
    LEVEL.check_diagnostics(
        r#"des.monster({ id = "lich", paeceful = 1 })
des.room({ type = "ordnary", contents = function()
   des.altar({ aligned = "law" })
end })
des.map([[
---
|Q.
|.
]])
"#,
        expect![[r#"
            1:28-1:36 warning nethack-lua::unknown-key: `des.monster` has no key `paeceful`: the game ignores it, and the setting is lost; did you mean `peaceful`?
                fix: Change to `peaceful` → `des.monster({ id = "lich", peaceful = 1 })`
            2:19-2:28 warning nethack-lua::unknown-value: `type` of `des.room` is one of "ordinary", "themed", "throne", "swamp", "vault", "beehive", "morgue", "barracks", "zoo", "delphi", "temple", "anthole", "cocknest", "leprehall", "shop", "armor shop", "scroll shop", "potion shop", "weapon shop", "food shop", "ring shop", "wand shop", "tool shop", "book shop", "health food shop", "candle shop", not "ordnary": the game says so and goes on without it; did you mean "ordinary"?
                fix: Change to "ordinary" → `des.room({ type = "ordinary", contents = function()`
            3:16-3:23 warning nethack-lua::unknown-key: `des.altar` has no key `aligned`: the game ignores it, and the setting is lost; did you mean `align`?
                fix: Change to `align` → `   des.altar({ align = "law" })`
            7:2-7:3 warning nethack-lua::map-char: `Q` is no map character: the game skips it, and the square keeps what was there
            8:1-8:3 warning nethack-lua::map-ragged: 1 of the map's 3 rows are narrower than its widest (3 columns), this one first (2 columns): the game reads every row 4 columns apart, so each row after it is shifted
        "#]],
    );
}

#[test]
fn arguments_in_a_shape_no_form_takes() {
    // Each verdict as the real 5.0.0 gave it for the same call.
    LEVEL.check_diagnostics(
        r#"des.object("boulder", 3)
des.door("open")
des.gold(5)
des.stair("up", 1506)
des.stair("up", "a", "b")
des.non_diggable(selection.area(1,1,3,3), 1)
des.random_corridors(1)
des.stair("down", 3, "4")
des.message("a", "b")
des.terrain(here, ".")
des.object({ id = "boulder" })
"#,
        expect![[r#"
            1:11-1:25 error nethack-lua::wrong-arguments: `des.object` takes (), (text), (text, table), (text, number, number), (table), not (text, number): the game stops with an error (bad argument, or "Wrong parameters")
            2:9-2:17 error nethack-lua::wrong-arguments: `des.door` takes (text, number, number), (table), not (text): the game stops with an error (bad argument, or "Wrong parameters")
            3:9-3:12 error nethack-lua::wrong-arguments: `des.gold` takes (number, number, number), (number, table), (table), (), not (number): the game stops with an error (bad argument, or "Wrong parameters")
            4:10-4:22 warning nethack-lua::wrong-arguments: `des.stair` takes (), (text), (text, number, number), (text, table), (number, number), (table), not (text, number): the game reads no place from them and goes on: a number alone makes it random, words where numbers go make 0,0
            5:10-5:26 warning nethack-lua::wrong-arguments: `des.stair` takes (), (text), (text, number, number), (text, table), (number, number), (table), not (text, text, text): the game reads no place from them and goes on: a number alone makes it random, words where numbers go make 0,0
            6:17-6:45 warning nethack-lua::wrong-arguments: `des.non_diggable` takes (), (selection), not (value, number): with more than one argument the game does nothing at all
            7:21-7:24 warning nethack-lua::wrong-arguments: `des.random_corridors` takes (), not (number): the game ignores them
        "#]],
    );
}

#[test]
fn a_map_of_twenty_three_rows_is_refused() {
    let rows = "...\n".repeat(23);
    let text =
        format!("des.map({{ halign = \"center\", valign = \"center\", map = [[\n{rows}]] }})\n");
    LEVEL.check_diagnostics(
        &text,
        expect![[r#"
            24:1-24:4 error nethack-lua::map-too-tall: a map has at most 22 rows; this is row 23: the game stops with "Map data error"
        "#]],
    );
}

#[test]
fn hover_on_a_function_and_on_a_key() {
    LEVEL.check_hover(
        "des.lev$0region({ region = {1,1,2,2}, type = \"portal\", name = \"fire\" })\n",
        expect![[r#"
            [levregion]
            **`des.levregion`** (NetHack 5.0)

            Forms:
            - `(table)`: keys below

            Keys: `region` (required), `exclude`, `region_islev`, `exclude_islev`, `type`, `padding`, `name`
        "#]],
    );
    LEVEL.check_hover(
        "des.levregion({ region = {1,1,2,2}, ty$0pe = \"portal\", name = \"fire\" })\n",
        expect![[r#"
            [type]
            **`type`** of `des.levregion`: option

            stair-down|stair-up|portal|branch|teleport|teleport-up|teleport-down (default stair-down)

            _sp_lev.c:5472 lspo_levregion_"#]],
    );
}

#[test]
fn completion_of_functions_and_of_the_keys_not_written_yet() {
    LEVEL.check_completion_labels("des.lev$0", expect!["message monster object level_flags level_init engraving mineralize door stair ladder grave altar … (34 in all)"]);
    LEVEL.check_completion_labels(
        "des.levregion({ region = {1,1,2,2}, $0 })\n",
        expect!["exclude region_islev exclude_islev type padding name"],
    );
    // The words a key or a positional argument takes.
    LEVEL.check_completion_labels(
        "des.map({ halign = \"ce$0\", map = [[\n.\n]] })\n",
        expect!["left half-left center half-right right none"],
    );
    LEVEL.check_completion_labels("des.stair(\"$0\")\n", expect!["down up"]);
    LEVEL.check_completion_labels(
        "des.door(\"$0\", 3, 3)\n",
        expect!["random open closed locked nodoor broken secret"],
    );
    LEVEL.check_completion_labels("des.level_flags(\"mazelevel\", \"$0\")\n", expect!["noteleport hardfloor nommap shortsighted arboreal mazelevel shroud graveyard icedpools corrmaze premapped solidify sokoban inaccessibles noflipx noflipy noflip temperate hot cold nomongen nodeathdrops noautosearch fumaroles stormy"]);
}

#[test]
fn a_value_of_a_type_the_bindings_cannot_read() {
    LEVEL.check_diagnostics(
        r#"des.room({ type = { "ordinary" }, filled = "five", x = "3", y = 3, joined = "yes" })
des.monster({ id = "lich", peaceful = "five", x = spot.x, y = 3 })
des.object({ id = "statue", contents = 0 })
"#,
        expect![[r#"
            1:19-1:33 error nethack-lua::wrong-type: `type` of `des.room` takes a string: the game stops with an error (bad argument)
            1:44-1:50 error nethack-lua::wrong-type: `filled` of `des.room` takes a number: the game stops with an error (bad argument)
            2:39-2:45 error nethack-lua::wrong-type: `peaceful` of `des.monster` takes true or false: the game stops with an error (bad argument)
        "#]],
    );
}

#[test]
fn the_map_picture_shows_the_map_and_what_its_calls_place() {
    let text = r#"des.map({ halign = "center", valign = "center", map = [[
-----
|...|
|.Q.|
-----
]], contents = function()
   des.monster("L", 1, 1)
   des.stair({ dir = "up", x = 3, y = 1 })
end })
des.object({ id = "boulder", coord = {2, 2} })
des.trap("hole", 9, 9)
"#;
    let tree = crate::formats::parse(&NetHackLua, text);
    let level = super::syntax::read(text, &tree);
    let diagnostics = super::check::diagnostics(text, &level);
    let pictures = super::picture::pictures(&level, &diagnostics);
    assert_eq!(pictures.len(), 1);
    expect![[r#"
        -----
        |L.<|
        |.*.|
        -----
        warning (2,2): `Q` is no map character: the game skips it, and the square keeps what was there
    "#]]
    .assert_eq(&pictures[0].sketch());
}

#[test]
fn unknown_names_follow_the_game_s_form() {
    LEVEL.check_diagnostics(
        r#"des.monster({ id = "lihc" })
des.monster("lihc", 3, 3)
des.monster("Elvenking", 3, 3)
des.trap("hol")
des.trap({ type = "hol" })
des.object({ id = "wand of strikng" })
des.object("Q", 1, 1)
des.monster({ class = "]" })
des.object({ id = "statue", montype = "knigth" })
des.object({ id = "boulder", montype = "gnome" })
des.object({ class = "scroll" })
"#,
        expect![[r#"
            1:21-1:25 error nethack-lua::unknown-name: NetHack 5.0 has no monster "lihc": the game stops with "Unknown monster id"; did you mean "lich"?
                fix: Change to "lich" → `des.monster({ id = "lich" })`
            2:14-2:18 warning nethack-lua::unknown-name: NetHack 5.0 has no monster "lihc": the game makes a random monster instead; did you mean "lich"?
                fix: Change to "lich" → `des.monster("lich", 3, 3)`
            4:11-4:14 error nethack-lua::unknown-name: NetHack 5.0 has no trap "hol": the game stops with "Unknown trap type"; did you mean "hole"?
                fix: Change to "hole" → `des.trap("hole")`
            5:20-5:23 warning nethack-lua::unknown-name: NetHack 5.0 has no trap "hol": the game makes a random trap instead; did you mean "hole"?
                fix: Change to "hole" → `des.trap({ type = "hole" })`
            6:28-6:35 error nethack-lua::unknown-name: NetHack 5.0 has no object "strikng": the game stops with "Unknown object id"; did you mean "striking"?
                fix: Change to "striking" → `des.object({ id = "wand of striking" })`
            7:13-7:14 error nethack-lua::unknown-class: 'Q' is no object class of NetHack 5.0: the game panics with "create_object: unexpected object class"
            8:24-8:25 warning nethack-lua::unknown-class: no monster has the class ']': the game says so (impossible) and makes none
            9:40-9:46 error nethack-lua::unknown-name: NetHack 5.0 has no monster "knigth" for the statue: the game stops with "Unknown montype"; did you mean "knight"?
                fix: Change to "knight" → `des.object({ id = "statue", montype = "knight" })`
            10:41-10:46 warning nethack-lua::unknown-key: a boulder has no monster type: the game ignores `montype` (only a statue, egg, corpse, tin or figurine takes one), and the setting is lost
            11:23-11:29 warning nethack-lua::unknown-class: `class` is one character (a class symbol such as "?"): the game ignores "scroll", and the object is of any class
        "#]],
    );
}

#[test]
fn points_off_the_level_or_the_room_and_inverted_regions() {
    LEVEL.check_diagnostics(
        r#"des.map([[
-----
|...|
-----
]])
des.stair("up", 43, 1)
des.door("locked", 99, 1)
des.monster({ id = "lich", x = -5, y = 1 })
des.trap("hole", -1, -1)
des.room({ type = "ordinary", w = 3, h = 3, contents = function()
   des.object({ id = "boulder", x = 7, y = 1 })
   des.door({ state = "open", x = 3, y = 1 })
end })
des.levregion({ region = {66,17,66,0}, type = "stair-up" })
"#,
        expect![[r#"
            7:9-7:26 error nethack-lua::coordinate-outside: (99,1) of `des.door` lies outside the level: the map is 5×3 and the level 80×21: the game stops with "door coord not ok"
            8:12-8:44 warning nethack-lua::coordinate-outside: (-5,1) of `des.monster` lies outside the level: the map is 5×3 and the level 80×21: the game clamps it or puts the thing somewhere at random
            11:14-11:48 warning nethack-lua::coordinate-outside: (7,1) of `des.object` lies outside the room (3×3, its walls at -1 and 3/3): the game clamps it or puts the thing somewhere at random
            14:26-14:38 error nethack-lua::region-inverted: the region {66,17,66,0} is inside out (x2 < x1 or y2 < y1): placing it can crash the game (occupied, place_lregion) or put the stairs out of the level
        "#]],
    );
}

#[test]
fn hover_and_completion_of_names() {
    LEVEL.check_hover(
        "des.monster({ id = \"Elven$0king\", x = 1, y = 1 })\n",
        expect![[r#"
            [Elvenking]
            **Elvenking**: the game's other name for the monster **elven monarch**, of class `@` (NetHack 5.0)"#]],
    );
    LEVEL.check_hover(
        "des.trap(\"ho$0le\", 1, 1)\n",
        expect![[r#"
        [hole]
        **hole**: a trap `^` (NetHack 5.0)"#]],
    );
    LEVEL.check_completion_labels("des.monster(\"li$0\")\n", expect!["giant ant killer bee soldier ant fire ant giant beetle queen bee acid blob quivering blob gelatinous cube chickatrice cockatrice pyrolisk … (383 in all)"]);
    LEVEL.check_completion_labels("des.object({ class = \"/\", id = \"$0\" })\n", expect!["light secret door detection enlightenment create monster wishing stasis nothing striking make invisible slow monster speed monster undead turning polymorph cancellation teleportation opening locking probing digging magic missile fire cold sleep death lightning"]);
}

#[test]
fn inlay_hints_name_the_map_square_under_a_point() {
    let text = r#"des.map({ halign = "center", valign = "center", map = [[
-----
|.+.|
-----
]], contents = function()
   des.monster("L", 2, 1)
end })
des.object({ id = "boulder", coord = {1, 1} })
des.trap({ type = "hole", x = 0, y = 0 })
"#;
    let tree = crate::formats::parse(&NetHackLua, text);
    let level = super::syntax::read(text, &tree);
    let hints: Vec<String> = super::inlay::inlay_hints(&level, 0..text.len())
        .iter()
        .map(|h| format!("{}:{}", &text[..h.offset].lines().count(), h.label))
        .collect();
    expect![[r#"
        6:'+' door
        8:'.' room floor
        9:'-' horizontal wall"#]]
    .assert_eq(&hints.join("\n"));
}
