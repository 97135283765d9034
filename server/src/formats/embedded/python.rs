//! The level texts inside Python source, found with tree-sitter-python:
//! string literals passed as `des_file=`, assigned to a level's name
//! (`des_file`, `*_des`, `LEVEL`), or whose text is a level (a format's
//! `sniff`, after blank lines and indentation). Each is decoded as Python
//! reads it (escapes, raw strings, f-strings, adjacent literals), keeping
//! where every byte was written.

use super::offsets::{Embedded, Origin};
use tree_sitter::Node;

/// What an f-string's `{expr}` becomes in the level text: one character, so
/// a line keeps its shape; what is said about it is dropped.
pub const PLACEHOLDER: &str = "0";

/// The level texts of `source`, in file order: those bound to a level's
/// name (and spanning lines: a one-line `des_file="x.des"` is a path), and
/// those `is_level` recognises.
pub fn levels(source: &str, is_level: impl Fn(&str) -> bool) -> Vec<Embedded> {
    parse(source).map_or_else(Vec::new, |tree| levels_in(source, &tree, is_level))
}

/// `source` parsed with tree-sitter-python.
pub fn parse(source: &str) -> Option<tree_sitter::Tree> {
    let mut parser = tree_sitter::Parser::new();
    parser
        .set_language(&language())
        .expect("grammar ABI matches tree-sitter");
    parser.parse(source, None)
}

/// tree-sitter-python.
pub fn language() -> tree_sitter::Language {
    tree_sitter_python::LANGUAGE.into()
}

/// [`levels`] of `source` already parsed (an open document's tree).
pub fn levels_in(
    source: &str,
    tree: &tree_sitter::Tree,
    is_level: impl Fn(&str) -> bool,
) -> Vec<Embedded> {
    // One cursor over the tree, keeping the ancestors of where it is:
    // `Node::parent` walks down from the root, which in a large module costs
    // as much as the module's top-level statements. Code without a quote
    // holds no string: it is stepped over, not walked.
    let bytes = source.as_bytes();
    let quoted = |node: Node| {
        bytes[node.byte_range()]
            .iter()
            .any(|&b| b == b'"' || b == b'\'')
    };
    let mut found = Vec::new();
    let mut cursor = tree.walk();
    let mut ancestors: Vec<Node> = Vec::new();
    loop {
        let node = cursor.node();
        if matches!(node.kind(), "string" | "concatenated_string") {
            found.extend(level_at(source, node, &ancestors, &is_level));
        } else if quoted(node) && cursor.goto_first_child() {
            ancestors.push(node);
            continue;
        }
        while !cursor.goto_next_sibling() {
            if !cursor.goto_parent() {
                return found;
            }
            ancestors.pop();
        }
    }
}

/// The level a string literal holds, if it is one: a literal under
/// `ancestors` (its parent last).
fn level_at(
    source: &str,
    node: Node,
    ancestors: &[Node],
    is_level: impl Fn(&str) -> bool,
) -> Option<Embedded> {
    if is_template(source, node, ancestors.last().copied()) {
        return None;
    }
    let level = decode_literal(source, node)?;
    let named = level.text.contains('\n') && bound_to_level_name(source, node, ancestors);
    (named || is_level(&level.text)).then_some(level)
}

/// Does the Python source import MiniHack (`import minihack`, `import
/// minihack.envs as e`, `from minihack import …`, `from minihack.x import …`)?
/// Its levels are then played by MiniHack.
pub fn imports_minihack(source: &str) -> bool {
    let mut parser = tree_sitter::Parser::new();
    parser
        .set_language(&tree_sitter_python::LANGUAGE.into())
        .expect("grammar ABI matches tree-sitter");
    parser
        .parse(source, None)
        .is_some_and(|tree| tree_imports_minihack(source, &tree))
}

/// [`imports_minihack`] on a tree already parsed (an open document's).
pub fn tree_imports_minihack(source: &str, tree: &tree_sitter::Tree) -> bool {
    let is_minihack = |module: Node| {
        let name = &source[module.byte_range()];
        name.split('.').next().map(str::trim) == Some("minihack")
    };
    let mut stack = vec![tree.root_node()];
    while let Some(node) = stack.pop() {
        let modules: Vec<Node> = match node.kind() {
            "import_statement" => {
                let mut cursor = node.walk();
                node.children_by_field_name("name", &mut cursor)
                    .map(|n| n.child_by_field_name("name").unwrap_or(n))
                    .collect()
            }
            "import_from_statement" => node
                .child_by_field_name("module_name")
                .into_iter()
                .collect(),
            _ => {
                let mut cursor = node.walk();
                stack.extend(node.children(&mut cursor));
                continue;
            }
        };
        if modules.into_iter().any(is_minihack) {
            return true;
        }
    }
    false
}

/// A level's name: `des_file` (MiniHack's argument), `*_des`, `LEVEL`.
fn is_level_name(name: &str) -> bool {
    let name = name.to_ascii_lowercase();
    name.contains("des_file") || name.ends_with("_des") || name == "des" || name == "level"
}

/// Is the literal (through parentheses) a `des_file=` argument or the value
/// assigned to a level's name (`x`, `self.x`, `x: str`)?
fn bound_to_level_name(source: &str, node: Node, ancestors: &[Node]) -> bool {
    let mut value = node;
    let mut above = ancestors.iter().rev();
    let mut parent = above.next();
    while let Some(p) = parent.filter(|p| p.kind() == "parenthesized_expression") {
        value = *p;
        parent = above.next();
    }
    let Some(parent) = parent else {
        return false;
    };
    let name = match parent.kind() {
        "keyword_argument" if parent.child_by_field_name("value") == Some(value) => {
            parent.child_by_field_name("name")
        }
        "assignment" if parent.child_by_field_name("right") == Some(value) => parent
            .child_by_field_name("left")
            .map(|left| left.child_by_field_name("attribute").unwrap_or(left)),
        _ => None,
    };
    name.filter(|n| n.kind() == "identifier")
        .is_some_and(|n| is_level_name(&source[n.byte_range()]))
}

/// A template filled in at run time (`"…{x}…".format(x=…)`, `"…%s…" % x`):
/// its text is not the level, so it is left alone.
fn is_template(source: &str, node: Node, parent: Option<Node>) -> bool {
    let Some(parent) = parent else {
        return false;
    };
    match parent.kind() {
        "attribute" => {
            parent.child_by_field_name("object") == Some(node)
                && parent
                    .child_by_field_name("attribute")
                    .is_some_and(|a| &source[a.byte_range()] == "format")
        }
        "binary_operator" => {
            parent.child_by_field_name("left") == Some(node)
                && parent
                    .child_by_field_name("operator")
                    .is_some_and(|o| o.kind() == "%")
        }
        _ => false,
    }
}

/// The text of a literal or of adjacent literals (`"a" "b"`), as Python
/// reads it; None for bytes (not a level MiniHack takes) or a literal the
/// parser could not finish.
pub fn decode_literal(source: &str, node: Node) -> Option<Embedded> {
    let mut level = Embedded::default();
    if node.kind() == "concatenated_string" {
        let mut cursor = node.walk();
        for part in node.named_children(&mut cursor) {
            if part.kind() == "string" {
                decode_string(source, part, &mut level)?;
            }
        }
    } else {
        decode_string(source, node, &mut level)?;
    }
    Some(level)
}

/// Append one string literal's text to `level`.
fn decode_string(source: &str, node: Node, level: &mut Embedded) -> Option<()> {
    let mut cursor = node.walk();
    let children: Vec<Node> = node.children(&mut cursor).collect();
    let start = children.iter().find(|c| c.kind() == "string_start")?;
    let end = children.iter().rfind(|c| c.kind() == "string_end")?;
    let opening = &source[start.byte_range()];
    let prefix = opening.trim_end_matches(['"', '\'']).to_ascii_lowercase();
    if prefix.contains('b') || prefix.contains('t') {
        return None;
    }
    let raw = prefix.contains('r');
    let formatted = prefix.contains('f');
    let quote = &opening[prefix.len()..];
    let mut special = vec!['\\', quote.chars().next()?];
    if quote.len() == 1 {
        special.extend(['\n', '\r']);
    }
    if formatted {
        special.extend(['{', '}']);
    }
    level.escape_in_host(&special);
    let interpolations: Vec<std::ops::Range<usize>> = children
        .iter()
        .filter(|c| c.kind() == "interpolation")
        .map(|c| c.byte_range())
        .collect();
    let content = start.end_byte()..end.start_byte();
    let bytes = source.as_bytes();
    let mut i = content.start;
    let mut verbatim = i;
    let flush = |level: &mut Embedded, from: usize, to: usize| {
        level.push(&source[from..to], from..to, Origin::Verbatim);
    };
    while i < content.end {
        if let Some(expr) = interpolations.iter().find(|r| r.start == i) {
            flush(level, verbatim, i);
            level.push(PLACEHOLDER, expr.clone(), Origin::Placeholder);
            i = expr.end;
            verbatim = i;
            continue;
        }
        let b = bytes[i];
        if formatted && (b == b'{' || b == b'}') && bytes.get(i + 1) == Some(&b) {
            flush(level, verbatim, i);
            level.push(&source[i..i + 1], i..i + 2, Origin::Escape);
            i += 2;
            verbatim = i;
            continue;
        }
        if b == b'\\' && !raw {
            if let Some((text, len, origin)) = escape(&source[i..content.end]) {
                flush(level, verbatim, i);
                level.push(&text, i..i + len, origin);
                i += len;
                verbatim = i;
                continue;
            }
        }
        i += 1;
    }
    flush(level, verbatim, content.end);
    Some(())
}

/// The escape sequence at the start of `rest` (which starts with `\`): what
/// it means, how long it is, and whether its meaning is known. None: Python
/// keeps the backslash (`\d`).
fn escape(rest: &str) -> Option<(String, usize, Origin)> {
    let mut chars = rest[1..].chars();
    let c = chars.next()?;
    let simple = match c {
        '\n' => Some(""),
        '\\' => Some("\\"),
        '\'' => Some("'"),
        '"' => Some("\""),
        'n' => Some("\n"),
        't' => Some("\t"),
        'r' => Some("\r"),
        'a' => Some("\x07"),
        'b' => Some("\x08"),
        'f' => Some("\x0c"),
        'v' => Some("\x0b"),
        _ => None,
    };
    if let Some(text) = simple {
        return Some((text.to_string(), 1 + c.len_utf8(), Origin::Escape));
    }
    if rest[1..].starts_with("\r\n") {
        return Some((String::new(), 3, Origin::Escape));
    }
    let digits = |radix: u32, max: usize, skip: usize| {
        let n = rest[1 + skip..]
            .chars()
            .take(max)
            .take_while(|c| c.is_digit(radix))
            .count();
        let value = u32::from_str_radix(&rest[1 + skip..1 + skip + n], radix).ok();
        (n, value.and_then(char::from_u32))
    };
    let (len, decoded) = match c {
        '0'..='7' => {
            let (n, ch) = digits(8, 3, 0);
            (1 + n, ch)
        }
        'x' | 'u' | 'U' => {
            let want = match c {
                'x' => 2,
                'u' => 4,
                _ => 8,
            };
            let (n, ch) = digits(16, want, 1);
            if n != want {
                return None;
            }
            (2 + n, ch)
        }
        // `\N{name}`: a character named in Unicode's table, not known here.
        'N' if rest[2..].starts_with('{') => {
            let close = rest.find('}')?;
            return Some(("?".to_string(), close + 1, Origin::Placeholder));
        }
        _ => return None,
    };
    let ch = decoded?;
    Some((ch.to_string(), len, Origin::Escape))
}

#[cfg(test)]
mod tests;
