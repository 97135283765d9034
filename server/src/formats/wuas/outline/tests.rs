//! The outline (floors, rows, labels, footer tables) and folding.

use crate::formats::wuas::tests::{FORMATTED, WUAS};
use expect_test::expect;

#[test]
fn outline_of_a_version_5_board() {
    WUAS.check_symbols(
        FORMATTED,
        expect![[r#"
            floor 0 [2×2] Struct 6:1-13:24 (floor=0)
              row 1 Field 7:1-9:24 (| sky!     | gap      |)
              row 2 Field 10:1-12:24 (|          | sky      |)
              &A [gap at row 1, column 2] Constant 9:14-9:16 (&A)
              &B [sky at row 2, column 2] Constant 12:14-12:16 (&B)
            floor inf [2×2] Struct 15:1-22:24 (floor=inf)
              row 1 Field 16:1-18:24 (| sky      | sky      |)
              row 2 Field 19:1-21:24 (| sky%     | sky      |)
              &C [sky at row 2, column 2] Constant 21:14-21:16 (&C)
            tokens [3] Namespace 25:1-27:27 (a)
              a cake [at 10 12] Object 25:1-25:27 (a)
              b item [toast at 8 8] Object 26:1-26:27 (b)
              X ghost_HIDDEN [at 0 0] Object 27:1-27:27 (X)
            attributes [2] Namespace 29:1-30:9 (!)
              ! isfloor Property 29:1-29:10 (!)
              % isroof Property 30:1-30:9 (%)
            graph [2] Namespace 32:1-33:5 (A--B)
              A--B Field 32:1-32:5 (A--B)
              B--A Field 33:1-33:5 (B--A)
        "#]],
    );
}

#[test]
fn outline_of_a_version_1_board_and_of_a_board_cut_short() {
    WUAS.check_symbols(
        "# old\n\n1\n+----------+\n| neutral* |\n| a        |\n+----------+\n\na cake nil 10 12\n",
        expect![[r#"
            floor 0 [1×1] Struct 4:1-7:13 (+----------+)
              row 1 Field 4:1-6:13 (| neutral* |)
            tokens [1] Namespace 9:1-9:17 (a)
              a cake [at 10 12] Object 9:1-9:17 (a)
        "#]],
    );
    // The file ends inside the floor list: the floors read so far, no footer.
    WUAS.check_symbols(
        "# x\n\n5\n\nfloor=0\n+---+\n| a |\n|   |\n",
        expect![[r#"
            floor 0 [1×1] Struct 5:1-8:6 (floor=0)
              row 1 Field 6:1-8:6 (| a |)
        "#]],
    );
}

#[test]
fn folds_each_floor_and_footer_section() {
    WUAS.check_folds(
        FORMATTED,
        expect![[r#"
            6:1-13:24 Region
            15:1-22:24 Region
            25:1-27:27 Region
            29:1-30:9 Region
            32:1-33:5 Region
        "#]],
    );
    // One-line sections do not fold; CRLF is one line break.
    WUAS.check_folds(
        &FORMATTED
            .replace("% isroof\n", "")
            .replace("B--A\n", "")
            .replace('\n', "\r\n"),
        expect![[r#"
            6:1-13:24 Region
            15:1-22:24 Region
            25:1-27:27 Region
        "#]],
    );
}
