//! 3.6 point variables, for the map picture: `$p = (x,y)` and
//! `$places = { (x,y), … }`. A statement whose coordinate is `$p`, or
//! `$places[i]` of a list never shuffled, lands on a known cell; a shuffled
//! list (`SHUFFLE: $places`) or `rndcoord($places)` makes every point of the
//! list a candidate.

use crate::formats::nethack::syntax::{Item, Level, Statement, Value, ValueKind};
use std::collections::HashMap;

#[derive(Debug)]
struct Points {
    points: Vec<(i64, i64)>,
    /// `{ … }` rather than one point.
    list: bool,
    /// Assigned more than once: which value holds is not known here.
    reassigned: bool,
    shuffled: bool,
}

#[derive(Debug, Default)]
pub struct PointVariables {
    by_name: HashMap<String, Points>,
}

/// The variable of `$name` or `$name[index]`, with the index when it is a literal.
fn variable(value: &Value) -> Option<(&str, Option<Option<i64>>)> {
    match &value.kind {
        ValueKind::Variable { name, index, .. } => {
            Some((name, index.as_ref().map(|i| i.integer())))
        }
        _ => None,
    }
}

impl PointVariables {
    /// The point variables assigned anywhere in `level`.
    pub fn of(level: &Level) -> PointVariables {
        let mut by_name: HashMap<String, Points> = HashMap::new();
        for item in level.items.iter().flat_map(Item::walk) {
            let Item::Assignment(a) = item else { continue };
            let Some((name, None)) = variable(&a.variable) else {
                continue;
            };
            let Some(value) = &a.value else { continue };
            let (points, list) = match &value.kind {
                ValueKind::List(values) => {
                    let points: Option<Vec<_>> = values.iter().map(Value::point).collect();
                    match points {
                        Some(p) if !p.is_empty() => (p, true),
                        _ => continue,
                    }
                }
                _ => match value.point() {
                    Some(p) => (vec![p], false),
                    None => continue,
                },
            };
            by_name
                .entry(name.to_string())
                .and_modify(|p| p.reassigned = true)
                .or_insert(Points {
                    points,
                    list,
                    reassigned: false,
                    shuffled: false,
                });
        }
        // Once every list is known: a SHUFFLE anywhere in the level counts
        // (inside a loop, it may run before the assignment's next run).
        for item in level.items.iter().flat_map(Item::walk) {
            if let Item::Statement(s) = item {
                if s.keyword == "SHUFFLE" {
                    for (name, _) in s.args.iter().filter_map(variable) {
                        if let Some(p) = by_name.get_mut(name) {
                            p.shuffled = true;
                        }
                    }
                }
            }
        }
        PointVariables { by_name }
    }

    /// The cell a coordinate argument names for sure: `$p`, or `$list[i]`
    /// of a list never shuffled.
    pub fn resolve(&self, value: &Value) -> Option<(i64, i64)> {
        let (name, index) = variable(value)?;
        let p = self.by_name.get(name).filter(|p| !p.reassigned)?;
        match (index, p.list) {
            (None, false) => p.points.first().copied(),
            (Some(Some(i)), true) if !p.shuffled => usize::try_from(i)
                .ok()
                .and_then(|i| p.points.get(i))
                .copied(),
            _ => None,
        }
    }

    /// The candidate cells of `statements`: for each shuffled list they
    /// index, and each list they pick from with `rndcoord`, every point of
    /// the list with what may land there.
    pub fn candidates(
        &self,
        statements: &[&Statement],
        summary: impl Fn(&Statement) -> String,
    ) -> Vec<(i64, i64, String)> {
        // (list, index or None for rndcoord) → users.
        let mut uses: Vec<(&str, Option<usize>, String)> = Vec::new();
        for s in statements {
            for arg in &s.args {
                let used = match &arg.kind {
                    ValueKind::Call { name, args, .. } if name == "rndcoord" => {
                        args.first().and_then(variable).map(|(v, _)| (v, None))
                    }
                    _ => match variable(arg) {
                        Some((v, Some(Some(i)))) => usize::try_from(i).ok().map(|i| (v, Some(i))),
                        _ => None,
                    },
                };
                let Some((name, index)) = used else { continue };
                let Some(p) = self.by_name.get(name) else {
                    continue;
                };
                if p.list && (index.is_none() || p.shuffled || p.reassigned) {
                    uses.push((name, index, summary(s)));
                }
            }
        }
        let mut out = Vec::new();
        let mut names: Vec<&str> = uses.iter().map(|u| u.0).collect();
        names.sort_unstable();
        names.dedup();
        for name in names {
            let p = &self.by_name[name];
            for (i, &(x, y)) in p.points.iter().enumerate() {
                let users: Vec<String> = uses
                    .iter()
                    .filter(|u| u.0 == name)
                    .map(|u| match u.1 {
                        None => format!("any of {name}: {}", u.2),
                        Some(j) if p.shuffled => format!("{name}[{j}] after SHUFFLE: {}", u.2),
                        Some(j) => format!("{name}[{j}]: {}", u.2),
                    })
                    .collect();
                out.push((x, y, format!("{name}[{i}]\n{}", users.join("\n"))));
            }
        }
        out
    }
}
