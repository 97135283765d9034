//! Variants' own vocabulary (`names/lexicon.rs`): `levls check --variant V`
//! on the levels each variant ships, which its own lev_comp accepts
//! (`VERDICTS.tsv` of `../shared/corpus/nethack/variant-trees/V/`), finds no
//! error; the level a variant's lev_comp rejects still gets one.

use crate::nethack_variant_profiles::{check_with_variant, levels_judged};
use crate::{shared, LEVLS};
use serde_json::Value;
use std::path::PathBuf;

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
    for variant in ["dnethack", "slashem", "unnethack", "splicehack", "xnethack"] {
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

/// UnNetHack's larger language (functions, subtraction, core values) and
/// its vocabulary are its own: vanilla's lev_comp refuses them, and so does
/// levls without UnNetHack's profile.
#[test]
fn unnethacks_language_is_refused_without_its_profile() {
    let Some(trees) = variant_trees() else { return };
    let levels = levels_judged(&trees.join("unnethack"), "ok");
    assert!(levels.len() > 20, "{} levels", levels.len());
    // Checked as vanilla 3.6 reads it.
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
    for (code, what) in [
        ("nethack::unknown-map-char", "UnNetHack's map characters"),
        (
            "nethack::syntax-error",
            "UnNetHack's FUNCTIONs, subtraction and dashed lines",
        ),
        (
            "nethack::unknown-value",
            "UnNetHack's core values (`level.depth`)",
        ),
    ] {
        assert!(
            without.iter().any(|d| d["code"] == code),
            "vanilla reads {what}"
        );
    }
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
