//! The terrain grid: H rows of W characters from `. = " ~` right after the
//! `terrain:` line (F12). Trailing blanks after the W characters are fine.

use super::{edit, REFUSED};
use crate::formats::frupal::model::Model;
use crate::formats::frupal::vocabulary::{element, Terrain};
use crate::formats::{Diagnostic, Severity};
use Severity::Error;

pub fn check(model: &Model, out: &mut Vec<Diagnostic>) {
    let text = model.text;
    let map = &model.map;
    let Some(grid) = &map.terrain else { return };
    let terrain_line = &map.elements[grid.element];
    for (y, &line) in grid.rows.iter().enumerate() {
        let span = map.lines[line].clone();
        let row = &text[span.clone()];
        check_row(row, span.start, y, grid.width, grid.height, out);
    }
    if grid.rows.len() < grid.height {
        let last = grid.rows.len();
        out.push(Diagnostic::new(
            Error,
            "frupal::missing-rows",
            terrain_line.span.clone(),
            format!(
                "`terrain:` promises {} rows but the file ends after {last}; {REFUSED}",
                grid.height
            ),
        ));
    }
}

fn check_row(
    row: &str,
    start: usize,
    y: usize,
    width: usize,
    height: usize,
    out: &mut Vec<Diagnostic>,
) {
    let whole = start..start + row.len();
    if row.trim().is_empty() {
        out.push(Diagnostic::new(
            Error,
            "frupal::gap-in-terrain",
            whole.clone(),
            format!("row {y} of the terrain is blank: no blank lines may stand inside the grid ({height} rows follow `terrain:` directly); {REFUSED}"),
        ));
        return;
    }
    if row.starts_with('#') {
        out.push(Diagnostic::new(
            Error,
            "frupal::gap-in-terrain",
            whole.clone(),
            format!("row {y} of the terrain is a comment: no comments may stand inside the grid; {REFUSED}"),
        ));
        return;
    }
    let first_word = row.split_whitespace().next().unwrap_or("");
    if first_word.ends_with(':') && element(first_word).is_some() {
        out.push(Diagnostic::new(
            Error,
            "frupal::missing-rows",
            whole.clone(),
            format!("this line is read as terrain row {y}: `terrain:` promises {height} rows but fewer were written; {REFUSED}"),
        ));
        return;
    }
    let chars: Vec<(usize, char)> = row.char_indices().collect();
    for &(i, c) in chars.iter().take(width) {
        if Terrain::from_char(c).is_some() {
            continue;
        }
        let what = match c {
            ' ' => "a space".to_string(),
            '\t' => "a tab".to_string(),
            c => format!("`{c}`"),
        };
        let at = start + i..start + i + c.len_utf8();
        out.push(Diagnostic::new(
            Error,
            "frupal::bad-terrain-char",
            at,
            format!("{what} at column {i} of terrain row {y}: terrain is `.` meadow, `=` wall, `\"` swamp or `~` water; {REFUSED}"),
        ));
    }
    if chars.len() < width {
        let missing = width - chars.len();
        out.push(
            Diagnostic::new(
                Error,
                "frupal::row-length",
                whole.clone(),
                format!(
                    "terrain row {y} has {} of {width} characters; {REFUSED}",
                    chars.len()
                ),
            )
            .with_fix(
                format!("Pad the row with {missing} meadow `.`"),
                edit(whole.end..whole.end, ".".repeat(missing)),
                false,
            ),
        );
        return;
    }
    let rest_start = chars.get(width).map_or(row.len(), |&(i, _)| i);
    let rest = &row[rest_start..];
    let extra = rest.trim_end();
    if !extra.is_empty() {
        // F12: the game drops extra characters silently; the spec says exactly W.
        let span = start + rest_start..start + rest_start + extra.len();
        out.push(
            Diagnostic::new(
                Error,
                "frupal::row-length",
                span.clone(),
                format!("terrain row {y} is longer than the width {width}: the game ignores `{extra}`, the spec allows exactly {width} characters"),
            )
            .with_fix(format!("Trim the row to {width} characters"), edit(span.start..whole.end, ""), true),
        );
    }
}
