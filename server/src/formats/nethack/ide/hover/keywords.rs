//! What a keyword means, as each dialect's hover shows it: a fixed-form
//! statement with where it may stand and since when, and a statement whose
//! syntax 3.6 changed or added with its 3.6 forms.

use crate::formats::nethack::names::lexicon;
use crate::formats::nethack::names::scripting::KEYWORDS_36;
use crate::formats::nethack::names::vocabulary::{self as vocab, Where};
use crate::formats::nethack::syntax::{Level, LevelKind};

pub(super) fn kind_name(kind: LevelKind) -> &'static str {
    match kind {
        LevelKind::Maze => "MAZE",
        LevelKind::Room => "LEVEL",
    }
}

fn where_text(w: Where) -> &'static str {
    match w {
        Where::Header => "Starts a level.",
        Where::Maze => "Allowed in MAZE levels only.",
        Where::Room => "Allowed in LEVEL (room-and-corridor) levels only.",
        Where::Both => "Allowed in MAZE and LEVEL levels.",
    }
}

pub(super) fn fixed_form(k: &vocab::KeywordInfo, level: Option<&Level>) -> String {
    let mut md = format!("```text\n{}\n```\n\n{}\n\n", k.forms.join("\n"), k.meaning);
    md.push_str(where_text(k.allowed));
    md.push_str(&format!(" Since {}.", k.since));
    if let Some(l) = level {
        let ok = match (k.allowed, l.kind) {
            (Where::Header, _) | (Where::Both, _) => true,
            (Where::Maze, kind) => kind == LevelKind::Maze,
            (Where::Room, kind) => kind == LevelKind::Room,
        };
        if !ok {
            md.push_str(&format!(
                "\n\n**Not allowed here:** this is a {} level.",
                kind_name(l.kind)
            ));
        }
    }
    md
}

pub(super) fn scripted_form(word: &str) -> String {
    if let Some(k) = KEYWORDS_36.iter().find(|k| k.name == word) {
        return format!("```text\n{}\n```\n\n{}", k.forms.join("\n"), k.meaning);
    }
    if matches!(
        word,
        "RANDOM_PLACES" | "RANDOM_MONSTERS" | "RANDOM_OBJECTS" | "CHANCE"
    ) {
        return format!(
            "`{word}` is NetHack 3.4.3's; 3.6 removed it (use an array variable and `SHUFFLE`)."
        );
    }
    match vocab::keyword(word) {
        Some(k) => format!("```text\n{}\n```\n\n{}", k.forms.join("\n"), k.meaning),
        None => lexicon::keyword_note(word)
            .unwrap_or_else(|| format!("`{word}` is not a NetHack 3.6 keyword.")),
    }
}
