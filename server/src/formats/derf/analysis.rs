//! DERF rules → diagnostics. Each rule names its decision (D1…D35 in
//! `docs/formats/derf.md`) and its stable code.

use super::effective::{canonical, effective_flags, Reason};
use super::syntax::{BodyLine, ContainerLine, FlagToken, Room, Sign, Span};
use super::vocabulary::{
    container, flag, item_type, subflag_parent, CONCEALED_PREFIX, CONTAINERS, CURRENT_VERSION,
    EXITS, FLAGS, FLAG_ALIASES, ITEM_TYPES,
};
use crate::formats::{closest, Diagnostic, Edit, Severity, SourceFile};
use std::collections::BTreeMap;

use Severity::{Error, Hint, Warning};

const IGNORED: &str = "Dungeon Engine ignores this room";

fn edit(range: Span, new_text: impl Into<String>) -> Vec<Edit> {
    vec![Edit {
        range,
        new_text: new_text.into(),
    }]
}

pub fn diagnostics(file: &SourceFile) -> Vec<Diagnostic> {
    let text = file.text;
    let room = Room::read(text, file.tree);
    let mut out = Vec::new();
    let derf_extension = matches!(file.extension().as_deref(), Some("derf" | "der"));
    check_bom(text, &mut out);
    if text.trim_start_matches('\u{feff}').trim().is_empty() {
        check_header(text, &room, derf_extension, &mut out);
        return out;
    }
    let header_missing =
        check_header(text, &room, derf_extension, &mut out) == HeaderState::Missing;
    // Without a header every line is read one line early: hints about the
    // name and descriptions would only add noise to the header error.
    if !header_missing {
        check_descriptions(text, &room, &mut out);
    }
    check_syntax(text, &room, &mut out);
    check_body_order(text, &room, &mut out);
    check_flags(text, &room, &mut out);
    check_containers(text, &room, &mut out);
    out.sort_by_key(|d| (d.range.start, d.range.end));
    out
}

fn line_end(text: &str, offset: usize) -> usize {
    text[offset..]
        .find(['\r', '\n'])
        .map_or(text.len(), |i| offset + i)
}

fn check_bom(text: &str, out: &mut Vec<Diagnostic>) {
    if text.starts_with('\u{feff}') {
        out.push(
            Diagnostic::new(
                Warning,
                "derf::byte-order-mark",
                0..3,
                "the file starts with a UTF-8 byte-order mark; the header should be the very first thing",
            )
            .with_fix("Remove the byte-order mark", edit(0..3, ""), true),
        );
    }
}

fn looks_like_version(s: &str) -> bool {
    let s = s.strip_prefix(['v', 'V']).unwrap_or(s);
    s.starts_with(|c: char| c.is_ascii_digit())
}

/// `major.minor.patch`, three non-negative integers (D6).
fn parse_version(s: &str) -> Option<(u64, u64, u64)> {
    let mut parts = s.split('.');
    let mut next = || {
        parts
            .next()
            .filter(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|p| p.parse::<u64>().ok())
    };
    let v = (next()?, next()?, next()?);
    parts.next().is_none().then_some(v)
}

#[derive(PartialEq, Eq)]
enum HeaderState {
    Present,
    /// Line 1 is not a header at all (D3): the author forgot it.
    Missing,
}

fn check_header(
    text: &str,
    room: &Room,
    derf_extension: bool,
    out: &mut Vec<Diagnostic>,
) -> HeaderState {
    let body_start = usize::from(text.starts_with('\u{feff}')) * 3;
    let insert_header = |d: Diagnostic| {
        d.with_fix(
            "Insert the `DERF:0.1.0` header line",
            edit(body_start..body_start, format!("DERF:{CURRENT_VERSION}\n")),
            true,
        )
    };
    // A blank line 1 (spaces at most): the header is missing but the other lines are in place.
    let Some(header) = room
        .header
        .as_ref()
        .filter(|h| h.declaration.is_some() || h.version.is_some())
    else {
        let end = line_end(text, body_start);
        let d = Diagnostic::new(
            Error,
            "derf::missing-version",
            body_start..end,
            format!("line 1 must be the header `DERF:{CURRENT_VERSION}`; without a format version {IGNORED}"),
        );
        let fix = format!("DERF:{CURRENT_VERSION}");
        out.push(d.with_fix(
            "Write the `DERF:0.1.0` header",
            edit(body_start..end, fix),
            true,
        ));
        return HeaderState::Present;
    };
    let version_text = header.version.clone().map(|v| (&text[v.clone()], v));
    match &header.declaration {
        None => {
            // No `word:` on line 1: a bare version (D1) or a forgotten header (D3).
            let (v, span) = version_text.expect("a header has a declaration or a version");
            let derf_then_no_letter = v.get(..4).is_some_and(|w| w.eq_ignore_ascii_case("derf"))
                && !v[4..].starts_with(|c: char| c.is_alphabetic() || c == '_');
            if derf_then_no_letter {
                // `DERF 0.1.0`, `DERF;0.1.0`, `DERF`: a header with a broken declaration.
                let rest = v[4..].trim_start_matches([' ', '\t', ';', ',', '.', '-', '=']);
                let mut d = Diagnostic::new(
                    Error,
                    "derf::bad-declaration",
                    span.clone(),
                    format!("the header must start with `DERF:` (with a colon) followed by the version; {IGNORED}"),
                );
                if parse_version(rest).is_some() {
                    d = d.with_fix(
                        format!("Write `DERF:{rest}`"),
                        edit(span, format!("DERF:{rest}")),
                        true,
                    );
                } else if rest.is_empty() {
                    d = d.with_fix(
                        format!("Write `DERF:{CURRENT_VERSION}`"),
                        edit(span, format!("DERF:{CURRENT_VERSION}")),
                        true,
                    );
                }
                out.push(d);
                return HeaderState::Present;
            }
            if !looks_like_version(v) {
                out.push(insert_header(Diagnostic::new(
                    Error,
                    "derf::missing-version",
                    span,
                    format!("line 1 must be the header `DERF:{CURRENT_VERSION}`, not the room name; without a format version {IGNORED}. Did you forget the header line?"),
                )));
                return HeaderState::Missing;
            }
            if derf_extension {
                out.push(missing_declaration(span.clone(), span.start..span.start));
            }
            check_version(v, span, out);
        }
        Some(decl) => {
            let word = &text[decl.start..decl.end - 1];
            if word.is_empty() {
                // `:0.1.0` (D1).
                if derf_extension {
                    out.push(missing_declaration(decl.clone(), decl.clone()));
                }
            } else if word != "DERF" {
                let version_ok = version_text
                    .as_ref()
                    .is_some_and(|(v, _)| looks_like_version(v));
                if !version_ok && !word.eq_ignore_ascii_case("derf") {
                    // `Note: the hall…` — the header line is missing altogether (D3).
                    out.push(insert_header(Diagnostic::new(
                        Error,
                        "derf::missing-version",
                        header.line.clone(),
                        format!("line 1 must be the header `DERF:{CURRENT_VERSION}`; without a format version {IGNORED}. Did you forget the header line?"),
                    )));
                    return HeaderState::Missing;
                }
                let message = if word.eq_ignore_ascii_case("derf") {
                    format!(
                        "the declaration is case-sensitive: `{word}:` is not `DERF:`, so {IGNORED}"
                    )
                } else {
                    format!("`{word}:` is not the DERF declaration; {IGNORED}")
                };
                out.push(
                    Diagnostic::new(Error, "derf::bad-declaration", decl.clone(), message)
                        .with_fix("Write `DERF:`", edit(decl.clone(), "DERF:"), true),
                );
            }
            let Some((v, span)) = version_text else {
                out.push(
                    Diagnostic::new(
                        Error,
                        "derf::missing-version",
                        decl.clone(),
                        format!("the format version is missing after `DERF:`; {IGNORED}"),
                    )
                    .with_fix(
                        format!("Add version {CURRENT_VERSION}"),
                        edit(decl.end..line_end(text, decl.end), CURRENT_VERSION),
                        true,
                    ),
                );
                return HeaderState::Present;
            };
            if span.start > decl.end {
                out.push(
                    Diagnostic::new(
                        Warning,
                        "derf::space-after-declaration",
                        decl.end..span.start,
                        "no space belongs between `DERF:` and the version",
                    )
                    .with_fix(
                        "Remove the space",
                        edit(decl.end..span.start, ""),
                        true,
                    ),
                );
            }
            check_version(v, span, out);
        }
    }
    HeaderState::Present
}

/// D1: `0.1.0` or `:0.1.0` in a .derf/.der file, reported `at`; `written` is replaced by `DERF:`.
fn missing_declaration(at: Span, written: Span) -> Diagnostic {
    Diagnostic::new(
        Hint,
        "derf::missing-declaration",
        at,
        "the `DERF:` declaration may be left out only in .derf/.der files; writing it keeps the room valid under any name",
    )
    .with_fix("Write the `DERF:` declaration", edit(written, "DERF:"), true)
}

fn check_version(v: &str, span: Span, out: &mut Vec<Diagnostic>) {
    let Some((major, minor, patch)) = parse_version(v) else {
        out.push(Diagnostic::new(
            Error,
            "derf::malformed-version",
            span,
            format!("`{v}` is not a format version: write three numbers `major.minor.patch`, such as `{CURRENT_VERSION}`; {IGNORED}"),
        ));
        return;
    };
    if major != 0 {
        out.push(Diagnostic::new(
            Error,
            "derf::unsupported-major-version",
            span,
            format!("DERF major version {major} is unknown (only 0.1.0 exists); {IGNORED} (unless built with DE_ATTEMPT_BAD_MAJOR_LOAD, which still loads it without any guarantee)"),
        ));
    } else if minor != 1 {
        out.push(Diagnostic::new(
            Warning,
            "derf::unknown-minor-version",
            span,
            format!("DERF version {v} is unknown: Dungeon Engine reads it as {CURRENT_VERSION} and warns; the room may not load correctly"),
        ));
    } else if patch != 0 {
        out.push(Diagnostic::new(
            Warning,
            "derf::unknown-patch-version",
            span,
            format!("DERF version {v} is unknown: Dungeon Engine reads it as {CURRENT_VERSION} and warns"),
        ));
    }
}

fn starts_with_section(s: &str) -> Option<&'static str> {
    ["Flags:", "Containers:"]
        .into_iter()
        .find(|k| s.starts_with(k))
}

fn check_descriptions(text: &str, room: &Room, out: &mut Vec<Diagnostic>) {
    for (what, span) in [
        ("room name (line 2)", &room.name),
        ("short description (line 3)", &room.short),
    ] {
        if let Some(span) = span {
            if let Some(keyword) = starts_with_section(&text[span.clone()]) {
                out.push(Diagnostic::new(
                    Warning,
                    "derf::section-too-early",
                    span.clone(),
                    format!("this line is read as the {what}, not as a `{keyword}` line: the room name or short description is probably missing"),
                ));
            }
        }
    }
    let header_end = room.header.as_ref().map_or(0, |h| h.line.end);
    if room.short.is_none() {
        // Point at line 3 if it exists, else at the end of the file.
        let at = nth_line_start(text, 2).unwrap_or(text.len());
        let at = at.max(header_end);
        out.push(Diagnostic::new(
            Hint,
            "derf::empty-short-description",
            at..line_end(text, at),
            "the short description (line 3) is empty: players looking into this room from next door see nothing",
        ));
    } else if room.description_lines.is_empty() {
        let short = room.short.clone().unwrap();
        out.push(Diagnostic::new(
            Hint,
            "derf::missing-long-description",
            short,
            "the room has no long description (lines after the short description, before `Flags:`)",
        ));
    }
    for line in &room.description_lines {
        if let Some(keyword) = miscased_keyword(&text[line.clone()]) {
            out.push(keyword_case(
                line.start,
                keyword,
                "part of the long description",
            ));
        }
    }
    if room.containers_line().is_none() {
        for line in &room.description_lines {
            let s = &text[line.clone()];
            if let Some((name, _)) = s.split_once(':') {
                if is_container_name(name) && !s[name.len() + 1..].starts_with(' ') {
                    out.push(Diagnostic::new(
                        Error,
                        "derf::container-line-without-containers",
                        line.clone(),
                        format!("`{s}` looks like a container line, but without a `Containers:` line it is read as description text; a room with items but no containers is ignored"),
                    ));
                }
            }
        }
    }
}

/// `flags:` / `CONTAINERS:`: a section keyword in the wrong case, and the right spelling.
fn miscased_keyword(line: &str) -> Option<&'static str> {
    let (word, _) = line.split_once(':')?;
    ["Flags", "Containers"]
        .into_iter()
        .find(|k| word != *k && word.eq_ignore_ascii_case(k))
}

fn keyword_case(line_start: usize, keyword: &str, read_as: &str) -> Diagnostic {
    let span = line_start..line_start + keyword.len();
    Diagnostic::new(
        Error,
        "derf::keyword-case",
        span.clone(),
        format!(
            "`{keyword}:` is case-sensitive, so this line is read as {read_as}; write `{keyword}:`"
        ),
    )
    .with_fix(format!("Write `{keyword}:`"), edit(span, keyword), true)
}

fn nth_line_start(text: &str, n: usize) -> Option<usize> {
    let mut start = 0;
    for _ in 0..n {
        start += text[start..].find('\n')? + 1;
    }
    Some(start)
}

fn is_container_name(name: &str) -> bool {
    let base = name.strip_prefix(CONCEALED_PREFIX).unwrap_or(name);
    container(base.trim_end_matches(|c: char| c.is_ascii_digit())).is_some()
}

fn check_syntax(text: &str, room: &Room, out: &mut Vec<Diagnostic>) {
    for error in &room.syntax_errors {
        let span = if error.span.is_empty() {
            error.span.start..line_end(text, error.span.start)
        } else {
            let s = &text[error.span.clone()];
            error.span.start..error.span.start + s.trim_end().len()
        };
        let message = match &error.missing {
            Some(token) => format!("expected `{token}` here"),
            None => {
                let s = text[span.clone()].trim();
                if s.contains(':') {
                    format!("`{s}` cannot be read: after the flags and containers, every line must be `container:item`")
                } else {
                    format!("`{s}` cannot be read: after `Flags:` / `Containers:`, every line must be a container line `container:item` (did you forget the colon?)")
                }
            }
        };
        out.push(Diagnostic::new(Error, "derf::syntax", span, message));
    }
}

fn check_body_order(text: &str, room: &Room, out: &mut Vec<Diagnostic>) {
    let mut seen_flags = false;
    let mut seen_containers = false;
    let mut previous: Option<&BodyLine> = None;
    for line in &room.body {
        match line {
            BodyLine::Flags(f) => {
                let keyword = f.keyword.clone().unwrap_or(f.line.clone());
                if seen_containers {
                    out.push(Diagnostic::new(
                        Error,
                        "derf::flags-after-containers",
                        keyword,
                        "the `Flags:` line must come before the `Containers:` line",
                    ));
                } else if seen_flags {
                    out.push(Diagnostic::new(
                        Error,
                        "derf::duplicate-flags-line",
                        keyword,
                        "a second `Flags:` line: all flags belong on one line",
                    ));
                }
                seen_flags = true;
            }
            BodyLine::FlagsContinuation(f) => {
                let mut d = Diagnostic::new(
                    Error,
                    "derf::flags-continuation",
                    f.line.clone(),
                    "flags may not be broken across lines: this line is not part of the `Flags:` line",
                );
                if matches!(
                    previous,
                    Some(BodyLine::Flags(_) | BodyLine::FlagsContinuation(_))
                ) {
                    // Join with the line above: replace the line break (and any blank) by a space.
                    let prev_end = match previous {
                        Some(BodyLine::Flags(p) | BodyLine::FlagsContinuation(p)) => p.line.end,
                        _ => unreachable!(),
                    };
                    d = d.with_fix(
                        "Join with the Flags line",
                        edit(prev_end..f.line.start, " "),
                        true,
                    );
                }
                out.push(d);
            }
            BodyLine::Containers(c) => {
                if seen_containers {
                    out.push(Diagnostic::new(
                        Error,
                        "derf::duplicate-containers-line",
                        c.keyword.clone(),
                        "a second `Containers:` line: list every container on the first one",
                    ));
                }
                seen_containers = true;
            }
            BodyLine::Container(c) if miscased_keyword(&text[c.line.clone()]).is_some() => {
                let keyword = miscased_keyword(&text[c.line.clone()]).unwrap();
                out.push(keyword_case(c.line.start, keyword, "a container line"));
            }
            BodyLine::Container(c) if !seen_containers => {
                let name = &text[c.container.clone()];
                out.push(Diagnostic::new(
                    Error,
                    "derf::container-line-without-containers",
                    c.container.clone(),
                    format!("container line for `{name}` before any `Containers:` line; {IGNORED}"),
                ));
            }
            BodyLine::Container(_) => {}
        }
        previous = Some(line);
    }
}

fn flag_names() -> impl Iterator<Item = &'static str> {
    FLAGS.iter().map(|f| f.name)
}

fn check_flags(text: &str, room: &Room, out: &mut Vec<Diagnostic>) {
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

/// A container as written: `concealed_bag2` → kind `concealed_bag`, number 2.
pub struct ContainerRef<'a> {
    pub kind: &'a str,
    pub number: Option<u32>,
}

pub fn split_container(name: &str) -> ContainerRef<'_> {
    let kind = name.trim_end_matches(|c: char| c.is_ascii_digit());
    let number = name[kind.len()..].parse().ok();
    ContainerRef { kind, number }
}

/// The declared containers: kind → how many.
pub fn declared_containers(text: &str, room: &Room) -> BTreeMap<String, u32> {
    let mut declared = BTreeMap::new();
    if let Some(line) = room.containers_line() {
        for name in &line.names {
            *declared
                .entry(split_container(&text[name.clone()]).kind.to_string())
                .or_insert(0) += 1;
        }
    }
    declared
}

fn generic_names() -> impl Iterator<Item = &'static str> {
    CONTAINERS.iter().map(|c| c.name)
}

fn check_containers(text: &str, room: &Room, out: &mut Vec<Diagnostic>) {
    let Some(line) = room.containers_line() else {
        return;
    };
    if line.names.is_empty() {
        out.push(Diagnostic::new(
            Error,
            "derf::empty-containers",
            line.keyword.clone(),
            format!("the `Containers:` line must list at least one container; {IGNORED}"),
        ));
    }
    if containers_line_is_prose(text, &line.names) {
        out.push(Diagnostic::new(
            Error,
            "derf::description-read-as-containers",
            line.line.clone(),
            "this line starts with `Containers:`, so it ends the long description and is read as the Containers line, but it lists no containers; reword the description so it does not start with `Containers:`",
        ));
        return;
    }
    check_container_numbering(text, &line.names, out);
    for name_span in &line.names {
        let written = &text[name_span.clone()];
        let kind = split_container(written).kind;
        let base = kind.strip_prefix(CONCEALED_PREFIX).unwrap_or(kind);
        if base.is_empty() {
            out.push(Diagnostic::new(
                Error,
                "derf::unknown-container",
                name_span.clone(),
                "`concealed_` must be followed by a container name, such as `concealed_chest`",
            ));
            continue;
        }
        if base.starts_with(CONCEALED_PREFIX) {
            out.push(
                Diagnostic::new(
                    Error,
                    "derf::double-concealed",
                    name_span.clone(),
                    "`concealed_` may be written only once",
                )
                .with_fix(
                    "Remove the repeated `concealed_`",
                    edit(
                        name_span.start..name_span.start + CONCEALED_PREFIX.len(),
                        "",
                    ),
                    true,
                ),
            );
            continue;
        }
        if container(base).is_some() {
            continue;
        }
        let base_start = name_span.start + (kind.len() - base.len());
        let base_span = base_start..base_start + base.len();
        if let Some(suggestion) = closest(base, generic_names()) {
            out.push(
                Diagnostic::new(
                    Warning,
                    "derf::unknown-container",
                    base_span.clone(),
                    format!("`{base}` is not a generic container: did you mean `{suggestion}`? (it is only valid if your Dungeon Engine build provides it)"),
                )
                .with_fix(format!("Change to `{suggestion}`"), edit(base_span, suggestion), true),
            );
        } else {
            out.push(Diagnostic::new(
                Warning,
                "derf::unknown-container",
                base_span,
                format!("`{base}` is not a generic container (room, chest, locked_chest, bag, pots); it is only valid if your Dungeon Engine build provides it"),
            ));
        }
    }
    let declared = declared_containers(text, room);
    for c in room
        .container_lines()
        .filter(|c| miscased_keyword(&text[c.line.clone()]).is_none())
    {
        check_container_line(text, c, line.line.end, &declared, out);
    }
}

/// D11 for containers: words with punctuation or capitals, and no generic container among them.
fn containers_line_is_prose(text: &str, names: &[Span]) -> bool {
    let words: Vec<&str> = names.iter().map(|n| &text[n.clone()]).collect();
    let generic = words.iter().any(|w| {
        let kind = split_container(w).kind;
        container(kind.strip_prefix(CONCEALED_PREFIX).unwrap_or(kind)).is_some()
    });
    let sentence_like = words.iter().any(|w| {
        !w.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
    });
    !generic && sentence_like
}

/// D28: numbered names on the `Containers:` line (`bag1 bag2`) count from 1, in order.
fn check_container_numbering(text: &str, names: &[Span], out: &mut Vec<Diagnostic>) {
    let mut seen: BTreeMap<&str, u32> = BTreeMap::new();
    for span in names {
        let ContainerRef { kind, number } = split_container(&text[span.clone()]);
        let count = seen.entry(kind).or_insert(0);
        *count += 1;
        if let Some(n) = number {
            if n != *count {
                out.push(Diagnostic::new(
                    Warning,
                    "derf::container-numbering",
                    span.clone(),
                    format!("this is {kind} number {count} on the line, but it is written `{kind}{n}`; container lines will call it `{kind}{count}`. List repeated containers by repetition (`{kind} {kind}`) or number them from 1 in order"),
                ));
            }
        }
    }
}

fn check_container_line(
    text: &str,
    c: &ContainerLine,
    containers_line_end: usize,
    declared: &BTreeMap<String, u32>,
    out: &mut Vec<Diagnostic>,
) {
    let written = &text[c.container.clone()];
    if c.colon.start > c.container.end {
        out.push(
            Diagnostic::new(
                Error,
                "derf::space-before-colon",
                c.container.end..c.colon.start,
                "no space belongs between the container and the `:`",
            )
            .with_fix(
                "Remove the space",
                edit(c.container.end..c.colon.start, ""),
                true,
            ),
        );
    }
    let ContainerRef { kind, number } = split_container(written);
    match declared.get(kind) {
        None => {
            let mut d = Diagnostic::new(
                Error,
                "derf::undeclared-container",
                c.container.clone(),
                format!("`{kind}` is not listed on the `Containers:` line; {IGNORED}"),
            );
            if let Some(suggestion) = closest(kind, declared.keys().map(String::as_str)) {
                d.message = format!("`{kind}` is not listed on the `Containers:` line (did you mean `{suggestion}`?); {IGNORED}");
                let kind_span = c.container.start..c.container.start + kind.len();
                d = d.with_fix(format!("Change to `{suggestion}`"), edit(kind_span, suggestion.to_string()), true);
            }
            d = d.with_fix(
                format!("Add `{kind}` to the Containers line"),
                edit(containers_line_end..containers_line_end, format!(" {kind}")),
                false,
            );
            out.push(d);
        }
        Some(&count) => match number {
            Some(n) if n == 0 || n > count => out.push(Diagnostic::new(
                Error,
                "derf::container-number-out-of-range",
                c.container.clone(),
                if count == 1 {
                    format!("there is only one `{kind}`: write `{kind}` or `{kind}1`")
                } else {
                    format!("there are {count} of `{kind}`: use `{kind}1` to `{kind}{count}`")
                },
            )),
            None if count >= 2 => out.push(
                Diagnostic::new(
                    Warning,
                    "derf::ambiguous-container",
                    c.container.clone(),
                    format!("there are {count} of `{kind}`: a bare `{kind}` is read as `{kind}1`; number it"),
                )
                .with_fix(format!("Write `{kind}1`"), edit(c.container.end..c.container.end, "1"), true),
            ),
            _ => {}
        },
    }
    let Some(item) = &c.item else {
        out.push(Diagnostic::new(
            Error,
            "derf::missing-item",
            c.colon.clone(),
            "write an item or an item type (`weapon`, `defense`, `magic`) after the `:`",
        ));
        return;
    };
    let item_text = &text[item.clone()];
    if item_type(item_text).is_none() && !item_text.contains(' ') {
        let types = ITEM_TYPES.iter().map(|t| t.name);
        let near = closest(item_text, types).or(match item_text.to_ascii_lowercase().as_str() {
            "defence" | "defences" => Some("defense"),
            _ => None,
        });
        if let Some(suggestion) = near.filter(|s| *s != item_text) {
            out.push(
                Diagnostic::new(
                    Hint,
                    "derf::item-type-typo",
                    item.clone(),
                    format!("`{item_text}` is read as a specific item; did you mean the item type `{suggestion}`?"),
                )
                .with_fix(format!("Change to `{suggestion}`"), edit(item.clone(), suggestion), false),
            );
        }
    }
}
