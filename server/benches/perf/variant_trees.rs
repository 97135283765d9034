//! Figure 11: reading a NetHack variant's names and lev_comp vocabulary from
//! its source tree (tree-sitter-c, the default build's conditionals, the
//! tree's macros), per tree: the first read in the process and the median of
//! the next ones; and what a level's analysis pays once the tree is read
//! (`tree_profiles`: the cached profile, looked up from the level's path).
//! The trees are materialised outside the repository
//! (`LEVLS_VARIANT_TREES`, else `/work/trees`); without them the figure says so.

use crate::report::{median, Row};
use levls::formats::nethack::names::{tree, tree_profiles};
use std::path::PathBuf;
use std::time::Instant;

const VARIANTS: [&str; 5] = ["dnethack", "slashem", "unnethack", "splicehack", "xnethack"];

pub fn run(runs: usize) -> Vec<Row> {
    let trees = std::env::var_os("LEVLS_VARIANT_TREES")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/work/trees"));
    if !trees.is_dir() {
        return vec![Row::new(11, "variant source tree read").note(
            "skipped",
            format!("{} is absent (set LEVLS_VARIANT_TREES)", trees.display()),
        )];
    }
    let mut rows = Vec::new();
    for variant in VARIANTS {
        // Found as a level finds it, from the tree's `dat/` (dNetHack and
        // SLASH'EM keep the game one folder down).
        let Some(dat) = tree::dat_folder(&trees.join(variant)) else {
            continue;
        };
        let Some(root) = tree::find_root(&dat) else {
            continue;
        };
        let level = dat.join("levls-bench.des");
        let start = Instant::now();
        let first = tree::read(&root).expect("the tree reads");
        let cold = start.elapsed();
        let again: Vec<_> = (0..runs)
            .map(|_| {
                let start = Instant::now();
                tree::read(&root).expect("the tree reads");
                start.elapsed()
            })
            .collect();
        tree_profiles::variant_of_tree(Some(&level)).expect("the tree's profile");
        let cached: Vec<_> = (0..1000)
            .map(|_| {
                let start = Instant::now();
                tree_profiles::variant_of_tree(Some(&level));
                start.elapsed()
            })
            .collect();
        rows.push(
            Row::new(11, format!("variant source tree read: {variant}"))
                .value("cached_us", median(cached).as_secs_f64() * 1e6)
                .ms_under("first_ms", cold, 200.0)
                .ms("median_ms", median(again))
                .value("monsters", first.monsters.len() as f64)
                .value("objects", first.objects.len() as f64)
                .value("lexicon", first.lexicon.len() as f64),
        );
    }
    rows
}
