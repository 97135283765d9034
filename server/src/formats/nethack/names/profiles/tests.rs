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
    let data =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("src/formats/nethack/names/data/variants");
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
        let Origin::BuiltIn { commit, .. } = p.origin else {
            panic!("{}: a built-in profile has a commit", p.name)
        };
        assert_eq!(commit.len(), 40, "{}", p.name);
    }
}

/// The setting's words are written out (a const list for the settings
/// table): they must stay the variants' names, `auto` first, and every
/// profile must have its variant.
#[test]
fn the_setting_words_are_the_variants_names() {
    use crate::formats::nethack::names::variants::{VARIANTS, WORDS};
    let names: Vec<&str> = std::iter::once("auto")
        .chain(VARIANTS.iter().map(|v| v.name))
        .collect();
    assert_eq!(WORDS, names.as_slice());
    for p in PROFILES {
        assert!(
            VARIANTS.iter().any(|v| v.profile == Some(p)),
            "{} has no variant",
            p.name
        );
    }
}

fn dnethack() -> &'static Profile {
    PROFILES.iter().find(|p| p.name == "dnethack").unwrap()
}

#[test]
fn a_variant_only_monster_is_known_only_with_its_profile() {
    use crate::formats::nethack::names::{self, NameKind};
    use crate::formats::nethack::Dialect;
    assert!(names::find_monster_in(Dialect::V343, "Angband orc", None).is_none());
    names::with_profile(Some(dnethack()), || {
        let found = names::find_monster_in(Dialect::V343, "Angband orc", None).unwrap();
        assert_eq!(found.class, 'o');
        assert_eq!(
            names::suggest_in(Dialect::V343, NameKind::Monster, "Angband ork", None),
            Some("Angband orc")
        );
        // dNetHack's angels of law are class `7`, a class vanilla has not.
        assert_eq!(names::classes_of(NameKind::Monster, "Angel"), ['7']);
    });
    // Vanilla's names are back once the profile's scope ends.
    assert_eq!(names::classes_of(NameKind::Monster, "Angel"), ['A']);
    assert!(names::find_monster("Angband orc", None).is_none());
}

#[test]
fn a_profile_names_what_lev_comp_checks_in_a_level() {
    use crate::formats::nethack::settings::VARIANT;
    use crate::formats::nethack::NetHack;
    use crate::formats::settings::{Settings, Value};
    use crate::formats::test_support::with_settings;
    use crate::formats::Format;
    let diagnostics_with = |text: &str, settings: &Settings| {
        with_settings(&NetHack, text, "x.des", settings, |f| {
            NetHack.diagnostics(f)
        })
    };
    let level = "MAZE:\"x\",' '\nMONSTER:'o',\"Angband orc\",(1,1)\n";
    let codes = |settings: &Settings| -> Vec<String> {
        let all = diagnostics_with(level, settings).into_iter();
        all.map(|d| d.code.to_string())
            .filter(|c| c.ends_with("-name"))
            .collect()
    };
    assert_eq!(codes(&Settings::NONE), ["nethack::unknown-monster-name"]);
    let dnethack = Settings::NONE.with(&VARIANT, Value::Choice("dnethack"));
    assert_eq!(codes(&dnethack), Vec::<String>::new());
    let comment = format!("# levls: variant dnethack\n{level}");
    let from_comment = diagnostics_with(&comment, &Settings::NONE);
    assert!(
        from_comment.iter().all(|d| !d.code.ends_with("-name")),
        "{from_comment:?}"
    );
}

/// What is derived from a built-in profile is derived once, whichever copy
/// of it asks (copies of a `const` may each have an address of their own).
#[test]
fn a_built_in_profile_is_derived_once_whichever_copy_asks() {
    static LENGTHS: PerProfile<usize> = PerProfile::new();
    for v in crate::formats::nethack::names::variants::VARIANTS {
        if let Some(p) = v.profile {
            let built_in = PROFILES.iter().find(|q| q.name == p.name).unwrap();
            let (a, b) = (
                LENGTHS.get(p, |p| p.table.len()),
                LENGTHS.get(built_in, |p| p.table.len()),
            );
            assert!(std::ptr::eq(a, b), "{}", v.name);
        }
    }
}
