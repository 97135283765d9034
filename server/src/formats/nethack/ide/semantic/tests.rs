//! Semantic tokens of MAP cells: one token per run of one terrain.

use crate::formats::nethack::ide::semantic::kind_of;
use crate::formats::nethack::names::vocabulary::MAP_CHARS;
use crate::formats::nethack::tests::NETHACK;
use expect_test::expect;

#[test]
fn map_cells_by_terrain_in_file_order() {
    // Digits (deleted by lev_comp) split a run; stone and keywords get nothing;
    // a `#` row inside the map is corridor, a `#` line with letters a comment,
    // and a line with `é` is no row.
    NETHACK.check_semantic_tokens(
        "# comment\nMAZE: \"x\", ' '\nGEOMETRY: center, center\nMAP\n--1--\n|+S.{\\K|\n#comment\n##H }PW LITF\nABé\nENDMAP\nDOOR: closed, (1,1)\n",
        expect![[r###"
            5:1-5:3 "--" Keyword
            5:4-5:6 "--" Keyword
            6:1-6:2 "|" Keyword
            6:2-6:4 "+S" Function
            6:4-6:5 "." Operator
            6:5-6:8 "{\\K" EnumMember
            6:8-6:9 "|" Keyword
            8:1-8:4 "##H" Macro
            8:5-8:8 "}PW" Type
            8:9-8:10 "L" String
            8:10-8:11 "I" Variable
            8:11-8:12 "T" Number
            8:12-8:13 "F" Property
        "###]],
    );
}

#[test]
fn a_map_without_endmap_and_a_map_before_any_level_are_highlighted() {
    NETHACK.check_semantic_tokens(
        "MAP\n.\nENDMAP\nMAZE: \"x\", ' '\nMAP\n|.\n",
        expect![[r#"
            2:1-2:2 "." Operator
            6:1-6:2 "|" Keyword
            6:2-6:3 "." Operator
        "#]],
    );
}

#[test]
fn every_map_character_but_rock_has_a_kind_and_the_main_terrains_differ() {
    for m in MAP_CHARS {
        assert_eq!(kind_of(m.ch).is_none(), m.ch == ' ', "{:?}", m.ch);
    }
    // Walls, doors, floor, corridor, water, lava, trees, bars, ice, fountains.
    let kinds: Vec<_> = "-+.#}LTFI{".chars().map(kind_of).collect();
    for (i, a) in kinds.iter().enumerate() {
        for b in &kinds[i + 1..] {
            assert_ne!(a, b);
        }
    }
}
