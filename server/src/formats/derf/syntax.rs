//! A typed view of a DERF syntax tree: the room's lines with the byte spans
//! of their parts. Built once per analysis from the tree-sitter tree; every
//! span is trimmed of surrounding spaces so that diagnostics hit the words.

use std::ops::Range;
use tree_sitter::Node;

pub type Span = Range<usize>;

#[derive(Debug, Default)]
pub struct Room {
    pub header: Option<Header>,
    pub name: Option<Span>,
    pub short: Option<Span>,
    pub description_lines: Vec<Span>,
    /// The flags / containers / container lines, in file order.
    pub body: Vec<BodyLine>,
    /// Lines the grammar could not read (ERROR nodes), and tokens it expected (MISSING).
    pub syntax_errors: Vec<SyntaxError>,
}

#[derive(Debug)]
pub struct Header {
    pub line: Span,
    /// `DERF:` including the colon.
    pub declaration: Option<Span>,
    /// The version text, trimmed.
    pub version: Option<Span>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sign {
    Plus,
    Minus,
}

impl Sign {
    pub fn as_char(self) -> char {
        match self {
            Sign::Plus => '+',
            Sign::Minus => '-',
        }
    }
}

#[derive(Debug, Clone)]
pub struct FlagToken {
    /// Sign and name together.
    pub span: Span,
    pub sign: Option<(Sign, Span)>,
    pub name: Option<Span>,
}

#[derive(Debug)]
pub struct FlagsLine {
    pub line: Span,
    /// `Flags:`; `None` on a continuation line that starts with a sign.
    pub keyword: Option<Span>,
    pub flags: Vec<FlagToken>,
    /// Commas written between flags (`+boss,+trap`), which the spec does not allow.
    pub commas: Vec<Span>,
}

#[derive(Debug)]
pub struct ContainersLine {
    pub line: Span,
    pub keyword: Span,
    pub names: Vec<Span>,
}

#[derive(Debug)]
pub struct ContainerLine {
    pub line: Span,
    pub container: Span,
    pub colon: Span,
    pub item: Option<Span>,
}

#[derive(Debug)]
pub enum BodyLine {
    Flags(FlagsLine),
    /// A line starting with `+`/`-` after the flags line (D20).
    FlagsContinuation(FlagsLine),
    Containers(ContainersLine),
    Container(ContainerLine),
}

impl BodyLine {
    /// The whole line, trimmed.
    pub fn line(&self) -> &Span {
        match self {
            BodyLine::Flags(f) | BodyLine::FlagsContinuation(f) => &f.line,
            BodyLine::Containers(c) => &c.line,
            BodyLine::Container(c) => &c.line,
        }
    }
}

#[derive(Debug)]
pub struct SyntaxError {
    pub span: Span,
    /// The token the parser expected, for MISSING nodes.
    pub missing: Option<String>,
}

fn trimmed(text: &str, range: Span) -> Span {
    let s = &text[range.clone()];
    let start = range.start + (s.len() - s.trim_start().len());
    let end = range.end - (s.len() - s.trim_end().len());
    start..end.max(start)
}

fn span(node: Node) -> Span {
    node.byte_range()
}

impl Room {
    pub fn read(text: &str, tree: &tree_sitter::Tree) -> Room {
        let mut room = Room::default();
        let root = tree.root_node();
        let mut cursor = root.walk();
        for child in root.children(&mut cursor) {
            match child.kind() {
                "header" => {
                    room.header = Some(Header {
                        line: trimmed(text, span(child)),
                        declaration: child.child_by_field_name("declaration").map(span),
                        version: child
                            .child_by_field_name("version")
                            .map(|v| trimmed(text, span(v)))
                            .filter(|v| !v.is_empty()),
                    })
                }
                "room_name" => room.name = Some(trimmed(text, span(child))),
                "short_description" => room.short = Some(trimmed(text, span(child))),
                "long_description" => {
                    let mut c = child.walk();
                    for line in child.named_children(&mut c) {
                        if line.kind() == "description_line" {
                            room.description_lines.push(trimmed(text, span(line)));
                        }
                    }
                }
                "flags_line" => room.body.push(BodyLine::Flags(read_flags(text, child))),
                "flag_continuation" => room
                    .body
                    .push(BodyLine::FlagsContinuation(read_flags(text, child))),
                "containers_line" => {
                    let mut c = child.walk();
                    let names = child
                        .named_children(&mut c)
                        .filter(|n| n.kind() == "container_name")
                        .map(span)
                        .collect();
                    room.body.push(BodyLine::Containers(ContainersLine {
                        line: trimmed(text, span(child)),
                        keyword: child
                            .child_by_field_name("keyword")
                            .map_or(span(child), span),
                        names,
                    }));
                }
                "container_line" => {
                    let container = child.child_by_field_name("container").map(span);
                    let colon = child
                        .children(&mut child.walk())
                        .find(|n| n.kind() == ":")
                        .map(span);
                    if let (Some(container), Some(colon)) = (container, colon) {
                        room.body.push(BodyLine::Container(ContainerLine {
                            line: trimmed(text, span(child)),
                            container,
                            colon,
                            item: child
                                .child_by_field_name("item")
                                .map(|i| trimmed(text, span(i)))
                                .filter(|i| !i.is_empty()),
                        }));
                    }
                }
                _ => {}
            }
            collect_errors(child, &mut room.syntax_errors);
        }
        room
    }

    pub fn flags_lines(&self) -> impl Iterator<Item = &FlagsLine> {
        self.body.iter().filter_map(|l| match l {
            BodyLine::Flags(f) | BodyLine::FlagsContinuation(f) => Some(f),
            _ => None,
        })
    }

    pub fn containers_lines(&self) -> impl Iterator<Item = &ContainersLine> {
        self.body.iter().filter_map(|l| match l {
            BodyLine::Containers(c) => Some(c),
            _ => None,
        })
    }

    pub fn container_lines(&self) -> impl Iterator<Item = &ContainerLine> {
        self.body.iter().filter_map(|l| match l {
            BodyLine::Container(c) => Some(c),
            _ => None,
        })
    }

    /// The first `Flags:` line, whose flags the engine reads.
    pub fn flags_line(&self) -> Option<&FlagsLine> {
        self.body.iter().find_map(|l| match l {
            BodyLine::Flags(f) => Some(f),
            _ => None,
        })
    }

    /// The first `Containers:` line.
    pub fn containers_line(&self) -> Option<&ContainersLine> {
        self.containers_lines().next()
    }
}

/// The flags of a flags line, split at commas so `+boss,+trap` reads as two flags.
fn read_flags(text: &str, line: Node) -> FlagsLine {
    let mut flags = Vec::new();
    let mut commas = Vec::new();
    let mut cursor = line.walk();
    for flag in line
        .named_children(&mut cursor)
        .filter(|n| n.kind() == "flag")
    {
        let sign = flag.child_by_field_name("sign").map(|s| {
            let sign = if &text[span(s)] == "-" {
                Sign::Minus
            } else {
                Sign::Plus
            };
            (sign, span(s))
        });
        let Some(name) = flag.child_by_field_name("name").map(span) else {
            flags.push(FlagToken {
                span: span(flag),
                sign,
                name: None,
            });
            continue;
        };
        // Split the name at commas; each piece after a comma may carry its own sign.
        let mut piece_sign = sign;
        let mut token_start = span(flag).start;
        let mut start = name.start;
        for (i, c) in text[name.clone()].char_indices().chain([(name.len(), ',')]) {
            if c != ',' {
                continue;
            }
            let end = name.start + i;
            if start < end || piece_sign.is_some() {
                flags.push(FlagToken {
                    span: token_start..end,
                    sign: piece_sign.take(),
                    name: (start < end).then_some(start..end),
                });
            }
            if i == name.len() {
                break;
            }
            commas.push(end..end + 1);
            start = end + 1;
            token_start = start;
            piece_sign = match text.as_bytes().get(start) {
                Some(b'+') => Some((Sign::Plus, start..start + 1)),
                Some(b'-') => Some((Sign::Minus, start..start + 1)),
                _ => None,
            };
            if piece_sign.is_some() && start < name.end {
                start += 1;
            }
        }
    }
    FlagsLine {
        line: trimmed(text, span(line)),
        keyword: line.child_by_field_name("keyword").map(span),
        flags,
        commas,
    }
}

fn collect_errors(node: Node, out: &mut Vec<SyntaxError>) {
    if !node.has_error() && !node.is_error() && !node.is_missing() {
        return;
    }
    if node.is_error() {
        out.push(SyntaxError {
            span: span(node),
            missing: None,
        });
        return;
    }
    if node.is_missing() {
        out.push(SyntaxError {
            span: span(node),
            missing: Some(node.kind().to_string()),
        });
        return;
    }
    let mut cursor = node.walk();
    for child in node.children(&mut cursor) {
        collect_errors(child, out);
    }
}

/// `flags:` / `CONTAINERS:`: a section keyword in the wrong case, and the right spelling.
pub fn miscased_keyword(line: &str) -> Option<&'static str> {
    let (word, _) = line.split_once(':')?;
    ["Flags", "Containers"]
        .into_iter()
        .find(|k| word != *k && word.eq_ignore_ascii_case(k))
}
