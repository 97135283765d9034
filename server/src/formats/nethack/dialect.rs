//! Which `lev_comp` language a `.des` file is written in. NetHack 3.6
//! rewrote the language (free order, `{ }` blocks, `$variables`, IF/LOOP…) and
//! the two compilers reject each other's files, so levls checks a file with
//! the dialect it is in: the user's choice when given (a first-line comment,
//! the `nethack.dialect` setting, `levls.toml`), else what its content shows.

use crate::formats::nethack::names::vocabulary::{self, FLAGS_3_6, VALUE_WORDS_3_6};
use crate::formats::nethack::settings::Forced;
use crate::formats::nethack::syntax::{self, Document, Item, Level, Statement, Value, ValueKind};
use crate::formats::{Diagnostic, Past, Severity};
use std::ops::Range;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dialect {
    /// NetHack 3.4.3 (and 3.2), SLASH'EM, dNetHack…: fixed order, RANDOM_* registers.
    V343,
    /// NetHack 3.6 (MiniHack, SpliceHack…): blocks, variables, control flow.
    V36,
}

impl Dialect {
    pub fn label(self) -> &'static str {
        match self {
            Dialect::V343 => "3.4.3",
            Dialect::V36 => "3.6",
        }
    }
    /// The other dialect.
    pub fn other(self) -> Dialect {
        match self {
            Dialect::V343 => Dialect::V36,
            Dialect::V36 => Dialect::V343,
        }
    }
    /// `3.4.3` / `343` / `3.4` / `3.2` → 3.4.3; `3.6` / `36` / `3.6.7` → 3.6.
    pub fn parse(text: &str) -> Option<Dialect> {
        match text.trim().to_ascii_lowercase().as_str() {
            "3.4.3" | "343" | "3.4" | "3.2" | "3.3" => Some(Dialect::V343),
            "3.6" | "36" | "3.6.0" | "3.6.6" | "3.6.7" => Some(Dialect::V36),
            _ => None,
        }
    }
}

/// The dialect in force and why, for hover and the status line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    pub dialect: Dialect,
    /// "first-line comment", "setting", or the construct that decided it.
    pub reason: String,
    /// Where the deciding construct or comment is.
    pub span: Option<Range<usize>>,
    /// An open document's dialect kept or changed while it is edited, and
    /// why (None when the text alone decided, as `levls check` decides).
    pub editing: Option<Editing>,
}

/// How editing an open document bore on its dialect ([`settle`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Editing {
    /// The dialect it had stays, though the text alone would not say so
    /// (the sentence says why).
    Kept(String),
    /// It changed from this dialect while being edited: strong evidence.
    ChangedFrom(Dialect),
}

impl Choice {
    /// The sentence about editing, for hover and the status line.
    pub fn editing_note(&self) -> Option<String> {
        match self.editing.as_ref()? {
            Editing::Kept(why) => Some(format!("kept while editing: {why}")),
            Editing::ChangedFrom(old) => Some(format!(
                "changed from {} while editing: no sign of {} is left, and a whole statement of {} decided",
                old.label(),
                old.label(),
                self.dialect.label()
            )),
        }
    }
}

/// `# levls: dialect 3.6` (or `dialect=3.6`) in the file's leading comments.
pub fn from_comment(text: &str) -> Option<(Dialect, Range<usize>)> {
    levls_comment(text, "dialect", Dialect::parse)
}

/// The first `# levls: KEY VALUE` (or `KEY=VALUE`) among the file's leading
/// comments whose value `read` accepts, with the comment line's span.
pub fn levls_comment<T>(
    text: &str,
    key: &str,
    read: impl Fn(&str) -> Option<T>,
) -> Option<(T, Range<usize>)> {
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim();
        if !trimmed.is_empty() && !trimmed.starts_with('#') {
            break;
        }
        let value = trimmed
            .strip_prefix('#')
            .map(str::trim_start)
            .and_then(|r| r.strip_prefix("levls:"))
            .and_then(|r| r.trim_start().strip_prefix(key))
            .map(|v| v.trim_start().trim_start_matches(['=', ':']).trim());
        if let Some(found) = value.and_then(|v| read(v.split_whitespace().next().unwrap_or(""))) {
            return Some((found, offset..offset + line.trim_end().len()));
        }
        offset += line.len();
    }
    None
}

/// Statement keywords only the 3.6 language has.
pub const NEWER_KEYWORDS: &[&str] = &[
    "ROOMDOOR",
    "TERRAIN",
    "REPLACE_TERRAIN",
    "GRAVE",
    "MINERALIZE",
    "IF",
    "ELSE",
    "EXIT",
    "FOR",
    "LOOP",
    "SWITCH",
    "CASE",
    "BREAK",
    "DEFAULT",
    "FUNCTION",
    "SHUFFLE",
];

/// Statement keywords and forms only the 3.4.3 language has.
const OLDER_KEYWORDS: &[&str] = &[
    "RANDOM_PLACES",
    "RANDOM_MONSTERS",
    "RANDOM_OBJECTS",
    "CHANCE",
];

/// The first sign of the 3.6 language in one item, with what it is.
pub fn newer_item(text: &str, item: &Item) -> Option<(Range<usize>, String)> {
    match item {
        Item::Assignment(a) if a.variable.span.is_empty() => None,
        Item::Assignment(a) => Some((
            a.variable.span.clone(),
            format!(
                "`{}`: variables are NetHack 3.6",
                text.get(a.variable.span.clone()).unwrap_or("$")
            ),
        )),
        Item::For(f) => Some((
            f.keyword_span.clone(),
            "`FOR` is a NetHack 3.6 statement".to_string(),
        )),
        Item::Chance(c) => Some((
            c.span.start..c.span.start + 1,
            "`[n%]:` before a statement is NetHack 3.6 (3.4.3 writes `MONSTER[n%]:`)".to_string(),
        )),
        Item::Label(l) => Some((
            l.keyword_span.clone(),
            format!("`{}` is a NetHack 3.6 statement", l.keyword),
        )),
        Item::Call(c) => Some((
            c.name_span.clone(),
            format!(
                "`{}(…)` calls a FUNCTION, which only 3.6's grammar has",
                c.name
            ),
        )),
        Item::Map(_) => None,
        Item::Statement(s) => newer_statement(text, s),
    }
}

fn newer_statement(text: &str, s: &Statement) -> Option<(Range<usize>, String)> {
    if NEWER_KEYWORDS.contains(&s.keyword.as_str()) {
        return Some((
            s.keyword_span.clone(),
            format!("`{}` is a NetHack 3.6 statement", s.keyword),
        ));
    }
    if let Some(body) = &s.body {
        return Some((
            body.span.start..body.span.start + 1,
            "`{`: blocks are NetHack 3.6".to_string(),
        ));
    }
    // `MONSTER: ('d', "jackal"), …`: 3.6 writes class and name as one pair.
    if matches!(s.keyword.as_str(), "MONSTER" | "OBJECT" | "CONTAINER") {
        if let Some(first) = s.args.first().filter(
            |a| matches!(&a.kind, ValueKind::Tuple(t) if t.len() == 2 && t[0].char().is_some()),
        ) {
            return Some((
                first.span.clone(),
                "`('c', \"name\")`: a class and name pair is NetHack 3.6".to_string(),
            ));
        }
    }
    s.args.iter().find_map(|v| newer_value(text, v))
}

/// A 3.6-only value: variables, lists, `key: value`, expressions, dice…
pub fn newer_value(text: &str, v: &Value) -> Option<(Range<usize>, String)> {
    // The parser's recovery may invent an empty token (a `$variable` with no
    // name while a statement is half typed): that is no evidence.
    if v.span.is_empty() {
        return None;
    }
    let what = match &v.kind {
        ValueKind::Variable { name_span, .. } if name_span.is_empty() => return None,
        ValueKind::Variable { .. } => "variables are",
        ValueKind::List(_) => "`{ … }` lists are",
        // `, CHANCE: 5` after a TRAP is 3.2, not 3.6.
        ValueKind::Keyed { key, .. } if key.chars().all(|c| c.is_ascii_lowercase() || c == '_') => {
            "`key: value` pairs are"
        }
        ValueKind::Binary { .. } => "expressions are",
        ValueKind::Weighted { .. } => "a chance after a string is",
        ValueKind::Dice { .. } => "dice are",
        ValueKind::Percent(_) => "percentages outside `[n%]` are",
        ValueKind::Word(w) if newer_word(w) => {
            return Some((v.span.clone(), format!("`{w}` is a NetHack 3.6 word")));
        }
        ValueKind::Call { name, .. } if newer_word(name) => {
            return Some((
                v.span.start..v.span.start + name.len(),
                format!("`{name}(…)` is a NetHack 3.6 function"),
            ));
        }
        // `random[dry]`: 3.6's lexer reads `random[` as one token.
        ValueKind::Register { name, .. } if name == "random" => "`random[…]` spots are",
        ValueKind::Tuple(items) => return items.iter().find_map(|i| newer_value(text, i)),
        ValueKind::Call { args, .. } => return args.iter().find_map(|i| newer_value(text, i)),
        _ => return None,
    };
    let written = text.get(v.span.clone()).unwrap_or("");
    let shown: String = written
        .lines()
        .next()
        .unwrap_or("")
        .chars()
        .take(24)
        .collect();
    Some((v.span.clone(), format!("`{shown}`: {what} NetHack 3.6")))
}

/// A word 3.6's lexer knows and 3.4.3's does not: a flag (`premapped`), a
/// fill style (`solidfill`, `mazegrid`), a selection function (`rect`), an
/// info word (`buried`)… Uppercase words and 3.4.3's own words are no evidence.
fn newer_word(w: &str) -> bool {
    w.bytes().all(|b| b.is_ascii_lowercase() || b == b'_')
        && (VALUE_WORDS_3_6.contains(&w) || FLAGS_3_6.contains(&w))
        && vocabulary::value_classes_of(w).is_empty()
}

/// A hint of 3.6 that decides only when nothing else does: MiniHack's level
/// name `"mylevel"` (MiniHack runs NetHack 3.6's lev_comp on every level it
/// builds). A long level name is no hint: in a 3.4.3 file it is an error to
/// report, not a reason to read the file as 3.6.
fn newer_hint(level: &Level) -> Option<(Range<usize>, String)> {
    let (name, span) = level.name()?;
    (name == "mylevel").then(|| {
        (
            span,
            "`\"mylevel\"` is MiniHack's level name, and MiniHack runs NetHack 3.6".to_string(),
        )
    })
}

/// The first sign of the 3.4.3 language in one item.
fn older_item(item: &Item) -> Option<(Range<usize>, String)> {
    let s = item.statement()?;
    if OLDER_KEYWORDS.contains(&s.keyword.as_str()) {
        return Some((
            s.keyword_span.clone(),
            format!("`{}` is NetHack 3.4.3's", s.keyword),
        ));
    }
    // `MONSTER[50%]:`; 3.6's `IF [50%] {` is a condition.
    if s.chance.is_some()
        && s.body.is_none()
        && matches!(
            s.keyword.as_str(),
            "MONSTER" | "OBJECT" | "CONTAINER" | "TRAP"
        )
    {
        return Some((
            s.keyword_span.clone(),
            format!("`{}[n%]:` is NetHack 3.4.3's chance", s.keyword),
        ));
    }
    for v in &s.args {
        match &v.kind {
            // `align[0]` is both dialects'; `random[dry]` is 3.6's.
            ValueKind::Register { name, .. } if name != "align" && name != "random" => {
                return Some((
                    v.span.clone(),
                    format!("`{name}[i]` registers are NetHack 3.4.3's"),
                ))
            }
            ValueKind::Word(w) if w == "contained" => {
                return Some((v.span.clone(), "`contained` is NetHack 3.4.3's".to_string()))
            }
            _ => {}
        }
    }
    // `MONSTER: 'd', "jackal", (1,1)`: class, name and place as three arguments.
    if matches!(s.keyword.as_str(), "MONSTER" | "OBJECT" | "CONTAINER")
        && s.args.len() >= 3
        && s.args[0].char().is_some()
        && s.args[1].string().is_some()
    {
        return Some((
            s.args[0].span.start..s.args[1].span.end,
            "a class and a name as two arguments is NetHack 3.4.3's".to_string(),
        ));
    }
    None
}

/// Every item of the document, nested ones included, in file order.
fn all_items(doc: &Document) -> impl Iterator<Item = &Item> {
    doc.prelude
        .iter()
        .chain(doc.levels.iter().flat_map(|l| l.items.iter()))
        .flat_map(Item::walk)
}

/// One sign of a dialect: where it is, and why it belongs to the dialect.
pub type Sign = (Range<usize>, String);

/// The first construct of each dialect in a document (or part of one), with
/// why it belongs to it: what [`choose`] decides from. `hint` (of 3.6)
/// decides only when neither dialect shows a construct of its own. The
/// `*_whole` signs are the first in an item with no syntax error inside it:
/// only those may change the dialect of a document being edited ([`settle`]),
/// so that a half-typed statement never does.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Evidence {
    pub newer: Option<Sign>,
    pub older: Option<Sign>,
    pub hint: Option<Sign>,
    pub newer_whole: Option<Sign>,
    pub older_whole: Option<Sign>,
}

impl Evidence {
    pub fn of(text: &str, doc: &Document) -> Evidence {
        let whole = |item: &Item| {
            let span = item.span();
            finished(text, item) && !doc.syntax_errors.iter().any(|e| touches(&e.span, &span))
        };
        let mut found = Evidence {
            hint: doc.levels.iter().find_map(newer_hint),
            ..Evidence::default()
        };
        for item in all_items(doc) {
            if found.newer_whole.is_none() {
                if let Some(sign) = newer_item(text, item) {
                    note_sign(&mut found.newer, &mut found.newer_whole, sign, || {
                        whole(item)
                    });
                }
            }
            if found.older_whole.is_none() {
                if let Some(sign) = older_item(item) {
                    note_sign(&mut found.older, &mut found.older_whole, sign, || {
                        whole(item)
                    });
                }
            }
            if found.newer_whole.is_some() && found.older_whole.is_some() {
                break;
            }
        }
        // A `{`, `}` or `$` the parser could not place (a block being typed)
        // is 3.6 too, though never whole: 3.4.3's check reports it as such.
        let unplaced = doc.syntax_errors.iter().find_map(|e| {
            let token = syntax::first_token(text, &e.span)?;
            let written = text.get(token.clone())?;
            matches!(written, "{" | "}" | "$").then(|| {
                (
                    token,
                    format!("`{written}`: blocks and variables are NetHack 3.6"),
                )
            })
        });
        if let Some(sign) = unplaced {
            if found
                .newer
                .as_ref()
                .is_none_or(|(n, _)| sign.0.start < n.start)
            {
                found.newer = Some(sign);
            }
        }
        found
    }

    /// The earlier evidence of two parts of a file, `self` coming first.
    pub fn then(self, later: Evidence) -> Evidence {
        Evidence {
            newer: self.newer.or(later.newer),
            older: self.older.or(later.older),
            hint: self.hint.or(later.hint),
            newer_whole: self.newer_whole.or(later.newer_whole),
            older_whole: self.older_whole.or(later.older_whole),
        }
    }

    /// The same evidence with every span moved by `by` bytes.
    pub fn shifted(&self, by: isize) -> Evidence {
        let moved = |sign: &Option<Sign>| {
            sign.as_ref().map(|(range, why)| {
                (
                    range.start.wrapping_add_signed(by)..range.end.wrapping_add_signed(by),
                    why.clone(),
                )
            })
        };
        Evidence {
            newer: moved(&self.newer),
            older: moved(&self.older),
            hint: moved(&self.hint),
            newer_whole: moved(&self.newer_whole),
            older_whole: moved(&self.older_whole),
        }
    }

    /// The first sign of `dialect`, and its first whole one.
    fn of_dialect(&self, dialect: Dialect) -> (&Option<Sign>, &Option<Sign>) {
        match dialect {
            Dialect::V36 => (&self.newer, &self.newer_whole),
            Dialect::V343 => (&self.older, &self.older_whole),
        }
    }
}

/// Keep `sign` as the first sign if none was, and as the first whole one if
/// its item parses whole.
fn note_sign(
    first: &mut Option<Sign>,
    first_whole: &mut Option<Sign>,
    sign: Sign,
    whole: impl FnOnce() -> bool,
) {
    if whole() {
        *first_whole = Some(sign.clone());
    }
    first.get_or_insert(sign);
}

/// Whether an item is more than a keyword still waiting for what follows
/// it: a statement needs its arguments, condition or block (the grammar
/// reads a bare `RANDOM_PLACES` as a whole statement), unless it takes none,
/// all on its line (the grammar reads a `RANDOM_PLACES:` whose places are
/// not typed yet with the next line as its arguments).
fn finished(text: &str, item: &Item) -> bool {
    let Item::Statement(s) = item else {
        return true;
    };
    let until = s.body.as_ref().map_or(s.span.end, |b| b.span.start);
    let one_line = text
        .get(s.span.start..until)
        .is_some_and(|written| !written.trim_end().contains('\n'));
    one_line
        && (s.body.is_some()
            || s.condition.is_some()
            || (s.colon.is_some() && !s.args.is_empty())
            || matches!(s.keyword.as_str(), "BREAK" | "EXIT" | "MINERALIZE"))
}

/// Whether a syntax error lies in (or at an edge of) an item's span: an
/// assumed token (empty span) at its end counts.
fn touches(error: &Range<usize>, item: &Range<usize>) -> bool {
    if error.is_empty() {
        item.start <= error.start && error.start <= item.end
    } else {
        error.start < item.end && item.start < error.end
    }
}

/// The dialect of a file: `forced` (a setting) unless the file's own
/// first-line comment says otherwise; else the language its content uses
/// first; a file with no sign of either is 3.4.3.
pub fn choose(text: &str, doc: &Document, forced: Option<Forced>) -> Choice {
    choose_from(text, forced, || Evidence::of(text, doc))
}

/// [`choose`], with the content's evidence computed only when needed.
pub fn choose_from(
    text: &str,
    forced: Option<Forced>,
    evidence: impl FnOnce() -> Evidence,
) -> Choice {
    forced_choice(text, forced).unwrap_or_else(|| from_content(evidence()))
}

/// [`choose_from`] for one version of a file that may be an open document
/// (`past`): its content's dialect is then [`settle`]d against the one its
/// earlier versions settled on, once per version. The comment and the
/// setting still come first; the content is settled under them all the same,
/// so that removing them leaves the dialect the editing has settled on.
pub fn choose_open(
    text: &str,
    forced: Option<Forced>,
    past: Option<Past>,
    evidence: impl FnOnce() -> Evidence,
) -> Choice {
    let Some(past) = past else {
        return choose_from(text, forced, evidence);
    };
    let settled = past.carry(|earlier: Option<&Settled>| settle(earlier, evidence()));
    forced_choice(text, forced).unwrap_or(settled.choice)
}

/// The file's own comment, else the setting.
fn forced_choice(text: &str, forced: Option<Forced>) -> Option<Choice> {
    if let Some((dialect, span)) = from_comment(text) {
        return Some(Choice {
            dialect,
            reason: "the file's `# levls: dialect` comment".to_string(),
            span: Some(span),
            editing: None,
        });
    }
    forced.map(|forced| Choice {
        dialect: forced.dialect,
        reason: forced.reason.to_string(),
        span: None,
        editing: None,
    })
}

/// What an open document's content settled on, carried to its next version.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settled {
    /// The dialect a sign decided, once one has (None: none yet).
    dialect: Option<Dialect>,
    /// The dialect it had before it last changed while being edited.
    changed_from: Option<Dialect>,
    /// The content's choice for this version.
    choice: Choice,
}

/// The dialect of an open document's new version, given what its earlier
/// versions settled on. Typing must not flip it: a half-typed statement, or
/// garbage that hides the rest of the file from the parser, is no reason to
/// check a 3.6 file as 3.4.3 (and report its 3.6 constructs), or the reverse.
///
/// - Just opened (`earlier` None): the text alone decides, as `levls check`.
/// - Nothing decided yet: the first *whole* sign of either dialect (in an
///   item with no syntax error) decides; until one does, the text alone
///   decides, but is not remembered.
/// - Decided: the dialect stays while any sign of it is left, whole or not,
///   whatever else the text shows; it changes only on strong contrary
///   evidence — no sign of it left at all, and a whole statement of the
///   other — and then says so (until the next change). With no sign of
///   either, it stays.
pub fn settle(earlier: Option<&Settled>, evidence: Evidence) -> Settled {
    let signed = evidence.newer.is_some() || evidence.older.is_some();
    let Some(earlier) = earlier else {
        let choice = from_content(evidence);
        return Settled {
            dialect: signed.then_some(choice.dialect),
            changed_from: None,
            choice,
        };
    };
    let Some(dialect) = earlier.dialect else {
        let whole = match (&evidence.newer_whole, &evidence.older_whole) {
            (Some(n), Some(o)) if n.0.start <= o.0.start => Some((Dialect::V36, n.clone())),
            (Some(n), None) => Some((Dialect::V36, n.clone())),
            (_, Some(o)) => Some((Dialect::V343, o.clone())),
            (None, None) => None,
        };
        return match whole {
            Some((dialect, (span, why))) => Settled {
                dialect: Some(dialect),
                changed_from: None,
                choice: detected(dialect, why, span),
            },
            None => Settled {
                dialect: None,
                changed_from: None,
                choice: from_content(evidence),
            },
        };
    };
    let other = dialect.other();
    let (own, _) = evidence.of_dialect(dialect);
    let (other_any, other_whole) = evidence.of_dialect(other);
    let mut changed_from = earlier.changed_from;
    let choice = if let Some((span, why)) = own {
        // The text alone reads the first sign: another dialect's when it comes first.
        let kept = other_any
            .as_ref()
            .filter(|(o, _)| o.start < span.start)
            .map(|(_, o_why)| {
                Editing::Kept(format!(
                    "the text also shows {}, first ({o_why})",
                    other.label()
                ))
            });
        Choice {
            editing: kept.or(changed_from.map(Editing::ChangedFrom)),
            ..detected(dialect, why.clone(), span.clone())
        }
    } else if let Some((span, why)) = other_whole {
        changed_from = Some(dialect);
        return Settled {
            dialect: Some(other),
            changed_from,
            choice: Choice {
                editing: Some(Editing::ChangedFrom(dialect)),
                ..detected(other, why.clone(), span.clone())
            },
        };
    } else {
        let reason = match other_any {
            Some((_, why)) => format!(
                "no sign of {} is left; {why}, but not in a whole statement yet",
                dialect.label()
            ),
            None => "no sign of either dialect is left".to_string(),
        };
        Choice {
            dialect,
            reason,
            span: None,
            editing: Some(Editing::Kept(format!(
                "the document was {} before",
                dialect.label()
            ))),
        }
    };
    Settled {
        dialect: Some(dialect),
        changed_from,
        choice,
    }
}

/// The dialect the content alone shows: the first sign of either, else the
/// hint, else 3.4.3.
fn from_content(evidence: Evidence) -> Choice {
    let Evidence {
        newer, older, hint, ..
    } = evidence;
    match (newer, older) {
        (Some((n, why)), Some((o, _))) if n.start <= o.start => detected(Dialect::V36, why, n),
        (Some((n, why)), None) => detected(Dialect::V36, why, n),
        (_, Some((o, why))) => detected(Dialect::V343, why, o),
        (None, None) => match hint {
            Some((span, why)) => detected(Dialect::V36, why, span),
            None => Choice {
                dialect: Dialect::V343,
                reason: NO_SIGN.to_string(),
                span: None,
                editing: None,
            },
        },
    }
}

/// An information diagnostic on the construct that changed an open
/// document's dialect while it was edited (kept until the next change):
/// every other diagnostic changes with the dialect, so the user is told why.
pub fn change_notice(choice: &Choice) -> Option<Diagnostic> {
    let Some(Editing::ChangedFrom(old)) = choice.editing else {
        return None;
    };
    Some(Diagnostic::new(
        Severity::Information,
        "nethack::dialect-changed",
        choice.span.clone().unwrap_or(0..0),
        format!(
            "checked as NetHack {} since an edit: {}; it was {} before, and no sign of {} is left (a `# levls: dialect {}` comment on the first line keeps it)",
            choice.dialect.label(),
            choice.reason,
            old.label(),
            old.label(),
            old.label(),
        ),
    ))
}

const NO_SIGN: &str = "no construct of either dialect yet; 3.4.3 is the default";

fn detected(dialect: Dialect, why: String, span: Range<usize>) -> Choice {
    Choice {
        dialect,
        reason: why,
        span: Some(span),
        editing: None,
    }
}

#[cfg(test)]
mod tests;
