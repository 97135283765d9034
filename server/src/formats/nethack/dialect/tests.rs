//! Which dialect a file is read in: its content, its comment, the setting.

use super::*;
use crate::formats::nethack::syntax;
use crate::formats::nethack::tests::NETHACK;

fn choose_in(text: &str, forced: Option<Dialect>) -> (Dialect, String) {
    NETHACK.open(text, |file| {
        let doc = syntax::read(file.text, file.tree);
        let c = choose(text, &doc, forced.map(Forced::by_setting));
        (c.dialect, c.reason)
    })
}

#[test]
fn content_decides_and_the_comment_beats_the_setting() {
    let v36 = "LEVEL: \"oracle\"\nROOM: \"ordinary\", lit, (3,3), (center,center), (11,9) {\n}\n";
    assert_eq!(choose_in(v36, None).0, Dialect::V36);
    let v343 = "MAZE: \"x\", ' '\nGEOMETRY:center,center\nMAP\n.\nENDMAP\nRANDOM_PLACES:(0,0)\n";
    assert_eq!(choose_in(v343, None).0, Dialect::V343);
    let pair = "MAZE: \"x\", ' '\nNOMAP\nMONSTER: ('d', \"jackal\"), (1,1)\n";
    assert_eq!(choose_in(pair, None).0, Dialect::V36);
    let three = "MAZE: \"x\", ' '\nNOMAP\nMONSTER: 'd', \"jackal\", (1,1)\n";
    assert_eq!(choose_in(three, None).0, Dialect::V343);
    // Half typed: the parser invents a `$variable`; still 3.4.3.
    let typing =
        "LEVEL: \"x\"\nROOM: \"ordinary\", lit, (1,1), (left,top), (2,2)\nDOOR: false, locked, \n";
    assert_eq!(choose_in(typing, None).0, Dialect::V343);
    let branch = "MAZE: \"x\", ' '\nNOMAP\nIF [50%] {\n  MONSTER: random, random\n}\n";
    assert_eq!(choose_in(branch, None).0, Dialect::V36);
    let plain = "MAZE: \"x\", ' '\nNOMAP\n";
    assert_eq!(choose_in(plain, None).0, Dialect::V343);
    assert_eq!(choose_in(plain, Some(Dialect::V36)).0, Dialect::V36);
    let commented = "# levls: dialect 3.4.3\nMAZE: \"x\", ' '\n$x = 1\n";
    assert_eq!(choose_in(commented, Some(Dialect::V36)).0, Dialect::V343);
    assert_eq!(
        from_comment("# levls: dialect=3.6\n"),
        Some((Dialect::V36, 0..20))
    );
    assert_eq!(from_comment("MAZE:\"x\",' '\n# levls: dialect 3.6\n"), None);
}

#[test]
fn words_and_functions_only_3_6_knows_are_evidence() {
    let maze = |body: &str| format!("MAZE: \"x\", ' '\n{body}");
    // MiniHack's levels often have no 3.6 statement, only 3.6 words.
    let flags = maze("FLAGS: premapped\nGEOMETRY:center,center\nMAP\n.\nENDMAP\n");
    let (dialect, why) = choose_in(&flags, None);
    assert_eq!(
        (dialect, why.as_str()),
        (Dialect::V36, "`premapped` is a NetHack 3.6 word")
    );
    let fill = maze("INIT_MAP: solidfill, ' '\nGEOMETRY:center,center\nMAP\n.\nENDMAP\n");
    assert_eq!(choose_in(&fill, None).0, Dialect::V36);
    let grid = "LEVEL: \"x\"\nINIT_MAP: mazegrid, '-'\n";
    assert_eq!(choose_in(grid, None).0, Dialect::V36);
    let selection = maze("NOMAP\nDOOR: closed, rect (1,1,2,2)\n");
    let (dialect, why) = choose_in(&selection, None);
    assert_eq!(
        (dialect, why.as_str()),
        (Dialect::V36, "`rect(…)` is a NetHack 3.6 function")
    );
    // 3.4.3's own words, and its `levregion(…)`, are no evidence of 3.6.
    let older = maze(
        "NOMAP\nFLAGS: noteleport, hardfloor\nTELEPORT_REGION: levregion(1,0,79,20), (0,0,0,0), up\n\
         REGION: (0,0,1,1), lit, \"zoo\", filled, true\n",
    );
    assert_eq!(choose_in(&older, None).0, Dialect::V343);
    // An uppercase word is not the 3.6 word it spells.
    let upper = maze("NOMAP\nFLAGS: PREMAPPED\n");
    assert_eq!(choose_in(&upper, None).0, Dialect::V343);
    // The first construct decides, words included.
    let both = maze("NOMAP\nRANDOM_PLACES: (1,1)\nFLAGS: premapped\n");
    assert_eq!(choose_in(&both, None).0, Dialect::V343);
}

#[test]
fn minihacks_level_name_decides_only_alone() {
    let (dialect, why) = choose_in("MAZE: \"mylevel\", ' '\nNOMAP\n", None);
    assert_eq!(dialect, Dialect::V36);
    assert!(why.contains("MiniHack"), "{why}");
    // A long name is an error of 3.4.3's to report, not a hint of 3.6.
    let long = "LEVEL: \"fortress12\"\n";
    assert_eq!(choose_in(long, None).0, Dialect::V343);
    // A hint never beats a construct of 3.4.3, wherever it stands.
    let older =
        "MAZE: \"mylevel\", ' '\nGEOMETRY:center,center\nMAP\n.\nENDMAP\nRANDOM_PLACES: (0,0)\n";
    assert_eq!(choose_in(older, None).0, Dialect::V343);
}

fn evidence_of(text: &str) -> Evidence {
    NETHACK.open(text, |file| {
        Evidence::of(text, &syntax::read(file.text, file.tree))
    })
}

/// The settled state after each text in turn, as an open document's
/// versions; the choices shown.
fn typed(texts: &[&str]) -> Vec<Choice> {
    let mut settled: Option<Settled> = None;
    texts
        .iter()
        .map(|text| {
            let next = settle(settled.as_ref(), evidence_of(text));
            settled = Some(next.clone());
            next.choice
        })
        .collect()
}

const MAZE_36: &str = "MAZE: \"x\", ' '\nFLAGS: premapped\nNOMAP\nOBJECT: \"nosuchthing\", (1,1)\n";

#[test]
fn an_open_document_keeps_its_dialect_while_garbage_or_half_statements_hide_it() {
    let stray = format!("[\n{MAZE_36}");
    let quote = format!("\"\n{MAZE_36}");
    let half = format!("{MAZE_36}RANDOM_PLACES: (1,");
    let shown = typed(&[MAZE_36, &stray, &quote, &half, MAZE_36]);
    for (choice, what) in shown.iter().zip(["opened", "[", "\"", "half", "back"]) {
        assert_eq!(choice.dialect, Dialect::V36, "{what}: {choice:?}");
        assert!(
            !matches!(choice.editing, Some(Editing::ChangedFrom(_))),
            "{what}: {choice:?}"
        );
    }
    // Read alone, the half statement makes the text 3.4.3's.
    assert_eq!(
        choose_in(&half.replace("FLAGS: premapped\n", ""), None).0,
        Dialect::V343
    );
    // A whole 3.4.3 statement above the 3.6 one: the text alone reads 3.4.3
    // (it comes first), the open document stays 3.6 and says why.
    let both = MAZE_36
        .replace("NOMAP\n", "NOMAP\nRANDOM_PLACES: (1,1)\n")
        .replace("FLAGS: premapped\n", "");
    let both = format!("{both}OBJECT: '(', random, buried\n");
    assert_eq!(choose_in(&both, None).0, Dialect::V343);
    let shown = typed(&[MAZE_36, &both]);
    assert_eq!(shown[1].dialect, Dialect::V36, "{:?}", shown[1]);
    assert_eq!(
        shown[1].editing_note().as_deref(),
        Some("kept while editing: the text also shows 3.4.3, first (`RANDOM_PLACES` is NetHack 3.4.3's)")
    );
}

#[test]
fn the_dialect_changes_only_when_no_sign_is_left_and_a_whole_statement_decides() {
    let plain = "MAZE: \"x\", ' '\nNOMAP\n";
    let half = format!("{plain}RANDOM_PLACES: (1,");
    let bare = format!("{plain}RANDOM_PLACES");
    let whole = format!("{plain}RANDOM_PLACES: (1,1)\n");
    let shown = typed(&[MAZE_36, plain, &bare, &half, &whole, &whole]);
    // No sign left: kept, and it says so.
    assert_eq!(shown[1].dialect, Dialect::V36);
    assert_eq!(shown[1].reason, "no sign of either dialect is left");
    assert_eq!(
        shown[1].editing_note().as_deref(),
        Some("kept while editing: the document was 3.6 before")
    );
    // A bare keyword and a half statement change nothing.
    assert_eq!(
        (shown[2].dialect, shown[3].dialect),
        (Dialect::V36, Dialect::V36)
    );
    assert!(
        shown[3].reason.contains("not in a whole statement yet"),
        "{}",
        shown[3].reason
    );
    // A whole one does, and says so, on this version and after.
    for changed in &shown[4..] {
        assert_eq!(changed.dialect, Dialect::V343);
        assert_eq!(changed.editing, Some(Editing::ChangedFrom(Dialect::V36)));
    }
    let notice = change_notice(&shown[4]).expect("a notice");
    assert_eq!(notice.severity, Severity::Information);
    assert_eq!(&whole[notice.range.clone()], "RANDOM_PLACES");
    assert!(
        notice.message.contains("it was 3.6 before"),
        "{}",
        notice.message
    );
    // The text alone never has a notice.
    assert_eq!(change_notice(&choose_in_choice(&whole)), None);
}

fn choose_in_choice(text: &str) -> Choice {
    NETHACK.open(text, |file| {
        choose(text, &syntax::read(file.text, file.tree), None)
    })
}

#[test]
fn until_a_whole_statement_decides_the_text_alone_shows_but_is_not_remembered() {
    let header = "LEVEL: \"x\"\n";
    // `{` typed after a ROOM: 3.6, not whole (its `}` is missing).
    let open = format!("{header}ROOM: \"ordinary\", lit, (3,3), (center,center), (11,9) {{");
    let shown = typed(&["", header, &open, header]);
    assert_eq!(shown[2].dialect, Dialect::V36, "{:?}", shown[2]);
    // Taken away, nothing was remembered: 3.4.3 by default, with no note.
    assert_eq!(shown[3].dialect, Dialect::V343);
    assert_eq!(shown[3].editing, None);
    // Closed, it decides, and stays when the block is taken away again.
    let closed = format!("{open}\n}}\n");
    let shown = typed(&["", &closed, header]);
    assert_eq!(shown[1].dialect, Dialect::V36);
    assert_eq!(shown[2].dialect, Dialect::V36, "{:?}", shown[2]);
}

#[test]
fn every_sign_has_a_whole_form_and_unplaced_blocks_are_3_6() {
    let found = evidence_of("MAZE: \"x\", ' '\nNOMAP\nTRAP: \"pit\", random[dry]\n");
    assert_eq!(
        found.newer_whole.map(|(_, why)| why).as_deref(),
        Some("`random[dry]`: `random[…]` spots are NetHack 3.6")
    );
    assert_eq!(found.older, None);
    // A `{` the parser could not place: a sign, never a whole one.
    let found = evidence_of("MAZE: \"x\", ' '\nNOMAP\n{\n");
    assert!(
        found.newer.is_some() && found.newer_whole.is_none(),
        "{found:?}"
    );
    // A statement that swallowed the next line is not whole.
    let found = evidence_of("MAZE: \"x\", ' '\nNOMAP\nRANDOM_PLACES:\nOBJECT: '(', random\n");
    assert!(
        found.older.is_some() && found.older_whole.is_none(),
        "{found:?}"
    );
}

#[test]
fn each_version_is_decided_once_and_a_stale_one_is_not_kept() {
    let history = crate::formats::History::default();
    let past = |version| {
        Some(Past {
            history: &history,
            version,
        })
    };
    let decide = |text: &str, version, calls: &std::cell::Cell<u32>| {
        choose_open(text, None, past(version), || {
            calls.set(calls.get() + 1);
            evidence_of(text)
        })
    };
    let calls = std::cell::Cell::new(0);
    assert_eq!(decide(MAZE_36, 1, &calls).dialect, Dialect::V36);
    assert_eq!(decide(MAZE_36, 1, &calls).dialect, Dialect::V36);
    assert_eq!(calls.get(), 1, "the same version is decided once");
    let plain = "MAZE: \"x\", ' '\nNOMAP\n";
    assert_eq!(decide(plain, 2, &calls).dialect, Dialect::V36);
    // Version 1 again (a stale snapshot): decided from version 2's state, not kept.
    decide("MAZE: \"x\", ' '\nNOMAP\nRANDOM_PLACES: (1,1)\n", 1, &calls);
    assert_eq!(decide(plain, 3, &calls).dialect, Dialect::V36);
    // The setting and the comment still come first; the content is settled under them.
    let forced = choose_open(
        plain,
        Some(Forced::by_setting(Dialect::V343)),
        past(4),
        || evidence_of(plain),
    );
    assert_eq!(forced.dialect, Dialect::V343);
    assert_eq!(decide(plain, 5, &calls).dialect, Dialect::V36);
}
