//! The part of the C preprocessor the reader needs: which lines the default
//! build compiles, and the macros defined along the way.
//!
//! Rules (the tree's `include/config.h` and the headers it includes stand for
//! the default build, as a plain `make` would configure it):
//! - `#ifdef X` / `#ifndef X` / `defined(X)` are decided by whether `X` is
//!   `#define`d at that point; a macro only the compiler or the Makefile would
//!   define (`__GNUC__`, `-DLINUX`) counts as undefined.
//! - `#if` / `#elif` expressions are evaluated (numbers, character constants,
//!   `defined`, `! ~ - +`, arithmetic, comparisons, `&& || ?:`) with the
//!   values of object-like macros. An expression that needs a value nothing
//!   defines (an undefined name outside `defined`, a function-like macro) is
//!   undecidable: its block is **taken** and the directive is recorded in
//!   [`Preprocessor::guessed`] so a reader of the result can say so.
//! - `#include "x.h"` is followed when `x.h` is in the including file's folder
//!   or in `include/`; `#include <…>` never is.
//! - Lines the build leaves out, and every directive line, are blanked to
//!   spaces (line breaks kept), so offsets in the result are offsets in the file.

use std::collections::{HashMap, HashSet};
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use tree_sitter::{Node, Tree};

use super::tokens::{self, literal_value, Token};

#[derive(Debug, PartialEq, Eq)]
pub(super) struct Macro {
    /// `None` for an object-like macro.
    pub params: Option<Vec<String>>,
    /// The replacement text, lexed on first use: most of the macros a
    /// header defines are never used by the tables.
    text: String,
    body: OnceLock<Vec<Token>>,
}

impl Macro {
    pub fn new(params: Option<Vec<String>>, text: String) -> Macro {
        Macro {
            params,
            text,
            body: OnceLock::new(),
        }
    }

    pub fn body(&self) -> &Vec<Token> {
        self.body.get_or_init(|| tokens::tokens(&self.text))
    }
}

/// Looked up for every identifier of a table: a fast hash.
pub(super) type Macros = HashMap<String, Arc<Macro>, foldhash::fast::RandomState>;

#[derive(Clone, Debug)]
pub(super) enum Event {
    Define(String, Arc<Macro>),
    Undef(String),
}

/// One preprocessed file.
pub(super) struct Unit {
    /// The code the default build compiles; everything else blanked.
    pub text: String,
    /// The macros in force where the file starts (the configuration's).
    pub start: Macros,
    /// Each `#define`/`#undef` taken, at the offset where it takes effect
    /// (a header's at its `#include`), in order.
    pub events: Vec<(usize, Event)>,
}

impl Unit {
    /// The macros in force at the end of the file.
    pub fn macros_at_end(&self) -> Macros {
        let mut macros = self.start.clone();
        for (_, event) in &self.events {
            apply(&mut macros, event);
        }
        macros
    }
}

pub(super) fn apply(macros: &mut Macros, event: &Event) {
    match event {
        Event::Define(name, m) => {
            macros.insert(name.clone(), m.clone());
        }
        Event::Undef(name) => {
            macros.remove(name);
        }
    }
}

pub(super) struct Preprocessor {
    root: PathBuf,
    /// Conditionals that could not be decided and were taken, as
    /// `path:line: directive`, in the order met, each once.
    pub guessed: Vec<String>,
    /// Each file's directives, parsed once per read (a header is met by
    /// several files), by path and text.
    files: HashMap<(PathBuf, u64), Arc<Directives>>,
}

/// A file's lines with their directives parsed: every `#define` in one
/// tree-sitter parse, every `#if`/`#elif` condition in another.
struct Directives {
    lines: Vec<Line>,
    /// Per line: the directive's keyword, the text after it, and the whole
    /// directive (continuations joined); `None` for code.
    directives: Vec<Option<(String, String, String)>>,
    /// Per line: what its `#define` defines.
    defines: HashMap<usize, (String, Arc<Macro>)>,
    /// `#if <condition>` / `#endif` pairs, one per `#if`/`#elif` line.
    conditions: String,
    condition_tree: Tree,
    /// Per line: where its condition's `#if` starts in `conditions`.
    condition_at: HashMap<usize, usize>,
}

impl Directives {
    fn parse(text: &str) -> Directives {
        let lines = logical_lines(text);
        let mut directives = Vec::with_capacity(lines.len());
        let mut definitions = String::new();
        let mut define_at: Vec<(usize, usize)> = Vec::new(); // (line, offset in definitions)
        let mut conditions = String::new();
        let mut condition_at = HashMap::new();
        for (index, line) in lines.iter().enumerate() {
            let Some(directive) = line.directive else {
                directives.push(None);
                continue;
            };
            let raw = &text[line.start..line.end];
            let joined = raw.replace("\\\r\n", "   ").replace("\\\n", "  ");
            let (keyword, rest) = split_directive(&joined[directive - line.start..]);
            match keyword {
                "define" => {
                    define_at.push((index, definitions.len()));
                    definitions.push_str(joined.trim());
                    definitions.push('\n');
                }
                "if" | "elif" => {
                    condition_at.insert(index, conditions.len());
                    conditions.push_str("#if ");
                    conditions.push_str(rest.trim());
                    conditions.push_str("\n#endif\n");
                }
                _ => {}
            }
            directives.push(Some((
                keyword.to_string(),
                rest.to_string(),
                joined.trim().to_string(),
            )));
        }
        let defines = parse_definitions(&definitions, &define_at);
        let condition_tree = tokens::parse(&conditions);
        Directives {
            lines,
            directives,
            defines,
            conditions,
            condition_tree,
            condition_at,
        }
    }

    /// The condition of the `#if`/`#elif` on line `index`.
    fn condition(&self, index: usize) -> Option<Node<'_>> {
        let at = *self.condition_at.get(&index)?;
        let node = self
            .condition_tree
            .root_node()
            .descendant_for_byte_range(at, at)?;
        let mut node = Some(node);
        while let Some(n) = node {
            if n.kind() == "preproc_if" && n.start_byte() == at {
                return n.child_by_field_name("condition");
            }
            node = n.parent();
        }
        None
    }
}

/// `#define` lines parsed together: each top-level definition is matched
/// to its line by where it starts.
fn parse_definitions(
    definitions: &str,
    define_at: &[(usize, usize)],
) -> HashMap<usize, (String, Arc<Macro>)> {
    let tree = tokens::parse(definitions);
    let line_of: HashMap<usize, usize> = define_at.iter().map(|(line, at)| (*at, *line)).collect();
    let mut defines = HashMap::new();
    let root = tree.root_node();
    let mut cursor = root.walk();
    for node in root.children(&mut cursor) {
        let Some(&line) = line_of.get(&node.start_byte()) else {
            continue;
        };
        if let Some(definition) = definition(node, definitions) {
            defines.insert(line, definition);
        }
    }
    defines
}

/// A `preproc_def` / `preproc_function_def` node: the name and the macro.
fn definition(node: Node, source: &str) -> Option<(String, Arc<Macro>)> {
    let text = |n: Node| source[n.byte_range()].to_string();
    let name = text(node.child_by_field_name("name")?);
    let params = match node.kind() {
        "preproc_def" => None,
        "preproc_function_def" => {
            let list = node.child_by_field_name("parameters")?;
            let mut cursor = list.walk();
            let params = list
                .named_children(&mut cursor)
                .filter(|p| p.kind() != "comment")
                .map(text)
                .collect();
            Some(params)
        }
        _ => return None,
    };
    let body = node
        .child_by_field_name("value")
        .map(text)
        .unwrap_or_default();
    Some((name, Arc::new(Macro::new(params, body))))
}

struct Frame {
    parent_active: bool,
    taken: bool,
    active: bool,
}

impl Preprocessor {
    pub fn new(root: &Path) -> Preprocessor {
        Preprocessor {
            root: root.to_path_buf(),
            guessed: Vec::new(),
            files: HashMap::new(),
        }
    }

    /// The macros of the default build's configuration: `include/config.h`
    /// and what it includes (empty when the tree has none).
    pub fn configuration(&mut self) -> Macros {
        let mut macros = Macros::default();
        let path = self.root.join("include/config.h");
        if let Ok(text) = std::fs::read_to_string(&path) {
            let mut events = Vec::new();
            let mut seen = HashSet::from([path.clone()]);
            self.run(&path, &text, &mut macros, &mut events, None, &mut seen);
        }
        macros
    }

    /// Preprocesses the tree's file `relative` starting from `start`.
    pub fn unit(&mut self, relative: &str, start: &Macros) -> Result<Unit, String> {
        let path = self.root.join(relative);
        let text = std::fs::read_to_string(&path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        Ok(self.unit_text(&path, &text, start))
    }

    pub fn unit_text(&mut self, path: &Path, text: &str, start: &Macros) -> Unit {
        let mut macros = start.clone();
        let mut events = Vec::new();
        let mut seen = HashSet::from([path.to_path_buf()]);
        let active = self.run(path, text, &mut macros, &mut events, None, &mut seen);
        Unit {
            text: active,
            start: start.clone(),
            events,
        }
    }

    /// Walks `text`'s directives; returns the compiled code. `at` is the
    /// offset events are recorded at when `text` is an included header.
    fn run(
        &mut self,
        path: &Path,
        text: &str,
        macros: &mut Macros,
        events: &mut Vec<(usize, Event)>,
        at: Option<usize>,
        seen: &mut HashSet<PathBuf>,
    ) -> String {
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        text.hash(&mut hasher);
        let key = (path.to_path_buf(), hasher.finish());
        let parsed = match self.files.get(&key) {
            Some(parsed) => Arc::clone(parsed),
            None => {
                let parsed = Arc::new(Directives::parse(text));
                self.files.insert(key, Arc::clone(&parsed));
                parsed
            }
        };
        let mut out: Vec<u8> = text.as_bytes().to_vec();
        let mut stack: Vec<Frame> = Vec::new();
        for (index, line) in parsed.lines.iter().enumerate() {
            let active = stack.last().is_none_or(|f| f.active);
            let Some((keyword, rest, whole)) = &parsed.directives[index] else {
                if !active {
                    blank(&mut out, line.start, line.end);
                }
                continue;
            };
            blank(&mut out, line.start, line.end);
            let where_ = || {
                format!(
                    "{}:{}: {}",
                    path.strip_prefix(&self.root).unwrap_or(path).display(),
                    text[..line.start].matches('\n').count() + 1,
                    whole
                )
            };
            match keyword.as_str() {
                "if" | "ifdef" | "ifndef" => {
                    let value = if !active {
                        false
                    } else {
                        match keyword.as_str() {
                            "ifdef" => macros.contains_key(first_word(rest)),
                            "ifndef" => !macros.contains_key(first_word(rest)),
                            _ => decide(&parsed, index, macros, where_, &mut self.guessed),
                        }
                    };
                    stack.push(Frame {
                        parent_active: active,
                        taken: value || !active,
                        active: active && value,
                    });
                }
                "elif" => {
                    let Some(frame) = stack.last() else { continue };
                    let (parent_active, taken) = (frame.parent_active, frame.taken);
                    let value = parent_active
                        && !taken
                        && decide(&parsed, index, macros, where_, &mut self.guessed);
                    let frame = stack.last_mut().expect("checked above");
                    frame.active = value;
                    frame.taken |= value;
                }
                "else" => {
                    if let Some(frame) = stack.last_mut() {
                        frame.active = frame.parent_active && !frame.taken;
                        frame.taken = true;
                    }
                }
                "endif" => {
                    stack.pop();
                }
                _ if !active => {}
                "define" => {
                    if let Some((name, m)) = parsed.defines.get(&index) {
                        let event = Event::Define(name.clone(), Arc::clone(m));
                        apply(macros, &event);
                        events.push((at.unwrap_or(line.start), event));
                    }
                }
                "undef" => {
                    let event = Event::Undef(first_word(rest).to_string());
                    apply(macros, &event);
                    events.push((at.unwrap_or(line.start), event));
                }
                "include" => {
                    let Some(name) = rest
                        .trim()
                        .strip_prefix('"')
                        .and_then(|r| r.split('"').next())
                    else {
                        continue;
                    };
                    let candidates = [
                        path.parent().map(|p| p.join(name)),
                        Some(self.root.join("include").join(name)),
                    ];
                    let Some(header) = candidates.into_iter().flatten().find(|p| p.is_file())
                    else {
                        continue;
                    };
                    if !seen.insert(header.clone()) {
                        continue;
                    }
                    if let Ok(header_text) = std::fs::read_to_string(&header) {
                        let offset = at.unwrap_or(line.start);
                        self.run(&header, &header_text, macros, events, Some(offset), seen);
                    }
                }
                _ => {}
            }
        }
        String::from_utf8(out)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
    }
}

/// Decides the `#if`/`#elif` on line `index`; an undecidable one is taken
/// and recorded in `guessed`.
fn decide(
    parsed: &Directives,
    index: usize,
    macros: &Macros,
    where_: impl Fn() -> String,
    guessed: &mut Vec<String>,
) -> bool {
    let value = parsed.condition(index).and_then(|c| {
        let mut evaluator = Evaluator { macros, depth: 0 };
        evaluator.eval(c, &parsed.conditions)
    });
    match value {
        Some(v) => v != 0,
        None => {
            let entry = where_();
            if !guessed.contains(&entry) {
                guessed.push(entry);
            }
            true
        }
    }
}

struct Evaluator<'a> {
    macros: &'a Macros,
    depth: usize,
}

impl Evaluator<'_> {
    fn eval(&mut self, node: Node, source: &str) -> Option<i64> {
        let text = &source[node.byte_range()];
        match node.kind() {
            "number_literal" => number(text),
            "char_literal" => literal_value(text).chars().next().map(|c| c as i64),
            "true" => Some(1),
            "false" => Some(0),
            "identifier" => self.macro_value(text),
            "preproc_defined" => {
                let mut cursor = node.walk();
                let name = node
                    .named_children(&mut cursor)
                    .find(|n| n.kind() == "identifier")?;
                Some(self.macros.contains_key(&source[name.byte_range()]) as i64)
            }
            "parenthesized_expression" => self.eval(node.named_child(0)?, source),
            "unary_expression" => {
                let operand = self.eval(node.child_by_field_name("argument")?, source)?;
                match &source[node.child_by_field_name("operator")?.byte_range()] {
                    "!" => Some((operand == 0) as i64),
                    "-" => Some(operand.wrapping_neg()),
                    "~" => Some(!operand),
                    "+" => Some(operand),
                    _ => None,
                }
            }
            "binary_expression" => {
                let operator = &source[node.child_by_field_name("operator")?.byte_range()];
                let left = self.eval(node.child_by_field_name("left")?, source);
                // Short circuits decide what one unknown side cannot.
                match (operator, left) {
                    ("&&", Some(0)) => return Some(0),
                    ("||", Some(l)) if l != 0 => return Some(1),
                    _ => {}
                }
                let right = self.eval(node.child_by_field_name("right")?, source);
                match (operator, right) {
                    ("&&", Some(0)) => return Some(0),
                    ("||", Some(r)) if r != 0 => return Some(1),
                    _ => {}
                }
                binary(operator, left?, right?)
            }
            "conditional_expression" => {
                let condition = self.eval(node.child_by_field_name("condition")?, source)?;
                let branch = if condition != 0 {
                    "consequence"
                } else {
                    "alternative"
                };
                self.eval(node.child_by_field_name(branch)?, source)
            }
            _ => None,
        }
    }

    /// The value of an object-like macro whose body is an expression.
    fn macro_value(&mut self, name: &str) -> Option<i64> {
        let m = self.macros.get(name)?;
        if m.params.is_some() || m.body().is_empty() || self.depth > 16 {
            return None;
        }
        let body: Vec<&str> = m.body().iter().map(|t| t.text.as_str()).collect();
        let source = format!("#if {}\n#endif\n", body.join(" "));
        let tree = tokens::parse(&source);
        let condition = tree
            .root_node()
            .child(0)?
            .child_by_field_name("condition")?;
        self.depth += 1;
        let value = self.eval(condition, &source);
        self.depth -= 1;
        value
    }
}

fn binary(operator: &str, l: i64, r: i64) -> Option<i64> {
    Some(match operator {
        "&&" => (l != 0 && r != 0) as i64,
        "||" => (l != 0 || r != 0) as i64,
        "==" => (l == r) as i64,
        "!=" => (l != r) as i64,
        "<" => (l < r) as i64,
        ">" => (l > r) as i64,
        "<=" => (l <= r) as i64,
        ">=" => (l >= r) as i64,
        "+" => l.wrapping_add(r),
        "-" => l.wrapping_sub(r),
        "*" => l.wrapping_mul(r),
        "/" => l.checked_div(r)?,
        "%" => l.checked_rem(r)?,
        "&" => l & r,
        "|" => l | r,
        "^" => l ^ r,
        "<<" => l.checked_shl(u32::try_from(r).ok()?)?,
        ">>" => l.checked_shr(u32::try_from(r).ok()?)?,
        _ => return None,
    })
}

/// A C integer constant (decimal, octal, hex; `u`/`l` suffixes).
pub(super) fn number(text: &str) -> Option<i64> {
    let digits = text.trim_end_matches(['u', 'U', 'l', 'L']);
    if let Some(hex) = digits
        .strip_prefix("0x")
        .or_else(|| digits.strip_prefix("0X"))
    {
        i64::from_str_radix(hex, 16).ok()
    } else if digits.len() > 1 && digits.starts_with('0') {
        i64::from_str_radix(&digits[1..], 8).ok()
    } else {
        digits.parse().ok()
    }
}

/// The directive's keyword and the rest of its text.
fn split_directive(directive: &str) -> (&str, &str) {
    let body = directive.trim_start().trim_start_matches('#').trim_start();
    let end = body
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(body.len());
    (&body[..end], &body[end..])
}

fn first_word(text: &str) -> &str {
    let text = text.trim_start();
    let end = text
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(text.len());
    &text[..end]
}

fn blank(out: &mut [u8], start: usize, end: usize) {
    for byte in &mut out[start..end] {
        if *byte != b'\n' && *byte != b'\r' {
            *byte = b' ';
        }
    }
}

/// A logical line: a directive (with its continuations) or a run of code.
struct Line {
    start: usize,
    /// Exclusive, before the line break.
    end: usize,
    /// Offset of the `#` when the line is a directive.
    directive: Option<usize>,
}

/// Splits `text` into lines, telling directives (a `#` first on a line
/// outside comments and literals, running over backslash-newlines and over
/// block comments that start on it) from code.
fn logical_lines(text: &str) -> Vec<Line> {
    #[derive(PartialEq)]
    enum State {
        Code,
        Block,
        Str(u8),
    }
    let bytes = text.as_bytes();
    let mut lines = Vec::new();
    let mut state = State::Code;
    let mut i = 0;
    let mut line_start = 0;
    let mut directive: Option<usize> = None;
    let mut at_line_start = true;
    while i < bytes.len() {
        let b = bytes[i];
        if at_line_start && state == State::Code && !b.is_ascii_whitespace() {
            at_line_start = false;
            if b == b'#' {
                directive = Some(i);
            }
        }
        match state {
            State::Code => match b {
                b'/' if bytes.get(i + 1) == Some(&b'*') => {
                    state = State::Block;
                    i += 1;
                }
                b'/' if bytes.get(i + 1) == Some(&b'/') => {
                    while i + 1 < bytes.len() && bytes[i + 1] != b'\n' {
                        i += 1;
                    }
                }
                b'"' | b'\'' if directive.is_none() => state = State::Str(b),
                _ => {}
            },
            State::Block => {
                if b == b'*' && bytes.get(i + 1) == Some(&b'/') {
                    state = State::Code;
                    i += 1;
                }
            }
            State::Str(quote) => {
                if b == b'\\' {
                    i += 1;
                } else if b == quote || b == b'\n' {
                    state = State::Code;
                }
            }
        }
        if i < bytes.len() && bytes[i] == b'\n' {
            let continued = i > 0 && bytes[i - 1] == b'\\'
                || (i > 1 && bytes[i - 1] == b'\r' && bytes[i - 2] == b'\\');
            let in_comment = state == State::Block;
            if directive.is_some() && (continued || in_comment) {
                i += 1;
                continue;
            }
            let end = if i > 0 && bytes[i - 1] == b'\r' {
                i - 1
            } else {
                i
            };
            lines.push(Line {
                start: line_start,
                end,
                directive: directive.take(),
            });
            line_start = i + 1;
            at_line_start = state == State::Code;
        }
        i += 1;
    }
    if line_start < bytes.len() {
        lines.push(Line {
            start: line_start,
            end: bytes.len(),
            directive,
        });
    }
    lines
}

#[cfg(test)]
mod tests;
