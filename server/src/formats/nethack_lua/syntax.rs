//! A Lua level as the checks see it: every `des.<name>(…)` call, wherever it
//! stands (a room's `contents` function holds more), with its arguments —
//! literal values and table constructors with their keys — and the places
//! the Lua grammar could not read.

use std::ops::Range;
use tree_sitter::Node;

/// A literal the checks can read, or an expression they leave alone.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// The string's text as Lua reads it (a long string's first line break
    /// dropped; escapes of short strings left as written), and the range of
    /// that text.
    String {
        text: String,
        inner: Range<usize>,
    },
    Number(f64),
    Bool(bool),
    Nil,
    Table(Table),
    Function,
    /// Anything computed: a variable, a call, an operation.
    Other,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Arg {
    pub value: Value,
    pub range: Range<usize>,
}

/// A table constructor: its `key = value` fields and its positional ones.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Table {
    pub keyed: Vec<Field>,
    pub positional: Vec<Arg>,
    pub range: Range<usize>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Field {
    pub key: String,
    pub key_range: Range<usize>,
    pub value: Arg,
}

impl Table {
    pub fn get(&self, key: &str) -> Option<&Arg> {
        self.keyed.iter().find(|f| f.key == key).map(|f| &f.value)
    }
}

/// `des.<function>(args)`.
#[derive(Clone, Debug, PartialEq)]
pub struct Call {
    pub function: String,
    /// The function's name after `des.`.
    pub function_range: Range<usize>,
    pub args: Vec<Arg>,
    /// The arguments with their parentheses (or the lone table / string).
    pub args_range: Range<usize>,
    pub range: Range<usize>,
}

impl Call {
    /// Its table argument, when it is called with one table.
    pub fn table(&self) -> Option<&Table> {
        match &self.args[..] {
            [Arg {
                value: Value::Table(table),
                ..
            }] => Some(table),
            _ => None,
        }
    }
}

#[derive(Debug, Default)]
pub struct Level {
    pub calls: Vec<Call>,
    /// Where the Lua grammar found no statement or missed a token: an
    /// ERROR node's range, or a MISSING token's place and what it is.
    pub syntax_errors: Vec<(Range<usize>, Option<String>)>,
}

pub fn read(text: &str, tree: &tree_sitter::Tree) -> Level {
    let mut level = Level::default();
    let mut cursor = tree.walk();
    let mut stack = vec![tree.root_node()];
    while let Some(node) = stack.pop() {
        if node.is_error() {
            level.syntax_errors.push((node.byte_range(), None));
            continue;
        }
        if node.is_missing() {
            level
                .syntax_errors
                .push((node.byte_range(), Some(node.kind().to_string())));
            continue;
        }
        if node.kind() == "function_call" {
            if let Some(call) = call(text, node) {
                level.calls.push(call);
            }
        }
        if node.child_count() > 0 {
            let children: Vec<Node> = node.children(&mut cursor).collect();
            stack.extend(children.into_iter().rev());
        }
    }
    level.calls.sort_by_key(|c| c.range.start);
    level
}

fn call(text: &str, node: Node) -> Option<Call> {
    let name = node.child_by_field_name("name")?;
    if name.kind() != "dot_index_expression" {
        return None;
    }
    let table = name.child_by_field_name("table")?;
    let field = name.child_by_field_name("field")?;
    if &text[table.byte_range()] != "des" {
        return None;
    }
    let arguments = node.child_by_field_name("arguments")?;
    let args = if arguments.kind() == "arguments" {
        let mut cursor = arguments.walk();
        arguments
            .named_children(&mut cursor)
            .filter(|n| n.kind() != "comment")
            .map(|n| arg(text, n))
            .collect()
    } else {
        // `des.map [[…]]`, `des.room { … }`: one string or table, no parentheses.
        vec![arg(text, arguments)]
    };
    Some(Call {
        function: text[field.byte_range()].to_string(),
        function_range: field.byte_range(),
        args,
        args_range: arguments.byte_range(),
        range: node.byte_range(),
    })
}

fn arg(text: &str, node: Node) -> Arg {
    Arg {
        value: value(text, node),
        range: node.byte_range(),
    }
}

pub(crate) fn value(text: &str, node: Node) -> Value {
    match node.kind() {
        "string" => string(text, node),
        "number" => text[node.byte_range()]
            .parse()
            .map_or(Value::Other, Value::Number),
        "true" => Value::Bool(true),
        "false" => Value::Bool(false),
        "nil" => Value::Nil,
        "table_constructor" => Value::Table(table(text, node)),
        "function_definition" => Value::Function,
        "parenthesized_expression" => node
            .named_child(0)
            .map_or(Value::Other, |inner| value(text, inner)),
        "unary_expression" if text[node.byte_range()].starts_with('-') => {
            match node.named_child(0).map(|n| value(text, n)) {
                Some(Value::Number(n)) => Value::Number(-n),
                _ => Value::Other,
            }
        }
        _ => Value::Other,
    }
}

fn string(text: &str, node: Node) -> Value {
    let written = &text[node.byte_range()];
    let (start, end) = match node.child_by_field_name("content") {
        Some(content) => (content.start_byte(), content.end_byte()),
        // An empty string has no content node: just after its opening
        // delimiter (`"`, `'`, `[[`, `[==[`).
        None => {
            let open = match written.strip_prefix('[') {
                Some(rest) => rest.find('[').map_or(1, |i| i + 2),
                None => 1,
            };
            (node.start_byte() + open, node.start_byte() + open)
        }
    };
    let mut inner = start..end;
    // A long string drops a line break right after its opening bracket.
    if written.starts_with('[') {
        if text[inner.clone()].starts_with("\r\n") {
            inner.start += 2;
        } else if text[inner.clone()].starts_with('\n') {
            inner.start += 1;
        }
    }
    Value::String {
        text: text[inner.clone()].to_string(),
        inner,
    }
}

fn table(text: &str, node: Node) -> Table {
    let mut table = Table {
        range: node.byte_range(),
        ..Default::default()
    };
    let mut cursor = node.walk();
    for field in node.named_children(&mut cursor) {
        if field.kind() != "field" {
            continue;
        }
        let Some(written) = field.child_by_field_name("value") else {
            continue;
        };
        match field.child_by_field_name("name") {
            Some(name) if name.kind() == "identifier" => table.keyed.push(Field {
                key: text[name.byte_range()].to_string(),
                key_range: name.byte_range(),
                value: arg(text, written),
            }),
            // `["key"] = value`: a key the checks can read too.
            Some(name) => {
                if let Value::String { text: key, inner } = value(text, name) {
                    table.keyed.push(Field {
                        key,
                        key_range: inner,
                        value: arg(text, written),
                    });
                }
            }
            None => table.positional.push(arg(text, written)),
        }
    }
    table
}
