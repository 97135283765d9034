//! Variants' own vocabulary (`names/lexicon.rs`): `levls check --variant V`
//! on the levels each variant ships, which its own lev_comp accepts
//! (`VERDICTS.tsv` of `../shared/corpus/nethack/variant-trees/V/`), finds no
//! error; the level a variant's lev_comp rejects still gets one.

use crate::nethack_variant_profiles::{check_with_variant, levels_judged};
use crate::{shared, LEVLS};
use serde_json::Value;
use std::path::PathBuf;

/// The diagnostics' codes that say a character, class or name is not the
/// language's: what a variant's lexicon answers. (`unknown-keyword` is left
/// out: UnNetHack calls functions declared before its first level as
/// statements, which levls does not read.)
const VOCABULARY_CODES: &[&str] = &[
    "nethack::unknown-map-char",
    "nethack::bad-map-row",
    "nethack::init-map-char",
    "nethack::unknown-monster-class",
    "nethack::unknown-object-class",
    "nethack::unknown-trap",
    "nethack::unknown-room-type",
];

fn variant_trees() -> Option<PathBuf> {
    let trees = shared().join("corpus/nethack/variant-trees");
    if trees.is_dir() {
        Some(trees)
    } else {
        eprintln!("skipped: {} is absent", trees.display());
        None
    }
}

/// The errors of `levls check --format json --variant V FILES…`.
fn errors_with_variant(variant: &str, files: &[PathBuf]) -> Vec<Value> {
    check_with_variant(variant, files)
        .into_iter()
        .filter(|d| d["severity"] == "error")
        .collect()
}

fn shown(errors: &[Value]) -> String {
    errors
        .iter()
        .take(20)
        .map(|d| {
            format!(
                "{}:{}: {}: {}\n",
                d["file"].as_str().unwrap_or(""),
                d["line"],
                d["code"].as_str().unwrap_or(""),
                d["message"].as_str().unwrap_or("")
            )
        })
        .collect()
}

#[test]
fn shipped_levels_their_lev_comp_accepts_get_no_error_with_their_variant() {
    let Some(trees) = variant_trees() else { return };
    for variant in ["dnethack", "slashem", "splicehack", "xnethack"] {
        let levels = levels_judged(&trees.join(variant), "ok");
        assert!(levels.len() > 20, "{variant}: {} levels", levels.len());
        let errors = errors_with_variant(variant, &levels);
        assert!(
            errors.is_empty(),
            "{variant}: {} errors\n{}",
            errors.len(),
            shown(&errors)
        );
    }
}

/// UnNetHack's lev_comp reads a larger language than levls does (functions
/// called as statements, core values, subtraction); its vocabulary is known.
#[test]
fn unnethacks_shipped_levels_get_no_vocabulary_error() {
    let Some(trees) = variant_trees() else { return };
    let levels = levels_judged(&trees.join("unnethack"), "ok");
    assert!(levels.len() > 20, "{} levels", levels.len());
    let errors: Vec<Value> = errors_with_variant("unnethack", &levels)
        .into_iter()
        .filter(|d| {
            VOCABULARY_CODES.iter().any(|c| d["code"] == *c)
                || d["message"]
                    .as_str()
                    .is_some_and(|m| m.starts_with("unknown level flag"))
        })
        .collect();
    assert!(errors.is_empty(), "{}", shown(&errors));
    // Its own flags and map characters were errors without the profile.
    let without: Vec<Value> = {
        let out = std::process::Command::new(LEVLS)
            .args(["check", "--format", "json", "--variant", "vanilla"])
            .args(&levels)
            .output()
            .unwrap();
        serde_json::from_slice::<Value>(&out.stdout)
            .unwrap()
            .as_array()
            .unwrap()
            .clone()
    };
    assert!(
        without
            .iter()
            .any(|d| d["code"] == "nethack::unknown-map-char"),
        "vanilla reads UnNetHack's map characters"
    );
}

#[test]
fn the_level_a_variants_lev_comp_rejects_still_gets_an_error() {
    let Some(trees) = variant_trees() else { return };
    let mut rejected = 0;
    for variant in ["dnethack", "slashem", "unnethack", "splicehack", "xnethack"] {
        for level in levels_judged(&trees.join(variant), "REJ") {
            rejected += 1;
            let errors = errors_with_variant(variant, std::slice::from_ref(&level));
            assert!(!errors.is_empty(), "{variant}: {}", level.display());
        }
    }
    assert!(
        rejected > 0,
        "no level is rejected by its variant's lev_comp"
    );
}
