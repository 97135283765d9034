//! Numbers past 32 bits: lev_comp reads them cut to 32 bits (both dialects;
//! 4294967297 is 1, so `(4294967297,5)` is the accepted `(1,5)`).

use crate::formats::nethack::tests::NETHACK;
use crate::formats::nethack::{check, syntax, Dialect};
use crate::formats::{Diagnostic, SourceFile};
use expect_test::expect;

fn checked_as(dialect: Dialect) -> impl Fn(&SourceFile, &mut Vec<Diagnostic>) {
    move |file, out| {
        let doc = syntax::read(file.text, file.tree);
        out.extend(check::diagnostics(file.text, &doc, dialect));
    }
}

#[test]
fn numbers_are_read_as_lev_comps_atoi_reads_them() {
    assert_eq!(syntax::parse_integer("4294967297"), 1);
    assert_eq!(syntax::parse_integer("2147483648"), -2147483648);
    assert_eq!(syntax::parse_integer("-4294967295"), 1);
    assert_eq!(syntax::parse_integer("+7"), 7);
    // strtol saturates at 64 bits before the cut: LONG_MAX's low half is -1.
    assert_eq!(syntax::parse_integer("99999999999999999999"), -1);
}

#[test]
fn a_wrapping_coordinate_is_the_small_one_with_a_warning_3_6() {
    // lev_comp 3.6.6 accepts `(4294967297,1)`; `(2147483648,1)` is
    // "Coordinates (-2147483648,1) out of map range!".
    NETHACK.check_pass_messages(
        "MAZE:\"x\",random\nGOLD:5,(4294967297,1)\nGOLD:5,(2147483648,1)\n",
        checked_as(Dialect::V36),
        expect![[r#"
            2:9-2:19 nethack::number-wraps: lev_comp reads `4294967297` as 1: its numbers are 32-bit, from -2147483648 to 2147483647
            3:8-3:22 nethack::coordinate-range: Coordinates (-2147483648,1) out of map range! x is 0 to 79 and y 0 to 20.
            3:9-3:19 nethack::number-wraps: lev_comp reads `2147483648` as -2147483648: its numbers are 32-bit, from -2147483648 to 2147483647
        "#]],
    );
}

#[test]
fn a_wrapping_coordinate_is_the_small_one_with_a_warning_3_4_3() {
    // lev_comp 3.4.3 accepts the OBJECT at (4294967300,5), that is (4,5).
    NETHACK.check_pass_messages(
        "MAZE:\"x\",' '\nGEOMETRY:center,center\nMAP\n......\n......\n......\n......\n......\n......\nENDMAP\nOBJECT:'(',\"chest\",(4294967300,5)\n",
        checked_as(Dialect::V343),
        expect![[r#"
            11:21-11:31 nethack::number-wraps: lev_comp reads `4294967300` as 4: its numbers are 32-bit, from -2147483648 to 2147483647
        "#]],
    );
}
