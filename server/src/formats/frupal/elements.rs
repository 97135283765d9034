//! Reading an element's values against its parameter list: which value is
//! which parameter, the tool's targets, the description, what is missing
//! and what is left over.

use super::syntax::{number_value, Element, Span, Value};
use super::vocabulary::{element, ElementInfo, Param, ParamKind, TOOL_TAIL};

/// One parameter and the value written for it, if any.
#[derive(Clone, Debug)]
pub struct Arg {
    pub param: &'static Param,
    pub value: Option<Value>,
}

impl Arg {
    /// The number written, if the value is one.
    pub fn number(&self, text: &str) -> Option<i64> {
        let v = self.value.as_ref()?;
        if v.is_number {
            number_value(&text[v.span.clone()])
        } else {
            None
        }
    }
}

#[derive(Debug)]
pub struct Parsed {
    pub info: &'static ElementInfo,
    /// The fixed parameters in order; for tools also `divisor` and `cost` after the targets.
    pub args: Vec<Arg>,
    /// Tools: the obstacle kinds named as targets.
    pub targets: Vec<Span>,
    /// Free text after the parameters (elements that have one), trimmed.
    pub description: Option<Span>,
    /// Values after the last parameter of an element without a description.
    pub extra: Vec<Value>,
}

impl Parsed {
    pub fn arg(&self, name: &str) -> Option<&Arg> {
        self.args.iter().find(|a| a.param.name == name)
    }

    /// The position written, when both coordinates are numbers.
    pub fn position(&self, text: &str) -> Option<(i64, i64)> {
        let x = self
            .args
            .iter()
            .find(|a| a.param.kind == ParamKind::X)?
            .number(text)?;
        let y = self
            .args
            .iter()
            .find(|a| a.param.kind == ParamKind::Y)?
            .number(text)?;
        Some((x, y))
    }

    /// The kind word of an obstacle or tool.
    pub fn kind<'t>(&self, text: &'t str) -> Option<(&'t str, Span)> {
        let v = self.arg("kind")?.value.as_ref()?;
        Some((&text[v.span.clone()], v.span.clone()))
    }
}

/// Read `e`, whose values are `values`, against its element's parameters;
/// `None` for unknown elements.
pub fn parse(text: &str, e: &Element, values: &[Value], line_end: usize) -> Option<Parsed> {
    let info = element(&text[e.name.clone()])?;
    let mut values = values.iter().cloned();
    let tail = if info.has_targets { TOOL_TAIL.len() } else { 0 };
    let mut args: Vec<Arg> = Vec::with_capacity(info.params.len() + tail);
    args.extend(info.params.iter().map(|param| Arg {
        param,
        value: values.next(),
    }));
    let mut targets = Vec::new();
    if info.has_targets {
        let count = args
            .iter()
            .find(|a| a.param.kind == ParamKind::TargetCount)
            .and_then(|a| a.number(text));
        for _ in 0..count.unwrap_or(0).clamp(0, 10_000) {
            match values.next() {
                Some(v) => targets.push(v.span),
                None => break,
            }
        }
        args.extend(TOOL_TAIL.iter().map(|param| Arg {
            param,
            value: values.next(),
        }));
    }
    // A description is the rest of the line, from its first word on.
    let (description, extra) = match info.description {
        Some(_) => {
            let described = values.next().map(|first| {
                let end = text[first.span.start..line_end].trim_end().len() + first.span.start;
                first.span.start..end
            });
            (described, Vec::new())
        }
        None => (None, values.collect()),
    };
    Some(Parsed {
        info,
        args,
        targets,
        description,
        extra,
    })
}
