//! Running the generator: the same seed gives the same floor, a request runs once, and a
//! generator that hangs or lingers is stopped.

use crate::formats::dungeon_mystery::generator::{self, Floor, Request};
use crate::formats::dungeon_mystery::picture;
use crate::formats::dungeon_mystery::tests::{draw, empty_dir, with_package, SMALL};
use crate::formats::settings::Value;
use crate::formats::Settings;
use std::path::Path;

#[test]
fn the_same_seed_gives_the_same_floor_and_another_seed_another() {
    let settings = with_package();
    let request = |seed| Request::new(SMALL.to_string(), seed, &settings, None);
    let first = generator::generate_uncached(&request(42)).unwrap();
    let again = generator::generate_uncached(&request(42)).unwrap();
    assert_eq!(first, again);
    let svg = |floor: &Floor| crate::render::svg::svg(&picture::draw(floor, Some(42)));
    assert_eq!(svg(&first), svg(&again));
    let other = generator::generate_uncached(&request(4242)).unwrap();
    assert_ne!(first.rows, other.rows);
    // The file's "seed" is the one used.
    let seeded = SMALL.replacen('{', "{\n  \"seed\": 42,", 1);
    let p = draw(&seeded, Path::new("b1f.dungeoneer.json"), &settings).unwrap();
    assert_eq!(p.title, "floor (seed 42)");
    assert_eq!(p, picture::draw(&first, Some(42)));
}

#[test]
fn a_floor_is_generated_once_per_request() {
    let settings = with_package();
    let request = Request::new(
        SMALL.replace("\"layout\": 1", "\"layout\": 11"),
        9,
        &settings,
        None,
    );
    let first = generator::generate(&request).unwrap();
    let second = generator::generate(&request).unwrap();
    assert!(std::sync::Arc::ptr_eq(&first, &second));
}

/// Why the generator gave no floor when `node` is the shell `script` (in a fresh folder
/// `name`) and the timeout 300 ms; it must say so well before the script would end.
#[cfg(unix)]
fn stopped_fake_node(name: &str, script: &str, seed: u32) -> String {
    use std::os::unix::fs::PermissionsExt;
    let dir = empty_dir(name);
    let node = dir.join("node");
    std::fs::write(&node, script).unwrap();
    std::fs::set_permissions(&node, std::fs::Permissions::from_mode(0o755)).unwrap();
    let settings = Settings::NONE.with(
        &crate::formats::dungeon_mystery::settings::NODE,
        Value::Path(node),
    );
    let mut request = Request::new(SMALL.to_string(), seed, &settings, None);
    request.timeout = std::time::Duration::from_millis(300);
    let started = std::time::Instant::now();
    let why = generator::generate(&request).unwrap_err();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(started.elapsed() < std::time::Duration::from_secs(5));
    why
}

#[cfg(unix)]
#[test]
fn a_generator_that_hangs_is_stopped_at_the_timeout() {
    // A "node" that never answers.
    let why = stopped_fake_node("hang", "#!/bin/sh\nexec sleep 30\n", 1);
    assert!(why.contains("took more than 300ms"), "{why}");
    assert!(why.contains("was stopped"), "{why}");
}

#[cfg(unix)]
#[test]
fn a_generator_that_lingers_after_its_answer_is_stopped_too() {
    // A "node" that closes its output at once, with no floor, but stays.
    let why = stopped_fake_node("linger", "#!/bin/sh\nexec >&- 2>&-\nexec sleep 30\n", 2);
    assert!(why.contains("did not run the generator"), "{why}");
}
