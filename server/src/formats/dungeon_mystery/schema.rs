//! The JSON Schema (draft 2020-12) of the format, generated from the vocabulary table, so other
//! JSON tools check what levls checks. Committed as `docs/formats/dungeon-mystery.schema.json`
//! (a test fails when the file and [`schema`] differ; `UPDATE_EXPECT=1` rewrites it).
//!
//! It holds what levls reports as errors (types, whole numbers, enum codes, ranges, required
//! groups); warnings (unknown keys, saturating chances, section 7) are left to the analyser,
//! so unknown keys are allowed.

use super::vocabulary::{self as v, Field, Role, Ty, Value};
use serde_json::{json, Map, Value as J};

pub const ID: &str = "https://levls.invalid/formats/dungeon-mystery.schema.json";

pub fn schema() -> J {
    let mut root = object(&v::TOP);
    let obj = root.as_object_mut().expect("an object");
    let mut head = Map::new();
    head.insert(
        "$schema".into(),
        json!("https://json-schema.org/draft/2020-12/schema"),
    );
    head.insert("$id".into(), json!(ID));
    head.insert(
        "title".into(),
        json!("dungeon-mystery floor parameters (Pokémon Dungeoneer settings file)"),
    );
    head.insert(
        "description".into(),
        json!("Generated from levls's vocabulary table (server/src/formats/dungeon_mystery/vocabulary.rs); see docs/formats/dungeon-mystery.md."),
    );
    head.append(obj);
    // The mission subtype's codes depend on the mission type.
    let md = head
        .get_mut("properties")
        .and_then(|p| p.get_mut("dungeon_data"))
        .and_then(|d| d.get_mut("properties"))
        .and_then(|p| p.get_mut("mission_destination"))
        .and_then(J::as_object_mut)
        .expect("mission_destination is in the table");
    let rules: Vec<J> = (0..=12)
        .filter_map(|t| v::mission_subtypes(t).map(|codes| (t, codes)))
        .map(|(t, codes)| {
            json!({
                "if": {"properties": {"mission_type": {"const": t}}, "required": ["mission_type"]},
                "then": {"properties": {"mission_subtype": enumeration(codes)}}
            })
        })
        .collect();
    md.insert("allOf".into(), J::Array(rules));
    J::Object(head)
}

fn enumeration(codes: &[v::Code]) -> J {
    json!({
        "enum": codes.iter().map(|c| c.code).collect::<Vec<_>>(),
        "x-enumNames": codes.iter().map(|c| c.name).collect::<Vec<_>>(),
        "x-enumDescriptions": codes.iter().map(|c| c.meaning).collect::<Vec<_>>(),
    })
}

fn object(fields: &[Field]) -> J {
    let mut properties = Map::new();
    for f in fields {
        properties.insert(f.key.into(), field(f));
    }
    let required: Vec<&str> = fields
        .iter()
        .filter(|f| f.required)
        .map(|f| f.key)
        .collect();
    let mut out = json!({"type": "object", "properties": properties});
    if !required.is_empty() {
        out["required"] = json!(required);
    }
    out
}

fn field(f: &Field) -> J {
    let mut out = match f.ty {
        Ty::Object(inner) => object(inner),
        Ty::Integer => json!({"type": "integer"}),
        Ty::Boolean => json!({"type": "boolean"}),
        Ty::String => json!({"type": "string"}),
        Ty::Output => json!({}),
    };
    let o = out.as_object_mut().expect("an object");
    o.insert("description".into(), json!(f.doc));
    if !f.codes.is_empty() {
        if let J::Object(e) = enumeration(f.codes) {
            o.extend(e);
        }
    }
    if let Some((lo, hi)) = f.range {
        o.insert("minimum".into(), json!(lo));
        o.insert("maximum".into(), json!(hi));
    }
    if f.chance {
        o.insert("x-percentage".into(), json!(true));
    }
    if !matches!(f.default, Value::None | Value::Object) {
        o.insert(
            "default".into(),
            serde_json::from_str(&f.default.json()).expect("JSON"),
        );
        o.insert(
            "x-dungeoneerDefault".into(),
            serde_json::from_str(&f.demo.json()).expect("JSON"),
        );
    }
    match f.role {
        Role::Unused => {
            o.insert("x-unused".into(), json!(true));
        }
        Role::Output => {
            o.insert("readOnly".into(), json!(true));
        }
        Role::Extra | Role::Input => {}
    }
    out
}

#[cfg(test)]
mod tests;
