//! lev_comp's own limits (`check/limits.rs`): for each limit, files at its
//! threshold and just past it, generated here. levls must reject exactly
//! the files lev_comp builds no sound level from: it exits with an error,
//! dies (`*** buffer overflow detected ***`, a segfault), writes no `.lev`,
//! or writes one that differs from the level's twin (the same level written
//! within the limit: a MAP without its line-number digits).
//!
//! 3.6: Debian's lev_comp 3.6.6 runs live. 3.4.3: its verdicts come from
//! `tests/fixtures/nethack/limits-3.4.3.tsv`, recorded from lev_comp 3.4.3
//! built from NetHack's source (no test may need that binary). To record
//! them again, after changing a case:
//!
//! ```text
//! LEVLS_RECORD_LEV_COMP_343=/path/to/3.4.3/lev_comp cargo test -p levls --test e2e nethack_limits
//! ```

use crate::oracle::LEV_COMP;
use std::collections::BTreeMap;
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::Command;

const RECORDED_343: &str = "tests/fixtures/nethack/limits-3.4.3.tsv";
const RECORD_ENV: &str = "LEVLS_RECORD_LEV_COMP_343";

/// Cases where levls and lev_comp 3.4.3 disagree on purpose: (case, why).
/// Each is in docs/formats/nethack.md, *lev_comp's own limits*.
const DECISIONS_343: &[(&str, &str)] = &[(
    "map-parts.11",
    "lev_comp 3.4.3 writes the 11th part past its table of 10; this build leaves 16 bytes of \
     padding after the table, so the 11th and 12th parts come out right by luck and the 13th \
     crashes it (map-parts.13). Past the table is undefined behaviour, so levls reports the 11th.",
)];

#[derive(Clone, Copy, PartialEq, Eq)]
enum Dialect {
    V343,
    V36,
}

const BOTH: &[Dialect] = &[Dialect::V343, Dialect::V36];
const ONLY_36: &[Dialect] = &[Dialect::V36];
const ONLY_343: &[Dialect] = &[Dialect::V343];

struct Case {
    id: String,
    dialects: &'static [Dialect],
    text: String,
    /// The same level within the limit, when there is one.
    twin: Option<String>,
}

fn case(id: impl Into<String>, dialects: &'static [Dialect], text: String) -> Case {
    Case {
        id: id.into(),
        dialects,
        text,
        twin: None,
    }
}

/// A small MAZE level both dialects accept, then `rest`.
fn maze(rest: &str) -> String {
    format!("MAZE:\"limits\",' '\nGEOMETRY:center,center\nMAP\n...\n...\nENDMAP\n{rest}")
}

/// A MAP of 21 rows and `total` bytes: three dots and line-number digits
/// a row (lev_comp drops the digits, its buffer holds them).
fn map_block(total: usize) -> String {
    let rows = 21;
    (0..rows)
        .map(|i| {
            let len = total / rows + usize::from(i < total % rows);
            format!("...{}\n", "0".repeat(len - 4))
        })
        .collect()
}

fn map_level(map: &str) -> String {
    format!("MAZE:\"limits\",' '\nGEOMETRY:center,center\nMAP\n{map}ENDMAP\nFOUNTAIN:(1,1)\n")
}

/// Every case: a limit at its threshold (`.N`) and just past it (`.N+1`).
fn cases() -> Vec<Case> {
    let mut cases = Vec::new();
    // 3.6's token buffer: 512 bytes with the NUL.
    for n in [511, 512] {
        let x = |k: usize| "x".repeat(k);
        cases.push(case(
            format!("comment.{n}"),
            BOTH,
            maze(&format!("#{}\n", x(n - 2))),
        ));
        cases.push(case(
            format!("comment-crlf.{n}"),
            BOTH,
            maze(&format!("#{}\r\n", x(n - 3))),
        ));
        cases.push(case(
            format!("comment-indented.{n}"),
            ONLY_36,
            maze(&format!("  #{}\n", x(n - 4))),
        ));
        let engraving = |body: String| maze(&format!("ENGRAVING:(1,1),engrave,\"{body}\"\n"));
        cases.push(case(format!("string.{n}"), BOTH, engraving(x(n - 2))));
        cases.push(case(
            format!("string-two-lines.{n}"),
            ONLY_36,
            engraving(format!("{}\n{}", x(200), x(n - 203))),
        ));
        cases.push(case(
            format!("number.{n}"),
            BOTH,
            maze(&format!("FOUNTAIN:({}1,1)\n", "0".repeat(n - 1))),
        ));
        cases.push(case(
            format!("variable.{n}"),
            ONLY_36,
            maze(&format!("${} = 1\n", "a".repeat(n - 1))),
        ));
        cases.push(case(
            format!("chance.{n}"),
            ONLY_36,
            maze(&format!("[{}50%]: FOUNTAIN:(1,1)\n", " ".repeat(n - 5))),
        ));
        let row = format!("...{}\n", "0".repeat(n - 4));
        cases.push(case(
            format!("map-row.{n}"),
            BOTH,
            map_level(&format!("{row}...\n")),
        ));
    }
    // 3.6's FOR buffers: `<name> step` in 256 bytes.
    for n in [250, 251] {
        cases.push(case(
            format!("for-variable.{n}"),
            ONLY_36,
            maze(&format!(
                "FOR ${} = 1 TO 2 {{\nFOUNTAIN:(1,1)\n}}\n",
                "a".repeat(n - 1)
            )),
        ));
    }
    // Both lexers' map buffer: 4096 bytes.
    for n in [4096, 4097] {
        let map = map_block(n);
        let mut c = case(format!("map-block.{n}"), BOTH, map_level(&map));
        c.twin = Some(map_level(&map.replace('0', "")));
        cases.push(c);
    }
    // 3.4.3's table of 10 map parts (the 13th is the first this build
    // cannot hide in padding) and of 80 rooms.
    for n in [10, 11, 13] {
        let part = "GEOMETRY:center,center\nMAP\n...\n...\nENDMAP\nMONSTER:'a',random,(1,0)\n";
        cases.push(case(
            format!("map-parts.{n}"),
            ONLY_343,
            format!("MAZE:\"limits\",' '\n{}", part.repeat(n)),
        ));
    }
    for n in [80, 81] {
        let room = "ROOM:\"ordinary\",random,random,random,random\nFOUNTAIN:(1,1)\n";
        cases.push(case(
            format!("rooms.{n}"),
            ONLY_343,
            format!("LEVEL:\"limits\"\n{}RANDOM_CORRIDORS\n", room.repeat(n)),
        ));
    }
    // Numbers: 32 bits, then the range checks (x is 0..2 in this map, 0..79
    // in a 3.6 level).
    for x in [
        "4294967297",
        "4294967376",
        "2147483647",
        "2147483648",
        "99999999999999999999",
    ] {
        cases.push(case(
            format!("number-wraps.{x}"),
            BOTH,
            maze(&format!("FOUNTAIN:({x},1)\n")),
        ));
    }
    cases.push(case(
        "number-wraps.-4294967295",
        ONLY_343,
        maze("FOUNTAIN:(-4294967295,1)\n"),
    ));
    for chance in ["4294967346", "4294967397"] {
        cases.push(case(
            format!("chance-wraps.{chance}"),
            ONLY_36,
            maze(&format!("[{chance}%]: FOUNTAIN:(1,1)\n")),
        ));
    }
    cases
}

/// What lev_comp made of a file. Only `accepted` is a sound level.
fn lev_comp_verdict(lev_comp: &Path, case: &Case, dir: &Path) -> (String, String) {
    let (status, message, level) = compile(lev_comp, &case.text, &dir.join("case"));
    let verdict = match status {
        None => "crashed",
        Some(0) if level.is_none() => "no-level",
        Some(0) => match &case.twin {
            Some(twin) if compile(lev_comp, twin, &dir.join("twin")).2 != level => "broken",
            _ => "accepted",
        },
        Some(_) => "rejected",
    };
    (verdict.to_string(), message)
}

/// Compiles `text` in the fresh directory `dir` (lev_comp writes
/// `limits.lev` there): its exit code (None: a signal or a timeout), its
/// first message, and the level it wrote.
fn compile(lev_comp: &Path, text: &str, dir: &Path) -> (Option<i32>, String, Option<Vec<u8>>) {
    std::fs::remove_dir_all(dir).ok();
    std::fs::create_dir_all(dir).unwrap();
    std::fs::write(dir.join("limits.des"), text).unwrap();
    // `timeout` ends a hang; it passes a signal on as 128 + its number.
    let out = Command::new("timeout")
        .args(["10"])
        .arg(lev_comp)
        .arg("limits.des")
        .current_dir(dir)
        .output()
        .unwrap();
    let code = out.status.code().filter(|&c| c != 124);
    let said =
        String::from_utf8_lossy(&out.stderr).to_string() + &String::from_utf8_lossy(&out.stdout);
    let first = said.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    // `timeout` dies of the signal that killed lev_comp.
    let message = match (out.status.code(), out.status.signal()) {
        (Some(124), _) => "timed out".to_string(),
        (_, Some(signal)) => format!("killed by signal {signal} {first}")
            .trim_end()
            .to_string(),
        _ => first.to_string(),
    };
    let message = message.chars().take(120).collect();
    (code, message, std::fs::read(dir.join("limits.lev")).ok())
}

/// Which files `levls check --nethack-dialect <d>` rejects (any error).
fn levls_rejects(dialect: &str, files: &[PathBuf]) -> Vec<bool> {
    let out = Command::new(crate::LEVLS)
        .args(["check", "--nethack-dialect", dialect, "--format", "json"])
        .args(files)
        .output()
        .unwrap();
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "levls check: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let diagnostics: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let errors: Vec<&str> = diagnostics
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["severity"] == "error")
        .filter_map(|d| d["file"].as_str())
        .collect();
    files
        .iter()
        .map(|f| errors.contains(&f.to_str().unwrap()))
        .collect()
}

/// A stable fingerprint of a case's text and twin (FNV-1a), so recorded
/// verdicts are known to be of the files generated today.
fn fingerprint(case: &Case) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let bytes = case
        .text
        .bytes()
        .chain(case.twin.iter().flat_map(|t| t.bytes()));
    for b in bytes {
        hash = (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    format!("{hash:016x}")
}

fn record_343(lev_comp: &Path, cases: &[&Case], scratch: &Path) {
    let mut tsv = String::from("case\tfingerprint\tverdict\tfirst message\n");
    for case in cases {
        let (verdict, message) = lev_comp_verdict(lev_comp, case, scratch);
        let message = message.replace('\t', " ");
        tsv += &format!("{}\t{}\t{verdict}\t{message}\n", case.id, fingerprint(case));
    }
    std::fs::write(crate::repo_root().join(RECORDED_343), tsv).unwrap();
}

fn recorded_343() -> BTreeMap<String, (String, String)> {
    let path = crate::repo_root().join(RECORDED_343);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e}; record it with {RECORD_ENV}", path.display()));
    text.lines()
        .skip(1)
        .map(|l| {
            let cells: Vec<&str> = l.split('\t').collect();
            (
                cells[0].to_string(),
                (cells[1].to_string(), cells[2].to_string()),
            )
        })
        .collect()
}

/// Writes each case's file and asks levls about them all at once.
fn levls_verdicts(dialect: &str, cases: &[&Case], scratch: &Path) -> Vec<bool> {
    let dir = scratch.join(format!("levls-{dialect}"));
    std::fs::create_dir_all(&dir).unwrap();
    let files: Vec<PathBuf> = cases
        .iter()
        .map(|c| {
            let path = dir.join(format!("{}.des", c.id));
            std::fs::write(&path, &c.text).unwrap();
            path
        })
        .collect();
    levls_rejects(dialect, &files)
}

/// The disagreements, `case: lev_comp <verdict> (<message>), levls <verdict>`.
fn disagreements<'c>(
    cases: &[&'c Case],
    lev_comp: &[(String, String)],
    levls: &[bool],
) -> Vec<(&'c str, String)> {
    let mut out = Vec::new();
    for ((case, (verdict, message)), &rejects) in cases.iter().zip(lev_comp).zip(levls) {
        let sound = verdict == "accepted";
        println!(
            "{:28} lev_comp {verdict:9} levls {}",
            case.id,
            if rejects { "rejects" } else { "accepts" }
        );
        if sound == rejects {
            out.push((
                case.id.as_str(),
                format!(
                    "{}: lev_comp {verdict} ({message}), levls {}",
                    case.id,
                    if rejects { "rejects" } else { "accepts" }
                ),
            ));
        }
    }
    out
}

#[test]
fn nethack_limits_agree_with_lev_comp() {
    let scratch = std::env::temp_dir().join(format!("levls-limits-{}", std::process::id()));
    std::fs::remove_dir_all(&scratch).ok();
    let cases = cases();
    let of =
        |d: Dialect| -> Vec<&Case> { cases.iter().filter(|c| c.dialects.contains(&d)).collect() };

    // 3.6, live.
    let lev_comp = Path::new(LEV_COMP);
    assert!(
        lev_comp.exists(),
        "{LEV_COMP} is missing: run scripts/install-tools"
    );
    let cases_36 = of(Dialect::V36);
    let oracle_36: Vec<(String, String)> = cases_36
        .iter()
        .map(|c| lev_comp_verdict(lev_comp, c, &scratch.join("lev_comp")))
        .collect();
    let levls_36 = levls_verdicts("3.6", &cases_36, &scratch);
    println!("3.6:");
    let wrong_36 = disagreements(&cases_36, &oracle_36, &levls_36);

    // 3.4.3, recorded.
    let cases_343 = of(Dialect::V343);
    if let Some(path) = std::env::var_os(RECORD_ENV) {
        record_343(Path::new(&path), &cases_343, &scratch.join("lev_comp"));
    }
    let recorded = recorded_343();
    let stale: Vec<&str> = cases_343
        .iter()
        .filter(|c| recorded.get(&c.id).map(|(f, _)| f) != Some(&fingerprint(c)))
        .map(|c| c.id.as_str())
        .chain(
            recorded
                .keys()
                .filter(|k| !cases_343.iter().any(|c| &c.id == *k))
                .map(String::as_str),
        )
        .collect();
    assert!(
        stale.is_empty(),
        "{RECORDED_343} does not hold the verdicts of today's cases {stale:?}; record them with {RECORD_ENV}"
    );
    let oracle_343: Vec<(String, String)> = cases_343
        .iter()
        .map(|c| (recorded[&c.id].1.clone(), "recorded".to_string()))
        .collect();
    let levls_343 = levls_verdicts("3.4.3", &cases_343, &scratch);
    println!("3.4.3:");
    let wrong_343 = disagreements(&cases_343, &oracle_343, &levls_343);
    std::fs::remove_dir_all(&scratch).ok();

    // Every case a limit makes is seen past its threshold by lev_comp itself.
    assert!(
        oracle_36.iter().any(|(v, _)| v == "crashed")
            && oracle_36.iter().any(|(v, _)| v == "broken"),
        "lev_comp 3.6 neither aborts nor garbles a map: are these the limits of another build?"
    );
    let undecided_343: Vec<&String> = wrong_343
        .iter()
        .filter(|(id, _)| !DECISIONS_343.iter().any(|(d, _)| d == id))
        .map(|(_, why)| why)
        .collect();
    let decided_but_agreeing: Vec<&str> = DECISIONS_343
        .iter()
        .map(|(d, _)| *d)
        .filter(|d| !wrong_343.iter().any(|(id, _)| id == d))
        .collect();
    assert!(
        wrong_36.is_empty() && undecided_343.is_empty() && decided_but_agreeing.is_empty(),
        "3.6 disagreements: {:#?}\n3.4.3 disagreements not in DECISIONS_343: {undecided_343:#?}\nDECISIONS_343 that agree again: {decided_but_agreeing:?}",
        wrong_36.iter().map(|(_, why)| why).collect::<Vec<_>>()
    );
}
