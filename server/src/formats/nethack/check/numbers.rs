//! Numbers lev_comp reads as another number (both dialects): its lexer keeps
//! a number in a 32-bit `int`, so `4294967297` is 1 and `2147483648` is
//! -2147483648. The checks judge the number lev_comp reads
//! ([`syntax::parse_integer`]); a number written past 32 bits gets a warning
//! here, as lev_comp says nothing.

use super::report::warning;
use crate::formats::nethack::syntax::{
    self, Chance, Document, Item, Span, Statement, Value, ValueKind,
};
use crate::formats::Diagnostic;

/// Values nested deeper than this are not walked (pathological input).
const CAP: usize = 100;

pub fn check(text: &str, doc: &Document, out: &mut Vec<Diagnostic>) {
    let mut found = Vec::new();
    let items = doc
        .prelude
        .iter()
        .chain(doc.levels.iter().flat_map(|l| l.items.iter()));
    for level in &doc.levels {
        statement(&level.header, &mut found);
    }
    for item in items {
        for inner in item.walk() {
            match inner {
                Item::Statement(s) => statement(s, &mut found),
                Item::Assignment(a) => found.extend(a.value.iter().map(|v| (v, 0))),
                Item::For(f) => found.extend(f.from.iter().chain(f.to.iter()).map(|v| (v, 0))),
                Item::Chance(c) => {
                    chance(text, c.chance.as_ref(), out);
                    found.extend(c.condition.iter().map(|v| (&**v, 0)));
                }
                Item::Label(l) => found.extend(l.value.iter().map(|v| (v, 0))),
                Item::Map(_) => {}
            }
        }
    }
    for level in &doc.levels {
        chance(text, level.header.chance.as_ref(), out);
    }
    let mut stack = found;
    while let Some((v, depth)) = stack.pop() {
        if depth > CAP {
            continue;
        }
        let mut literal = |span: &Span| number(text, span, out);
        match &v.kind {
            ValueKind::Integer(_) | ValueKind::Percent(_) => literal(&v.span),
            ValueKind::Dice { .. } => {
                let written = text.get(v.span.clone()).unwrap_or("");
                if let Some(d) = written.find('d') {
                    literal(&(v.span.start..v.span.start + d));
                    literal(&(v.span.start + d + 1..v.span.end));
                }
            }
            ValueKind::Register { index_span, .. } => literal(index_span),
            ValueKind::Tuple(vs) | ValueKind::List(vs) | ValueKind::Call { args: vs, .. } => {
                stack.extend(vs.iter().map(|x| (x, depth + 1)))
            }
            ValueKind::Keyed { value, .. } => stack.push((value, depth + 1)),
            ValueKind::Binary { left, right, .. } => {
                stack.push((left, depth + 1));
                stack.push((right, depth + 1));
            }
            ValueKind::Weighted { value, chance: c } => {
                chance(text, Some(c), out);
                stack.push((value, depth + 1));
            }
            ValueKind::Variable { index: Some(i), .. } => stack.push((i, depth + 1)),
            _ => {}
        }
    }
}

fn statement<'a>(s: &'a Statement, found: &mut Vec<(&'a Value, usize)>) {
    found.extend(s.condition.iter().map(|v| (&**v, 0)));
    found.extend(s.args.iter().map(|v| (v, 0)));
}

/// `[n%]`: the number inside.
fn chance(text: &str, c: Option<&Chance>, out: &mut Vec<Diagnostic>) {
    let Some(c) = c else { return };
    let written = text.get(c.span.clone()).unwrap_or("");
    if let Some(start) = written.find(|ch: char| ch.is_ascii_digit()) {
        let len = written[start..]
            .find(|ch: char| !ch.is_ascii_digit())
            .unwrap_or(written.len() - start);
        let at = c.span.start + start;
        number(text, &(at..at + len), out);
    }
}

/// One written number (digits with an optional sign, a `%` after them).
fn number(text: &str, span: &Span, out: &mut Vec<Diagnostic>) {
    let written = text.get(span.clone()).unwrap_or("");
    let written = written.trim_end_matches('%').trim();
    let read = syntax::parse_integer(written);
    if read != syntax::wide_integer(written) {
        out.push(warning(
            "nethack::number-wraps",
            span.clone(),
            format!(
                "lev_comp reads `{written}` as {read}: its numbers are 32-bit, from -2147483648 to 2147483647"
            ),
        ));
    }
}

#[cfg(test)]
mod tests;
