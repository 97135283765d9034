//! Hover: on a key, its type, defaults, range and what it does (from the vocabulary table);
//! on an enumeration code, its name and meaning.

use super::model::{code_of, codes_for, member_at, Part};
use super::syntax;
use super::vocabulary::{self as v, Field, Role, Ty, Value};
use crate::formats::{HoverInfo, SourceFile};

pub fn hover(file: &SourceFile, offset: usize) -> Option<HoverInfo> {
    let root = syntax::root_of(file)?;
    let (path, member, part) = member_at(&root, offset)?;
    let field = v::field_at(&path);
    match part {
        Part::Value => {
            let code = code_of(&root, &path, &member.value)?;
            Some(HoverInfo {
                range: member.value.span.clone(),
                markdown: format!(
                    "**{}** = `{}`: {}\n\n`{}`",
                    code.code,
                    code.name,
                    code.meaning,
                    path.join(".")
                ),
            })
        }
        Part::Key => Some(HoverInfo {
            range: member.key_span.clone(),
            markdown: match field {
                Some(f) => key_markdown(&path, f, codes_for(&root, &path)),
                None => format!(
                    "`{}`: not a key levls knows here; the library ignores it",
                    path.join(".")
                ),
            },
        }),
    }
}

/// The docs of a key, as hover and completion show them.
pub fn key_markdown(path: &[&str], f: &Field, codes: Option<&[v::Code]>) -> String {
    let mut out = format!("**`{}`** — {}", path.join("."), f.ty.name());
    if let Some((lo, hi)) = f.range {
        out.push_str(&format!(", {lo}..{hi} ({})", f.range_why));
    }
    if f.chance {
        out.push_str(", a percentage: `<= 0` never, `>= 100` always");
    }
    if f.required {
        out.push_str(", required");
    }
    out.push_str("\n\n");
    match f.role {
        Role::Unused => out.push_str("*Unused by the generator.* "),
        Role::Output => out.push_str("*Output.* "),
        Role::Extra => out.push_str("*levls only.* "),
        Role::Input => {}
    }
    out.push_str(f.doc);
    let shown = |value: Value| match value {
        Value::Int(i) => match f.code(i) {
            Some(c) => format!("`{i}` ({})", c.name),
            None => format!("`{i}`"),
        },
        other => format!("`{}`", other.json()),
    };
    if !matches!(f.default, Value::None | Value::Object) {
        out.push_str(&format!(
            "\n\nDefault: {} (library); {} (Dungeoneer demo's starting value)",
            shown(f.default),
            shown(f.demo)
        ));
    }
    if let Ty::Object(fields) = f.ty {
        let keys: Vec<String> = fields.iter().map(|k| format!("`{}`", k.key)).collect();
        out.push_str(&format!("\n\nKeys: {}", keys.join(", ")));
    }
    if let Some(codes) = codes.filter(|c| !c.is_empty()) {
        out.push_str("\n\n| code | name | meaning |\n|---|---|---|\n");
        for c in codes {
            out.push_str(&format!("| {} | `{}` | {} |\n", c.code, c.name, c.meaning));
        }
        out = out.trim_end().to_string();
    }
    out
}

#[cfg(test)]
mod tests;
