use super::*;
use crate::formats::settings::Value;

fn no_env(_: &str) -> Option<OsString> {
    None
}

#[test]
fn the_setting_beats_the_virtualenv_which_beats_python3_on_the_path() {
    let venv = |name: &str| (name == "VIRTUAL_ENV").then(|| OsString::from("/work/venv"));
    let set = Settings::NONE.with(
        &super::super::settings::PYTHON,
        Value::Path("/opt/py".into()),
    );
    assert_eq!(python(&set, venv), PathBuf::from("/opt/py"));
    let in_venv = python(&Settings::NONE, venv);
    assert!(in_venv.starts_with("/work/venv"), "{}", in_venv.display());
    assert_eq!(python(&Settings::NONE, no_env), PathBuf::from("python3"));
    let empty = |_: &str| Some(OsString::new());
    assert_eq!(python(&Settings::NONE, empty), PathBuf::from("python3"));
}

/// A screen of `rows` (padded to NLE's 79×21), all in colour `colour`.
fn screen(seed: u32, rows: &[(usize, &str)], colour: u8, log: &[&str]) -> Screen {
    let mut all = vec![" ".repeat(79); 21];
    for (y, row) in rows {
        all[*y] = format!("{:<79}", format!("{}{row}", " ".repeat(30)));
    }
    let colors = all
        .iter()
        .map(|r| {
            r.chars()
                .map(|c| if c == ' ' { 0 } else { colour })
                .collect()
        })
        .collect();
    Screen {
        seed,
        descriptions: vec![(31, 6, "human rogue called Agent".to_string())],
        rows: all,
        colors,
        log: log.iter().map(|l| l.to_string()).collect(),
    }
}

#[test]
fn samples_share_one_window_that_holds_what_any_of_them_shows() {
    let screens = [
        screen(1, &[(5, "-----"), (6, "|@..|"), (7, "-----")], 7, &[]),
        screen(2, &[(5, "-----"), (6, "|.@.|d"), (7, "-----")], 1, &[]),
    ];
    let pictures = pictures(&screens);
    assert_eq!(pictures.len(), 2);
    assert_eq!(pictures[0].title, "sample 1 (seed 1)");
    assert_eq!((pictures[1].width, pictures[1].height), (6, 3));
    assert_eq!(pictures[0].sketch(), "----- \n|@..| \n----- \n");
    assert_eq!(pictures[1].sketch(), "----- \n|.@.|d\n----- \n");
    let hero = pictures[0].cell(1, 1).unwrap();
    assert_eq!(
        hero.tooltip.as_deref(),
        Some("human rogue called Agent (31,6) on the map")
    );
    assert_eq!(
        (hero.fg, pictures[1].cell(0, 0).unwrap().fg),
        ("#9e9e9e", "#d32f2f")
    );
    assert_eq!(
        pictures[0].legend_sketch(),
        "@ #9e9e9e on #000000: human rogue called Agent"
    );
}

#[test]
fn a_sample_names_what_nethack_logged_while_making_it() {
    let line = "3.6.7 20261126 111201 0 -: impossible Couldn't place lregion type 3!";
    assert_eq!(
        log_message(line),
        "impossible: Couldn't place lregion type 3!"
    );
    let pictures = pictures(&[screen(4, &[(1, "|@|")], 7, &[line])]);
    assert_eq!(
        pictures[0].title,
        "sample 1 (seed 4) — NetHack: impossible: Couldn't place lregion type 3!"
    );
}

fn answer(json: &str) -> Result<Vec<Screen>, String> {
    judge(serde_json::from_str(json).unwrap(), "python3").map_err(|f| f.message)
}

#[test]
fn lev_comps_error_is_the_reason_when_mylevel_was_not_compiled() {
    let why = answer(
        r#"{"compiled": [], "lev_comp": ["mylevel.des: line 8, pos 24: Unknown monster ('D', \"red dragn\")!"], "samples": []}"#,
    )
    .unwrap_err();
    assert!(why.starts_with("lev_comp refused the level"), "{why}");
    assert!(why.contains("line 8, pos 24: Unknown monster"), "{why}");
}

#[test]
fn a_level_not_named_mylevel_is_a_random_maze_and_says_why() {
    let why = answer(
        r#"{"compiled": ["other"], "samples": [{"seed": 1, "rows": [], "colors": [],
            "log": ["3.6.7 20261126 111200 0 -: impossible Couldn't load \"mylevel.lev\" - making a maze."]}]}"#,
    )
    .unwrap_err();
    assert!(why.contains("named \"other\""), "{why}");
    assert!(
        why.ends_with("impossible: Couldn't load \"mylevel.lev\" - making a maze."),
        "{why}"
    );
}

#[test]
fn no_minihack_names_the_python_and_how_to_install_it() {
    let why = answer(r#"{"missing": "No module named 'gymnasium'", "python": "/usr/bin/python3"}"#)
        .unwrap_err();
    assert!(
        why.starts_with("`/usr/bin/python3` has no MiniHack"),
        "{why}"
    );
    assert!(why.contains("pip install minihack"), "{why}");
}

/// A fake interpreter in a fresh folder: a shell script that answers
/// `answer` whatever it is asked.
#[cfg(unix)]
fn fake_python(name: &str, answer: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let dir = std::env::temp_dir().join(format!("levls-samples-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("python");
    std::fs::write(
        &path,
        format!("#!/bin/sh\ncat >/dev/null\necho '{answer}'\n"),
    )
    .unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

#[cfg(unix)]
#[test]
fn the_interpreter_the_settings_name_is_the_one_that_runs() {
    let python = fake_python(
        "runs",
        r#"{"compiled": ["mylevel"], "samples": [{"seed": 1, "rows": ["@"], "colors": [[15]]}]}"#,
    );
    let settings = Settings::NONE.with(&super::super::settings::PYTHON, Value::Path(python));
    let request = Request::new("MAZE: \"mylevel\", ' '\n", 1, &settings);
    let screens = generate(&request).unwrap();
    let _ = std::fs::remove_dir_all(request.python.parent().unwrap());
    assert_eq!(screens[0].rows, ["@"]);
}

#[test]
fn a_missing_interpreter_says_which_was_tried() {
    let settings = Settings::NONE.with(
        &super::super::settings::PYTHON,
        Value::Path("/nonexistent/levls-python".into()),
    );
    let why = generate(&Request::new("MAZE: \"x\", ' '\n", 2, &settings)).unwrap_err();
    assert!(
        why.starts_with("`/nonexistent/levls-python` was not found"),
        "{why}"
    );
}
