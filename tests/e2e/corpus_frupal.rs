//! The real Frupal maps, the loader probes and the one-typo mutants, checked
//! with `levls check` against the verdicts of the game's own loader.

use crate::{check_json as check, shared};

fn error_lines(diagnostics: &serde_json::Value) -> Vec<u64> {
    let mut lines: Vec<u64> = diagnostics
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["severity"] == "error")
        .map(|d| d["line"].as_u64().unwrap())
        .collect();
    lines.dedup();
    lines
}

#[test]
fn real_maps_the_game_loads_get_no_error_and_broken_ones_fail_where_the_game_does() {
    let maps = shared().join("corpus/frupal/jnichols-pdx-frupal");
    for accepted in ["small_example", "bigmap", "bigmap_1", "castle", "muchNRG"] {
        let (code, diagnostics) = check(&maps.join(format!("maps/{accepted}.fmap")));
        assert_eq!(code, 0, "{accepted}: {diagnostics:#}");
    }
    let (code, diagnostics) = check(&maps.join("maps/broken.fmap"));
    assert_eq!(code, 1);
    assert_eq!(error_lines(&diagnostics), [23, 25, 42], "{diagnostics:#}");
    let (code, diagnostics) = check(&maps.join("history/abyssswamp.fmap"));
    assert_eq!(code, 1);
    assert_eq!(
        error_lines(&diagnostics),
        [57],
        "the TAB inside a terrain row: {diagnostics:#}"
    );
}

/// Where levls follows the spec rather than the game (docs/formats/frupal.md).
const PROBE_DECISIONS: &[(&str, &str)] = &[
    (
        "header_then_terrain_same_line.fmap",
        "F11: nothing after the header",
    ),
    ("num_suffix.fmap", "F14: `100gold` is not a number"),
    ("row_longer_chars.fmap", "F12: extra terrain characters"),
    ("start_nonnum.fmap", "F14: `start: a b` is not a position"),
    (
        "start_trailing_junk.fmap",
        "F13: nothing after the last value",
    ),
    (
        "terrain_dims_junk.fmap",
        "F13: nothing after the last value",
    ),
    ("treasure_10000.fmap", "F6: treasure value above 9999"),
];

#[test]
fn loader_probes_agree_with_the_game_except_documented_decisions() {
    let probes = shared().join("corpus/frupal/probes");
    let verdicts = std::fs::read_to_string(probes.join("VERDICTS.txt")).unwrap();
    let mut disagreements = Vec::new();
    let mut count = 0;
    for line in verdicts
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let mut fields = line.split_whitespace();
        let (file, loader_rc) = (fields.next().unwrap(), fields.next().unwrap());
        let expected = if loader_rc == "0" { 0 } else { 1 };
        let (code, _) = check(&probes.join(file));
        count += 1;
        let decided = PROBE_DECISIONS.iter().any(|(f, _)| *f == file);
        if (code == expected) == decided {
            disagreements.push(format!(
                "{file}: game {loader_rc}, levls {code}, documented decision: {decided}"
            ));
        }
    }
    assert!(count > 80, "{count} probes");
    assert!(disagreements.is_empty(), "{}", disagreements.join("\n"));
}

/// Mutants the game loads but levls rejects, each by a documented decision.
const MUTANT_DECISIONS: &[(&str, &str)] = &[
    ("castle.m000.fmap", "F12: extra terrain characters"),
    ("muchNRG.m017.fmap", "F12: extra terrain characters"),
    ("muchNRG.m038.fmap", "F12: extra terrain characters"),
    ("small_example.m017.fmap", "F12: extra terrain characters"),
    ("small_example.m020.fmap", "F12: extra terrain characters"),
    ("small_example.m022.fmap", "F12: extra terrain characters"),
    ("small_example.m006.fmap", "F14: `t1` is not a coordinate"),
];

#[test]
fn mutants_agree_with_the_game_except_documented_decisions() {
    let mutants = shared().join("mutants/frupal");
    let verdicts = std::fs::read_to_string(mutants.join("VERDICTS.tsv")).unwrap();
    let mut agree = 0;
    let mut disagreements = Vec::new();
    for line in verdicts.lines().skip(1) {
        let fields: Vec<&str> = line.split('\t').collect();
        let (file, verdict) = (fields[0], fields[1]);
        let expected = if verdict == "ok" { 0 } else { 1 };
        let (code, _) = check(&mutants.join(file));
        let decided = MUTANT_DECISIONS.iter().any(|(f, _)| *f == file);
        if code == expected {
            agree += 1;
        }
        if (code == expected) == decided {
            disagreements.push(format!(
                "{file} ({verdict}, levls {code}): {}",
                fields.get(2).unwrap_or(&"")
            ));
        }
    }
    eprintln!("frupal mutants: {agree}/120 agree with the game; the rest are documented decisions");
    assert!(disagreements.is_empty(), "{}", disagreements.join("\n"));
}
