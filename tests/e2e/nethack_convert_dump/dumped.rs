//! What the real game built from a converted level: the lines the dumper
//! (`tests/e2e/oracle/dump-level.lua`, appended to the script) wrote, and
//! how they compare with what the `.des` fixes.

use super::described::Described;

/// The dump of one level, map-relative.
#[derive(Default)]
pub struct Dumped {
    pub rows: Vec<Vec<char>>,
    /// `(x, y, up)`.
    pub stairs: Vec<(i64, i64, bool)>,
    pub traps: Vec<(i64, i64, String)>,
    pub objects: Vec<(i64, i64, String)>,
}

/// The dumper's lines (`levls-row 3 |..+..|`, `levls-trap 4 5 hole`, …) of
/// one level.
pub fn read(lines: &[String]) -> Dumped {
    let mut dumped = Dumped::default();
    for line in lines {
        let Some((kind, rest)) = line.split_once(' ') else {
            continue;
        };
        let mut cells = rest.splitn(3, ' ');
        let (Some(a), Some(b)) = (cells.next(), cells.next()) else {
            continue;
        };
        let third = cells.next().unwrap_or("").to_string();
        match kind {
            "levls-row" => {
                // `levls-row 3 ` then the row, trailing stone included.
                let row = rest.split_once(' ').map_or("", |(_, r)| r);
                dumped.rows.push(row.chars().collect());
            }
            "levls-stair" | "levls-trap" | "levls-object" => {
                let (Ok(x), Ok(y)) = (a.parse(), b.parse()) else {
                    continue;
                };
                match kind {
                    "levls-stair" => dumped.stairs.push((x, y, third == "up")),
                    "levls-trap" => dumped.traps.push((x, y, third)),
                    _ => dumped.objects.push((x, y, third)),
                }
            }
            _ => {}
        }
    }
    dumped
}

/// How one level compares: cells and things checked, and every difference.
#[derive(Default)]
pub struct Comparison {
    pub cells: usize,
    pub things: usize,
    pub differences: Vec<String>,
}

pub fn compare(described: &Described, dumped: &Dumped) -> Comparison {
    let mut out = Comparison::default();
    if dumped.rows.len() != described.map.len() {
        out.differences.push(format!(
            "the dump has {} rows, the map {}",
            dumped.rows.len(),
            described.map.len()
        ));
        return out;
    }
    for ((x, y), terrain) in &described.terrain {
        if described.loose.contains(&(*x, *y)) {
            continue;
        }
        let got = dumped.rows[*y].get(*x).copied().unwrap_or(' ');
        out.cells += 1;
        if terrain.admits(got) {
            continue;
        }
        // Chance may have put this there (a random stair on a floor cell).
        if described.anywhere.contains(&got) {
            continue;
        }
        out.differences.push(format!(
            "({x},{y}): the .des makes {terrain:?}, the game built `{got}`"
        ));
    }
    for &(x, y) in &described.stairs {
        out.things += 1;
        if !dumped.stairs.contains(&(x, y, false)) {
            out.differences.push(format!(
                "({x},{y}): the .des has stairs down there, the game: {:?}",
                dumped.stairs
            ));
        }
    }
    let things = [
        ("trap", &described.traps, &dumped.traps),
        ("object", &described.objects, &dumped.objects),
    ];
    for (what, wanted, built) in things {
        for (x, y, name) in wanted {
            // A trap goes only where the terrain takes one: not on a cell
            // chance may have made water, a cloud or a wall.
            let cell = (usize::try_from(*x), usize::try_from(*y));
            if let (Ok(cx), Ok(cy), "trap") = (cell.0, cell.1, what) {
                if described.loose.contains(&(cx, cy)) {
                    continue;
                }
            }
            out.things += 1;
            let here: Vec<&str> = built
                .iter()
                .filter(|(bx, by, _)| (bx, by) == (x, y))
                .map(|(_, _, n)| n.as_str())
                .collect();
            if !here.iter().any(|n| same_name(n, name)) {
                out.differences.push(format!(
                    "({x},{y}): the .des puts the {what} \"{name}\" there, the game: {here:?}"
                ));
            }
        }
    }
    out
}

/// The game's name of a thing and the `.des`'s: 3.6 spells a few traps
/// shorter than the 5.0 trap table (`board` is the squeaky board).
fn same_name(built: &str, written: &str) -> bool {
    built.eq_ignore_ascii_case(written)
        || built.ends_with(&format!(" {written}"))
        || written.ends_with(&format!(" {built}"))
}
