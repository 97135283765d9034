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
