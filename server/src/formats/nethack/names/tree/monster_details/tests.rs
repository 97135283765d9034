use expect_test::{expect, Expect};

use super::super::tests::{fixture, variant_roots};
use super::super::*;

/// Each monster of the tree with its details (or `—`), a line per monster.
fn check_details(tree: &str, expected: Expect) {
    let vocabulary = read(&fixture(tree)).unwrap();
    let mut out = String::new();
    for (class, name) in &vocabulary.monsters {
        let details = vocabulary
            .monster_details
            .iter()
            .find(|m| m.class == *class && m.name == *name)
            .map_or_else(|| "—".to_string(), |m| m.details.lines().join(" | "));
        out.push_str(&format!("{class} {name}: {details}\n"));
    }
    expected.assert_eq(&out);
}

#[test]
fn each_monster_of_a_343_style_tree_has_its_level_attacks_and_generation() {
    // giant ant: plain LVL; jackal: a level macro with an extra field;
    // wallaby: a wrapper calling LVL and an attack macro; ember moss: a
    // passive attack and types the mapping does not know; oddity: nothing
    // readable; zruty: the whole attack list a macro, its AC a sum;
    // ghost: no attacks, its MR a call of no macro (shown as written).
    check_details(
        "classic",
        expect![[r#"
            a giant ant: level 2, speed 18, AC 3, MR 0, alignment 0 | attacks: bite 1d4 | generation: frequency 3, genocidable
            d jackal: level 0, speed 12, AC 7, MR 0, alignment -7 | attacks: bite 1d2 | generation: frequency 3, genocidable, small groups
            z wallaby: level 2, speed 15, AC -1, MR 0, alignment 0 | attacks: kick 1d3, bite fire 2d4 | generation: frequency 2, genocidable, large groups
            z ember moss: level 1, speed 0, AC 9, MR 0, alignment 0 | attacks: passive fire 0d4, whirl spor 1d1 | generation: frequency 1, not randomly generated
            z oddity: —
            z zruty: level 9, speed 8, AC 3, MR 0, alignment 0 | attacks: claw cold 3d4, kick 2d6 | generation: frequency 0
              ghost: level 10, speed 3, AC -5, MR RESIST(50, 2), alignment -5 | attacks: none | generation: frequency 0, no corpse, not randomly generated
        "#]],
    );
}

#[test]
fn each_monster_of_a_36_style_tree_has_its_level_attacks_and_generation() {
    // The attack and damage types are numbered macros here: they are read
    // by name all the same. A name per gender shares the entry's details.
    check_details(
        "modern/game",
        expect![[r#"
            a sand beetle: level 1, speed 9, AC 4, MR 0, alignment 0 | attacks: bite 1d2 | generation: frequency 2, genocidable
            l pond skink: level 0, speed 5, AC 9, MR 0, alignment 0 | attacks: bite 1d2 | generation: frequency 3, genocidable
            @ hillman: level 8, speed 12, AC 9, MR 0, alignment 0 | attacks: weapon 1d8, weapon 1d8 | generation: frequency 0, not randomly generated
            @ hillwoman: level 8, speed 12, AC 9, MR 0, alignment 0 | attacks: weapon 1d8, weapon 1d8 | generation: frequency 0, not randomly generated
            @ hill dweller: level 8, speed 12, AC 9, MR 0, alignment 0 | attacks: weapon 1d8, weapon 1d8 | generation: frequency 0, not randomly generated
            @ courier imp: level 30, speed 20, AC 5, MR 100, alignment 0 | attacks: none | generation: frequency 0, not randomly generated, no corpse
            9 marsh hound: level 2, speed 8, AC 9, MR 0, alignment -2 | attacks: bite 1d6, breath swmp 2d3, passive fire 1d4 | generation: frequency 1, genocidable
        "#]],
    );
}

#[test]
fn each_variant_trees_monsters_all_have_their_details() {
    let mut failures = Vec::new();
    for (variant, root) in variant_roots() {
        let vocabulary = read(&root).unwrap_or_else(|e| panic!("{variant}: {e}"));
        let details = &vocabulary.monster_details;
        let complete = details
            .iter()
            .filter(|m| {
                let d = &m.details;
                d.stats.is_some() && d.attacks.is_some() && d.generation.is_some()
            })
            .count();
        eprintln!(
            "{variant}: {} monsters, {} with details, {complete} with level, attacks and generation",
            vocabulary.monsters.len(),
            details.len()
        );
        if complete != vocabulary.monsters.len() {
            failures.push(format!(
                "{variant}: {complete} of {} monsters read in full",
                vocabulary.monsters.len()
            ));
        }
        // Every tree keeps vanilla's first monster as vanilla has it.
        let ant = details.iter().find(|m| m.name == "giant ant");
        let ant = ant.map(|m| m.details.lines());
        if !ant.as_ref().is_some_and(|lines| {
            lines[0].starts_with("level 2, speed 18, AC 3, MR 0,")
                && lines[1] == "attacks: bite 1d4"
        }) {
            failures.push(format!("{variant}: giant ant read as {ant:?}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
