//! The floors' pictures (`picture.rs`): snapshots of the glyphs, markers
//! and legend, and the colours, sources and tooltips of a few cells.

use crate::formats::wuas::tests::WUAS;
use expect_test::expect;

/// Two floors of 3×2: attributes, tokens (one with an item, one hidden,
/// a cell with more tokens than slots), labels and three edges: one on
/// floor 0, one to floor inf, one to no label.
const BOARD: &str = "# test board

5

floor=0
+------+------+------+
| sky! | gap  | fire |
| ab   | &A   |      |
+------+------+------+
|      | lava | sky  |
| c&B  |      | abcd |
+------+------+------+

floor=inf
+------+------+------+
| sky  | sky  | water|
|      | &C   | X    |
+------+------+------+
| sky  | sky  | sky  |
|      |      |      |
+------+------+------+


a cake nil 10 12
b item toast 8 8
c death nil 8 8
d war nil 8 8
X ghost_HIDDEN nil 0 0

! isfloor

A--B
A--C
";

fn corpus_board(dir: &str, name: &str) -> String {
    let path = crate::formats::test_support::corpus_files(dir, "dat")
        .into_iter()
        .find(|p| p.file_name().is_some_and(|n| n == name))
        .unwrap_or_else(|| panic!("{dir}/{name} in the corpus"));
    std::fs::read_to_string(path).unwrap()
}

#[test]
fn each_floor_is_a_grid_of_blocks_with_names_tokens_labels_and_edges() {
    WUAS.check_pictures_trimmed(
        BOARD,
        expect![[r#"
            floor 0 12x4
            sky!    fir
            ab     A
                lav sky
            c  B    ab…
            edge (7,1)-(3,3)
            error (7,1): wuas::edge-across-floors: a graph edge must join spaces on the same floor: `A` is on floor 0, `C` on floor inf
            s #000000 on #b3e5fc: space sky
            ! #000000 on #ffee58: attribute !: isfloor
            a #000000 on #ffffff: token a: cake
            b #000000 on #ffffff: token b: item toast
              #000000 on #ffffff: space gap (an empty cell or `gap`)
            & #ffffff on #aa00ff: a label (the character after `&`); lines are graph edges
            f #ffffff on #e53935: space fire
            c #000000 on #ffffff: token c: death
            l #000000 on #ff6f00: space lava
            … #000000 on #ffffff: more than fit in the block: see the tooltip
            floor inf 12x4
            sky sky wat
                   CX
            sky sky sky

            error (7,1): wuas::edge-across-floors: a graph edge must join spaces on the same floor: `A` is on floor 0, `C` on floor inf
            s #000000 on #b3e5fc: space sky
            & #ffffff on #aa00ff: a label (the character after `&`); lines are graph edges
            w #ffffff on #1e88e5: space water
            X #9e9e9e on #ffffff: token X: ghost_HIDDEN (hidden from players)
        "#]],
    );
}

#[test]
fn cells_carry_colours_sources_and_tooltips() {
    let pictures = WUAS.pictures(BOARD);
    assert_eq!(pictures.len(), 2);
    let floor0 = &pictures[0];
    let source = |x: usize, y: usize| {
        let range = floor0.cell(x, y).unwrap().source.clone().unwrap();
        &BOARD[range]
    };
    // The name's letters come from the whole space cell, each mark from its own character.
    let sky = floor0.cell(0, 0).unwrap();
    assert_eq!((sky.glyph, sky.bg, sky.fg), ('s', "#b3e5fc", "#000000"));
    assert_eq!(source(0, 0), " sky! ");
    assert_eq!(source(3, 0), "!");
    assert_eq!(source(0, 1), "a");
    assert_eq!(source(1, 1), "b");
    assert_eq!(
        source(2, 1),
        " ab   ",
        "an empty token slot is the token cell"
    );
    assert_eq!(source(7, 1), "&A");
    assert_eq!(floor0.cell(7, 1).unwrap().bg, "#aa00ff");
    // abcd: two tokens, then `…` for c and d.
    assert_eq!(floor0.cell(10, 3).unwrap().glyph, '…');
    assert_eq!(source(10, 3), "cd");
    // Every cell of a block has the block's whole story.
    let tooltip = floor0.cell(5, 0).unwrap().tooltip.clone().unwrap();
    assert_eq!(
        &*tooltip,
        "floor 0, row 1, column 2: gap\nlabel &A\nedge A--B: to floor 0, row 2, column 1\nedge A--C: to floor inf, row 1, column 2, another floor (not drawn; the validator rejects it)"
    );
    assert_eq!(floor0.cell(4, 1).unwrap().tooltip, Some(tooltip));
    assert!(floor0
        .cell(0, 0)
        .unwrap()
        .tooltip
        .as_ref()
        .unwrap()
        .contains("attribute !: isfloor\ntoken a: cake\ntoken b: item toast"));
    // One line, label A to label B; A--C crosses floors and is no line.
    assert_eq!(floor0.edges.len(), 1);
    assert_eq!((floor0.edges[0].from, floor0.edges[0].to), ((7, 1), (3, 3)));
    assert_eq!(floor0.edges[0].tooltip.as_deref(), Some("graph edge A--B"));
    assert!(pictures[1].edges.is_empty());
    // The hidden ghost is grey.
    assert_eq!(pictures[1].cell(8, 1).unwrap().fg, "#9e9e9e");
}

#[test]
fn diagnostics_on_cells_and_edges_become_markers() {
    WUAS.check_pictures_trimmed(
        "# broken

5

floor=0
+------+------+
| sky% | sky  |
| az   | &A   |
+------+------+
| 2sky |
|      |
+------+


a cake nil 10 12

! isfloor

A--Z
",
        expect![[r#"
            floor 0 8x4
            sky%sky
            az     A
            2sk

            error (3,0): wuas::undefined-attribute: attribute `%` is not defined in the attribute table (the validator reports: No such attribute '%' in references table)
            error (1,1): wuas::undefined-token: token `z` is not defined in the token table (the validator reports: No such token 'z' in references table)
            error (0,2): wuas::ragged-row: this row has 1 cells but the floor's first row has 2: the tool takes the width from the first row, so it ignores extra cells and crashes (IndexError) on missing ones
            error (0,2): wuas::space-name: from version 3 a space name is ASCII letters and must come first: the tool fails on `2sky` (AssertionError)
            error (7,1): wuas::unknown-label: No such space label Z: no cell has the label `&Z`
            s #000000 on #b3e5fc: space sky
            % #d50000 on #ffee58: attribute %: not in the attribute table
            a #000000 on #ffffff: token a: cake
            z #d50000 on #ffffff: token z: not in the token table
            & #ffffff on #aa00ff: a label (the character after `&`); lines are graph edges
              #ffffff on #000000: no cell: a row shorter than the floor's longest (the validator crashes)
            2 #ffffff on #d50000: not a space name (the tool fails)
        "#]],
    );
}

#[test]
fn version_1_stars_are_stripped_marks_not_attributes() {
    WUAS.check_pictures_trimmed(
        "# old

1
+----------+----------+
| neutral* | water    |
| a        | ab       |
+----------+----------+

a cake nil 10 12
",
        expect![[r#"
            floor 0 8x2
            neu*wat
            a   ab
            error (5,1): wuas::undefined-token: token `b` is not defined in the token table (the validator reports: No such token 'b' in references table)
            n #000000 on #f5f5dc: space neutral
            * #616161 on #ffee58: `*` stripped by the tool (before version 3 not an attribute)
            a #000000 on #ffffff: token a: cake
            w #ffffff on #1e88e5: space water
            b #d50000 on #ffffff: token b: not in the token table
        "#]],
    );
}

/// A real 2024 board (10×11, one floor): three golden coins on neutral ground.
#[test]
fn a_real_board_from_the_corpus() {
    let text = corpus_board("wuas/reconstructed/2024-rocket", "rocket-turn01.dat");
    WUAS.check_pictures_trimmed(
        &text,
        expect![[r#"
        floor 0 40x22


            neu                     neu
            a                       a
                    neu alt neu

                    neu     neu

                    neu neu neu

                        sta



                        neu

                        neu
                        a




          #000000 on #ffffff: space gap (an empty cell or `gap`)
        n #000000 on #f5f5dc: space neutral
        a #000000 on #ffffff: token a: goldcoin
        a #000000 on #c0ca33: space altar
        s #000000 on #fff176: space start
    "#]],
    );
    let floor = &WUAS.pictures(&text)[0];
    // Row 2, column 2 (counted from 1): neutral with the coin `a`.
    let coin = floor.cell(4, 3).unwrap();
    assert_eq!((coin.glyph, coin.bg), ('a', "#ffffff"));
    assert_eq!(&text[coin.source.clone().unwrap()], "a");
    assert_eq!(floor.cell(4, 2).unwrap().bg, "#f5f5dc");
}

/// A real 2023 board with four floors, negative and all.
#[test]
fn every_floor_of_a_real_board_is_a_picture() {
    let text = corpus_board("wuas/reconstructed/2023-uncle", "uncle-turn05.dat");
    let pictures = WUAS.pictures(&text);
    let titles: Vec<&str> = pictures.iter().map(|p| p.title.as_str()).collect();
    expect![[r#"
        [
            "floor -102",
            "floor -101",
            "floor -100",
            "floor 0",
        ]
    "#]]
    .assert_debug_eq(&titles);
    for p in &pictures {
        assert_eq!((p.width, p.height), (18 * 4, 19 * 2), "{}", p.title);
        assert!(p.markers.is_empty(), "{}: {:?}", p.title, p.markers);
        assert!(p.cells.iter().all(|c| c.source.is_some()));
    }
}
