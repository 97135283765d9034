//! Completion: the keywords a level of this kind accepts (with a snippet of
//! their arguments), and for the argument slot under the cursor its value
//! words, class characters, names inside strings and register indices. The
//! statement and slot are read from the text ([`context`]), so half-typed
//! lines work.

use super::context::{self, Spot};
use crate::formats::nethack::names::slots::{self, Accept, Arg, Slot, TupleKind};
use crate::formats::nethack::names::vocabulary::{self as vocab, ValueClass, Where};
use crate::formats::nethack::names::{self, lexicon, NameKind};
use crate::formats::nethack::syntax::char_literal;
use crate::formats::nethack::syntax::model;
use crate::formats::nethack::syntax::{self, Document, Item, Level, LevelKind};
use crate::formats::{Completion, CompletionKind};
use std::ops::Range;

/// Completion at `offset` of a document already read (`mod.rs` reads it once
/// to choose the dialect).
pub(in crate::formats::nethack) fn completions_in(
    text: &str,
    doc: &Document,
    offset: usize,
) -> Vec<Completion> {
    if offset > text.len() || !text.is_char_boundary(offset) {
        return Vec::new();
    }
    if let Some(map) = all_items(doc)
        .filter_map(Item::map)
        .find(|m| m.start.end < offset && m.end.as_ref().is_none_or(|e| offset <= e.start))
    {
        return endmap(text, map, offset);
    }
    // Nothing inside a comment (a `'`, `(` or `,` typed there triggers completion too).
    let line_start = text[..offset].rfind('\n').map_or(0, |n| n + 1);
    if text[line_start..offset].trim_start().starts_with('#') {
        return Vec::new();
    }
    let ctx = context::read(text, anchor(doc, offset), offset);
    let typed_from = match &ctx.spot {
        Spot::Keyword(r) => r.start,
        _ => ctx.keyword.as_ref().map_or(offset, |(_, span)| span.start),
    };
    // The level the statement belongs to: one that starts before it.
    let level = doc.levels.iter().rev().find(|l| l.span.start < typed_from);
    match ctx.spot.clone() {
        Spot::Keyword(replace) => keywords(level, replace),
        Spot::Nothing => Vec::new(),
        spot => values(text, level, &ctx, spot, offset),
    }
}

fn all_items(doc: &Document) -> impl Iterator<Item = &Item> {
    doc.prelude
        .iter()
        .chain(doc.levels.iter().flat_map(|l| l.items.iter()))
}

/// The start of the last item the tree found at or before `offset`: lexing starts there.
fn anchor(doc: &Document, offset: usize) -> usize {
    let headers = doc.levels.iter().map(|l| l.header.span.start);
    all_items(doc)
        .map(|i| i.span().start)
        .chain(headers)
        .filter(|&s| s <= offset)
        .max()
        .unwrap_or(0)
}

/// `ENDMAP` while typing it inside a map.
pub(super) fn endmap(text: &str, map: &syntax::MapBlock, offset: usize) -> Vec<Completion> {
    let line_start = text[..offset].rfind('\n').map_or(0, |n| n + 1);
    let typed = text[line_start..offset].trim_start();
    if map.end.is_some() || typed.is_empty() || !"ENDMAP".starts_with(typed) {
        return Vec::new();
    }
    let info = vocab::keyword("ENDMAP");
    vec![Completion {
        label: "ENDMAP".into(),
        kind: CompletionKind::Keyword,
        detail: Some("ends the MAP block".into()),
        documentation: info.map(|k| k.meaning.to_string()),
        insert_text: None,
        replace: offset - typed.len()..offset,
        snippet: false,
    }]
}

fn allowed(k: &vocab::KeywordInfo, level: Option<&Level>) -> bool {
    match (k.allowed, level.map(|l| l.kind)) {
        (Where::Header, _) => true,
        (_, None) => false,
        (w, Some(LevelKind::Maze)) => w.in_maze(),
        (w, Some(LevelKind::Room)) => w.in_room_level(),
    }
}

fn keywords(level: Option<&Level>, replace: Range<usize>) -> Vec<Completion> {
    // The variant's own statements, which levls has no form for.
    let own = lexicon::own_keywords(|w| vocab::keyword(w).is_some())
        .into_iter()
        .map(|name| Completion {
            label: name.to_string(),
            kind: CompletionKind::Keyword,
            detail: None,
            documentation: lexicon::keyword_note(name),
            snippet: false,
            insert_text: None,
            replace: replace.clone(),
        });
    let mut out: Vec<Completion> = vocab::KEYWORDS
        .iter()
        .filter(|k| k.name != "ENDMAP" && allowed(k, level))
        .map(|k| {
            let snippet = snippet(k.name, level.map(|l| l.kind));
            let mut doc = k.meaning.to_string();
            if k.forms.len() > 1 {
                doc.push_str("\n\n```text\n");
                doc.push_str(&k.forms.join("\n"));
                doc.push_str("\n```");
            }
            Completion {
                label: k.name.to_string(),
                kind: if snippet.is_some() {
                    CompletionKind::Snippet
                } else {
                    CompletionKind::Keyword
                },
                detail: Some(form_for(k, level.map(|l| l.kind)).to_string()),
                documentation: Some(doc),
                snippet: snippet.is_some(),
                insert_text: snippet.map(str::to_string),
                replace: replace.clone(),
            }
        })
        .collect();
    out.extend(own);
    out
}

/// The form of a keyword that fits the level (DOOR has one per level kind).
fn form_for(k: &vocab::KeywordInfo, kind: Option<LevelKind>) -> &'static str {
    match (k.name, kind) {
        ("DOOR", Some(LevelKind::Room)) => k.forms.get(1).unwrap_or(&k.forms[0]),
        _ => k.forms[0],
    }
}

/// The statement with placeholders for its required arguments.
fn snippet(keyword: &str, kind: Option<LevelKind>) -> Option<&'static str> {
    Some(match keyword {
        "MAZE" => "MAZE: \"${1:name}\", ${2:' '}",
        "LEVEL" => "LEVEL: \"${1:name}\"",
        "FLAGS" => "FLAGS: ${1:noteleport}",
        "INIT_MAP" => "INIT_MAP: '${1:.}', '${2: }', ${3:true}, ${4:true}, ${5:random}, ${6:true}",
        "MESSAGE" => "MESSAGE: \"${1:text}\"",
        "GEOMETRY" => "GEOMETRY: ${1:center}, ${2:center}",
        "MAP" => "MAP\n$0\nENDMAP",
        "RANDOM_OBJECTS" => "RANDOM_OBJECTS: '${1:[}', '${2:)}', '${3:*}'",
        "RANDOM_MONSTERS" => "RANDOM_MONSTERS: '${1:a}', '${2:d}', '${3:h}'",
        "RANDOM_PLACES" => "RANDOM_PLACES: (${1:0},${2:0}), (${3:1},${4:1})",
        "ROOM" => "ROOM: \"${1:ordinary}\", ${2:random}, ${3:random}, ${4:random}, ${5:random}",
        "SUBROOM" => {
            "SUBROOM: \"${1:ordinary}\", ${2:random}, (${3:0},${4:0}), (${5:2},${6:2}), \"${7:parent}\""
        }
        "NAME" => "NAME: \"${1:name}\"",
        "CHANCE" => "CHANCE: ${1:50}",
        "CORRIDOR" => {
            "CORRIDOR: (${1:0},${2:south},${3:random}), (${4:1},${5:north},${6:random})"
        }
        "MONSTER" => "MONSTER: ${1:random}, ${2:random}, ${3:random}",
        "OBJECT" => "OBJECT: ${1:random}, ${2:random}, ${3:random}",
        "CONTAINER" => "CONTAINER: '${1:(}', \"${2:chest}\", ${3:random}",
        "TRAP" => "TRAP: ${1:random}, ${2:random}",
        "DOOR" if kind == Some(LevelKind::Room) => {
            "DOOR: ${1:false}, ${2:closed}, ${3:random}, ${4:random}"
        }
        "DOOR" => "DOOR: ${1:closed}, (${2:0},${3:0})",
        "STAIR" => "STAIR: ${1:random}, ${2:down}",
        "ALTAR" => "ALTAR: ${1:random}, ${2:random}, ${3:altar}",
        "FOUNTAIN" => "FOUNTAIN: ${1:random}",
        "SINK" => "SINK: ${1:random}",
        "POOL" => "POOL: ${1:random}",
        "GOLD" => "GOLD: ${1:random}, ${2:random}",
        "ENGRAVING" => "ENGRAVING: ${1:random}, ${2:dust}, \"${3:text}\"",
        "DRAWBRIDGE" => "DRAWBRIDGE: (${1:0},${2:0}), ${3:east}, ${4:closed}",
        "MAZEWALK" => "MAZEWALK: (${1:0},${2:0}), ${3:east}",
        "LADDER" => "LADDER: (${1:0},${2:0}), ${3:down}",
        "PORTAL" => {
            "PORTAL: (${1:0},${2:0},${3:0},${4:0}), (${5:0},${6:0},${7:0},${8:0}), \"${9:level}\""
        }
        "TELEPORT_REGION" => {
            "TELEPORT_REGION: (${1:0},${2:0},${3:0},${4:0}), (${5:0},${6:0},${7:0},${8:0})"
        }
        "BRANCH" => "BRANCH: (${1:0},${2:0},${3:0},${4:0}), (${5:0},${6:0},${7:0},${8:0})",
        "REGION" => "REGION: (${1:0},${2:0},${3:0},${4:0}), ${5:lit}, \"${6:ordinary}\"",
        "NON_DIGGABLE" => "NON_DIGGABLE: (${1:0},${2:0},${3:0},${4:0})",
        "NON_PASSWALL" => "NON_PASSWALL: (${1:0},${2:0},${3:0},${4:0})",
        _ => return None,
    })
}

/// The slot the cursor is in: the argument's, or the tuple element's inside parentheses.
fn current_slot(
    text: &str,
    level: Option<&Level>,
    ctx: &context::Context,
) -> Option<(Slot, Vec<Arg>)> {
    let (keyword, _) = ctx.keyword.as_ref()?;
    if !ctx.colon {
        return None;
    }
    let args = ctx.all_args(text);
    let slot = slots::slot(keyword, level.map(|l| l.kind), ctx.arg, &args)?;
    let slot = match ctx.element {
        None => slot,
        Some(e) => {
            let kind = slot.tuple().or_else(|| {
                (slot.takes(Accept::LevRegion) && matches!(args.get(ctx.arg), Some(Arg::Call)))
                    .then_some(TupleKind::Rect)
            })?;
            slots::element_slot(kind, e)?
        }
    };
    Some((slot, args))
}

fn values(
    text: &str,
    level: Option<&Level>,
    ctx: &context::Context,
    spot: Spot,
    offset: usize,
) -> Vec<Completion> {
    let Some((slot, args)) = current_slot(text, level, ctx) else {
        return Vec::new();
    };
    let detail = |what: &str| format!("{what} — {}", slot.name);
    let mut out = Vec::new();
    match spot {
        Spot::Value(replace) => {
            for &a in slot.accepts {
                match a {
                    Accept::Random => out.push(word_item(
                        vocab::value_words(ValueClass::Random).next(),
                        &slot,
                        replace.clone(),
                    )),
                    Accept::Word(class) => {
                        let written: Vec<String> = if class == ValueClass::Flag {
                            other_words(&args, ctx.arg)
                        } else {
                            Vec::new()
                        };
                        for w in vocab::value_words(class) {
                            if !written.iter().any(|x| x == w.word) {
                                out.push(word_item(Some(w), &slot, replace.clone()));
                            }
                        }
                    }
                    Accept::WordsOf(class, words) => {
                        for w in vocab::value_words(class).filter(|w| words.contains(&w.word)) {
                            out.push(word_item(Some(w), &slot, replace.clone()));
                        }
                    }
                    Accept::Register(name) => {
                        for (label, doc) in register_entries(text, level, name, ctx, offset) {
                            out.push(Completion {
                                label: format!("{name}[{label}]"),
                                kind: CompletionKind::Value,
                                detail: Some(detail("register")),
                                documentation: Some(doc),
                                insert_text: None,
                                replace: replace.clone(),
                                snippet: false,
                            });
                        }
                    }
                    Accept::MonsterClass | Accept::ObjectClass | Accept::MapChar => {
                        out.extend(class_chars(a, &args, &slot, replace.clone()))
                    }
                    Accept::LevRegion => out.push(Completion {
                        label: "levregion".into(),
                        kind: CompletionKind::Snippet,
                        detail: Some(detail("level region")),
                        documentation: vocab::value_classes_of("levregion")
                            .first()
                            .map(|w| w.meaning.to_string()),
                        insert_text: Some("levregion(${1:1},${2:0},${3:79},${4:20})".into()),
                        replace: replace.clone(),
                        snippet: true,
                    }),
                    _ => {}
                }
            }
            // Names as whole strings, when the slot takes one and nothing is typed yet
            // or a quote-less word is.
            for &a in slot.accepts {
                out.extend(names_for(a, &args, &slot, replace.clone(), true));
            }
        }
        Spot::Str(replace) => {
            for &a in slot.accepts {
                out.extend(names_for(a, &args, &slot, replace.clone(), false));
            }
        }
        Spot::Char(replace) => {
            for &a in slot.accepts {
                if matches!(
                    a,
                    Accept::MonsterClass | Accept::ObjectClass | Accept::MapChar
                ) {
                    out.extend(class_chars(a, &args, &slot, replace.clone()));
                }
            }
        }
        Spot::RegisterIndex { name, replace } => {
            if slot.takes(Accept::Register(register_word(&name))) {
                for (label, doc) in register_entries(text, level, &name, ctx, offset) {
                    out.push(Completion {
                        label,
                        kind: CompletionKind::Value,
                        detail: Some(format!("{name}[…] — {}", slot.name)),
                        documentation: Some(doc),
                        insert_text: None,
                        replace: replace.clone(),
                        snippet: false,
                    });
                }
            }
        }
        Spot::Keyword(_) | Spot::Nothing => {}
    }
    out
}

fn register_word(name: &str) -> &'static str {
    match name {
        "place" => "place",
        "monster" => "monster",
        "object" => "object",
        "align" => "align",
        _ => "",
    }
}

/// The words written in the other arguments (FLAGS: not offered twice).
fn other_words(args: &[Arg], current: usize) -> Vec<String> {
    args.iter()
        .enumerate()
        .filter(|(i, _)| *i != current)
        .filter_map(|(_, a)| match a {
            Arg::Word(w) => Some(w.clone()),
            _ => None,
        })
        .collect()
}

fn word_item(w: Option<&vocab::ValueWord>, slot: &Slot, replace: Range<usize>) -> Completion {
    let (label, meaning, since, class) = w.map_or(("random", "", "3.2.0", "random"), |w| {
        (w.word, w.meaning, w.since, w.class.describe())
    });
    let mut doc = meaning.to_string();
    if since != "3.2.0" {
        doc.push_str(&format!("\n\nSince {since}."));
    }
    Completion {
        label: label.to_string(),
        kind: CompletionKind::Constant,
        detail: Some(if class == slot.name {
            class.to_string()
        } else {
            format!("{class} — {}", slot.name)
        }),
        documentation: Some(doc),
        insert_text: None,
        replace,
        snippet: false,
    }
}

/// Class or map characters for a char slot; a monster or object class is
/// narrowed to the classes of the name already written in the next slot.
fn class_chars(a: Accept, args: &[Arg], slot: &Slot, replace: Range<usize>) -> Vec<Completion> {
    let (what, list): (&str, Vec<(char, &str)>) = match a {
        Accept::MonsterClass => (
            "monster class",
            vocab::monster_classes()
                .iter()
                .map(|c| (c.ch, c.meaning))
                .collect(),
        ),
        Accept::ObjectClass => (
            "object class",
            vocab::object_classes()
                .iter()
                .map(|c| (c.ch, c.meaning))
                .collect(),
        ),
        Accept::MapChar => (
            "map character",
            vocab::map_chars()
                .iter()
                .map(|m| (m.ch, m.terrain))
                .collect(),
        ),
        _ => return Vec::new(),
    };
    let name_kind = match a {
        Accept::MonsterClass => Some(NameKind::Monster),
        Accept::ObjectClass => Some(NameKind::Object),
        _ => None,
    };
    let narrowed: Option<Vec<char>> = match (name_kind, args.get(1)) {
        (Some(kind), Some(Arg::Str(name))) if slot.name.ends_with("class") => {
            Some(names::classes_of(kind, name)).filter(|c| !c.is_empty())
        }
        _ => None,
    };
    let name = match args.get(1) {
        Some(Arg::Str(n)) => n.as_str(),
        _ => "",
    };
    list.into_iter()
        .filter(|(c, _)| narrowed.as_ref().is_none_or(|n| n.contains(c)))
        .map(|(c, meaning)| Completion {
            label: char_literal(c),
            kind: CompletionKind::Class,
            detail: Some(match &narrowed {
                Some(_) => format!("{what} of \"{name}\" — {meaning}"),
                None => format!("{what} — {meaning}"),
            }),
            documentation: None,
            insert_text: None,
            replace: replace.clone(),
            snippet: false,
        })
        .collect()
}

/// One name with its class, as completion shows it (built once per kind).
struct NameItem {
    name: &'static str,
    class: char,
    /// `'d' dogs and other canines`.
    detail: String,
}

/// The names in force with their details, built once for vanilla and once
/// per profile (the names, classes and details are the profile's).
fn name_items(kind: NameKind) -> &'static [NameItem] {
    use names::profiles::PerProfile;
    use std::sync::OnceLock;
    static MONSTERS: OnceLock<Vec<NameItem>> = OnceLock::new();
    static OBJECTS: OnceLock<Vec<NameItem>> = OnceLock::new();
    static PROFILE_MONSTERS: PerProfile<Vec<NameItem>> = PerProfile::new();
    static PROFILE_OBJECTS: PerProfile<Vec<NameItem>> = PerProfile::new();
    match (names::profile_in_force(), kind) {
        (None, NameKind::Monster) => MONSTERS.get_or_init(|| build_name_items(kind)),
        (None, NameKind::Object) => OBJECTS.get_or_init(|| build_name_items(kind)),
        (Some(p), NameKind::Monster) => PROFILE_MONSTERS.get(p, |p| {
            names::with_profile(Some(p), || build_name_items(NameKind::Monster))
        }),
        (Some(p), NameKind::Object) => PROFILE_OBJECTS.get(p, |p| {
            names::with_profile(Some(p), || build_name_items(NameKind::Object))
        }),
    }
}

fn build_name_items(kind: NameKind) -> Vec<NameItem> {
    let list = match kind {
        NameKind::Monster => names::monsters(),
        NameKind::Object => names::objects(),
    };
    list.iter()
        .map(|n| {
            let meaning = match kind {
                NameKind::Monster => vocab::monster_class(n.class).map(|c| c.meaning),
                NameKind::Object => vocab::object_class(n.class).map(|c| c.meaning),
            };
            NameItem {
                name: n.name,
                class: n.class,
                detail: format!(
                    "{} {}{}",
                    char_literal(n.class),
                    meaning.unwrap_or(""),
                    tree_details(kind, n)
                ),
            }
        })
        .collect()
}

/// For a monster of the source tree in force, its level and attacks as a
/// completion item's detail adds them (`; level 2, speed 12, …`).
pub(super) fn tree_details(kind: NameKind, n: &names::Name) -> String {
    match (kind, names::monster_details(n.name, Some(n.class))) {
        (NameKind::Monster, Some((details, _))) => format!("; {}", details.summary()),
        _ => String::new(),
    }
}

/// Names for a string slot: inside the quotes (`quoted` false) or as whole strings.
fn names_for(
    a: Accept,
    args: &[Arg],
    slot: &Slot,
    replace: Range<usize>,
    quoted: bool,
) -> Vec<Completion> {
    let class = match args.first() {
        Some(Arg::Char(c)) if matches!(a, Accept::MonsterName | Accept::ObjectName) => Some(*c),
        _ => None,
    };
    let item = |name: &str, detail: &str, doc: Option<&str>| Completion {
        label: if quoted {
            format!("\"{name}\"")
        } else {
            name.to_string()
        },
        kind: CompletionKind::Value,
        detail: Some(format!("{detail} — {}", slot.name)),
        documentation: doc.map(str::to_string),
        insert_text: None,
        replace: replace.clone(),
        snippet: false,
    };
    match a {
        Accept::MonsterName | Accept::CorpseMonster | Accept::ObjectName => {
            let kind = if a == Accept::ObjectName {
                NameKind::Object
            } else {
                NameKind::Monster
            };
            // The same name may be in several classes: offer it once.
            let mut seen = std::collections::HashSet::new();
            name_items(kind)
                .iter()
                .filter(|n| class.is_none_or(|c| n.class == c))
                .filter(|n| seen.insert(n.name))
                .map(|n| item(n.name, &n.detail, None))
                .collect()
        }
        Accept::TrapName => vocab::traps()
            .iter()
            .map(|t| item(t.name, "trap", Some(t.meaning)))
            .collect(),
        Accept::RoomType => vocab::room_types()
            .iter()
            .map(|t| item(t.name, "room type", Some(t.meaning)))
            .collect(),
        _ => Vec::new(),
    }
}

/// The indices of the register list in force: (index, what it holds).
fn register_entries(
    text: &str,
    level: Option<&Level>,
    name: &str,
    ctx: &context::Context,
    offset: usize,
) -> Vec<(String, String)> {
    if name == "align" {
        return (0..=vocab::MAX_ALIGN_REGISTER_INDEX)
            .map(|i| {
                (
                    i.to_string(),
                    format!("Alignment {i} of the three, shuffled per game."),
                )
            })
            .collect();
    }
    let (Some(level), Some(list_kw)) = (level, model::list_keyword(name)) else {
        return Vec::new();
    };
    let at = ctx.keyword.as_ref().map_or(offset, |(_, s)| s.start);
    let Some(list) = model::register_list(level, at, list_kw) else {
        return Vec::new();
    };
    list.args
        .iter()
        .enumerate()
        .take(vocab::MAX_RANDOM_LIST)
        .map(|(i, v)| {
            let written = &text[v.span.clone()];
            let mut doc = format!("Entry {i} of {list_kw}: `{written}`");
            if let Some((x, y)) = v.point() {
                if let Some(note) =
                    crate::formats::nethack::ide::hover::cell_note(text, level, at, x, y)
                {
                    doc.push_str(&format!(" — {note}"));
                }
            } else if let Some(c) = v.char() {
                let meaning = match name {
                    "monster" => vocab::monster_class(c).map(|m| m.meaning),
                    _ => vocab::object_class(c).map(|o| o.meaning),
                };
                if let Some(m) = meaning {
                    doc.push_str(&format!(" ({m})"));
                }
            }
            doc.push_str(". The list is shuffled each time the level is made.");
            (i.to_string(), doc)
        })
        .collect()
}
