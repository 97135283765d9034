//! The bench's inputs, generated deterministically: every run measures the
//! same bytes. Each format has a realistic size and 1 MB / 10 MB extremes.

use levls::formats::{self, Format};

/// One generated document.
pub struct Input {
    pub format: &'static dyn Format,
    /// What it is, for the table: `1 MB`, `128×128 map, 2,000 items`.
    pub label: String,
    /// A path whose extension selects the format (for `levls check` and the URI).
    pub file_name: &'static str,
    pub language_id: &'static str,
    pub text: String,
}

/// Each format's name, file name and languageId.
pub const FORMATS: [(&str, &str, &str); 5] = [
    ("derf", "library.derf", "derf"),
    ("frupal", "kingdom.fmap", "frupal"),
    ("wuas", "board.dat", "wuas"),
    ("nethack", "dungeon.des", "nethack-des"),
    (
        "dungeon-mystery",
        "floor.dungeoneer.json",
        "dungeon-mystery",
    ),
];

/// About `bytes` bytes of `format`.
pub fn sized(format: &str, bytes: usize) -> Input {
    let text = match format {
        "derf" => derf_room(bytes),
        "frupal" => frupal_map_of(bytes),
        "wuas" => wuas_board(bytes / 30_000 + 1, 30),
        "nethack" => nethack_file(bytes),
        "dungeon-mystery" => dungeon_mystery(bytes),
        _ => unreachable!("{format}"),
    };
    input(format, format!("{:.0} MB", text.len() as f64 / 1e6), text)
}

/// The realistic size of each format: what an author really writes.
pub fn realistic(format: &str) -> Input {
    let (label, text) = match format {
        "derf" => ("a 40-line room".to_string(), derf_room(2_000)),
        "frupal" => (
            "128×128 map, 2,000 items".to_string(),
            frupal_map(128, 2_000),
        ),
        "wuas" => ("10 floors of 30×30".to_string(), wuas_board(10, 30)),
        "nethack" => ("a 12-level file".to_string(), nethack_file(12 * 2_600)),
        "dungeon-mystery" => ("the Dungeoneer export".to_string(), dungeon_mystery(0)),
        _ => unreachable!("{format}"),
    };
    input(format, label, text)
}

fn input(format: &str, label: String, text: String) -> Input {
    let (_, file_name, language_id) = FORMATS.iter().find(|f| f.0 == format).unwrap();
    Input {
        format: formats::by_name(format).unwrap(),
        label,
        file_name,
        language_id,
        text,
    }
}

/// A simple deterministic generator, so every run edits the same places.
pub struct Lcg(pub u64);
impl Lcg {
    pub fn next(&mut self, bound: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % bound
    }
}

/// A room of about `bytes` bytes: a long description, flags, many containers.
pub fn derf_room(bytes: usize) -> String {
    let mut text = String::from("DERF:0.1.0\nThe Endless Library\nShelves beyond counting.\n");
    let mut i = 0;
    while text.len() < bytes / 2 {
        text.push_str(&format!(
            "Shelf {i}: dusty tomes about dragons, é-accented margins and 🐉 doodles.\n"
        ));
        i += 1;
    }
    text.push_str("Flags: +north_exit +south_exit +monster_spawn +goblin_monster\nContainers:");
    let mut lines = String::new();
    let mut n = 0;
    while text.len() + lines.len() < bytes {
        text.push_str(" chest");
        n += 1;
        lines.push_str(&format!("chest{n}:ancient scroll number {n}\n"));
    }
    text.push('\n');
    text + &lines
}

/// A Frupal map of about `bytes`: a square grid with as many items as bytes of grid.
fn frupal_map_of(bytes: usize) -> String {
    let side = ((bytes / 2) as f64).sqrt() as usize;
    frupal_map(side, bytes / 2 / 36)
}

/// A `size`×`size` map: meadow with wall and water bands, the start, the
/// diamonds in the far corner and `items` items on distinct meadow cells.
pub fn frupal_map(size: usize, items: usize) -> String {
    let terrain = |x: usize, y: usize| match (x % 17, y % 23) {
        (5, _) if !y.is_multiple_of(5) => '=',
        (_, 11) if !x.is_multiple_of(7) => '~',
        (9, _) => '"',
        _ => '.',
    };
    let last = size - 1;
    let mut text = format!("Frupal_Kingdom:\nterrain: {size} {size}\n");
    for y in 0..size {
        text.extend((0..size).map(|x| terrain(x, y)));
        text.push('\n');
    }
    text.push_str(&format!("start: 0 0\ndiamonds: {last} {last}\n"));
    let mut placed = 0;
    let mut cell = 1;
    while placed < items && cell < size * size {
        let (x, y) = (cell % size, cell / size);
        cell += 7;
        if terrain(x, y) != '.' || (x, y) == (last, last) {
            continue;
        }
        let line = match placed % 4 {
            0 => format!(
                "treasure: {x} {y} {} A bag of whiffles.\n",
                1 + placed % 900
            ),
            1 => format!("food: {x} {y} 3 {} Bread.\n", 1 + placed % 90),
            2 => format!(
                "obstacle: {x} {y} boulders {} A boulder.\n",
                1 + placed % 50
            ),
            _ => format!(
                "tool: {x} {y} hammers 1 boulders 2 {} A hammer.\n",
                1 + placed % 99
            ),
        };
        text.push_str(&line);
        placed += 1;
    }
    text
}

/// A version-5 board: `floors` floors of `size`×`size` boxes, 10 wide, a few
/// tokens and attributes.
pub fn wuas_board(floors: usize, size: usize) -> String {
    let border = format!("+{}\n", "----------+".repeat(size));
    let mut text = String::from("# bench\n\n5\ntitle: bench\n\n");
    for f in 0..floors {
        text.push_str(&format!("floor={f}\n{border}"));
        for y in 0..size {
            let spaces: String = (0..size)
                .map(|x| {
                    if (x + y) % 7 == 0 {
                        "| sky!     "
                    } else {
                        "| sky      "
                    }
                })
                .collect();
            let tokens: String = (0..size)
                .map(|x| {
                    if (x * y) % 11 == 1 {
                        "| ab       "
                    } else {
                        "|          "
                    }
                })
                .collect();
            text.push_str(&format!("{spaces}|\n{tokens}|\n{border}"));
        }
        text.push('\n');
    }
    text.push_str("\na cake nil 10 12\nb coin nil 8 8\nc star nil 4 4\n\n! isfloor\n\n");
    text
}

/// The line of the token row `y` of floor `f` in [`wuas_board`] (size 30).
pub fn wuas_token_line(f: usize, y: usize, size: usize) -> usize {
    6 + f * (2 + 3 * size + 1) + 1 + 3 * y + 1
}

/// One MAZE level of about 2.6 KB: a walled 76×21 map with doors, water
/// and trees, registers and a few dozen details.
pub fn nethack_level(n: usize) -> String {
    let mut text = format!(
        "# level {n}\nMAZE: \"b{n:04}\", ' '\nFLAGS: noteleport\nGEOMETRY: center, center\nMAP\n"
    );
    for y in 0..21 {
        let row: String = (0..76)
            .map(|x| match (x, y) {
                (0 | 75, _) => '|',
                (_, 0 | 20) => '-',
                (37, 10) => '+',
                _ if (x + y * 3) % 29 == 0 => '}',
                _ if (x * 7 + y) % 31 == 0 => 'T',
                _ => '.',
            })
            .collect();
        text.push_str(&row);
        text.push('\n');
    }
    text.push_str("ENDMAP\nRANDOM_PLACES: (5,5), (10,10), (20,15)\nRANDOM_MONSTERS: 'd', 'o'\n");
    text.push_str("REGION: (0,0,75,20), lit, \"ordinary\"\nDOOR: locked, (37,10)\n");
    for i in 0..24 {
        let (x, y) = (2 + (i * 3 + n) % 70, 2 + (i * 5 + n) % 17);
        text.push_str(&match i % 4 {
            0 => format!("MONSTER: 'd', \"jackal\", ({x},{y}), hostile\n"),
            1 => format!("OBJECT: '(', \"chest\", ({x},{y})\n"),
            2 => format!("TRAP: \"arrow\", ({x},{y})\n"),
            _ => format!("MONSTER: monster[1], random, place[{}]\n", i % 3),
        });
    }
    text
}

/// Levels of [`nethack_level`] up to `bytes`.
pub fn nethack_file(bytes: usize) -> String {
    let mut text = String::new();
    let mut n = 0;
    while text.len() < bytes {
        text.push_str(&nethack_level(n));
        n += 1;
    }
    text
}

/// The Dungeoneer demo's settings export (the real corpus file), its
/// `list_tiles` grid grown with rows of fixed-room tiles to about `bytes`.
pub fn dungeon_mystery(bytes: usize) -> String {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../shared/corpus/dungeon-mystery/dungeoneer/dungeoneer-settings.default-export.json"
    );
    let real = std::fs::read_to_string(path).expect("the dungeon-mystery corpus");
    if bytes <= real.len() {
        return real;
    }
    let marker = "\"list_tiles\": [";
    let at = real.find(marker).expect("list_tiles in the export") + marker.len();
    let row = format!("\n      [{}],", vec!["null"; 32].join(", "));
    let rows = (bytes - real.len()) / row.len() + 1;
    let mut text = String::with_capacity(bytes + row.len());
    text.push_str(&real[..at]);
    for _ in 0..rows {
        text.push_str(&row);
    }
    text.push_str(&real[at..]);
    text
}

/// One edit as an editor sends it: on one line, from `start` to `end`
/// (columns; every edit here is in an ASCII stretch, so bytes = UTF-16 units).
pub struct Keystroke {
    pub line: u32,
    pub start: u32,
    pub end: u32,
    pub text: &'static str,
}

/// `n` one-character edits at random places of `input`, each a thing an
/// author types there. None adds or removes a line, so all stay valid in turn.
pub fn keystrokes(input: &Input, n: usize, seed: u64) -> Vec<Keystroke> {
    let lines: Vec<&str> = input.text.lines().collect();
    let mut rng = Lcg(seed);
    let starting = |prefix: &str| -> Vec<u32> {
        lines
            .iter()
            .enumerate()
            .filter(|(_, l)| l.starts_with(prefix))
            .map(|(i, _)| i as u32)
            .collect()
    };
    let insert = |line: u32, at: u32, text| Keystroke {
        line,
        start: at,
        end: at,
        text,
    };
    let replace = |line: u32, at: u32, len: u32, text| Keystroke {
        line,
        start: at,
        end: at + len,
        text,
    };
    let pick = |rng: &mut Lcg, of: &[u32]| of[rng.next(of.len())];
    match input.format.name() {
        "derf" => {
            // A letter at the start of a description or container line.
            (0..n)
                .map(|_| insert(3 + rng.next(lines.len() - 4) as u32, 0, "x"))
                .collect()
        }
        "frupal" => {
            let side = lines[2].len() as u32;
            let items: Vec<u32> = starting("treasure:")
                .into_iter()
                .chain(starting("food:"))
                .collect();
            (0..n)
                .map(|i| {
                    if i % 2 == 0 {
                        // One meadow cell to swamp and back.
                        let row = 2 + rng.next(side as usize) as u32;
                        let col = 1 + 17 * rng.next((side / 17) as usize) as u32;
                        replace(row, col, 1, if i % 4 == 0 { "\"" } else { "." })
                    } else {
                        // A letter typed at the end of an item's description.
                        let line = pick(&mut rng, &items);
                        insert(line, lines[line as usize].len() as u32, "s")
                    }
                })
                .collect()
        }
        "wuas" => {
            let floors = starting("floor=").len();
            (0..n)
                .map(|i| {
                    // Retype the token of a random cell.
                    let (f, y, x) = (rng.next(floors), rng.next(30), rng.next(30));
                    let line = wuas_token_line(f, y, 30) as u32;
                    replace(line, (11 * x + 2) as u32, 1, ["a", "b", "c"][i % 3])
                })
                .collect()
        }
        "nethack" => {
            let maps = starting("MAP");
            (0..n)
                .map(|i| {
                    let map = pick(&mut rng, &maps);
                    if i % 2 == 0 {
                        // One floor cell to a tree and back.
                        let row = map + 2 + rng.next(18) as u32;
                        let col = 2 + rng.next(70) as u32;
                        replace(row, col, 1, if i % 4 == 0 { "T" } else { "." })
                    } else {
                        // The level's door: `locked` ↔ `closed`.
                        let word = if i % 4 == 1 { "closed" } else { "locked" };
                        replace(map + 26, 6, 6, word)
                    }
                })
                .collect()
        }
        "dungeon-mystery" => {
            let rows = starting("      [null");
            let values = starting("    \"");
            (0..n)
                .map(|i| {
                    if i % 2 == 0 && !rows.is_empty() {
                        // A space after the first value of a tile row.
                        insert(pick(&mut rng, &rows), 12, " ")
                    } else {
                        // A letter typed at the end of a key's line.
                        let line = pick(&mut rng, &values);
                        insert(line, lines[line as usize].len() as u32, " ")
                    }
                })
                .collect()
        }
        other => unreachable!("{other}"),
    }
}

/// `text` with `edits` applied in turn (the bench's replica of the document).
pub fn apply(text: &str, edits: &[Keystroke]) -> String {
    let mut lines: Vec<String> = text.split('\n').map(String::from).collect();
    for e in edits {
        let line = &mut lines[e.line as usize];
        let start = (e.start as usize).min(line.len());
        let end = (e.end as usize).min(line.len());
        line.replace_range(start..end, e.text);
    }
    lines.join("\n")
}

/// The shapes of NetHack input that once took `levls check` seconds to
/// minutes (figure 9), each about `scale` units long: a line of commas, one
/// long line of short tokens, of `[`, of `(`, a 1 MB message, comment lines,
/// garbage lines, a MAP line that is no map row.
pub const NETHACK_SHAPES: [&str; 8] = [
    "a line of commas",
    "a line of `M,`",
    "a line of `[,`",
    "a line of `(`",
    "a message string",
    "comment lines",
    "garbage lines",
    "a map row ending in `Q`",
];

/// `shape` (one of [`NETHACK_SHAPES`]) at `n` units, after a level header.
pub fn nethack_shape(shape: &str, n: usize) -> Input {
    let body = match shape {
        "a line of commas" => ",".repeat(n) + "\n",
        "a line of `M,`" => "M,".repeat(n / 2) + "\n",
        "a line of `[,`" => "[,".repeat(n / 2) + "\n",
        "a line of `(`" => "(".repeat(n) + "\n",
        "a message string" => format!("MESSAGE:\"{}\"\n", "a".repeat(n)),
        "comment lines" => "# comment\n".repeat(n / 10),
        "garbage lines" => "MONSTER:'a',\"x\",(1,1))\n".repeat(n / 24),
        // lev_comp's map-row rule fails at every dot of it (check/limits/scanner.rs).
        "a map row ending in `Q`" => {
            format!("GEOMETRY:center,center\nMAP\n{}Q\nENDMAP\n", ".".repeat(n))
        }
        _ => unreachable!("{shape}"),
    };
    let text = format!("MAZE:\"x\",' '\n{body}");
    input("nethack", shape.to_string(), text)
}
