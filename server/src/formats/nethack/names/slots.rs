//! What each argument slot of a statement takes, for hover ("the slot it
//! fills") and completion ("what may be typed here"). Written from spec A3.
//! Slots are chosen from the keyword, the level kind and what the earlier
//! arguments hold (DOOR's two forms, STAIR's region form, OBJECT's tail).

use crate::formats::nethack::names::vocabulary::{self, ValueClass};
use crate::formats::nethack::syntax::{LevelKind, Value, ValueKind};

/// One kind of thing a slot takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Accept {
    /// Any word of the class.
    Word(ValueClass),
    /// Only these words of the class (DRAWBRIDGE: open or closed).
    WordsOf(ValueClass, &'static [&'static str]),
    Random,
    /// `place[i]`, `monster[i]`, `object[i]`, `align[i]`.
    Register(&'static str),
    MonsterClass,
    ObjectClass,
    MapChar,
    /// A monster name string; `class_arg` is the argument holding its class char.
    MonsterName,
    ObjectName,
    /// A monster name for a corpse, statue, figurine or egg (OBJECT's tail).
    CorpseMonster,
    TrapName,
    RoomType,
    /// A free string (a message, a name).
    Text,
    Integer,
    Tuple(TupleKind),
    /// `levregion(x1,y1,x2,y2)`.
    LevRegion,
}

/// What a parenthesised argument holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TupleKind {
    /// `(x,y)`.
    Point,
    /// `(x1,y1,x2,y2)`.
    Rect,
    /// ROOM's `(x,y)` cell of the 5 × 5 grid.
    RoomGrid,
    /// ROOM's `(h,v)` alignment in its cell.
    RoomAlign,
    /// `(w,h)`.
    Size,
    /// CORRIDOR's `(room, wall, door_pos)`.
    CorridorEnd,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slot {
    /// What the slot means, e.g. "door state".
    pub name: &'static str,
    pub accepts: &'static [Accept],
}

impl Slot {
    pub fn takes(&self, a: Accept) -> bool {
        self.accepts.contains(&a)
    }
    /// The tuple kind this slot takes, if any.
    pub fn tuple(&self) -> Option<TupleKind> {
        self.accepts.iter().find_map(|a| match a {
            Accept::Tuple(k) => Some(*k),
            _ => None,
        })
    }
    /// Whether `word` is a value word this slot takes.
    pub fn takes_word(&self, word: &str) -> bool {
        self.accepts.iter().any(|a| match a {
            Accept::Random => word == "random",
            Accept::Word(class) => vocabulary::value_words(*class).any(|w| w.word == word),
            Accept::WordsOf(_, words) => words.contains(&word),
            _ => false,
        })
    }
}

/// What an argument holds, read from the tree or from half-typed text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    Char(char),
    Str(String),
    Word(String),
    Integer,
    /// A tuple with this many elements.
    Tuple(usize),
    Register(String),
    Call,
    Tagged(String),
    Empty,
}

impl Arg {
    pub fn of(value: &Value) -> Arg {
        match &value.kind {
            ValueKind::String(s) => Arg::Str(s.clone()),
            ValueKind::Char(c) => Arg::Char(*c),
            ValueKind::Integer(_) => Arg::Integer,
            ValueKind::Word(w) => Arg::Word(w.clone()),
            ValueKind::Tuple(v) => Arg::Tuple(v.len()),
            ValueKind::Register { name, .. } => Arg::Register(name.clone()),
            ValueKind::Call { .. } => Arg::Call,
            ValueKind::Tagged { name, .. } => Arg::Tagged(name.clone()),
            // 3.6 values fill no 3.4.3 slot.
            _ => Arg::Empty,
        }
    }
    fn is_curse(&self) -> bool {
        matches!(self, Arg::Word(w) if matches!(w.as_str(), "blessed" | "uncursed" | "cursed" | "random"))
    }
    fn is_region(&self) -> bool {
        matches!(self, Arg::Tuple(4) | Arg::Call)
    }
}

use Accept as A;
use ValueClass as V;

const fn s(name: &'static str, accepts: &'static [Accept]) -> Slot {
    Slot { name, accepts }
}

const COORD: &[Accept] = &[A::Tuple(TupleKind::Point), A::Register("place"), A::Random];
const POSITION: Slot = s("position", COORD);
const REGION: &[Accept] = &[A::Tuple(TupleKind::Rect), A::LevRegion];
const LIGHT: Slot = s("lighting", &[A::Word(V::LightState), A::Random]);
const ROOM_TYPE: Slot = s("room type", &[A::RoomType, A::Random]);
const UP_DOWN: Slot = s("direction of travel", &[A::Word(V::UpDown)]);
const SPE: Slot = s("enchantment or charges", &[A::Integer, A::Random]);
const GIVEN_NAME: Slot = s("given name", &[A::Text, A::Word(V::None)]);
const CORPSE: Slot = s(
    "monster type (corpse, statue, figurine or egg)",
    &[A::CorpseMonster],
);

/// The slot of argument `index` of `keyword` in a level of `kind`, given the
/// statement's arguments as written (`args` may be shorter than `index`).
pub fn slot(keyword: &str, kind: Option<LevelKind>, index: usize, args: &[Arg]) -> Option<Slot> {
    let arg = |i: usize| args.get(i).unwrap_or(&Arg::Empty);
    let at = |slots: &[Slot]| slots.get(index).copied();
    match keyword {
        "MAZE" => at(&[
            s("level name", &[A::Text]),
            s("fill character", &[A::MapChar, A::Random]),
        ]),
        "LEVEL" => at(&[s("level name", &[A::Text])]),
        "FLAGS" => Some(s("level flag", &[A::Word(V::Flag)])),
        "INIT_MAP" => at(&[
            s("foreground terrain", &[A::MapChar]),
            s("background terrain", &[A::MapChar]),
            s("smoothed", &[A::Word(V::Boolean)]),
            s("joined", &[A::Word(V::Boolean)]),
            LIGHT,
            s("walled", &[A::Word(V::Boolean), A::Random]),
        ]),
        "MESSAGE" => at(&[s("message text", &[A::Text])]),
        "GEOMETRY" => at(&[
            s("horizontal placement", &[A::Word(V::HAlign)]),
            s("vertical placement", &[A::Word(V::VAlign)]),
        ]),
        "RANDOM_OBJECTS" => Some(s("object class", &[A::ObjectClass])),
        "RANDOM_MONSTERS" => Some(s("monster class", &[A::MonsterClass])),
        "RANDOM_PLACES" => Some(s("place", &[A::Tuple(TupleKind::Point)])),
        "ROOM" => at(&[
            ROOM_TYPE,
            LIGHT,
            s(
                "cell of the 5 × 5 level grid",
                &[A::Tuple(TupleKind::RoomGrid), A::Random],
            ),
            s(
                "alignment in its cell",
                &[A::Tuple(TupleKind::RoomAlign), A::Random],
            ),
            s("size", &[A::Tuple(TupleKind::Size), A::Random]),
            s("filled", &[A::Word(V::Boolean)]),
        ]),
        "SUBROOM" => at(&[
            ROOM_TYPE,
            LIGHT,
            s(
                "position in the parent room",
                &[A::Tuple(TupleKind::Point), A::Random],
            ),
            s("size", &[A::Tuple(TupleKind::Size), A::Random]),
            s("parent room's NAME", &[A::Text]),
            s("filled", &[A::Word(V::Boolean)]),
        ]),
        "NAME" => at(&[s("room name", &[A::Text])]),
        "CHANCE" => at(&[s("percent chance of the room type", &[A::Integer])]),
        "CORRIDOR" => at(&[
            s("start door", &[A::Tuple(TupleKind::CorridorEnd)]),
            s(
                "end door or room number",
                &[A::Tuple(TupleKind::CorridorEnd), A::Integer],
            ),
        ]),
        "MONSTER" => match index {
            0 => Some(s(
                "monster class",
                &[A::MonsterClass, A::Random, A::Register("monster")],
            )),
            1 => Some(s("monster species", &[A::MonsterName, A::Random])),
            2 => Some(POSITION),
            _ => Some(s(
                "extra monster info",
                &[
                    A::Text,
                    A::Word(V::Attitude),
                    A::Word(V::Alertness),
                    A::Word(V::Alignment),
                    A::Word(V::Appearance),
                ],
            )),
        },
        "OBJECT" | "CONTAINER" => match index {
            0 => Some(s(
                "object class",
                &[A::ObjectClass, A::Random, A::Register("object")],
            )),
            1 => Some(s("object kind", &[A::ObjectName, A::Random])),
            2 => Some(s(
                "position",
                &[
                    A::Tuple(TupleKind::Point),
                    A::Register("place"),
                    A::Random,
                    A::Word(V::Contained),
                ],
            )),
            3 => Some(match arg(3) {
                Arg::Str(_) => CORPSE,
                a if a.is_curse() => s("curse state", &[A::Word(V::CurseType), A::Random]),
                _ => s(
                    "curse state or monster type",
                    &[A::Word(V::CurseType), A::Random, A::CorpseMonster],
                ),
            }),
            4 => Some(if matches!(arg(3), Arg::Str(_)) {
                SPE
            } else {
                match arg(4) {
                    Arg::Str(_) => CORPSE,
                    Arg::Integer | Arg::Word(_) => SPE,
                    _ => s(
                        "monster type or enchantment",
                        &[A::CorpseMonster, A::Integer, A::Random],
                    ),
                }
            }),
            5 if arg(3).is_curse() && matches!(arg(4), Arg::Str(_)) => Some(SPE),
            5 => Some(GIVEN_NAME),
            6 if arg(3).is_curse() && matches!(arg(4), Arg::Str(_)) => Some(GIVEN_NAME),
            _ => None,
        },
        "TRAP" => at(&[s("trap type", &[A::TrapName, A::Random]), POSITION]),
        "DOOR" => match kind {
            Some(LevelKind::Room) => at(&[
                s("secret", &[A::Word(V::Boolean), A::Random]),
                s("door state", &[A::Word(V::DoorState), A::Random]),
                s("wall", &[A::Word(V::Direction), A::Random]),
                s("position along the wall", &[A::Integer, A::Random]),
            ]),
            _ => at(&[
                s("door state", &[A::Word(V::DoorState), A::Random]),
                POSITION,
            ]),
        },
        "STAIR" => {
            if arg(0).is_region() && kind != Some(LevelKind::Room) {
                at(&[s("region", REGION), s("excluded region", REGION), UP_DOWN])
            } else {
                at(&[POSITION, UP_DOWN])
            }
        }
        "ALTAR" => at(&[
            POSITION,
            s(
                "alignment",
                &[A::Word(V::Alignment), A::Register("align"), A::Random],
            ),
            s("altar type", &[A::Word(V::AltarType), A::Random]),
        ]),
        "FOUNTAIN" | "SINK" | "POOL" => at(&[POSITION]),
        "GOLD" => at(&[s("amount", &[A::Integer, A::Random]), POSITION]),
        "ENGRAVING" => at(&[
            POSITION,
            s("engraving type", &[A::Word(V::EngravingType), A::Random]),
            s("engraved text", &[A::Text]),
        ]),
        "DRAWBRIDGE" => at(&[
            POSITION,
            s("direction of the wall", &[A::Word(V::Direction)]),
            s(
                "drawbridge state",
                &[A::WordsOf(V::DoorState, &["open", "closed"])],
            ),
        ]),
        "MAZEWALK" => at(&[POSITION, s("first direction", &[A::Word(V::Direction)])]),
        "LADDER" => at(&[POSITION, UP_DOWN]),
        "PORTAL" => at(&[
            s("region", REGION),
            s("excluded region", REGION),
            s("destination level", &[A::Text]),
        ]),
        "TELEPORT_REGION" => at(&[s("region", REGION), s("excluded region", REGION), UP_DOWN]),
        "BRANCH" => at(&[s("region", REGION), s("excluded region", REGION)]),
        "REGION" => at(&[
            s("area", &[A::Tuple(TupleKind::Rect)]),
            LIGHT,
            ROOM_TYPE,
            s("filling", &[A::Word(V::Filling)]),
            s("irregular", &[A::Word(V::Boolean)]),
        ]),
        "NON_DIGGABLE" | "NON_PASSWALL" => at(&[s("area", &[A::Tuple(TupleKind::Rect)])]),
        _ => None,
    }
}

/// The slot of element `index` inside a tuple of `kind`.
pub fn element_slot(kind: TupleKind, index: usize) -> Option<Slot> {
    let at = |slots: &[Slot]| slots.get(index).copied();
    let int = |name| s(name, &[A::Integer]);
    match kind {
        TupleKind::Point => at(&[int("x (column)"), int("y (row)")]),
        TupleKind::Rect => at(&[int("left x"), int("top y"), int("right x"), int("bottom y")]),
        TupleKind::RoomGrid => at(&[int("grid column (1–5)"), int("grid row (1–5)")]),
        TupleKind::RoomAlign => at(&[
            s("horizontal alignment", &[A::Word(V::HAlign)]),
            s("vertical alignment", &[A::Word(V::VAlign)]),
        ]),
        TupleKind::Size => at(&[int("width"), int("height")]),
        TupleKind::CorridorEnd => at(&[
            int("room number"),
            s("wall", &[A::Word(V::Direction)]),
            s("door position", &[A::Integer, A::Random]),
        ]),
    }
}

/// "1st", "2nd", … for messages.
pub fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}
