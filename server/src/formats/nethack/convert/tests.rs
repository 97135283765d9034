use super::*;
use expect_test::{expect, Expect};

fn lua(text: &str, dialect: Dialect) -> Vec<Converted> {
    let mut parser = tree_sitter::Parser::new();
    parser
        .set_language(&tree_sitter_nethack::LANGUAGE.into())
        .unwrap();
    let tree = parser.parse(text, None).unwrap();
    convert(text, &tree, dialect)
}

/// Every script of the file, each under its file name, and what could
/// not be converted.
fn check(text: &str, dialect: Dialect, expected: Expect) {
    let out: Vec<String> = lua(text, dialect)
        .iter()
        .map(|c| {
            let mut s = format!("== {}\n{}", c.file_name, c.text);
            for (range, why) in &c.unconverted {
                s.push_str(&format!("!! {:?} {why}\n", &text[range.clone()]));
            }
            s
        })
        .collect();
    expected.assert_eq(&out.join(""));
}

#[test]
fn one_script_per_level_with_the_file_header() {
    check(
        "# mines.des\n# two levels\n\n# the first\nMAZE:\"one\",' '\n# inside\nMESSAGE:\"hi\"\n\n# the second\nLEVEL:\"two\"\nRANDOM_CORRIDORS\n",
        Dialect::V36,
        expect![[r#"
            == one.lua
            -- NetHack 5.0 level "one", converted by levls from a NetHack 3.6 .des file
            -- mines.des
            -- two levels

            -- the first
            des.level_flags("mazelevel")
            des.level_init({ style="solidfill", fg=" " })

            -- inside
            des.message("hi")
            == two.lua
            -- NetHack 5.0 level "two", converted by levls from a NetHack 3.6 .des file
            -- mines.des
            -- two levels

            -- the second
            des.random_corridors()
        "#]],
    );
}

#[test]
fn maze_fillings() {
    check(
        "MAZE:\"grid\",random\nMAZE:\"lava\",'L'\nMAZE:\"mines\",' '\nINIT_MAP:mines,'.',' ',true,true,random,true\n",
        Dialect::V36,
        expect![[r#"
            == grid.lua
            -- NetHack 5.0 level "grid", converted by levls from a NetHack 3.6 .des file

            des.level_flags("mazelevel")
            des.level_init({ style="mazegrid", bg="-" })
            == lava.lua
            -- NetHack 5.0 level "lava", converted by levls from a NetHack 3.6 .des file

            des.level_flags("mazelevel")
            des.level_init({ style="solidfill", fg="L" })
            == mines.lua
            -- NetHack 5.0 level "mines", converted by levls from a NetHack 3.6 .des file

            des.level_flags("mazelevel")
            des.level_init({ style="mines", fg=".", bg=" ", smoothed=true, joined=true, walled=true })
        "#]],
    );
}

#[test]
fn map_rows_are_padded_and_digits_dropped() {
    check(
        "MAZE:\"m\",' '\nGEOMETRY:left,top\nMAP\n---\n|.\n-1--\nENDMAP\n",
        Dialect::V36,
        expect![[r#"
            == m.lua
            -- NetHack 5.0 level "m", converted by levls from a NetHack 3.6 .des file

            des.level_flags("mazelevel")
            des.level_init({ style="solidfill", fg=" " })

            des.map({ halign="left", valign="top", map=[[
            ---
            |. 
            ---
            ]] })
        "#]],
    );
}

#[test]
fn registers_count_from_one_in_lua() {
    check(
        "MAZE:\"r\",' '\n$place = { (1,2),(3,4) }\nSHUFFLE:$place\nMONSTER:'D',$place[1]\nOBJECT:'(',$place[0]\n",
        Dialect::V36,
        expect![[r#"
            == r.lua
            -- NetHack 5.0 level "r", converted by levls from a NetHack 3.6 .des file

            des.level_flags("mazelevel")
            des.level_init({ style="solidfill", fg=" " })

            local place = { {1,2}, {3,4} }
            shuffle(place)
            des.monster({ class="D", coord=place[2] })
            des.object({ class="(", coord=place[1] })
        "#]],
    );
    check(
        "MAZE:\"r\",' '\nGEOMETRY:center,center\nMAP\n..\nENDMAP\nRANDOM_PLACES:(0,0),(1,0)\nRANDOM_MONSTERS:'D','H'\nMONSTER:monster[1],random,place[0]\nALTAR:place[1],align[0],shrine\n",
        Dialect::V343,
        expect![[r#"
            == r.lua
            -- NetHack 5.0 level "r", converted by levls from a NetHack 3.4.3 .des file

            des.level_flags("mazelevel")
            des.level_init({ style="solidfill", fg=" " })

            local align = { "law", "neutral", "chaos" }
            shuffle(align)
            des.map({ halign="center", valign="center", map=[[
            ..
            ]] })
            local place = { {0,0}, {1,0} }
            shuffle(place)
            local monster = { "D", "H" }
            shuffle(monster)
            des.monster({ class=monster[2], coord=place[1] })
            des.altar({ coord=place[2], align=align[1], type="shrine" })
        "#]],
    );
}

#[test]
fn random_numbers_keep_their_odds() {
    check(
        "LEVEL:\"s\"\nSWITCH [3] {\nCASE 0:\nMESSAGE:\"a\"\nBREAK\nDEFAULT:\nMESSAGE:\"b\"\nBREAK\n}\nLOOP [9 + 2d5] { [25%]: TRAP:random,random }\nOBJECT:('(',\"candle\"),random,quantity:2d3\n",
        Dialect::V36,
        expect![[r#"
            == s.lua
            -- NetHack 5.0 level "s", converted by levls from a NetHack 3.6 .des file

            -- levls: cannot convert (the .des cannot be read here: `levls check` says why): LOOP [9 + 2d5] { [25%]: TRAP:random,random }
            local choice1 = math.random(0, 2)
            if choice1 == 0 then
               des.message("a")
            else
               des.message("b")
            end
            -- levls: cannot convert (a LOOP without a count): LOOP [9 + 2d5] { [25%]: TRAP:random,random }
            --    OBJECT:('(',"candle"),random,quantity:2d3
            !! "LOOP [9 + 2d5] { [25%]: TRAP:random,random }" the .des cannot be read here: `levls check` says why
            !! "LOOP [9 + 2d5] { [25%]: TRAP:random,random }\nOBJECT:('(',\"candle\"),random,quantity:2d3" a LOOP without a count
        "#]],
    );
}

#[test]
fn regions_say_their_fill_and_light() {
    check(
        "MAZE:\"g\",' '\nREGION:(1,1,5,5),lit,\"temple\"\nREGION:(1,1,5,5),unlit,\"ordinary\",irregular\nREGION:(1,1,5,5),random,\"zoo\",filled,unjoined\nINIT_MAP:mines,'.',' ',true,true,lit,false\n",
        Dialect::V36,
        expect![[r#"
            == g.lua
            -- NetHack 5.0 level "g", converted by levls from a NetHack 3.6 .des file

            des.level_flags("mazelevel")
            des.region({ region={1,1,5,5}, lit=1, type="temple", filled=1 })
            des.region({ region={1,1,5,5}, lit=0, type="ordinary", filled=0, irregular=1 })
            des.region({ region={1,1,5,5}, type="zoo", filled=1, joined=0 })
            des.level_init({ style="mines", fg=".", bg=" ", smoothed=true, joined=true, lit=1, walled=false })
        "#]],
    );
    check(
        "MAZE:\"g\",' '\nREGION:(1,1,5,5),lit,\"temple\"\nREGION:(1,1,5,5),lit,\"ordinary\",unfilled,true\n",
        Dialect::V343,
        expect![[r#"
            == g.lua
            -- NetHack 5.0 level "g", converted by levls from a NetHack 3.4.3 .des file

            des.level_flags("mazelevel")
            des.level_init({ style="solidfill", fg=" " })

            des.region({ region={1,1,5,5}, lit=1, type="temple", filled=1 })
            des.region({ region={1,1,5,5}, lit=1, type="ordinary", filled=0, irregular=1 })
        "#]],
    );
}

#[test]
fn level_regions() {
    check(
        "MAZE:\"l\",' '\nTELEPORT_REGION:levregion(1,0,10,20),(0,0,0,0),down\nBRANCH:(1,1,2,2),levregion(0,0,5,5)\nSTAIR:levregion(60,1,75,20),(0,0,28,12),up\nPORTAL:levregion(1,1,5,5),(0,0,0,0),\"fire\"\nPORTAL:levregion(1,1,5,5),(0,0,0,0),\"\"\n",
        Dialect::V36,
        expect![[r#"
            == l.lua
            -- NetHack 5.0 level "l", converted by levls from a NetHack 3.6 .des file

            des.level_flags("mazelevel")
            des.level_init({ style="solidfill", fg=" " })

            des.teleport_region({ region={1,0,10,20}, region_islev=1, dir="down" })
            des.levregion({ type="branch", region={1,1,2,2}, exclude={0,0,5,5}, exclude_islev=1 })
            des.levregion({ type="stair-up", region={60,1,75,20}, region_islev=1, exclude={0,0,28,12} })
            des.levregion({ type="portal", region={1,1,5,5}, region_islev=1, name="fire" })
            -- levls: cannot convert (a portal without a level name): PORTAL:levregion(1,1,5,5),(0,0,0,0),""
            !! "PORTAL:levregion(1,1,5,5),(0,0,0,0),\"\"" a portal without a level name
        "#]],
    );
}

#[test]
fn names_lose_their_class_unless_ambiguous() {
    check(
        "LEVEL:\"n\"\nOBJECT:('?',\"teleportation\"),(1,1)\nOBJECT:('*',\"ruby\"),(1,1),blessed,2\nMONSTER:('@',\"aligned priest\"),(2,2),peaceful,asleep,m_feature \"fountain\"\nMONSTER:\"D\",random\nOBJECT:('%',\"corpse\"),random,montype:\"aligned priest\"\n",
        Dialect::V36,
        expect![[r#"
            == n.lua
            -- NetHack 5.0 level "n", converted by levls from a NetHack 3.6 .des file

            des.object({ class="?", id="teleportation", x=1, y=1 })
            des.object({ id="ruby", x=1, y=1, buc="blessed", spe=2 })
            des.monster({ id="aligned cleric", x=2, y=2, peaceful=1, asleep=1, appear_as="ter:fountain" })
            des.monster({ class="D" })
            des.object({ id="corpse", montype="aligned cleric" })
        "#]],
    );
}

#[test]
fn blocks_become_functions_and_rooms_nest() {
    check(
        "LEVEL:\"b\"\nROOM:\"ordinary\",lit,(3,3),(center,center),(5,5) {\n  SUBROOM:\"shop\"[40%],unlit,(1,1),(2,2) { ROOMDOOR:false,closed,north|south,random }\n  MONSTER:'@',random { OBJECT:'!' }\n  CONTAINER:('(',\"chest\"),(1,1) { OBJECT:'?' }\n}\n",
        Dialect::V36,
        expect![[r#"
            == b.lua
            -- NetHack 5.0 level "b", converted by levls from a NetHack 3.6 .des file

            des.room({ type="ordinary", lit=1, x=3, y=3, xalign="center", yalign="center", w=5, h=5, contents=function()
               des.room({ type="shop", chance=40, lit=0, x=1, y=1, w=2, h=2, contents=function()
                  des.door({ state="closed", wall=({ "north", "south" })[math.random(1, 2)] })
               end })
               des.monster({ class="@", inventory=function()
                  des.object({ class="!" })
               end })
               des.object({ id="chest", x=1, y=1, contents=function()
                  des.object({ class="?" })
               end })
            end })
        "#]],
    );
    check(
        "LEVEL:\"b\"\nROOM:\"ordinary\",random,random,random,random\nNAME:\"outer\"\nOBJECT:'!',random,random\nSUBROOM:\"temple\",lit,(1,1),(2,2),\"outer\"\nCHANCE:50\nDOOR:false,locked,west,2\nCONTAINER:'(',\"chest\",random\nOBJECT:'?',random,contained\nRANDOM_CORRIDORS\n",
        Dialect::V343,
        expect![[r#"
            == b.lua
            -- NetHack 5.0 level "b", converted by levls from a NetHack 3.4.3 .des file

            des.room({ type="ordinary", contents=function()
               des.object({ class="!" })
               des.room({ type="temple", chance=50, lit=1, x=1, y=1, w=2, h=2, contents=function()
                  des.door({ state="locked", wall="west", pos=2 })
                  des.object({ id="chest", contents=function()
                     des.object({ class="?" })
                  end })
               end })
            end })
            des.random_corridors()
        "#]],
    );
}

#[test]
fn what_cannot_be_converted_is_said_and_listed() {
    let out = lua(
        "MAZE:\"c\",' '\nGEOMETRY:center,center\nMAP\n..\nENDMAP\nNOMAP\nWALLIFY\nTRAP:\"hole\",(1,1)\n",
        Dialect::V36,
    );
    assert_eq!(out.len(), 1);
    assert!(out[0]
        .text
        .contains("des.wallify({ x1=0, y1=0, x2=79, y2=20 })"));
    assert!(out[0]
        .text
        .contains("-- levls: cannot convert (a place in level coordinates after a MAP"));
    assert_eq!(out[0].unconverted.len(), 1);
}

/// What the file leaves out or lev_comp cannot read is said, never written
/// as broken Lua (the fuzzer's `convert_nethack` found `coord= })`).
#[test]
fn what_cannot_be_read_is_said_not_written_as_broken_lua() {
    check(
        "MAZE:\"t\",' '\nMONSTER:'v',\"energy vortex\",\n\nMESSAGE:\"x\" @@@\nTRAP:\"hole\",(1,1)\n$ = 5\n$2nd = 3\n$end = 4\n",
        Dialect::V36,
        expect![[r#"
            == t.lua
            -- NetHack 5.0 level "t", converted by levls from a NetHack 3.6 .des file

            -- levls: cannot convert (the .des cannot be read here: `levls check` says why): MESSAGE:"x" @@@
            -- levls: cannot convert (the .des cannot be read here: `levls check` says why): $ = 5
            des.level_flags("mazelevel")
            des.level_init({ style="solidfill", fg=" " })

            -- levls: cannot convert (a string as a coordinate): MONSTER:'v',"energy vortex",
            --
            --    MESSAGE:"x" @@@
            --    TRAP:"hole",(1,1)
            local end_ = 4
            !! "MESSAGE:\"x\" @@@" the .des cannot be read here: `levls check` says why
            !! "$ = 5" the .des cannot be read here: `levls check` says why
            !! "MONSTER:'v',\"energy vortex\",\n\nMESSAGE:\"x\" @@@\nTRAP:\"hole\",(1,1)" a string as a coordinate
        "#]],
    );
}

/// Control characters never reach the Lua raw: escaped in strings (three
/// digits, so a digit after one stays a digit), `?` in comments (a lone CR
/// would end a Lua comment and make the rest of the line code).
#[test]
fn control_characters_are_escaped_in_strings_and_shown_in_comments() {
    check(
        "MAZE:\"c\",' '\n# a lone\rCR\nMESSAGE:\"del\u{7f}1\"\nMONSTER:'A',\"Angel\",(2,9),noalign,ho\u{1}e\nMONSTER:'A',\"Angel\",(2,9)\n",
        Dialect::V36,
        expect![[r#"
            == c.lua
            -- NetHack 5.0 level "c", converted by levls from a NetHack 3.6 .des file

            -- levls: cannot convert (the .des cannot be read here: `levls check` says why): MONSTER:'A',"Angel",(2,9),noalign,ho?e
            des.level_flags("mazelevel")
            des.level_init({ style="solidfill", fg=" " })

            -- a lone?CR
            des.message("del\1271")
            -- levls: cannot convert (a string as a coordinate): MONSTER:'A',"Angel",(2,9),noalign,ho?e
            --    MONSTER:'A',"Angel",(2,9)
            !! "MONSTER:'A',\"Angel\",(2,9),noalign,ho\u{1}e" the .des cannot be read here: `levls check` says why
            !! "MONSTER:'A',\"Angel\",(2,9),noalign,ho\u{1}e\nMONSTER:'A',\"Angel\",(2,9)" a string as a coordinate
        "#]],
    );
}

/// A 3.4.3 ROOM none of whose fields converts opens its table with the
/// contents (the fuzzer's `des.room({ , contents=…`).
#[test]
fn a_room_without_fields_of_its_own_is_still_lua() {
    let converted = lua(
        "LEVEL:\"r\"\nROOM: random, random, random, random, random\nOBJECT: random, random, random\n",
        Dialect::V343,
    );
    assert!(
        converted[0].text.contains("des.room({ contents=function()"),
        "{}",
        converted[0].text
    );
}

/// Found by fuzzing (convert_nethack): the grammar reads any word before
/// `[n]` as a register, and a garbled file made `h=not[10]`: no Lua (`not`
/// is Lua's). Only the four registers are written as lists; another is said.
#[test]
fn a_word_indexed_like_a_register_is_said_not_written() {
    let converted = lua(
        "MAZE:\"a\",random\nSUBROOM:\"ordinary\",lit,(4,10),(3,not[9]) {\n}\nOBJECT:random,place[0]\n",
        Dialect::V36,
    );
    let script = &converted[0];
    let code: Vec<&str> = script
        .text
        .lines()
        .filter(|l| !l.trim_start().starts_with("--"))
        .collect();
    assert!(!code.iter().any(|l| l.contains("not[")), "{}", script.text);
    assert!(
        script
            .unconverted
            .iter()
            .any(|(_, why)| why.contains("`not[…]`")),
        "{:?}",
        script.unconverted
    );
    assert!(script.text.contains("place[1]"), "{}", script.text);
}
