//! Jupyter notebooks: JSON whose `cells[]` with `cell_type` `code` hold
//! Python in `source` (a string, or a list of strings to join). Cells are
//! numbered from 1 over every cell, as they appear in the notebook.

use super::Section;
use serde_json::Value;

/// The code cells of a notebook, numbered; none when the text is
/// not a notebook's JSON.
pub fn code_cells(text: &str) -> Vec<Section> {
    let Ok(notebook) = serde_json::from_str::<Value>(text) else {
        return Vec::new();
    };
    let Some(cells) = notebook.get("cells").and_then(Value::as_array) else {
        return Vec::new();
    };
    cells
        .iter()
        .enumerate()
        .filter(|(_, cell)| cell.get("cell_type").and_then(Value::as_str) == Some("code"))
        .filter_map(|(i, cell)| {
            let text = match cell.get("source")? {
                Value::String(s) => s.clone(),
                Value::Array(lines) => lines.iter().filter_map(Value::as_str).collect(),
                _ => return None,
            };
            Some(Section {
                cell: Some(i + 1),
                text,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests;
