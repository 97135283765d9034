//! The Lua writer: indented lines, strings quoted as Lua reads them, map
//! text as a long string, tables as the shipped 5.0 scripts write them.

/// Lua source built a line at a time, three spaces per nesting level (the
/// shipped scripts' indentation).
#[derive(Default)]
pub struct Lua {
    out: String,
    depth: usize,
}

impl Lua {
    pub fn line(&mut self, text: &str) {
        for line in text.split('\n') {
            if line.is_empty() {
                self.out.push('\n');
                continue;
            }
            for _ in 0..self.depth {
                self.out.push_str("   ");
            }
            self.out.push_str(line);
            self.out.push('\n');
        }
    }

    /// A line that opens a block (`… function()`, `if … then`): what
    /// follows is indented.
    pub fn open(&mut self, text: &str) {
        self.line(text);
        self.depth += 1;
    }

    /// A line that closes a block (`end`, `end })`).
    pub fn close(&mut self, text: &str) {
        self.depth = self.depth.saturating_sub(1);
        self.line(text);
    }

    /// `else`, `elseif …`: one level out for the line, back in after it.
    pub fn middle(&mut self, text: &str) {
        self.depth = self.depth.saturating_sub(1);
        self.line(text);
        self.depth += 1;
    }

    /// `-- text`, one comment line per line of `text`.
    pub fn comment(&mut self, text: &str) {
        for line in text.lines().map(comment_text) {
            if line.is_empty() {
                self.line("--");
            } else {
                self.line(&format!("-- {line}"));
            }
        }
    }

    pub fn finish(self) -> String {
        self.out
    }
}

/// A Lua string literal for `s` (a `.des` string has no escapes, so every
/// backslash is a backslash).
pub fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            // Three digits: `\1` before a digit would read as `\12…`.
            c if (c as u32) < 0x20 || c == '\u{7f}' => out.push_str(&format!("\\{:03}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Text for a `--` comment: a control character (a lone CR ends the line
/// for Lua, and the rest would be read as code; a NUL stops other readers)
/// shown as `?`.
pub fn comment_text(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_control() && c != '\t' { '?' } else { c })
        .collect()
}

/// A long string `[[` … `]]` holding `rows`, one per line; more `=` signs
/// when a row holds the closing bracket.
pub fn long_string(rows: &[String]) -> String {
    let body = rows.join("\n");
    let mut level = 0;
    while body.contains(&format!("]{}]", "=".repeat(level))) {
        level += 1;
    }
    let eq = "=".repeat(level);
    format!("[{eq}[\n{body}\n]{eq}]")
}

/// A table constructor `{ k=v, k=v }` from its fields in order.
pub fn table(fields: &[(String, String)]) -> String {
    if fields.is_empty() {
        return "{}".to_string();
    }
    let inner: Vec<String> = fields.iter().map(|(k, v)| format!("{k}={v}")).collect();
    format!("{{ {} }}", inner.join(", "))
}

/// Words Lua reserves, and names the level scripts' environment defines:
/// a 3.6 `$variable` spelt like one is renamed.
pub const TAKEN_NAMES: &[&str] = &[
    "and",
    "break",
    "do",
    "else",
    "elseif",
    "end",
    "false",
    "for",
    "function",
    "goto",
    "if",
    "in",
    "local",
    "nil",
    "not",
    "or",
    "repeat",
    "return",
    "then",
    "true",
    "until",
    "while",
    "des",
    "selection",
    "nh",
    "obj",
    "percent",
    "shuffle",
    "d",
    "math",
    "string",
    "table",
    "pairs",
    "ipairs",
    "type",
    "align",
];

/// The Lua name of a 3.6 `$variable` (without its `$`).
pub fn variable_name(name: &str) -> String {
    let bare = name.trim_start_matches('$');
    let clean: String = bare
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if clean.starts_with(|c: char| c.is_ascii_digit()) {
        // A Lua name cannot start with a digit.
        format!("_{clean}")
    } else if TAKEN_NAMES.contains(&clean.as_str()) {
        format!("{clean}_")
    } else {
        // Empty for a name the file leaves out (`$ = 5`): the callers say so.
        clean
    }
}
