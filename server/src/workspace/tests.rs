use super::*;
use crate::formats::facts::DefinedLevel;

fn level(name: &str) -> Facts {
    Facts::Levels(vec![DefinedLevel {
        name: name.into(),
        name_range: 0..name.len() + 2,
    }])
}

fn nethack() -> &'static dyn Format {
    crate::formats::by_name("nethack").unwrap()
}

fn paths(found: Vec<Neighbour>) -> Vec<String> {
    found.iter().map(|n| n.path.display().to_string()).collect()
}

#[test]
fn a_folder_is_its_files_below_it_and_no_sibling_with_a_longer_name() {
    let mut index = Index::default();
    for path in [
        "/g/dat/a.des",
        "/g/dat/sub/b.des",
        "/g/dat2/c.des",
        "/g/dat.des",
    ] {
        index.set(Path::new(path), nethack(), Some(level("x")));
    }
    let shallow = paths(index.files(Path::new("/g/dat"), false));
    assert_eq!(shallow, ["/g/dat/a.des"]);
    let deep = paths(index.files(Path::new("/g/dat"), true));
    assert_eq!(deep, ["/g/dat/a.des", "/g/dat/sub/b.des"]);
}

#[test]
fn only_a_change_of_facts_is_a_change() {
    let mut index = Index::default();
    let path = Path::new("/g/dat/a.des");
    assert!(index.set(path, nethack(), Some(level("oracle"))));
    assert!(
        !index.set(path, nethack(), Some(level("oracle"))),
        "same facts"
    );
    assert!(index.set(path, nethack(), Some(level("seer"))));
    assert!(
        index.set(path, nethack(), None),
        "no facts: out of the index"
    );
    assert!(!index.contains(path));
}

#[test]
fn a_change_rechecks_the_files_whose_check_read_its_folder() {
    let mut index = Index::default();
    let def = Path::new("/g/dat/dungeon.def");
    let text = "DUNGEON: \"D\" \"D\" (5, 2)\nLEVEL: \"oracle\" \"O\" @ (2)\n";
    let (format, facts) = scan::facts_of_text(def, text).unwrap();
    index.set(def, format, Some(facts));
    for path in [
        "/g/dat/oracle.des",
        "/g/dat/sub/deep.des",
        "/elsewhere/x.des",
    ] {
        index.set(Path::new(path), nethack(), Some(level("oracle")));
    }
    for path in index.paths().map(Path::to_path_buf).collect::<Vec<_>>() {
        index.recheck(&path);
    }
    let affected = |changed: &str| -> Vec<String> {
        index
            .affected_by(&[PathBuf::from(changed)])
            .iter()
            .map(|p| p.display().to_string())
            .collect()
    };
    // A level file of the game: the description and every level file of it.
    assert_eq!(
        affected("/g/dat/sub/deep.des"),
        [
            "/g/dat/dungeon.def",
            "/g/dat/oracle.des",
            "/g/dat/sub/deep.des"
        ]
    );
    // A file outside every game reads only its own folders.
    assert_eq!(affected("/elsewhere/x.des"), ["/elsewhere/x.des"]);
    // A new file in a folder a check looked in.
    assert_eq!(
        affected("/g/dat/new.des"),
        [
            "/g/dat/dungeon.def",
            "/g/dat/oracle.des",
            "/g/dat/sub/deep.des"
        ]
    );
}
