//! The argument forms of each 3.6 statement (spec B3), matched as lev_comp
//! 3.6's grammar reads them. The tree's arguments arrive flat (`line
//! (1,1),(5,5)` is a `line(…)` call followed by a tuple), so each statement
//! is read slot by slot with a small reader over `&[Value]`.
//!
//! Where a shape is not certain to be wrong (a `$variable`, an expression the
//! tree reads loosely), the reader gives up quietly: a false error on a file
//! lev_comp accepts is worse than a miss.

use crate::formats::nethack::check::names;
use crate::formats::nethack::names::scripting::{
    ALIGNMENTS, ALTAR_TYPES, BOOLEAN, DIRECTIONS, DOOR_STATES, ENGRAVING_TYPES, H_ALIGN, LIGHT,
    UP_DOWN, V_ALIGN,
};
use crate::formats::nethack::names::{lexicon, profiles};
use crate::formats::nethack::syntax::{Statement, Value, ValueKind};
use crate::formats::{Diagnostic, Severity};

/// How a value fits a slot.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Fit {
    Yes,
    No,
    /// Not sure: stop checking this statement.
    Unsure,
}

use Fit::{No, Unsure, Yes};

fn fit(b: bool) -> Fit {
    if b {
        Yes
    } else {
        No
    }
}

/// Why the reader stopped.
enum Stop {
    Bad(Diagnostic),
    Unsure,
}

type Res = Result<(), Stop>;

/// INIT_MAP's first word: a fill style (`names::scripting::FILL_STYLES`), or
/// `limited`, which this check lets through as it always has (completion does
/// not offer it).
const INIT: &[&str] = &["solidfill", "mazegrid", "mines", "rogue", "limited"];

/// A value word from `set`; other words, numbers, strings… are wrong.
fn word_in(v: &Value, set: &[&str]) -> Fit {
    match &v.kind {
        ValueKind::Word(w) => fit(set.contains(&w.as_str())),
        ValueKind::Variable { .. } | ValueKind::Binary { .. } => Unsure,
        ValueKind::Integer(_)
        | ValueKind::String(_)
        | ValueKind::Char(_)
        | ValueKind::Tuple(_)
        | ValueKind::Call { .. }
        | ValueKind::Dice { .. }
        | ValueKind::Percent(_) => No,
        _ => Unsure,
    }
}

/// `north|west`, or one direction.
fn directions(v: &Value) -> Fit {
    match &v.kind {
        ValueKind::Binary {
            operator,
            left,
            right,
            ..
        } if operator == "|" => match (directions(left), directions(right)) {
            (Yes, Yes) => Yes,
            (No, _) | (_, No) => No,
            _ => Unsure,
        },
        _ => word_in(v, DIRECTIONS),
    }
}

/// A tuple whose parentheses hold more than its values: `(41 09)` read as
/// `(41)`. lev_comp wants a comma there.
fn loose_tuple(text: &str, v: &Value) -> bool {
    let ValueKind::Tuple(vals) = &v.kind else {
        return false;
    };
    let inner = text
        .get(v.span.clone())
        .unwrap_or("")
        .trim_start_matches('(')
        .trim_end_matches(')');
    let written: usize = vals.iter().map(|x| x.span.len()).sum();
    let bare: String = inner.chars().filter(|c| !c.is_whitespace()).collect();
    // Values plus the commas between them.
    bare.len() > written + vals.len().saturating_sub(1) + 2 * count_parens(inner)
}

/// What a core value or function of the grammar in force gives
/// (UnNetHack's `level.depth`, `coord(x, y)`), written bare or called.
fn core_returns(v: &Value) -> Option<char> {
    let name = match &v.kind {
        ValueKind::Word(w) => w,
        ValueKind::Call { name, .. } => name,
        _ => return None,
    };
    lexicon::core_function(name).map(|f| f.returns)
}

fn count_parens(s: &str) -> usize {
    s.chars().filter(|c| matches!(c, '(' | ')')).count()
}

fn int(v: &Value) -> Fit {
    if let Some(returns) = core_returns(v) {
        return fit(returns == 'i');
    }
    match &v.kind {
        ValueKind::Integer(_) | ValueKind::Dice { .. } | ValueKind::Variable { .. } => Yes,
        ValueKind::Binary { operator, .. } => {
            fit(matches!(operator.as_str(), "+" | "-" | "*" | "/" | "%"))
        }
        ValueKind::Tuple(vals) => fit(vals.len() == 1),
        ValueKind::String(_) | ValueKind::Char(_) | ValueKind::Word(_) | ValueKind::Call { .. } => {
            No
        }
        _ => Unsure,
    }
}

fn string(v: &Value) -> Fit {
    if let Some(returns) = core_returns(v) {
        return fit(returns == 's');
    }
    match &v.kind {
        ValueKind::String(_) | ValueKind::Variable { .. } => Yes,
        ValueKind::Binary { operator, .. } => fit(operator == "."),
        ValueKind::Integer(_) | ValueKind::Char(_) | ValueKind::Tuple(_) | ValueKind::Word(_) => No,
        _ => Unsure,
    }
}

fn coord(v: &Value) -> Fit {
    if let Some(returns) = core_returns(v) {
        return fit(returns == 'c');
    }
    match &v.kind {
        ValueKind::Tuple(vals) => fit(vals.len() == 2),
        ValueKind::Word(w) => fit(w == "random"),
        ValueKind::Register { name, .. } => fit(name == "random"),
        ValueKind::Call { name, .. } => fit(name == "rndcoord"),
        ValueKind::Variable { .. } => Yes,
        ValueKind::Integer(_)
        | ValueKind::String(_)
        | ValueKind::Char(_)
        | ValueKind::Dice { .. }
        | ValueKind::Percent(_)
        | ValueKind::Keyed { .. }
        | ValueKind::List(_) => No,
        _ => Unsure,
    }
}

fn region(v: &Value) -> Fit {
    if let Some(returns) = core_returns(v) {
        return fit(returns == 'r');
    }
    match &v.kind {
        ValueKind::Tuple(vals) => fit(vals.len() == 4),
        ValueKind::Variable { .. } => Yes,
        ValueKind::Integer(_)
        | ValueKind::String(_)
        | ValueKind::Char(_)
        | ValueKind::Word(_)
        | ValueKind::Call { .. } => No,
        _ => Unsure,
    }
}

const LEV_REGION: &str = "a level region `(x1,y1,x2,y2)` or `levregion(x1,y1,x2,y2)`";

/// `(x1,y1,x2,y2)` in the map, or `levregion(…)` in the level.
fn lev_region(v: &Value) -> Fit {
    match &v.kind {
        ValueKind::Tuple(vals) => fit(vals.len() == 4),
        ValueKind::Call { name, .. } => fit(name == "levregion"),
        ValueKind::Integer(_)
        | ValueKind::String(_)
        | ValueKind::Char(_)
        | ValueKind::Word(_)
        | ValueKind::List(_) => No,
        _ => Unsure,
    }
}

/// ROOM, SUBROOM and REGION end with room flags (3.4.3's `true` is none).
fn room_flags(r: &mut Reader) -> Res {
    while !r.done() {
        r.take_words(
            &[
                "filled",
                "unfilled",
                "regular",
                "irregular",
                "joined",
                "unjoined",
            ],
            "a room flag (filled, unfilled, regular, irregular, joined, unjoined)",
        )?;
    }
    Ok(())
}

/// A room's position or size: `(a,b)` or `random`.
fn pair_or_random(v: &Value) -> Fit {
    match &v.kind {
        ValueKind::Tuple(vals) => fit(vals.len() == 2),
        ValueKind::Word(w) => fit(w == "random"),
        ValueKind::Variable { .. } => Unsure,
        ValueKind::Integer(_)
        | ValueKind::String(_)
        | ValueKind::Char(_)
        | ValueKind::List(_)
        | ValueKind::Call { .. } => No,
        _ => Unsure,
    }
}

fn mapchar(v: &Value) -> Fit {
    match &v.kind {
        ValueKind::Char(_) | ValueKind::Variable { .. } => Yes,
        ValueKind::Tuple(vals) => match vals.as_slice() {
            [c, l] => fit(matches!(c.kind, ValueKind::Char(_)) && word_in(l, LIGHT) != No),
            _ => No,
        },
        ValueKind::Integer(_) | ValueKind::String(_) | ValueKind::Word(_) => No,
        _ => Unsure,
    }
}

/// A monster or an object: `"name"`, `'c'`, `('c', "name")`, `random`.
fn thing(v: &Value) -> Fit {
    match &v.kind {
        ValueKind::String(_) | ValueKind::Char(_) | ValueKind::Variable { .. } => Yes,
        ValueKind::Word(w) => fit(w == "random"),
        ValueKind::Tuple(vals) => fit(matches!(
            vals.as_slice(),
            [
                Value {
                    kind: ValueKind::Char(_),
                    ..
                },
                Value {
                    kind: ValueKind::String(_),
                    ..
                }
            ]
        )),
        ValueKind::Integer(_) | ValueKind::Call { .. } => No,
        _ => Unsure,
    }
}

mod grammar;

struct Reader<'a> {
    text: &'a str,
    s: &'a Statement,
    i: usize,
}

impl<'a> Reader<'a> {
    fn args(&self) -> &'a [Value] {
        &self.s.args
    }

    fn written(&self, v: &Value) -> String {
        let t = self.text.get(v.span.clone()).unwrap_or("");
        let t: String = t.chars().take(40).collect();
        t.replace('\n', " ")
    }

    fn kind_error(&self, v: &Value, what: &str) -> Stop {
        Stop::Bad(Diagnostic::new(
            Severity::Error,
            "nethack::argument-kind",
            v.span.clone(),
            format!(
                "`{}` does not fit here: `{}` takes {what} (lev_comp: syntax error)",
                self.written(v),
                self.s.keyword
            ),
        ))
    }

    fn missing(&self, what: &str) -> Stop {
        let at = self
            .args()
            .last()
            .map_or(self.s.keyword_span.clone(), |v| v.span.clone());
        Stop::Bad(Diagnostic::new(
            Severity::Error,
            "nethack::argument-count",
            at,
            format!(
                "`{}` is missing an argument: it needs {what} here (lev_comp: syntax error)",
                self.s.keyword
            ),
        ))
    }

    fn extra(&self) -> Res {
        match self.args().get(self.i) {
            None => Ok(()),
            Some(v) => Err(Stop::Bad(Diagnostic::new(
                Severity::Error,
                "nethack::argument-count",
                v.span.clone(),
                format!(
                    "unexpected `{}`: `{}` takes no more arguments (lev_comp: syntax error)",
                    self.written(v),
                    self.s.keyword
                ),
            ))),
        }
    }

    fn done(&self) -> bool {
        self.i >= self.args().len()
    }

    /// The next argument, which must fit `f`.
    fn take(&mut self, f: impl Fn(&Value) -> Fit, what: &str) -> Res {
        let Some(v) = self.args().get(self.i) else {
            return Err(self.missing(what));
        };
        self.i += 1;
        if loose_tuple(self.text, v) {
            return Err(
                self.kind_error(v, &format!("{what}; a comma is missing between the values"))
            );
        }
        match f(v) {
            Yes => Ok(()),
            No => Err(self.kind_error(v, what)),
            Unsure => Err(Stop::Unsure),
        }
    }

    fn take_words(&mut self, set: &[&str], what: &str) -> Res {
        self.take(|v| word_in(v, set), what)
    }

    /// A selection; `line c, c` and `randline c, c, n` arrive as a call and
    /// then the arguments after it.
    fn selection(&mut self) -> Res {
        const WHAT: &str =
            "a selection (a coordinate, `rect (x1,y1,x2,y2)`, `line c, c`, `grow(…)`, `$sel`, …)";
        let Some(v) = self.args().get(self.i) else {
            return Err(self.missing(WHAT));
        };
        if loose_tuple(self.text, v) {
            self.i += 1;
            return Err(
                self.kind_error(v, &format!("{WHAT}; a comma is missing between the values"))
            );
        }
        if let ValueKind::Call { name, .. } = &v.kind {
            match name.as_str() {
                "line" => {
                    self.i += 1;
                    return self.take(coord, "the line's end coordinate");
                }
                "randline" => {
                    self.i += 1;
                    self.take(coord, "the line's end coordinate")?;
                    return self.take(int, "the line's roughness (an integer)");
                }
                _ => {}
            }
        }
        self.take(selection, WHAT)
    }
}

fn selection(v: &Value) -> Fit {
    // A coordinate is a selection of one spot: `coord(x, y)` too.
    if core_returns(v).is_some() {
        return coord(v);
    }
    match &v.kind {
        ValueKind::Call { name, .. } => match name.as_str() {
            "rect" | "fillrect" | "grow" | "filter" | "floodfill" | "circle" | "ellipse"
            | "gradient" | "rndcoord" | "complement" => Yes,
            "line" | "randline" => Unsure,
            _ => No,
        },
        ValueKind::Binary {
            operator,
            left,
            right,
            ..
        } if operator == "&" => match (selection(left), selection(right)) {
            (Yes, Yes) => Yes,
            _ => Unsure,
        },
        ValueKind::Tuple(vals) if vals.len() == 1 => selection(&vals[0]),
        // `(line c, c)`, `(randline c, c, n)`: the call and what follows it.
        ValueKind::Tuple(vals)
            if matches!(vals.first().map(|v| &v.kind), Some(ValueKind::Call { .. })) =>
        {
            Unsure
        }
        _ => coord(v),
    }
}

/// `OBJECT`'s extra infos: each kind at most once.
fn object_info(v: &Value) -> Result<&'static str, Fit> {
    match &v.kind {
        ValueKind::Word(w) => match w.as_str() {
            "blessed" | "uncursed" | "cursed" => Ok("curse state"),
            "buried" => Ok("buried"),
            "lit" | "unlit" => Ok("lit"),
            "erodeproof" => Ok("erodeproof"),
            "locked" | "broken" => Ok("door"),
            "trapped" | "not_trapped" => Ok("trapped"),
            "invisible" => Ok("invisible"),
            "greased" => Ok("greased"),
            "random" => Ok("coordinate"),
            // lev_comp: DOOR state can only be locked or broken.
            "open" | "closed" | "nodoor" | "secret" => Err(No),
            _ => Err(Unsure),
        },
        ValueKind::Keyed { key, .. } => match key.as_str() {
            "montype" => Ok("montype"),
            "name" => Ok("name"),
            "quantity" => Ok("quantity"),
            "eroded" => Ok("eroded"),
            "recharged" => Ok("recharged"),
            _ => Err(No),
        },
        ValueKind::Integer(_) | ValueKind::Dice { .. } => Ok("enchantment"),
        ValueKind::Tuple(vals) if vals.len() == 2 => Ok("coordinate"),
        ValueKind::Tuple(_) => Err(No),
        ValueKind::Register { name, .. } if name == "random" => Ok("coordinate"),
        ValueKind::Call { name, .. } if name == "rndcoord" => Ok("coordinate"),
        ValueKind::String(_) | ValueKind::Char(_) => Err(No),
        _ => Err(Unsure),
    }
}

/// `MONSTER`'s extra infos: each kind at most once.
fn monster_info(v: &Value) -> Result<&'static str, Fit> {
    match &v.kind {
        ValueKind::String(_) => Ok("name"),
        ValueKind::Binary { operator, .. } if operator == "." => Ok("name"),
        ValueKind::Word(w) => match w.as_str() {
            "peaceful" | "hostile" => Ok("attitude"),
            "asleep" | "awake" => Ok("alertness"),
            "law" | "neutral" | "chaos" | "noalign" | "coaligned" | "noncoaligned" => Ok("align"),
            "female" => Ok("female"),
            "invisible" => Ok("invisible"),
            "cancelled" => Ok("cancelled"),
            "revived" => Ok("revived"),
            "avenge" => Ok("avenge"),
            "stunned" => Ok("stunned"),
            "confused" => Ok("confused"),
            "random" => Err(No),
            _ => Err(Unsure),
        },
        ValueKind::Register { name, .. } if name == "align" => Ok("align"),
        ValueKind::Keyed { key, .. } => match key.as_str() {
            "align" => Ok("align"),
            "fleeing" => Ok("fleeing"),
            "blinded" => Ok("blinded"),
            "paralyzed" => Ok("paralyzed"),
            "seen_traps" => Ok("seen_traps"),
            _ => Err(No),
        },
        ValueKind::Tagged { .. } => Ok("appearance"),
        ValueKind::Tuple(_) | ValueKind::Integer(_) | ValueKind::Char(_) => Err(No),
        _ => Err(Unsure),
    }
}

const MONSTER_INFOS: &str = "a monster info (a name string, peaceful/hostile, asleep/awake, an alignment, female, invisible, cancelled, revived, avenge, stunned, confused, `fleeing: n`, `blinded: n`, `paralyzed: n`, `seen_traps: …`, `m_feature \"…\"`…)";
const OBJECT_INFOS: &str = "an object info (a coordinate, a curse state, `montype: …`, an enchantment, `name: \"…\"`, `quantity: n`, buried, lit/unlit, `eroded: n`, erodeproof, locked/broken, trapped/not_trapped, `recharged: n`, invisible, greased)";

/// The infos after a monster's coordinate or after an object.
fn infos(
    r: &mut Reader,
    read: fn(&Value) -> Result<&'static str, Fit>,
    what: &str,
    seen: &mut Vec<&'static str>,
) -> Res {
    while let Some(v) = r.args().get(r.i) {
        r.i += 1;
        match read(v) {
            Ok(kind) if seen.contains(&kind) => {
                return Err(Stop::Bad(Diagnostic::new(
                    Severity::Error,
                    "nethack::argument-kind",
                    v.span.clone(),
                    format!(
                        "`{}`: `{}` already has its {kind}; each info may be given once (lev_comp: {} extra info defined twice)",
                        r.written(v),
                        r.s.keyword,
                        if r.s.keyword == "MONSTER" { "MONSTER" } else { "OBJECT" }
                    ),
                )))
            }
            Ok(kind) => seen.push(kind),
            Err(No) => {
                let door = matches!(v.word(), Some("open" | "closed" | "nodoor" | "secret"));
                if door && r.s.keyword != "MONSTER" {
                    return Err(Stop::Bad(Diagnostic::new(
                        Severity::Error,
                        "nethack::argument-kind",
                        v.span.clone(),
                        format!(
                            "`{}`: an object's door state can only be locked or broken (lev_comp: DOOR state can only be locked or broken.)",
                            r.written(v)
                        ),
                    )));
                }
                let mut d = r.kind_error(v, what);
                if r.s.keyword == "MONSTER" && r.i == 3 {
                    if let Stop::Bad(d) = &mut d {
                        d.message = format!(
                            "`{}` does not fit here: after the coordinate `MONSTER` takes {what}; the 3.4.3 form `MONSTER: class, name, coord` is `MONSTER: ('c', \"name\"), coord` in 3.6 (lev_comp: syntax error)",
                            r.written(v)
                        );
                    }
                }
                return Err(d);
            }
            Err(_) => return Err(Stop::Unsure),
        }
    }
    Ok(())
}

/// The first problem with `s`'s arguments, if any. `contained`: `s` stands
/// in a CONTAINER's or a MONSTER's block.
pub(super) fn check(text: &str, s: &Statement, contained: bool) -> Option<Diagnostic> {
    let mut r = Reader { text, s, i: 0 };
    match form(&mut r, contained) {
        Err(Stop::Bad(d)) => Some(d),
        _ => None,
    }
}

fn form(r: &mut Reader, contained: bool) -> Res {
    let kw = r.s.keyword.as_str();
    match kw {
        "MONSTER" => {
            r.take(thing, "a monster (`\"name\"`, `'c'`, `('c', \"name\")`, `random` or `$mon`)")?;
            r.take(coord, "a coordinate (`(x,y)`, `random`, `rndcoord(…)` or `$c`)")?;
            infos(r, monster_info, MONSTER_INFOS, &mut Vec::new())
        }
        "OBJECT" | "CONTAINER" => {
            r.take(thing, "an object (`\"name\"`, `'c'`, `('c', \"name\")`, `random` or `$obj`)")?;
            let mut seen = Vec::new();
            infos(r, object_info, OBJECT_INFOS, &mut seen)?;
            let first = r.args().first().map_or(r.s.keyword_span.clone(), |v| v.span.clone());
            let has_coord = seen.contains(&"coordinate");
            if contained && has_coord {
                // The coordinate's own span is not kept by `infos`: point at the
                // first tuple or coordinate-like argument after the object.
                let at = r
                    .args()
                    .iter()
                    .skip(1)
                    .find(|v| v.point().is_some() || v.word() == Some("random"))
                    .map_or(first.clone(), |v| v.span.clone());
                return Err(Stop::Bad(Diagnostic::new(
                    Severity::Error,
                    "nethack::argument-kind",
                    at,
                    "an object inside a CONTAINER or a MONSTER's inventory has no place of its own: remove the coordinate (lev_comp: Object cannot have a coord when contained.)",
                )));
            }
            if !contained && !has_coord && kw == "OBJECT" {
                return Err(Stop::Bad(Diagnostic::new(
                    Severity::Error,
                    "nethack::argument-count",
                    first,
                    "this object has no coordinate: outside a container an `OBJECT` needs one, `OBJECT: …, (x,y)` or `random` (lev_comp: Object needs a coord when not contained.)",
                )));
            }
            Ok(())
        }
        "TRAP" => {
            r.take(
                |v| match &v.kind {
                    ValueKind::Word(w) => fit(w == "random"),
                    _ => string(v),
                },
                "a trap name (a string) or `random`",
            )?;
            r.take(coord, "a coordinate")?;
            r.extra()
        }
        "DOOR" => {
            r.take_words(DOOR_STATES, "a door state (open, closed, locked, nodoor, broken, secret or random)")?;
            r.selection()?;
            r.extra()
        }
        "ROOMDOOR" => {
            r.take(
                |v| word_in(v, &["true", "false", "random"]),
                "whether the door is secret (true, false or random)",
            )?;
            r.take_words(DOOR_STATES, "a door state")?;
            r.take(
                |v| match word_in(v, &["random"]) {
                    Yes => Yes,
                    _ => directions(v),
                },
                "a wall (north, south, east, west, `north|south`… or random)",
            )?;
            r.take(
                |v| match v.kind {
                    ValueKind::Integer(_) => Yes,
                    _ => word_in(v, &["random"]),
                },
                "the door's position on the wall (a number or random)",
            )?;
            r.extra()
        }
        "GEOMETRY" => {
            match r.args().first().map(|v| &v.kind) {
                Some(ValueKind::Word(w)) if w != "random" => {
                    r.take_words(H_ALIGN, "a horizontal alignment (left, half-left, center, half-right, right)")?;
                    r.take_words(V_ALIGN, "a vertical alignment (top, center, bottom)")?;
                }
                _ => r.take(coord, "an alignment `h, v` or a coordinate")?,
            }
            if !r.done() {
                r.take_words(BOOLEAN, "whether the map is filled (true or false)")?;
            }
            r.extra()
        }
        // UnNetHack's `INIT_MAP: sheollev` takes nothing more.
        "INIT_MAP"
            if r.args().first().and_then(Value::word).is_some_and(|w| {
                profiles::forms_in_force().bare_fill_styles.contains(&w)
            }) =>
        {
            r.i += 1;
            r.extra()
        }
        "INIT_MAP" => r.take_words(INIT, "the fill style: `solidfill, 'c'`, `mazegrid, 'c'`, `rogue` or `mines, 'fg', 'bg', …` (3.4.3's `INIT_MAP: 'c', 'c', …` is `INIT_MAP: mines, 'c', 'c', …` in 3.6)"),
        "GOLD" => {
            r.take(int, "an amount of gold (an integer expression)")?;
            r.take(coord, "a coordinate")?;
            r.extra()
        }
        "DRAWBRIDGE" => {
            r.take(coord, "a coordinate")?;
            r.take(directions, "a direction")?;
            let state = r.args().get(r.i);
            r.take_words(DOOR_STATES, "a drawbridge state (open, closed or random)")?;
            if let Some(v) = state {
                if word_in(v, &["open", "closed", "random"]) == No {
                    return Err(Stop::Bad(Diagnostic::new(
                        Severity::Error,
                        "nethack::argument-kind",
                        v.span.clone(),
                        format!(
                            "`{}`: a drawbridge can only be open, closed or random (lev_comp: A drawbridge can only be open, closed or random!)",
                            r.written(v)
                        ),
                    )));
                }
            }
            r.extra()
        }
        "ROOM" | "SUBROOM" => {
            if let Some(v) = r.args().first() {
                if let ValueKind::Weighted { value, chance } = &v.kind {
                    // lev_comp makes an unknown type ordinary.
                    let untyped = match &value.kind {
                        ValueKind::String(t) => t == "ordinary" || !names::is_room_type_36(t),
                        ValueKind::Word(w) => w == "random",
                        _ => false,
                    };
                    if untyped && chance.percent < 100 {
                        return Err(Stop::Bad(Diagnostic::new(
                            Severity::Error,
                            "nethack::argument-kind",
                            v.span.clone(),
                            "only typed rooms can have a chance: an ordinary or random room (or one of an unknown type, made ordinary) is always made; drop the `[n%]` or give a room type (lev_comp: Only typed rooms can have a chance.)",
                        )));
                    }
                }
            }
            r.take(
                |v| match &v.kind {
                    ValueKind::Weighted { value, .. } => string(value),
                    ValueKind::Word(w) => fit(w == "random"),
                    _ => string(v),
                },
                "a room type (a string, with an optional `[n%]`) or `random`",
            )?;
            r.take_words(LIGHT, "a light state (lit, unlit or random)")?;
            r.take(pair_or_random, "a position `(x,y)` or `random`")?;
            if kw == "ROOM" {
                r.take(
                    |v| match &v.kind {
                        ValueKind::Tuple(vals) if vals.len() == 2 => fit(vals
                            .iter()
                            .all(|x| matches!(x.kind, ValueKind::Word(_)))),
                        _ => word_in(v, &["random"]),
                    },
                    "an alignment `(h,v)` such as `(center,center)`, or `random`",
                )?;
            }
            r.take(pair_or_random, "a size `(w,h)` or `random`")?;
            room_flags(r)
        }
        "TERRAIN" => {
            r.selection()?;
            r.take(mapchar, "a map character (`'c'`, `('c', lit)` or `$m`)")?;
            r.extra()
        }
        "REPLACE_TERRAIN" => {
            r.take(region, "a region `(x1,y1,x2,y2)`")?;
            r.take(mapchar, "the map character to replace")?;
            r.take(mapchar, "the map character to put")?;
            r.take(
                |v| match v.kind {
                    ValueKind::Percent(_) => Yes,
                    ValueKind::Variable { .. } => Unsure,
                    _ => No,
                },
                "a chance `n%`",
            )?;
            r.extra()
        }
        "FOUNTAIN" | "SINK" | "POOL" => {
            r.selection()?;
            r.extra()
        }
        "WALLIFY" => {
            if !r.done() {
                r.selection()?;
            }
            r.extra()
        }
        "MAZEWALK" => {
            r.take(coord, "a coordinate")?;
            r.take(directions, "a direction (north, south, east or west)")?;
            if !r.done() {
                r.take_words(BOOLEAN, "whether to stock the maze (true or false)")?;
            }
            if !r.done() {
                r.take(
                    |v| fit(matches!(v.kind, ValueKind::Char(_))),
                    "a fill character",
                )?;
            }
            r.extra()
        }
        "GRAVE" => {
            r.take(coord, "a coordinate")?;
            if !r.done() {
                r.take(
                    |v| match &v.kind {
                        ValueKind::Word(w) => fit(w == "random"),
                        _ => string(v),
                    },
                    "an epitaph (a string) or `random`",
                )?;
            }
            r.extra()
        }
        "ENGRAVING" => {
            r.take(coord, "a coordinate")?;
            r.take_words(ENGRAVING_TYPES, "an engraving type (dust, engrave, burn, mark, blood or random)")?;
            r.take(string, "the engraved text (a string)")?;
            r.extra()
        }
        "REGION" => {
            r.take(region, "a region `(x1,y1,x2,y2)` or `$r`")?;
            r.take_words(LIGHT, "a light state (lit, unlit or random)")?;
            r.take(
                |v| match &v.kind {
                    ValueKind::Word(w) => fit(w == "random"),
                    _ => string(v),
                },
                "a room type (a string) or `random`",
            )?;
            room_flags(r)
        }
        "NON_DIGGABLE" | "NON_PASSWALL" => {
            r.take(region, "a region `(x1,y1,x2,y2)`")?;
            r.extra()
        }
        "LADDER" => {
            r.take(coord, "a coordinate")?;
            r.take_words(UP_DOWN, "up or down")?;
            r.extra()
        }
        // STAIR's region form has three arguments.
        "STAIR" if r.args().len() >= 3 => {
            r.take(lev_region, LEV_REGION)?;
            r.take(lev_region, LEV_REGION)?;
            r.take_words(UP_DOWN, "up or down")?;
            r.extra()
        }
        "STAIR" => {
            r.take(coord, "a coordinate (`(x,y)`, `random`, `rndcoord(…)` or `$c`)")?;
            r.take_words(UP_DOWN, "up or down")?;
            r.extra()
        }
        "BRANCH" | "PORTAL" | "TELEPORT_REGION" => {
            r.take(lev_region, LEV_REGION)?;
            r.take(lev_region, "the region to avoid, `(x1,y1,x2,y2)` or `levregion(…)`")?;
            match kw {
                "PORTAL" => r.take(string, "the destination level's name (a string)")?,
                "TELEPORT_REGION" if !r.done() => r.take_words(UP_DOWN, "up or down")?,
                _ => {}
            }
            r.extra()
        }
        "ALTAR" => {
            r.take(coord, "a coordinate")?;
            r.take(
                |v| match &v.kind {
                    ValueKind::Register { name, .. } => fit(name == "align"),
                    _ => word_in(v, ALIGNMENTS),
                },
                "an alignment (law, neutral, chaos, noalign, coaligned, noncoaligned, `align[i]` or random)",
            )?;
            r.take_words(ALTAR_TYPES, "an altar type (altar, shrine, sanctum or random)")?;
            r.extra()
        }
        // A variant's statement levls has no form for: its grammar's rules.
        _ => match lexicon::grammar_forms(kw, super::super::blocks::is_keyword(kw)) {
            Some(forms) => grammar::check(r, forms),
            None => Ok(()),
        },
    }
}
