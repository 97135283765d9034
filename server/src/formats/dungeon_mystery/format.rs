//! Document formatting: serde_json's pretty printer (two-space indent, key
//! order kept by its `preserve_order` feature). Only a file it can reproduce
//! exactly is formatted: a syntax error, a comment, a repeated key (the
//! printer would keep one) or a number it would spell differently (`1e5`,
//! a huge integer) leaves the file alone.

use crate::formats::{Edit, SourceFile};
use tree_sitter::Node;

pub fn format(file: &SourceFile) -> Option<Vec<Edit>> {
    if !reproducible(file.tree.root_node(), file.text) {
        return None;
    }
    let value: serde_json::Value = serde_json::from_str(file.text).ok()?;
    let mut pretty = serde_json::to_string_pretty(&value).ok()?;
    pretty.push('\n');
    if pretty == file.text {
        return Some(Vec::new());
    }
    Some(vec![Edit {
        range: 0..file.text.len(),
        new_text: pretty,
    }])
}

/// Whether printing the parsed value gives back every key and number as written.
fn reproducible(node: Node, text: &str) -> bool {
    if node.is_error() || node.is_missing() || node.kind() == "comment" {
        return false;
    }
    match node.kind() {
        "number" => {
            let written = &text[node.byte_range()];
            let read = serde_json::from_str::<serde_json::Number>(written).ok();
            if read.map(|n| n.to_string()).as_deref() != Some(written) {
                return false;
            }
        }
        "object" => {
            let mut cursor = node.walk();
            let keys: Vec<&str> = node
                .named_children(&mut cursor)
                .filter_map(|pair| pair.child_by_field_name("key"))
                .map(|key| &text[key.byte_range()])
                .collect();
            if (1..keys.len()).any(|i| keys[..i].contains(&keys[i])) {
                return false;
            }
        }
        _ => {}
    }
    let mut cursor = node.walk();
    let all_reproducible = node
        .children(&mut cursor)
        .all(|child| reproducible(child, text));
    all_reproducible
}

#[cfg(test)]
mod tests;
