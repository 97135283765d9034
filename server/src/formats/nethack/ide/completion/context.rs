//! Where the cursor is in a statement, read from the text around it so that
//! half-typed input works: a small lexer that follows lev_comp's tokens
//! (column-1 comments, MAP blocks, strings that may span lines, `'x'`
//! chars, `[n%]`), run from the start of the nearest item the tree found
//! before the cursor to the end of the statement the cursor is in.

use crate::formats::nethack::names::slots::Arg;
use std::ops::Range;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokKind {
    Word,
    Str {
        closed: bool,
    },
    Char {
        closed: bool,
    },
    Int,
    Chance,
    Punct(char),
    /// A whole `MAP` … `ENDMAP` block.
    Map,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tok {
    pub kind: TokKind,
    pub span: Range<usize>,
}

fn at_line_start(text: &str, i: usize) -> bool {
    i == 0 || text.as_bytes()[i - 1] == b'\n'
}

/// `MAP` alone on its line, at `i` in column 1: the end of its block.
fn map_block_end(text: &str, i: usize) -> Option<usize> {
    let rest = &text[i..];
    let after = rest.strip_prefix("MAP")?;
    let after = after.strip_prefix('\r').unwrap_or(after);
    if !(after.is_empty() || after.starts_with('\n')) {
        return None;
    }
    let mut pos = i + (rest.len() - after.len());
    while pos < text.len() {
        // `pos` is at a line break or the start of a line.
        let line_start = if text.as_bytes()[pos] == b'\n' {
            pos + 1
        } else {
            pos
        };
        let line_end = text[line_start..]
            .find('\n')
            .map_or(text.len(), |n| line_start + n);
        if text[line_start..line_end].trim() == "ENDMAP" {
            return Some(line_end);
        }
        if line_end >= text.len() {
            break;
        }
        pos = line_end;
    }
    Some(text.len())
}

/// The tokens of `text` from `from` (a token boundary), one at a time.
pub struct Lexer<'t> {
    text: &'t str,
    i: usize,
}

impl<'t> Lexer<'t> {
    pub fn new(text: &'t str, from: usize) -> Self {
        Lexer { text, i: from }
    }
}

impl Iterator for Lexer<'_> {
    type Item = Tok;

    fn next(&mut self) -> Option<Tok> {
        let text = self.text;
        let mut i = self.i;
        let result = loop {
            if i >= text.len() {
                break None;
            }
            let Some(c) = text[i..].chars().next() else {
                break None;
            };
            let start = i;
            let tok = |kind, end: usize| Tok {
                kind,
                span: start..end,
            };
            if c.is_whitespace() {
                i += c.len_utf8();
                continue;
            }
            if c == '#' {
                // A comment (column 1) or a stray `#`: both run to the end of the line.
                i = text[i..].find('\n').map_or(text.len(), |n| i + n);
                continue;
            }
            if c == 'M' && at_line_start(text, i) {
                if let Some(end) = map_block_end(text, i) {
                    break Some(tok(TokKind::Map, end));
                }
            }
            break Some(match c {
                '"' => {
                    let (end, closed) = match text[i + 1..].find('"') {
                        Some(n) => (i + 1 + n + 1, true),
                        None => (text.len(), false),
                    };
                    tok(TokKind::Str { closed }, end)
                }
                '\'' => {
                    let mut chars = text[i + 1..].char_indices();
                    let mut end = i + 1;
                    let mut closed = false;
                    let mut first = chars.next();
                    if let Some((_, '\\')) = first {
                        end += 1;
                        first = chars.next();
                    }
                    if let Some((at, ch)) = first.filter(|(_, ch)| *ch != '\n' && *ch != '\r') {
                        let after = i + 1 + at + ch.len_utf8();
                        if text[after..].starts_with('\'') {
                            end = after + 1;
                            closed = true;
                        } else if !matches!(ch, ',' | ')') {
                            // Half-typed `'d`: the char so far (a comma or parenthesis
                            // after the quote belongs to the statement).
                            end = after;
                        }
                    }
                    tok(TokKind::Char { closed }, end)
                }
                '[' => match chance_end(text, i) {
                    Some(end) => tok(TokKind::Chance, end),
                    None => tok(TokKind::Punct('['), i + 1),
                },
                c if c.is_ascii_digit()
                    || ((c == '+' || c == '-')
                        && text[i + 1..].starts_with(|d: char| d.is_ascii_digit())) =>
                {
                    let digits = text[i + 1..]
                        .find(|d: char| !d.is_ascii_digit())
                        .map_or(text.len(), |n| i + 1 + n);
                    tok(TokKind::Int, digits)
                }
                c if c.is_ascii_alphabetic() || c == '_' => {
                    let end = text[i..]
                        .find(|d: char| !(d.is_ascii_alphanumeric() || d == '_' || d == '-'))
                        .map_or(text.len(), |n| i + n);
                    tok(TokKind::Word, end)
                }
                c => tok(TokKind::Punct(c), i + c.len_utf8()),
            });
        };
        self.i = result.as_ref().map_or(text.len(), |t| t.span.end);
        result
    }
}

/// `[`, blanks, digits, `%`, blanks, `]`: lev_comp's PERCENT token.
fn chance_end(text: &str, i: usize) -> Option<usize> {
    let rest = &text[i + 1..];
    let body = rest.trim_start_matches([' ', '\t']);
    let body = body.strip_prefix(['+', '-']).unwrap_or(body);
    let digits = body.len() - body.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 {
        return None;
    }
    let after = body[digits..].strip_prefix('%')?;
    let after = after.trim_start_matches([' ', '\t']);
    let after = after.strip_prefix(']')?;
    Some(text.len() - after.len())
}

/// What the cursor is on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Spot {
    /// A statement keyword, possibly partial (the span of what is typed).
    Keyword(Range<usize>),
    /// Inside a string: from after its opening quote to the cursor.
    Str(Range<usize>),
    /// A char literal being typed: from its opening quote to the cursor (or past its closing quote).
    Char(Range<usize>),
    /// A value, possibly partial (an empty span between tokens).
    Value(Range<usize>),
    /// The index of `name[`.
    RegisterIndex { name: String, replace: Range<usize> },
    /// After a keyword that still needs its colon, inside a chance, …: nothing to offer.
    Nothing,
}

/// The statement around the cursor.
#[derive(Clone, Debug)]
pub struct Context {
    /// The keyword as written, with its span (None before the first keyword).
    pub keyword: Option<(String, Range<usize>)>,
    pub colon: bool,
    /// The arguments, as far as they go (also after the cursor).
    pub args: Vec<Vec<Tok>>,
    /// The argument the cursor is in.
    pub arg: usize,
    /// Inside parentheses of the current argument: the element index of the innermost tuple.
    pub element: Option<usize>,
    pub spot: Spot,
}

impl Context {
    /// What argument `i` holds, as far as written.
    pub fn arg_value(&self, text: &str, i: usize) -> Arg {
        self.args
            .get(i)
            .map_or(Arg::Empty, |toks| classify(text, toks))
    }
    pub fn all_args(&self, text: &str) -> Vec<Arg> {
        (0..self.args.len())
            .map(|i| self.arg_value(text, i))
            .collect()
    }
}

/// An argument's tokens as a value.
fn classify(text: &str, toks: &[Tok]) -> Arg {
    let src = |t: &Tok| &text[t.span.clone()];
    match toks {
        [] => Arg::Empty,
        [t] => match t.kind {
            TokKind::Str { closed: true } => {
                let s = src(t);
                Arg::Str(s[1..s.len() - 1].to_string())
            }
            TokKind::Char { closed: true } => {
                let s = src(t);
                let inner = &s[1..s.len() - 1];
                let inner = inner
                    .strip_prefix('\\')
                    .filter(|r| !r.is_empty())
                    .unwrap_or(inner);
                inner.chars().next().map_or(Arg::Empty, Arg::Char)
            }
            TokKind::Int => Arg::Integer,
            TokKind::Word => Arg::Word(src(t).to_string()),
            _ => Arg::Empty,
        },
        [name, rest @ ..] if name.kind == TokKind::Word => match rest.first().map(|t| t.kind) {
            Some(TokKind::Punct('[')) => Arg::Register(src(name).to_string()),
            Some(TokKind::Punct('(')) => Arg::Call,
            Some(TokKind::Str { .. }) => Arg::Tagged(src(name).to_string()),
            _ => Arg::Empty,
        },
        [open, ..] if open.kind == TokKind::Punct('(') => {
            let mut depth = 0usize;
            let mut count = 0usize;
            let mut seen = false;
            for t in toks {
                match t.kind {
                    TokKind::Punct('(') => depth += 1,
                    TokKind::Punct(')') => depth = depth.saturating_sub(1),
                    TokKind::Punct(',') if depth == 1 => count += 1,
                    _ if depth == 1 => seen = true,
                    _ => {}
                }
            }
            Arg::Tuple(if seen || count > 0 { count + 1 } else { 0 })
        }
        _ => Arg::Empty,
    }
}

fn is_upper_word(w: &str) -> bool {
    w.starts_with(|c: char| c.is_ascii_uppercase())
        && w.chars().all(|c| c.is_ascii_uppercase() || c == '_')
}

fn first_on_line(text: &str, at: usize) -> bool {
    let line_start = text[..at].rfind('\n').map_or(0, |n| n + 1);
    text[line_start..at].trim().is_empty()
}

/// Reads the statement around `offset`, lexing from `anchor` (a token boundary before it).
pub fn read(text: &str, anchor: usize, offset: usize) -> Context {
    let limit = offset.saturating_add(4096);
    let toks = Lexer::new(text, anchor).take_while(|t| t.span.start < limit);
    let mut ctx = Context {
        keyword: None,
        colon: false,
        args: Vec::new(),
        arg: 0,
        element: None,
        spot: Spot::Nothing,
    };
    let mut depth = 0usize;
    // Element index per open parenthesis of the current argument.
    let mut elements: Vec<usize> = Vec::new();
    let mut prev: Option<Tok> = None;
    let mut placed = false;
    for tok in toks {
        let tok = &tok;
        let src = &text[tok.span.clone()];
        let starts_statement = match tok.kind {
            TokKind::Map => true,
            TokKind::Word => {
                is_upper_word(src)
                    || (depth == 0
                        && prev.as_ref().is_none_or(|p| {
                            !matches!(
                                p.kind,
                                TokKind::Punct(',' | ':' | '(' | '[') | TokKind::Chance
                            ) && first_on_line(text, tok.span.start)
                        }))
            }
            _ => false,
        };
        if placed {
            if starts_statement || tok.span.start > offset.saturating_add(4096) {
                break;
            }
        } else {
            let inside = tok.span.start < offset
                && match tok.kind {
                    TokKind::Str { closed } | TokKind::Char { closed } => {
                        offset < tok.span.end || (!closed && offset <= tok.span.end)
                    }
                    TokKind::Word | TokKind::Int => offset <= tok.span.end,
                    TokKind::Chance | TokKind::Map => offset < tok.span.end,
                    TokKind::Punct(_) => false,
                };
            if tok.span.start >= offset || inside {
                placed = true;
                ctx.spot = spot_at(
                    text,
                    &ctx,
                    tok,
                    inside,
                    starts_statement,
                    prev.as_ref(),
                    offset,
                );
                ctx.element = elements.last().copied();
                ctx.arg = ctx.args.len().saturating_sub(1);
                if !inside && starts_statement {
                    // The cursor is before the next statement: only the current one matters.
                    break;
                }
            }
        }
        if starts_statement {
            if tok.kind == TokKind::Map {
                ctx.keyword = None;
            } else {
                ctx.keyword = Some((src.to_string(), tok.span.clone()));
            }
            ctx.colon = false;
            ctx.args.clear();
            depth = 0;
            elements.clear();
            prev = Some(tok.clone());
            continue;
        }
        match tok.kind {
            TokKind::Punct(':') if depth == 0 && !ctx.colon && ctx.keyword.is_some() => {
                ctx.colon = true;
                ctx.args.push(Vec::new());
            }
            TokKind::Punct(',') if depth == 0 && ctx.colon => ctx.args.push(Vec::new()),
            kind => {
                match kind {
                    TokKind::Punct('(') => {
                        depth += 1;
                        elements.push(0);
                    }
                    TokKind::Punct(')') => {
                        depth = depth.saturating_sub(1);
                        elements.pop();
                    }
                    TokKind::Punct(',') => {
                        if let Some(e) = elements.last_mut() {
                            *e += 1;
                        }
                    }
                    _ => {}
                }
                if let Some(arg) = ctx.args.last_mut() {
                    arg.push(tok.clone());
                }
            }
        }
        prev = Some(tok.clone());
    }
    let prev = prev.as_ref();
    if !placed {
        let after = prev.map_or(anchor, |p| p.span.end);
        ctx.spot = if ctx.keyword.is_none() || prev.is_some_and(|p| p.kind == TokKind::Map) {
            Spot::Keyword(offset..offset)
        } else {
            between(text, &ctx, prev, after, offset)
        };
        ctx.element = elements.last().copied();
        ctx.arg = ctx.args.len().saturating_sub(1);
    }
    ctx
}

/// The spot of a cursor that is inside `tok` or just before it.
fn spot_at(
    text: &str,
    ctx: &Context,
    tok: &Tok,
    inside: bool,
    starts_statement: bool,
    prev: Option<&Tok>,
    offset: usize,
) -> Spot {
    if !inside {
        return between(text, ctx, prev, prev.map_or(0, |p| p.span.end), offset);
    }
    match tok.kind {
        TokKind::Word if starts_statement => Spot::Keyword(tok.span.start..offset),
        TokKind::Str { .. } => {
            // A string opened on an earlier line is most likely unterminated.
            if text[tok.span.start..offset].contains('\n') {
                Spot::Nothing
            } else {
                Spot::Str(tok.span.start + 1..offset)
            }
        }
        TokKind::Char { closed } => {
            Spot::Char(tok.span.start..if closed { tok.span.end } else { offset })
        }
        TokKind::Word | TokKind::Int if ctx.colon => {
            if let (Some(p), TokKind::Int) = (prev, tok.kind) {
                if let Some(name) = register_before(text, ctx, p) {
                    return Spot::RegisterIndex {
                        name,
                        replace: tok.span.start..offset,
                    };
                }
            }
            Spot::Value(tok.span.start..offset)
        }
        _ => Spot::Nothing,
    }
}

/// The cursor between tokens, after `prev` (ending at `after`).
fn between(text: &str, ctx: &Context, prev: Option<&Tok>, after: usize, offset: usize) -> Spot {
    let Some(p) = prev else {
        return Spot::Keyword(offset..offset);
    };
    if offset < after {
        return Spot::Nothing;
    }
    if let Some(name) = register_before(text, ctx, p) {
        return Spot::RegisterIndex {
            name,
            replace: offset..offset,
        };
    }
    match p.kind {
        TokKind::Punct(':' | ',' | '(') if ctx.colon => Spot::Value(offset..offset),
        // A statement that is complete, or needs no colon: a new one may start on a new line.
        _ if first_on_line(text, offset) && (ctx.colon || p.kind == TokKind::Map) => {
            Spot::Keyword(offset..offset)
        }
        TokKind::Word
            if !ctx.colon
                && ctx
                    .keyword
                    .as_ref()
                    .is_some_and(|(_, span)| *span == p.span)
                && first_on_line(text, offset) =>
        {
            Spot::Keyword(offset..offset)
        }
        _ => Spot::Nothing,
    }
}

/// `name[` right before: the register name.
fn register_before(text: &str, ctx: &Context, p: &Tok) -> Option<String> {
    if p.kind != TokKind::Punct('[') {
        return None;
    }
    let arg = ctx.args.last()?;
    let n = arg.len();
    if n >= 2 && arg[n - 1].span == p.span && arg[n - 2].kind == TokKind::Word {
        return Some(text[arg[n - 2].span.clone()].to_string());
    }
    None
}
