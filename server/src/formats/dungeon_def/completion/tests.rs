use crate::formats::dungeon_def::tests::DUNGEON_DEF;
use expect_test::expect;

#[test]
fn keywords_at_the_start_of_a_line() {
    DUNGEON_DEF.check_completion_labels("DUNGEON: \"D\" \"D\" (5, 2)\nLE$0\n", expect!["DUNGEON ENTRY PROTOFILE DESCRIPTION ALIGNMENT BRANCH CHAINBRANCH LEVEL RNDLEVEL CHAINLEVEL RNDCHLEVEL LEVELDESC LEVALIGN"]);
}

#[test]
fn the_words_a_slot_takes() {
    DUNGEON_DEF.check_completion_labels(
        "DUNGEON: \"D\" \"D\" (5, 2)\nDESCRIPTION: $0\n",
        expect!["hellish mazelike roguelike"],
    );
    DUNGEON_DEF.check_completion_labels(
        "DUNGEON: \"D\" \"D\" (5, 2)\nLEVALIGN: $0\n",
        expect!["unaligned noalign lawful neutral chaotic"],
    );
    DUNGEON_DEF.check_completion_labels(
        "DUNGEON: \"D\" \"D\" (5, 2)\nBRANCH: \"M\" @ (2, 3) $0\n",
        expect!["up down stair no_up no_down portal"],
    );
}
