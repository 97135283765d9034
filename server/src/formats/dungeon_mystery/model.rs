//! What the cursor is on: the member at an offset, with its path from the top.

use super::syntax::{Json, Kind, Member};
use super::vocabulary::{self as v, Code, Field};

/// The part of a member under the cursor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    Key,
    Value,
}

/// The innermost member whose key or (scalar) value holds `offset`, and its path.
pub fn member_at(root: &Json, offset: usize) -> Option<(Vec<&str>, &Member, Part)> {
    let mut path = Vec::new();
    let mut node = root;
    'descend: loop {
        for m in node.members() {
            if m.key_span.start <= offset && offset <= m.key_span.end {
                path.push(m.key.as_str());
                return Some((path, m, Part::Key));
            }
            if m.value.span.start <= offset && offset <= m.value.span.end {
                path.push(m.key.as_str());
                if matches!(m.value.kind, Kind::Object(_)) {
                    node = &m.value;
                    continue 'descend;
                }
                return Some((path, m, Part::Value));
            }
        }
        return None;
    }
}

/// The enumeration entry a whole-number value names, if its field is an enumeration
/// (`mission_subtype`'s codes depend on the sibling `mission_type`).
pub fn code_of(root: &Json, path: &[&str], value: &Json) -> Option<&'static Code> {
    let n = value.as_int()?;
    codes_for(root, path)?.iter().find(|c| c.code == n)
}

/// The codes a field takes, given the rest of the file.
pub fn codes_for(root: &Json, path: &[&str]) -> Option<&'static [Code]> {
    if path == ["dungeon_data", "mission_destination", "mission_subtype"] {
        let ty = root
            .get("dungeon_data")
            .and_then(|d| d.get("mission_destination"))
            .and_then(|m| m.get("mission_type"))
            .and_then(Json::as_int)
            .unwrap_or(0);
        return v::mission_subtypes(ty);
    }
    let field: &Field = v::field_at(path)?;
    (!field.codes.is_empty()).then_some(field.codes)
}
