use super::{monster, object, trap, NAMES};
use crate::formats::test_support::corpus_files;

#[test]
fn the_game_s_lookups_take_what_it_takes() {
    assert_eq!(monster("Elvenking").map(|n| n.class), Some('@'));
    assert_eq!(monster("soldier ants").map(|n| n.name), Some("soldier ant"));
    assert_eq!(monster("the lich").map(|n| n.name), Some("lich"));
    assert_eq!(monster("lichen").map(|n| n.name), Some("lichen"));
    assert!(monster("lihc").is_none());
    assert_eq!(object("wand of striking", None).map(|n| n.class), Some('/'));
    assert_eq!(
        object("walking shoes", None).map(|n| n.kind),
        Some("object-description")
    );
    assert!(object("teleportation", Some('?')).is_some_and(|n| n.class == '?'));
    assert!(object("boulder", Some('?')).is_none());
    assert!(trap("Hole").is_some());
    assert!(trap("trapdoor").is_none());
}

/// Every name the shipped scripts give `des.monster`, `des.object` and
/// `des.trap` (positional or `id=`/`type=`) is one the table knows.
#[test]
fn every_name_of_the_shipped_scripts_is_in_the_table() {
    assert!(NAMES.len() > 1000, "{} names", NAMES.len());
    let mut checked = 0;
    let mut unknown = Vec::new();
    for path in corpus_files("nethack/5.0/dat", "lua") {
        let text = std::fs::read_to_string(&path).unwrap();
        let tree = crate::formats::parse(&super::super::super::NetHackLua, &text);
        let level = super::super::super::syntax::read(&text, &tree);
        for call in &level.calls {
            let Some((name, _, _)) = crate::formats::nethack_lua::check::names::named(call) else {
                continue;
            };
            let name = name.as_str();
            if name.chars().count() < 2 {
                continue;
            }
            checked += 1;
            let known = match call.function.as_str() {
                "monster" => monster(name).is_some(),
                "object" => object(name, None).is_some(),
                _ => trap(name).is_some(),
            };
            if !known {
                unknown.push(format!(
                    "{}: des.{} \"{name}\"",
                    path.display(),
                    call.function
                ));
            }
        }
    }
    assert!(checked > 500, "{checked} names checked");
    assert!(unknown.is_empty(), "{unknown:#?}");
}
