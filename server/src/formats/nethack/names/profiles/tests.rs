//! The built-in profiles are what the generator makes of the compiled name
//! dumps in `../shared` (`UPDATE_PROFILES=1` rewrites them).

use super::*;
use std::path::{Path, PathBuf};

fn variant_trees() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus/nethack/variant-trees")
}

/// A compiled dump (`index class name [description]`, header first) as
/// `kind class_char name` rows; unnamed objects (extra random appearances)
/// are not names lev_comp can find, so they are left out.
fn rows(kind: &str, dump: &str) -> String {
    let mut out = String::new();
    for line in dump.lines().skip(1) {
        let mut fields = line.split('\t');
        let (Some(_index), Some(class), Some(name)) = (fields.next(), fields.next(), fields.next())
        else {
            panic!("malformed dump line {line:?}");
        };
        if !name.is_empty() {
            out.push_str(&format!("{kind}\t{class}\t{name}\n"));
        }
    }
    out
}

/// The profile table generated from one variant's `compiled-names/`.
fn generate(compiled: &Path) -> String {
    let read = |file: &str| std::fs::read_to_string(compiled.join(file)).unwrap();
    format!(
        "kind\tclass_char\tname\n{}{}",
        rows("monster", &read("monsters.tsv")),
        rows("object", &read("objects.tsv"))
    )
}

#[test]
fn profiles_equal_what_the_generator_makes_of_the_compiled_tables() {
    let trees = variant_trees();
    if !trees.is_dir() {
        eprintln!(
            "skipped: {} is absent, so the profiles cannot be regenerated",
            trees.display()
        );
        return;
    }
    let data = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("src/formats/nethack/names/data/variants");
    for profile in PROFILES {
        let generated = generate(&trees.join(profile.name).join("compiled-names"));
        if std::env::var_os("UPDATE_PROFILES").is_some() {
            std::fs::write(data.join(format!("{}.tsv", profile.name)), &generated).unwrap();
            continue;
        }
        assert!(
            profile.table == generated,
            "{}: the built-in profile differs from its compiled tables; rerun with UPDATE_PROFILES=1",
            profile.name
        );
    }
}

#[test]
fn profiles_are_named_once_and_not_after_a_vanilla_word() {
    for (i, p) in PROFILES.iter().enumerate() {
        assert!(PROFILES[..i].iter().all(|q| q.name != p.name), "{}", p.name);
        assert!(!["auto", "vanilla", "minihack"].contains(&p.name));
        assert_eq!(p.commit.len(), 40, "{}", p.name);
    }
}
