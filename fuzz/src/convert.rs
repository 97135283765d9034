//! The converter target (`convert_nethack`): any input read as a `.des`
//! file, each level converted to NetHack 5.0 Lua. Whatever the input, the
//! converter must write Lua the game can load: no syntax error for levls's
//! Lua reader (tree-sitter-lua), and the 5.0 checker runs over it; the spans
//! it names lie in the `.des` text.

use crate::check::{reading, split};
use crate::check_range;
use levls::formats::nethack::NetHack;
use levls::formats::nethack_lua::NetHackLua;
use levls::formats::{parse, Format, Settings, SourceFile};

pub fn convert_nethack(data: &[u8]) {
    let Some((selector, rest)) = split(data) else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    let reading = reading(&NetHack, &NetHack, selector);
    let tree = parse(&NetHack, &text);
    let file = SourceFile {
        text: &text,
        tree: &tree,
        path: reading.path.as_deref(),
        settings: &reading.settings,
        memo: None,
        history: None,
        workspace: None,
    };
    for conversion in NetHack.conversions(&file, None) {
        check_range(&text, &conversion.range, "converted level");
        for (range, _) in &conversion.unconverted {
            check_range(&text, range, "construct left unconverted");
        }
        let lua = &conversion.text;
        let lua_tree = parse(&NetHackLua, lua);
        let lua_file = SourceFile {
            text: lua,
            tree: &lua_tree,
            path: None,
            settings: &Settings::NONE,
            memo: None,
            history: None,
            workspace: None,
        };
        let syntax: Vec<_> = NetHackLua
            .diagnostics(&lua_file)
            .into_iter()
            .filter(|d| d.code == "nethack-lua::syntax")
            .collect();
        assert!(
            syntax.is_empty(),
            "the conversion of {text:?} is no Lua:\n{lua}\n{syntax:#?}"
        );
    }
}
