use super::*;
use expect_test::{expect, Expect};

/// Each level found, as its text; NetHack's level headers recognise levels
/// by content here as in the checker.
fn found(source: &str) -> Vec<String> {
    levels(source, |t| {
        let first = t.trim_start();
        first.starts_with("MAZE:") || first.starts_with("LEVEL:")
    })
    .into_iter()
    .map(|l| l.text)
    .collect()
}

fn check_found(source: &str, expect: Expect) {
    expect.assert_debug_eq(&found(source));
}

#[test]
fn a_des_file_argument_and_level_names_are_levels() {
    check_found(
        r#"
env = gym.make("MiniHack-Navigation-Custom-v0", des_file="""
MAP
...
ENDMAP
""")
class Env:
    def __init__(self):
        self.des_file = """
            FLAGS: premapped
        """
room_des = '''
ROOM: "ordinary", lit
'''
LEVEL = "GEOMETRY:center,center\nMAP\n"
des_file_static_lv1 = """
STAIR: (1,1), down
"""
notes = """
just a multi-line
docstring
"""
"#,
        expect![[r#"
            [
                "\nMAP\n...\nENDMAP\n",
                "\n            FLAGS: premapped\n        ",
                "\nROOM: \"ordinary\", lit\n",
                "GEOMETRY:center,center\nMAP\n",
                "\nSTAIR: (1,1), down\n",
            ]
        "#]],
    );
}

#[test]
fn a_one_line_des_file_is_a_path_and_other_strings_need_a_header() {
    check_found(
        r#"
make(des_file="mylevel.des")
path_des = "levels/x.des"
first = """
  MAZE: "mylevel", ' '
"""
print("LEVEL: not one either, no newline needed")
"#,
        expect![[r#"
            [
                "\n  MAZE: \"mylevel\", ' '\n",
                "LEVEL: not one either, no newline needed",
            ]
        "#]],
    );
}

#[test]
fn templates_and_bytes_are_skipped() {
    check_found(
        r#"
des_file = """
MAZE: "{name}", ' '
""".format(name="x")
des_file = """
MAZE: "%s", ' '
""" % name
des_file = b"""
MAZE: "x", ' '
"""
"#,
        expect![[r#"
            []
        "#]],
    );
}

#[test]
fn escapes_are_decoded_and_offsets_map_back_to_their_spelling() {
    let source =
        "des_file = \"MAZE: \\\"x\\\", ' '\\nMONSTER: 'D', \\\"red dragn\\\", random\\n\"\n";
    let level = levels(source, |_| false).remove(0);
    assert_eq!(
        level.text,
        "MAZE: \"x\", ' '\nMONSTER: 'D', \"red dragn\", random\n"
    );
    let name = level.text.find("red dragn").unwrap();
    let host = level.host_range(&(name..name + "red dragn".len()));
    assert_eq!(&source[host], "red dragn");
    let quote = level.text.find("\"red").unwrap();
    assert_eq!(&source[level.host_range(&(quote..quote + 1))], "\\\"");
}

#[test]
fn raw_strings_keep_their_backslashes_and_line_continuations_vanish() {
    check_found(
        "des_file = r\"\"\"\nMESSAGE: \"a\\nb\"\n\"\"\"\nLEVEL = \"\"\"MAZE: \"x\", ' '\\\nFLAGS: noteleport\n\"\"\"\n",
        expect![[r#"
            [
                "\nMESSAGE: \"a\\nb\"\n",
                "MAZE: \"x\", ' 'FLAGS: noteleport\n",
            ]
        "#]],
    );
}

#[test]
fn f_strings_undouble_braces_and_stand_a_placeholder_for_each_expression() {
    let source = "des_file = f\"\"\"\nMAZE: \"{name}\", ' '\nMESSAGE: \"{{x}}\"\nMONSTER: ('D', \"{monster!r:>5}\"), (1,1)\n\"\"\"\n";
    let level = levels(source, |_| false).remove(0);
    assert_eq!(
        level.text,
        "\nMAZE: \"0\", ' '\nMESSAGE: \"{x}\"\nMONSTER: ('D', \"0\"), (1,1)\n"
    );
    let first = level.text.find('0').unwrap();
    assert!(level.touches(&(first..first + 1), Origin::Placeholder));
    assert_eq!(&source[level.host_range(&(first..first + 1))], "{name}");
    let brace = level.text.find("{x}").unwrap();
    assert_eq!(&source[level.host_range(&(brace..brace + 3))], "{{x}}");
    assert!(!level.touches(&(brace..brace + 3), Origin::Placeholder));
}

#[test]
fn adjacent_literals_are_one_level() {
    let source =
        "LEVEL = (\"MAZE: \\\"x\\\", ' '\\n\"\n         'MAP\\n'\n         r\"..\\.\" \"\\n\")\n";
    let level = levels(source, |_| false).remove(0);
    assert_eq!(level.text, "MAZE: \"x\", ' '\nMAP\n..\\.\n");
    let map = level.text.find("MAP").unwrap();
    assert_eq!(&source[level.host_range(&(map..map + 3))], "MAP");
    let row = level.text.find("..").unwrap();
    assert_eq!(&source[level.host_range(&(row..row + 4))], "..\\.");
}
