use super::*;

/// A table of `entries` monsters, with a block comment amid it holding an
/// entry-like line and a string with spaces and commas.
fn table(entries: usize) -> String {
    let mut text = String::from("#include \"hack.h\"\nstruct permonst mons[] = {\n");
    for i in 0..entries {
        if i == entries / 3 {
            text.push_str("/* an old one:\n    MON(\"gone, long ago\", S_ANT),\n*/\n");
        }
        text.push_str(&format!(
            "    MON(\"giant ant {i}\", S_ANT, LVL(2, 18, 3, 0, 0), (G_GENO | G_SGROUP | 3),\n        A(ATTK(AT_BITE, AD_PHYS, 1, 4), NO_ATTK)),\n"
        ));
    }
    text.push_str(
        "    MON(\"\", 0, LVL(0, 0, 0, 0, 0), 0, A(NO_ATTK))\n};\nvoid monst_init() { return; }\n",
    );
    text
}

#[test]
fn a_large_table_lexed_in_pieces_gives_the_tokens_of_the_whole() {
    let text = table(3000);
    let cuts = cuts(&text);
    assert!(cuts.len() > 4, "{} pieces", cuts.len() - 1);
    assert_eq!(tokens(&text), tokens_of(&text));
}

#[test]
fn a_small_text_is_one_piece() {
    assert_eq!(cuts(&table(10)).len(), 2);
}
