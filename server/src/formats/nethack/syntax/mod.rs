//! A typed view of a `.des` file, read from the tree-sitter tree: levels,
//! their statements with typed argument values, and MAP blocks with their
//! rows. Nothing here judges the file; [`super::check`] does.
//!
//! - [`model`]: what the statements make together: the map parts of a MAZE,
//!   the rooms of a LEVEL, the RANDOM_* lists in force;
//! - [`scope`]: 3.6 `$variables` of each level: definitions, uses, types;
//! - [`point_variables`]: where 3.6 point variables land (for pictures).

pub mod model;
pub mod point_variables;
pub mod scope;

use crate::formats::nethack::names::{lexicon, vocabulary};
use std::ops::Range;
use tree_sitter::Node;

pub type Span = Range<usize>;

#[derive(Clone, Debug, Default)]
pub struct Document {
    /// Statements and maps before the first `MAZE:`/`LEVEL:` (lev_comp rejects them).
    pub prelude: Vec<Item>,
    pub levels: Vec<Level>,
    /// What the grammar could not read: ERROR nodes, and tokens it had to
    /// assume (`missing` names them).
    pub syntax_errors: Vec<SyntaxError>,
    /// `#` comments that do not start in column 1.
    pub stray_comments: Vec<Span>,
    /// Column-1 comments, each without its line break.
    pub comments: Vec<Span>,
    /// A comment on the last line with no line break after it.
    pub unterminated_comment: Option<Span>,
    /// A MAP comes before this document's text in the file: set when an open
    /// file's levels are read one by one (3.4.3's NOMAP crash looks back
    /// across levels).
    pub map_before: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    pub span: Span,
    /// The token the parser had to assume (`ENDMAP`, `)`), for a missing one.
    pub missing: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LevelKind {
    /// `MAZE:` — maps, fixed parts.
    Maze,
    /// `LEVEL:` — rooms and corridors.
    Room,
}

#[derive(Clone, Debug)]
pub struct Level {
    pub kind: LevelKind,
    pub header: Statement,
    /// Everything after the header, in file order.
    pub items: Vec<Item>,
    /// From the header to the end of the last item.
    pub span: Span,
}

impl Level {
    /// The level's name: the header's first argument, when it is a string.
    pub fn name(&self) -> Option<(&str, Span)> {
        match self.header.args.first() {
            Some(Value {
                kind: ValueKind::String(s),
                span,
            }) => Some((s.as_str(), span.clone())),
            _ => None,
        }
    }

    pub fn statements(&self) -> impl Iterator<Item = &Statement> {
        self.items.iter().filter_map(Item::statement)
    }

    pub fn maps(&self) -> impl Iterator<Item = &MapBlock> {
        self.items.iter().filter_map(Item::map)
    }
}

#[derive(Clone, Debug)]
pub enum Item {
    Statement(Statement),
    Map(MapBlock),
    /// 3.6: `$name = value`.
    Assignment(Assignment),
    /// 3.6: `FOR $i = a TO b { … }`.
    For(ForLoop),
    /// 3.6: `[50%]: statement`, `[$x > 1]: statement`.
    Chance(ChanceItem),
    /// 3.6: `CASE n:` or `DEFAULT:` in a SWITCH block.
    Label(SwitchLabel),
    /// UnNetHack: `name(…)`, a call of a `FUNCTION name(…) { … }` (which is
    /// a statement whose one argument is its name and parameters as a call).
    Call(FunctionCall),
}

impl Item {
    pub fn span(&self) -> Span {
        match self {
            Item::Statement(s) => s.span.clone(),
            Item::Map(m) => m.span.clone(),
            Item::Assignment(a) => a.span.clone(),
            Item::For(f) => f.span.clone(),
            Item::Chance(c) => c.span.clone(),
            Item::Label(l) => l.span.clone(),
            Item::Call(c) => c.span.clone(),
        }
    }
    pub fn statement(&self) -> Option<&Statement> {
        match self {
            Item::Statement(s) => Some(s),
            _ => None,
        }
    }
    pub fn map(&self) -> Option<&MapBlock> {
        match self {
            Item::Map(m) => Some(m),
            _ => None,
        }
    }
    /// The items directly inside this one: a statement's `{ … }` body, a FOR
    /// loop's body, the statement behind a `[n%]:`.
    pub fn children(&self) -> Vec<&Item> {
        match self {
            Item::Statement(s) => s.body.iter().flat_map(|b| b.items.iter()).collect(),
            Item::For(f) => f.body.items.iter().collect(),
            Item::Chance(c) => vec![&*c.item],
            _ => Vec::new(),
        }
    }
    /// This item and every item nested in it, depth first, in file order.
    pub fn walk(&self) -> Vec<&Item> {
        let mut out = vec![self];
        for child in self.children() {
            out.extend(child.walk());
        }
        out
    }
}

/// `KEYWORD [n%] [: value, value, …]`, and in 3.6 `KEYWORD [cond] … { … }`.
#[derive(Clone, Debug)]
pub struct Statement {
    /// As written (`MONSTER`, `Monster`, `MAP`).
    pub keyword: String,
    pub keyword_span: Span,
    pub chance: Option<Chance>,
    /// 3.6: `IF [$x > 1]`, `LOOP [3]`, `SWITCH [2d4]` (a `[50%]` is `chance`).
    pub condition: Option<Box<Value>>,
    /// The `:`, when written.
    pub colon: Option<Span>,
    pub args: Vec<Value>,
    /// 3.6: the `{ … }` after the statement.
    pub body: Option<Block>,
    pub span: Span,
}

/// 3.6: `{ items }`.
#[derive(Clone, Debug)]
pub struct Block {
    pub span: Span,
    pub items: Vec<Item>,
}

/// 3.6: `$name = value`.
#[derive(Clone, Debug)]
pub struct Assignment {
    /// A [`ValueKind::Variable`].
    pub variable: Value,
    pub value: Option<Value>,
    /// The values after a comma: a selection's `line (1,1),(5,5)` ends
    /// after its first coordinate.
    pub rest: Vec<Value>,
    pub span: Span,
}

/// 3.6: `FOR $i = from TO to { … }`.
#[derive(Clone, Debug)]
pub struct ForLoop {
    pub keyword_span: Span,
    pub variable: Value,
    pub from: Option<Value>,
    pub to: Option<Value>,
    pub body: Block,
    pub span: Span,
}

/// UnNetHack: `name(args)`, a FUNCTION's call.
#[derive(Clone, Debug)]
pub struct FunctionCall {
    pub name: String,
    pub name_span: Span,
    pub args: Vec<Value>,
    pub span: Span,
}

/// 3.6: `[50%]: item` or `[cond]: item`.
#[derive(Clone, Debug)]
pub struct ChanceItem {
    pub chance: Option<Chance>,
    pub condition: Option<Box<Value>>,
    pub item: Box<Item>,
    pub span: Span,
}

/// 3.6: `CASE n:` / `DEFAULT:`.
#[derive(Clone, Debug)]
pub struct SwitchLabel {
    pub keyword: String,
    pub keyword_span: Span,
    pub value: Option<Value>,
    pub span: Span,
}

/// The `[n%]` prefix.
#[derive(Clone, Debug)]
pub struct Chance {
    pub span: Span,
    pub percent: i64,
}

#[derive(Clone, Debug)]
pub struct Value {
    pub span: Span,
    pub kind: ValueKind,
}

#[derive(Clone, Debug)]
pub enum ValueKind {
    /// The text between the quotes (no escapes; may hold line breaks).
    String(String),
    /// `'x'` → `x`; `'\x'` → `x`.
    Char(char),
    /// As lev_comp reads it: cut to 32 bits ([`atoi`]).
    Integer(i64),
    /// A lowercase value word (`random`, `half-left`), or any other word.
    Word(String),
    /// `(a, b, …)`.
    Tuple(Vec<Value>),
    /// `place[0]`.
    Register {
        name: String,
        name_span: Span,
        index: i64,
        index_span: Span,
    },
    /// `levregion(x1,y1,x2,y2)`.
    Call {
        name: String,
        name_span: Span,
        args: Vec<Value>,
        /// UnNetHack's `line (1,1)-(5,5)`: the `-` before the second
        /// coordinate, which the model moves after the call as vanilla's
        /// `line (1,1),(5,5)` has it ([`split_dash_line`]).
        dash: Option<Span>,
    },
    /// `m_feature "fountain"`.
    Tagged {
        name: String,
        name_span: Span,
        text: String,
        text_span: Span,
    },
    /// 3.6: `$place`, `$place[0]`.
    Variable {
        /// With its `$`.
        name: String,
        name_span: Span,
        index: Option<Box<Value>>,
    },
    /// 3.6: `{ a, b }`.
    List(Vec<Value>),
    /// 3.6: `montype: 'C'`, `selection: rect (…)`.
    Keyed {
        key: String,
        key_span: Span,
        value: Box<Value>,
    },
    /// 3.6: `a + b`, `"a" . "b"`, `$x == 1`, `sel & sel`, `dry|wet`.
    Binary {
        operator: String,
        operator_span: Span,
        left: Box<Value>,
        right: Box<Value>,
    },
    /// 3.6: `"zoo"[40%]`.
    Weighted { value: Box<Value>, chance: Chance },
    /// 3.6: `2d6`.
    Dice { count: i64, sides: i64 },
    /// 3.6: `10%`.
    Percent(i64),
}

impl Value {
    pub fn word(&self) -> Option<&str> {
        match &self.kind {
            ValueKind::Word(w) => Some(w),
            _ => None,
        }
    }
    pub fn integer(&self) -> Option<i64> {
        match self.kind {
            ValueKind::Integer(n) => Some(n),
            _ => None,
        }
    }
    pub fn string(&self) -> Option<&str> {
        match &self.kind {
            ValueKind::String(s) => Some(s),
            _ => None,
        }
    }
    pub fn char(&self) -> Option<char> {
        match self.kind {
            ValueKind::Char(c) => Some(c),
            _ => None,
        }
    }
    pub fn tuple(&self) -> Option<&[Value]> {
        match &self.kind {
            ValueKind::Tuple(v) => Some(v),
            _ => None,
        }
    }
    /// `(x, y)` with two integers.
    pub fn point(&self) -> Option<(i64, i64)> {
        match self.tuple()? {
            [x, y] => Some((x.integer()?, y.integer()?)),
            _ => None,
        }
    }
    /// `(x1, y1, x2, y2)` with four integers.
    pub fn rect(&self) -> Option<[i64; 4]> {
        match self.tuple()? {
            [a, b, c, d] => Some([a.integer()?, b.integer()?, c.integer()?, d.integer()?]),
            _ => None,
        }
    }
    /// A short description of what was written, for messages ("a string").
    pub fn describe(&self) -> &'static str {
        match self.kind {
            ValueKind::String(_) => "a string",
            ValueKind::Char(_) => "a character",
            ValueKind::Integer(_) => "a number",
            ValueKind::Word(_) => "a word",
            ValueKind::Tuple(_) => "a parenthesised list",
            ValueKind::Register { .. } => "a register",
            ValueKind::Call { .. } => "a levregion(…)",
            ValueKind::Tagged { .. } => "a word with a string",
            ValueKind::Variable { .. } => "a `$variable`",
            ValueKind::List(_) => "a `{ … }` list",
            ValueKind::Keyed { .. } => "a `key: value` pair",
            ValueKind::Binary { .. } => "an expression",
            ValueKind::Weighted { .. } => "a string with a chance",
            ValueKind::Dice { .. } => "a dice roll",
            ValueKind::Percent(_) => "a percentage",
        }
    }
}

/// `MAP` … `ENDMAP`.
#[derive(Clone, Debug)]
pub struct MapBlock {
    /// From `MAP` to the end of `ENDMAP` (or of the last row when it is missing).
    pub span: Span,
    /// The `MAP` keyword.
    pub start: Span,
    pub rows: Vec<MapRow>,
    /// The `ENDMAP` keyword, unless it is missing.
    pub end: Option<Span>,
}

#[derive(Clone, Debug)]
pub struct MapRow {
    /// The row's text, without its line break.
    pub span: Span,
    /// A line that is not made of map characters (lev_comp reads it as tokens).
    pub bad: bool,
    /// A bad line that is a `GEOMETRY:` statement: lev_comp reads it as the
    /// map's GEOMETRY, then its line break as an empty row.
    pub geometry: bool,
    /// Byte offset of each cell: the row's characters without digits
    /// (3.4 deletes them before measuring).
    pub cells: Vec<usize>,
}

impl MapBlock {
    /// Rows that count (bad lines are not rows for lev_comp, but a GEOMETRY
    /// line leaves an empty one).
    pub fn good_rows(&self) -> impl Iterator<Item = &MapRow> {
        self.rows.iter().filter(|r| !r.bad || r.geometry)
    }
    /// Width as lev_comp computes it: the longest row, digits removed.
    pub fn width(&self) -> usize {
        self.good_rows().map(|r| r.cells.len()).max().unwrap_or(0)
    }
    pub fn height(&self) -> usize {
        self.good_rows().count()
    }
    /// The character at `(x, y)`; short rows are padded with stone (space).
    pub fn cell(&self, text: &str, x: usize, y: usize) -> Option<char> {
        if x >= self.width() {
            return None;
        }
        let row = self.good_rows().nth(y)?;
        Some(match row.cells.get(x) {
            Some(&offset) => text[offset..].chars().next().unwrap_or(' '),
            None => ' ',
        })
    }
    /// The byte span of the cell `(x, y)` when it is written in the file.
    pub fn cell_span(&self, text: &str, x: usize, y: usize) -> Option<Span> {
        let row = self.good_rows().nth(y)?;
        let &offset = row.cells.get(x)?;
        let len = text[offset..].chars().next().map_or(1, char::len_utf8);
        Some(offset..offset + len)
    }
    /// The cell under a byte offset: `(x, y)`.
    pub fn cell_at(&self, offset: usize) -> Option<(usize, usize)> {
        self.good_rows()
            .enumerate()
            .find_map(|(y, row)| row.cells.iter().position(|&o| o == offset).map(|x| (x, y)))
    }
}

/// Reads the tree into a [`Document`]. Garbage before a level header can
/// hide the level from the parser (a stray `[` or `"`, `((((`, a half-typed
/// `MONSTER: (` that swallows the `MAZE:` line after it): then the text is
/// read in parts cut at each hidden header, each parsed on its own, so the
/// garbage gets its syntax error and the levels below are still checked.
pub fn read(text: &str, tree: &tree_sitter::Tree) -> Document {
    let hidden = hidden_headers(text, tree);
    if hidden.is_empty() {
        return read_tree(text, tree);
    }
    let mut doc = Document::default();
    for (_, tree) in parse_pieces(text, &hidden, None) {
        let read = read_tree(text, &tree);
        doc.prelude.extend(read.prelude);
        doc.levels.extend(read.levels);
        doc.syntax_errors.extend(read.syntax_errors);
        doc.stray_comments.extend(read.stray_comments);
        doc.comments.extend(read.comments);
        doc.unterminated_comment = read.unterminated_comment.or(doc.unterminated_comment);
    }
    doc
}

/// The text cut at each of the `hidden` headers ([`hidden_headers`]), each
/// piece parsed on its own: what [`read`] reads when a level is hidden, and
/// what an open file's incremental analysis cuts into levels. None when
/// nothing is hidden. `old`: a tree of an earlier version without syntax
/// errors, edited to this text, whose levels each piece reuses where its text
/// is unchanged (from such a tree, tree-sitter's reparse is its fresh parse).
pub fn parse_pieces(
    text: &str,
    hidden: &[usize],
    old: Option<&tree_sitter::Tree>,
) -> Vec<(Span, tree_sitter::Tree)> {
    if hidden.is_empty() {
        return Vec::new();
    }
    let cuts: Vec<usize> = std::iter::once(0)
        .chain(hidden.iter().copied())
        .chain([text.len()])
        .collect();
    // Each cut's row, counted once along the text (counting from the start
    // for every part was quadratic: a stray `{` can hide every header below).
    let mut rows = Vec::with_capacity(cuts.len());
    let mut row = 0;
    let mut counted = 0;
    for &cut in &cuts {
        row += line_breaks(&text.as_bytes()[counted..cut]);
        counted = cut;
        let column = cut - text[..cut].rfind('\n').map_or(0, |i| i + 1);
        rows.push(tree_sitter::Point { row, column });
    }
    cuts.windows(2)
        .zip(rows.windows(2))
        .map(|(piece, points)| {
            let range = piece[0]..piece[1];
            let tree = parse_range(text, range.clone(), points[0], points[1], old);
            (range, tree)
        })
        .collect()
}

/// The starts of the lines that begin with a level header (`MAZE:`,
/// `LEVEL:`) but do not begin a level in `tree`: read as part of what came
/// above it, an error or not (the grammar is lenient: after `MONSTER:` it
/// reads `MAZE: "x"` as a `key: value` argument; after a stray `"` the
/// header is in a string).
pub fn hidden_headers(text: &str, tree: &tree_sitter::Tree) -> Vec<usize> {
    let root = tree.root_node();
    let mut hidden = Vec::new();
    for at in super::recognise::level_keywords(text) {
        let line_start = at > 0 && text.as_bytes()[at - 1] == b'\n';
        let end = memchr::memchr(b'\n', &text.as_bytes()[at..]).map_or(text.len(), |i| at + i + 1);
        if !line_start || !super::recognise::is_level_header(&text[at..end], false) {
            continue;
        }
        if !starts_a_level(root, at) {
            hidden.push(leading_comments_start(text, at));
        }
    }
    hidden.dedup();
    hidden
}

/// Does a `level` start at `at` among the nodes that hold it? One cursor
/// down from the root: a node's parent is found from the root in
/// tree-sitter, so walking up from the token cost the depth at each step.
fn starts_a_level(root: Node, at: usize) -> bool {
    let mut cursor = root.walk();
    loop {
        let node = cursor.node();
        if node.start_byte() > at {
            return false;
        }
        if node.kind() == "level" && node.start_byte() == at {
            return true;
        }
        if cursor.goto_first_child_for_byte(at).is_none() {
            return false;
        }
    }
}

/// Where the comments and blank lines right above the line at `at` start:
/// they go with the level they introduce, read at a line start as they are
/// written, and not as the tail of the error above.
fn leading_comments_start(text: &str, at: usize) -> usize {
    let mut start = at;
    for line in text[..at].split_inclusive('\n').rev() {
        let trimmed = line.trim();
        if !(trimmed.is_empty() || line.starts_with('#')) || start == line.len() {
            break;
        }
        start -= line.len();
    }
    start
}

/// The line breaks in `bytes`.
fn line_breaks(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| b == b'\n').count()
}

/// A tree of `range` of the text alone, with the whole text's offsets;
/// `start` and `end` are its ends' points; `old` as in [`parse_pieces`].
fn parse_range(
    text: &str,
    range: Span,
    start: tree_sitter::Point,
    end: tree_sitter::Point,
    old: Option<&tree_sitter::Tree>,
) -> tree_sitter::Tree {
    let mut parser = tree_sitter::Parser::new();
    parser
        .set_language(&tree_sitter_nethack::LANGUAGE.into())
        .expect("grammar ABI matches tree-sitter");
    parser
        .set_included_ranges(&[tree_sitter::Range {
            start_byte: range.start,
            end_byte: range.end,
            start_point: start,
            end_point: end,
        }])
        .expect("one range, in order");
    parser
        .parse(text, old)
        .expect("parse without timeout or cancellation")
}

/// Reads one tree into a [`Document`].
fn read_tree(text: &str, tree: &tree_sitter::Tree) -> Document {
    let mut doc = Document::default();
    let root = tree.root_node();
    collect_errors(root, &mut doc.syntax_errors);
    collect_comments(text, root, &mut doc);
    let mut cursor = root.walk();
    for child in root.named_children(&mut cursor) {
        read_top(text, child, &mut doc);
    }
    doc
}

/// A child of the root: a level, or a statement before the first one.
fn read_top(text: &str, node: Node, doc: &mut Document) {
    match node.kind() {
        "level" => doc.levels.push(read_level(text, node)),
        _ => {
            if let Some(item) = read_item(text, node) {
                doc.prelude.push(item);
            }
        }
    }
}

/// One part of a file read on its own, as a document of its own: some of the
/// root's children (the nodes before the first level, or a level and the
/// comments and errors up to the next one). [`read`] of the whole file holds
/// the same levels, items, errors and comments as the parts together.
pub fn read_part(text: &str, nodes: &[Node]) -> Document {
    let mut doc = Document::default();
    for &node in nodes {
        collect_errors(node, &mut doc.syntax_errors);
        collect_comments(text, node, &mut doc);
        if node.is_named() {
            read_top(text, node, &mut doc);
        }
    }
    doc
}

/// The header (`MAZE:`/`LEVEL:`) of every level the tree holds, in file
/// order, without reading the levels: for file-wide checks of an open
/// document whose levels are read one at a time.
pub fn level_headers(text: &str, tree: &tree_sitter::Tree) -> Vec<Statement> {
    let root = tree.root_node();
    let mut cursor = root.walk();
    let levels: Vec<Node> = root
        .named_children(&mut cursor)
        .filter(|n| n.kind() == "level")
        .collect();
    levels
        .into_iter()
        .filter_map(|level| level.child_by_field_name("header"))
        .map(|header| read_statement(text, header))
        .collect()
}

fn read_level(text: &str, node: Node) -> Level {
    let header_node = node.child_by_field_name("header");
    let header = header_node
        .map(|h| read_statement(text, h))
        .unwrap_or_else(|| Statement {
            keyword: String::new(),
            keyword_span: node.start_byte()..node.start_byte(),
            chance: None,
            condition: None,
            colon: None,
            body: None,
            args: Vec::new(),
            span: node.start_byte()..node.start_byte(),
        });
    let kind = if header.keyword == "LEVEL" {
        LevelKind::Room
    } else {
        LevelKind::Maze
    };
    let mut items = Vec::new();
    let mut cursor = node.walk();
    for child in node.named_children(&mut cursor) {
        if Some(child) == header_node {
            continue;
        }
        if let Some(item) = read_item(text, child) {
            items.push(item);
        }
    }
    let end = items.last().map_or(header.span.end, |i| i.span().end);
    Level {
        kind,
        span: header.span.start..end,
        header,
        items,
    }
}

fn read_item(text: &str, node: Node) -> Option<Item> {
    let _deeper = Deeper::enter()?;
    match node.kind() {
        "statement" => Some(Item::Statement(read_statement(text, node))),
        "map_block" => Some(Item::Map(read_map(text, node))),
        "assignment" => {
            let variable = read_value(text, node.child_by_field_name("variable")?)?;
            let (value, second) = match node
                .child_by_field_name("value")
                .and_then(|v| read_value(text, v))
            {
                Some(v) => {
                    let (v, second) = split_dash_line(v);
                    (Some(v), second)
                }
                None => (None, None),
            };
            let mut cursor = node.walk();
            let rest = second
                .into_iter()
                .chain(
                    node.children_by_field_name("rest", &mut cursor)
                        .filter_map(|v| read_value(text, v)),
                )
                .collect();
            Some(Item::Assignment(Assignment {
                variable,
                value,
                rest,
                span: node.byte_range(),
            }))
        }
        "function_call" => {
            let name = node.child_by_field_name("name")?;
            Some(Item::Call(FunctionCall {
                name: text[name.byte_range()].to_string(),
                name_span: name.byte_range(),
                args: read_values(text, node.child_by_field_name("arguments")?),
                span: node.byte_range(),
            }))
        }
        "for_statement" => {
            let field = |name| {
                node.child_by_field_name(name)
                    .and_then(|v| read_value(text, v))
            };
            Some(Item::For(ForLoop {
                keyword_span: node.child_by_field_name("keyword")?.byte_range(),
                variable: field("variable")?,
                from: field("from"),
                to: field("to"),
                body: read_block(text, node.child_by_field_name("body")?),
                span: node.byte_range(),
            }))
        }
        "chance_statement" => {
            let mut chance = None;
            let mut condition = None;
            let mut cursor = node.walk();
            for child in node.named_children(&mut cursor) {
                match child.kind() {
                    "chance" => chance = Some(read_chance(text, child)),
                    "condition" => condition = read_condition(text, child),
                    _ => {}
                }
            }
            let item = read_item(text, node.child_by_field_name("statement")?)?;
            Some(Item::Chance(ChanceItem {
                chance,
                condition,
                item: Box::new(item),
                span: node.byte_range(),
            }))
        }
        "switch_label" => {
            let keyword = node.child_by_field_name("keyword")?;
            Some(Item::Label(SwitchLabel {
                keyword: text[keyword.byte_range()].to_string(),
                keyword_span: keyword.byte_range(),
                value: node
                    .child_by_field_name("value")
                    .and_then(|v| read_value(text, v)),
                span: node.byte_range(),
            }))
        }
        _ => None,
    }
}

fn read_block(text: &str, node: Node) -> Block {
    let mut cursor = node.walk();
    let items = node
        .named_children(&mut cursor)
        .filter_map(|child| read_item(text, child))
        .collect();
    Block {
        span: node.byte_range(),
        items,
    }
}

fn read_chance(text: &str, node: Node) -> Chance {
    let inner = text[node.byte_range()]
        .trim_matches(|c: char| c == '[' || c == ']' || c.is_whitespace())
        .trim_end_matches('%')
        .trim();
    Chance {
        span: node.byte_range(),
        percent: parse_integer(inner),
    }
}

/// `[ value ]` → the value.
fn read_condition(text: &str, node: Node) -> Option<Box<Value>> {
    let mut cursor = node.walk();
    let inner = node.named_children(&mut cursor).next()?;
    read_value(text, inner).map(Box::new)
}

fn read_statement(text: &str, node: Node) -> Statement {
    let keyword_node = node.child_by_field_name("keyword");
    let keyword_span =
        keyword_node.map_or(node.start_byte()..node.start_byte(), |k| k.byte_range());
    let mut chance = None;
    let mut colon = None;
    let mut cursor = node.walk();
    let mut condition = None;
    let mut body = None;
    for child in node.children(&mut cursor) {
        match child.kind() {
            "chance" => chance = Some(read_chance(text, child)),
            "condition" => condition = read_condition(text, child),
            "block" => body = Some(read_block(text, child)),
            ":" if !child.is_missing() => colon = Some(child.byte_range()),
            _ => {}
        }
    }
    let args = node
        .child_by_field_name("arguments")
        .map(|a| read_values(text, a))
        .unwrap_or_default();
    let end = args
        .last()
        .map(|a| a.span.end)
        .or(colon.as_ref().map(|c| c.end))
        .or(chance.as_ref().map(|c: &Chance| c.span.end))
        .unwrap_or(keyword_span.end)
        .max(keyword_span.end)
        .max(condition.as_ref().map_or(0, |c| c.span.end))
        .max(body.as_ref().map_or(0, |b: &Block| b.span.end));
    Statement {
        keyword: text[keyword_span.clone()].to_string(),
        span: node.start_byte()..end,
        keyword_span,
        chance,
        condition,
        colon,
        args,
        body,
    }
}

fn read_values(text: &str, node: Node) -> Vec<Value> {
    let mut cursor = node.walk();
    node.named_children(&mut cursor)
        .filter_map(|child| read_value(text, child))
        .flat_map(|v| {
            let (v, second) = split_dash_line(v);
            std::iter::once(v).chain(second)
        })
        .collect()
}

/// UnNetHack writes `line (1,1)-(5,5)` and `randline (1,1)-(5,5), 10`
/// where vanilla writes `line (1,1),(5,5)`: the parse's subtraction of the
/// second coordinate from the call becomes the call (its `dash` noted) and
/// that coordinate after it, so every check reads one shape and the forms
/// check says which the grammar in force wants. Also under `selection:`.
pub(crate) fn split_dash_line(v: Value) -> (Value, Option<Value>) {
    match v.kind {
        ValueKind::Binary {
            operator,
            operator_span,
            left,
            right,
        } if operator == "-"
            && matches!(&left.kind, ValueKind::Call { name, dash: None, .. }
                if name == "line" || name == "randline") =>
        {
            let Value { span, kind } = *left;
            let ValueKind::Call {
                name,
                name_span,
                args,
                ..
            } = kind
            else {
                unreachable!("matched a call above")
            };
            let call = ValueKind::Call {
                name,
                name_span,
                args,
                dash: Some(operator_span),
            };
            (Value { span, kind: call }, Some(*right))
        }
        ValueKind::Keyed {
            key,
            key_span,
            value,
        } => {
            let (value, second) = split_dash_line(*value);
            let kind = ValueKind::Keyed {
                key,
                key_span,
                value: Box::new(value),
            };
            (Value { span: v.span, kind }, second)
        }
        kind => (Value { span: v.span, kind }, None),
    }
}

fn read_value(text: &str, node: Node) -> Option<Value> {
    let _deeper = Deeper::enter()?;
    let span = node.byte_range();
    let src = &text[span.clone()];
    let kind = match node.kind() {
        "string" => ValueKind::String(src.get(1..src.len().saturating_sub(1))?.to_string()),
        "char" => {
            let inner = src.get(1..src.len().saturating_sub(1))?;
            let inner = inner
                .strip_prefix('\\')
                .filter(|rest| !rest.is_empty())
                .unwrap_or(inner);
            ValueKind::Char(inner.chars().next()?)
        }
        "integer" => ValueKind::Integer(parse_integer(src)),
        "word" => ValueKind::Word(src.to_string()),
        "tuple" => ValueKind::Tuple(read_values(text, node)),
        "register" => {
            let name = node.child_by_field_name("name")?;
            let index = node.child_by_field_name("index")?;
            ValueKind::Register {
                name: text[name.byte_range()].to_string(),
                name_span: name.byte_range(),
                index: parse_integer(&text[index.byte_range()]),
                index_span: index.byte_range(),
            }
        }
        "call" => {
            let name = node.child_by_field_name("name")?;
            let args = node.child_by_field_name("arguments")?;
            // `fillrect $region`, `complement floodfill (1,1)`: a bare
            // variable or call is the one argument.
            let args = match args.kind() {
                "variable" | "call" => read_value(text, args).into_iter().collect(),
                _ => read_values(text, args),
            };
            ValueKind::Call {
                name: text[name.byte_range()].to_string(),
                name_span: name.byte_range(),
                args,
                dash: None,
            }
        }
        "tagged" => {
            let name = node.child_by_field_name("name")?;
            let string = node.child_by_field_name("text")?;
            let s = &text[string.byte_range()];
            ValueKind::Tagged {
                name: text[name.byte_range()].to_string(),
                name_span: name.byte_range(),
                text: s.get(1..s.len().saturating_sub(1))?.to_string(),
                text_span: string.byte_range(),
            }
        }
        "variable" => {
            let name = node.child_by_field_name("name")?;
            ValueKind::Variable {
                name: text[name.byte_range()].to_string(),
                name_span: name.byte_range(),
                index: node
                    .child_by_field_name("index")
                    .and_then(|i| read_value(text, i))
                    .map(Box::new),
            }
        }
        "list" => ValueKind::List(read_values(text, node)),
        "keyed" => {
            let key = node.child_by_field_name("key")?;
            ValueKind::Keyed {
                key: text[key.byte_range()].to_string(),
                key_span: key.byte_range(),
                value: Box::new(read_value(text, node.child_by_field_name("value")?)?),
            }
        }
        "binary_expression" => {
            let operator = node.child_by_field_name("operator")?;
            ValueKind::Binary {
                operator: text[operator.byte_range()].to_string(),
                operator_span: operator.byte_range(),
                left: Box::new(read_value(text, node.child_by_field_name("left")?)?),
                right: Box::new(read_value(text, node.child_by_field_name("right")?)?),
            }
        }
        "weighted" => {
            let mut cursor = node.walk();
            let chance = node
                .named_children(&mut cursor)
                .find(|c| c.kind() == "chance")?;
            ValueKind::Weighted {
                value: Box::new(read_value(text, node.child_by_field_name("value")?)?),
                chance: read_chance(text, chance),
            }
        }
        "dice" => {
            let (count, sides) = src.split_once('d')?;
            ValueKind::Dice {
                count: parse_integer(count),
                sides: parse_integer(sides),
            }
        }
        "percent" => ValueKind::Percent(parse_integer(src.trim_end_matches('%'))),
        _ => return None,
    };
    Some(Value { span, kind })
}

fn read_map(text: &str, node: Node) -> MapBlock {
    let start = node.start_byte()..node.start_byte() + 3;
    let mut rows = Vec::new();
    let mut end = None;
    let mut cursor = node.walk();
    for child in node.named_children(&mut cursor) {
        match child.kind() {
            "map_row" | "bad_map_row" => {
                let range = child.byte_range();
                let line = text[range.clone()].trim_end_matches(['\n', '\r']);
                let span = range.start..range.start + line.len();
                // A variant in force reads its own map characters too.
                let bad = child.kind() == "bad_map_row"
                    && !(lexicon::in_force().is_some()
                        && line
                            .chars()
                            .all(|c| c == '\r' || vocabulary::is_map_char(c)));
                let geometry = bad && {
                    let t = line.trim_start();
                    t.starts_with("GEOMETRY") && t.contains(':')
                };
                let cells = if geometry {
                    Vec::new()
                } else {
                    line.char_indices()
                        .filter(|(_, c)| !c.is_ascii_digit())
                        .map(|(i, _)| range.start + i)
                        .collect()
                };
                rows.push(MapRow {
                    span,
                    bad,
                    geometry,
                    cells,
                });
            }
            "map_end" if !child.is_missing() => {
                let range = child.byte_range();
                let word = text[range.clone()].trim_start();
                let begin = range.end - word.len();
                end = Some(begin..range.end);
            }
            _ => {}
        }
    }
    let last = end
        .as_ref()
        .map(|e| e.end)
        .or(rows.last().map(|r| r.span.end))
        .unwrap_or(start.end);
    MapBlock {
        span: start.start..last,
        start,
        rows,
        end,
    }
}

/// ERROR and MISSING nodes in file order; iterative, as trees can be deep.
fn collect_errors(root: Node, out: &mut Vec<SyntaxError>) {
    let mut stack = vec![root];
    while let Some(node) = stack.pop() {
        if node.is_error() {
            out.push(SyntaxError {
                span: node.byte_range(),
                missing: None,
            });
        } else if node.is_missing() {
            out.push(SyntaxError {
                span: node.byte_range(),
                missing: Some(node.kind().to_string()),
            });
        } else if node.has_error() {
            let mut cursor = node.walk();
            let children: Vec<Node> = node.children(&mut cursor).collect();
            stack.extend(children.into_iter().rev());
        }
    }
}

/// How deep blocks and expressions are read. lev_comp 3.6 allows 20 nested
/// blocks; anything deeper than this is cut off (and reported by the
/// analysis as too deep), so reading, checking and dropping a pathological
/// file never exhausts the stack.
pub const MAX_DEPTH: usize = 100;

thread_local! {
    static DEPTH: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// One level deeper while it lives; `None` past [`MAX_DEPTH`].
struct Deeper;

impl Deeper {
    fn enter() -> Option<Deeper> {
        DEPTH.with(|d| {
            (d.get() < MAX_DEPTH).then(|| {
                d.set(d.get() + 1);
                Deeper
            })
        })
    }
}

impl Drop for Deeper {
    fn drop(&mut self) {
        DEPTH.with(|d| d.set(d.get().saturating_sub(1)));
    }
}

fn collect_comments(text: &str, root: Node, doc: &mut Document) {
    // Comments are extras, so they may sit under any node; rather than visit
    // every node, look only where the text has a `#` (most are map cells or
    // inside strings) and ask the tree what starts there. The `#`s come in
    // order, so one cursor walks forward through the tree for all of them:
    // asking the root each time (`descendant_for_byte_range`) passed over
    // every earlier sibling, quadratic in 80,000 comment lines.
    let range = root.byte_range();
    let Some(scanned) = text.get(range.clone()) else {
        return;
    };
    let mut cursor = root.walk();
    for (i, _) in scanned.match_indices('#') {
        let at = range.start + i;
        let Some(node) = leaf_at(&mut cursor, at) else {
            continue;
        };
        if node.start_byte() != at {
            continue;
        }
        match node.kind() {
            "comment" => {
                let range = node.byte_range();
                let body = text[range.clone()].trim_end_matches(['\n', '\r']);
                let span = range.start..range.start + body.len();
                if range.end == text.len() && !text.ends_with('\n') {
                    doc.unterminated_comment = Some(span.clone());
                }
                doc.comments.push(span);
            }
            "stray_comment" => doc.stray_comments.push(node.byte_range()),
            _ => {}
        }
    }
    doc.comments.sort_by_key(|s| s.start);
    doc.stray_comments.sort_by_key(|s| s.start);
}

/// The deepest node holding the byte at `at`, as `descendant_for_byte_range(at,
/// at + 1)` finds it, with a cursor that only moves forward: calls with
/// growing `at` cost the nodes passed over, once in all.
fn leaf_at<'t>(cursor: &mut tree_sitter::TreeCursor<'t>, at: usize) -> Option<Node<'t>> {
    // On (or up and on) until the cursor's node ends after `at`.
    while cursor.node().end_byte() <= at {
        if !cursor.goto_next_sibling() && !cursor.goto_parent() {
            return None;
        }
    }
    if cursor.node().start_byte() > at {
        // `at` is in the gap before the cursor's node: its parent holds it.
        let mut up = cursor.clone();
        return up.goto_parent().then(|| up.node());
    }
    loop {
        let holder = cursor.node();
        if !cursor.goto_first_child() {
            return Some(holder);
        }
        while cursor.node().end_byte() <= at {
            if !cursor.goto_next_sibling() {
                cursor.goto_parent();
                return Some(holder);
            }
        }
        if cursor.node().start_byte() > at {
            // Between two children; the cursor stays on the later one.
            return Some(holder);
        }
    }
}

/// The first token of a span's text (a word, a string, or one character),
/// for messages such as "unexpected `…`".
pub fn first_token(text: &str, span: &Span) -> Option<Span> {
    let s = text.get(span.clone())?;
    let skip = s.len() - s.trim_start().len();
    let rest = &s[skip..];
    let first = rest.chars().next()?;
    let len = if first.is_ascii_alphanumeric() || first == '_' || first == '+' || first == '-' {
        rest.char_indices()
            .skip(1)
            .find(|&(_, c)| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
            .map_or(rest.len(), |(i, _)| i)
    } else if first == '"' {
        // To the closing quote, or (unclosed) to the end of the line.
        match rest[1..].find(['"', '\n']) {
            Some(i) if rest.as_bytes()[1 + i] == b'"' => i + 2,
            Some(i) => i + 1,
            None => rest.len(),
        }
    } else {
        first.len_utf8()
    };
    let start = span.start + skip;
    Some(start..start + len)
}

/// A whole number as lev_comp reads it (with C's `atoi`), so that every
/// range check judges the value lev_comp judges.
pub fn parse_integer(text: &str) -> i64 {
    i64::from(atoi(text))
}

/// C's `atoi` as glibc does it on a 64-bit system: leading blanks, a sign,
/// the digits up to the first other character (none: 0); the value clamped
/// to a `long` (`strtol`), then cut to its low 32 bits (`int`). So
/// `4294967297` is 1, `2147483648` is -2147483648, and any number past a
/// `long` is -1 (or 0, negative).
pub fn atoi(text: &str) -> i32 {
    let text = text.trim_start_matches([' ', '\t', '\n', '\r', '\x0b', '\x0c']);
    let (negative, rest) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    // Past 2^63 every magnitude clamps alike, so stop counting there.
    let limit = 1u128 << 64;
    let magnitude = rest
        .bytes()
        .take_while(u8::is_ascii_digit)
        .fold(0u128, |n, d| (n * 10 + u128::from(d - b'0')).min(limit));
    let long = if negative {
        i64::try_from(-(magnitude as i128)).unwrap_or(i64::MIN)
    } else {
        i64::try_from(magnitude).unwrap_or(i64::MAX)
    };
    long as i32
}

/// A character as written in a `.des` file: `'x'`, with `'\''` and `'\\'`.
pub fn char_literal(c: char) -> String {
    match c {
        '\'' => "'\\''".to_string(),
        '\\' => "'\\\\'".to_string(),
        _ => format!("'{c}'"),
    }
}

#[cfg(test)]
mod tests;
