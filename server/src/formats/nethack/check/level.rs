//! The level as a whole: its name, the MAZE fill, INIT_MAP, MESSAGE lengths,
//! as each dialect's lev_comp checks them (3.4.3: names ≤ 8 bytes, no `.`;
//! 3.6: ≤ 14 characters). Walked from [`super::semantics`].

use super::report::lev_comp;
use crate::formats::nethack::names::lexicon;
use crate::formats::nethack::names::vocabulary::{self, MAX_LEVEL_NAME, MAX_MESSAGES_JOINED};
use crate::formats::nethack::syntax::char_literal;
use crate::formats::nethack::syntax::{Level, LevelKind, Statement, Value, ValueKind};
use crate::formats::{Diagnostic, Severity};

/// `MAZE: "name", fill` / `LEVEL: "name"`: the name (≤ 8 bytes, no `.`) and
/// the fill character.
pub(super) fn header(level: &Level, out: &mut Vec<Diagnostic>) {
    if let Some((name, span)) = level.name() {
        if name.contains('.') {
            out.push(lev_comp(
                Severity::Error,
                "nethack::level-name-dot",
                span.clone(),
                format!("the level name `{name}` contains a `.`; the compiled file is `<name>.lev`, so the name may not have one"),
                "Invalid dot ('.') in level name.",
            ));
        }
        if name.len() > MAX_LEVEL_NAME {
            out.push(lev_comp(
                Severity::Error,
                "nethack::level-name-too-long",
                span,
                format!(
                    "the level name `{name}` is {} bytes long; at most {MAX_LEVEL_NAME} are allowed",
                    name.len()
                ),
                "Level names limited to 8 characters.",
            ));
        }
    }
    if level.kind == LevelKind::Maze && level.header.keyword == "MAZE" {
        if let Some(fill) = level.header.args.get(1) {
            if let ValueKind::Char(c) = fill.kind {
                if vocabulary::map_char(c).is_none() {
                    out.push(lev_comp(
                        Severity::Warning,
                        "nethack::bad-fill-char",
                        fill.span.clone(),
                        format!(
                            "{} is not a map character, so the level is filled at random; write a map character such as `' '` (solid rock) or `random`",
                            char_literal(c)
                        ),
                        "Invalid fill character in MAZE declaration",
                    ));
                }
            }
        }
    }
    for statement in level.statements().filter(|s| s.keyword == "INIT_MAP") {
        init_map(statement, out);
    }
}

/// `INIT_MAP: fg, bg, smoothed, joined, light, walled`: fg and bg are map
/// characters, and a joined map needs a floor (`.`) or corridor (`#`) fg.
fn init_map(statement: &Statement, out: &mut Vec<Diagnostic>) {
    let args = &statement.args;
    let (Some(fg), Some(bg)) = (args.first(), args.get(1)) else {
        return;
    };
    let (ValueKind::Char(fg_char), ValueKind::Char(bg_char)) = (&fg.kind, &bg.kind) else {
        return;
    };
    let fg_ok = vocabulary::map_char(*fg_char).is_some();
    if !fg_ok {
        out.push(lev_comp(
            Severity::Error,
            "nethack::init-map-char",
            fg.span.clone(),
            format!(
                "the INIT_MAP foreground {} is not a map character",
                char_literal(*fg_char)
            ),
            "Invalid foreground type.",
        ));
    }
    if vocabulary::map_char(*bg_char).is_none() {
        out.push(lev_comp(
            Severity::Error,
            "nethack::init-map-char",
            bg.span.clone(),
            format!(
                "the INIT_MAP background {} is not a map character",
                char_literal(*bg_char)
            ),
            "Invalid background type.",
        ));
    }
    let joined = args.get(3).and_then(|v| v.word()) == Some("true");
    if joined && fg_ok && !lexicon::joins(*fg_char) {
        out.push(lev_comp(
            Severity::Error,
            "nethack::init-map-joined",
            fg.span.clone(),
            format!(
                "a joined INIT_MAP (4th value `true`) connects its foreground areas with floor, so the foreground must be `'.'` or `'#'`, not {}",
                char_literal(*fg_char)
            ),
            "Invalid foreground type for joined map.",
        ));
    }
}

/// MESSAGE: one message at most 254 bytes, all of a level's messages joined
/// with line breaks at most 255; a message that does not fit is refused.
pub(super) fn messages(level: &Level, out: &mut Vec<Diagnostic>) {
    let mut joined = 0usize;
    for statement in level.statements().filter(|s| s.keyword == "MESSAGE") {
        let Some(value) = statement.args.first() else {
            continue;
        };
        let ValueKind::String(text) = &value.kind else {
            continue;
        };
        let len = text.len();
        if len + 1 + joined > MAX_MESSAGES_JOINED {
            let what = if joined == 0 {
                format!("this message is {len} bytes long; at most 254 are allowed")
            } else {
                format!(
                    "this message ({len} bytes) does not fit: the level's messages joined with line breaks may hold at most {MAX_MESSAGES_JOINED} bytes, and {joined} are already used"
                )
            };
            out.push(lev_comp(
                Severity::Error,
                "nethack::message-too-long",
                value.span.clone(),
                what,
                "Message string too long (>256 characters)",
            ));
        } else {
            joined += len + usize::from(joined > 0);
        }
    }
}

// ---- 3.6: names up to 14 characters; INIT_MAP fills must be map characters.

pub(super) fn level_name_36(level: &Level, out: &mut Vec<Diagnostic>) {
    let Some((name, span)) = level.name() else {
        return;
    };
    if name.chars().count() > 14 {
        out.push(Diagnostic::new(
            Severity::Error,
            "nethack::level-name-too-long",
            span.clone(),
            format!("Level names limited to 14 characters ('{name}')."),
        ));
    }
    if name.contains('.') {
        out.push(Diagnostic::new(
            Severity::Error,
            "nethack::level-name-dot",
            span,
            format!("Invalid dot ('.') in level name '{name}'."),
        ));
    }
}

/// INIT_MAP's terrain characters must be map characters.
pub(super) fn init_map_36(args: &[Value], out: &mut Vec<Diagnostic>) {
    let Some(style) = args.first().and_then(Value::word) else {
        return;
    };
    let checks: &[(usize, &str)] = match style {
        "solidfill" | "mazegrid" => &[(1, "fill char")],
        "mines" => &[(1, "foreground"), (2, "background")],
        _ => return,
    };
    let mut fg_ok = true;
    for &(i, what) in checks {
        let Some(v) = args.get(i) else { continue };
        let Some(c) = v.char() else { continue };
        if c == 'x' || vocabulary::map_char(c).is_none() {
            fg_ok &= i != 1;
            let message = if what == "fill char" {
                "INIT_MAP: Invalid fill char type.".to_string()
            } else {
                format!("INIT_MAP: Invalid {what} type.")
            };
            out.push(Diagnostic::new(
                Severity::Error,
                "nethack::init-map-char",
                v.span.clone(),
                format!("{message} '{c}' is not a map character."),
            ));
        }
    }
    if style != "mines" {
        return;
    }
    // `mines, fg, bg, smoothed, joined, lit, walled[, fill]`.
    let joined = args.get(4).and_then(Value::word) == Some("true");
    if let Some(fg) = args.get(1).and_then(|v| v.char().map(|c| (c, &v.span))) {
        if joined && fg_ok && !lexicon::joins(fg.0) {
            out.push(Diagnostic::new(
                Severity::Error,
                "nethack::init-map-joined",
                fg.1.clone(),
                format!(
                    "INIT_MAP: Invalid foreground type for joined map. A joined map (5th value `true`) connects its foreground areas with floor, so the foreground is '.' or '#', not '{}'.",
                    fg.0
                ),
            ));
        }
    }
    if let Some(fill) = args.get(7).and_then(|v| v.char().map(|c| (c, &v.span))) {
        if fill.0 != 'x' && vocabulary::map_char(fill.0).is_none() {
            out.push(Diagnostic::new(
                Severity::Error,
                "nethack::init-map-char",
                fill.1.clone(),
                format!(
                    "INIT_MAP: Invalid fill char type. '{}' is not a map character.",
                    fill.0
                ),
            ));
        }
    }
}
