//! Finding the keys of a definitions file's sections in its text.

use super::*;

const SECTIONS: [&str; 3] = ["spaces", "tokens", "items"];

/// The text of `name`'s key in `section`, as written between its quotes.
fn key<'t>(json: &'t str, section: &str, name: &str) -> Option<&'t str> {
    KeySpans::scan(json, &SECTIONS)
        .get(section, name)
        .map(|span| &json[span])
}

#[test]
fn a_key_is_found_in_its_section_without_its_quotes() {
    let json = r#"{
  "spaces": {
    "Neutral Space": {"name": "Neutral", "coords": "0,0,1,1"},
    "sky": {}
  },
  "tokens": {"cake": {"name": "Cake"}}
}"#;
    let spans = KeySpans::scan(json, &SECTIONS);
    let span = spans.get("spaces", "Neutral Space").unwrap();
    assert_eq!(&json[span.clone()], "Neutral Space");
    assert_eq!(&json[span.start - 1..span.end + 1], "\"Neutral Space\"");
    assert_eq!(key(json, "tokens", "cake"), Some("cake"));
    // Only member keys of a section: not the section, not a field of an entry.
    assert_eq!(key(json, "spaces", "name"), None);
    assert_eq!(key(json, "spaces", "spaces"), None);
    assert_eq!(key(json, "items", "cake"), None);
}

#[test]
fn the_same_name_in_two_sections_is_found_in_each() {
    let json = r#"{"tokens": {"toast": {}}, "items": {"toast": {"desc": "Warm."}}}"#;
    let spans = KeySpans::scan(json, &SECTIONS);
    let (token, item) = (
        spans.get("tokens", "toast").unwrap(),
        spans.get("items", "toast").unwrap(),
    );
    assert_eq!(
        (&json[token.clone()], &json[item.clone()]),
        ("toast", "toast")
    );
    assert!(token.end < item.start, "{token:?} {item:?}");
}

#[test]
fn a_key_equal_to_a_value_elsewhere_is_found_at_the_key() {
    let json = r#"{
  "composite": {"sky": "sky"},
  "spaces": {"gap": {"name": "sky", "layers": ["sky", {"sky": 1}]}, "sky": {"name": "sky"}}
}"#;
    let at = KeySpans::scan(json, &SECTIONS)
        .get("spaces", "sky")
        .unwrap();
    assert_eq!(at.start, json.find(r#""sky": {"name""#).unwrap() + 1);
    assert_eq!(&json[at], "sky");
}

#[test]
fn escapes_are_decoded_to_compare_and_the_span_is_the_text_as_written() {
    let json = r#"{"spaces": {
  "say \"hi\"": {"desc": "a \"}\" in a value, and \\"},
  "Neutral\u0020Space": {},
  "caf\u00e9 \ud83c\udf70": {},
  "back\\slash": {"x": "\\"},
  "tab\tand\/slash": []
}, "tokens": {"after": {}}}"#;
    assert_eq!(key(json, "spaces", "say \"hi\""), Some(r#"say \"hi\""#));
    assert_eq!(
        key(json, "spaces", "Neutral Space"),
        Some(r#"Neutral\u0020Space"#)
    );
    assert_eq!(
        key(json, "spaces", "café 🍰"),
        Some(r#"caf\u00e9 \ud83c\udf70"#)
    );
    assert_eq!(key(json, "spaces", "back\\slash"), Some(r#"back\\slash"#));
    assert_eq!(
        key(json, "spaces", "tab\tand/slash"),
        Some(r#"tab\tand\/slash"#)
    );
    // The escaped quotes and braces in values did not end anything early.
    assert_eq!(key(json, "tokens", "after"), Some("after"));
}

#[test]
fn a_repeated_key_or_section_keeps_its_last_place_as_serde_json_keeps_the_last_value() {
    let json = r#"{"spaces": {"sky": 1, "sky": 2}, "tokens": {"old": {}}, "tokens": {"new": {}}}"#;
    let sky = KeySpans::scan(json, &SECTIONS)
        .get("spaces", "sky")
        .unwrap();
    assert_eq!(sky.start, json.rfind("sky").unwrap());
    assert_eq!(key(json, "tokens", "old"), None);
    assert_eq!(key(json, "tokens", "new"), Some("new"));
    // A section that is no longer an object has no keys.
    let json = r#"{"tokens": {"old": {}}, "tokens": []}"#;
    assert_eq!(key(json, "tokens", "old"), None);
}

#[test]
fn other_sections_nested_values_and_scalars_are_stepped_over() {
    let json = r#"{"turns": [[1, 2.5e3, -4], {"spaces": {"deep": {}}}], "current_turn": null,
  "flag": true, "spaces": {"top": {"coords": [0, 0, 33, 33], "custom_layer": false}}}"#;
    assert_eq!(key(json, "spaces", "deep"), None);
    assert_eq!(key(json, "spaces", "top"), Some("top"));
}

#[test]
fn text_it_cannot_follow_keeps_what_was_found_before() {
    let json = r#"{"spaces": {"sky": {}, "gap": {"#;
    assert_eq!(key(json, "spaces", "sky"), Some("sky"));
    assert_eq!(key(json, "spaces", "gap"), Some("gap"));
    for broken in [
        "",
        "[",
        "{",
        r#"{"spaces""#,
        r#"{"spaces": {"a": }}"#,
        "{,}",
        r#"{"a": "unterminated"#,
    ] {
        let _ = KeySpans::scan(broken, &SECTIONS);
    }
    assert_eq!(KeySpans::scan("[1]", &SECTIONS), KeySpans::default());
}
