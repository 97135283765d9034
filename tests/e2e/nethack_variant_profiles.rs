//! Built-in variant profiles (`nethack.variant`): a `levls.toml` that names
//! dNetHack changes what the editor says of a level naming a dNetHack
//! monster and what it completes; every shipped level of the five variants
//! that its own lev_comp accepts gets no unknown-name diagnostic with its
//! profile, and a misspelt variant-only name is still reported on its line.

use crate::support::client::{file_uri, InitOptions, TestServer};
use crate::{shared, LEVLS};
use serde_json::{json, Value};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

const LEVEL: &str = "MAZE:\"orcs\",' '\nGEOMETRY:center,center\nMAP\n...\n...\nENDMAP\nMONSTER:'o',\"Angband orc\",(1,1)\nMONSTER:'o',\"\",(0,0)\n";
const NAME_CODES: [&str; 2] = [
    "nethack::unknown-monster-name",
    "nethack::unknown-object-name",
];

fn tempdir(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("levls-e2e-profiles-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn name_diagnostics(published: &Value) -> Vec<Value> {
    published["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| NAME_CODES.iter().any(|c| d["code"] == *c))
        // Line 7 names "Angband orc" (the empty name below is unknown anywhere).
        .filter(|d| d["range"]["start"]["line"] == 6)
        .cloned()
        .collect()
}

/// The diagnostics and completion labels (in the empty name on the last
/// line) the editor gives for `LEVEL` in a folder holding `toml`, if any.
fn editor_answers(name: &str, toml: Option<&str>) -> (Vec<Value>, Vec<String>) {
    let dir = tempdir(name);
    if let Some(toml) = toml {
        std::fs::write(dir.join("levls.toml"), toml).unwrap();
    }
    let file = dir.join("orcs.des");
    std::fs::write(&file, LEVEL).unwrap();
    let mut server = TestServer::start_with(
        LEVLS,
        InitOptions {
            root: Some(dir.clone()),
            ..Default::default()
        },
    );
    let uri = file_uri(&file);
    server.open(&uri, "nethack-des", LEVEL);
    let names = name_diagnostics(&server.wait_diagnostics_version(&uri, 1));
    let line = LEVEL.lines().count() as u64 - 1;
    let result = server.request_ok(
        "textDocument/completion",
        json!({ "textDocument": { "uri": uri }, "position": { "line": line, "character": 13 } }),
    );
    let items = match result {
        Value::Array(items) => items,
        other => other["items"].as_array().cloned().unwrap_or_default(),
    };
    let labels = items
        .iter()
        .map(|i| i["label"].as_str().unwrap().to_string())
        .collect();
    server.shutdown_and_exit();
    (names, labels)
}

#[test]
fn a_profile_chosen_by_levls_toml_changes_diagnostics_and_completion() {
    let (vanilla, vanilla_labels) = editor_answers("vanilla", None);
    assert_eq!(vanilla.len(), 1, "{vanilla:#?}");
    assert!(!vanilla_labels.iter().any(|l| l.contains("Angband orc")));
    assert!(
        vanilla_labels.iter().any(|l| l.contains("hill orc")),
        "{vanilla_labels:?}"
    );

    let (dnethack, labels) =
        editor_answers("dnethack", Some("[nethack]\nvariant = \"dnethack\"\n"));
    assert_eq!(dnethack, Vec::<Value>::new());
    assert!(
        labels.iter().any(|l| l.contains("Angband orc")),
        "{labels:?}"
    );
}

/// `levls check --format json --variant V FILES…`: the diagnostics.
pub(crate) fn check_with_variant(variant: &str, files: &[PathBuf]) -> Vec<Value> {
    let out = std::process::Command::new(LEVLS)
        .args(["check", "--format", "json", "--variant", variant])
        .args(files)
        .output()
        .unwrap();
    assert!(matches!(out.status.code(), Some(0 | 1)), "{out:?}");
    serde_json::from_slice::<Value>(&out.stdout)
        .unwrap()
        .as_array()
        .unwrap()
        .clone()
}

/// The `.des` files whose `VERDICTS.tsv` verdict (of the variant's lev_comp)
/// is `verdict` (`ok`, `REJ`).
pub(crate) fn levels_judged(tree: &Path, verdict: &str) -> Vec<PathBuf> {
    let verdicts = std::fs::read_to_string(tree.join("VERDICTS.tsv")).unwrap();
    verdicts
        .lines()
        .skip(1)
        .filter_map(|l| {
            let mut fields = l.split('\t');
            let (file, judged) = (fields.next()?, fields.next()?);
            (judged == verdict && file.ends_with(".des")).then(|| tree.join("dat").join(file))
        })
        .collect()
}

/// The monster names of the variant that vanilla (either dialect) lacks.
fn variant_only_monsters(tree: &Path) -> BTreeSet<String> {
    let names = |text: &str, column: usize| -> BTreeSet<String> {
        text.lines()
            .skip(1)
            .filter(|l| column == 2 || l.starts_with("monster\t"))
            .filter_map(|l| l.split('\t').nth(2).map(str::to_string))
            .collect()
    };
    let data = crate::repo_root().join("server/src/formats/nethack/names/data");
    let vanilla: BTreeSet<String> = ["names-3.4.3.tsv", "names-3.6.tsv"]
        .iter()
        .flat_map(|f| names(&std::fs::read_to_string(data.join(f)).unwrap(), 0))
        .collect();
    let compiled = std::fs::read_to_string(tree.join("compiled-names/monsters.tsv")).unwrap();
    names(&compiled, 2).difference(&vanilla).cloned().collect()
}

#[test]
fn shipped_levels_of_five_variants_name_nothing_unknown_with_their_profile() {
    let trees = shared().join("corpus/nethack/variant-trees");
    if !trees.is_dir() {
        eprintln!("skipped: {} is absent", trees.display());
        return;
    }
    for variant in ["dnethack", "slashem", "unnethack", "splicehack", "xnethack"] {
        let tree = trees.join(variant);
        let levels = levels_judged(&tree, "ok");
        assert!(levels.len() > 20, "{variant}: {} levels", levels.len());
        let found = check_with_variant(variant, &levels);
        let names: Vec<_> = found
            .iter()
            .filter(|d| NAME_CODES.iter().any(|c| d["code"] == *c))
            .collect();
        assert!(names.is_empty(), "{variant}: {names:#?}");

        // One variant-only monster name, misspelt, in the first level that names one.
        let only = variant_only_monsters(&tree);
        let (level, line, text) = levels
            .iter()
            .find_map(|level| {
                let text = std::fs::read_to_string(level).ok()?;
                let line = text.lines().position(|l| {
                    l.trim_start().starts_with("MONSTER")
                        && only.iter().any(|n| l.contains(&format!("\"{n}\"")))
                })?;
                Some((level, line, text))
            })
            .unwrap_or_else(|| panic!("{variant}: no level names a variant-only monster"));
        let original = text.lines().nth(line).unwrap();
        let name = only
            .iter()
            .find(|n| original.contains(&format!("\"{n}\"")))
            .unwrap();
        let typo = format!("{name}x");
        let mutated: String = text
            .lines()
            .enumerate()
            .map(|(i, l)| {
                let l = if i == line {
                    l.replacen(&format!("\"{name}\""), &format!("\"{typo}\""), 1)
                } else {
                    l.to_string()
                };
                l + "\n"
            })
            .collect();
        let dir = tempdir(variant);
        let copy = dir.join(level.file_name().unwrap());
        std::fs::write(&copy, mutated).unwrap();
        let found = check_with_variant(variant, std::slice::from_ref(&copy));
        let reported: Vec<_> = found
            .iter()
            .filter(|d| d["code"] == NAME_CODES[0])
            .map(|d| d["line"].as_u64().unwrap())
            .collect();
        assert_eq!(
            reported,
            [line as u64 + 1],
            "{variant}: `{typo}` in {}",
            level.display()
        );
    }
}
