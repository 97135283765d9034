//! The dungeon.def fixture tests: a description's text (with `$0` where the
//! cursor is) and what the author sees, beside the code they test; here,
//! what they share.

use super::DungeonDef;
use crate::formats::test_support::Fixtures;

/// A description saved as `dungeon.def`.
pub(super) const DUNGEON_DEF: Fixtures = Fixtures::new(&DungeonDef, "dat/dungeon.def");

/// Vanilla 3.6's first two dungeons, shortened.
pub(super) const SMALL: &str = "\
#	The dungeons of NetHack, shortened
DUNGEON:	\"The Dungeons of Doom\" \"D\" (25, 5)
ALIGNMENT:	unaligned
BRANCH:		\"The Gnomish Mines\" @ (2, 3)
LEVEL:		\"oracle\" \"O\" @ (5, 5)
LEVALIGN:	neutral
CHAINBRANCH:	\"Sokoban\" \"oracle\" + (1, 0) up
RNDLEVEL:	\"bigrm\" \"B\" @ (10, 3) 40 10

DUNGEON:	\"The Gnomish Mines\" \"M\" (8, 2)
DESCRIPTION:	mazelike
RNDLEVEL:	\"minetn\" \"T\" @ (3, 2) 7
LEVELDESC:	town

DUNGEON:		\"Sokoban\" \"none\" (4, 0)
ENTRY:          -1
RNDLEVEL:		\"soko1\" \"none\" @ (1, 0) 2
";

#[test]
fn the_sample_reads_clean_and_is_recognised_by_its_content() {
    DUNGEON_DEF.check_diagnostics(SMALL, expect_test::expect![[""]]);
    let found = crate::formats::detect(Some(std::path::Path::new("x/dungeon.def")), None, SMALL);
    assert_eq!(found.map(|d| d.format.name()), Some("dungeon-def"));
    let des = "MAZE: \"oracle\", ' '\nLEVEL: \"oracle\"\n";
    let found = crate::formats::detect(Some(std::path::Path::new("x/oracle.des")), None, des);
    assert_eq!(found.map(|d| d.format.name()), Some("nethack"));
}
