//! The variant of the source tree a level lives in: found from the level's
//! path ([`tree::find_root`]), read once ([`tree::read`]) and kept until the
//! tree's files change. Every analysis asks, so what it asks is cheap: a
//! folder's tree and a tree's files are looked at again at most once a
//! second ([`RECHECK`]).
//!
//! A tree read again after an edit of its sources becomes a new profile; the
//! old one is not freed (the name lookups hand out `&'static` names). That
//! costs a few hundred kilobytes per saved change of a variant's `monst.c`,
//! `objects.c` or lexer, which is rare beside the edits of levels.

use std::collections::hash_map::DefaultHasher;
use std::collections::{HashMap, HashSet};
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use super::profiles::{Forms, Origin, Profile, PROFILES, VANILLA_FORMS};
use super::tree;
use super::variants::Variant;

/// How long an answer about the file system is trusted.
const RECHECK: Duration = Duration::from_secs(1);

/// The files a tree's names come from, under the tree's root (or a game
/// folder in it), and the headers of its `include/`.
const SOURCES: [&str; 6] = [
    "src/monst.c",
    "src/objects.c",
    "src/drawing.c",
    "util/lev_comp.l",
    "util/lev_comp.y",
    "util/lev_main.c",
];

/// [`SOURCES`] as the editor's file watcher patterns.
pub const WATCHED: &[&str] = &[
    "**/src/monst.c",
    "**/src/objects.c",
    "**/src/drawing.c",
    "**/util/lev_comp.l",
    "**/util/lev_comp.y",
    "**/util/lev_main.c",
    "**/include/*.h",
];

/// A source at `path` changed (the editor watched it): the trees holding it
/// are looked at again on their next use, and every folder's tree is found
/// again (a new `src/monst.c` may make a tree). Whether the change may
/// matter: it is in a tree read, or may start one.
pub fn forget(path: &Path) -> bool {
    let path = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let starts_a_tree = path.ends_with("src/monst.c") || path.ends_with("src/objects.c");
    roots().lock().unwrap_or_else(|e| e.into_inner()).clear();
    let mut trees = trees().lock().unwrap_or_else(|e| e.into_inner());
    let long_ago = Instant::now().checked_sub(RECHECK);
    let mut in_a_tree = false;
    trees.retain(|root, read| {
        if !path.starts_with(root) {
            return true;
        }
        in_a_tree = true;
        // Its fingerprint then says whether to read it again.
        match long_ago {
            Some(then) => {
                read.checked = then;
                true
            }
            None => false,
        }
    });
    in_a_tree || starts_a_tree
}

/// The variant of the source tree holding the file at `path`, if it is in
/// one whose names could be read.
pub fn variant_of_tree(path: Option<&Path>) -> Option<&'static Variant> {
    let folder = std::path::absolute(path?).ok()?.parent()?.to_path_buf();
    let root = root_of(&folder)?;
    tree_variant(&root)
}

/// What happened when the tree holding `path` was last read: its root and
/// the reader's error, when it failed (the status item says it).
pub fn problem_of_tree(path: Option<&Path>) -> Option<(PathBuf, String)> {
    let folder = std::path::absolute(path?).ok()?.parent()?.to_path_buf();
    let root = root_of(&folder)?;
    let trees = trees().lock().unwrap_or_else(|e| e.into_inner());
    let error = trees.get(&root)?.error.clone()?;
    Some((root, error))
}

struct Found {
    checked: Instant,
    root: Option<PathBuf>,
}

struct Read {
    checked: Instant,
    fingerprint: u64,
    variant: Option<&'static Variant>,
    error: Option<String>,
}

fn roots() -> &'static Mutex<HashMap<PathBuf, Found>> {
    static ROOTS: OnceLock<Mutex<HashMap<PathBuf, Found>>> = OnceLock::new();
    ROOTS.get_or_init(Default::default)
}

fn trees() -> &'static Mutex<HashMap<PathBuf, Read>> {
    static TREES: OnceLock<Mutex<HashMap<PathBuf, Read>>> = OnceLock::new();
    TREES.get_or_init(Default::default)
}

fn root_of(folder: &Path) -> Option<PathBuf> {
    let mut roots = roots().lock().unwrap_or_else(|e| e.into_inner());
    if let Some(found) = roots.get(folder) {
        if found.checked.elapsed() < RECHECK {
            return found.root.clone();
        }
    }
    let root = tree::find_root(folder);
    roots.insert(
        folder.to_path_buf(),
        Found {
            checked: Instant::now(),
            root: root.clone(),
        },
    );
    root
}

fn tree_variant(root: &Path) -> Option<&'static Variant> {
    // One reader at a time: two documents of one tree opened together read
    // it once.
    let mut trees = trees().lock().unwrap_or_else(|e| e.into_inner());
    if let Some(read) = trees.get_mut(root) {
        if read.checked.elapsed() < RECHECK {
            return read.variant;
        }
        let fingerprint = fingerprint(root);
        read.checked = Instant::now();
        if fingerprint == read.fingerprint {
            return read.variant;
        }
    }
    let fingerprint = fingerprint(root);
    let (variant, error) = match tree::read(root) {
        Ok(vocabulary) => (Some(variant_from(root, vocabulary)), None),
        Err(error) => (None, Some(error)),
    };
    trees.insert(
        root.to_path_buf(),
        Read {
            checked: Instant::now(),
            fingerprint,
            variant,
            error,
        },
    );
    variant
}

/// The sizes and modification times of the files a tree's names come from
/// (in the root and in any folder under it that holds the game's `src/`).
fn fingerprint(root: &Path) -> u64 {
    let mut hasher = DefaultHasher::new();
    let mut games = vec![root.to_path_buf()];
    if let Ok(entries) = std::fs::read_dir(root) {
        let mut children: Vec<PathBuf> = entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.join("src").is_dir())
            .collect();
        children.sort();
        games.extend(children);
    }
    for game in games {
        let mut files: Vec<PathBuf> = SOURCES.iter().map(|f| game.join(f)).collect();
        if let Ok(entries) = std::fs::read_dir(game.join("include")) {
            let mut headers: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
            headers.sort();
            files.extend(headers);
        }
        for file in files {
            if let Ok(meta) = std::fs::metadata(&file) {
                file.hash(&mut hasher);
                meta.len().hash(&mut hasher);
                meta.modified().ok().hash(&mut hasher);
            }
        }
    }
    hasher.finish()
}

fn leak(text: String) -> &'static str {
    Box::leak(text.into_boxed_str())
}

/// The grammar forms of the built-in variant most of whose monsters the
/// tree names (a fork of it, or the variant itself), else vanilla's: the
/// reader learns names and words, not the grammar's forms.
fn forms_of(vocabulary: &tree::TreeVocabulary) -> Forms {
    let names: HashSet<&str> = vocabulary
        .monsters
        .iter()
        .map(|(_, n)| n.as_str())
        .collect();
    let share = |p: &Profile| {
        let theirs: Vec<&str> = p
            .table
            .lines()
            .filter_map(|l| l.strip_prefix("monster\t"))
            .filter_map(|l| l.split('\t').nth(1))
            .collect();
        let shared = theirs.iter().filter(|n| names.contains(*n)).count();
        shared as f64 / theirs.len().max(names.len()).max(1) as f64
    };
    let nearest = PROFILES
        .iter()
        .map(|p| (share(p), p))
        .filter(|(s, _)| *s >= 0.9)
        .max_by(|a, b| a.0.total_cmp(&b.0));
    *nearest.map_or(&VANILLA_FORMS, |(_, p)| &p.forms)
}

fn variant_from(root: &Path, vocabulary: tree::TreeVocabulary) -> &'static Variant {
    let root = leak(root.display().to_string());
    let title = leak(vocabulary.title.clone());
    let profile: &'static Profile = Box::leak(Box::new(Profile {
        name: title,
        title,
        base: vocabulary.base,
        origin: Origin::Tree { root },
        table: leak(vocabulary.names_tsv()),
        lexicon: leak(vocabulary.lexicon_tsv()),
        forms: forms_of(&vocabulary),
        monster_details: Vec::leak(vocabulary.monster_details),
    }));
    Box::leak(Box::new(Variant {
        name: title,
        title,
        dialect: Some(vocabulary.base),
        dialect_reason: leak(format!(
            "the source tree at `{root}` ({title}), whose lev_comp reads {}'s language",
            vocabulary.base.label()
        )),
        profile: Some(profile),
        played_level: None,
    }))
}

#[cfg(test)]
mod tests;
