use super::*;

use std::path::Path;

/// The materialised variant trees: `LEVLS_VARIANT_TREES`, else `/work/trees`.
fn variant_trees() -> PathBuf {
    std::env::var_os("LEVLS_VARIANT_TREES")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/work/trees"))
}

fn compiled_names(variant: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared/corpus/nethack/variant-trees")
        .join(variant)
        .join("compiled-names")
}

/// `(class, name)` rows of a compiled dump (`index class name …`), unnamed
/// entries left out as the built-in tables leave them out.
fn compiled(path: &Path) -> Vec<(char, String)> {
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .skip(1)
        .filter_map(|line| {
            let mut fields = line.split('\t');
            let (_, class, name) = (fields.next()?, fields.next()?, fields.next()?);
            let class = class.chars().next()?;
            (!name.is_empty()).then(|| (class, name.to_string()))
        })
        .collect()
}

/// Where two tables first differ, for the failure message.
fn first_difference(got: &[(char, String)], want: &[(char, String)]) -> String {
    let at = got.iter().zip(want).position(|(g, w)| g != w).unwrap_or(got.len().min(want.len()));
    format!(
        "{} rows read, {} compiled; first difference at row {at}: read {:?}, compiled {:?}",
        got.len(),
        want.len(),
        got.get(at),
        want.get(at)
    )
}

#[test]
fn each_variant_trees_names_equal_its_compiled_tables() {
    let trees = variant_trees();
    let variants = ["dnethack", "slashem", "unnethack", "splicehack", "xnethack"];
    if !trees.is_dir() || !compiled_names(variants[0]).is_dir() {
        eprintln!(
            "skipped: the variant trees ({}, or set LEVLS_VARIANT_TREES) or ../shared's compiled names are absent",
            trees.display()
        );
        return;
    }
    let mut failures = Vec::new();
    for variant in variants {
        let Some(root) = find_root(&trees.join(variant)) else {
            failures.push(format!("{variant}: no source tree found under {}", trees.display()));
            continue;
        };
        let vocabulary = read(&root).unwrap_or_else(|e| panic!("{variant}: {e}"));
        let expected = compiled_names(variant);
        for (what, got, want) in [
            ("monsters", &vocabulary.monsters, compiled(&expected.join("monsters.tsv"))),
            ("objects", &vocabulary.objects, compiled(&expected.join("objects.tsv"))),
        ] {
            if *got != want {
                failures.push(format!("{variant} {what}: {}", first_difference(got, &want)));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
