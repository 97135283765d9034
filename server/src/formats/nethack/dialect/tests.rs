//! Which dialect a file is read in: its content, its comment, the setting.

use super::*;
use crate::formats::nethack::syntax;
use crate::formats::nethack::tests::NETHACK;

fn choose_in(text: &str, forced: Option<Dialect>) -> (Dialect, String) {
    NETHACK.open(text, |file| {
        let doc = syntax::read(file.text, file.tree);
        let c = choose(text, &doc, forced);
        (c.dialect, c.reason)
    })
}

#[test]
fn content_decides_and_the_comment_beats_the_setting() {
    let v36 = "LEVEL: \"oracle\"\nROOM: \"ordinary\", lit, (3,3), (center,center), (11,9) {\n}\n";
    assert_eq!(choose_in(v36, None).0, Dialect::V36);
    let v343 = "MAZE: \"x\", ' '\nGEOMETRY:center,center\nMAP\n.\nENDMAP\nRANDOM_PLACES:(0,0)\n";
    assert_eq!(choose_in(v343, None).0, Dialect::V343);
    let pair = "MAZE: \"x\", ' '\nNOMAP\nMONSTER: ('d', \"jackal\"), (1,1)\n";
    assert_eq!(choose_in(pair, None).0, Dialect::V36);
    let three = "MAZE: \"x\", ' '\nNOMAP\nMONSTER: 'd', \"jackal\", (1,1)\n";
    assert_eq!(choose_in(three, None).0, Dialect::V343);
    // Half typed: the parser invents a `$variable`; still 3.4.3.
    let typing =
        "LEVEL: \"x\"\nROOM: \"ordinary\", lit, (1,1), (left,top), (2,2)\nDOOR: false, locked, \n";
    assert_eq!(choose_in(typing, None).0, Dialect::V343);
    let branch = "MAZE: \"x\", ' '\nNOMAP\nIF [50%] {\n  MONSTER: random, random\n}\n";
    assert_eq!(choose_in(branch, None).0, Dialect::V36);
    let plain = "MAZE: \"x\", ' '\nNOMAP\n";
    assert_eq!(choose_in(plain, None).0, Dialect::V343);
    assert_eq!(choose_in(plain, Some(Dialect::V36)).0, Dialect::V36);
    let commented = "# levls: dialect 3.4.3\nMAZE: \"x\", ' '\n$x = 1\n";
    assert_eq!(choose_in(commented, Some(Dialect::V36)).0, Dialect::V343);
    assert_eq!(
        from_comment("# levls: dialect=3.6\n"),
        Some((Dialect::V36, 0..20))
    );
    assert_eq!(from_comment("MAZE:\"x\",' '\n# levls: dialect 3.6\n"), None);
}

#[test]
fn words_and_functions_only_3_6_knows_are_evidence() {
    let maze = |body: &str| format!("MAZE: \"x\", ' '\n{body}");
    // MiniHack's levels often have no 3.6 statement, only 3.6 words.
    let flags = maze("FLAGS: premapped\nGEOMETRY:center,center\nMAP\n.\nENDMAP\n");
    let (dialect, why) = choose_in(&flags, None);
    assert_eq!(
        (dialect, why.as_str()),
        (Dialect::V36, "`premapped` is a NetHack 3.6 word")
    );
    let fill = maze("INIT_MAP: solidfill, ' '\nGEOMETRY:center,center\nMAP\n.\nENDMAP\n");
    assert_eq!(choose_in(&fill, None).0, Dialect::V36);
    let grid = "LEVEL: \"x\"\nINIT_MAP: mazegrid, '-'\n";
    assert_eq!(choose_in(grid, None).0, Dialect::V36);
    let selection = maze("NOMAP\nDOOR: closed, rect (1,1,2,2)\n");
    let (dialect, why) = choose_in(&selection, None);
    assert_eq!(
        (dialect, why.as_str()),
        (Dialect::V36, "`rect(…)` is a NetHack 3.6 function")
    );
    // 3.4.3's own words, and its `levregion(…)`, are no evidence of 3.6.
    let older = maze(
        "NOMAP\nFLAGS: noteleport, hardfloor\nTELEPORT_REGION: levregion(1,0,79,20), (0,0,0,0), up\n\
         REGION: (0,0,1,1), lit, \"zoo\", filled, true\n",
    );
    assert_eq!(choose_in(&older, None).0, Dialect::V343);
    // An uppercase word is not the 3.6 word it spells.
    let upper = maze("NOMAP\nFLAGS: PREMAPPED\n");
    assert_eq!(choose_in(&upper, None).0, Dialect::V343);
    // The first construct decides, words included.
    let both = maze("NOMAP\nRANDOM_PLACES: (1,1)\nFLAGS: premapped\n");
    assert_eq!(choose_in(&both, None).0, Dialect::V343);
}

#[test]
fn minihacks_level_name_decides_only_alone() {
    let (dialect, why) = choose_in("MAZE: \"mylevel\", ' '\nNOMAP\n", None);
    assert_eq!(dialect, Dialect::V36);
    assert!(why.contains("MiniHack"), "{why}");
    // A long name is an error of 3.4.3's to report, not a hint of 3.6.
    let long = "LEVEL: \"fortress12\"\n";
    assert_eq!(choose_in(long, None).0, Dialect::V343);
    // A hint never beats a construct of 3.4.3, wherever it stands.
    let older =
        "MAZE: \"mylevel\", ' '\nGEOMETRY:center,center\nMAP\n.\nENDMAP\nRANDOM_PLACES: (0,0)\n";
    assert_eq!(choose_in(older, None).0, Dialect::V343);
}
