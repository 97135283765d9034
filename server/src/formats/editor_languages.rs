//! `editors/languages.json`, the list the editor packages read, must say what
//! the server's registry says: the same formats, language ids, extensions and
//! first-line patterns that the server itself recognises; and its `hosts`,
//! the languages whose documents hold levels, what the server reads them as.

use super::{by_name, embedded, registry};
use serde_json::Value;

/// One list of `editors/languages.json`: `languages` or `hosts`.
fn list(name: &str) -> Vec<Value> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../editors/languages.json");
    let text = std::fs::read_to_string(path).expect("editors/languages.json");
    let list: Value = serde_json::from_str(&text).expect("valid JSON");
    list[name]
        .as_array()
        .unwrap_or_else(|| panic!("a {name} array"))
        .clone()
}

fn languages() -> Vec<Value> {
    list("languages")
}

fn strings(value: &Value) -> Vec<String> {
    value
        .as_array()
        .map(|a| a.iter().map(|s| s.as_str().unwrap().to_string()).collect())
        .unwrap_or_default()
}

#[test]
fn every_format_is_listed_once_with_the_registry_s_ids_and_extensions() {
    let languages = languages();
    let mut listed: Vec<&str> = languages
        .iter()
        .map(|l| l["format"].as_str().unwrap())
        .collect();
    listed.sort();
    let mut known: Vec<&str> = registry().iter().map(|f| f.name()).collect();
    known.sort();
    assert_eq!(listed, known);

    for language in &languages {
        let format = by_name(language["format"].as_str().unwrap()).unwrap();
        let id = language["id"].as_str().unwrap();
        assert!(
            format.language_ids().contains(&id),
            "{id} is not a languageId of {}",
            format.name()
        );
        let mut extensions: Vec<String> = format
            .extensions()
            .iter()
            .map(|e| format!(".{e}"))
            .collect();
        extensions.sort();
        let mut listed = strings(&language["extensions"]);
        listed.sort();
        assert_eq!(listed, extensions, "extensions of {}", format.name());
        let late: Vec<String> = format
            .content_extensions()
            .iter()
            .map(|e| format!(".{e}"))
            .collect();
        assert_eq!(
            strings(&language["contentDetected"]),
            late,
            "contentDetected of {}",
            format.name()
        );
    }
}

#[test]
fn hosts_are_the_documents_the_server_reads_for_their_levels_and_no_language_of_ours() {
    let hosts = list("hosts");
    let formats = embedded::document_formats();
    assert_eq!(hosts.len(), formats.len());
    for (host, format) in hosts.iter().zip(formats) {
        assert_eq!(host["format"], format.name());
        assert_eq!(host["name"], format.display_name());
        let id = host["id"].as_str().unwrap();
        assert!(format.language_ids().contains(&id), "{id}");
        let extensions: Vec<String> = format
            .extensions()
            .iter()
            .map(|e| format!(".{e}"))
            .collect();
        assert_eq!(
            strings(&host["extensions"]),
            extensions,
            "extensions of {id}"
        );
        let levels = host["levels"].as_str().unwrap();
        assert!(by_name(levels).is_some(), "{levels} is a level format");
        assert!(
            !languages().iter().any(|l| l["id"] == id),
            "{id} is a host, not a language the editors define"
        );
    }
}

#[test]
fn first_line_patterns_match_what_the_server_sniffs() {
    // One first line per format that the server recognises by content alone;
    // the editor's pattern must accept it (patterns are plain anchored
    // prefixes, checked here without a regex engine).
    let samples = [
        ("derf", "DERF:0.1.0\nHall\n"),
        ("frupal", "Frupal_Kingdom:\n"),
        ("nethack", "MAZE:\"tower\",' '\n"),
        ("nethack", "LEVEL: \"tower\"\n"),
    ];
    for (name, text) in samples {
        let format = by_name(name).unwrap();
        assert!(format.sniff(text), "{name} sniffs {text:?}");
        let language = languages()
            .into_iter()
            .find(|l| l["format"] == name)
            .unwrap();
        let pattern = language["firstLine"].as_str().unwrap();
        let first = text.lines().next().unwrap();
        assert!(
            prefix_pattern_matches(pattern, first),
            "{pattern} should match {first:?}"
        );
    }
}

/// Enough of a regex for the list's first-line patterns: `^`, `\uFEFF?`,
/// one `(A|B)` group, `\s*`, a trailing `$`, and literal text.
fn prefix_pattern_matches(pattern: &str, line: &str) -> bool {
    let pattern = pattern.trim_start_matches('^').replace("\\uFEFF?", "");
    let line = line.trim_start_matches('\u{feff}');
    let (alternatives, rest) = match pattern.strip_prefix('(') {
        Some(group) => {
            let (alts, rest) = group.split_once(')').unwrap();
            (
                alts.split('|').map(String::from).collect(),
                rest.to_string(),
            )
        }
        None => (vec![String::new()], pattern.clone()),
    };
    alternatives.iter().any(|alt| {
        let Some(after) = line.strip_prefix(alt.as_str()) else {
            return false;
        };
        let mut after = after;
        let mut rest = rest.as_str();
        if let Some(r) = rest.strip_prefix("\\s*") {
            after = after.trim_start();
            rest = r;
        }
        let (literal, anchored) = match rest.strip_suffix("\\s*$") {
            Some(l) => (l, true),
            None => (rest, false),
        };
        match after.strip_prefix(literal) {
            Some(tail) => !anchored || tail.trim().is_empty(),
            None => false,
        }
    })
}
