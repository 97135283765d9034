//! dgn_comp's checks, one fixture each: the message, its code and the line.

use crate::formats::dungeon_def::tests::DUNGEON_DEF;
use expect_test::expect;

#[test]
fn a_misspelt_keyword_is_one_error_with_a_suggestion() {
    DUNGEON_DEF.check_diagnostics(
        "DUNGEON: \"D\" \"D\" (5, 2)\nLEVLE: \"oracle\" \"O\" @ (5, 5)\nLEVEL: \"x\" \"X\" @ (1, 0)\n",
        expect![[r#"
            2:1-2:6 error dungeon-def::unknown-keyword: `LEVLE` is not a keyword: did you mean `LEVEL`? (dgn_comp: syntax error)
        "#]],
    );
}

#[test]
fn checks_of_a_statement_that_may_go_on_are_reported_where_the_next_token_is() {
    DUNGEON_DEF.check_diagnostics(
        "DUNGEON: \"D\" \"D\" (5, 2)\nLEVEL: \"a\" \"A\" @ (1, 0) 50\nCHAINLEVEL: \"b\" \"B\" \"a\" + (1, 0)\n\n\nLEVEL: \"c\" \"C\" @ (2, 0)\n",
        expect![[r#"
            3:21-3:24 error dungeon-def::unknown-chain-level: no level "a" in this dungeon before here to chain from (dgn_comp: line 6: Can't locate the specified chain level.)
        "#]],
    );
}

#[test]
fn values_out_of_range_and_wrong_words() {
    DUNGEON_DEF.check_diagnostics(
        "DUNGEON: \"D\" \"DD\" (5, 2)\nDESCRIPTION: town\nALIGNMENT: mazelike\nLEVEL: \"a\" \"A\" @ (40, 0)\nLEVEL: \"b\" \"B\" @ (30, 5)\nBRANCH: \"D\" @ (1, 0)\n",
        expect![[r#"
            1:14-1:18 error dungeon-def::bones-letter: the bones letter must be one character or "none", not 2 bytes: this dungeon gets no bones files (dgn_comp: Bones marker must be a single char, or "none"!)
            2:14-2:18 error dungeon-def::illegal-description: `town` does not describe a dungeon: DESCRIPTION takes `hellish`, `mazelike` or `roguelike` (dgn_comp: Illegal description - ignoring!)
            3:12-3:20 error dungeon-def::illegal-alignment: `mazelike` is not an alignment: ALIGNMENT takes `lawful`, `neutral`, `chaotic`, `unaligned` or `noalign` (dgn_comp: Illegal alignment - ignoring!)
            4:19-4:21 error dungeon-def::base-out-of-range: the base 40 is outside -32..32, the levels a dungeon may have (dgn_comp: Abs base out of dlevel range - zeroing!)
            5:23-5:24 error dungeon-def::range-out-of-range: the base 30 plus the range 5 reaches past level 32, the deepest a dungeon may have (dgn_comp: Abs range out of dlevel range - zeroing!)
        "#]],
    );
}

#[test]
fn a_string_across_lines_shifts_dgn_comp_s_line_count() {
    DUNGEON_DEF.check_diagnostics(
        "DUNGEON: \"D\" \"D\" (5, 2)\nLEVEL: \"a\" \"A\" @ (1, 0)\nLEVEL: \"b\nc\" \"B\" @ (2, 0)\nLEVEL: \"d\" \"DD\" @ (3, 0)\n",
        expect![[r#"
            5:12-5:16 error dungeon-def::bones-letter: the bones letter must be one character or "none", not 2 bytes: this level gets no bones files (dgn_comp: line 4: Bones marker must be a single char, or "none"!)
        "#]],
    );
}

#[test]
fn control_lines_of_each_dialect() {
    DUNGEON_DEF.check_diagnostics(
        "DUNGEON: \"D\" \"D\" (5, 2)\n%REINCARNATION LEVEL: \"rogue\" \"R\" @ (15, 4)\n%MULDGN BRANCH: \"M\" @ (2, 3)\n",
        expect![[r#"
            3:1-3:29 error dungeon-def::unknown-control: `%MULDGN` is no makedefs option: 3.4.3's makedefs knows `%REINCARNATION` only, and stops here (makedefs: Unknown control option)
        "#]],
    );
    DUNGEON_DEF.check_diagnostics(
        "DUNGEON: \"D\" \"D\" (5, 2)\n^?REINCARNATION\nLEVEL: \"rogue\" \"R\" @ (15, 4)\n^.\n^.\n",
        expect![[r#"
            5:1-5:3 error dungeon-def::conditional: makedefs refuses this conditional line (unmatched ^. (endif))
        "#]],
    );
}
