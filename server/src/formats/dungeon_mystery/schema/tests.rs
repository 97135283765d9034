//! The committed schema is the generated one, and the schema agrees with the analyser.

use super::*;
use crate::formats::dungeon_mystery::tests::DUNGEON_MYSTERY;
use crate::formats::dungeon_mystery::DungeonMystery;
use crate::formats::{Format, Severity};

fn committed_path() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../docs/formats/dungeon-mystery.schema.json")
}

#[test]
fn the_committed_schema_is_the_generated_one() {
    let generated = serde_json::to_string_pretty(&schema()).unwrap() + "\n";
    let path = committed_path();
    if std::env::var_os("UPDATE_EXPECT").is_some() {
        std::fs::write(&path, &generated).unwrap();
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "{} differs from schema(); run with UPDATE_EXPECT=1 to rewrite it",
        path.display()
    );
}

/// A minimal validator of the keywords the schema uses: type, enum, const, minimum,
/// maximum, properties, required, allOf, if/then. Returns the first failure.
fn validate(schema: &J, value: &J, at: &str) -> Result<(), String> {
    let s = schema.as_object().expect("schema object");
    if let Some(t) = s.get("type").and_then(J::as_str) {
        let ok = match t {
            "object" => value.is_object(),
            "integer" => value.as_f64().is_some_and(|n| n.fract() == 0.0),
            "boolean" => value.is_boolean(),
            "string" => value.is_string(),
            other => panic!("type {other} unused"),
        };
        if !ok {
            return Err(format!("{at}: not {t}"));
        }
    }
    if let Some(e) = s.get("enum").and_then(J::as_array) {
        if !e.iter().any(|c| c.as_f64() == value.as_f64()) {
            return Err(format!("{at}: not in enum"));
        }
    }
    if let Some(c) = s.get("const") {
        if c.as_f64() != value.as_f64() {
            return Err(format!("{at}: not const"));
        }
    }
    if let (Some(min), Some(n)) = (s.get("minimum").and_then(J::as_f64), value.as_f64()) {
        if n < min {
            return Err(format!("{at}: below minimum"));
        }
    }
    if let (Some(max), Some(n)) = (s.get("maximum").and_then(J::as_f64), value.as_f64()) {
        if n > max {
            return Err(format!("{at}: above maximum"));
        }
    }
    if let (Some(props), Some(obj)) = (s.get("properties"), value.as_object()) {
        for (k, sub) in props.as_object().unwrap() {
            if let Some(v) = obj.get(k) {
                validate(sub, v, &format!("{at}.{k}"))?;
            }
        }
    }
    if let (Some(req), Some(obj)) = (s.get("required").and_then(J::as_array), value.as_object()) {
        for k in req {
            if !obj.contains_key(k.as_str().unwrap()) {
                return Err(format!("{at}: {k} required"));
            }
        }
    }
    for rule in s.get("allOf").and_then(J::as_array).into_iter().flatten() {
        if validate(&rule["if"], value, at).is_ok() {
            validate(&rule["then"], value, at)?;
        }
    }
    Ok(())
}

/// A file with `value` at `group.key` (or the whole `extra` member list).
fn file_with(group: &str, member: &str) -> String {
    let mut groups = [
        ("floor_props", String::new()),
        ("dungeon_data", String::new()),
        ("generation_constants", String::new()),
        ("advanced_generation_settings", String::new()),
    ];
    let mut top = String::new();
    match groups.iter_mut().find(|(g, _)| *g == group) {
        Some((_, body)) => *body = member.to_string(),
        None => top = format!("{member}, "),
    }
    let inner: Vec<String> = groups
        .iter()
        .map(|(g, body)| format!("\"{g}\": {{{body}}}"))
        .collect();
    format!("{{{top}{}}}", inner.join(", "))
}

#[test]
fn the_schema_and_the_analyser_agree_on_valid_and_invalid_values() {
    // (group, member, valid?)
    let table: &[(&str, &str, bool)] = &[
        ("floor_props", "\"layout\": 0", true),
        ("floor_props", "\"layout\": 15", true),
        ("floor_props", "\"layout\": 16", false),
        ("floor_props", "\"layout\": -1", false),
        ("floor_props", "\"layout\": \"3\"", false),
        ("floor_props", "\"layout\": null", false),
        ("floor_props", "\"layout\": 1.5", false),
        ("floor_props", "\"layout\": 1.0", true),
        ("floor_props", "\"room_density\": -128", true),
        ("floor_props", "\"room_density\": -129", false),
        ("floor_props", "\"room_density\": 127", true),
        ("floor_props", "\"room_density\": 128", false),
        ("floor_props", "\"enemy_density\": -5", true),
        ("floor_props", "\"item_density\": -1", false),
        ("floor_props", "\"trap_density\": 255", true),
        ("floor_props", "\"trap_density\": 256", false),
        ("floor_props", "\"kecleon_shop_chance\": 150", true),
        ("floor_props", "\"kecleon_shop_chance\": 256", false),
        ("floor_props", "\"allow_dead_ends\": true", true),
        ("floor_props", "\"allow_dead_ends\": 1", false),
        (
            "floor_props",
            "\"room_flags\": {\"f_room_imperfections\": \"yes\"}",
            false,
        ),
        ("floor_props", "\"room_flags\": []", false),
        ("floor_props", "\"hidden_stairs_type\": 255", true),
        ("floor_props", "\"hidden_stairs_type\": 3", false),
        ("floor_props", "\"tileset\": 3", true),
        ("dungeon_data", "\"dungeon_objective\": 3", true),
        ("dungeon_data", "\"dungeon_objective\": 4", false),
        ("dungeon_data", "\"id\": 9999", true),
        ("dungeon_data", "\"nonstory_flag\": \"true\"", false),
        ("dungeon_data", "\"list_tiles\": [[null]]", true),
        (
            "dungeon_data",
            "\"mission_destination\": {\"mission_type\": 12}",
            true,
        ),
        (
            "dungeon_data",
            "\"mission_destination\": {\"mission_type\": 13}",
            false,
        ),
        (
            "dungeon_data",
            "\"mission_destination\": {\"mission_type\": 11, \"mission_subtype\": 5}",
            true,
        ),
        (
            "dungeon_data",
            "\"mission_destination\": {\"mission_type\": 11, \"mission_subtype\": 6}",
            false,
        ),
        (
            "dungeon_data",
            "\"mission_destination\": {\"mission_type\": 10, \"mission_subtype\": 7}",
            true,
        ),
        (
            "dungeon_data",
            "\"mission_destination\": {\"mission_type\": 6, \"mission_subtype\": 9}",
            true,
        ),
        ("generation_constants", "\"merge_rooms_chance\": 50", true),
        (
            "generation_constants",
            "\"merge_rooms_chance\": \"50\"",
            false,
        ),
        (
            "advanced_generation_settings",
            "\"allow_wall_maze_room_generation\": 0",
            false,
        ),
        ("", "\"seed\": 4294967295", true),
        ("", "\"seed\": 4294967296", false),
        ("", "\"$schema\": 3", false),
    ];
    let schema = schema();
    for (group, member, valid) in table {
        let text = file_with(group, member);
        let value: J = serde_json::from_str(&text).unwrap();
        let by_schema = validate(&schema, &value, "$");
        let errors: Vec<String> = DUNGEON_MYSTERY
            .open(&text, |file| DungeonMystery.diagnostics(file))
            .into_iter()
            .filter(|d| d.severity == Severity::Error)
            .map(|d| format!("{}: {}", d.code, d.message))
            .collect();
        assert_eq!(by_schema.is_ok(), *valid, "schema on {text}: {by_schema:?}");
        assert_eq!(errors.is_empty(), *valid, "analyser on {text}: {errors:?}");
    }
    // A missing required group, a group that is not an object: both reject.
    for text in [
        "{\"floor_props\": {}}",
        "{\"floor_props\": 3, \"dungeon_data\": {}}",
    ] {
        assert!(validate(&schema, &serde_json::from_str(text).unwrap(), "$").is_err());
        let errors = DUNGEON_MYSTERY.open(text, |file| DungeonMystery.diagnostics(file));
        assert!(
            errors.iter().any(|d| d.severity == Severity::Error),
            "{text}"
        );
    }
}
