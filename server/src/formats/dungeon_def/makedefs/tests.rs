use super::{prepare, Dialect};

fn prepared(text: &str, dialect: Dialect) -> String {
    String::from_utf8(prepare(text, dialect).text).unwrap()
}

#[test]
fn the_dialect_is_the_first_control_line_s() {
    assert_eq!(Dialect::of("%REINCARNATION LEVEL: x\n^?X\n"), Dialect::V343);
    assert_eq!(Dialect::of("^?X\n%R\n"), Dialect::V36);
    assert_eq!(Dialect::of("DUNGEON: \"a\" \"b\" (1, 0)\n"), Dialect::V36);
}

#[test]
fn lines_keep_their_length_and_place() {
    let text = "# c\n%REINCARNATION LEVEL: \"r\"\nA\n";
    assert_eq!(
        prepared(text, Dialect::V343),
        "   \n               LEVEL: \"r\"\nA\n"
    );
    let text = "^?X\nA\n^:\nB\n^.\n^^C\n";
    assert_eq!(prepared(text, Dialect::V36), "   \nA\n  \n \n  \n ^C\n");
}

#[test]
fn makedefs_faults() {
    assert_eq!(prepare("%MULDGN X\n", Dialect::V343).faults.len(), 1);
    assert_eq!(prepare("^.\n", Dialect::V36).faults.len(), 1);
    assert_eq!(prepare("^?A\n^:\n^:\n^.\n", Dialect::V36).faults.len(), 1);
    assert_eq!(prepare("^?A\n", Dialect::V36).faults.len(), 1);
    assert_eq!(prepare("^x\n", Dialect::V36).faults.len(), 1);
}
