use super::*;

fn cells(text: &str) -> Vec<(Option<usize>, String)> {
    code_cells(text)
        .into_iter()
        .map(|s| (s.cell, s.text))
        .collect()
}

#[test]
fn code_cells_are_numbered_among_all_cells_and_sources_joined() {
    let notebook = r##"{"cells": [
        {"cell_type": "markdown", "source": ["# Title\n"]},
        {"cell_type": "code", "source": ["import minihack\n", "x = 1\n"]},
        {"cell_type": "code", "source": "des_file = 1"},
        {"cell_type": "raw", "source": "MAZE"}
    ], "nbformat": 4}"##;
    assert_eq!(
        cells(notebook),
        [
            (Some(2), "import minihack\nx = 1\n".into()),
            (Some(3), "des_file = 1".into()),
        ]
    );
}

#[test]
fn what_is_no_notebook_has_no_cells() {
    assert!(cells("not json").is_empty());
    assert!(cells("{\"cells\": 3}").is_empty());
    assert!(cells("[]").is_empty());
}
