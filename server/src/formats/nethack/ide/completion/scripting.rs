//! 3.6 completion: the statements valid in 3.6 where a statement may start;
//! inside a statement, what the slot at the cursor takes
//! ([`slots::cursor`]): its words, class letters, map characters, names
//! inside strings (of the class written in the tuple), selection functions,
//! MONSTER and OBJECT infos not yet given, and the level's `$variables`
//! assigned before the cursor (those whose type fits the slot first). What
//! an item inserts never breaks the line: a string opened is closed (with
//! its tuple's `)`), a char literal is replaced whole, a word typed is
//! replaced whole, and calls and keyed infos come with values in their
//! slots.

use super::statements;
use crate::formats::nethack::dialect::Dialect;
use crate::formats::nethack::ide::slots::{self, Cursor, Leaf, Spot};
use crate::formats::nethack::names::lexicon;
use crate::formats::nethack::names::scripting::forms::{
    self, ScriptSlot, Takes, FEATURES, HUMIDITY, MONSTER_INFOS, OBJECT_INFOS, SELECTION_FNS,
    VALUE_KEYS,
};
use crate::formats::nethack::names::scripting::{room_types_36, traps_36};
use crate::formats::nethack::names::scripting::{DIRECTIONS, FLAGS_ADDED, KEYWORDS_36, WORDS_36};
use crate::formats::nethack::names::vocabulary as vocab;
use crate::formats::nethack::names::{self, NameKind};
use crate::formats::nethack::syntax::scope::{self, VarType};
use crate::formats::nethack::syntax::{char_literal, Document, Item};
use crate::formats::{Completion, CompletionKind};
use std::ops::Range;

/// 3.4.3 statements that are not 3.6 statements (`NAME` is only `name:`
/// there; `ENDMAP` closes a map, which completes it by itself).
const REMOVED: [&str; 6] = [
    "RANDOM_PLACES",
    "RANDOM_MONSTERS",
    "RANDOM_OBJECTS",
    "CHANCE",
    "NAME",
    "ENDMAP",
];

pub fn completions(text: &str, doc: &Document, offset: usize) -> Vec<Completion> {
    if offset > text.len() || !text.is_char_boundary(offset) {
        return Vec::new();
    }
    let items = doc
        .prelude
        .iter()
        .chain(doc.levels.iter().flat_map(|l| l.items.iter()))
        .flat_map(Item::walk);
    for map in items.filter_map(Item::map) {
        if map.start.end < offset && map.end.as_ref().is_none_or(|e| offset <= e.start) {
            return statements::endmap(text, map, offset);
        }
    }
    let line_start = text[..offset].rfind('\n').map_or(0, |n| n + 1);
    if text[line_start..offset].trim_start().starts_with('#') {
        return Vec::new();
    }
    let cur = slots::cursor(text, offset);
    let Some(leaf) = cur.reading.expected.as_ref() else {
        return match &cur.spot {
            Spot::Keyword(replace) => keywords(text, replace.clone()),
            Spot::Variable(replace) => variables(text, doc, offset, None, replace.clone()),
            _ => Vec::new(),
        };
    };
    let at = At {
        text,
        cur: &cur,
        leaf,
    };
    match &cur.spot {
        Spot::Keyword(replace) => keywords(text, replace.clone()),
        Spot::Nothing => Vec::new(),
        Spot::Variable(replace) => variables(text, doc, offset, leaf.slot(), replace.clone()),
        Spot::Str(replace) => at.in_string(replace.clone(), offset),
        Spot::Char(replace) => at.in_char(replace.clone(), offset),
        Spot::Value(replace) => {
            // An info already given takes no variable again (a position, a name).
            let given = |take: Takes, group: u16| {
                leaf.slot().is_some_and(|s| s.takes(take)) && at.groups(replace).contains(&group)
            };
            let vars = if given(Takes::ObjectInfo, forms::OBJECT_COORD_GROUP)
                || given(Takes::MonsterInfo, forms::MONSTER_NAME_GROUP)
            {
                Vec::new()
            } else {
                variables(text, doc, offset, leaf.slot(), replace.clone())
            };
            let mut out: Vec<Completion> = vars
                .into_iter()
                .filter(|c| c.detail.as_deref().is_some_and(|d| d.contains("fits")))
                .collect();
            out.extend(at.values(replace.clone()));
            out
        }
    }
}

/// The cursor and the slot there.
struct At<'a> {
    text: &'a str,
    cur: &'a Cursor,
    leaf: &'a Leaf,
}

impl At<'_> {
    fn slot(&self) -> Option<ScriptSlot> {
        self.leaf.slot()
    }

    /// The words already written in the same list (FLAGS, a room's flags,
    /// `north|west`, `random[dry,wet]`, `seen_traps`), the cursor's own excepted.
    fn written(&self, replace: &Range<usize>) -> Vec<&str> {
        let n = self.leaf.path.len();
        let Some(slot) = self.slot() else {
            return Vec::new();
        };
        self.cur
            .whole
            .leaves
            .iter()
            .filter(|l| l.token && l.path.len() == n && l.path[n - 1].slot == slot)
            .filter(|l| l.path[..n - 1] == self.leaf.path[..n - 1])
            .filter(|l| !(l.span.start <= replace.start && replace.end <= l.span.end))
            .filter_map(|l| self.text.get(l.span.clone()))
            .map(|w| w.trim_matches('"'))
            .collect()
    }

    /// The classes of the name written after the cursor's class letter in
    /// `('c', "name")`: only those hold it (lev_comp looks it up there).
    fn classes_of_name(&self, kind: NameKind) -> Option<Vec<char>> {
        let n = self.leaf.path.len();
        if !matches!(self.leaf.path.last()?.place, slots::Place::Element(0)) {
            return None;
        }
        let name = self.cur.whole.leaves.iter().find(|l| {
            l.token
                && l.path.len() == n
                && l.path[..n - 1] == self.leaf.path[..n - 1]
                && l.path[n - 1].place == slots::Place::Element(1)
        })?;
        let name = self
            .text
            .get(name.span.clone())?
            .strip_prefix('"')?
            .strip_suffix('"')?;
        Some(names::classes_of_in(Dialect::V36, kind, name)).filter(|c| !c.is_empty())
    }

    fn class_chars(&self, kind: NameKind, replace: &Range<usize>) -> Vec<Completion> {
        let only = self.classes_of_name(kind);
        class_chars(kind, replace)
            .into_iter()
            .filter(|c| {
                only.as_ref()
                    .is_none_or(|o| c.label.chars().nth(1).is_some_and(|ch| o.contains(&ch)))
            })
            .collect()
    }

    /// The info groups already given, the cursor's own excepted.
    fn groups(&self, replace: &Range<usize>) -> Vec<u16> {
        self.cur
            .whole
            .infos
            .iter()
            .filter(|(span, _)| !(span.start <= replace.start && replace.end <= span.end))
            .map(|(_, g)| *g)
            .collect()
    }

    /// Between tokens or on a word being typed.
    fn values(&self, replace: Range<usize>) -> Vec<Completion> {
        let Some(slot) = self.slot() else {
            return Vec::new();
        };
        let written = self.written(&replace);
        let snippets = room_for_snippet(self.text, &replace);
        let word = |w: &str| word_item(w, slot.name, replace.clone());
        let mut out: Vec<Completion> = Vec::new();
        for take in slot.takes {
            match *take {
                Takes::Words(list) => out.extend(
                    list.iter()
                        .filter(|w| !written.iter().any(|x| x == *w || paired(x, w)))
                        .map(|w| word(w)),
                ),
                Takes::Directions => out.extend(
                    DIRECTIONS
                        .iter()
                        .filter(|w| !written.contains(w))
                        .map(|w| word(w)),
                ),
                Takes::Humidity => out.extend(
                    HUMIDITY
                        .iter()
                        .filter(|(w, _)| !written.contains(w))
                        .map(|(w, _)| word(w)),
                ),
                Takes::Coord => {
                    out.push(word("random"));
                    out.extend(selection_item("rndcoord", &replace, snippets));
                }
                Takes::LevRegion => out.push(snippet_item(
                    "levregion",
                    "level region",
                    vocab::value_classes_of("levregion")
                        .first()
                        .map(|w| w.meaning),
                    "levregion(${1:1},${2:0},${3:79},${4:20})",
                    &replace,
                    snippets,
                )),
                Takes::Selection => out.extend(
                    SELECTION_FNS
                        .iter()
                        // lev_comp 3.6 cannot read `gradient`.
                        .filter(|f| f.name != "gradient")
                        .filter_map(|f| selection_item(f.name, &replace, snippets)),
                ),
                Takes::MapChar | Takes::Char => out.extend(map_chars(&replace)),
                Takes::Monster | Takes::Object => {
                    let kind = name_kind(*take);
                    out.push(word("random"));
                    out.extend(class_chars(kind, &replace));
                    out.extend(quoted(names_of(kind, None), &replace));
                }
                Takes::MonsterClass | Takes::ObjectClass => {
                    out.extend(self.class_chars(name_kind(*take), &replace))
                }
                Takes::MonsterName | Takes::ObjectName => out.extend(quoted(
                    names_of(name_kind(*take), self.leaf.class),
                    &replace,
                )),
                Takes::Trap => {
                    out.push(word("random"));
                    out.extend(quoted(traps().map(|(n, _)| (n, "trap".into())), &replace));
                }
                Takes::TrapMask => {
                    if written.is_empty() {
                        out.push(word("all"));
                    }
                    out.extend(quoted(
                        traps()
                            .filter(|(n, _)| !written.contains(n))
                            .map(|(n, _)| (n, "trap".into())),
                        &replace,
                    ));
                }
                Takes::RoomType => {
                    out.push(word("random"));
                    out.extend(quoted(
                        room_types().map(|(n, _)| (n, "room type".into())),
                        &replace,
                    ));
                }
                Takes::Feature => out.extend(quoted(
                    FEATURES.iter().map(|f| (*f, "dungeon feature".into())),
                    &replace,
                )),
                Takes::MonsterInfo | Takes::ObjectInfo => {
                    let monster = *take == Takes::MonsterInfo;
                    let groups = self.groups(&replace);
                    let list = if monster { MONSTER_INFOS } else { OBJECT_INFOS };
                    for info in list.iter().filter(|i| !groups.contains(&i.group)) {
                        out.push(match info.snippet.filter(|_| snippets) {
                            Some(s) => snippet_item(
                                info.word,
                                slot.name,
                                Some(info.meaning),
                                s,
                                &replace,
                                true,
                            ),
                            None => {
                                let mut item = word(info.word);
                                item.documentation = Some(info.meaning.to_string());
                                item
                            }
                        });
                    }
                    if !monster && !groups.contains(&forms::OBJECT_COORD_GROUP) {
                        out.push(word_item("random", "position", replace.clone()));
                        out.extend(selection_item("rndcoord", &replace, snippets));
                    }
                }
                Takes::Value => {
                    for (key, what, _) in VALUE_KEYS {
                        out.push(Completion {
                            label: format!("{key}:"),
                            kind: CompletionKind::Keyword,
                            detail: Some(format!("a {what} value (or a list of them)")),
                            documentation: WORDS_36
                                .iter()
                                .find(|(w, _)| w == key)
                                .map(|(_, m)| m.to_string()),
                            insert_text: Some(format!("{key}: ")),
                            replace: replace.clone(),
                            snippet: false,
                        });
                    }
                    out.push(word("random"));
                    out.extend(selection_item("rndcoord", &replace, snippets));
                }
                Takes::AlignRegister => out.push(snippet_item(
                    "align",
                    slot.name,
                    Some("`align[i]`: one of the level's three alignments, shuffled each time it is made (0–2)."),
                    "align[${1:0}]",
                    &replace,
                    snippets,
                )),
                Takes::Region
                | Takes::Text
                | Takes::Str
                | Takes::Integer
                | Takes::Int
                | Takes::Percent
                | Takes::Tuple(_)
                | Takes::Array => {}
            }
        }
        let mut seen = std::collections::HashSet::new();
        out.retain(|c| seen.insert(c.label.clone()));
        out
    }

    /// Inside a string: names of the slot (of the class of the tuple).
    fn in_string(&self, replace: Range<usize>, offset: usize) -> Vec<Completion> {
        let Some(slot) = self.slot() else {
            return Vec::new();
        };
        let in_tuple = matches!(
            self.leaf.path.last().map(|s| s.place),
            Some(slots::Place::Element(_))
        );
        let close = closing(self.text, &replace, offset, in_tuple);
        let written = self.written(&replace);
        let item = |label: &str, detail: String, doc: Option<&str>| Completion {
            label: label.to_string(),
            kind: CompletionKind::Value,
            detail: Some(detail),
            documentation: doc.map(str::to_string),
            insert_text: (!close.is_empty()).then(|| format!("{label}{close}")),
            replace: replace.clone(),
            snippet: false,
        };
        let mut out = Vec::new();
        for take in slot.takes {
            match take {
                Takes::Monster | Takes::MonsterName | Takes::Object | Takes::ObjectName => out
                    .extend(
                        names_of(name_kind(*take), self.leaf.class).map(|(n, d)| item(n, d, None)),
                    ),
                Takes::Trap | Takes::TrapMask => out.extend(
                    traps()
                        .filter(|(n, _)| !written.contains(n))
                        .map(|(n, m)| item(n, "trap".into(), Some(m))),
                ),
                Takes::RoomType => {
                    out.extend(room_types().map(|(n, m)| item(n, "room type".into(), Some(m))))
                }
                Takes::Feature => out.extend(
                    FEATURES
                        .iter()
                        .map(|f| item(f, "dungeon feature".into(), None)),
                ),
                _ => {}
            }
        }
        out
    }

    /// Inside a char literal: the whole literal is replaced, with a closing
    /// quote the editor may have added.
    fn in_char(&self, mut replace: Range<usize>, offset: usize) -> Vec<Completion> {
        let Some(slot) = self.slot() else {
            return Vec::new();
        };
        if replace.end == offset
            && self.text[replace.clone()] == *"'"
            && self.text[offset..].starts_with('\'')
        {
            replace.end += 1;
        }
        let mut out = Vec::new();
        for take in slot.takes {
            match take {
                Takes::Monster | Takes::MonsterClass | Takes::Object | Takes::ObjectClass => {
                    out.extend(self.class_chars(name_kind(*take), &replace))
                }
                Takes::MapChar | Takes::Char => out.extend(map_chars(&replace)),
                _ => {}
            }
        }
        out
    }
}

fn name_kind(take: Takes) -> NameKind {
    match take {
        Takes::Object | Takes::ObjectClass | Takes::ObjectName => NameKind::Object,
        _ => NameKind::Monster,
    }
}

/// Room flags of one kind are given once: `filled` or `unfilled`.
fn paired(written: &str, w: &str) -> bool {
    [
        ["filled", "unfilled"],
        ["regular", "irregular"],
        ["joined", "unjoined"],
    ]
    .iter()
    .any(|pair| pair.contains(&written) && pair.contains(&w))
}

/// Whether a call or a keyed info may come with its values: nothing but a
/// separator follows the word replaced on its line.
fn room_for_snippet(text: &str, replace: &Range<usize>) -> bool {
    let rest = text[replace.end..].split('\n').next().unwrap_or("").trim();
    rest.is_empty() || rest.starts_with([',', ')', '}', '&', '{'])
}

/// What closes a string being typed: its quote when none follows on the
/// line, and the tuple's `)` when the string is a tuple's last element.
fn closing(text: &str, replace: &Range<usize>, offset: usize, in_tuple: bool) -> String {
    if replace.end > offset || text[replace.end..].starts_with('"') {
        return String::new();
    }
    let rest = text[offset..].split('\n').next().unwrap_or("");
    if rest.contains('"') {
        return String::new();
    }
    let mut close = String::from("\"");
    // The tuple is open unless a `)` of its own follows (not one of `(1,1)`).
    let mut depth = 0usize;
    let closed = rest.chars().any(|c| match c {
        '(' => {
            depth += 1;
            false
        }
        ')' if depth == 0 => true,
        ')' => {
            depth -= 1;
            false
        }
        _ => false,
    });
    if in_tuple && !closed {
        close.push(')');
    }
    close
}

/// The 3.6 names of one kind (of one class), each once, with their class.
fn names_of(kind: NameKind, class: Option<char>) -> impl Iterator<Item = (&'static str, String)> {
    let mut seen = std::collections::HashSet::new();
    names::names_in(Dialect::V36, kind)
        .iter()
        .filter(move |n| class.is_none_or(|c| n.class == c))
        .filter(move |n| seen.insert(n.name))
        .map(move |n| {
            let meaning = match kind {
                NameKind::Monster => vocab::monster_class(n.class).map(|c| c.meaning),
                NameKind::Object => vocab::object_class(n.class).map(|c| c.meaning),
            };
            let details = statements::tree_details(kind, n);
            (
                n.name,
                format!("'{}' {}{details}", n.class, meaning.unwrap_or("")),
            )
        })
}

fn traps() -> impl Iterator<Item = (&'static str, &'static str)> {
    traps_36().into_iter()
}

fn room_types() -> impl Iterator<Item = (&'static str, &'static str)> {
    room_types_36().into_iter()
}

fn char_item(c: char, what: &str, meaning: &str, replace: &Range<usize>) -> Completion {
    Completion {
        label: char_literal(c),
        kind: CompletionKind::Class,
        detail: Some(format!("{what} — {meaning}")),
        documentation: None,
        insert_text: None,
        replace: replace.clone(),
        snippet: false,
    }
}

fn class_chars(kind: NameKind, replace: &Range<usize>) -> Vec<Completion> {
    let (what, list) = match kind {
        NameKind::Monster => ("monster class", vocab::monster_classes()),
        NameKind::Object => ("object class", vocab::object_classes()),
    };
    list.iter()
        .map(|c| char_item(c.ch, what, c.meaning, replace))
        .collect()
}

fn map_chars(replace: &Range<usize>) -> Vec<Completion> {
    vocab::map_chars()
        .iter()
        .map(|m| char_item(m.ch, "map character", m.terrain, replace))
        .collect()
}

fn word_item(w: &str, what: &str, replace: Range<usize>) -> Completion {
    Completion {
        label: w.to_string(),
        kind: CompletionKind::Constant,
        detail: Some(what.to_string()),
        documentation: word_doc(w).map(str::to_string),
        insert_text: None,
        replace,
        snippet: false,
    }
}

/// A word that inserts its snippet when nothing follows it on the line.
fn snippet_item(
    w: &str,
    what: &str,
    doc: Option<&str>,
    snippet: &str,
    replace: &Range<usize>,
    with_snippet: bool,
) -> Completion {
    Completion {
        label: w.to_string(),
        kind: if with_snippet {
            CompletionKind::Snippet
        } else {
            CompletionKind::Constant
        },
        detail: Some(what.to_string()),
        documentation: doc.map(str::to_string),
        insert_text: with_snippet.then(|| snippet.to_string()),
        replace: replace.clone(),
        snippet: with_snippet,
    }
}

fn selection_item(name: &str, replace: &Range<usize>, snippets: bool) -> Option<Completion> {
    let f = forms::selection_fn(name)?;
    let mut item = snippet_item(
        f.name,
        &format!("selection: {}", f.form),
        Some(&format!("Selects {}.", f.what)),
        f.snippet,
        replace,
        snippets,
    );
    item.kind = CompletionKind::Value;
    Some(item)
}

/// What a 3.6 word means, from the vocabulary.
fn word_doc(w: &str) -> Option<&'static str> {
    FLAGS_ADDED
        .iter()
        .chain(WORDS_36)
        .find(|(x, _)| *x == w)
        .map(|(_, m)| *m)
        .or_else(|| vocab::value_classes_of(w).first().map(|v| v.meaning))
        .or_else(|| HUMIDITY.iter().find(|(x, _)| *x == w).map(|(_, m)| *m))
}

/// Names as whole strings, `"name"`.
fn quoted(
    list: impl Iterator<Item = (&'static str, String)>,
    replace: &Range<usize>,
) -> Vec<Completion> {
    list.map(|(n, detail)| Completion {
        label: format!("\"{n}\""),
        kind: CompletionKind::Value,
        detail: Some(detail),
        documentation: None,
        insert_text: None,
        replace: replace.clone(),
        snippet: false,
    })
    .collect()
}

fn keywords(text: &str, replace: Range<usize>) -> Vec<Completion> {
    // The statement with a value in each slot, when nothing follows on the line.
    let snippets = text[replace.end..]
        .split('\n')
        .next()
        .is_none_or(|rest| rest.trim().is_empty());
    let item = |name: &str, form: Option<&str>, meaning: &str| {
        let snippet = snippet(name).filter(|_| snippets);
        Completion {
            label: name.to_string(),
            kind: if snippet.is_some() {
                CompletionKind::Snippet
            } else {
                CompletionKind::Keyword
            },
            detail: form.map(str::to_string),
            documentation: Some(meaning.to_string()),
            insert_text: snippet.map(str::to_string),
            replace: replace.clone(),
            snippet: snippet.is_some(),
        }
    };
    let mut out: Vec<Completion> = KEYWORDS_36
        .iter()
        .map(|k| item(k.name, k.forms.first().copied(), k.meaning))
        .collect();
    for k in vocab::KEYWORDS {
        if REMOVED.contains(&k.name) || out.iter().any(|c| c.label == k.name) {
            continue;
        }
        out.push(item(k.name, k.forms.first().copied(), k.meaning));
    }
    let known: Vec<String> = out.iter().map(|c| c.label.clone()).collect();
    for name in lexicon::own_keywords(|w| known.iter().any(|k| k == w)) {
        let note = lexicon::keyword_note(name).unwrap_or_default();
        out.push(item(name, None, &note));
    }
    out.sort_by(|a, b| a.label.cmp(&b.label));
    out
}

/// A 3.6 statement with a value lev_comp 3.6 accepts in each required slot
/// (none with a `$`, which a snippet would have to escape).
fn snippet(keyword: &str) -> Option<&'static str> {
    Some(match keyword {
        "MAZE" => "MAZE: \"${1:name}\", ${2:random}",
        "LEVEL" => "LEVEL: \"${1:name}\"",
        "FLAGS" => "FLAGS: ${1:noteleport}",
        "MESSAGE" => "MESSAGE: \"${1:text}\"",
        "INIT_MAP" => "INIT_MAP: ${1:solidfill}, '${2: }'",
        "GEOMETRY" => "GEOMETRY: ${1:center}, ${2:center}",
        "MAP" => "MAP\n$0\nENDMAP",
        "MONSTER" => "MONSTER: ${1:random}, ${2:random}",
        "OBJECT" => "OBJECT: ${1:random}, ${2:random}",
        "CONTAINER" => "CONTAINER: ('(', \"${1:chest}\"), ${2:random} {\n\t$0\n}",
        "TRAP" => "TRAP: ${1:random}, ${2:random}",
        "DOOR" => "DOOR: ${1:closed}, ${2:random}",
        "ROOMDOOR" => "ROOMDOOR: ${1:false}, ${2:closed}, ${3:random}, ${4:random}",
        "ROOM" => "ROOM: \"${1:ordinary}\", ${2:random}, ${3:random}, ${4:random}, ${5:random} {\n\t$0\n}",
        "SUBROOM" => "SUBROOM: \"${1:ordinary}\", ${2:random}, ${3:random}, ${4:random} {\n\t$0\n}",
        "REGION" => "REGION: (${1:0},${2:0},${3:4},${4:4}), ${5:lit}, \"${6:ordinary}\"",
        "TERRAIN" => "TERRAIN: ${1:random}, '${2:.}'",
        "REPLACE_TERRAIN" => "REPLACE_TERRAIN: (${1:0},${2:0},${3:4},${4:4}), '${5:.}', '${6:T}', ${7:50}%",
        "FOUNTAIN" => "FOUNTAIN: ${1:random}",
        "SINK" => "SINK: ${1:random}",
        "POOL" => "POOL: ${1:random}",
        "MAZEWALK" => "MAZEWALK: (${1:0},${2:0}), ${3:east}",
        "GRAVE" => "GRAVE: ${1:random}, ${2:random}",
        "GOLD" => "GOLD: ${1:100}, ${2:random}",
        "ENGRAVING" => "ENGRAVING: ${1:random}, ${2:dust}, \"${3:text}\"",
        "DRAWBRIDGE" => "DRAWBRIDGE: (${1:0},${2:0}), ${3:east}, ${4:closed}",
        "STAIR" => "STAIR: ${1:random}, ${2:down}",
        "LADDER" => "LADDER: ${1:random}, ${2:down}",
        "ALTAR" => "ALTAR: ${1:random}, ${2:random}, ${3:altar}",
        "NON_DIGGABLE" => "NON_DIGGABLE: (${1:0},${2:0},${3:4},${4:4})",
        "NON_PASSWALL" => "NON_PASSWALL: (${1:0},${2:0},${3:4},${4:4})",
        "TELEPORT_REGION" => "TELEPORT_REGION: levregion(${1:1},${2:0},${3:79},${4:20}), (${5:0},${6:0},${7:0},${8:0})",
        "PORTAL" => "PORTAL: levregion(${1:1},${2:0},${3:79},${4:20}), (${5:0},${6:0},${7:0},${8:0}), \"${9:level}\"",
        "BRANCH" => "BRANCH: levregion(${1:1},${2:0},${3:79},${4:20}), (${5:0},${6:0},${7:0},${8:0})",
        "CORRIDOR" => "CORRIDOR: (${1:0},${2:south},${3:random}), (${4:1},${5:north},${6:random})",
        "IF" => "IF [${1:50%}] {\n\t$0\n}",
        "ELSE" => "ELSE {\n\t$0\n}",
        "LOOP" => "LOOP [${1:2}] {\n\t$0\n}",
        "SWITCH" => "SWITCH [${1:2}] {\n\tCASE ${2:0}:\n\t\t$0\n}",
        "CASE" => "CASE ${1:0}:",
        _ => return None,
    })
}

/// The variable types a slot takes (a coordinate is a selection too).
fn wanted(slot: &ScriptSlot) -> Vec<VarType> {
    let mut out = Vec::new();
    for t in slot.takes {
        out.extend(match t {
            Takes::Coord | Takes::ObjectInfo => vec![VarType::Coord],
            Takes::Selection => vec![VarType::Selection, VarType::Coord],
            Takes::Region | Takes::LevRegion => vec![VarType::Region],
            Takes::MapChar => vec![VarType::MapChar],
            Takes::Monster => vec![VarType::Monster],
            Takes::Object => vec![VarType::Object],
            Takes::Text | Takes::MonsterInfo => vec![VarType::String],
            Takes::Integer => vec![VarType::Integer],
            _ => vec![],
        });
    }
    out
}

/// The level's variables assigned before the cursor; those whose type fits
/// the slot first, their detail saying so.
fn variables(
    text: &str,
    doc: &Document,
    offset: usize,
    slot: Option<ScriptSlot>,
    replace: Range<usize>,
) -> Vec<Completion> {
    let scopes = scope::scopes(text, doc);
    // The level the cursor is in; past a level's last item is still that level.
    let Some(scope) = scopes.iter().rev().find(|s| s.span.start <= offset) else {
        return Vec::new();
    };
    let want = slot.as_ref().map(wanted).unwrap_or_default();
    let arrays = slot.is_some_and(|s| s.takes(Takes::Array));
    let snippets = room_for_snippet(text, &replace);
    let mut out: Vec<(bool, Completion)> = scope
        .variables
        .iter()
        .filter(|v| !v.definitions.is_empty() && !v.is_undefined_at(offset))
        .map(|v| {
            let fit = if arrays {
                v.ty.is_array()
            } else {
                want.contains(&v.ty.element())
            };
            let mut detail = v.ty.describe();
            if fit {
                let what = if arrays {
                    "array".to_string()
                } else {
                    want[0].describe()
                };
                detail.push_str(&format!(" — fits the {what} slot"));
            }
            let documentation = v
                .first_value
                .as_ref()
                .and_then(|r| text.get(r.clone()))
                .map(|value| {
                    format!(
                        "`{} = {}`",
                        v.name,
                        crate::formats::nethack::ide::outline::shorten(value, 60)
                    )
                });
            // An array fills an element's slot as `$a[0]` (plain text: a
            // snippet would have to escape its `$`).
            let indexed = fit && !arrays && v.ty.is_array() && snippets;
            (
                fit,
                Completion {
                    label: v.name.clone(),
                    kind: CompletionKind::Value,
                    detail: Some(detail),
                    documentation,
                    insert_text: indexed.then(|| format!("{}[0]", v.name)),
                    replace: replace.clone(),
                    snippet: false,
                },
            )
        })
        .collect();
    // Fitting variables first, each group in order of appearance.
    out.sort_by_key(|(fit, _)| !*fit);
    out.into_iter().map(|(_, c)| c).collect()
}
