//! The rules of the house, checked on the crate's own sources (ARCHITECTURE.md):
//! modules are files where they are declared (no path attribute), no file or
//! folder is named after a NetHack dialect (a dialect is data inside a
//! feature), no two modules import each other, and the LSP layer, the CLI
//! and the renderer name no format.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Every `.rs` file under `server/src`, with its module path (`formats::nethack::check`).
fn modules() -> BTreeMap<String, PathBuf> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut out = BTreeMap::new();
    let mut stack = vec![src.clone()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") || path.ends_with("src/main.rs") {
                continue;
            }
            let relative = path.strip_prefix(&src).unwrap().with_extension("");
            let mut segments: Vec<String> = relative
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            if matches!(segments.last().map(String::as_str), Some("mod" | "lib")) {
                segments.pop();
            }
            out.insert(segments.join("::"), path);
        }
    }
    out
}

/// The text with comments and the insides of string and char literals blanked,
/// so only code is searched.
fn code_only(src: &str) -> String {
    let b = src.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    let blank = |out: &mut Vec<u8>, bytes: &[u8]| {
        out.extend(bytes.iter().map(|&c| if c == b'\n' { b'\n' } else { b' ' }))
    };
    while i < b.len() {
        let ident_before = i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_');
        if b[i..].starts_with(b"//") {
            let end = b[i..]
                .iter()
                .position(|&c| c == b'\n')
                .map_or(b.len(), |n| i + n);
            blank(&mut out, &b[i..end]);
            i = end;
        } else if b[i..].starts_with(b"/*") {
            let end = src[i + 2..].find("*/").map_or(b.len(), |n| i + 2 + n + 2);
            blank(&mut out, &b[i..end]);
            i = end;
        } else if !ident_before && (b[i] == b'r' || b[i..].starts_with(b"br")) && {
            let start = i + if b[i] == b'b' { 2 } else { 1 };
            let hashes = b[start..].iter().take_while(|&&c| c == b'#').count();
            b.get(start + hashes) == Some(&b'"')
        } {
            let start = i + if b[i] == b'b' { 2 } else { 1 };
            let hashes = b[start..].iter().take_while(|&&c| c == b'#').count();
            let close = format!("\"{}", "#".repeat(hashes));
            let body = start + hashes + 1;
            let end = src[body..]
                .find(&close)
                .map_or(b.len(), |n| body + n + close.len());
            blank(&mut out, &b[i..end]);
            i = end;
        } else if b[i] == b'"' {
            let mut j = i + 1;
            while j < b.len() && b[j] != b'"' {
                j += if b[j] == b'\\' { 2 } else { 1 };
            }
            let end = (j + 1).min(b.len());
            blank(&mut out, &b[i..end]);
            i = end;
        } else if b[i] == b'\'' {
            // A char literal ('x', '\n', '\'', '"'), else a lifetime.
            let len = if b.get(i + 1) == Some(&b'\\') {
                b[i + 2..].iter().position(|&c| c == b'\'').map(|n| n + 3)
            } else {
                let c = src[i + 1..].chars().next().map_or(1, char::len_utf8);
                (b.get(i + 1 + c) == Some(&b'\'')).then_some(c + 2)
            };
            let end = len.map_or(i + 1, |n| i + n);
            blank(&mut out, &b[i..end]);
            i = end;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Every path named in `code` that starts at `crate`, `super` or `self`,
/// with `use` groups (`a::{b, c::d}`) expanded, as written.
fn paths(code: &str) -> Vec<Vec<String>> {
    fn tree(s: &[char], i: &mut usize, prefix: Vec<String>, out: &mut Vec<Vec<String>>) {
        let mut path = prefix;
        loop {
            while *i < s.len() && s[*i].is_whitespace() {
                *i += 1;
            }
            if *i < s.len() && s[*i] == '{' {
                *i += 1;
                loop {
                    tree(s, i, path.clone(), out);
                    while *i < s.len() && s[*i].is_whitespace() {
                        *i += 1;
                    }
                    match s.get(*i) {
                        Some(',') => *i += 1,
                        Some('}') => {
                            *i += 1;
                            return;
                        }
                        _ => return,
                    }
                    while *i < s.len() && s[*i].is_whitespace() {
                        *i += 1;
                    }
                    if s.get(*i) == Some(&'}') {
                        *i += 1;
                        return;
                    }
                }
            }
            let start = *i;
            while *i < s.len() && is_ident(s[*i]) {
                *i += 1;
            }
            if start < *i {
                path.push(s[start..*i].iter().collect());
            }
            if s.get(*i) == Some(&':') && s.get(*i + 1) == Some(&':') {
                *i += 2;
                continue;
            }
            if !path.is_empty() {
                out.push(path);
            }
            return;
        }
    }
    let chars: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let boundary = i == 0 || !(is_ident(chars[i - 1]) || chars[i - 1] == ':');
        let starts = ["crate::", "super::", "self::"]
            .iter()
            .any(|p| chars[i..].iter().take(p.len()).copied().eq(p.chars()));
        if boundary && starts {
            tree(&chars, &mut i, Vec::new(), &mut out);
        } else {
            i += 1;
        }
    }
    out
}

/// Which module of `known` a path written in `module` names (`None`: outside the crate).
fn target(module: &str, path: &[String], known: &BTreeMap<String, PathBuf>) -> Option<String> {
    let mut absolute: Vec<String> = module
        .split("::")
        .filter(|s| !s.is_empty())
        .map(String::from)
        .collect();
    let mut rest = path;
    match rest.first().map(String::as_str) {
        Some("crate") => {
            absolute.clear();
            rest = &rest[1..];
        }
        Some("self") => rest = &rest[1..],
        _ => {
            while rest.first().is_some_and(|s| s == "super") {
                absolute.pop()?;
                rest = &rest[1..];
            }
        }
    }
    absolute.extend(rest.iter().cloned());
    (0..=absolute.len())
        .rev()
        .map(|n| absolute[..n].join("::"))
        .find(|m| known.contains_key(m))
}

fn related(a: &str, b: &str) -> bool {
    let within = |inner: &str, outer: &str| {
        outer.is_empty() || inner == outer || inner.starts_with(&format!("{outer}::"))
    };
    within(a, b) || within(b, a)
}

#[test]
fn no_two_modules_import_each_other() {
    let known = modules();
    let mut edges: BTreeSet<(String, String)> = BTreeSet::new();
    for (module, file) in &known {
        let code = code_only(&std::fs::read_to_string(file).unwrap());
        // An inline `mod tests { … }` reads `super::` from the file's module.
        let (outer, inline) = match code.find("mod tests {") {
            Some(at) => (&code[..at], Some(&code[at..])),
            None => (code.as_str(), None),
        };
        let inline_module = format!("{module}::tests");
        for (from, part) in [
            (module.as_str(), Some(outer)),
            (inline_module.as_str(), inline),
        ] {
            for path in part.map(paths).unwrap_or_default() {
                if let Some(to) = target(from, &path, &known) {
                    if !related(module, &to) {
                        edges.insert((module.clone(), to));
                    }
                }
            }
        }
    }
    let cycles: Vec<String> = edges
        .iter()
        .filter(|(a, b)| a < b && edges.contains(&(b.clone(), a.clone())))
        .map(|(a, b)| format!("{a} ↔ {b}"))
        .collect();
    assert!(
        cycles.is_empty(),
        "modules that import each other (move what both need into a third):\n{}",
        cycles.join("\n")
    );
}

/// The path attribute's opening, in two pieces so that a grep of the sources for it finds none here.
const PATH_ATTRIBUTE: &str = concat!("#[", "path");

#[test]
fn modules_are_where_they_are_declared() {
    for (module, file) in modules() {
        let code = code_only(&std::fs::read_to_string(&file).unwrap());
        assert!(
            !code.contains(PATH_ATTRIBUTE),
            "{module} ({}) uses a path attribute",
            file.display()
        );
    }
}

#[test]
fn no_file_or_folder_is_named_after_a_dialect() {
    for file in modules().values() {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        for part in file
            .strip_prefix(&src)
            .unwrap()
            .with_extension("")
            .components()
        {
            let name = part.as_os_str().to_string_lossy();
            assert!(
                !name.ends_with("36") && !name.ends_with("343"),
                "{}: a dialect is data inside a feature, not a file",
                file.display()
            );
        }
    }
}

#[test]
fn the_lsp_layer_and_the_cli_name_no_format() {
    let known = modules();
    let formats: Vec<String> = crate::formats::registry()
        .iter()
        .map(|f| f.name().replace('-', "_"))
        .collect();
    assert!(formats.iter().any(|f| f == "nethack"), "{formats:?}");
    let layers = known
        .iter()
        .filter(|(m, _)| ["lsp", "cli", "render"].iter().any(|l| m.starts_with(l)));
    for (module, file) in layers {
        let code = code_only(&std::fs::read_to_string(file).unwrap());
        // Their tests may open a real format's files; the layers themselves may not.
        let code = code.split("mod tests {").next().unwrap_or_default();
        for format in &formats {
            assert!(
                !code.contains(&format!("formats::{format}")),
                "{module} names the format {format}"
            );
        }
    }
}

#[test]
fn the_checks_see_what_they_should() {
    let code = code_only("use super::{a, b::{c, d}};\nlet s = \"crate::x\"; // super::y\nlet c = '\"'; crate::z::w(1);\n");
    let found = paths(&code);
    let shown: Vec<String> = found.iter().map(|p| p.join("::")).collect();
    assert_eq!(
        shown,
        ["super::a", "super::b::c", "super::b::d", "crate::z::w"]
    );
    let known: BTreeMap<String, PathBuf> = ["", "a", "a::b", "c"]
        .iter()
        .map(|m| (m.to_string(), PathBuf::new()))
        .collect();
    let path = |s: &str| s.split("::").map(String::from).collect::<Vec<_>>();
    assert_eq!(
        target("a::b", &path("super::super::c::f"), &known).as_deref(),
        Some("c")
    );
    assert_eq!(
        target("a", &path("crate::a::b::T"), &known).as_deref(),
        Some("a::b")
    );
    assert!(related("a", "a::b") && !related("a::b", "c") && related("", "c"));
}
