//! Completion fixtures: the file with `$0` where the cursor is, and the
//! items as `label (replaced text) ⇒ insert [snippet] — detail`.

use crate::formats::nethack::ide::completion::completions;
use crate::formats::nethack::ide::hover::hover;
use crate::formats::nethack::tests::NETHACK;
use crate::formats::nethack::{dialect, syntax, Dialect, NetHack};
use crate::formats::Format;
use expect_test::expect;

const MAZE: &str = "MAZE: \"test\", ' '
GEOMETRY:center,center
MAP
|....}
|.K+..
ENDMAP
RANDOM_PLACES: (1,0), (4,1)
RANDOM_MONSTERS: 'd', 'D'
";

fn maze(rest: &str) -> String {
    format!("{MAZE}{rest}")
}

#[test]
fn before_the_first_level_only_level_headers() {
    NETHACK.check_completions(
        "# a comment\n$0",
        expect![[r#"
            MAZE () ⇒ MAZE: "${1:name}", ${2:' '} [snippet] — MAZE: "name", fill_char | random
            LEVEL () ⇒ LEVEL: "${1:name}" [snippet] — LEVEL: "name""#]],
    );
}

#[test]
fn nothing_inside_a_comment() {
    NETHACK.check_completions("# made for 3.4.3's lev_comp, ($0\n", expect![""]);
    NETHACK.check_completions(&maze("# a note, '$0"), expect![""]);
}

#[test]
fn keywords_in_a_maze_level_exclude_room_only_ones() {
    NETHACK.check_completion_labels(
        &maze("$0"),
        expect!["MAZE LEVEL FLAGS INIT_MAP MESSAGE GEOMETRY MAP NOMAP RANDOM_OBJECTS RANDOM_MONSTERS RANDOM_PLACES MONSTER … (31 in all)"],
    );
}

#[test]
fn keywords_in_a_room_level_exclude_maze_only_ones() {
    NETHACK.check_completion_labels(
        "LEVEL: \"x\"\nROOM: \"ordinary\", random, random, random, random\nSI$0",
        expect!["MAZE LEVEL FLAGS INIT_MAP MESSAGE RANDOM_OBJECTS RANDOM_MONSTERS ROOM SUBROOM NAME CHANCE RANDOM_CORRIDORS CORRIDOR MONSTER OBJECT CONTAINER TRAP DOOR STAIR ALTAR FOUNTAIN GOLD ENGRAVING SINK POOL"],
    );
}

#[test]
fn door_states_after_door_colon_in_a_maze() {
    NETHACK.check_completions(
        &maze("DOOR: $0"),
        expect![[r#"
            open () — door state
            closed () — door state
            locked () — door state
            nodoor () — door state
            broken () — door state
            random () — random choice — door state"#]],
    );
}

#[test]
fn light_states_in_the_second_slot_of_region() {
    NETHACK.check_completions(
        &maze("REGION: (0,0,4,1), $0"),
        expect![[r#"
        lit () — light state — lighting
        unlit () — light state — lighting
        random () — random choice — lighting"#]],
    );
}

#[test]
fn geometry_takes_horizontal_then_vertical_placement() {
    NETHACK.check_completion_labels(
        "MAZE: \"x\", ' '\nGEOMETRY: $0",
        expect!["left half-left center half-right right"],
    );
    NETHACK.check_completion_labels(
        "MAZE: \"x\", ' '\nGEOMETRY: left, $0",
        expect!["top center bottom"],
    );
}

#[test]
fn flags_not_already_written_are_offered() {
    NETHACK.check_completion_labels(
        "MAZE: \"x\", ' '\nFLAGS: noteleport, $0, hardfloor",
        expect!["nommap shortsighted arboreal"],
    );
}

#[test]
fn altar_alignment_then_altar_type() {
    NETHACK.check_completion_labels(
        &maze("ALTAR: (1,1), $0"),
        expect![
            "noalign law neutral chaos coaligned noncoaligned align[0] align[1] align[2] random"
        ],
    );
    NETHACK.check_completion_labels(
        &maze("ALTAR: (1,1), law, sh$0"),
        expect!["altar shrine sanctum random"],
    );
}

#[test]
fn monster_names_inside_the_string_follow_the_class_char() {
    NETHACK.check_completion_labels(
        &maze("MONSTER: 'd', \"wer$0\", random"),
        expect!["jackal fox coyote werejackal little dog dog large dog dingo wolf werewolf warg winter wolf cub winter wolf hell hound pup hell hound"],
    );
}

#[test]
fn class_chars_follow_the_name_already_written() {
    NETHACK.check_completions(
        &maze("MONSTER: $0, \"werejackal\", random"),
        expect![[r#"
        'd' () — monster class of "werejackal" — dogs and other canines
        '@' () — monster class of "werejackal" — humans and elves
        random () — random choice — monster class
        monster[0] () — register — monster class
        monster[1] () — register — monster class"#]],
    );
    NETHACK.check_completion_labels(&maze("MONSTER: '$0, \"jackal\", random"), expect!["'d'"]);
}

#[test]
fn monster_class_slot_offers_registers_of_the_list_in_force() {
    NETHACK.check_completion_labels(
        &maze("MONSTER: $0"),
        expect!["'a' 'b' 'c' 'd' 'e' 'f' 'g' 'h' 'i' 'j' 'k' 'l' … (62 in all)"],
    );
}

#[test]
fn object_names_inside_the_string_follow_the_class_char() {
    NETHACK.check_completion_labels(
        &maze("OBJECT: '(', \"large b$0\", random"),
        expect!["large box chest ice box sack oilskin sack bag of holding bag of tricks skeleton key lock pick credit card tallow candle wax candle … (50 in all)"],
    );
}

#[test]
fn trap_names_inside_trap_string() {
    NETHACK.check_completion_labels(&maze("TRAP: \"$0"), expect!["arrow dart falling rock board bear land mine rolling boulder sleep gas rust fire pit spiked pit hole trap door teleport level teleport magic portal web statue magic anti magic polymorph"]);
}

#[test]
fn a_variants_traps_room_types_and_classes_complete_in_either_dialect() {
    // dNetHack (3.4.3's grammar): its `mummy trap` and `essence`.
    NETHACK.check_completion_labels(
        &format!("# levls: variant dnethack\n{}", maze("TRAP: \"$0")),
        expect!["arrow dart falling rock board bear land mine rolling boulder mummy trap sleep gas rust fire pit spiked pit hole trap door teleport level teleport magic portal web statue magic anti magic polymorph essence"],
    );
    // UnNetHack (3.6's): its `cold`, and not vanilla 3.6's `vibrating square`.
    NETHACK.check_completion_labels(
        "# levls: variant unnethack\nLEVEL: \"x\"\nTRAP: \"$0",
        expect!["arrow dart falling rock board bear land mine rolling boulder sleep gas rust fire pit spiked pit hole trap door teleport level teleport magic portal web statue magic anti magic polymorph cold"],
    );
    NETHACK.check_completion_labels(
        "# levls: variant unnethack\nLEVEL: \"x\"\nROOM: \"$0",
        expect!["ordinary rndvault throne swamp vault beehive morgue barracks zoo delphi temple lemurepit … (32 in all)"],
    );
    // SLASH'EM's monster classes include `$` and `%`, vanilla's not.
    let classes = |fixture: &str| -> Vec<String> {
        let (_, items) = NETHACK.completions_at(fixture);
        items.into_iter().map(|c| c.label).collect()
    };
    let slashem = classes(&format!(
        "# levls: variant slashem\n{}",
        maze("MONSTER: '$0")
    ));
    let vanilla = classes(&maze("MONSTER: '$0"));
    assert!(slashem.contains(&"'$'".to_string()) && slashem.contains(&"'%'".to_string()));
    assert!(!vanilla.contains(&"'$'".to_string()), "{vanilla:?}");
}

#[test]
fn room_types_inside_region_and_room_strings() {
    NETHACK.check_completion_labels(&maze("REGION: (0,0,1,1), lit, \"sh$0\""), expect!["ordinary throne swamp vault beehive morgue barracks zoo delphi temple anthole cocknest leprehall shop armor shop scroll shop potion shop weapon shop food shop ring shop wand shop tool shop book shop candle shop"]);
    NETHACK.check_completion_labels(
        "LEVEL: \"x\"\nROOM: \"$0\", lit, random, random, random\n",
        expect!["ordinary throne swamp vault beehive morgue barracks zoo delphi temple anthole cocknest leprehall shop armor shop scroll shop potion shop weapon shop food shop ring shop wand shop tool shop book shop candle shop"],
    );
}

#[test]
fn place_indices_of_the_random_places_list() {
    NETHACK.check_completions(
        &maze("MONSTER: 'd', random, place[$0"),
        expect![[r#"
        0 () — place[…] — position
        1 () — place[…] — position"#]],
    );
}

#[test]
fn half_typed_value_word_in_the_middle_of_a_file() {
    NETHACK.check_completions(
        &maze("DOOR: lo$0\nMONSTER: 'd', \"jackal\", (1,1)\nTRAP: \"pit\", random\n"),
        expect![[r#"
            open (lo) — door state
            closed (lo) — door state
            locked (lo) — door state
            nodoor (lo) — door state
            broken (lo) — door state
            random (lo) — random choice — door state"#]],
    );
}

#[test]
fn unterminated_name_string_in_the_middle_of_a_file() {
    NETHACK.check_completion_labels(
        &maze("MONSTER: 'D', \"red$0\nMONSTER: 'd', \"jackal\", (1,1)\n"),
        expect!["baby gray dragon baby silver dragon baby red dragon baby white dragon baby orange dragon baby black dragon baby blue dragon baby green dragon baby yellow dragon gray dragon silver dragon red dragon white dragon orange dragon black dragon blue dragon green dragon yellow dragon Chromatic Dragon Ixoth"],
    );
}

#[test]
fn tuple_elements_have_their_own_slots() {
    NETHACK.check_completion_labels(
        "LEVEL: \"x\"\nROOM: \"ordinary\", lit, (1,1), (center,$0",
        expect!["top center bottom"],
    );
    NETHACK.check_completion_labels(
        "LEVEL: \"x\"\nROOM: \"ordinary\", lit, random, random, random\nRANDOM_CORRIDORS\nCORRIDOR: (0,$0",
        expect!["north east south west"],
    );
}

#[test]
fn door_in_a_room_level_has_the_room_form() {
    NETHACK.check_completion_labels(
        "LEVEL: \"x\"\nROOM: \"ordinary\", lit, random, random, random\nDOOR: $0",
        expect!["true false random"],
    );
    NETHACK.check_completion_labels(
        "LEVEL: \"x\"\nROOM: \"ordinary\", lit, random, random, random\nDOOR: false, locked, $0",
        expect!["north east south west random"],
    );
}

#[test]
fn drawbridge_state_is_open_or_closed_only() {
    NETHACK.check_completion_labels(&maze("DRAWBRIDGE: (1,1), east, $0"), expect!["open closed"]);
}

#[test]
fn partial_keyword_is_replaced() {
    NETHACK.check_completions(
        &maze("MONS$0"),
        expect![[r#"
        MAZE (MONS) ⇒ MAZE: "${1:name}", ${2:' '} [snippet] — MAZE: "name", fill_char | random
        LEVEL (MONS) ⇒ LEVEL: "${1:name}" [snippet] — LEVEL: "name"
        FLAGS (MONS) ⇒ FLAGS: ${1:noteleport} [snippet] — FLAGS: flag {, flag}
        INIT_MAP (MONS) ⇒ INIT_MAP: '${1:.}', '${2: }', ${3:true}, ${4:true}, ${5:random}, ${6:true} [snippet] — INIT_MAP: 'fg', 'bg', smoothed, joined, lit | unlit | random, walled | random
        MESSAGE (MONS) ⇒ MESSAGE: "${1:text}" [snippet] — MESSAGE: "text"
        GEOMETRY (MONS) ⇒ GEOMETRY: ${1:center}, ${2:center} [snippet] — GEOMETRY: left | half-left | center | half-right | right, top | center | bottom
        MAP (MONS) ⇒ MAP
        $0
        ENDMAP [snippet] — MAP
        NOMAP (MONS) — NOMAP
        RANDOM_OBJECTS (MONS) ⇒ RANDOM_OBJECTS: '${1:[}', '${2:)}', '${3:*}' [snippet] — RANDOM_OBJECTS: 'c' {, 'c'}
        RANDOM_MONSTERS (MONS) ⇒ RANDOM_MONSTERS: '${1:a}', '${2:d}', '${3:h}' [snippet] — RANDOM_MONSTERS: 'c' {, 'c'}
        RANDOM_PLACES (MONS) ⇒ RANDOM_PLACES: (${1:0},${2:0}), (${3:1},${4:1}) [snippet] — RANDOM_PLACES: (x,y) {, (x,y)}
        MONSTER (MONS) ⇒ MONSTER: ${1:random}, ${2:random}, ${3:random} [snippet] — MONSTER[n%]: 'c' | random | monster[i], "name" | random, coord {, info}
        OBJECT (MONS) ⇒ OBJECT: ${1:random}, ${2:random}, ${3:random} [snippet] — OBJECT[n%]: 'c' | random | object[i], "name" | random, coord | contained
        CONTAINER (MONS) ⇒ CONTAINER: '${1:(}', "${2:chest}", ${3:random} [snippet] — CONTAINER[n%]: 'c' | random | object[i], "name" | random, coord | contained [, …]
        TRAP (MONS) ⇒ TRAP: ${1:random}, ${2:random} [snippet] — TRAP[n%]: "trap" | random, coord
        DOOR (MONS) ⇒ DOOR: ${1:closed}, (${2:0},${3:0}) [snippet] — DOOR: state | random, coord
        STAIR (MONS) ⇒ STAIR: ${1:random}, ${2:down} [snippet] — STAIR: coord, up | down
        ALTAR (MONS) ⇒ ALTAR: ${1:random}, ${2:random}, ${3:altar} [snippet] — ALTAR: coord, alignment | align[i] | random, altar | shrine | sanctum | random
        FOUNTAIN (MONS) ⇒ FOUNTAIN: ${1:random} [snippet] — FOUNTAIN: coord
        GOLD (MONS) ⇒ GOLD: ${1:random}, ${2:random} [snippet] — GOLD: amount | random, coord
        ENGRAVING (MONS) ⇒ ENGRAVING: ${1:random}, ${2:dust}, "${3:text}" [snippet] — ENGRAVING: coord, dust | engrave | burn | mark | random, "text"
        DRAWBRIDGE (MONS) ⇒ DRAWBRIDGE: (${1:0},${2:0}), ${3:east}, ${4:closed} [snippet] — DRAWBRIDGE: coord, direction, open | closed
        MAZEWALK (MONS) ⇒ MAZEWALK: (${1:0},${2:0}), ${3:east} [snippet] — MAZEWALK: coord, direction
        WALLIFY (MONS) — WALLIFY
        LADDER (MONS) ⇒ LADDER: (${1:0},${2:0}), ${3:down} [snippet] — LADDER: coord, up | down
        PORTAL (MONS) ⇒ PORTAL: (${1:0},${2:0},${3:0},${4:0}), (${5:0},${6:0},${7:0},${8:0}), "${9:level}" [snippet] — PORTAL: region, region, "level"
        TELEPORT_REGION (MONS) ⇒ TELEPORT_REGION: (${1:0},${2:0},${3:0},${4:0}), (${5:0},${6:0},${7:0},${8:0}) [snippet] — TELEPORT_REGION: region, region [, up | down]
        BRANCH (MONS) ⇒ BRANCH: (${1:0},${2:0},${3:0},${4:0}), (${5:0},${6:0},${7:0},${8:0}) [snippet] — BRANCH: region, region
        REGION (MONS) ⇒ REGION: (${1:0},${2:0},${3:0},${4:0}), ${5:lit}, "${6:ordinary}" [snippet] — REGION: (x1,y1,x2,y2), light, "type" | random [, filled | unfilled [, irregular]]
        NON_DIGGABLE (MONS) ⇒ NON_DIGGABLE: (${1:0},${2:0},${3:0},${4:0}) [snippet] — NON_DIGGABLE: (x1,y1,x2,y2)
        NON_PASSWALL (MONS) ⇒ NON_PASSWALL: (${1:0},${2:0},${3:0},${4:0}) [snippet] — NON_PASSWALL: (x1,y1,x2,y2)"#]],
    );
}

#[test]
fn endmap_while_typing_it_in_an_unfinished_map() {
    NETHACK.check_completions(
        "MAZE: \"x\", ' '\nGEOMETRY:center,center\nMAP\n|..|\nEND$0",
        expect!["ENDMAP (END) — ends the MAP block"],
    );
}

#[test]
fn nothing_in_comments_map_rows_or_after_a_value() {
    NETHACK.check_completions(&maze("# MON$0"), expect![[""]]);
    NETHACK.check_completions(
        "MAZE: \"x\", ' '\nGEOMETRY:center,center\nMAP\n|.$0.|\nENDMAP\n",
        expect![[""]],
    );
    NETHACK.check_completions(&maze("DOOR: locked $0"), expect![[""]]);
}

#[test]
fn init_map_chars_and_maze_fill() {
    NETHACK.check_completion_labels(
        "MAZE: \"x\", ' '\nINIT_MAP: '$0",
        expect![[
            r#"' ' '#' '.' '-' '|' '+' 'S' 'H' 'A' 'C' 'B' '{' '\\' 'K' '}' 'P' 'L' 'W' 'I' 'T' 'F'"#
        ]],
    );
    NETHACK.check_completion_labels(
        "MAZE: \"x\", $0",
        expect![[
            r#"' ' '#' '.' '-' '|' '+' 'S' 'H' 'A' 'C' 'B' '{' '\\' 'K' '}' 'P' 'L' 'W' 'I' 'T' 'F' random"#
        ]],
    );
}

#[test]
fn object_tail_after_a_curse_state() {
    NETHACK.check_completion_labels(&maze("OBJECT: '%', \"corpse\", random, cursed, \"jack$0"), expect!["giant ant killer bee soldier ant fire ant giant beetle queen bee acid blob quivering blob gelatinous cube chickatrice cockatrice pyrolisk … (379 in all)"]);
}

#[test]
fn string_completion_replaces_from_after_the_quote() {
    let (text, items) = NETHACK.completions_at(&maze("TRAP: \"spiked p$0\", random"));
    let first = &items[0];
    assert_eq!(&text[first.replace.clone()], "spiked p");
    assert!(items.iter().any(|c| c.label == "spiked pit"));
    assert!(items.iter().all(|c| !c.label.contains('"')));
    // Outside quotes the names come quoted.
    let (_, items) = NETHACK.completions_at(&maze("TRAP: $0"));
    assert!(items.iter().any(|c| c.label == "\"spiked pit\""));
    assert!(items.iter().any(|c| c.label == "random"));
}

/// Hover and completion at every offset (and one past the end) of `text`,
/// with the document read once; how many answered.
fn sweep(text: &str) -> usize {
    let doc = NETHACK.open(text, |file| syntax::read(file.text, file.tree));
    let choice = dialect::choose(
        text,
        &doc,
        Some(crate::formats::nethack::settings::Forced::by_setting(
            Dialect::V343,
        )),
    );
    let mut answered = 0;
    for offset in 0..=text.len() + 1 {
        answered += usize::from(hover(text, &doc, &choice, offset).is_some());
        answered += completions(text, &doc, Dialect::V343, offset).len().min(1);
    }
    answered
}

#[test]
fn every_offset_of_every_corpus_file_answers_without_panicking() {
    let files = crate::formats::test_support::corpus_files("nethack/3.4.3", "des");
    assert_eq!(files.len(), 24);
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let answered = sweep(&text);
        // Most offsets are in statements and maps, which all answer.
        assert!(answered > text.len() / 2, "{}: {answered}", path.display());
    }
}

#[test]
fn half_typed_text_never_panics() {
    let whole = format!(
        "{MAZE}MONSTER[50%]: 'd', \"jackal\", place[1], hostile, m_feature \"fountain\"\n\
         OBJECT: '%', \"corpse\", (1,1), cursed, \"newt\", 2, \"Émile 🐉\"\n\
         TELEPORT_REGION: levregion(1,0,79,20), (0,0,3,1), down\n\
         LEVEL: \"r\"\nROOM: \"ordinary\", lit, (1,1), (center,top), (3,3)\nDOOR: false, locked, north, random\n\
         CORRIDOR: (0,south,random), (1,north,2)\n# done\n"
    );
    let crlf = whole.replace('\n', "\r\n");
    for text in [&whole, &crlf] {
        // Every prefix is a moment of typing; every offset of it is asked.
        for end in (0..=text.len()).filter(|&e| text.is_char_boundary(e)) {
            let prefix = &text[..end];
            NETHACK.open(prefix, |file| {
                for offset in [0, end / 2, end.saturating_sub(1), end, end + 1] {
                    let _ = NetHack.hover(file, offset);
                    let _ = NetHack.completions(file, offset);
                }
            });
            if end % 7 == 0 {
                sweep(&text[end..]);
            }
        }
        assert!(sweep(text) > 100);
    }
}

/// 3.6 levels: variables by slot type, names in strings, 3.6 keywords.
mod scripted {
    use crate::formats::nethack::tests::{LEVEL, NETHACK};
    use expect_test::expect;

    #[test]
    fn completion_offers_variables_ranked_by_the_slot_type() {
        // The coordinate slot of MONSTER: `$pt` and `$place` (an array of
        // coordinates) fit first.
        NETHACK.check_completion_details(
            &LEVEL.replacen("$place[0]\n", "$$0\n", 1),
            expect![[r#"
                4 items
                $place (array of coordinates — fits the coordinate slot)
                $pt (coordinate — fits the coordinate slot)
                $mon (array of monsters)
                $sel (selection)
            "#]],
        );
        // A new statement: keywords valid in 3.6 only.
        NETHACK.check_completion_details(
            &LEVEL.replacen("SHUFFLE: $place", "SH$0", 1),
            expect![[r#"
                50 items
                ALTAR (ALTAR: coord, alignment | align[i] | random, altar | shrine | sanctum | random)
                BRANCH (BRANCH: region, region)
                BREAK (BREAK)
                CASE (CASE n:)
                CONTAINER (CONTAINER: object {, info} { contents })
                CORRIDOR (CORRIDOR: (room, wall, door_pos), (room, wall, door_pos))
                DEFAULT (DEFAULT:)
                DOOR (DOOR: state, selection)
                DRAWBRIDGE (DRAWBRIDGE: coord, direction, open | closed)
                ELSE (ELSE { … })
                ENGRAVING (ENGRAVING: coord, type, str)
                EXIT (EXIT)
            "#]],
        );
    }

    #[test]
    fn names_complete_inside_3_6_strings() {
        // `('d', "ja`: every 3.6 dog (the editor filters by what is typed).
        NETHACK.check_completion_details(
            &LEVEL.replacen("MONSTER: $mon[0], $place[0]", "MONSTER: ('d', \"ja$0", 1),
            expect![[r#"
                15 items
                jackal ('d' dogs and other canines)
                fox ('d' dogs and other canines)
                coyote ('d' dogs and other canines)
                werejackal ('d' dogs and other canines)
                little dog ('d' dogs and other canines)
                dingo ('d' dogs and other canines)
                dog ('d' dogs and other canines)
                large dog ('d' dogs and other canines)
                wolf ('d' dogs and other canines)
                werewolf ('d' dogs and other canines)
                winter wolf cub ('d' dogs and other canines)
                warg ('d' dogs and other canines)
            "#]],
        );
        // An object's name in a CONTAINER, any class when none is written.
        let (text, items) = NETHACK.completions_at(&LEVEL.replacen(
            "MONSTER: $mon[0], $place[0]",
            "CONTAINER: \"large b$0",
            1,
        ));
        let found = items
            .iter()
            .find(|c| c.label == "large box")
            .expect("large box");
        assert_eq!(&text[found.replace.clone()], "large b");
        // Not in a MESSAGE.
        NETHACK.check_completion_details(
            &LEVEL.replacen("MONSTER: $mon[0], $place[0]", "MESSAGE: \"ja$0", 1),
            expect![[r#"
            0 items

        "#]],
        );
    }

    #[test]
    fn keyword_completion_is_3_6s() {
        let (_, items) = NETHACK.completions_at(&LEVEL.replacen("SHUFFLE: $place", "$0", 1));
        let labels: Vec<String> = items.into_iter().map(|c| c.label).collect();
        for k in ["ROOMDOOR", "TERRAIN", "IF", "SWITCH", "MONSTER", "MAP"] {
            assert!(labels.iter().any(|l| l == k), "{k} missing: {labels:?}");
        }
        for k in ["RANDOM_PLACES", "RANDOM_MONSTERS", "CHANCE"] {
            assert!(!labels.iter().any(|l| l == k), "{k} offered");
        }
        // Arguments get selection words.
        let (_, items) = NETHACK.completions_at(&LEVEL.replacen("filter(50%, $sel)", "flo$0", 1));
        let labels: Vec<String> = items.into_iter().map(|c| c.label).collect();
        assert!(labels.iter().any(|l| l == "floodfill"), "{labels:?}");
    }

    /// A 3.6 file with `$0` on a line of its own after its map and its
    /// variables (`$place`, `$mon`, `$pt`, `$sel`; `$i` comes later).
    fn at(line: &str) -> String {
        LEVEL.replacen("IF [50%] {", &format!("{line}\nIF [50%] {{"), 1)
    }

    fn first(fixture: &str, n: usize) -> String {
        let (text, items) = NETHACK.completions_at(fixture);
        let mut out = format!("{} items\n", items.len());
        for c in items.iter().take(n) {
            out.push_str(&format!("{} ({})", c.label, &text[c.replace.clone()]));
            if let Some(i) = &c.insert_text {
                out.push_str(&format!(" ⇒ {i}"));
            }
            if let Some(d) = &c.detail {
                out.push_str(&format!(" — {d}"));
            }
            out.push('\n');
        }
        out
    }

    #[test]
    fn trap_names_after_trap_quote_with_the_closing_quote() {
        expect![[r#"
            23 items
            arrow () ⇒ arrow" — trap
            dart () ⇒ dart" — trap
            falling rock () ⇒ falling rock" — trap
            board () ⇒ board" — trap
            bear () ⇒ bear" — trap
            land mine () ⇒ land mine" — trap
            rolling boulder () ⇒ rolling boulder" — trap
            sleep gas () ⇒ sleep gas" — trap
            rust () ⇒ rust" — trap
            fire () ⇒ fire" — trap
            pit () ⇒ pit" — trap
            spiked pit () ⇒ spiked pit" — trap
            hole () ⇒ hole" — trap
            trap door () ⇒ trap door" — trap
            teleport () ⇒ teleport" — trap
            level teleport () ⇒ level teleport" — trap
            magic portal () ⇒ magic portal" — trap
            web () ⇒ web" — trap
            statue () ⇒ statue" — trap
            magic () ⇒ magic" — trap
            anti magic () ⇒ anti magic" — trap
            polymorph () ⇒ polymorph" — trap
            vibrating square () ⇒ vibrating square" — trap
        "#]]
        .assert_eq(&first(&at("TRAP:\"$0"), 30));
    }

    #[test]
    fn monsters_of_the_class_written_in_the_tuple() {
        expect![[r#"
            20 items
            baby gray dragon () ⇒ baby gray dragon") — 'D' dragons
            baby silver dragon () ⇒ baby silver dragon") — 'D' dragons
            baby red dragon () ⇒ baby red dragon") — 'D' dragons
            baby white dragon () ⇒ baby white dragon") — 'D' dragons
            baby orange dragon () ⇒ baby orange dragon") — 'D' dragons
            baby black dragon () ⇒ baby black dragon") — 'D' dragons
            baby blue dragon () ⇒ baby blue dragon") — 'D' dragons
            baby green dragon () ⇒ baby green dragon") — 'D' dragons
            baby yellow dragon () ⇒ baby yellow dragon") — 'D' dragons
            gray dragon () ⇒ gray dragon") — 'D' dragons
            silver dragon () ⇒ silver dragon") — 'D' dragons
            red dragon () ⇒ red dragon") — 'D' dragons
            white dragon () ⇒ white dragon") — 'D' dragons
            orange dragon () ⇒ orange dragon") — 'D' dragons
            black dragon () ⇒ black dragon") — 'D' dragons
            blue dragon () ⇒ blue dragon") — 'D' dragons
            green dragon () ⇒ green dragon") — 'D' dragons
            yellow dragon () ⇒ yellow dragon") — 'D' dragons
            Chromatic Dragon () ⇒ Chromatic Dragon") — 'D' dragons
            Ixoth () ⇒ Ixoth") — 'D' dragons
        "#]]
        .assert_eq(&first(&at("MONSTER:('D',\"$0"), 30));
        // All monsters after a bare quote.
        expect![[r#"
            379 items
            giant ant () — 'a' ants and other insects
            killer bee () — 'a' ants and other insects
            soldier ant () — 'a' ants and other insects
        "#]]
        .assert_eq(&first(&at("MONSTER:\"$0\", random"), 3));
        // The tools after `('(',"`; the closing quote already there.
        expect![[r#"
            50 items
            large box (b) — '(' tools and containers
            chest (b) — '(' tools and containers
            ice box (b) — '(' tools and containers
            sack (b) — '(' tools and containers
        "#]]
        .assert_eq(&first(&at("OBJECT:('(',\"b$0\"), random"), 4));
    }

    #[test]
    fn class_letters_inside_the_tuple() {
        expect![[r#"
            59 items
            'a' (') — monster class — ants and other insects
            'b' (') — monster class — blobs
            'c' (') — monster class — cockatrices
        "#]]
        .assert_eq(&first(&at("MONSTER:('$0"), 3));
        // The quote the editor closed is replaced too.
        expect![[r#"
            17 items
            ']' ('') — object class — strange objects
            ')' ('') — object class — weapons
            '[' ('') — object class — armor
        "#]]
        .assert_eq(&first(&at("OBJECT:('$0'"), 3));
        // Right after the parenthesis.
        expect![[r#"
            59 items
            'a' () — monster class — ants and other insects
            'b' () — monster class — blobs
            'c' () — monster class — cockatrices
        "#]]
        .assert_eq(&first(&at("MONSTER:($0"), 3));
        // A map character.
        expect![[r#"
            21 items
            ' ' (') — map character — solid rock
            '#' (') — map character — corridor
            '.' (') — map character — room floor
        "#]]
        .assert_eq(&first(&at("TERRAIN: $sel, '$0"), 3));
    }

    #[test]
    fn words_of_each_slot() {
        expect![[r#"
            7 items
            open () — door state
            closed () — door state
            locked () — door state
            nodoor () — door state
            broken () — door state
            secret () — door state
            random () — door state
        "#]]
        .assert_eq(&first(&at("ROOMDOOR: false, $0"), 10));
        expect![[r#"
            8 items
            law () — alignment
            neutral () — alignment
            chaos () — alignment
            noalign () — alignment
            coaligned () — alignment
            noncoaligned () — alignment
            random () — alignment
            align () ⇒ align[${1:0}] — alignment
        "#]]
        .assert_eq(&first(&at("ALTAR: (1,1), $0"), 10));
        expect![[r#"
            4 items
            altar () — altar type
            shrine () — altar type
            sanctum () — altar type
            random () — altar type
        "#]]
        .assert_eq(&first(&at("ALTAR: (1,1), law, $0"), 10));
        expect![[r#"
            4 items
            solidfill () — fill style
            mazegrid () — fill style
            mines () — fill style
            rogue () — fill style
        "#]]
        .assert_eq(&first(&at("INIT_MAP: $0"), 10));
        expect![[r#"
            12 items
            hardfloor () — level flag
            nommap () — level flag
            shortsighted () — level flag
            arboreal () — level flag
            mazelevel () — level flag
            premapped () — level flag
            shroud () — level flag
            graveyard () — level flag
            icedpools () — level flag
            solidify () — level flag
            corrmaze () — level flag
            inaccessibles () — level flag
        "#]]
        .assert_eq(&first(&at("FLAGS: noteleport, $0"), 20));
        expect![[r#"
            4 items
            north () — first direction
            south () — first direction
            east () — first direction
            west () — first direction
        "#]]
        .assert_eq(&first(&at("MAZEWALK: (1,1), $0"), 10));
        expect![[r#"
            26 items
            random () — room type
            "ordinary" () — room type
            "throne" () — room type
            "swamp" () — room type
        "#]]
        .assert_eq(&first(&at("REGION: (1,1,2,2), lit, $0"), 4));
        expect![[r#"
            25 items
            ordinary () ⇒ ordinary" — room type
            throne () ⇒ throne" — room type
            swamp () ⇒ swamp" — room type
        "#]]
        .assert_eq(&first(&at("REGION: (1,1,2,2), lit, \"$0"), 3));
        expect![[r#"
            14 items
            $place () ⇒ $place[0] — array of coordinates — fits the selection slot
            $pt () — coordinate — fits the selection slot
            $sel () — selection — fits the selection slot
            rect () ⇒ rect (${1:0},${2:0},${3:4},${4:4}) — selection: rect (x1,y1,x2,y2)
            fillrect () ⇒ fillrect (${1:0},${2:0},${3:4},${4:4}) — selection: fillrect (x1,y1,x2,y2)
            line () ⇒ line (${1:0},${2:0}), (${3:4},${4:4}) — selection: line (x1,y1), (x2,y2)
            randline () ⇒ randline (${1:0},${2:0}), (${3:4},${4:4}), ${5:10} — selection: randline (x1,y1), (x2,y2), roughness
            grow () ⇒ grow(${1:(0,0)}) — selection: grow([dir|…,] sel)
            floodfill () ⇒ floodfill (${1:0},${2:0}) — selection: floodfill (x,y)
            rndcoord () ⇒ rndcoord(${1:(0,0)}) — selection: rndcoord(sel)
            circle () ⇒ circle((${1:0},${2:0}), ${3:3}) — selection: circle((x,y), r [, filled|unfilled])
            ellipse () ⇒ ellipse((${1:0},${2:0}), ${3:4}, ${4:2}) — selection: ellipse((x,y), rx, ry [, filled|unfilled])
            filter () ⇒ filter(${1:50%}, ${2:(0,0)}) — selection: filter(N%, sel) · filter(sel, sel) · filter(mapchar, sel)
            complement () ⇒ complement ${1:(0,0)} — selection: complement sel
        "#]]
        .assert_eq(&first(&at("TERRAIN: $0"), 20));
        expect![[r#"
            25 items
            peaceful () — monster info
            hostile () — monster info
            asleep () — monster info
            awake () — monster info
            law () — monster info
        "#]]
        .assert_eq(&first(&at("MONSTER: 'd', (1,1), $0"), 5));
    }

    #[test]
    fn nothing_where_nothing_fits() {
        // Inside a coordinate, after a complete value, in a message.
        expect![[r#"
            0 items
        "#]]
        .assert_eq(&first(&at("TRAP: \"pit\", ($0"), 3));
        expect![[r#"
            0 items
        "#]]
        .assert_eq(&first(&at("TRAP: \"pit\" $0"), 3));
        expect![[r#"
            0 items
        "#]]
        .assert_eq(&first(&at("MESSAGE: \"$0"), 3));
    }

    #[test]
    fn selections_inside_calls_not_inside_coordinates() {
        expect![[r#"
            0 items
        "#]]
        .assert_eq(&first(&at("DOOR: closed, ($0"), 3));
        expect![[r#"
            0 items
        "#]]
        .assert_eq(&first(&at("DOOR: closed, (1,$0)"), 3));
        expect![[r#"
            18 items
            $place () ⇒ $place[0] — array of coordinates — fits the selection slot
            $pt () — coordinate — fits the selection slot
            $sel () — selection — fits the selection slot
        "#]]
        .assert_eq(&first(&at("DOOR: closed, grow($0)"), 3));
        expect![[r#"
            14 items
            $place () ⇒ $place[0] — array of coordinates — fits the selection slot
            $pt () — coordinate — fits the selection slot
            $sel () — selection — fits the selection slot
        "#]]
        .assert_eq(&first(&at("TERRAIN: filter(50%, $0), '.'"), 3));
        // An index takes an integer.
        expect![[r#"
            1 items
            $k () — integer — fits the integer slot
        "#]]
        .assert_eq(&first(&at("$k = 2\nMONSTER: 'd', $place[$0"), 3));
    }

    /// The labels offered at `$0` (with what each inserts when more than
    /// its label), on one line; past 16, the first 16 and the count.
    fn offered(line: &str) -> String {
        let (text, items) = NETHACK.completions_at(&at(line));
        let shown: Vec<String> = items
            .iter()
            .take(16)
            .map(|c| match &c.insert_text {
                Some(i) => format!("{} ⇒ {i}", c.label),
                None => c.label.clone(),
            })
            .collect();
        let mut out = shown.join(" · ");
        if items.is_empty() {
            out.push_str("(nothing)");
        }
        if items.len() > 16 {
            out.push_str(&format!(" … ({} in all)", items.len()));
        }
        if let Some(c) = items.first().filter(|c| !c.replace.is_empty()) {
            out.push_str(&format!(" [replaces `{}`]", &text[c.replace.clone()]));
        }
        out
    }

    /// Each fixture line and what it offers, one pair a line.
    fn table(lines: &[&str]) -> String {
        lines
            .iter()
            .map(|l| format!("{l}\n  {}\n", offered(l)))
            .collect()
    }

    #[test]
    fn monster_infos_each_kind_once_with_their_values() {
        expect![[r#"
            MONSTER: 'd', (1,1), hostile, asleep, female, $0
              law · neutral · chaos · noalign · coaligned · noncoaligned · align ⇒ align[${1:0}] · m_feature ⇒ m_feature "${1:fountain}" · m_monster ⇒ m_monster "${1:jackal}" · m_object ⇒ m_object "${1:boulder}" · invisible · cancelled · revived · avenge · fleeing ⇒ fleeing: ${1:10} · blinded ⇒ blinded: ${1:10} … (20 in all)
            MONSTER: 'd', (1,1), fleeing: $0
              (nothing)
            MONSTER: 'd', (1,1), m_feature "$0
              dark part of a room ⇒ dark part of a room" · wall ⇒ wall" · doorway ⇒ doorway" · open door ⇒ open door" · closed door ⇒ closed door" · iron bars ⇒ iron bars" · tree ⇒ tree" · floor of a room ⇒ floor of a room" · corridor ⇒ corridor" · lit corridor ⇒ lit corridor" · staircase up ⇒ staircase up" · staircase down ⇒ staircase down" · ladder up ⇒ ladder up" · ladder down ⇒ ladder down" · altar ⇒ altar" · grave ⇒ grave" … (51 in all)
            MONSTER: 'd', (1,1), m_object "large b$0
              strange object ⇒ strange object" · arrow ⇒ arrow" · elven arrow ⇒ elven arrow" · orcish arrow ⇒ orcish arrow" · silver arrow ⇒ silver arrow" · ya ⇒ ya" · crossbow bolt ⇒ crossbow bolt" · dart ⇒ dart" · shuriken ⇒ shuriken" · boomerang ⇒ boomerang" · spear ⇒ spear" · elven spear ⇒ elven spear" · orcish spear ⇒ orcish spear" · dwarvish spear ⇒ dwarvish spear" · silver spear ⇒ silver spear" · javelin ⇒ javelin" … (402 in all) [replaces `large b`]
            MONSTER: 'd', (1,1), seen_traps: "pit"|"$0
              arrow ⇒ arrow" · dart ⇒ dart" · falling rock ⇒ falling rock" · board ⇒ board" · bear ⇒ bear" · land mine ⇒ land mine" · rolling boulder ⇒ rolling boulder" · sleep gas ⇒ sleep gas" · rust ⇒ rust" · fire ⇒ fire" · spiked pit ⇒ spiked pit" · hole ⇒ hole" · trap door ⇒ trap door" · teleport ⇒ teleport" · level teleport ⇒ level teleport" · magic portal ⇒ magic portal" … (22 in all)
            MONSTER: 'd', (1,1), seen_traps: $0
              all · "arrow" · "dart" · "falling rock" · "board" · "bear" · "land mine" · "rolling boulder" · "sleep gas" · "rust" · "fire" · "pit" · "spiked pit" · "hole" · "trap door" · "teleport" … (24 in all)
            MONSTER: 'd', (1,1), align[$0
              (nothing)
        "#]]
        .assert_eq(&table(&[
            "MONSTER: 'd', (1,1), hostile, asleep, female, $0",
            "MONSTER: 'd', (1,1), fleeing: $0",
            "MONSTER: 'd', (1,1), m_feature \"$0",
            "MONSTER: 'd', (1,1), m_object \"large b$0",
            "MONSTER: 'd', (1,1), seen_traps: \"pit\"|\"$0",
            "MONSTER: 'd', (1,1), seen_traps: $0",
            "MONSTER: 'd', (1,1), align[$0",
        ]));
    }

    #[test]
    fn object_infos_each_kind_once_with_their_values() {
        expect![[r#"
            OBJECT: '%', (1,1), cursed, erodeproof, $0
              montype ⇒ montype: ${1:random} · name ⇒ name: "${1:name}" · quantity ⇒ quantity: ${1:2} · buried · lit · unlit · locked · broken · trapped · not_trapped · recharged ⇒ recharged: ${1:1} · invisible · greased
            OBJECT: ('%', "corpse"), montype: $0
              $mon ⇒ $mon[0] · random · 'a' · 'b' · 'c' · 'd' · 'e' · 'f' · 'g' · 'h' · 'i' · 'j' · 'k' · 'l' · 'm' · 'n' … (440 in all)
            OBJECT: ('%', "corpse"), montype: ('C', "$0
              plains centaur ⇒ plains centaur") · forest centaur ⇒ forest centaur") · mountain centaur ⇒ mountain centaur")
            OBJECT: '(', quantity: $0
              (nothing)
            OBJECT: '(', name: "$0
              (nothing)
        "#]]
        .assert_eq(&table(&[
            "OBJECT: '%', (1,1), cursed, erodeproof, $0",
            "OBJECT: ('%', \"corpse\"), montype: $0",
            "OBJECT: ('%', \"corpse\"), montype: ('C', \"$0",
            "OBJECT: '(', quantity: $0",
            "OBJECT: '(', name: \"$0",
        ]));
    }

    #[test]
    fn selection_functions_and_their_arguments() {
        expect![[r#"
            TERRAIN: grow($0
              $place ⇒ $place[0] · $pt · $sel · north · south · east · west · rect ⇒ rect (${1:0},${2:0},${3:4},${4:4}) · fillrect ⇒ fillrect (${1:0},${2:0},${3:4},${4:4}) · line ⇒ line (${1:0},${2:0}), (${3:4},${4:4}) · randline ⇒ randline (${1:0},${2:0}), (${3:4},${4:4}), ${5:10} · grow ⇒ grow(${1:(0,0)}) · floodfill ⇒ floodfill (${1:0},${2:0}) · rndcoord ⇒ rndcoord(${1:(0,0)}) · circle ⇒ circle((${1:0},${2:0}), ${3:3}) · ellipse ⇒ ellipse((${1:0},${2:0}), ${3:4}, ${4:2}) … (18 in all)
            TERRAIN: grow(north|$0
              $place ⇒ $place[0] · $pt · $sel · south · east · west · rect ⇒ rect (${1:0},${2:0},${3:4},${4:4}) · fillrect ⇒ fillrect (${1:0},${2:0},${3:4},${4:4}) · line ⇒ line (${1:0},${2:0}), (${3:4},${4:4}) · randline ⇒ randline (${1:0},${2:0}), (${3:4},${4:4}), ${5:10} · grow ⇒ grow(${1:(0,0)}) · floodfill ⇒ floodfill (${1:0},${2:0}) · rndcoord ⇒ rndcoord(${1:(0,0)}) · circle ⇒ circle((${1:0},${2:0}), ${3:3}) · ellipse ⇒ ellipse((${1:0},${2:0}), ${3:4}, ${4:2}) · filter ⇒ filter(${1:50%}, ${2:(0,0)}) … (17 in all)
            TERRAIN: grow(north, $0
              $place ⇒ $place[0] · $pt · $sel · rect ⇒ rect (${1:0},${2:0},${3:4},${4:4}) · fillrect ⇒ fillrect (${1:0},${2:0},${3:4},${4:4}) · line ⇒ line (${1:0},${2:0}), (${3:4},${4:4}) · randline ⇒ randline (${1:0},${2:0}), (${3:4},${4:4}), ${5:10} · grow ⇒ grow(${1:(0,0)}) · floodfill ⇒ floodfill (${1:0},${2:0}) · rndcoord ⇒ rndcoord(${1:(0,0)}) · circle ⇒ circle((${1:0},${2:0}), ${3:3}) · ellipse ⇒ ellipse((${1:0},${2:0}), ${3:4}, ${4:2}) · filter ⇒ filter(${1:50%}, ${2:(0,0)}) · complement ⇒ complement ${1:(0,0)}
            TERRAIN: circle((1,1), $0
              (nothing)
            TERRAIN: circle((1,1), 3, $0
              filled · unfilled
            TERRAIN: ellipse((1,1), 3, 2, $0
              filled · unfilled
            TERRAIN: rect $0
              (nothing)
            TERRAIN: line (1,1), $0
              $place ⇒ $place[0] · $pt · random · rndcoord ⇒ rndcoord(${1:(0,0)})
            TERRAIN: randline (1,1), (2,2), $0
              (nothing)
            TERRAIN: filter('$0
              ' ' · '#' · '.' · '-' · '|' · '+' · 'S' · 'H' · 'A' · 'C' · 'B' · '{' · '\\' · 'K' · '}' · 'P' … (21 in all) [replaces `'`]
            TERRAIN: filter($0
              $place ⇒ $place[0] · $pt · $sel · rect ⇒ rect (${1:0},${2:0},${3:4},${4:4}) · fillrect ⇒ fillrect (${1:0},${2:0},${3:4},${4:4}) · line ⇒ line (${1:0},${2:0}), (${3:4},${4:4}) · randline ⇒ randline (${1:0},${2:0}), (${3:4},${4:4}), ${5:10} · grow ⇒ grow(${1:(0,0)}) · floodfill ⇒ floodfill (${1:0},${2:0}) · rndcoord ⇒ rndcoord(${1:(0,0)}) · circle ⇒ circle((${1:0},${2:0}), ${3:3}) · ellipse ⇒ ellipse((${1:0},${2:0}), ${3:4}, ${4:2}) · filter ⇒ filter(${1:50%}, ${2:(0,0)}) · complement ⇒ complement ${1:(0,0)} · ' ' · '#' … (35 in all)
            TERRAIN: complement $0
              $place ⇒ $place[0] · $pt · $sel · rect ⇒ rect (${1:0},${2:0},${3:4},${4:4}) · fillrect ⇒ fillrect (${1:0},${2:0},${3:4},${4:4}) · line ⇒ line (${1:0},${2:0}), (${3:4},${4:4}) · randline ⇒ randline (${1:0},${2:0}), (${3:4},${4:4}), ${5:10} · grow ⇒ grow(${1:(0,0)}) · floodfill ⇒ floodfill (${1:0},${2:0}) · rndcoord ⇒ rndcoord(${1:(0,0)}) · circle ⇒ circle((${1:0},${2:0}), ${3:3}) · ellipse ⇒ ellipse((${1:0},${2:0}), ${3:4}, ${4:2}) · filter ⇒ filter(${1:50%}, ${2:(0,0)}) · complement ⇒ complement ${1:(0,0)}
            TERRAIN: $sel & $0
              $place ⇒ $place[0] · $pt · $sel · rect ⇒ rect (${1:0},${2:0},${3:4},${4:4}) · fillrect ⇒ fillrect (${1:0},${2:0},${3:4},${4:4}) · line ⇒ line (${1:0},${2:0}), (${3:4},${4:4}) · randline ⇒ randline (${1:0},${2:0}), (${3:4},${4:4}), ${5:10} · grow ⇒ grow(${1:(0,0)}) · floodfill ⇒ floodfill (${1:0},${2:0}) · rndcoord ⇒ rndcoord(${1:(0,0)}) · circle ⇒ circle((${1:0},${2:0}), ${3:3}) · ellipse ⇒ ellipse((${1:0},${2:0}), ${3:4}, ${4:2}) · filter ⇒ filter(${1:50%}, ${2:(0,0)}) · complement ⇒ complement ${1:(0,0)}
            TERRAIN: floodfill (1,1), $0
              ' ' · '#' · '.' · '-' · '|' · '+' · 'S' · 'H' · 'A' · 'C' · 'B' · '{' · '\\' · 'K' · '}' · 'P' … (21 in all)
        "#]]
        .assert_eq(&table(&[
            "TERRAIN: grow($0",
            "TERRAIN: grow(north|$0",
            "TERRAIN: grow(north, $0",
            "TERRAIN: circle((1,1), $0",
            "TERRAIN: circle((1,1), 3, $0",
            "TERRAIN: ellipse((1,1), 3, 2, $0",
            "TERRAIN: rect $0",
            "TERRAIN: line (1,1), $0",
            "TERRAIN: randline (1,1), (2,2), $0",
            "TERRAIN: filter('$0",
            "TERRAIN: filter($0",
            "TERRAIN: complement $0",
            "TERRAIN: $sel & $0",
            "TERRAIN: floodfill (1,1), $0",
        ]));
    }

    #[test]
    fn forms_chosen_by_the_first_argument() {
        expect![[r#"
            INIT_MAP: mines, '.', ' ', $0
              true · false
            INIT_MAP: mines, '.', ' ', true, true, lit, $0
              true · false · random
            INIT_MAP: mines, '.', ' ', true, true, lit, true, '$0
              ' ' · '#' · '.' · '-' · '|' · '+' · 'S' · 'H' · 'A' · 'C' · 'B' · '{' · '\\' · 'K' · '}' · 'P' … (21 in all) [replaces `'`]
            INIT_MAP: solidfill, ('.', $0
              lit · unlit · random
            GEOMETRY: $0
              $place ⇒ $place[0] · $pt · left · half-left · center · half-right · right · random · rndcoord ⇒ rndcoord(${1:(0,0)})
            GEOMETRY: left, top, $0
              true · false
            STAIR: $0
              $place ⇒ $place[0] · $pt · random · rndcoord ⇒ rndcoord(${1:(0,0)}) · levregion ⇒ levregion(${1:1},${2:0},${3:79},${4:20})
            STAIR: levregion(1,0,79,20), (0,0,0,0), $0
              up · down
            TELEPORT_REGION: $0
              levregion ⇒ levregion(${1:1},${2:0},${3:79},${4:20})
        "#]]
        .assert_eq(&table(&[
            "INIT_MAP: mines, '.', ' ', $0",
            "INIT_MAP: mines, '.', ' ', true, true, lit, $0",
            "INIT_MAP: mines, '.', ' ', true, true, lit, true, '$0",
            "INIT_MAP: solidfill, ('.', $0",
            "GEOMETRY: $0",
            "GEOMETRY: left, top, $0",
            "STAIR: $0",
            "STAIR: levregion(1,0,79,20), (0,0,0,0), $0",
            "TELEPORT_REGION: $0",
        ]));
    }

    #[test]
    fn rooms_doors_corridors_and_random_spots() {
        expect![[r#"
            ROOM: "ordinary", lit, (1,1), ($0
              left · half-left · center · half-right · right
            ROOM: "ordinary", lit, (1,1), (center, top), (3,3), filled, $0
              regular · irregular · joined · unjoined
            REGION: (1,1,2,2), lit, "ordinary", unfilled, irregular, $0
              joined · unjoined
            ROOMDOOR: true, locked, north|$0
              south · east · west · random
            ROOMDOOR: true, locked, north, $0
              random
            CORRIDOR: (0, $0
              north · south · east · west
            ALTAR: (1,1), $0
              law · neutral · chaos · noalign · coaligned · noncoaligned · random · align ⇒ align[${1:0}]
            MONSTER: 'd', random[$0
              dry · wet · hot · solid · any
            MONSTER: 'd', random[dry, $0
              wet · hot · solid · any
            GRAVE: (1,1), $0
              random
            RANDOM_CORRIDORS: $0
              random
            MONSTER: ('$0', "werejackal"), (1,1)
              'd' · '@' [replaces `''`]
            OBJECT: ($0, "fire"), (1,1)
              '?' · '/'
        "#]]
        .assert_eq(&table(&[
            "ROOM: \"ordinary\", lit, (1,1), ($0",
            "ROOM: \"ordinary\", lit, (1,1), (center, top), (3,3), filled, $0",
            "REGION: (1,1,2,2), lit, \"ordinary\", unfilled, irregular, $0",
            "ROOMDOOR: true, locked, north|$0",
            "ROOMDOOR: true, locked, north, $0",
            "CORRIDOR: (0, $0",
            "ALTAR: (1,1), $0",
            "MONSTER: 'd', random[$0",
            "MONSTER: 'd', random[dry, $0",
            "GRAVE: (1,1), $0",
            "RANDOM_CORRIDORS: $0",
            // The class letters of the name written after.
            "MONSTER: ('$0', \"werejackal\"), (1,1)",
            "OBJECT: ($0, \"fire\"), (1,1)",
        ]));
    }

    #[test]
    fn variables_in_scope_and_assignments() {
        expect![[r#"
            $v = $0
              selection: ⇒ selection:  · terrain: ⇒ terrain:  · monster: ⇒ monster:  · object: ⇒ object:  · random · rndcoord ⇒ rndcoord(${1:(0,0)})
            $v = selection: $0
              $place ⇒ $place[0] · $pt · $sel · rect ⇒ rect (${1:0},${2:0},${3:4},${4:4}) · fillrect ⇒ fillrect (${1:0},${2:0},${3:4},${4:4}) · line ⇒ line (${1:0},${2:0}), (${3:4},${4:4}) · randline ⇒ randline (${1:0},${2:0}), (${3:4},${4:4}), ${5:10} · grow ⇒ grow(${1:(0,0)}) · floodfill ⇒ floodfill (${1:0},${2:0}) · rndcoord ⇒ rndcoord(${1:(0,0)}) · circle ⇒ circle((${1:0},${2:0}), ${3:3}) · ellipse ⇒ ellipse((${1:0},${2:0}), ${3:4}, ${4:2}) · filter ⇒ filter(${1:50%}, ${2:(0,0)}) · complement ⇒ complement ${1:(0,0)}
            SHUFFLE: $0
              $place · $mon
            MONSTER: $mon[0], $0
              $place ⇒ $place[0] · $pt · random · rndcoord ⇒ rndcoord(${1:(0,0)})
            GOLD: $0
              (nothing)
            $n = { 1, 2 }
            GOLD: $0
              $n ⇒ $n[0]
        "#]]
        .assert_eq(&table(&[
            "$v = $0",
            "$v = selection: $0",
            "SHUFFLE: $0",
            "MONSTER: $mon[0], $0",
            "GOLD: $0",
            "$n = { 1, 2 }\nGOLD: $0",
        ]));
        // Only those assigned before the cursor: `$i` is the FOR's, later.
        let (_, items) = NETHACK.completions_at(&at("MONSTER: 'd', $$0"));
        let labels: Vec<&str> = items.iter().map(|c| c.label.as_str()).collect();
        assert_eq!(labels, ["$place", "$pt", "$mon", "$sel"]);
    }

    /// The line the fixture's line becomes once the item labelled `label`
    /// is accepted (a snippet's placeholders replaced by their defaults).
    fn accepted(line: &str, label: &str) -> String {
        let (text, items) = NETHACK.completions_at(&at(line));
        let item = items
            .iter()
            .find(|c| c.label == label)
            .unwrap_or_else(|| panic!("no {label} at {line}"));
        let insert = item
            .insert_text
            .clone()
            .unwrap_or_else(|| item.label.clone());
        let mut done = text.clone();
        done.replace_range(item.replace.clone(), &placeholders_filled(&insert));
        let start = done[..item.replace.start].rfind('\n').map_or(0, |n| n + 1);
        done[start..].lines().next().unwrap_or("").to_string()
    }

    /// `${1:0}` → `0`, as an editor without snippets shows it.
    fn placeholders_filled(snippet: &str) -> String {
        let mut out = String::new();
        let mut rest = snippet;
        while let Some(at) = rest.find("${") {
            out.push_str(&rest[..at]);
            let inner = &rest[at + 2..];
            let end = inner.find('}').unwrap();
            out.push_str(inner[..end].split_once(':').map_or("", |(_, d)| d));
            rest = &inner[end + 1..];
        }
        out.push_str(rest);
        out
    }

    #[test]
    fn accepting_an_item_never_breaks_the_line() {
        let cases = [
            // An open string is closed, with its tuple.
            ("MONSTER: ('D', \"$0", "red dragon"),
            ("MONSTER: ('D', \"re$0, (1,1)", "red dragon"),
            // A closed string is not closed again; the name replaces its text.
            ("MONSTER: ('D', \"re$0d\"), (1,1)", "red dragon"),
            ("TRAP: \"$0\", (1,1)", "magic portal"),
            // A char literal is replaced whole, the quote the editor closed too.
            ("MONSTER: ('$0'", "'D'"),
            ("TERRAIN: $sel, '$0", "'T'"),
            // A word is replaced whole, wherever the cursor is in it.
            ("DOOR: lo$0ced, $sel", "locked"),
            // Calls and keyed infos come with a value in each slot…
            ("TERRAIN: $0", "circle"),
            ("MONSTER: 'd', (1,1), $0", "fleeing"),
            ("MONSTER: 'd', (1,1), $0", "m_feature"),
            ("OBJECT: '(', (1,1), $0", "montype"),
            ("ALTAR: (1,1), $0, altar", "align"),
            ("$n = { 1, 2 }\nGOLD: $0, (1,1)", "$n"),
            // … but not when something follows the word already.
            ("TERRAIN: cir$0((1,1), 2), '.'", "circle"),
            // Names outside quotes come quoted.
            ("TRAP: $0, (1,1)", "\"magic portal\""),
            ("$v = $0", "selection:"),
            // A statement comes with a value in each slot, unless some follow.
            ("$0", "MONSTER"),
            ("MONS$0: 'd', (1,1)", "MONSTER"),
        ];
        let done: Vec<String> = cases
            .iter()
            .map(|(line, label)| format!("{line}  →  {}", accepted(line, label)))
            .collect();
        expect![[r#"
            MONSTER: ('D', "$0  →  MONSTER: ('D', "red dragon")
            MONSTER: ('D', "re$0, (1,1)  →  MONSTER: ('D', "red dragon"), (1,1)
            MONSTER: ('D', "re$0d"), (1,1)  →  MONSTER: ('D', "red dragon"), (1,1)
            TRAP: "$0", (1,1)  →  TRAP: "magic portal", (1,1)
            MONSTER: ('$0'  →  MONSTER: ('D'
            TERRAIN: $sel, '$0  →  TERRAIN: $sel, 'T'
            DOOR: lo$0ced, $sel  →  DOOR: locked, $sel
            TERRAIN: $0  →  TERRAIN: circle((0,0), 3)
            MONSTER: 'd', (1,1), $0  →  MONSTER: 'd', (1,1), fleeing: 10
            MONSTER: 'd', (1,1), $0  →  MONSTER: 'd', (1,1), m_feature "fountain"
            OBJECT: '(', (1,1), $0  →  OBJECT: '(', (1,1), montype: random
            ALTAR: (1,1), $0, altar  →  ALTAR: (1,1), align[0], altar
            $n = { 1, 2 }
            GOLD: $0, (1,1)  →  GOLD: $n[0], (1,1)
            TERRAIN: cir$0((1,1), 2), '.'  →  TERRAIN: circle((1,1), 2), '.'
            TRAP: $0, (1,1)  →  TRAP: "magic portal", (1,1)
            $v = $0  →  $v = selection: 
            $0  →  MONSTER: random, random
            MONS$0: 'd', (1,1)  →  MONSTER: 'd', (1,1)"#]]
        .assert_eq(&done.join("\n"));
    }
}
