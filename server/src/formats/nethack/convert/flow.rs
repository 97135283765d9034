//! The order of things: items one after another with their comments,
//! 3.6's IF/ELSE, LOOP, SWITCH, FOR, `[n%]:` and `$variables`, and rooms
//! nested as the level nests them (3.6 by blocks, 3.4.3 by parent names).

use super::emit::{quote, variable_name};
use super::statements::{arg, inner};
use super::Converter;
use crate::formats::nethack::dialect::Dialect;
use crate::formats::nethack::syntax::{model, Item, Statement, Value, ValueKind};

impl Converter<'_> {
    pub fn items(&mut self, items: &[Item]) {
        let mut i = 0;
        while i < items.len() {
            self.comments_before(items[i].span().start);
            i += self.item(&items[i], &items[i + 1..]);
        }
    }

    /// One item; how many items it used (itself and what it took after it).
    fn item(&mut self, item: &Item, rest: &[Item]) -> usize {
        match item {
            Item::Statement(s) => return self.statement(s, rest),
            Item::Map(m) => self.map(m),
            Item::Assignment(a) => {
                let result = (|| -> Result<String, String> {
                    let ValueKind::Variable { name, index, .. } = &a.variable.kind else {
                        return Err("an assignment to something not a variable".into());
                    };
                    if index.is_some() {
                        return Err("an assignment to an array's entry".into());
                    }
                    let value = a.value.as_ref().ok_or("an assignment without a value")?;
                    let mut all = vec![value.clone()];
                    all.extend(a.rest.iter().cloned());
                    let joined = super::values::join_lines(&all);
                    let lua = match joined.as_slice() {
                        [one] => self.assigned(one)?,
                        _ => return Err("an assignment of several values".into()),
                    };
                    let name = variable_name(name);
                    if name.is_empty() {
                        return Err("a variable without a name".into());
                    }
                    let local = if self.declared.insert(name.clone()) {
                        "local "
                    } else {
                        ""
                    };
                    Ok(format!("{local}{name} = {lua}"))
                })();
                match result {
                    Ok(line) => self.out.line(&line),
                    Err(why) => self.cannot(&a.span, &why),
                }
            }
            Item::For(f) => {
                let head = (|| -> Result<String, String> {
                    let ValueKind::Variable { name, .. } = &f.variable.kind else {
                        return Err("a FOR without a variable".into());
                    };
                    let from = self.expr(f.from.as_ref().ok_or("a FOR without a start")?)?;
                    let to = self.expr(f.to.as_ref().ok_or("a FOR without an end")?)?;
                    let name = variable_name(name);
                    if name.is_empty() {
                        return Err("a FOR without a variable's name".into());
                    }
                    Ok(format!("for {name} = {from}, {to} do"))
                })();
                match head {
                    Ok(head) => {
                        self.out.open(&head);
                        self.items(&f.body.items);
                        self.out.close("end");
                    }
                    Err(why) => self.cannot(&f.span, &why),
                }
            }
            Item::Chance(c) => {
                let condition = match (&c.chance, &c.condition) {
                    (Some(p), _) => Ok(format!("percent({})", p.percent)),
                    (None, Some(cond)) => self.condition(cond),
                    (None, None) => Err("a `[…]:` without a condition".to_string()),
                };
                match condition {
                    Ok(cond) => {
                        self.out.open(&format!("if {cond} then"));
                        self.item(&c.item, &[]);
                        self.out.close("end");
                    }
                    Err(why) => self.cannot(&c.span, &why),
                }
            }
            Item::Label(l) => self.cannot(&l.span, "a CASE outside a SWITCH"),
            Item::Call(c) => self.cannot(&c.span, "a FUNCTION call"),
        }
        1
    }

    /// The right side of `$x = …`: a list (of coordinates, names or
    /// characters), a selection, a number or string.
    fn assigned(&self, v: &Value) -> Result<String, String> {
        match &v.kind {
            ValueKind::Keyed { key, value, .. } => match key.to_ascii_lowercase().as_str() {
                "selection" => self.selection(value),
                "monster" | "object" | "terrain" => self.assigned(value),
                other => Err(format!("a `{other}:` value")),
            },
            ValueKind::List(entries) => {
                let parts: Vec<String> = entries
                    .iter()
                    .map(|e| match &e.kind {
                        ValueKind::Tuple(p) if p.len() == 2 => {
                            Ok(format!("{{{},{}}}", self.expr(&p[0])?, self.expr(&p[1])?))
                        }
                        _ => self.expr(e),
                    })
                    .collect::<Result<_, String>>()?;
                Ok(format!("{{ {} }}", parts.join(", ")))
            }
            ValueKind::Tuple(p) if p.len() == 2 => {
                Ok(format!("{{{},{}}}", self.expr(&p[0])?, self.expr(&p[1])?))
            }
            ValueKind::Call { name, .. } if name == "rndcoord" => match self.coord(v)? {
                super::values::Coord::Table(t) => Ok(t),
                _ => Err("a rndcoord levls cannot read".into()),
            },
            _ => self.expr(v),
        }
    }

    /// `[$x > 1]`, `[$x]` (non-zero), as a Lua condition.
    fn condition(&self, v: &Value) -> Result<String, String> {
        match &v.kind {
            ValueKind::Percent(n) => Ok(format!("percent({n})")),
            ValueKind::Binary {
                operator,
                left,
                right,
                ..
            } if ["==", "!=", "<", ">", "<=", ">="].contains(&operator.as_str()) => {
                let op = if operator == "!=" { "~=" } else { operator };
                Ok(format!("{} {op} {}", self.expr(left)?, self.expr(right)?))
            }
            _ => Ok(format!("{} ~= 0", self.expr(v)?)),
        }
    }

    /// IF [cond] { } [ELSE { }], LOOP [n] { }, SWITCH [n] { CASE… }, EXIT.
    pub fn flow(&mut self, s: &Statement, rest: &[Item]) -> usize {
        let items = s.body.as_ref().map_or(&[][..], |b| &b.items[..]);
        match s.keyword.as_str() {
            "IF" => {
                let cond = match (&s.chance, &s.condition) {
                    (Some(p), _) => Ok(format!("percent({})", p.percent)),
                    (None, Some(c)) => self.condition(c),
                    _ => Err("an IF without a condition".to_string()),
                };
                let cond = match cond {
                    Ok(c) => c,
                    Err(why) => {
                        self.cannot(&s.span, &why);
                        return 1;
                    }
                };
                self.out.open(&format!("if {cond} then"));
                self.items(items);
                let mut used = 1;
                if let Some(Item::Statement(e)) = rest.first() {
                    if e.keyword == "ELSE" {
                        self.comments_before(e.span.start);
                        self.out.middle("else");
                        self.items(e.body.as_ref().map_or(&[][..], |b| &b.items[..]));
                        used = 2;
                    }
                }
                self.out.close("end");
                used
            }
            "LOOP" => {
                match s.condition.as_deref().map(|c| self.expr(c)) {
                    Some(Ok(n)) => {
                        self.out.open(&format!("for _ = 1, {n} do"));
                        self.items(items);
                        self.out.close("end");
                    }
                    Some(Err(why)) => self.cannot(&s.span, &why),
                    None => self.cannot(&s.span, "a LOOP without a count"),
                }
                1
            }
            "SWITCH" => {
                if let Err(why) = self.switch(s, items) {
                    self.cannot(&s.span, &why);
                }
                1
            }
            "EXIT" => {
                self.out.line("do return end");
                1
            }
            _ => {
                self.cannot(&s.span, "an ELSE or BREAK out of place");
                1
            }
        }
    }

    /// SWITCH [n]: lev_comp draws rn2(n) — 0 to n−1 — for a constant n,
    /// and uses a dice roll or a variable as it is. Each CASE must end in
    /// BREAK (a fall-through has no `if` chain).
    fn switch(&mut self, s: &Statement, items: &[Item]) -> Result<(), String> {
        let bound = s.condition.as_deref().ok_or("a SWITCH without a bound")?;
        let value = match bound.kind {
            ValueKind::Integer(n) => format!("math.random(0, {})", n - 1),
            _ => self.expr(bound)?,
        };
        // The cases: (value or None for DEFAULT, items).
        let mut cases: Vec<(Option<String>, Vec<Item>)> = Vec::new();
        for item in items {
            match item {
                Item::Label(l) => {
                    let v = match &l.value {
                        Some(v) => Some(self.expr(v)?),
                        None => None,
                    };
                    cases.push((v, Vec::new()));
                }
                other => match cases.last_mut() {
                    Some((_, body)) => body.push(other.clone()),
                    None => return Err("statements before the first CASE".into()),
                },
            }
        }
        let count = cases.len();
        for (i, (_, body)) in cases.iter_mut().enumerate() {
            let ends_in_break =
                matches!(body.last(), Some(Item::Statement(b)) if b.keyword == "BREAK");
            if ends_in_break {
                body.pop();
            } else if i + 1 < count && !body.is_empty() {
                return Err("a CASE that falls through to the next".into());
            }
            if body
                .iter()
                .flat_map(Item::walk)
                .any(|i| matches!(i, Item::Statement(b) if b.keyword == "BREAK"))
            {
                return Err("a BREAK in the middle of a CASE".into());
            }
        }
        self.switches += 1;
        let name = format!("choice{}", self.switches);
        self.out.line(&format!("local {name} = {value}"));
        let mut first = true;
        let mut default = None;
        for (v, body) in &cases {
            let Some(v) = v else {
                default = Some(body);
                continue;
            };
            let head = format!("{} {name} == {v} then", if first { "if" } else { "elseif" });
            if first {
                self.out.open(&head);
            } else {
                self.out.middle(&head);
            }
            first = false;
            self.items(body);
        }
        if let Some(body) = default {
            if first {
                self.out.open("do");
            } else {
                self.out.middle("else");
            }
            first = false;
            self.items(body);
        }
        if !first {
            self.out.close("end");
        }
        Ok(())
    }

    /// 3.6 variables first assigned inside a block are declared at the
    /// level's top, so every block sees one variable.
    pub fn declare_nested_variables(&mut self) {
        if self.text[self.level.span.clone()].contains("align[") {
            self.out
                .line("local align = { \"law\", \"neutral\", \"chaos\" }");
            self.out.line("shuffle(align)");
            self.declared.insert("align".into());
        }
        let mut assigned = Vec::new();
        for item in &self.level.items {
            assignments(item, 0, &mut assigned);
        }
        let top: std::collections::BTreeSet<&String> = assigned
            .iter()
            .filter(|(_, depth)| *depth == 0)
            .map(|(name, _)| name)
            .collect();
        let nested: Vec<String> = assigned
            .iter()
            .filter(|(name, depth)| *depth > 0 && !top.contains(name))
            .map(|(name, _)| name.clone())
            .collect();
        for name in nested {
            if self.declared.insert(name.clone()) {
                self.out.line(&format!("local {name}"));
            }
        }
    }

    /// A 3.6 ROOM/SUBROOM: its block is its `contents`.
    pub fn room_36(&mut self, s: &Statement) -> Result<(), String> {
        let fields = self.room_fields(s, None)?;
        let body = s.body.as_ref().map_or(&[][..], |b| &b.items[..]);
        let head = format!("des.room({{ {}", inner(&fields));
        self.with_function(&head, "contents", body);
        Ok(())
    }

    /// A room's fields from its header (3.4.3: `chance` from its CHANCE).
    fn room_fields(
        &self,
        s: &Statement,
        chance_343: Option<i64>,
    ) -> Result<Vec<(String, String)>, String> {
        let a = &s.args;
        let sub = s.keyword == "SUBROOM";
        let mut f = Vec::new();
        let mut push = |k: &str, v: String| f.push((k.to_string(), v));
        let (kind, chance) = match &arg(a, 0)?.kind {
            ValueKind::String(t) => (Some(t.clone()), chance_343),
            ValueKind::Weighted { value, chance } => match &value.kind {
                ValueKind::String(t) => (Some(t.clone()), Some(chance.percent)),
                _ => return Err("a room type that is not a string".into()),
            },
            ValueKind::Word(w) if w == "random" => (None, None),
            _ => return Err("a room type that is not a string".into()),
        };
        if let Some(t) = kind.filter(|t| t != "random") {
            push("type", quote(&t));
        }
        if let Some(c) = chance {
            push("chance", c.to_string());
        }
        if let Some(l) = self.light(arg(a, 1)?)? {
            push("lit", l.to_string());
        }
        // Alignment words only in the (xalign, yalign) pair.
        let pair = |v: &Value, keys: [&str; 2]| -> Result<Vec<(String, String)>, String> {
            match &v.kind {
                ValueKind::Word(w) if w == "random" => Ok(Vec::new()),
                ValueKind::Tuple(p) if p.len() == 2 => {
                    let mut out = Vec::new();
                    for (k, part) in keys.iter().zip(p) {
                        let value = match &part.kind {
                            ValueKind::Word(w) if w == "random" => continue,
                            ValueKind::Word(w) if keys[0] == "xalign" => quote(w),
                            _ => self.expr(part)?,
                        };
                        out.push((k.to_string(), value));
                    }
                    Ok(out)
                }
                _ => Err(format!("{} as a room's place or size", v.describe())),
            }
        };
        f.extend(pair(arg(a, 2)?, ["x", "y"])?);
        let (size_at, flags_at) = if sub {
            (3, if self.dialect == Dialect::V343 { 5 } else { 4 })
        } else {
            f.extend(pair(arg(a, 3)?, ["xalign", "yalign"])?);
            (4, 5)
        };
        f.extend(pair(arg(a, size_at)?, ["w", "h"])?);
        let flags = a.get(flags_at..).unwrap_or(&[]);
        if !flags.is_empty() {
            let filled = if self.dialect == Dialect::V343 {
                flags[0].word() != Some("false")
            } else {
                let r = self.region_flags(flags)?;
                if !r.joined {
                    f.push(("joined".into(), "false".into()));
                }
                if r.irregular {
                    return Err("an irregular room".into());
                }
                r.filled
            };
            f.push(("filled".into(), if filled { "1" } else { "0" }.into()));
        }
        Ok(f)
    }

    /// 3.4.3 rooms: each ROOM's details up to the next ROOM/SUBROOM, NAME
    /// and CHANCE read into its header, SUBROOMs inside their parent.
    pub fn rooms_343(&mut self, items: &[Item]) {
        let rooms = model::rooms(self.level);
        let first = rooms.first().map_or(items.len(), |r| r.items.start);
        let last = rooms.last().map_or(items.len(), |r| r.items.end);
        self.items(&items[..first]);
        let name_of = |r: &model::Room| -> Option<String> {
            items[r.items.clone()].iter().find_map(|i| match i {
                Item::Statement(s) if s.keyword == "NAME" => {
                    s.args.first()?.string().map(String::from)
                }
                _ => None,
            })
        };
        let names: Vec<Option<String>> = rooms.iter().map(name_of).collect();
        let parent: Vec<Option<usize>> = rooms
            .iter()
            .map(|r| {
                let wanted = r.header.args.get(4).and_then(Value::string)?;
                names.iter().position(|n| n.as_deref() == Some(wanted))
            })
            .collect();
        for (i, room) in rooms.iter().enumerate() {
            if room.header.keyword == "SUBROOM" && parent[i].is_none() {
                self.cannot(
                    &room.header.span,
                    "a SUBROOM whose parent room is not named",
                );
            }
        }
        let roots: Vec<usize> = (0..rooms.len())
            .filter(|&i| rooms[i].header.keyword == "ROOM")
            .collect();
        for r in roots {
            self.room_343(&rooms, &parent, r, items);
        }
        self.items(&items[last..]);
    }

    fn room_343(
        &mut self,
        rooms: &[model::Room],
        parent: &[Option<usize>],
        i: usize,
        items: &[Item],
    ) {
        let room = &rooms[i];
        self.comments_before(room.header.span.start);
        let chance = items[room.items.clone()].iter().find_map(|it| match it {
            Item::Statement(s) if s.keyword == "CHANCE" => s.args.first()?.integer(),
            _ => None,
        });
        let fields = match self.room_fields(room.header, chance) {
            Ok(f) => f,
            Err(why) => {
                self.cannot(&room.header.span, &why);
                return;
            }
        };
        let details: Vec<Item> = items[room.items.start + 1..room.items.end]
            .iter()
            .filter(|it| !matches!(it, Item::Statement(s) if s.keyword == "NAME" || s.keyword == "CHANCE"))
            .cloned()
            .collect();
        // A room with no field of its own starts its table with the contents.
        let head = inner(&fields);
        let sep = if head.is_empty() { "" } else { ", " };
        self.out
            .open(&format!("des.room({{ {head}{sep}contents=function()"));
        self.items(&details);
        for child in (0..rooms.len()).filter(|&c| parent[c] == Some(i)) {
            self.room_343(rooms, parent, child, items);
        }
        self.out.close("end })");
    }
}

/// The variables `item` and the items in it assign, with how deep in
/// blocks each assignment is.
fn assignments(item: &Item, depth: usize, out: &mut Vec<(String, usize)>) {
    if let Item::Assignment(a) = item {
        if let ValueKind::Variable { name, .. } = &a.variable.kind {
            let name = variable_name(name);
            // A nameless one is said where it stands.
            if !name.is_empty() {
                out.push((name, depth));
            }
        }
    }
    for child in item.children() {
        assignments(child, depth + 1, out);
    }
}
