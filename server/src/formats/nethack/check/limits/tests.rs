//! Each limit at its threshold (no diagnostic) and one past it, in the
//! dialects it applies to; the scanner's reading of the rules that decide
//! where a token ends. The thresholds are the real compilers' (see the e2e
//! test `nethack_limits`, which runs them).

use super::scanner::{Kind, Scanner};
use super::{check_343, check_36};
use crate::formats::nethack::syntax;
use crate::formats::nethack::tests::NETHACK;
use crate::formats::nethack::Dialect;
use crate::formats::{Diagnostic, SourceFile};
use expect_test::expect;

fn limits_36(file: &SourceFile, out: &mut Vec<Diagnostic>) {
    check_36(file.text, &syntax::read(file.text, file.tree), out);
}

fn limits_343(file: &SourceFile, out: &mut Vec<Diagnostic>) {
    check_343(file.text, &syntax::read(file.text, file.tree), out);
}

/// A small MAZE level both dialects accept, then `rest`.
fn maze(rest: &str) -> String {
    format!("MAZE:\"t\",' '\nGEOMETRY:center,center\nMAP\n...\n...\nENDMAP\n{rest}")
}

/// The codes and spans `pass` reports for `text`, as `start..end code`.
fn found(text: &str, pass: fn(&SourceFile, &mut Vec<Diagnostic>)) -> Vec<String> {
    let mut out = Vec::new();
    NETHACK.open(text, |file| pass(file, &mut out));
    out.iter()
        .map(|d| format!("{}..{} {}", d.range.start, d.range.end, d.code))
        .collect()
}

#[test]
fn a_comment_of_511_bytes_passes_and_of_512_aborts_3_6() {
    let comment = |n: usize| format!("#{}\n", "x".repeat(n - 2));
    assert_eq!(found(&maze(&comment(511)), limits_36), Vec::<String>::new());
    let text = maze(&comment(512));
    let at = text.find('#').unwrap();
    assert_eq!(
        found(&text, limits_36),
        [format!("{at}..{} nethack::token-too-long", at + 511)]
    );
    // 3.4.3 has no token buffer.
    assert_eq!(found(&text, limits_343), Vec::<String>::new());
}

#[test]
fn the_comment_counts_its_blanks_and_carriage_return() {
    let blanks = format!("   #{}\n", "x".repeat(507));
    assert_eq!(found(&maze(&blanks), limits_36).len(), 1, "512 with blanks");
    let crlf = format!("#{}\r\n", "x".repeat(509));
    assert_eq!(found(&maze(&crlf), limits_36).len(), 1, "512 with \\r\\n");
    let crlf = format!("#{}\r\n", "x".repeat(508));
    assert!(found(&maze(&crlf), limits_36).is_empty(), "511 with \\r\\n");
}

#[test]
fn strings_count_their_quotes_and_may_span_lines() {
    let engraving = |body: &str| maze(&format!("ENGRAVING:(1,1),engrave,\"{body}\"\n"));
    assert!(found(&engraving(&"x".repeat(509)), limits_36).is_empty());
    assert_eq!(found(&engraving(&"x".repeat(510)), limits_36).len(), 1);
    let two_lines = format!("{}\n{}", "x".repeat(300), "y".repeat(209));
    assert_eq!(found(&engraving(&two_lines), limits_36).len(), 1);
    NETHACK.check_pass_messages(
        &engraving(&"x".repeat(510)),
        limits_36,
        expect![[r##"
            7:25-7:537 nethack::token-too-long: this string is 512 bytes long with its quotes; lev_comp 3.6 copies each token into a buffer of 512 bytes, so at 512 or more it aborts (`*** buffer overflow detected ***`) and builds no level
        "##]],
    );
}

#[test]
fn numbers_words_variables_and_bracketed_chances_are_tokens_too() {
    let number = |n: usize| maze(&format!("FOUNTAIN:({}1,1)\n", "0".repeat(n - 1)));
    assert!(found(&number(511), limits_36).is_empty());
    assert_eq!(found(&number(512), limits_36).len(), 1);
    let variable = |n: usize| maze(&format!("${} = 1\n", "a".repeat(n - 1)));
    assert!(found(&variable(511), limits_36).is_empty());
    assert_eq!(found(&variable(512), limits_36).len(), 1);
    // `[`, blanks, `50%]`: one token.
    let chance = |n: usize| maze(&format!("[{}50%]: FOUNTAIN:(1,1)\n", " ".repeat(n - 5)));
    assert!(found(&chance(511), limits_36).is_empty());
    assert_eq!(found(&chance(512), limits_36).len(), 1);
    // Blanks between tokens are no token.
    let blanks = maze(&format!("FOUNTAIN:{}(1,1)\n", " ".repeat(2000)));
    assert!(found(&blanks, limits_36).is_empty());
}

#[test]
fn a_map_row_of_512_bytes_aborts_3_6() {
    let row = |n: usize| {
        format!(
            "MAZE:\"t\",' '\nGEOMETRY:center,center\nMAP\n...{}\n...\nENDMAP\n",
            "0".repeat(n - 4)
        )
    };
    assert!(found(&row(511), limits_36).is_empty());
    NETHACK.check_pass_messages(
        &row(512),
        limits_36,
        expect![[r##"
            4:1-4:512 nethack::token-too-long: this map row is 512 bytes long with its newline; lev_comp 3.6 copies each token into a buffer of 512 bytes, so at 512 or more it aborts (`*** buffer overflow detected ***`) and builds no level
        "##]],
    );
    assert!(found(&row(2000), limits_343).is_empty());
}

/// A 21-row MAP of `total` bytes: three dots and line-number digits a row.
fn map_of(total: usize) -> String {
    let rows = 21;
    let mut map = String::new();
    for i in 0..rows {
        let len = total / rows + usize::from(i < total % rows);
        map.push_str(&format!("...{}\n", "0".repeat(len - 4)));
    }
    format!("MAZE:\"t\",' '\nGEOMETRY:center,center\nMAP\n{map}ENDMAP\n")
}

#[test]
fn a_map_block_fills_4096_bytes_and_no_more() {
    for pass in [
        limits_36 as fn(&SourceFile, &mut Vec<Diagnostic>),
        limits_343,
    ] {
        assert!(found(&map_of(4096), pass).is_empty());
        assert_eq!(
            found(&map_of(4097), pass).len(),
            1,
            "one error, on the row that passes 4096"
        );
    }
    NETHACK.check_pass_messages(
        &map_of(4097),
        limits_343,
        expect![[r##"
            24:1-24:195 nethack::map-buffer-overflow: this MAP block reaches 4097 bytes with this row (each row counts its digits and its newline); lev_comp gathers a block in a buffer of 4096 bytes and writes on past its end: the map comes out garbled or lev_comp crashes, so no sound level is built
        "##]],
    );
    // A carriage return is not kept; `ENDMAP` starts the next block afresh.
    let crlf = map_of(4096).replace('\n', "\r\n");
    assert!(found(&crlf, limits_36).is_empty());
    let two = format!(
        "{}{}",
        map_of(4096),
        &map_of(4096)["MAZE:\"t\",' '\n".len()..]
    );
    assert!(found(&two, limits_36).is_empty());
}

#[test]
fn a_for_variable_holds_250_bytes_3_6() {
    let for_loop = |n: usize| {
        maze(&format!(
            "FOR ${} = 1 TO 2 {{\nFOUNTAIN:(1,1)\n}}\n",
            "a".repeat(n - 1)
        ))
    };
    assert!(found(&for_loop(250), limits_36).is_empty());
    let text = for_loop(251);
    let at = text.find('$').unwrap();
    assert_eq!(
        found(&text, limits_36),
        [format!("{at}..{} nethack::for-variable-too-long", at + 251)]
    );
    // Past the token buffer, the token error alone.
    let codes: Vec<String> = found(&for_loop(600), limits_36);
    assert_eq!(codes.len(), 1);
    assert!(codes[0].ends_with("nethack::token-too-long"), "{codes:?}");
}

#[test]
fn ten_map_parts_and_eighty_rooms_3_4_3() {
    let parts = |n: usize| {
        let part = "GEOMETRY:center,center\nMAP\n...\nENDMAP\nMONSTER:'a',random,(1,0)\n";
        format!("MAZE:\"t\",' '\n{}", part.repeat(n))
    };
    assert!(found(&parts(10), limits_343).is_empty());
    let text = parts(11);
    let at = text.match_indices("GEOMETRY").nth(10).unwrap().0;
    assert_eq!(
        found(&text, limits_343),
        [format!("{at}..{} nethack::too-many-map-parts", at + 8)]
    );
    let nomaps = format!("MAZE:\"t\",' '\n{}", "NOMAP\n".repeat(11));
    assert_eq!(found(&nomaps, limits_343).len(), 1);
    // 3.6 keeps no such table.
    assert!(found(&text, limits_36).is_empty());

    let rooms = |n: usize| {
        let room = "ROOM:\"ordinary\",random,random,random,random\n";
        format!("LEVEL:\"t\"\n{}RANDOM_CORRIDORS\n", room.repeat(n))
    };
    assert!(found(&rooms(80), limits_343).is_empty());
    NETHACK.check_pass_messages(
        &rooms(81),
        limits_343,
        expect![[r##"
            82:1-82:5 nethack::too-many-rooms: this is room 81 of this LEVEL (ROOM and SUBROOM count alike); lev_comp 3.4.3 keeps a level's rooms in a table of 80 and writes the next ones past its end: it writes no level or crashes
        "##]],
    );
}

#[test]
fn numbers_past_32_bits_wrap_with_a_warning() {
    let at = |x: &str| maze(&format!("FOUNTAIN:({x},1)\n"));
    for fits in [
        "2147483647",
        "-2147483648",
        "0000000000000000000000000000007",
    ] {
        assert!(found(&at(fits), limits_36).is_empty(), "{fits}");
        assert!(found(&at(fits), limits_343).is_empty(), "{fits}");
    }
    NETHACK.check_pass_messages(
        &maze("FOUNTAIN:(4294967297,1)\nFOUNTAIN:(2147483648,1)\nFOUNTAIN:(99999999999999999999,-4294967295)\n"),
        limits_343,
        expect![[r##"
            7:11-7:21 nethack::number-wraps: lev_comp reads `4294967297` as 1: it keeps numbers in 32 bits (C's `atoi`), and its checks and the level see 1
            8:11-8:21 nethack::number-wraps: lev_comp reads `2147483648` as -2147483648: it keeps numbers in 32 bits (C's `atoi`), and its checks and the level see -2147483648
            9:11-9:31 nethack::number-wraps: lev_comp reads `99999999999999999999` as -1: it keeps numbers in 32 bits (C's `atoi`), and its checks and the level see -1
            9:32-9:43 nethack::number-wraps: lev_comp reads `-4294967295` as 1: it keeps numbers in 32 bits (C's `atoi`), and its checks and the level see 1
        "##]],
    );
    // 3.6: dice, percentages and bracketed chances are read with atoi too;
    // digits in a word, a string or a map are no number.
    NETHACK.check_pass_messages(
        &maze("[ 4294967346% ]: FOUNTAIN:(1,1)\nLOOP [4294967298d4294967302] { FOUNTAIN:(1,1) }\nENGRAVING:(1,1),engrave,\"4294967297\"\n$a4294967297 = 4294967297%\n"),
        limits_36,
        expect![[r#"
            7:3-7:13 nethack::number-wraps: lev_comp reads `4294967346` as 50: it keeps numbers in 32 bits (C's `atoi`), and its checks and the level see 50
            8:7-8:17 nethack::number-wraps: lev_comp reads `4294967298` as 2: it keeps numbers in 32 bits (C's `atoi`), and its checks and the level see 2
            8:18-8:28 nethack::number-wraps: lev_comp reads `4294967302` as 6: it keeps numbers in 32 bits (C's `atoi`), and its checks and the level see 6
            10:3-10:13 nethack::number-wraps: lev_comp reads `4294967297` as 1: it keeps numbers in 32 bits (C's `atoi`), and its checks and the level see 1
            10:16-10:26 nethack::number-wraps: lev_comp reads `4294967297` as 1: it keeps numbers in 32 bits (C's `atoi`), and its checks and the level see 1
        "#]],
    );
}

#[test]
fn the_whole_analysis_judges_the_wrapped_value() {
    // lev_comp 3.6 accepts x = 4294967297 (it reads 1) and rejects
    // 4294967376 (80, past the level).
    let check = |x: &str| {
        NETHACK.open(&maze(&format!("FOUNTAIN:({x},1)\n")), |file| {
            let doc = syntax::read(file.text, file.tree);
            crate::formats::nethack::check::diagnostics(file.text, &doc, Dialect::V36)
                .into_iter()
                .map(|d| d.code)
                .collect::<Vec<_>>()
        })
    };
    assert_eq!(check("4294967297"), ["nethack::number-wraps"]);
    assert_eq!(
        check("4294967376"),
        ["nethack::coordinate-range", "nethack::number-wraps"]
    );
}

/// The scanner's tokens of `text`, as `kind text` (numbers with the text
/// each is read from).
fn tokens(text: &str, dialect: Dialect) -> Vec<String> {
    Scanner::new(text, 0..text.len(), dialect)
        .map(|t| {
            let kind = match &t.kind {
                Kind::Number(a, b) => {
                    let second = b
                        .as_ref()
                        .map_or(String::new(), |b| format!(",{}", &text[b.clone()]));
                    format!("Number({}{second})", &text[a.clone()])
                }
                k => format!("{k:?}"),
            };
            format!("{kind} {:?}", &text[t.span])
        })
        .collect()
}

#[test]
fn the_scanner_takes_the_longest_match_as_flex_does() {
    let text = "MAZE:\"a\nb\" 2d6 -5 +7 5% random[ x-1 'a' '\\'' $v_w\n  # c\nMAP\n..x\n\t..\n# ..\n#c\nENDMAPS\nENDMAP\n";
    expect![[r##"
        Other "MAZE"
        Other ":"
        String "\"a\nb\""
        Number(2,6) "2d6"
        Number(-5) "-5"
        Number(+7) "+7"
        Number(5) "5%"
        Other "random["
        Other "x-1"
        Other "'a'"
        Other "'\\''"
        Other "$v_w"
        Comment "  # c\n"
        MapStart "MAP\n"
        MapRow "..x\n"
        MapRow "..\n"
        MapRow "# ..\n"
        Comment "#c\n"
        Other "ENDMAPS"
        MapRow "\n"
        MapEnd "ENDMAP"
    "##]]
    .assert_eq(&(tokens(text, Dialect::V36).join("\n") + "\n"));
    // 3.4.3: no `x` in maps, no blanks before a comment, no words: letters
    // then a number.
    let text = "x-1 abc12\n  # c\nMAP\n..x\nENDMAPS\n";
    expect![[r##"
        Other "x"
        Number(-1) "-1"
        Other "abc"
        Number(12) "12"
        Other "#"
        Other "c"
        MapStart "MAP\n"
        Other "."
        Other "."
        Other "x"
        MapRow "\n"
        MapEnd "ENDMAP"
        Other "S"
    "##]]
    .assert_eq(&(tokens(text, Dialect::V343).join("\n") + "\n"));
}

#[test]
fn a_level_read_on_its_own_finds_what_the_whole_file_finds() {
    use crate::formats::nethack::check::incremental::{diagnostics, Cache};
    use crate::formats::nethack::NetHack;
    use crate::formats::Format;
    let long = format!("#{}\n", "x".repeat(600));
    let level = |name: &str, rest: &str| maze(rest).replace("\"t\"", &format!("\"{name}\""));
    for dialect in ["3.6", "3.4.3"] {
        let text = format!(
            "# levls: dialect {dialect}\n{long}{}{}{}",
            level("a", &long),
            level("b", "FOUNTAIN:(4294967297,1)\n"),
            map_of(4097).replace("\"t\"", "\"c\"")
        );
        let mut cache = Cache::default();
        for version in [
            text.clone(),
            text.replace("(4294967297,1)", "(4294967298,1)"),
        ] {
            NETHACK.open(&version, |file| {
                let (parts, _) = diagnostics(file, &mut cache);
                let whole = NetHack.diagnostics(file);
                let codes = |list: &[Diagnostic]| {
                    list.iter()
                        .map(|d| format!("{:?} {}", d.range, d.code))
                        .collect::<Vec<_>>()
                };
                assert_eq!(codes(&parts), codes(&whole), "{dialect}");
                let limits: Vec<&str> = whole
                    .iter()
                    .map(|d| d.code)
                    .filter(|c| {
                        ["token-too-long", "number-wraps", "map-buffer-overflow"]
                            .iter()
                            .any(|l| c.ends_with(l))
                    })
                    .collect();
                let wanted: &[&str] = if dialect == "3.6" {
                    &[
                        "nethack::token-too-long",
                        "nethack::token-too-long",
                        "nethack::number-wraps",
                        "nethack::map-buffer-overflow",
                    ]
                } else {
                    &["nethack::number-wraps", "nethack::map-buffer-overflow"]
                };
                assert_eq!(limits, wanted, "{dialect}");
            });
        }
    }
}
