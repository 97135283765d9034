//! The agreement of a table of codes with its docs page and its source:
//! every declared code is documented and emitted, every documented or
//! emitted code is declared, and the docs' table of codes shows each one's
//! declared summary and severity. One failure lists every disagreement, each
//! saying what to write where.

use super::read::{self, MdTable};
use super::Code;
use crate::formats::{registry, Format, Severity};
use std::path::{Path, PathBuf};

/// A table of codes and where its codes are documented and emitted (paths
/// relative to the repository root).
pub struct Table {
    pub prefix: &'static str,
    pub codes: &'static [Code],
    /// The file that declares `codes`.
    pub declared_in: String,
    /// The page whose table of codes lists them.
    pub doc: String,
    /// The folder whose `.rs` files emit them.
    pub source: String,
    /// Files and folders under `source` not to scan: the table itself, the checks.
    pub skip: Vec<String>,
}

impl Table {
    /// A format's: `server/src/formats/<name>/codes.rs`, `docs/formats/<name>.md`.
    pub fn of(format: &dyn Format) -> Table {
        let name = format.name();
        let source = format!("server/src/formats/{}", name.replace('-', "_"));
        Table {
            prefix: name,
            codes: format.codes(),
            declared_in: format!("{source}/codes.rs"),
            doc: format!("docs/formats/{name}.md"),
            skip: vec![format!("{source}/codes.rs")],
            source,
        }
    }

    /// levls' own, emitted anywhere in the server.
    pub fn levls() -> Table {
        Table {
            prefix: "levls",
            codes: super::LEVLS,
            declared_in: "server/src/formats/codes.rs".into(),
            doc: "docs/README.md".into(),
            source: "server/src".into(),
            skip: vec![
                "server/src/formats/codes.rs".into(),
                "server/src/formats/codes".into(),
            ],
        }
    }

    fn declares(&self, name: &str) -> Option<&'static Code> {
        self.codes.iter().find(|c| c.name == name)
    }
}

/// Fails with the list of disagreements between `table`, its page and its source.
pub fn agree(table: &Table) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut problems = Vec::new();
    declarations(table, &mut problems);
    docs(table, &root, &mut problems);
    source(table, &root, &mut problems);
    assert!(
        problems.is_empty(),
        "the codes of {} disagree with {} or {}/:\n- {}",
        table.declared_in,
        table.doc,
        table.source,
        problems.join("\n- ")
    );
}

fn prefixes() -> Vec<&'static str> {
    let mut out = vec!["levls"];
    out.extend(registry().iter().map(|f| f.name()));
    out
}

/// Any table's declaration of `name`.
fn declared_anywhere(name: &str) -> Option<&'static Code> {
    super::all().find(|c| c.name == name)
}

fn declarations(table: &Table, problems: &mut Vec<String>) {
    for (i, code) in table.codes.iter().enumerate() {
        let own = code
            .name
            .strip_prefix(table.prefix)
            .is_some_and(|n| n.starts_with("::"));
        if !own || !read::is_code(code.name, &prefixes()) {
            problems.push(format!(
                "{} declares `{}`: a code of this table is `{}::` and lower-case words joined by `-`",
                table.declared_in, code.name, table.prefix
            ));
        }
        if table.codes[..i].iter().any(|c| c.name == code.name) {
            problems.push(format!(
                "{} declares `{}` twice: remove one",
                table.declared_in, code.name
            ));
        }
    }
}

/// The severities a docs cell names (`error`, `error / warning`), or the
/// word it does not know.
fn severities(cell: &str) -> Result<Vec<Severity>, String> {
    cell.split('/')
        .map(|w| match w.trim() {
            "error" => Ok(Severity::Error),
            "warning" => Ok(Severity::Warning),
            "info" => Ok(Severity::Information),
            "hint" => Ok(Severity::Hint),
            other => Err(other.to_string()),
        })
        .collect()
}

/// One code written in the code cell of a docs row.
struct Row<'a> {
    line: usize,
    name: &'a str,
    severity: Option<&'a str>,
    meaning: Option<&'a str>,
    /// The code's own row in a table of codes (`| Code | Severity | Meaning |`).
    in_index: bool,
}

/// A page's table of codes: the code first, a meaning column.
fn is_table_of_codes(table: &MdTable) -> bool {
    table.column("code") == Some(0) && table.column("meaning").is_some()
}

/// Every code in the code column of every table of `tables`.
fn rows<'a>(tables: &'a [MdTable], prefixes: &[&str]) -> Vec<Row<'a>> {
    let mut out = Vec::new();
    for t in tables {
        let Some(code_col) = t.column("code") else {
            continue;
        };
        let is_index = is_table_of_codes(t);
        let cell = |row: &'a [String], col: Option<usize>| {
            col.and_then(|c| row.get(c)).map(String::as_str)
        };
        for (line, row) in &t.rows {
            let codes = read::quoted_codes(cell(row, Some(code_col)).unwrap_or(""), prefixes);
            for &name in &codes {
                out.push(Row {
                    line: *line,
                    name,
                    severity: cell(row, t.column("severity")),
                    meaning: cell(row, t.column("meaning")),
                    in_index: is_index && codes.len() == 1,
                });
            }
        }
    }
    out
}

fn docs(table: &Table, root: &Path, problems: &mut Vec<String>) {
    let doc = &table.doc;
    let text = std::fs::read_to_string(root.join(doc)).expect("read the docs page");
    let prefixes = prefixes();
    let tables = read::tables(&text);
    let rows = rows(&tables, &prefixes);
    for row in &rows {
        if let Some(code) = row_declared(table, row, problems) {
            row_severity(table, row, code, problems);
        }
    }
    if !tables.iter().any(is_table_of_codes) {
        problems.push(format!(
            "{doc} has no table of codes: add one headed `| Code | Severity | Meaning |`, a row per code of {}",
            table.declared_in
        ));
    }
    for code in table.codes {
        index_row(table, code, &rows, problems);
    }
    // Every other mention, in prose or another cell.
    for (n, line) in text.lines().enumerate() {
        for name in read::quoted_codes(line, &prefixes) {
            let in_code_cell = rows.iter().any(|r| r.line == n + 1 && r.name == name);
            if declared_anywhere(name).is_none() && !in_code_cell {
                problems.push(format!(
                    "{doc}:{} mentions `{name}`, which no codes.rs declares: correct the name or remove the mention",
                    n + 1
                ));
            }
        }
    }
}

/// The declaration of a documented code: the table's own, or levls' own
/// (which any format's page may list: they occur on its files too).
fn row_declared(table: &Table, row: &Row, problems: &mut Vec<String>) -> Option<&'static Code> {
    let (doc, line, name) = (&table.doc, row.line, row.name);
    let prefix = prefix_of(name);
    let owner = table_of(prefix);
    let found = owner.declares(name);
    if found.is_none() {
        problems.push(format!(
            "{doc}:{line} documents `{name}`, which {} does not declare: declare it there if levls emits it (see {}/), else remove it from this row",
            owner.declared_in, owner.source
        ));
    } else if prefix != table.prefix && prefix != "levls" {
        problems.push(format!(
            "{doc}:{line} lists `{name}` of another format in a table of codes: document it on {} instead",
            owner.doc
        ));
    }
    found
}

fn row_severity(table: &Table, row: &Row, code: &Code, problems: &mut Vec<String>) {
    let (doc, line, name) = (&table.doc, row.line, row.name);
    let Some(shown) = row.severity else { return };
    match (severities(shown), code.severity) {
        (Err(word), _) => problems.push(format!(
            "{doc}:{line}: the severity of `{name}` is `{word}`; write error, warning, info or hint (several joined by ` / `)"
        )),
        (Ok(found), Some(s)) if found != [s] => problems.push(format!(
            "{doc}:{line}: the severity of `{name}` is `{shown}`, but {} declares it always {}: fix one of them",
            table_of(prefix_of(name)).declared_in,
            s.as_str()
        )),
        (Ok(found), None) if row.in_index && found.len() < 2 => problems.push(format!(
            "{doc}:{line}: `{name}` has no single severity (declared with `Code::varies`): write each it can have, joined by ` / `"
        )),
        _ => {}
    }
}

/// A declared code has one row in the page's table of codes, which starts
/// with its summary.
fn index_row(table: &Table, code: &Code, rows: &[Row], problems: &mut Vec<String>) {
    let doc = &table.doc;
    let own: Vec<&Row> = rows
        .iter()
        .filter(|r| r.in_index && r.name == code.name)
        .collect();
    match own[..] {
        [] => problems.push(format!(
            "{doc} has no row for `{}` in its table of codes (`| Code | Severity | Meaning |`); add this one:  | `{}` | {} | {} |",
            code.name,
            code.name,
            code.severity.map_or("error / warning", Severity::as_str),
            code.summary
        )),
        [row] => {
            if !starts_with_words(row.meaning.unwrap_or(""), code.summary) {
                problems.push(format!(
                    "{doc}:{}: the meaning of `{}` must start with its summary in {}, \"{}\": write it there, or change the summary",
                    row.line, code.name, table.declared_in, code.summary
                ));
            }
        }
        [..] => problems.push(format!(
            "{doc} has {} rows for `{}` in its tables of codes: keep one",
            own.len(),
            code.name
        )),
    }
}

/// Does `text` start with `prefix`, ending at a word's end?
fn starts_with_words(text: &str, prefix: &str) -> bool {
    text.strip_prefix(prefix)
        .is_some_and(|rest| !rest.starts_with(|c: char| c.is_alphanumeric()))
}

/// `derf` of `derf::unknown-flag`.
fn prefix_of(name: &str) -> &str {
    name.split("::").next().unwrap_or("")
}

/// The table of the codes under `prefix` (levls' own for an unknown one).
fn table_of(prefix: &str) -> Table {
    match registry().iter().find(|f| f.name() == prefix) {
        Some(format) => Table::of(*format),
        None => Table::levls(),
    }
}

fn source(table: &Table, root: &Path, problems: &mut Vec<String>) {
    let prefixes = prefixes();
    let skip: Vec<PathBuf> = table.skip.iter().map(|s| root.join(s)).collect();
    let literals = read::literals(&root.join(&table.source), &skip, &prefixes);
    let shown = |file: &PathBuf| {
        let relative = file.strip_prefix(root).unwrap_or(file);
        relative.display().to_string()
    };
    for lit in &literals {
        let (file, line, name) = (shown(&lit.file), lit.line, lit.text.as_str());
        let owner = table_of(prefix_of(name));
        if owner.prefix != table.prefix && lit.file.starts_with(root.join(&owner.source)) {
            continue; // the owner's own test reports it
        }
        if !read::is_code(name, &prefixes) {
            problems.push(format!(
                "{file}:{line}: \"{name}…\" looks like a code built at run time; write each code whole as a literal, so it can be checked"
            ));
        } else if owner.declares(name).is_none() {
            problems.push(format!(
                "{file}:{line} emits `{name}`, which {} does not declare: add `Code::error(\"{name}\", \"…\")` (or warning, hint, varies) there, and its row to the table of codes in {}",
                owner.declared_in, owner.doc
            ));
        }
    }
    for code in table.codes {
        if !literals.iter().any(|l| !l.in_test && l.text == code.name) {
            problems.push(format!(
                "{} declares `{}`, but nothing under {}/ (tests aside) emits it: remove it there and from {}, or emit it",
                table.declared_in, code.name, table.source, table.doc
            ));
        }
    }
}
