//! The NetHack fixture tests: a level's text (with `$0` where the cursor is) and what the
//! author sees, beside the code they test (`check/order/tests.rs`, `ide/hover/tests.rs`…);
//! here, what they share: the fixtures and a 3.6 level that uses every scripting construct.

use super::NetHack;
use crate::formats::test_support::Fixtures;

/// A level saved as `t.des`.
pub(super) const NETHACK: Fixtures = Fixtures::new(&NetHack, "t.des");

/// A 3.6 level that uses every scripting construct (variables, blocks, selections,
/// conditions), shared by the editor features' tests.
pub(super) const LEVEL: &str = "\
# A 3.6 level
MAZE: \"test\", ' '
FLAGS: noteleport
GEOMETRY: center, center
MAP
-----
|..x|
|.}.|
-----
ENDMAP
$place = { (1,1), (3,1), (2,2) }
SHUFFLE: $place
$mon = monster: { 'd', 'o' }
$pt = (1,1)
$sel = selection: floodfill(1,1) & rect (0,0,4,3)
IF [50%] {
  MONSTER: $mon[0], $place[0]
} ELSE {
  OBJECT: ('(', \"chest\"), $place[1] {
    OBJECT: '!'
  }
}
LOOP [2] {
  TERRAIN: line (1,1), (3,1), 'L'
}
TERRAIN: filter(50%, $sel), '.'
[25%]: SWITCH [3] {
  CASE 0:
    TRAP: \"pit\", $pt
    BREAK
  DEFAULT:
    STAIR: (1,2), down
}
FOR $i = 1 TO 3 {
  GOLD: $i, random
}
";

/// `LEVEL` with the cursor before the first `needle` after `after`.
pub(super) fn at(after: &str, needle: &str) -> String {
    let from = LEVEL.find(after).expect("after");
    let i = from + LEVEL[from..].find(needle).expect("needle");
    format!("{}$0{}", &LEVEL[..i], &LEVEL[i..])
}
