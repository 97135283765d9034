use crate::formats::dungeon_def::tests::{DUNGEON_DEF, SMALL};
use expect_test::expect;

#[test]
fn dungeons_with_their_levels_and_branches() {
    DUNGEON_DEF.check_symbols(SMALL, expect![[r#"
        The Dungeons of Doom [2 levels, 2 branches] Module 2:1-8:38 (DUNGEON:	"The Dungeons of Doom" "D" (25, 5))
          → The Gnomish Mines [branch] Namespace 4:1-4:38 ("The Gnomish Mines")
          oracle [(5, 5)] Object 5:1-5:30 ("oracle")
          → Sokoban [branch] Namespace 7:1-7:44 ("Sokoban")
          bigrm [10 variants, (10, 3)] Object 8:1-8:38 ("bigrm")
        The Gnomish Mines [1 levels, 0 branches] Module 10:1-13:16 (DUNGEON:	"The Gnomish Mines" "M" (8, 2))
          minetn [7 variants, (3, 2)] Object 12:1-12:34 ("minetn")
        Sokoban [1 levels, 0 branches] Module 15:1-17:37 (DUNGEON:		"Sokoban" "none" (4, 0))
          soko1 [2 variants, (1, 0)] Object 17:1-17:37 ("soko1")
    "#]]);
}

#[test]
fn dungeons_and_comment_runs_fold() {
    DUNGEON_DEF.check_folds(
        &format!("# a\n# b\n{SMALL}"),
        expect![[r#"
        1:1-3:37 Comment
        4:1-10:38 Region
        12:1-15:16 Region
        17:1-19:37 Region
    "#]],
    );
}
