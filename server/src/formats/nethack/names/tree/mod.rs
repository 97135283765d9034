//! Names and lev_comp vocabulary read from a NetHack variant's own source
//! tree, with a real C parser (tree-sitter-c) and the part of the C
//! preprocessor the tables need ([`preprocess`]: the default build's
//! conditionals, the tree's own macros).
//!
//! - [`find_root`]: the source tree a level file lives in;
//! - [`read`]: what that tree defines — monsters and objects with their
//!   classes in table order, and the lexicon (`util/lev_comp.l`'s words,
//!   `util/lev_main.c`'s map characters, traps and room types, the class
//!   characters), in the shapes of the built-in data
//!   ([`TreeVocabulary::names_tsv`], [`TreeVocabulary::lexicon_tsv`]).
//!
//! Where each fact comes from, and the preprocessor's rules, are in
//! `docs/formats/nethack.md` ("Names from a variant's source tree").

mod grammar_classes;
mod grammar_forms;
mod lex_rules;
mod macros;
mod monster_details;
mod preprocess;
mod tables;
mod tokens;

use std::path::{Path, PathBuf};

pub use monster_details::{Attack, DetailedMonster, Generation, MonsterDetails, Stats};
use preprocess::{Macros, Preprocessor, Unit};
use rayon::prelude::*;
use tables::Classes;
use tokens::{literal_value, Token, TokenKind};

use super::lexicon::Kind;
use crate::formats::nethack::dialect::Dialect;

/// What a source tree defines for lev_comp.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeVocabulary {
    /// The `.des` dialect of its lev_comp.
    pub base: Dialect,
    /// The game's name, a guess (`include/patchlevel.h`, else the folder).
    pub title: String,
    /// `(class character, name)` in `mons[]` order.
    pub monsters: Vec<(char, String)>,
    /// The monsters whose level, attacks… could be read, in `mons[]` order.
    pub monster_details: Vec<DetailedMonster>,
    /// `(class symbol, name)` of the named objects, in `objects[]` order.
    pub objects: Vec<(char, String)>,
    pub lexicon: Vec<LexiconRow>,
    /// The conditionals that could not be decided (taken as compiled), and
    /// any entry whose class could not be told, as `file:line: text`.
    pub guessed: Vec<String>,
}

/// One row of the lexicon: a word, character or name lev_comp accepts, and
/// the token or constant it stands for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LexiconRow {
    pub kind: Kind,
    pub value: String,
    pub detail: String,
}

impl TreeVocabulary {
    /// The names in the built-in tables' TSV shape (`kind class_char name`).
    pub fn names_tsv(&self) -> String {
        let mut out = String::from("kind\tclass_char\tname\n");
        for (kind, rows) in [("monster", &self.monsters), ("object", &self.objects)] {
            for (class, name) in rows {
                out.push_str(&format!("{kind}\t{class}\t{name}\n"));
            }
        }
        out
    }

    /// The lexicon in the built-in lexicons' TSV shape (`kind value detail`).
    pub fn lexicon_tsv(&self) -> String {
        let mut out = String::from("kind\tvalue\tdetail\n");
        for row in &self.lexicon {
            out.push_str(&format!(
                "{}\t{}\t{}\n",
                row.kind.name(),
                row.value,
                row.detail
            ));
        }
        out
    }
}

/// Whether `dir` holds a game's sources.
fn is_game(dir: &Path) -> bool {
    dir.join("src/monst.c").is_file() && dir.join("src/objects.c").is_file()
}

/// The source tree `path` (a level file or a folder) lives in: the nearest
/// folder at or above it holding `src/monst.c` and `src/objects.c`, or a
/// project folder (one with a `dat/`) holding a folder that does (a game
/// kept one level down, like `libnethack/src/…`; that inner folder is
/// returned, the one [`read`] wants). Without the `dat/`, any folder beside
/// a source tree — a home folder, `/tmp` — would make its levels the tree's.
pub fn find_root(path: &Path) -> Option<PathBuf> {
    let start = if path.is_dir() { path } else { path.parent()? };
    for dir in start.ancestors() {
        if is_game(dir) {
            return Some(dir.to_path_buf());
        }
        if !dir.join("dat").is_dir() {
            continue;
        }
        let Ok(entries) = std::fs::read_dir(dir) else {
            continue;
        };
        let mut children: Vec<PathBuf> = entries
            .filter_map(|e| e.ok())
            .map(|e| e.path())
            .filter(|p| p.is_dir())
            .collect();
        children.sort();
        if let Some(inner) = children.into_iter().find(|c| is_game(c)) {
            return Some(inner);
        }
    }
    None
}

/// The `dat/` of a variant's checkout at `top`: its own, or that of a
/// folder one down (dNetHack's and SLASH'EM's keep the game there). A level
/// in it finds the tree with [`find_root`].
pub fn dat_folder(top: &Path) -> Option<PathBuf> {
    std::iter::once(top.to_path_buf())
        .chain(
            std::fs::read_dir(top)
                .into_iter()
                .flatten()
                .flatten()
                .map(|e| e.path()),
        )
        .map(|dir| dir.join("dat"))
        .find(|dat| dat.is_dir())
}

/// Reads the tree at `root` (a folder with `src/`, `include/`, `util/`).
/// Fails only when the monster or object table cannot be read at all; a
/// missing lexer or `lev_main.c` leaves those lexicon rows out.
pub fn read(root: &Path) -> Result<TreeVocabulary, String> {
    let mut pre = Preprocessor::new(root);
    let config = pre.configuration();
    let mut problems = Vec::new();

    let [monsym, objclass, drawing, monst, objects, lev_main] = lex(
        &mut pre,
        &config,
        [
            "include/monsym.h",
            "include/objclass.h",
            "src/drawing.c",
            "src/monst.c",
            "src/objects.c",
            "util/lev_main.c",
        ],
    );
    let (monster_classes, object_classes) = classes(&monsym?, &objclass?, drawing.ok().as_ref());

    // The two tables are read side by side: each is a large walk.
    let (monst, objects) = (monst?, objects?);
    let mut object_problems = Vec::new();
    let (rows, objects) = rayon::join(
        || {
            let mut details = monster_details::Reader::new();
            table(
                &monst,
                "src/monst.c",
                &["mons"],
                "MON",
                (&["nam", "name"], 0),
                (&["sym"], 1),
                &monster_classes,
                &mut problems,
                true,
                |args, macros| details.read("MON", args, macros),
            )
        },
        || {
            table(
                &objects,
                "src/objects.c",
                &["obj_descr", "objects"],
                "OBJECT",
                (&["obj"], 0),
                (&["sym", "class"], 3),
                &object_classes,
                &mut object_problems,
                false,
                |_, _| (),
            )
        },
    );
    problems.extend(object_problems);
    let mut monsters = Vec::new();
    let mut monster_details = Vec::new();
    for (class, name, details) in rows? {
        if let Some(details) = details {
            monster_details.push(DetailedMonster {
                class,
                name: name.clone(),
                details,
            });
        }
        monsters.push((class, name));
    }
    let objects = objects?
        .into_iter()
        .map(|(class, name, ())| (class, name))
        .collect();

    let mut lexicon = Vec::new();
    let lexer = root.join("util/lev_comp.l");
    let words = match std::fs::read_to_string(&lexer) {
        Ok(text) => lex_rules::words(&text, &mut pre, &config, &lexer),
        Err(_) => Vec::new(),
    };
    let base = if words
        .iter()
        .any(|(_, token)| ["LOOP_ID", "SWITCH_ID", "FUNCTION_ID"].contains(&token.as_str()))
    {
        Dialect::V36
    } else {
        Dialect::V343
    };
    push_rows(&mut lexicon, Kind::Word, words.iter().cloned());
    if let Ok(Lexed { tokens, .. }) = lev_main {
        let map = tables::switch_returns(&tokens, "what_map_char");
        push_rows(
            &mut lexicon,
            Kind::MapChar,
            map.into_iter().map(|(c, k)| (c.to_string(), k)),
        );
        push_rows(
            &mut lexicon,
            Kind::Trap,
            tables::string_table(&tokens, "trap_types"),
        );
        push_rows(
            &mut lexicon,
            Kind::RoomType,
            tables::string_table(&tokens, "room_types"),
        );
        push_rows(
            &mut lexicon,
            Kind::CoreFunction,
            tables::core_functions(&tokens, "core_vars"),
        );
    }
    let class_rows = |classes: &Classes, symbol_macro: bool| -> Vec<(String, String)> {
        classes
            .rows(symbol_macro)
            .into_iter()
            .map(|(c, name)| (c.to_string(), name))
            .collect()
    };
    push_rows(
        &mut lexicon,
        Kind::MonsterClass,
        class_rows(&monster_classes, true),
    );
    push_rows(
        &mut lexicon,
        Kind::ObjectClass,
        class_rows(&object_classes, false),
    );
    if let Ok(grammar) = std::fs::read_to_string(root.join("util/lev_comp.y")) {
        for (kind, check) in [
            (Kind::MonsterClass, "check_monster_char"),
            (Kind::ObjectClass, "check_object_char"),
        ] {
            let extra = grammar_classes::accepted_beside(&grammar, check);
            push_rows(
                &mut lexicon,
                kind,
                extra
                    .into_iter()
                    .map(|c| (c.to_string(), "lev_comp.y".to_string())),
            );
        }
        push_rows(
            &mut lexicon,
            Kind::StatementForm,
            grammar_forms::statement_forms(&grammar, &words),
        );
    }

    let title = title(&mut pre, &config, root);
    let mut guessed = std::mem::take(&mut pre.guessed);
    guessed.extend(problems);
    Ok(TreeVocabulary {
        base,
        title,
        monsters,
        monster_details,
        objects,
        lexicon,
        guessed,
    })
}

/// Adds rows of one kind, each value once (the first wins).
fn push_rows(
    lexicon: &mut Vec<LexiconRow>,
    kind: Kind,
    rows: impl IntoIterator<Item = (String, String)>,
) {
    for (value, detail) in rows {
        if !lexicon.iter().any(|r| r.kind == kind && r.value == value) {
            lexicon.push(LexiconRow {
                kind,
                value,
                detail,
            });
        }
    }
}

/// A preprocessed file and its tokens.
struct Lexed {
    unit: Unit,
    tokens: Vec<Token>,
}

/// Preprocesses `files` in order, then lexes them in parallel: lexing
/// (tree-sitter-c parsing half a megabyte of tables) is most of a read.
fn lex<const N: usize>(
    pre: &mut Preprocessor,
    config: &Macros,
    files: [&str; N],
) -> [Result<Lexed, String>; N] {
    let units = files.map(|file| pre.unit(file, config));
    let texts: Vec<&str> = units
        .iter()
        .map(|u| u.as_ref().map_or("", |u| u.text.as_str()))
        .collect();
    let mut lexed: Vec<Vec<Token>> = texts.par_iter().map(|text| tokens::tokens(text)).collect();
    let mut lexed = lexed.drain(..);
    units.map(|unit| {
        let tokens = lexed.next().unwrap_or_default();
        unit.map(|unit| Lexed { unit, tokens })
    })
}

/// The monster and object classes: numbers from `include/monsym.h` and
/// `include/objclass.h`, symbols from `src/drawing.c`'s `def_monsyms` and
/// `def_oc_syms` (else, without that table, `DEF_X` for `S_X` and `X_SYM`
/// for `X_CLASS`).
fn classes(monsym: &Lexed, objclass: &Lexed, drawing: Option<&Lexed>) -> (Classes, Classes) {
    let mut monsters = Classes {
        names: tables::class_numbers(&monsym.unit, &monsym.tokens, |n| n.starts_with("S_")),
        ..Classes::default()
    };
    let mut objects = Classes {
        names: tables::class_numbers(&objclass.unit, &objclass.tokens, |n| {
            n.ends_with("_CLASS") && !n.starts_with("MAX")
        }),
        ..Classes::default()
    };
    let mut macros = monsym.unit.macros_at_end();
    macros.extend(objclass.unit.macros_at_end());
    if let Some(drawing) = drawing {
        macros.extend(drawing.unit.macros_at_end());
        (monsters.symbols, monsters.symbol_macros) =
            tables::class_symbols(&drawing.tokens, "def_monsyms", &macros);
        (objects.symbols, objects.symbol_macros) =
            tables::class_symbols(&drawing.tokens, "def_oc_syms", &macros);
    }
    let by_name = |classes: &mut Classes, symbol_name: &dyn Fn(&str) -> Option<String>| {
        if !classes.symbols.is_empty() {
            return;
        }
        for (name, value) in &classes.names {
            let symbol = symbol_name(name)
                .and_then(|s| macros.get(&s))
                .and_then(|m| m.body().first())
                .filter(|t| t.kind == TokenKind::Char)
                .and_then(|t| literal_value(&t.text).chars().next());
            if let (Some(symbol), Some(written)) = (symbol, symbol_name(name)) {
                classes.symbols.entry(*value).or_insert(symbol);
                classes.symbol_macros.entry(*value).or_insert(written);
            }
        }
    };
    by_name(&mut monsters, &|n| {
        n.strip_prefix("S_").map(|s| format!("DEF_{s}"))
    });
    by_name(&mut objects, &|n| {
        n.strip_suffix("_CLASS").map(|s| format!("{s}_SYM"))
    });
    (monsters, objects)
}

/// Reads one table: each call of `base` (after the tree's wrapper macros),
/// its names from the parameter named in `name` and its class from the one
/// named in `class` (by the base macro's own parameter names; else by
/// position). `every_name`: a braced name list gives a row per name.
/// `extra`: what else each row keeps, read from the call's arguments.
#[allow(clippy::too_many_arguments)]
fn table<E: Clone>(
    lexed: &Lexed,
    file: &str,
    table_names: &[&str],
    base: &str,
    name: (&[&str], usize),
    class: (&[&str], usize),
    classes: &Classes,
    problems: &mut Vec<String>,
    every_name: bool,
    mut extra: impl FnMut(&[Vec<Token>], &Macros) -> E,
) -> Result<Vec<(char, String, E)>, String> {
    let table = table_names
        .iter()
        .find_map(|n| tables::initializer(&lexed.tokens, n))
        .unwrap_or(&lexed.tokens);
    let mut rows = Vec::new();
    let found = tables::base_calls(&lexed.unit, table, base, |args, macros| {
        let name_at = tables::parameter(macros, base, name.0, name.1);
        let class_at = tables::parameter(macros, base, class.0, class.1);
        let (Some(name_arg), Some(class_arg)) = (args.get(name_at), args.get(class_at)) else {
            return;
        };
        let mut names = tables::names(name_arg, macros);
        if !every_name {
            names.truncate(1);
        }
        if names.is_empty() {
            return;
        }
        let Some(symbol) = classes.symbol(class_arg, macros) else {
            let class_text: Vec<&str> = class_arg.iter().map(|t| t.text.as_str()).collect();
            problems.push(format!(
                "{file}: class {} of {:?} unknown",
                class_text.join(" "),
                names[0]
            ));
            return;
        };
        let extra = extra(args, macros);
        rows.extend(names.into_iter().map(|n| (symbol, n, extra.clone())));
    });
    if found == 0 {
        return Err(format!("{file}: no {base}(…) entries found"));
    }
    Ok(rows)
}

/// The game's name: `DEF_GAME_NAME`, else the first word of
/// `COPYRIGHT_BANNER_A`, in `include/patchlevel.h`; else the tree's folder
/// name without a version suffix (`dnethack-3.4.3` → `dnethack`).
fn title(pre: &mut Preprocessor, config: &Macros, root: &Path) -> String {
    if let Ok(unit) = pre.unit("include/patchlevel.h", config) {
        let macros = unit.macros_at_end();
        let string = |name: &str| -> Option<String> {
            let body = macros.get(name)?.body();
            let text: String = body
                .iter()
                .filter(|t| t.kind == TokenKind::Str)
                .map(|t| literal_value(&t.text))
                .collect();
            Some(text).filter(|t| !t.trim().is_empty())
        };
        if let Some(name) = string("DEF_GAME_NAME") {
            return name;
        }
        if let Some(banner) = string("COPYRIGHT_BANNER_A") {
            let first = banner
                .split_whitespace()
                .next()
                .unwrap_or("")
                .trim_end_matches([',', ';']);
            if !first.is_empty() {
                return first.to_string();
            }
        }
    }
    let folder = root
        .canonicalize()
        .unwrap_or_else(|_| root.to_path_buf())
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    match folder.split_once('-') {
        Some((name, version)) if version.starts_with(|c: char| c.is_ascii_digit()) => {
            name.to_string()
        }
        _ => folder,
    }
}

#[cfg(test)]
mod tests;
