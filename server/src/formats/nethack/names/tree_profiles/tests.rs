use super::*;
use crate::formats::nethack::names::{find_monster, with_profile};

/// A copy of the reader's classic fixture tree in a folder of its own, so a
/// test may edit it.
fn copied_tree(test: &str) -> PathBuf {
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("src/formats/nethack/names/tree/tests/fixtures/classic");
    let to = std::env::temp_dir().join(format!("levls-tree-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&to);
    copy(&fixture, &to);
    to
}

fn copy(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap().flatten() {
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

fn knows_monster(variant: &'static Variant, name: &str) -> bool {
    with_profile(variant.profile, || find_monster(name, None).is_some())
}

#[test]
fn a_level_in_a_tree_gets_the_trees_names_and_keeps_them_until_a_source_changes() {
    let tree = copied_tree("edit");
    let level = tree.join("dat/test.des");
    let variant = variant_of_tree(Some(&level)).expect("the tree is read");
    assert_eq!(
        variant.profile.unwrap().origin,
        Origin::Tree {
            root: leak(tree.display().to_string())
        }
    );
    assert!(knows_monster(variant, "wallaby"));
    assert!(!knows_monster(variant, "kangaroo"));
    // Asked again: the same profile, not a new read.
    assert!(std::ptr::eq(
        variant,
        variant_of_tree(Some(&level)).unwrap()
    ));

    let monst = tree.join("src/monst.c");
    let source = std::fs::read_to_string(&monst).unwrap();
    std::fs::write(&monst, source.replace("\"wallaby\"", "\"kangaroo\"")).unwrap();
    std::thread::sleep(RECHECK + Duration::from_millis(100));
    let edited = variant_of_tree(Some(&level)).expect("the tree is read again");
    assert!(!std::ptr::eq(variant, edited));
    assert!(knows_monster(edited, "kangaroo"));
    assert!(!knows_monster(edited, "wallaby"));
    std::fs::remove_dir_all(&tree).unwrap();
}

#[test]
fn a_level_outside_any_tree_has_no_tree_variant() {
    let dir = std::env::temp_dir().join(format!("levls-no-tree-profile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    assert!(variant_of_tree(Some(&dir.join("alone.des"))).is_none());
    assert!(variant_of_tree(None).is_none());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_tree_that_cannot_be_read_says_why() {
    let tree = copied_tree("broken");
    std::fs::remove_file(tree.join("include/monsym.h")).unwrap();
    let level = tree.join("dat/test.des");
    assert!(variant_of_tree(Some(&level)).is_none());
    let (root, error) = problem_of_tree(Some(&level)).expect("the failure is kept");
    assert_eq!(root, tree);
    assert!(error.contains("monsym.h"), "{error}");
    std::fs::remove_dir_all(&tree).unwrap();
}

#[test]
fn a_comment_or_a_named_variant_wins_over_the_tree() {
    use crate::formats::nethack::settings::{variant_of, VARIANT};
    use crate::formats::settings::{Settings, Value};
    let tree = copied_tree("precedence");
    let level = tree.join("dat/test.des");
    let text = "MAZE:\"test\",' '\n";
    let auto = Settings::default();
    assert_eq!(variant_of(text, Some(&level), &auto).title, "ClassicHack");
    let commented = format!("# levls: variant xnethack\n{text}");
    assert_eq!(variant_of(&commented, Some(&level), &auto).name, "xnethack");
    let mut vanilla = Settings::default();
    vanilla.set(&VARIANT, Value::Choice("vanilla"));
    assert_eq!(variant_of(text, Some(&level), &vanilla).name, "vanilla");
    std::fs::remove_dir_all(&tree).unwrap();
}
