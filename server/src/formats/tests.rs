use super::*;

#[test]
fn snippets_become_their_default_text() {
    assert_eq!(snippet_defaults("start: ${1:0} ${2:0}"), "start: 0 0");
    assert_eq!(snippet_defaults("a ${1:x y}$0 b$2"), "a x y b");
    assert_eq!(snippet_defaults("no placeholders"), "no placeholders");
}
