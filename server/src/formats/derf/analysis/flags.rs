//! The Flags line: each flag, and the flags together (spec §6; D12–D23).

use super::{edit, IGNORED};
use crate::formats::derf::effective::{canonical, effective_flags, Reason};
use crate::formats::derf::syntax::*;
use crate::formats::derf::vocabulary::*;
use crate::formats::{closest, Diagnostic, Severity};
use Severity::{Error, Hint, Warning};

fn flag_names() -> impl Iterator<Item = &'static str> {
    FLAGS.iter().map(|f| f.name)
}

pub(super) fn check_flags(text: &str, room: &Room, out: &mut Vec<Diagnostic>) {
    // Per-token checks.
    for line in room.flags_lines() {
        // D11: nothing on the line looks like a flag: no `+word`/`-word`, and
        // no word that names a flag (`torn - faded banners`, `dusty.`).
        let flag_like = |t: &FlagToken| {
            let adjacent =
                matches!((&t.sign, &t.name), (Some((_, s)), Some(n)) if s.end == n.start);
            let known = t.name.as_ref().is_some_and(|n| {
                let word = text[n.clone()].to_ascii_lowercase();
                canonical(&word).is_some() || subflag_parent(&word).is_some()
            });
            adjacent || known
        };
        let prose =
            line.keyword.is_some() && !line.flags.is_empty() && !line.flags.iter().any(flag_like);
        if prose {
            // D11: a description line that happens to start with `Flags:`.
            out.push(Diagnostic::new(
                Error,
                "derf::description-read-as-flags",
                line.line.clone(),
                "this line starts with `Flags:`, so it ends the long description and is read as the Flags line, but it holds no `+flag`/`-flag`; reword the description so it does not start with `Flags:`",
            ));
        }
        for comma in &line.commas {
            let after_is_space = text[comma.end..].starts_with([' ', '\t']);
            let fix = if after_is_space { "" } else { " " };
            out.push(
                Diagnostic::new(
                    Error,
                    "derf::flag-separator",
                    comma.clone(),
                    "flags are separated by spaces, not commas",
                )
                .with_fix(
                    "Replace the comma with a space",
                    edit(comma.clone(), fix),
                    true,
                ),
            );
        }
        if !prose {
            for token in &line.flags {
                check_flag_token(text, token, out);
            }
        }
    }
    check_flag_combinations(text, room, out);
}

fn check_flag_token(text: &str, token: &FlagToken, out: &mut Vec<Diagnostic>) {
    let Some(name_span) = token.name.clone() else {
        out.push(Diagnostic::new(
            Error,
            "derf::missing-flag-name",
            token.span.clone(),
            "a `+` or `-` must be followed by a flag name",
        ));
        return;
    };
    let name = &text[name_span.clone()];
    let Some((_, sign_span)) = &token.sign else {
        let mut d = Diagnostic::new(
            Error,
            "derf::unsigned-flag",
            name_span.clone(),
            format!("`{name}` needs a sign: `+{name}` sets the flag, `-{name}` unsets it"),
        );
        for sign in ['+', '-'] {
            d = d.with_fix(
                format!("Write `{sign}{name}`"),
                edit(name_span.start..name_span.start, sign.to_string()),
                false,
            );
        }
        out.push(d);
        return;
    };
    if sign_span.end < name_span.start {
        out.push(
            Diagnostic::new(
                Error,
                "derf::space-after-sign",
                sign_span.end..name_span.start,
                "no space belongs between the sign and the flag name",
            )
            .with_fix(
                "Remove the space",
                edit(sign_span.end..name_span.start, ""),
                true,
            ),
        );
    }
    if flag(name).is_some() || subflag_parent(name).is_some() {
        return;
    }
    if let Some((_, canonical, why)) = FLAG_ALIASES.iter().find(|(a, _, _)| *a == name) {
        out.push(
            Diagnostic::new(
                Warning,
                "derf::flag-alias",
                name_span.clone(),
                format!("`{name}` ({why}) is read as `{canonical}`; write `{canonical}`"),
            )
            .with_fix(
                format!("Write `{canonical}`"),
                edit(name_span, *canonical),
                true,
            ),
        );
        return;
    }
    let lower = name.to_ascii_lowercase();
    if lower != name && (flag(&lower).is_some() || subflag_parent(&lower).is_some()) {
        out.push(
            Diagnostic::new(
                Error,
                "derf::flag-case",
                name_span.clone(),
                format!("flags are lower case: `{name}` is not `{lower}`"),
            )
            .with_fix(format!("Write `{lower}`"), edit(name_span, lower), true),
        );
        return;
    }
    let mut d = Diagnostic::new(
        Error,
        "derf::unknown-flag",
        name_span.clone(),
        format!("unknown flag `{name}`"),
    );
    if let Some(suggestion) = closest(name, flag_names().chain(FLAG_ALIASES.iter().map(|a| a.1))) {
        d.message = format!("unknown flag `{name}`: did you mean `{suggestion}`?");
        d = d.with_fix(
            format!("Change to `{suggestion}`"),
            edit(name_span, suggestion),
            true,
        );
    } else {
        d.message.push_str(" (known flags: dungeon_entrance, dungeon_exit, boss, monster_spawn, safe_room, north/south/east/west_exit, non_euclidian, trap, magic; sub-flags end in `_boss` or `_monster`)");
    }
    out.push(d);
}

/// What the author wrote with a sign, last mention per flag, in order.
struct Written<'a> {
    name: &'static str,
    sign: Sign,
    token: &'a FlagToken,
}

fn check_flag_combinations(text: &str, room: &Room, out: &mut Vec<Diagnostic>) {
    let mut written: Vec<Written> = Vec::new();
    let mut subflags: Vec<(&FlagToken, &'static str)> = Vec::new();
    for line in room.flags_lines() {
        for token in &line.flags {
            let (Some((sign, _)), Some(name_span)) = (&token.sign, &token.name) else {
                continue;
            };
            let name = &text[name_span.clone()];
            if let Some(parent) = subflag_parent(name) {
                subflags.push((token, parent));
                continue;
            }
            let Some(canonical) = canonical(name) else {
                continue;
            };
            if let Some(earlier) = written.iter().position(|w| w.name == canonical) {
                let e = &written[earlier];
                let (code, severity, message) = if e.sign == *sign {
                    (
                        "derf::duplicate-flag",
                        Hint,
                        format!(
                            "`{canonical}` is already {} earlier on the line",
                            if *sign == Sign::Plus { "set" } else { "unset" }
                        ),
                    )
                } else {
                    ("derf::contradictory-flag", Warning, format!("`{}{canonical}` contradicts the earlier `{}{canonical}`; the last one wins", sign.as_char(), e.sign.as_char()))
                };
                out.push(Diagnostic::new(severity, code, token.span.clone(), message));
                written.remove(earlier);
            }
            written.push(Written {
                name: canonical,
                sign: *sign,
                token,
            });
        }
    }

    // Pairs of explicitly set flags where one unsets the other (D15–D17).
    let set: Vec<&Written> = written.iter().filter(|w| w.sign == Sign::Plus).collect();
    let is_set = |n: &str| set.iter().any(|w| w.name == n);
    // D16: an entrance+exit room is valid; it only has to say which kind of room it is.
    let combined = is_set("dungeon_entrance") && is_set("dungeon_exit");
    let settled = ["safe_room", "boss", "monster_spawn"]
        .iter()
        .any(|n| is_set(n));
    for (i, later) in set.iter().enumerate() {
        for earlier in &set[..i] {
            let unsets = |a: &str, b: &str| flag(a).is_some_and(|f| f.unsets.contains(&b));
            if !unsets(earlier.name, later.name) && !unsets(later.name, earlier.name) {
                continue;
            }
            let pair = [earlier.name, later.name];
            let has = |n: &str| pair.contains(&n);
            let (severity, code, message) = if has("safe_room")
                && (has("boss") || has("monster_spawn"))
            {
                let other = if has("boss") { "boss" } else { "monster_spawn" };
                (Error, "derf::conflicting-flags", format!("`+safe_room` conflicts with `+{other}`: {IGNORED} (unless built with DE_LOAD_CONFLICTING_FLAGS, where safe_room wins)"))
            } else if combined && (has("dungeon_entrance") || has("dungeon_exit")) {
                if settled || !(has("dungeon_entrance") && has("dungeon_exit")) {
                    continue;
                }
                (Warning, "derf::entrance-exit-room", "a room that is both entrance and exit: their implied flags clash (safe_room against boss and monster_spawn); say explicitly whether it is a `+safe_room` or a `+boss` room".to_string())
            } else {
                (Warning, "derf::cancelling-flags", format!("`{}` and `{}` cancel each other: each unsets the other when implied; both stay set because you wrote them", earlier.name, later.name))
            };
            out.push(Diagnostic::new(
                severity,
                code,
                later.token.span.clone(),
                message,
            ));
        }
    }

    let states = effective_flags(text, room);
    let is_on = |n: &str| states.iter().any(|s| s.name == n && s.on);

    for (token, parent) in subflags {
        if !is_on(parent) {
            let name = &text[token.name.clone().unwrap()];
            out.push(Diagnostic::new(
                Warning,
                "derf::ignored-subflag",
                token.span.clone(),
                format!("`{name}` is ignored: its parent flag `{parent}` is not set in this room"),
            ));
        }
    }

    // A flags line that was not read as one already has its own error.
    let prose_flags = out.iter().any(|d| {
        matches!(
            d.code,
            "derf::description-read-as-flags" | "derf::keyword-case"
        )
    });
    if !prose_flags && !EXITS.iter().any(|e| is_on(e)) && !is_on("non_euclidian") {
        let at = room
            .flags_line()
            .and_then(|f| f.keyword.clone())
            .or_else(|| room.name.clone())
            .or_else(|| room.header.as_ref().map(|h| h.line.clone()))
            .unwrap_or(0..0);
        let wrote_any = states
            .iter()
            .any(|s| matches!(s.reason, Reason::Written(_)));
        let hint = if wrote_any {
            ""
        } else {
            " (exits are off unless set)"
        };
        out.push(Diagnostic::new(
            Warning,
            "derf::no-exits",
            at,
            format!("this room has no exit{hint}: add `+north_exit`, `+south_exit`, `+east_exit` or `+west_exit`, or make it `+non_euclidian`"),
        ));
    }
}
