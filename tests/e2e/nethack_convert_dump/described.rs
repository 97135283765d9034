//! What a `.des` level fixes, read line by line on its own (not with levls's
//! parser, so a mistake there cannot hide one in the converter): the map's
//! terrain, and the doors, stairs, ladders, features, traps and objects the
//! top-level statements after the MAP put at a literal point. Anything left
//! to chance (a `random` place, a register, a statement under IF, SWITCH,
//! LOOP or `[n%]`) is not fixed; where it may change terrain, the cells it
//! may touch are noted so that the comparison tolerates them.

use std::collections::BTreeSet;

/// One MAZE level with one MAP, and what it fixes, map-relative.
pub struct Described {
    pub name: String,
    /// The map's rows, padded with stone to the widest (as lev_comp does).
    pub map: Vec<Vec<char>>,
    /// `(x, y) → the terrain the map or a fixed statement sets there`, as
    /// the dump writes it (`+` a closed door, `l` locked, `o` open, `b`
    /// broken, `n` no door, `>` stairs or a ladder, `{` a fountain …).
    pub terrain: Vec<((usize, usize), Terrain)>,
    /// `(x, y)` of down stairs and ladders. Up ones are not compared: the
    /// judge loads a level as the dungeon's first, where the game makes no
    /// way up (`mkstairs`: no stairs off an end of the dungeon).
    pub stairs: Vec<(i64, i64)>,
    /// `(x, y, trap name)`.
    pub traps: Vec<(i64, i64, String)>,
    /// `(x, y, object name)`.
    pub objects: Vec<(i64, i64, String)>,
    /// Characters that statements left to chance may put anywhere on the map
    /// (a `STAIR: random` makes an `x` somewhere).
    pub anywhere: BTreeSet<char>,
    /// Cells that chance may change to anything (a REPLACE_TERRAIN's region;
    /// every stone cell under a MAZEWALK).
    pub loose: BTreeSet<(usize, usize)>,
}

/// What a cell must be.
#[derive(Clone, Debug, PartialEq)]
pub enum Terrain {
    Is(char),
    /// A door whose state the level leaves to chance.
    AnyDoor,
    /// Stone that WALLIFY may turn into a wall.
    StoneOrWall,
}

impl Terrain {
    pub fn admits(&self, dumped: char) -> bool {
        match self {
            Terrain::Is(c) => *c == dumped,
            Terrain::AnyDoor => "+lobn".contains(dumped),
            Terrain::StoneOrWall => " -|".contains(dumped),
        }
    }
}

/// The levels of a `.des` file that have exactly one MAP.
pub fn levels(text: &str) -> Vec<Described> {
    let mut out = Vec::new();
    for chunk in split_levels(text) {
        if let Some(level) = describe(&chunk) {
            out.push(level);
        }
    }
    out
}

/// The file's lines, one group per `MAZE:`/`LEVEL:`; only MAZE levels.
fn split_levels(text: &str) -> Vec<Vec<&str>> {
    let mut out: Vec<Vec<&str>> = Vec::new();
    let mut maze = false;
    for line in text.lines() {
        let line = line.trim_end_matches('\r');
        if let Some(kind) = header(line) {
            maze = kind == "MAZE";
            out.push(Vec::new());
        }
        if maze {
            if let Some(level) = out.last_mut() {
                level.push(line);
            }
        }
    }
    out.retain(|l| l.first().is_some_and(|h| header(h) == Some("MAZE")));
    out
}

/// `MAZE:` or `LEVEL:` (not `MAZEWALK:`).
fn header(line: &str) -> Option<&'static str> {
    ["MAZE", "LEVEL"].into_iter().find(|keyword| {
        line.strip_prefix(keyword)
            .is_some_and(|rest| rest.trim_start().starts_with(':'))
    })
}

fn describe(lines: &[&str]) -> Option<Described> {
    let name = string_args(lines[0]).into_iter().next()?;
    let maps = lines.iter().filter(|l| l.trim() == "MAP").count();
    if maps != 1 {
        return None;
    }
    let start = lines.iter().position(|l| l.trim() == "MAP")?;
    let end = start + lines[start..].iter().position(|l| l.trim() == "ENDMAP")?;
    let rows: Vec<&str> = lines[start + 1..end].to_vec();
    let width = rows.iter().map(|r| r.chars().count()).max()?;
    let map: Vec<Vec<char>> = rows
        .iter()
        .map(|r| {
            let mut row: Vec<char> = r.chars().collect();
            row.resize(width, ' ');
            row
        })
        .collect();
    let mut level = Described {
        name,
        terrain: Vec::new(),
        stairs: Vec::new(),
        traps: Vec::new(),
        objects: Vec::new(),
        anywhere: BTreeSet::new(),
        loose: BTreeSet::new(),
        map,
    };
    // INIT_MAP fills and walls the level around and under the map: its
    // stone cells are the fill's to change.
    if lines.iter().any(|l| l.starts_with("INIT_MAP")) {
        level.loose_stone();
    }
    for line in &lines[1..start] {
        level.note_chance(line.trim());
    }
    let mut depth = 0usize;
    for line in &lines[end + 1..] {
        let line = line.trim();
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        // Inside IF/SWITCH/LOOP blocks and container or monster bodies
        // nothing is fixed at the top level; their braces are on their own
        // or at the ends of lines in both dialects' real files.
        let top = depth == 0;
        depth += line.matches('{').count();
        depth = depth.saturating_sub(line.matches('}').count());
        if !top || line.starts_with('[') || line.ends_with('{') && is_control(line) {
            level.note_chance(line);
            continue;
        }
        level.read_statement(line);
    }
    level.fill_terrain();
    if lines.iter().any(|l| l.trim() == "WALLIFY") {
        for (at, terrain) in &mut level.terrain {
            if *terrain == Terrain::Is(' ') && !level.loose.contains(at) {
                *terrain = Terrain::StoneOrWall;
            }
        }
    }
    Some(level)
}

fn is_control(line: &str) -> bool {
    ["IF", "SWITCH", "LOOP", "FOR", "ELSE"]
        .iter()
        .any(|k| line.starts_with(k))
}

impl Described {
    /// A statement that fixes nothing may still change terrain somewhere.
    fn note_chance(&mut self, line: &str) {
        let (keyword, _) = split_statement(line);
        match keyword.as_str() {
            "STAIR" | "LADDER" => {
                self.anywhere.insert('>');
            }
            "FOUNTAIN" => {
                self.anywhere.insert('{');
            }
            "SINK" => {
                self.anywhere.insert('K');
            }
            "POOL" => {
                self.anywhere.insert('}');
            }
            "ALTAR" => {
                self.anywhere.insert('_');
            }
            "DOOR" | "ROOMDOOR" => {
                self.anywhere.extend("+lobn.".chars());
            }
            // A maze is carved out of the map's stone, and out of its walls
            // when the level's fill is walls (the Catacombs, `minend-3`).
            "MAZEWALK" => self.loose_where(|c| matches!(c, ' ' | '-' | '|')),
            // The cells they name, or anywhere when a selection names them.
            "TERRAIN" | "REPLACE_TERRAIN" | "DRAWBRIDGE" => {
                let args = split_statement(line).1;
                if let Some([x1, y1, x2, y2]) = args.first().and_then(|a| rect(a)) {
                    self.loose_rect(x1, y1, x2, y2);
                } else if let Some((x, y)) = args.first().and_then(|a| point(a)) {
                    // A drawbridge spans its square and the one beside it.
                    let reach = i64::from(keyword == "DRAWBRIDGE");
                    self.loose_rect(x - reach, y - reach, x + reach, y + reach);
                } else {
                    self.everything_loose();
                }
            }
            _ => {}
        }
    }

    fn loose_stone(&mut self) {
        self.loose_where(|c| c == ' ');
    }

    fn loose_where(&mut self, chance_changes: impl Fn(char) -> bool) {
        for (y, row) in self.map.iter().enumerate() {
            for (x, &c) in row.iter().enumerate() {
                if chance_changes(c) {
                    self.loose.insert((x, y));
                }
            }
        }
    }

    fn loose_rect(&mut self, x1: i64, y1: i64, x2: i64, y2: i64) {
        for y in y1.max(0)..=y2 {
            for x in x1.max(0)..=x2 {
                self.loose.insert((x as usize, y as usize));
            }
        }
    }

    fn everything_loose(&mut self) {
        for (y, row) in self.map.iter().enumerate() {
            for x in 0..row.len() {
                self.loose.insert((x, y));
            }
        }
    }

    fn read_statement(&mut self, line: &str) {
        let (keyword, args) = split_statement(line);
        let point = args.iter().find_map(|a| point(a));
        let fixed = |s: &mut Self, c: char| match point {
            Some((x, y)) => s.set(x, y, Terrain::Is(c)),
            None => {
                s.anywhere.insert(c);
            }
        };
        match keyword.as_str() {
            "DOOR" => {
                let state = args
                    .first()
                    .map(|s| s.trim().to_string())
                    .unwrap_or_default();
                match (point, state.as_str()) {
                    (Some((x, y)), "random") => self.set(x, y, Terrain::AnyDoor),
                    (Some((x, y)), state) => {
                        // A DOOR on a secret door sets its state and keeps it secret.
                        if self.cell(x, y) == Some('S') {
                            return;
                        }
                        let c = match state {
                            "locked" => 'l',
                            "open" => 'o',
                            "broken" => 'b',
                            "nodoor" => 'n',
                            _ => '+',
                        };
                        self.set(x, y, Terrain::Is(c));
                    }
                    (None, _) => self.note_chance(line),
                }
            }
            "STAIR" | "LADDER" => {
                let up = args.iter().any(|a| a.trim() == "up");
                match point {
                    Some((x, y)) if !line.contains("levregion") && args.len() == 2 => {
                        if up {
                            if let (Ok(x), Ok(y)) = (usize::try_from(x), usize::try_from(y)) {
                                self.loose.insert((x, y));
                            }
                        } else {
                            self.stairs.push((x, y));
                            self.set(x, y, Terrain::Is('>'));
                        }
                    }
                    _ => self.note_chance(line),
                }
            }
            "FOUNTAIN" => fixed(self, '{'),
            "SINK" => fixed(self, 'K'),
            "POOL" => fixed(self, '}'),
            "ALTAR" => fixed(self, '_'),
            "TRAP" => {
                if let (Some(name), Some((x, y))) = (string_args(line).first(), point) {
                    self.traps.push((x, y, name.clone()));
                }
            }
            "OBJECT" | "CONTAINER" => {
                // `('c',"name"),(x,y)`, `'c',"name",(x,y)` or `"name",(x,y)`:
                // the name is the first string, the place the first point.
                if let (Some(name), Some((x, y))) = (string_args(line).first(), point) {
                    if name.chars().count() > 1 {
                        self.objects.push((x, y, name.clone()));
                    }
                }
            }
            "GOLD" => {
                if let Some((x, y)) = point {
                    self.objects.push((x, y, "gold piece".to_string()));
                }
            }
            "TERRAIN" => match (point, args.get(1).and_then(|a| char_arg(a))) {
                (Some((x, y)), Some(c)) => self.set(x, y, Terrain::Is(c)),
                _ => self.note_chance(line),
            },
            "REPLACE_TERRAIN" | "DRAWBRIDGE" | "MAZEWALK" => self.note_chance(line),
            _ => {}
        }
    }

    fn cell(&self, x: i64, y: i64) -> Option<char> {
        let row = self.map.get(usize::try_from(y).ok()?)?;
        row.get(usize::try_from(x).ok()?).copied()
    }

    /// Sets a map cell (a point outside the map is no cell of it).
    fn set(&mut self, x: i64, y: i64, terrain: Terrain) {
        if self.cell(x, y).is_none() {
            return;
        }
        if let (Ok(x), Ok(y)) = (usize::try_from(x), usize::try_from(y)) {
            self.terrain.retain(|(at, _)| *at != (x, y));
            self.terrain.push(((x, y), terrain));
        }
    }

    /// Every map cell a statement did not set: the map's own character, as
    /// the dump writes it (a map `+` is a door whose state is random unless
    /// a DOOR statement said).
    fn fill_terrain(&mut self) {
        for (y, row) in self.map.iter().enumerate() {
            for (x, &c) in row.iter().enumerate() {
                if self.terrain.iter().any(|(at, _)| *at == (x, y)) {
                    continue;
                }
                let terrain = match c {
                    '+' => Terrain::AnyDoor,
                    // A 3.6 map's `x` keeps what was there.
                    'x' => {
                        self.loose.insert((x, y));
                        continue;
                    }
                    // The boundary crosswall is a wall the dump draws `-`.
                    'B' => Terrain::Is('-'),
                    c => Terrain::Is(c),
                };
                self.terrain.push(((x, y), terrain));
            }
        }
        self.terrain.sort_by_key(|((x, y), _)| (*y, *x));
    }
}

/// `KEYWORD: a, b, …` → the keyword and the arguments split at top-level commas.
fn split_statement(line: &str) -> (String, Vec<String>) {
    let Some((keyword, rest)) = line.split_once(':') else {
        return (line.trim().to_string(), Vec::new());
    };
    let mut args = Vec::new();
    let (mut depth, mut quoted, mut current) = (0i32, None::<char>, String::new());
    for c in rest.chars() {
        match (quoted, c) {
            (Some(q), c) if c == q => quoted = None,
            (Some(_), _) => {}
            (None, '"' | '\'') => quoted = Some(c),
            (None, '(') => depth += 1,
            (None, ')') => depth -= 1,
            (None, ',') if depth == 0 => {
                args.push(std::mem::take(&mut current));
                continue;
            }
            (None, '#') => break,
            _ => {}
        }
        current.push(c);
    }
    args.push(current);
    (keyword.trim().to_string(), args)
}

/// `(x, y)` with two literal numbers.
fn point(arg: &str) -> Option<(i64, i64)> {
    let inner = arg.trim().strip_prefix('(')?.strip_suffix(')')?;
    let (x, y) = inner.split_once(',')?;
    Some((x.trim().parse().ok()?, y.trim().parse().ok()?))
}

/// `(x1, y1, x2, y2)` with four literal numbers.
fn rect(arg: &str) -> Option<[i64; 4]> {
    let inner = arg.trim().strip_prefix('(')?.strip_suffix(')')?;
    let numbers: Vec<i64> = inner
        .split(',')
        .map(|n| n.trim().parse().ok())
        .collect::<Option<_>>()?;
    numbers.try_into().ok()
}

/// `'c'`.
fn char_arg(arg: &str) -> Option<char> {
    let inner = arg.trim().strip_prefix('\'')?.strip_suffix('\'')?;
    let mut chars = inner.chars();
    let c = chars.next()?;
    chars.next().is_none().then_some(c)
}

/// The double-quoted strings of a line, in order.
fn string_args(line: &str) -> Vec<String> {
    // The amulet class `'"'` is a character, not a quote.
    line.replace("'\"'", "'?'")
        .split('"')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}
