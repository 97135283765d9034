//! Universal newlines and Python's int().

use super::*;

#[test]
fn universal_newlines() {
    let lines = split("a\r\nb\rc\n\nd");
    let texts: Vec<&str> = lines
        .iter()
        .map(|l| &"a\r\nb\rc\n\nd"[l.span.clone()])
        .collect();
    assert_eq!(texts, ["a", "b", "c", "", "d"]);
    assert!(!lines[4].terminated);
}

#[test]
fn a_lone_cr_before_a_crlf_ends_a_line_of_its_own() {
    let text = "a\r\r\nb\n\r\r";
    let lines = split(text);
    let texts: Vec<&str> = lines.iter().map(|l| &text[l.span.clone()]).collect();
    assert_eq!(texts, ["a", "", "b", "", ""]);
    assert!(lines.iter().all(|l| l.terminated));
}

#[test]
fn python_ints() {
    assert_eq!(python_int(" 5 "), Some(5));
    assert_eq!(python_int("+005"), Some(5));
    assert_eq!(python_int("0_5"), Some(5));
    assert_eq!(python_int("-100"), Some(-100));
    assert_eq!(python_int("5a"), None);
    assert_eq!(python_int("_5"), None);
    assert_eq!(python_int("5__0"), None);
    assert_eq!(python_int(""), None);
}
