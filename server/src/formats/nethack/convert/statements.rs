//! One emitter per statement of both dialects. Each builds its Lua first
//! and writes it only when the whole statement converted, so a statement
//! is either said in Lua or left as a `cannot convert` comment.

use super::emit::{long_string, quote, table};
use super::values::{map_char, name_in_5, Coord};
use super::Converter;
use crate::formats::nethack::dialect::Dialect;
use crate::formats::nethack::names::NameKind;
use crate::formats::nethack::syntax::{Item, MapBlock, Statement, Value, ValueKind};

type Fields = Vec<(String, String)>;

fn field(fields: &mut Fields, key: &str, value: impl Into<String>) {
    fields.push((key.to_string(), value.into()));
}

/// The words of a value and of a `|`-joined list of them.
fn words(v: &Value) -> Vec<&str> {
    match &v.kind {
        ValueKind::Word(w) => vec![w.as_str()],
        ValueKind::Binary {
            operator,
            left,
            right,
            ..
        } if operator == "|" => {
            let mut out = words(left);
            out.extend(words(right));
            out
        }
        _ => Vec::new(),
    }
}

impl Converter<'_> {
    /// One statement (`rest`: the items after it, for a 3.4.3 CONTAINER's
    /// `contained` objects and an IF's ELSE); how many items it used.
    pub fn statement(&mut self, s: &Statement, rest: &[Item]) -> usize {
        match s.keyword.as_str() {
            "IF" | "LOOP" | "SWITCH" | "ELSE" | "BREAK" | "EXIT" => return self.flow(s, rest),
            "CONTAINER" if self.dialect == Dialect::V343 => return self.container_343(s, rest),
            _ => {}
        }
        // `MONSTER[50%]:` (and a body's function, written as it goes)
        // inside its `if`.
        let chance = s.chance.as_ref().map(|c| c.percent);
        if let Some(p) = chance {
            self.out.open(&format!("if percent({p}) then"));
        }
        match self.simple(s) {
            Ok(lines) => {
                for line in lines {
                    self.out.line(&line);
                }
            }
            Err(why) => self.cannot(&s.span, &why),
        }
        if chance.is_some() {
            self.out.close("end");
        }
        1
    }

    /// The statements that are one or a few lines of Lua (a body, when
    /// the statement has one, is written by the emitter itself).
    fn simple(&mut self, s: &Statement) -> Result<Vec<String>, String> {
        let joined = super::values::join_lines(&s.args);
        let a = &joined;
        let one = |line: String| Ok(vec![line]);
        match s.keyword.as_str() {
            "FLAGS" => {
                // The flags NetHack 5.0 knows, from its API table.
                let flags_5 = crate::formats::nethack_lua::api::function("level_flags")
                    .map(|f| f.positional_words())
                    .unwrap_or_default();
                let mut flags = Vec::new();
                for v in a {
                    for w in words(v) {
                        if !flags_5.contains(&w) {
                            return Err(format!("NetHack 5.0 has no level flag `{w}`"));
                        }
                        flags.push(quote(w));
                    }
                }
                one(format!("des.level_flags({})", flags.join(", ")))
            }
            "MESSAGE" => one(format!("des.message({})", self.expr(arg(a, 0)?)?)),
            "INIT_MAP" => self.init_map(s).map(|l| vec![l]),
            "GEOMETRY" => {
                self.geometry = Some(s.clone());
                Ok(Vec::new())
            }
            "NOMAP" => {
                // 5.0 has no way back to level coordinates after a map:
                // what follows may only place at random (or wallify).
                self.after_nomap = self.maps_written > 0;
                Ok(vec![
                    "-- NOMAP: the coordinates below are the level's".into()
                ])
            }
            "RANDOM_PLACES" | "RANDOM_OBJECTS" | "RANDOM_MONSTERS" => self.register_list(s),
            "SHUFFLE" => one(format!("shuffle({})", self.expr(arg(a, 0)?)?)),
            "MONSTER" => self.monster(s),
            "OBJECT" | "CONTAINER" => self.object(s, &[]),
            "TRAP" => {
                let coord = self.coord(arg(a, 1)?)?;
                let name = match &arg(a, 0)?.kind {
                    ValueKind::Word(w) if w == "random" => None,
                    ValueKind::String(n) => Some(quote(n)),
                    _ => Some(self.expr(&a[0])?),
                };
                match (name, &coord) {
                    (None, Coord::Random) => one("des.trap()".into()),
                    (None, _) => one(format!("des.trap(\"random\"{})", coord.args())),
                    (Some(n), _) => one(format!("des.trap({n}{})", coord.args())),
                }
            }
            "DOOR" if a.len() == 4 => self.room_door(s),
            "ROOMDOOR" => self.room_door(s),
            "DOOR" => {
                let state = door_state(arg(a, 0)?)?;
                match self.coord(arg(a, 1)?)? {
                    Coord::Point(x, y) => one(format!("des.door({}, {x}, {y})", quote(state))),
                    Coord::Table(t) => one(format!(
                        "des.door({})",
                        table(&[("state".into(), quote(state)), ("coord".into(), t)])
                    )),
                    Coord::Random => Err("a door at a random place".into()),
                }
            }
            "STAIR" | "LADDER" => self.stair(s),
            "ALTAR" => {
                let mut f = self.coord(arg(a, 0)?)?.fields();
                if let Some(align) = self.alignment(arg(a, 1)?)? {
                    field(&mut f, "align", align);
                }
                match arg(a, 2)?.word() {
                    Some("random") => {}
                    Some(t @ ("altar" | "shrine" | "sanctum")) => field(&mut f, "type", quote(t)),
                    _ => return Err("an altar type that is not altar, shrine or sanctum".into()),
                }
                one(format!("des.altar({})", table(&f)))
            }
            "FOUNTAIN" | "SINK" | "POOL" => {
                let feature = quote(&s.keyword.to_ascii_lowercase());
                match self.coord(arg(a, 0)?) {
                    Ok(c) => one(format!("des.feature({feature}{})", c.args())),
                    Err(_) => {
                        let sel = self.selection(&a[0])?;
                        one(format!(
                            "{sel}:iterate(function(x, y) des.feature({feature}, x, y) end)"
                        ))
                    }
                }
            }
            "GOLD" => {
                let mut f = Fields::new();
                if let Some(n) = self.int_or_random(arg(a, 0)?)? {
                    field(&mut f, "amount", n);
                }
                f.extend(self.coord(arg(a, 1)?)?.fields());
                one(format!("des.gold({})", table(&f)))
            }
            "ENGRAVING" => {
                let mut f = self.coord(arg(a, 0)?)?.fields();
                match arg(a, 1)?.word() {
                    Some("random") => {}
                    Some(t @ ("dust" | "engrave" | "burn" | "mark" | "blood")) => {
                        field(&mut f, "type", quote(t))
                    }
                    _ => return Err("an engraving type 5.0 does not know".into()),
                }
                field(&mut f, "text", self.expr(arg(a, 2)?)?);
                one(format!("des.engraving({})", table(&f)))
            }
            "GRAVE" => {
                let mut f = self.coord(arg(a, 0)?)?.fields();
                if let Some(text) = a.get(1).filter(|t| t.word() != Some("random")) {
                    field(&mut f, "text", self.expr(text)?);
                }
                one(format!("des.grave({})", table(&f)))
            }
            "REGION" => self.region_statement(s),
            "NON_DIGGABLE" | "NON_PASSWALL" => {
                let function = s.keyword.to_ascii_lowercase();
                let (region, islev, _) = self.region(arg(a, 0)?)?;
                if islev {
                    return Err("a levregion here".into());
                }
                let r = &region[1..region.len() - 1];
                one(format!("des.{function}(selection.area({r}))"))
            }
            "TELEPORT_REGION" => {
                let mut f = self.lev_region_fields(arg(a, 0)?, a.get(1))?;
                match a.get(2).and_then(Value::word) {
                    None => {}
                    Some(d @ ("up" | "down")) => field(&mut f, "dir", quote(d)),
                    Some(_) => return Err("a teleport direction other than up or down".into()),
                }
                one(format!("des.teleport_region({})", table(&f)))
            }
            "BRANCH" => {
                let mut f = vec![("type".to_string(), quote("branch"))];
                f.extend(self.lev_region_fields(arg(a, 0)?, a.get(1))?);
                one(format!("des.levregion({})", table(&f)))
            }
            "PORTAL" => {
                let name = match &arg(a, 2)?.kind {
                    ValueKind::String(n) if !n.is_empty() => quote(n),
                    // 5.0 crashes on a portal without a name.
                    _ => return Err("a portal without a level name".into()),
                };
                let mut f = vec![("type".to_string(), quote("portal"))];
                f.extend(self.lev_region_fields(arg(a, 0)?, a.get(1))?);
                field(&mut f, "name", name);
                one(format!("des.levregion({})", table(&f)))
            }
            "DRAWBRIDGE" => {
                let mut f = self.coord(arg(a, 0)?)?.fields();
                field(&mut f, "dir", quote(direction(arg(a, 1)?)?));
                match arg(a, 2)?.word() {
                    Some(st @ ("open" | "closed" | "random")) => field(&mut f, "state", quote(st)),
                    _ => return Err("a drawbridge state other than open, closed, random".into()),
                }
                one(format!("des.drawbridge({})", table(&f)))
            }
            "MAZEWALK" => {
                let mut f = self.coord(arg(a, 0)?)?.fields();
                field(&mut f, "dir", quote(direction(arg(a, 1)?)?));
                if let Some(stocked) = a.get(2) {
                    match stocked.word() {
                        Some("true") => field(&mut f, "stocked", "true"),
                        Some("false") => field(&mut f, "stocked", "false"),
                        _ => return Err("a MAZEWALK flag that is not true or false".into()),
                    }
                }
                if let Some(fill) = a.get(3) {
                    field(&mut f, "typ", self.map_char_value(fill)?);
                }
                one(format!("des.mazewalk({})", table(&f)))
            }
            // After NOMAP, 3.6 wallifies the whole level; 5.0's table
            // form takes level coordinates.
            "WALLIFY" if a.is_empty() && self.after_nomap => {
                one("des.wallify({ x1=0, y1=0, x2=79, y2=20 })".into())
            }
            "WALLIFY" if a.is_empty() => one("des.wallify()".into()),
            "TERRAIN" => {
                let (typ, lit) = self.terrain_and_light(arg(a, 1)?)?;
                let at = match &a[0].kind {
                    ValueKind::Tuple(p) if p.len() == 2 => {
                        let (x, y) = (self.expr(&p[0])?, self.expr(&p[1])?);
                        vec![("x".to_string(), x), ("y".to_string(), y)]
                    }
                    ValueKind::Variable { index: Some(_), .. } => {
                        vec![("coord".to_string(), self.expr(&a[0])?)]
                    }
                    _ => vec![("selection".to_string(), self.selection(&a[0])?)],
                };
                let mut f = at;
                field(&mut f, "typ", typ);
                if let Some(l) = lit {
                    field(&mut f, "lit", l.to_string());
                }
                one(format!("des.terrain({})", table(&f)))
            }
            "REPLACE_TERRAIN" => {
                let mut f = Fields::new();
                let (region, islev, _) = self.region(arg(a, 0)?)?;
                if islev {
                    return Err("a levregion here".into());
                }
                field(&mut f, "region", region);
                field(&mut f, "fromterrain", self.map_char_value(arg(a, 1)?)?);
                let (to, lit) = self.terrain_and_light(arg(a, 2)?)?;
                field(&mut f, "toterrain", to);
                if let Some(l) = lit {
                    field(&mut f, "lit", l.to_string());
                }
                match &arg(a, 3)?.kind {
                    ValueKind::Percent(n) => field(&mut f, "chance", n.to_string()),
                    _ => return Err("a chance that is not a percentage".into()),
                }
                one(format!("des.replace_terrain({})", table(&f)))
            }
            "MINERALIZE" if a.is_empty() => one("des.mineralize()".into()),
            "MINERALIZE" => {
                let keys = ["kelp_pool", "kelp_moat", "gold_prob", "gem_prob"];
                let mut f = Fields::new();
                for (k, v) in keys.iter().zip(a) {
                    field(&mut f, k, self.expr(v)?);
                }
                one(format!("des.mineralize({})", table(&f)))
            }
            "RANDOM_CORRIDORS" if a.is_empty() => one("des.random_corridors()".into()),
            "CORRIDOR" => self.corridor(s),
            "ROOM" | "SUBROOM" => {
                self.room_36(s)?;
                Ok(Vec::new())
            }
            other => Err(format!(
                "`{other}` has no NetHack 5.0 equivalent levls knows"
            )),
        }
    }

    /// `GEOMETRY` (kept from the statement before) + `MAP`…`ENDMAP`.
    pub fn map(&mut self, m: &MapBlock) {
        let geometry = self.geometry.take();
        let result = (|| -> Result<String, String> {
            if m.rows.iter().any(|r| r.bad && !r.geometry) {
                return Err("a map row lev_comp does not read as one".into());
            }
            let mut f = Fields::new();
            match geometry.as_ref().map(|g| g.args.as_slice()) {
                None => {
                    field(&mut f, "halign", quote("center"));
                    field(&mut f, "valign", quote("center"));
                }
                Some([h, v, ..]) if h.word().is_some() && v.word().is_some() => {
                    let h = h.word().expect("checked");
                    let v = v.word().expect("checked");
                    field(&mut f, "halign", quote(h));
                    field(&mut f, "valign", quote(v));
                }
                Some([point, ..]) if point.point().is_some() => {
                    let (x, y) = point.point().expect("checked");
                    field(&mut f, "x", x.to_string());
                    field(&mut f, "y", y.to_string());
                }
                Some(_) => return Err("a GEOMETRY levls cannot place".into()),
            }
            if geometry.as_ref().is_some_and(|g| g.args.len() > 2) {
                return Err("GEOMETRY's third argument has no 5.0 equivalent".into());
            }
            // Padded to the widest row with stone, and stone for any
            // character 5.0 would skip: what lev_comp made of them.
            let width = m.width();
            let rows: Vec<String> = m
                .good_rows()
                .map(|row| {
                    let mut cells: String = row
                        .cells
                        .iter()
                        .map(|&o| map_char(self.text[o..].chars().next().unwrap_or(' ')))
                        .collect();
                    while cells.chars().count() < width {
                        cells.push(' ');
                    }
                    cells
                })
                .collect();
            field(&mut f, "map", long_string(&rows));
            Ok(format!("des.map({})", table(&f)))
        })();
        match result {
            Ok(line) => {
                self.maps_written += 1;
                self.after_nomap = false;
                self.out.line(&line);
            }
            Err(why) => {
                let span = geometry
                    .as_ref()
                    .map_or(m.span.clone(), |g| g.span.start..m.span.end);
                self.cannot(&span, &why);
            }
        }
    }

    fn init_map(&self, s: &Statement) -> Result<String, String> {
        let a = &s.args;
        let mut f = Fields::new();
        let style = a.first().and_then(Value::word);
        // 3.4.3's positional form is 3.6's `mines` without the word.
        let mines = match style {
            Some("mines") => &a[1..],
            Some("solidfill") => {
                field(&mut f, "style", quote("solidfill"));
                field(&mut f, "fg", self.map_char_value(arg(a, 1)?)?);
                return Ok(format!("des.level_init({})", table(&f)));
            }
            Some("mazegrid") => {
                field(&mut f, "style", quote("mazegrid"));
                field(&mut f, "bg", self.map_char_value(arg(a, 1)?)?);
                return Ok(format!("des.level_init({})", table(&f)));
            }
            Some("rogue") => return Ok("des.level_init({ style=\"rogue\" })".into()),
            Some(other) => return Err(format!("INIT_MAP style `{other}`")),
            None => &a[..],
        };
        field(&mut f, "style", quote("mines"));
        field(&mut f, "fg", self.map_char_value(arg(mines, 0)?)?);
        field(&mut f, "bg", self.map_char_value(arg(mines, 1)?)?);
        for (i, key) in [(2, "smoothed"), (3, "joined")] {
            field(&mut f, key, boolean(arg(mines, i)?)?);
        }
        // A random light is the default: `lit="random"` no longer loads.
        if let Some(l) = self.light(arg(mines, 4)?)? {
            field(&mut f, "lit", l.to_string());
        }
        field(&mut f, "walled", boolean(arg(mines, 5)?)?);
        if let Some(fill) = mines.get(6) {
            field(&mut f, "filling", self.map_char_value(fill)?);
        }
        Ok(format!("des.level_init({})", table(&f)))
    }

    /// 3.4.3's RANDOM_PLACES / RANDOM_OBJECTS / RANDOM_MONSTERS: a list
    /// sp_lev shuffled when it loaded the level.
    fn register_list(&mut self, s: &Statement) -> Result<Vec<String>, String> {
        let name = match s.keyword.as_str() {
            "RANDOM_PLACES" => "place",
            "RANDOM_OBJECTS" => "object",
            _ => "monster",
        };
        let entries: Vec<String> = s
            .args
            .iter()
            .map(|v| match &v.kind {
                ValueKind::Tuple(p) if p.len() == 2 => {
                    Ok(format!("{{{},{}}}", self.expr(&p[0])?, self.expr(&p[1])?))
                }
                _ => self.expr(v),
            })
            .collect::<Result<_, String>>()?;
        let keyword = if self.declared.insert(name.to_string()) {
            "local "
        } else {
            ""
        };
        Ok(vec![
            format!("{keyword}{name} = {{ {} }}", entries.join(", ")),
            format!("shuffle({name})"),
        ])
    }

    /// An alignment slot: a word or `align[i]` (→ None for random).
    fn alignment(&self, v: &Value) -> Result<Option<String>, String> {
        match &v.kind {
            ValueKind::Word(w) if w == "random" => Ok(None),
            ValueKind::Word(w)
                if [
                    "law",
                    "neutral",
                    "chaos",
                    "noalign",
                    "coaligned",
                    "noncoaligned",
                ]
                .contains(&w.as_str()) =>
            {
                Ok(Some(quote(w)))
            }
            ValueKind::Register { name, .. } if name == "align" => Ok(Some(self.expr(v)?)),
            ValueKind::Variable { .. } => Ok(Some(self.expr(v)?)),
            _ => Err(format!("{} as an alignment", v.describe())),
        }
    }

    fn monster(&mut self, s: &Statement) -> Result<Vec<String>, String> {
        let a = &s.args;
        let (class, name, coord_at) = match self.dialect {
            Dialect::V343 => (Some(arg(a, 0)?), Some(arg(a, 1)?), 2),
            Dialect::V36 => match &arg(a, 0)?.kind {
                ValueKind::Tuple(p) if p.len() == 2 => (Some(&p[0]), Some(&p[1]), 1),
                ValueKind::String(_) => (None, Some(&a[0]), 1),
                _ => (Some(&a[0]), None, 1),
            },
        };
        let mut f = self.what(NameKind::Monster, class, name)?;
        f.extend(self.coord(arg(a, coord_at)?)?.fields());
        for info in &a[coord_at + 1..] {
            match &info.kind {
                ValueKind::String(n) => field(&mut f, "name", quote(n)),
                ValueKind::Word(w) => match w.as_str() {
                    "hostile" => field(&mut f, "peaceful", "0"),
                    "peaceful" => field(&mut f, "peaceful", "1"),
                    "asleep" => field(&mut f, "asleep", "1"),
                    "awake" => field(&mut f, "asleep", "0"),
                    "female" | "invisible" | "cancelled" | "revived" | "avenge" | "stunned"
                    | "confused" => field(&mut f, w, "1"),
                    _ => {
                        if let Some(al) = self.alignment(info)? {
                            field(&mut f, "align", al);
                        }
                    }
                },
                ValueKind::Register { .. } => {
                    if let Some(al) = self.alignment(info)? {
                        field(&mut f, "align", al);
                    }
                }
                ValueKind::Tagged { name, text, .. } => {
                    let prefix = match name.as_str() {
                        "m_feature" => "ter",
                        "m_monster" => "mon",
                        "m_object" => "obj",
                        _ => return Err(format!("the appearance `{name}`")),
                    };
                    field(&mut f, "appear_as", quote(&format!("{prefix}:{text}")));
                }
                ValueKind::Keyed { key, value, .. }
                    if ["fleeing", "blinded", "paralyzed"].contains(&key.as_str()) =>
                {
                    field(&mut f, key, self.expr(value)?)
                }
                _ => return Err(format!("the monster detail {}", self.source(info))),
            }
        }
        let inventory = s.body.as_ref();
        if let Some(body) = inventory {
            let head = format!("des.monster({{ {}", inner(&f));
            self.with_function(&head, "inventory", &body.items);
            return Ok(Vec::new());
        }
        Ok(vec![format!("des.monster({})", table(&f))])
    }

    /// OBJECT/CONTAINER (`contents`: a 3.4.3 container's `contained`
    /// objects, or a 3.6 block's items).
    pub fn object(&mut self, s: &Statement, contents: &[Item]) -> Result<Vec<String>, String> {
        let a = &s.args;
        let mut f = Fields::new();
        match self.dialect {
            Dialect::V343 => {
                f.extend(self.what(NameKind::Object, Some(arg(a, 0)?), Some(arg(a, 1)?))?);
                let at = arg(a, 2)?;
                if at.word() != Some("contained") {
                    f.extend(self.coord(at)?.fields());
                }
                self.object_343_infos(&a[3..], &mut f)?;
            }
            Dialect::V36 => {
                let (class, name) = match &arg(a, 0)?.kind {
                    ValueKind::Tuple(p) if p.len() == 2 => (Some(&p[0]), Some(&p[1])),
                    ValueKind::String(_) => (None, Some(&a[0])),
                    _ => (Some(&a[0]), None),
                };
                f.extend(self.what(NameKind::Object, class, name)?);
                for info in &a[1..] {
                    self.object_36_info(info, &mut f)?;
                }
            }
        }
        let body: &[Item] = match &s.body {
            Some(b) => &b.items,
            None => contents,
        };
        if s.keyword == "CONTAINER" || !body.is_empty() {
            let head = format!("des.object({{ {}", inner(&f));
            self.with_function(&head, "contents", body);
            return Ok(Vec::new());
        }
        Ok(vec![format!("des.object({})", table(&f))])
    }

    /// 3.4.3: `[curse,] ["monster",] spe [, "name" | none]` after the place.
    fn object_343_infos(&self, infos: &[Value], f: &mut Fields) -> Result<(), String> {
        let mut rest = infos;
        if let Some(first) = rest.first() {
            if first.string().is_none() {
                if let Some(w @ ("blessed" | "uncursed" | "cursed")) = first.word() {
                    field(f, "buc", quote(w));
                } else if first.word() != Some("random") {
                    return Err(format!("the curse state {}", self.source(first)));
                }
                rest = &rest[1..];
            }
        }
        if let Some(ValueKind::String(m)) = rest.first().map(|v| &v.kind) {
            field(f, "montype", quote(name_in_5(NameKind::Monster, m)));
            rest = &rest[1..];
        }
        if let Some(spe) = rest.first() {
            if let Some(n) = self.int_or_random(spe)? {
                field(f, "spe", n);
            }
            rest = &rest[1..];
        }
        match rest.first().map(|v| &v.kind) {
            Some(ValueKind::String(n)) => field(f, "name", quote(n)),
            Some(ValueKind::Word(w)) if w == "none" => {}
            None => {}
            Some(_) => return Err("an object name that is not a string".into()),
        }
        Ok(())
    }

    fn object_36_info(&self, info: &Value, f: &mut Fields) -> Result<(), String> {
        match &info.kind {
            ValueKind::Word(w) => match w.as_str() {
                "blessed" | "uncursed" | "cursed" => field(f, "buc", quote(w)),
                "buried" | "locked" | "broken" | "trapped" | "greased" => field(f, w, "1"),
                "not_trapped" => field(f, "trapped", "0"),
                "lit" => field(f, "lit", "1"),
                "unlit" => field(f, "lit", "0"),
                "random" => {}
                _ => return Err(format!("the object detail `{w}`")),
            },
            ValueKind::Integer(n) => field(f, "spe", n.to_string()),
            ValueKind::Keyed { key, value, .. } => match key.as_str() {
                "montype" => {
                    let m = match &value.kind {
                        ValueKind::Tuple(p) if p.len() == 2 => self.montype(&p[1])?,
                        _ => self.montype(value)?,
                    };
                    field(f, "montype", m);
                }
                "name" | "quantity" | "eroded" | "recharged" => field(f, key, self.expr(value)?),
                _ => return Err(format!("the object detail `{key}`")),
            },
            _ => f.extend(self.coord(info)?.fields()),
        }
        Ok(())
    }

    /// 3.4.3: a CONTAINER and the `contained` OBJECTs right after it.
    fn container_343(&mut self, s: &Statement, rest: &[Item]) -> usize {
        let inside = rest
            .iter()
            .take_while(|i| {
                matches!(i, Item::Statement(o) if o.keyword == "OBJECT"
                    && o.args.get(2).and_then(Value::word) == Some("contained"))
            })
            .count();
        let chance = s.chance.as_ref().map(|c| c.percent);
        if let Some(p) = chance {
            self.out.open(&format!("if percent({p}) then"));
        }
        if let Err(why) = self.object(s, &rest[..inside]) {
            self.cannot(&s.span, &why);
        }
        if chance.is_some() {
            self.out.close("end");
        }
        1 + inside
    }

    /// `des.x({ …, key=function()` + the items + `end })`.
    pub fn with_function(&mut self, head: &str, key: &str, items: &[Item]) {
        let sep = if head.ends_with("{ ") { "" } else { ", " };
        self.out.open(&format!("{head}{sep}{key}=function()"));
        self.items(items);
        self.out.close("end })");
    }

    fn room_door(&self, s: &Statement) -> Result<Vec<String>, String> {
        let a = &s.args;
        let state = door_state(arg(a, 1)?)?;
        let state = match arg(a, 0)?.word() {
            Some("true") => "secret",
            Some("false") => state,
            Some("random") if state == "random" => "random",
            _ => return Err("a door that may or may not be secret with a fixed state".into()),
        };
        let mut f = vec![("state".to_string(), quote(state))];
        let walls = words(arg(a, 2)?);
        let wall = match walls.as_slice() {
            ["random"] => "all",
            [w @ ("north" | "south" | "east" | "west")] => w,
            ws if ws.len() == 4 => "all",
            ws if ws
                .iter()
                .all(|w| ["north", "south", "east", "west"].contains(w)) =>
            {
                // lev_comp's door goes on one of the walls, at random.
                let listed: Vec<String> = ws.iter().map(|w| quote(w)).collect();
                field(
                    &mut f,
                    "wall",
                    format!(
                        "({{ {} }})[math.random(1, {})]",
                        listed.join(", "),
                        ws.len()
                    ),
                );
                ""
            }
            _ => return Err("a door wall levls does not know".into()),
        };
        if !wall.is_empty() {
            field(&mut f, "wall", quote(wall));
        }
        if let Some(pos) = self.int_or_random(arg(a, 3)?)? {
            field(&mut f, "pos", pos);
        }
        Ok(vec![format!("des.door({})", table(&f))])
    }

    fn stair(&self, s: &Statement) -> Result<Vec<String>, String> {
        let a = &s.args;
        let function = s.keyword.to_ascii_lowercase();
        if a.len() == 3 {
            // STAIR: region, exclusion, up|down → a level region.
            let dir = updown(arg(a, 2)?)?;
            let mut f = vec![("type".to_string(), quote(&format!("stair-{dir}")))];
            f.extend(self.lev_region_fields(&a[0], a.get(1))?);
            return Ok(vec![format!("des.levregion({})", table(&f))]);
        }
        let dir = updown(arg(a, 1)?)?;
        let coord = self.coord(arg(a, 0)?)?;
        Ok(vec![format!(
            "des.{function}({}{})",
            quote(dir),
            coord.args()
        )])
    }

    /// `region=…, region_islev=1, exclude=…, exclude_islev=1` (a `(0,0,0,0)`
    /// exclusion, 3.6's "none", is left out: 5.0 would exclude a cell).
    fn lev_region_fields(&self, region: &Value, exclude: Option<&Value>) -> Result<Fields, String> {
        let mut f = Fields::new();
        let (r, islev, _) = self.region(region)?;
        field(&mut f, "region", r);
        if islev {
            field(&mut f, "region_islev", "1");
        }
        if let Some(e) = exclude {
            let (r, islev, zero) = self.region(e)?;
            if !zero {
                field(&mut f, "exclude", r);
                if islev {
                    field(&mut f, "exclude_islev", "1");
                }
            }
        }
        Ok(f)
    }

    fn region_statement(&mut self, s: &Statement) -> Result<Vec<String>, String> {
        let a = &s.args;
        let mut f = Fields::new();
        let (region, islev, _) = self.region(arg(a, 0)?)?;
        if islev {
            return Err("a levregion as a REGION".into());
        }
        field(&mut f, "region", region);
        if let Some(l) = self.light(arg(a, 1)?)? {
            field(&mut f, "lit", l.to_string());
        }
        let kind = match &arg(a, 2)?.kind {
            ValueKind::String(t) => t.clone(),
            ValueKind::Word(w) if w == "random" => "ordinary".into(),
            _ => return Err("a room type that is not a string".into()),
        };
        field(&mut f, "type", quote(&kind));
        let flags = self.region_flags(&a[3..])?;
        field(&mut f, "filled", if flags.filled { "1" } else { "0" });
        if flags.irregular {
            field(&mut f, "irregular", "1");
        }
        if !flags.joined {
            field(&mut f, "joined", "0");
        }
        if let Some(body) = &s.body {
            let head = format!("des.region({{ {}", inner(&f));
            self.with_function(&head, "contents", &body.items);
            return Ok(Vec::new());
        }
        Ok(vec![format!("des.region({})", table(&f))])
    }

    /// The flags after a REGION's or ROOM's type. 3.6: none = filled;
    /// any = only those named (`irregular` alone is unfilled). 3.4.3:
    /// `filled` (the default) or `unfilled`, then whether irregular.
    pub fn region_flags(&self, flags: &[Value]) -> Result<RegionFlags, String> {
        let mut out = RegionFlags {
            filled: true,
            irregular: false,
            joined: true,
        };
        if self.dialect == Dialect::V343 {
            if let Some(fill) = flags.first() {
                out.filled = match fill.word() {
                    Some("filled" | "true") => true,
                    Some("unfilled" | "false") => false,
                    _ => return Err("a region filling levls does not know".into()),
                };
            }
            if let Some(irregular) = flags.get(1) {
                out.irregular = boolean(irregular)? == "true";
            }
            return Ok(out);
        }
        if flags.is_empty() {
            return Ok(out);
        }
        out.filled = false;
        for flag in flags {
            match flag.word() {
                Some("filled") => out.filled = true,
                Some("unfilled") => out.filled = false,
                Some("irregular") => out.irregular = true,
                Some("regular") => out.irregular = false,
                Some("joined") => out.joined = true,
                Some("unjoined") => out.joined = false,
                _ => return Err(format!("the region flag {}", self.source(flag))),
            }
        }
        Ok(out)
    }

    fn corridor(&self, s: &Statement) -> Result<Vec<String>, String> {
        let a = &s.args;
        let mut f = Fields::new();
        for (v, prefix) in [(arg(a, 0)?, "src"), (arg(a, 1)?, "dest")] {
            match v.tuple() {
                Some([room, wall, door]) => {
                    field(&mut f, &format!("{prefix}room"), self.expr(room)?);
                    field(&mut f, &format!("{prefix}door"), self.expr(door)?);
                    let w = match wall.word() {
                        Some("random") => "all",
                        Some(w @ ("north" | "south" | "east" | "west")) => w,
                        _ => return Err("a corridor wall levls does not know".into()),
                    };
                    field(&mut f, &format!("{prefix}wall"), quote(w));
                }
                _ => return Err("a corridor end that is not (room, wall, door)".into()),
            }
        }
        Ok(vec![format!("des.corridor({})", table(&f))])
    }

    fn montype(&self, v: &Value) -> Result<String, String> {
        match &v.kind {
            ValueKind::String(m) => Ok(quote(name_in_5(NameKind::Monster, m))),
            _ => self.expr(v),
        }
    }

    /// The source text of a value, for messages.
    pub fn source(&self, v: &Value) -> String {
        format!("`{}`", &self.text[v.span.clone()])
    }
}

pub struct RegionFlags {
    pub filled: bool,
    pub irregular: bool,
    pub joined: bool,
}

/// The inside of a table constructor: `k=v, k=v`.
pub fn inner(fields: &[(String, String)]) -> String {
    let t = table(fields);
    t.trim_start_matches('{')
        .trim_end_matches('}')
        .trim()
        .to_string()
}

pub fn arg(args: &[Value], i: usize) -> Result<&Value, String> {
    args.get(i)
        .ok_or_else(|| format!("argument {} is missing", i + 1))
}

fn door_state(v: &Value) -> Result<&str, String> {
    match v.word() {
        Some(s @ ("open" | "closed" | "locked" | "nodoor" | "broken" | "random" | "secret")) => {
            Ok(s)
        }
        _ => Err("a door state levls does not know".into()),
    }
}

fn direction(v: &Value) -> Result<&str, String> {
    match v.word() {
        Some(d @ ("north" | "south" | "east" | "west" | "random")) => Ok(d),
        _ => Err("a direction that is not north, south, east, west or random".into()),
    }
}

fn updown(v: &Value) -> Result<&str, String> {
    match v.word() {
        Some(d @ ("up" | "down")) => Ok(d),
        _ => Err("a direction that is not up or down".into()),
    }
}

/// `true`/`false` → Lua booleans.
fn boolean(v: &Value) -> Result<&'static str, String> {
    match v.word() {
        Some("true") => Ok("true"),
        Some("false") => Ok("false"),
        _ => Err("a flag that is not true or false".into()),
    }
}
