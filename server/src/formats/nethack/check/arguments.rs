//! Each statement's arguments, slot by slot, against lev_comp 3.4.3's grammar
//! (spec A3): how many, and of which kind (string, character, number,
//! coordinate, region, value word of the right class, register). Value sets
//! (trap names, class characters, ranges) are lev_comp's own checks (`semantics.rs`).
//!
//! One error per statement, at the first argument that does not fit; a
//! statement the order check (`order.rs`) already explained is left alone.

use crate::formats::nethack::check::order::quiet_ranges;
use crate::formats::nethack::check::report::edit;
use crate::formats::nethack::names::profiles::{forms_in_force, DoorTail};
use crate::formats::nethack::names::vocabulary::{self, ValueClass, Where};
use crate::formats::nethack::syntax::{
    Document, Item, Level, LevelKind, Span, Statement, Value, ValueKind,
};
use crate::formats::{closest, Diagnostic, Severity};

/// One alternative of an argument slot.
#[derive(Clone, Copy, Debug, PartialEq)]
enum A {
    Str,
    Char,
    Int,
    /// A lowercase value word of the class (`Random` is `random`).
    Word(ValueClass),
    /// `(x,y)`.
    Point,
    /// `(x1,y1,x2,y2)`.
    Rect,
    PlaceReg,
    ObjReg,
    MonReg,
    AlignReg,
    /// `levregion(x1,y1,x2,y2)`.
    LevRegion,
    /// ROOM's `(h, v)` alignment.
    Align,
    /// CORRIDOR's `(room, wall, door_pos)`.
    CorrSpec,
    /// `m_feature "…"`, `m_monster "…"`, `m_object "…"`.
    Disguise,
}

use ValueClass as V;
use A::*;

#[derive(Clone, Copy)]
struct Slot {
    name: &'static str,
    alts: &'static [A],
}

/// A slot literal (a struct expression, so that `&[sl!(…)]` is promoted to a static).
macro_rules! sl {
    ($name:expr, $alts:expr $(,)?) => {
        Slot {
            name: $name,
            alts: $alts,
        }
    };
}

const COORD: &[A] = &[Point, PlaceReg, Word(V::Random)];
const LREG: &[A] = &[Rect, LevRegion];
const LIGHT: Slot = sl!("light state", &[Word(V::LightState), Word(V::Random)]);
const ROOM_TYPE: Slot = sl!("room type", &[Str, Word(V::Random)]);

/// A statement form: required slots, optional slots, and a slot that repeats.
struct Sig {
    required: &'static [Slot],
    optional: &'static [Slot],
    rest: Option<Slot>,
}

const fn sig(required: &'static [Slot], optional: &'static [Slot], rest: Option<Slot>) -> Sig {
    Sig {
        required,
        optional,
        rest,
    }
}

const MONSTER_INFO: Slot = sl!(
    "extra monster information",
    &[
        Str,
        Word(V::Attitude),
        Word(V::Alertness),
        Word(V::Alignment),
        AlignReg,
        Word(V::Random),
        Disguise,
    ],
);

/// The argument forms of `keyword` in a level of `kind` with `n` arguments.
fn signature(keyword: &str, kind: LevelKind, args: &[Value]) -> Option<Sig> {
    let n = args.len();
    Some(match keyword {
        "MAZE" => sig(
            &[
                sl!("level name", &[Str]),
                sl!("fill character", &[Char, Word(V::Random)]),
            ],
            &[],
            None,
        ),
        "LEVEL" => sig(&[sl!("level name", &[Str])], &[], None),
        "FLAGS" => sig(
            &[sl!("flag", &[Word(V::Flag)])],
            &[],
            Some(sl!("flag", &[Word(V::Flag)])),
        ),
        "INIT_MAP" => sig(
            &[
                sl!("foreground map character", &[Char]),
                sl!("background map character", &[Char]),
                sl!("smoothed (true/false)", &[Word(V::Boolean)]),
                sl!("joined (true/false)", &[Word(V::Boolean)]),
                LIGHT,
                sl!("walled", &[Word(V::Boolean), Word(V::Random)]),
            ],
            &[],
            None,
        ),
        "MESSAGE" => sig(&[sl!("message", &[Str])], &[], None),
        "NAME" => sig(&[sl!("room name", &[Str])], &[], None),
        "CHANCE" => sig(&[sl!("chance", &[Int])], &[], None),
        "GEOMETRY" => sig(
            &[
                sl!("horizontal placement", &[Word(V::HAlign)]),
                sl!("vertical placement", &[Word(V::VAlign)]),
            ],
            &[],
            None,
        ),
        "RANDOM_OBJECTS" => sig(
            &[sl!("object class", &[Char])],
            &[],
            Some(sl!("object class", &[Char])),
        ),
        "RANDOM_MONSTERS" => sig(
            &[sl!("monster class", &[Char])],
            &[],
            Some(sl!("monster class", &[Char])),
        ),
        "RANDOM_PLACES" => sig(&[sl!("place", &[Point])], &[], Some(sl!("place", &[Point]))),
        "ROOM" => sig(
            &[
                ROOM_TYPE,
                LIGHT,
                sl!("position in the 5×5 grid", &[Point, Word(V::Random)]),
                sl!("alignment in its cell", &[Align, Word(V::Random)]),
                sl!("size", &[Point, Word(V::Random)]),
            ],
            &[sl!("filled (true/false)", &[Word(V::Boolean)])],
            None,
        ),
        "SUBROOM" => sig(
            &[
                ROOM_TYPE,
                LIGHT,
                sl!("position in its parent", &[Point, Word(V::Random)]),
                sl!("size", &[Point, Word(V::Random)]),
                sl!("parent room name", &[Str]),
            ],
            &[sl!("filled (true/false)", &[Word(V::Boolean)])],
            None,
        ),
        "CORRIDOR" => sig(
            &[
                sl!("start", &[CorrSpec]),
                sl!("end (or a number)", &[CorrSpec, Int]),
            ],
            &[],
            None,
        ),
        "MONSTER" => sig(
            &[
                sl!("monster class", &[Char, Word(V::Random), MonReg],),
                sl!("monster name", &[Str, Word(V::Random)]),
                sl!("coordinate", COORD),
            ],
            &[],
            Some(MONSTER_INFO),
        ),
        // The tail is checked by `object_tail`.
        "OBJECT" | "CONTAINER" => sig(
            &[
                sl!("object class", &[Char, Word(V::Random), ObjReg]),
                sl!("object name", &[Str, Word(V::Random)]),
                sl!(
                    "coordinate",
                    &[Point, PlaceReg, Word(V::Random), Word(V::Contained)]
                ),
            ],
            &[],
            None,
        ),
        "TRAP" => sig(
            &[
                sl!("trap name", &[Str, Word(V::Random)]),
                sl!("coordinate", COORD),
            ],
            &[],
            None,
        ),
        "DOOR" => match kind {
            LevelKind::Maze => sig(
                &[
                    sl!("door state", &[Word(V::DoorState), Word(V::Random)]),
                    sl!("coordinate", COORD),
                ],
                &[],
                // A variant's door details after the coordinate.
                match forms_in_force().door_tail {
                    Some(DoorTail::Integer) => Some(sl!("door detail", &[Int])),
                    Some(DoorTail::String) => Some(sl!("artifact key", &[Str])),
                    None => None,
                },
            ),
            LevelKind::Room => sig(
                &[
                    sl!("secret (true/false)", &[Word(V::Boolean), Word(V::Random)]),
                    sl!("door state", &[Word(V::DoorState), Word(V::Random)]),
                    sl!("wall", &[Word(V::Direction), Word(V::Random)]),
                    sl!("position along the wall", &[Int, Word(V::Random)]),
                ],
                &[],
                None,
            ),
        },
        "DRAWBRIDGE" => sig(
            &[
                sl!("coordinate", COORD),
                sl!("direction", &[Word(V::Direction)]),
                sl!("state", &[Word(V::DoorState), Word(V::Random)]),
            ],
            &[],
            None,
        ),
        "MAZEWALK" => sig(
            &[
                sl!("coordinate", COORD),
                sl!("direction", &[Word(V::Direction)]),
            ],
            &[],
            None,
        ),
        "LADDER" => sig(
            &[
                sl!("coordinate", COORD),
                sl!("up or down", &[Word(V::UpDown)]),
            ],
            &[],
            None,
        ),
        "STAIR" if kind == LevelKind::Maze && n >= 3 => sig(
            &[
                sl!("region", LREG),
                sl!("excluded region", LREG),
                sl!("up or down", &[Word(V::UpDown)]),
            ],
            &[],
            None,
        ),
        "STAIR" => sig(
            &[
                sl!("coordinate", COORD),
                sl!("up or down", &[Word(V::UpDown)]),
            ],
            &[],
            None,
        ),
        "PORTAL" => sig(
            &[
                sl!("region", LREG),
                sl!("excluded region", LREG),
                sl!("destination level name", &[Str]),
            ],
            &[],
            None,
        ),
        "TELEPORT_REGION" => sig(
            &[sl!("region", LREG), sl!("excluded region", LREG)],
            &[sl!("up or down", &[Word(V::UpDown)])],
            None,
        ),
        "BRANCH" => sig(
            &[sl!("region", LREG), sl!("excluded region", LREG)],
            &[],
            None,
        ),
        "ALTAR" => sig(
            &[
                sl!("coordinate", COORD),
                sl!(
                    "alignment",
                    &[Word(V::Alignment), AlignReg, Word(V::Random)]
                ),
                sl!("altar type", &[Word(V::AltarType), Word(V::Random)]),
            ],
            &[],
            None,
        ),
        "FOUNTAIN" | "SINK" | "POOL" => sig(&[sl!("coordinate", COORD)], &[], None),
        "GOLD" => sig(
            &[
                sl!("amount", &[Int, Word(V::Random)]),
                sl!("coordinate", COORD),
            ],
            &[],
            None,
        ),
        "ENGRAVING" => sig(
            &[
                sl!("coordinate", COORD),
                sl!("engraving type", &[Word(V::EngravingType), Word(V::Random)]),
                sl!("text", &[Str]),
            ],
            &[],
            None,
        ),
        "NON_DIGGABLE" | "NON_PASSWALL" => sig(&[sl!("region", &[Rect])], &[], None),
        "REGION" => sig(
            &[sl!("region", &[Rect]), LIGHT, ROOM_TYPE],
            &[
                sl!("filling", &[Word(V::Filling)]),
                sl!("irregular (true/false)", &[Word(V::Boolean)]),
            ],
            None,
        ),
        _ => return None,
    })
}

fn error(range: Span, message: impl Into<String>) -> Diagnostic {
    Diagnostic::new(Severity::Error, "nethack::argument-kind", range, message)
}

fn count_error(range: Span, message: impl Into<String>) -> Diagnostic {
    Diagnostic::new(Severity::Error, "nethack::argument-count", range, message)
}

fn word_error(range: Span, message: impl Into<String>) -> Diagnostic {
    Diagnostic::new(Severity::Error, "nethack::unknown-value", range, message)
}

pub fn check(text: &str, doc: &Document, out: &mut Vec<Diagnostic>) {
    let quiet = quiet_ranges(text, doc);
    let is_quiet = |s: &Statement| quiet.iter().any(|q| q.contains(&s.span.start));
    for level in &doc.levels {
        if !is_quiet(&level.header) && level.header.colon.is_some() {
            statement(text, level.kind, &level.header, out);
        }
        for (i, item) in level.items.iter().enumerate() {
            let Item::Statement(s) = item else { continue };
            if is_quiet(s) || s.colon.is_none() || continues(level, i) {
                continue;
            }
            match vocabulary::keyword(&s.keyword) {
                Some(info) if info.colon && info.allowed != Where::Header => {
                    statement(text, level.kind, s, out)
                }
                _ => {}
            }
        }
    }
}

/// The next statement is a value word (`… "x" random`): a lost comma the
/// order check reports; this statement's arguments run on over there.
fn continues(level: &Level, i: usize) -> bool {
    matches!(
        level.items.get(i + 1),
        Some(Item::Statement(next))
            if vocabulary::keyword(&next.keyword).is_none()
                && next.keyword.chars().next().is_some_and(|c| c.is_ascii_lowercase())
    )
}

fn statement(text: &str, kind: LevelKind, s: &Statement, out: &mut Vec<Diagnostic>) {
    let Some(sig) = signature(&s.keyword, kind, &s.args) else {
        return;
    };
    if let Some(d) = check_args(text, kind, s, &sig) {
        out.push(d);
    }
}

fn check_args(text: &str, kind: LevelKind, s: &Statement, sig: &Sig) -> Option<Diagnostic> {
    let kw = s.keyword.as_str();
    // The other form of a two-form statement, before judging slot by slot.
    if let Some(d) = wrong_form(kw, kind, s) {
        return Some(d);
    }
    let mut slots = sig.required.iter().chain(sig.optional.iter());
    for (i, v) in s.args.iter().enumerate() {
        let slot = match slots.next() {
            Some(slot) => *slot,
            None => match sig.rest {
                Some(rest) => rest,
                None if matches!(kw, "OBJECT" | "CONTAINER") => {
                    return object_tail(text, s, &s.args[i..]);
                }
                None => return Some(too_many(text, s, sig, i)),
            },
        };
        if let Some(d) = check_value(text, kw, slot, v) {
            // `MONSTER: random, (1,1)`: an argument left out before this one.
            let next = sig.required.get(i + 1);
            if s.args.len() < sig.required.len()
                && next.is_some_and(|n| n.alts.iter().any(|a| matches_alt(v, *a)))
            {
                return Some(count_error(
                    v.span.clone(),
                    format!(
                        "missing the {} before `{}`: `{kw}` takes {} (lev_comp: syntax error)",
                        slot.name,
                        short(text.get(v.span.clone()).unwrap_or("")),
                        sig.required
                            .iter()
                            .map(|s| s.name)
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                ));
            }
            return Some(d);
        }
    }
    if s.args.len() < sig.required.len() {
        let missing: Vec<&str> = sig.required[s.args.len()..]
            .iter()
            .map(|s| s.name)
            .collect();
        let at = s
            .args
            .last()
            .map_or(s.colon.clone().unwrap_or(s.keyword_span.clone()), |a| {
                a.span.clone()
            });
        return Some(count_error(
            at,
            format!(
                "`{kw}` needs {} argument{} ({}); missing: {} (lev_comp: syntax error)",
                sig.required.len(),
                if sig.required.len() == 1 { "" } else { "s" },
                sig.required
                    .iter()
                    .map(|s| s.name)
                    .collect::<Vec<_>>()
                    .join(", "),
                missing.join(", ")
            ),
        ));
    }
    None
}

fn too_many(text: &str, s: &Statement, sig: &Sig, i: usize) -> Diagnostic {
    let first = &s.args[i];
    let last = s.args.last().unwrap_or(first);
    let max = sig.required.len() + sig.optional.len();
    let written = text.get(first.span.clone()).unwrap_or("");
    // From the comma before the extra arguments to their end.
    let cut = s.args[i - 1].span.end..last.span.end;
    let extra = count_error(
        first.span.start..last.span.end,
        format!(
            "unexpected `{}`: `{}` takes at most {max} argument{} ({}) (lev_comp: syntax error)",
            short(written),
            s.keyword,
            if max == 1 { "" } else { "s" },
            sig.required
                .iter()
                .chain(sig.optional.iter())
                .map(|s| s.name)
                .collect::<Vec<_>>()
                .join(", ")
        ),
    );
    if s.keyword == "TRAP" && first.word() == Some("CHANCE") || written.starts_with("CHANCE") {
        return error(
            first.span.start..last.span.end,
            "`, CHANCE: n` after a TRAP is NetHack 3.2.0; 3.4.3 writes the chance as a prefix, `TRAP[n%]:` (lev_comp: syntax error)",
        );
    }
    extra.with_fix("Remove the extra arguments", edit(cut, ""), false)
}

fn short(s: &str) -> String {
    let first_line = s.lines().next().unwrap_or("");
    if first_line.chars().count() > 24 || first_line.len() < s.len() {
        format!("{}…", first_line.chars().take(24).collect::<String>())
    } else {
        first_line.to_string()
    }
}

/// DOOR and STAIR forms that belong to the other kind of level.
fn wrong_form(kw: &str, kind: LevelKind, s: &Statement) -> Option<Diagnostic> {
    let n = s.args.len();
    let span = s.keyword_span.clone();
    match (kw, kind) {
        ("DOOR", LevelKind::Maze) if n == 4 => Some(error(
            span,
            "this is the room form of `DOOR` (secret, state, wall, pos); in a MAZE level a door is `DOOR: state, coordinate` (lev_comp: syntax error)",
        )),
        ("DOOR", LevelKind::Room) if n == 2 => Some(error(
            span,
            "this is the map form of `DOOR` (state, coordinate); in a LEVEL level a door is `DOOR: secret, state, wall, pos` on the current room (lev_comp: syntax error)",
        )),
        ("STAIR", LevelKind::Room) if n == 3 => Some(error(
            span,
            "the region form of `STAIR` is only for MAZE levels; in a room write `STAIR: coordinate, up|down` (lev_comp: syntax error)",
        )),
        _ => None,
    }
}

fn matches_alt(v: &Value, a: A) -> bool {
    match (a, &v.kind) {
        (Str, ValueKind::String(_)) => true,
        (Char, ValueKind::Char(_)) => true,
        (Int, ValueKind::Integer(_)) => true,
        (Word(class), ValueKind::Word(w)) => vocabulary::value_words(class).any(|vw| vw.word == w),
        (Point, _) => v.point().is_some(),
        (Rect, _) => v.rect().is_some(),
        (PlaceReg | ObjReg | MonReg | AlignReg, ValueKind::Register { name, .. }) => {
            register_alt(name) == Some(a)
        }
        (LevRegion, ValueKind::Call { name, args, .. }) => {
            name == "levregion" && args.len() == 4 && args.iter().all(|a| a.integer().is_some())
        }
        (Align, ValueKind::Tuple(items)) => {
            matches!(items.as_slice(), [h, v] if matches_alt(h, Word(V::HAlign)) && matches_alt(v, Word(V::VAlign)))
        }
        (CorrSpec, ValueKind::Tuple(items)) => matches!(
            items.as_slice(),
            [room, wall, pos] if room.integer().is_some()
                && matches_alt(wall, Word(V::Direction))
                && (pos.integer().is_some() || matches_alt(pos, Word(V::Random)))
        ),
        (Disguise, ValueKind::Tagged { name, .. }) => {
            vocabulary::value_words(V::Appearance).any(|w| w.word == name)
        }
        _ => false,
    }
}

fn register_alt(name: &str) -> Option<A> {
    match name {
        "place" => Some(PlaceReg),
        "object" => Some(ObjReg),
        "monster" => Some(MonReg),
        "align" => Some(AlignReg),
        _ => None,
    }
}

fn describe_alt(a: A) -> String {
    match a {
        Str => "a string".into(),
        Char => "a character `'c'`".into(),
        Int => "a number".into(),
        Word(V::Random) => "`random`".into(),
        Word(class) => {
            let words: Vec<&str> = vocabulary::value_words(class).map(|w| w.word).collect();
            format!("{} ({})", class_phrase(class), words.join(", "))
        }
        Point => "`(x,y)`".into(),
        Rect => "`(x1,y1,x2,y2)`".into(),
        PlaceReg => "`place[i]`".into(),
        ObjReg => "`object[i]`".into(),
        MonReg => "`monster[i]`".into(),
        AlignReg => "`align[i]`".into(),
        LevRegion => "`levregion(x1,y1,x2,y2)`".into(),
        Align => "`(h,v)` such as `(left,top)`".into(),
        CorrSpec => "`(room, wall, door_pos)`".into(),
        Disguise => "`m_feature \"…\"`, `m_monster \"…\"` or `m_object \"…\"`".into(),
    }
}

/// "a door state", "an alignment", "up or down".
fn class_phrase(class: ValueClass) -> String {
    let what = class.describe();
    match class {
        V::UpDown => what.to_string(),
        _ if what.starts_with(['a', 'e', 'i', 'o', 'u']) => format!("an {what}"),
        _ => format!("a {what}"),
    }
}

fn describe_alts(alts: &[A]) -> String {
    let parts: Vec<String> = alts.iter().map(|a| describe_alt(*a)).collect();
    match parts.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// The words a slot accepts, for did-you-mean.
fn slot_words(alts: &[A]) -> Vec<&'static str> {
    let mut words = Vec::new();
    for a in alts {
        match a {
            Word(class) => words.extend(vocabulary::value_words(*class).map(|w| w.word)),
            PlaceReg => words.push("place"),
            ObjReg => words.push("object"),
            MonReg => words.push("monster"),
            AlignReg => words.push("align"),
            _ => {}
        }
    }
    words
}

fn check_value(text: &str, kw: &str, slot: Slot, v: &Value) -> Option<Diagnostic> {
    if slot.alts.iter().any(|a| matches_alt(v, *a)) {
        return None;
    }
    let expected = describe_alts(slot.alts);
    let written = text.get(v.span.clone()).unwrap_or("");
    let takes = format!("`{kw}`'s {} is {expected}", slot.name);
    match &v.kind {
        ValueKind::Word(w) => Some(word_mismatch(slot, v, w, &takes)),
        ValueKind::Variable { .. }
        | ValueKind::List(_)
        | ValueKind::Keyed { .. }
        | ValueKind::Binary { .. }
        | ValueKind::Weighted { .. }
        | ValueKind::Dice { .. }
        | ValueKind::Percent(_) => Some(error(
            v.span.clone(),
            format!(
                "`{}` is {} of the 3.6 dialect; {takes} (lev_comp 3.4.3: syntax error)",
                short(written),
                v.describe()
            ),
        )),
        ValueKind::Register {
            name, name_span, ..
        } => {
            if let Some(alt) = register_alt(name) {
                let what = match alt {
                    PlaceReg => "a coordinate register",
                    ObjReg => "an object class register",
                    MonReg => "a monster class register",
                    _ => "an alignment register",
                };
                return Some(error(
                    v.span.clone(),
                    format!(
                        "`{}` is {what}; {takes} (lev_comp: syntax error)",
                        short(written)
                    ),
                ));
            }
            let registers = slot_words(slot.alts)
                .into_iter()
                .filter(|w| register_alt(w).is_some())
                .collect::<Vec<_>>();
            let d = error(
                name_span.clone(),
                format!("unknown register `{name}`; {takes} (lev_comp: syntax error)"),
            );
            Some(match closest(name, registers) {
                Some(right) => d.with_fix(
                    format!("Change to `{right}`"),
                    edit(name_span.clone(), right),
                    true,
                ),
                None => d,
            })
        }
        ValueKind::Call {
            name,
            name_span,
            args,
            ..
        } => {
            if name != "levregion" {
                let d = error(
                    name_span.clone(),
                    format!("unknown word `{name}(…)`; {takes} (lev_comp: syntax error)"),
                );
                return Some(if closest(name, ["levregion"]).is_some() {
                    d.with_fix(
                        "Change to `levregion`",
                        edit(name_span.clone(), "levregion"),
                        true,
                    )
                } else {
                    d
                });
            }
            if !slot.alts.contains(&LevRegion) {
                return Some(error(
                    v.span.clone(),
                    format!("`levregion(…)` is only for the regions of STAIR, PORTAL, TELEPORT_REGION and BRANCH; {takes} (lev_comp: syntax error)"),
                ));
            }
            Some(tuple_shape(
                text,
                v,
                args,
                4,
                "`levregion(x1,y1,x2,y2)` takes four numbers",
            ))
        }
        ValueKind::Tagged {
            name,
            name_span,
            text_span,
            ..
        } => {
            if vocabulary::value_words(V::Appearance).any(|w| w.word == name) {
                return Some(error(
                    v.span.clone(),
                    format!("a disguise `{name} \"…\"` only goes among a MONSTER's extra information; {takes} (lev_comp: syntax error)"),
                ));
            }
            // `random "jackal"`: two values with no comma between them.
            let mut d = error(
                text_span.clone(),
                format!(
                    "a `,` is missing between `{name}` and the string (lev_comp: syntax error)"
                ),
            );
            let known = !vocabulary::value_classes_of(name).is_empty();
            if known {
                d = d.with_fix("Add `,`", edit(name_span.end..name_span.end, ","), true);
            } else if let Some(right) = closest(name, ["m_feature", "m_monster", "m_object"]) {
                d = error(
                    name_span.clone(),
                    format!(
                        "unknown word `{name}`; did you mean `{right}`? (lev_comp: syntax error)"
                    ),
                )
                .with_fix(
                    format!("Change to `{right}`"),
                    edit(name_span.clone(), right),
                    true,
                );
            }
            Some(d)
        }
        ValueKind::Tuple(items) => {
            // The tuple alternatives of the slot, to say what is wrong inside.
            let want = slot.alts.iter().find_map(|a| match a {
                Point => Some((2, "`(x,y)` takes two numbers")),
                Rect => Some((4, "`(x1,y1,x2,y2)` takes four numbers")),
                Align => Some((2, "`(h,v)` takes a horizontal and a vertical alignment")),
                CorrSpec => Some((
                    3,
                    "`(room, wall, door_pos)` takes a room number, a wall and a door position",
                )),
                _ => None,
            });
            match want {
                Some((n, what))
                    if slot
                        .alts
                        .iter()
                        .filter(|a| matches!(a, Point | Rect | Align | CorrSpec))
                        .count()
                        == 1 =>
                {
                    let alt = *slot
                        .alts
                        .iter()
                        .find(|a| matches!(a, Point | Rect | Align | CorrSpec))
                        .unwrap_or(&Point);
                    Some(match alt {
                        Align if items.len() == 2 => {
                            let (h, vv) = (&items[0], &items[1]);
                            if !matches_alt(h, Word(V::HAlign)) {
                                word_or_kind(
                                    text,
                                    kw,
                                    sl!("horizontal alignment", &[Word(V::HAlign)]),
                                    h,
                                )
                            } else {
                                word_or_kind(
                                    text,
                                    kw,
                                    sl!("vertical alignment", &[Word(V::VAlign)]),
                                    vv,
                                )
                            }
                        }
                        CorrSpec if items.len() == 3 => {
                            if items[0].integer().is_none() {
                                word_or_kind(text, kw, sl!("room number", &[Int]), &items[0])
                            } else if !matches_alt(&items[1], Word(V::Direction)) {
                                word_or_kind(
                                    text,
                                    kw,
                                    sl!("wall", &[Word(V::Direction)]),
                                    &items[1],
                                )
                            } else {
                                word_or_kind(
                                    text,
                                    kw,
                                    sl!("door position", &[Int, Word(V::Random)]),
                                    &items[2],
                                )
                            }
                        }
                        _ => tuple_shape(text, v, items, n, what),
                    })
                }
                _ => Some(error(
                    v.span.clone(),
                    format!(
                        "`{}` does not fit here; {takes} (lev_comp: syntax error)",
                        short(written)
                    ),
                )),
            }
        }
        ValueKind::String(inner) => {
            let mut d = error(
                v.span.clone(),
                format!("found a string; {takes} (lev_comp: syntax error)"),
            );
            let mut chars = inner.chars();
            if let (Some(c), None) = (chars.next(), chars.next()) {
                if slot.alts.contains(&Char) {
                    d = d.with_fix(
                        format!("Write `'{c}'`"),
                        edit(v.span.clone(), format!("'{c}'")),
                        true,
                    );
                }
            } else if slot_words(slot.alts).contains(&inner.as_str()) {
                d = d.with_fix(
                    format!("Write `{inner}` without quotes"),
                    edit(v.span.clone(), inner.clone()),
                    true,
                );
            }
            Some(d)
        }
        ValueKind::Char(c) => {
            let mut d = error(
                v.span.clone(),
                format!("found a character; {takes} (lev_comp: syntax error)"),
            );
            if slot.alts.contains(&Str) {
                d = d.with_fix(
                    format!("Write `\"{c}\"`"),
                    edit(v.span.clone(), format!("\"{c}\"")),
                    false,
                );
            }
            Some(d)
        }
        ValueKind::Integer(_) => Some(error(
            v.span.clone(),
            format!("found a number; {takes} (lev_comp: syntax error)"),
        )),
    }
}

/// An element inside a tuple: a word gets the word message, anything else
/// "found …".
fn word_or_kind(text: &str, kw: &str, slot: Slot, v: &Value) -> Diagnostic {
    check_value(text, kw, slot, v).unwrap_or_else(|| error(v.span.clone(), "does not fit here"))
}

/// A tuple or call with the wrong number or kind of elements.
fn tuple_shape(text: &str, v: &Value, items: &[Value], n: usize, what: &str) -> Diagnostic {
    if items.len() != n {
        return error(
            v.span.clone(),
            format!(
                "{what}; found {} (lev_comp: syntax error)",
                plural(items.len(), "value")
            ),
        );
    }
    match items.iter().find(|i| i.integer().is_none()) {
        Some(bad) => error(
            bad.span.clone(),
            format!(
                "{what}; `{}` is not a number (lev_comp: syntax error)",
                short(text.get(bad.span.clone()).unwrap_or(""))
            ),
        ),
        None => error(v.span.clone(), format!("{what} (lev_comp: syntax error)")),
    }
}

fn plural(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

fn word_mismatch(slot: Slot, v: &Value, w: &str, takes: &str) -> Diagnostic {
    let span = v.span.clone();
    let accepted = slot_words(slot.alts);
    // `Random`, `OPEN`: value words are lower case.
    let lower = w.to_ascii_lowercase();
    if lower != w && accepted.contains(&lower.as_str()) {
        return word_error(
            span.clone(),
            format!("`{w}`: value words are lower case, `{lower}` (lev_comp: syntax error)"),
        )
        .with_fix(
            format!("Change to `{lower}`"),
            edit(span, lower.clone()),
            true,
        );
    }
    if register_alt(w).is_some() && accepted.contains(&w) {
        return word_error(
            span.clone(),
            format!("`{w}` needs an index: `{w}[0]` (lev_comp: syntax error)"),
        );
    }
    let classes = vocabulary::value_classes_of(w);
    if let Some(first) = classes.first() {
        let what = match first.class {
            V::Random => "`random`".to_string(),
            V::None => "the no-name word, which only fits an OBJECT's name".to_string(),
            class => class_phrase(class),
        };
        return word_error(
            span,
            format!("`{w}` is {what}; {takes} (lev_comp: syntax error)"),
        );
    }
    let d = word_error(
        span.clone(),
        format!("unknown word `{w}`; {takes} (lev_comp: syntax error)"),
    );
    if let Some(right) = closest(w, accepted.iter().copied()) {
        let d = word_error(
            span.clone(),
            format!("unknown word `{w}`; did you mean `{right}`? {takes} (lev_comp: syntax error)"),
        );
        return d.with_fix(format!("Change to `{right}`"), edit(span, right), true);
    }
    if slot.alts.contains(&Str) {
        return d.with_fix(
            format!("Write `\"{w}\"`"),
            edit(span, format!("\"{w}\"")),
            false,
        );
    }
    d
}

/// OBJECT's optional tail (spec A3): `, curse, "monster", spe [, name]`,
/// `, curse, spe [, name]` or `, "monster", spe [, name]`.
fn object_tail(text: &str, s: &Statement, tail: &[Value]) -> Option<Diagnostic> {
    let kw = s.keyword.as_str();
    let first = tail.first()?;
    let is_curse = matches_alt(first, Word(V::CurseType)) || matches_alt(first, Word(V::Random));
    let spe_at = if is_curse {
        if tail.get(1).is_some_and(|v| v.string().is_some()) {
            2
        } else {
            1
        }
    } else if first.string().is_some() {
        1
    } else {
        return check_value(
            text,
            kw,
            sl!(
                "curse state or monster type",
                &[Word(V::CurseType), Word(V::Random), Str]
            ),
            first,
        );
    };
    let Some(spe) = tail.get(spe_at) else {
        let last = tail.last().unwrap_or(first);
        let after = if is_curse {
            "a curse state"
        } else {
            "a monster type"
        };
        return Some(count_error(
            last.span.clone(),
            format!("after {after} `{kw}` needs an enchantment (a number or `random`): `…, {}, spe` (lev_comp: syntax error)",
                short(text.get(last.span.clone()).unwrap_or(""))),
        ));
    };
    if let Some(d) = check_value(text, kw, sl!("enchantment", &[Int, Word(V::Random)]), spe) {
        return Some(d);
    }
    if let Some(name) = tail.get(spe_at + 1) {
        if let Some(d) = check_value(text, kw, sl!("given name", &[Str, Word(V::None)]), name) {
            return Some(d);
        }
    }
    let extra = tail.get(spe_at + 2)?;
    let last = tail.last().unwrap_or(extra);
    Some(count_error(
        extra.span.start..last.span.end,
        format!(
            "unexpected `{}`: the name is the last argument of `{kw}` (lev_comp: syntax error)",
            short(text.get(extra.span.clone()).unwrap_or(""))
        ),
    ))
}
