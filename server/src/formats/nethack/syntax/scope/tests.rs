//! 3.6 variables of each level: types from the first assignment, definitions and uses.

use super::*;
use crate::formats::nethack::syntax;
use crate::formats::nethack::tests::NETHACK;
use expect_test::expect;

fn parse(text: &str) -> Document {
    NETHACK.open(text, |file| syntax::read(file.text, file.tree))
}

/// Each scope's variables: name, type, where defined and used (byte offsets), first value.
fn shown_scopes(text: &str) -> String {
    let doc = parse(text);
    let mut out = String::new();
    for (i, scope) in scopes(text, &doc).iter().enumerate() {
        out.push_str(&format!("scope {i}\n"));
        for v in &scope.variables {
            let spans = |rs: &[Range<usize>]| {
                rs.iter()
                    .map(|r| format!("{}", r.start))
                    .collect::<Vec<_>>()
                    .join(",")
            };
            out.push_str(&format!(
                "  {} {} defs[{}] uses[{}] value={:?}\n",
                v.name,
                v.ty.describe(),
                spans(&v.definitions),
                spans(&v.uses),
                v.first_value.as_ref().map(|r| &text[r.clone()]),
            ));
        }
    }
    out
}

#[test]
fn types_come_from_the_first_assignment() {
    let text = "MAZE:\"x\",' '\n$i = 5\n$s = \"a\"\n$c = (1,2)\n$r = (1,2,3,4)\n$l = { (1,1), (2,2) }\n$m = monster: 'a'\n$ms = monster: { 'a', 'b' }\n$t = terrain: 'L'\n$o = object: '('\n$sel = selection: rect (1,1,2,2)\n$i = \"x\"\n$n = { 1, 2 }\n";
    NETHACK.assert(
        &shown_scopes(text),
        expect![[r#"
        scope 0
          $i integer defs[13,191] uses[] value=Some("5")
          $s string defs[20] uses[] value=Some("\"a\"")
          $c coordinate defs[29] uses[] value=Some("(1,2)")
          $r region defs[40] uses[] value=Some("(1,2,3,4)")
          $l array of coordinates defs[55] uses[] value=Some("{ (1,1), (2,2) }")
          $m monster defs[77] uses[] value=Some("monster: 'a'")
          $ms array of monsters defs[95] uses[] value=Some("monster: { 'a', 'b' }")
          $t map character defs[123] uses[] value=Some("terrain: 'L'")
          $o object defs[141] uses[] value=Some("object: '('")
          $sel selection defs[158] uses[] value=Some("selection: rect (1,1,2,2)")
          $n array of integers defs[200] uses[] value=Some("{ 1, 2 }")
    "#]],
    );
}

#[test]
fn each_level_has_its_own_variables_and_uses_are_found() {
    let text = "MAZE:\"a\",' '\n$p = { (1,1) }\nSHUFFLE: $p\nGOLD: $n, $p[$k]\nMAZE:\"b\",' '\nFOR $i = 1 TO 3 { GOLD: $i, $p[0] }\n$a = $a + 1\n";
    NETHACK.assert(
        &shown_scopes(text),
        expect![[r#"
        scope 0
          $p array of coordinates defs[13] uses[37,50] value=Some("{ (1,1) }")
          $n unknown defs[] uses[46] value=None
          $k unknown defs[] uses[53] value=None
        scope 1
          $i integer defs[74] uses[94] value=Some("1")
          $p unknown defs[] uses[98] value=None
          $a integer defs[106] uses[111] value=Some("$a + 1")
    "#]],
    );
    let doc = parse(text);
    let all = scopes(text, &doc);
    assert_eq!(variable_at(&all, 51).map(|v| v.name.as_str()), Some("$p"));
    assert_eq!(
        variable_at(&all, 99).map(|v| v.ty.clone()),
        Some(VarType::Unknown)
    );
    assert!(variable_at(&all, 30).is_none());
    let a = all[1].get("$a").unwrap();
    assert!(a.is_undefined_at(111));
    assert!(!a.is_undefined_at(119));
}
