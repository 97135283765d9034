//! The reader's answers: each value of a statement with the slot it fills
//! (`text — slot (place) › inner slot (place)`), and the slot at a `$0`.

use super::{cursor, read, Leaf, Place, Spot, Step};
use expect_test::{expect, Expect};

fn place(p: Place) -> String {
    match p {
        Place::Argument(i) => format!("arg {}", i + 1),
        Place::Element(i) => format!("element {}", i + 1),
        Place::Call(f, i) => format!("{f} arg {}", i + 1),
        Place::Key(k) => format!("after {k}"),
        Place::Info => "info".into(),
        Place::Bracket => "in [ ]".into(),
        Place::Value => "value".into(),
        Place::Index => "index".into(),
    }
}

fn path(p: &[Step]) -> String {
    p.iter()
        .map(|s| format!("{} ({})", s.slot.name, place(s.place)))
        .collect::<Vec<_>>()
        .join(" › ")
}

fn leaf(text: &str, l: &Leaf) -> String {
    let mut line = format!("{} — {}", &text[l.span.clone()], path(&l.path));
    if let Some(c) = l.class {
        line.push_str(&format!(" [class {c}]"));
    }
    line
}

/// Every token of the statement with its slot.
fn check_leaves(statement: &str, expect: Expect) {
    let reading = read(statement, 0, statement.len());
    let shown: Vec<String> = reading
        .leaves
        .iter()
        .filter(|l| l.token || statement[l.span.clone()].starts_with('$'))
        .map(|l| leaf(statement, l))
        .collect();
    expect.assert_eq(&shown.join("\n"));
}

/// The spot and the slot at `$0`.
fn check_cursor(fixture: &str, expect: Expect) {
    let offset = fixture.find("$0").unwrap();
    let text = fixture.replacen("$0", "", 1);
    let c = cursor(&text, offset);
    let spot = match &c.spot {
        Spot::Keyword(r) => format!("keyword [{}]", &text[r.clone()]),
        Spot::Value(r) => format!("value [{}]", &text[r.clone()]),
        Spot::Str(r) => format!("string [{}]", &text[r.clone()]),
        Spot::Char(r) => format!("char [{}]", &text[r.clone()]),
        Spot::Variable(r) => format!("variable [{}]", &text[r.clone()]),
        Spot::Nothing => "nothing".into(),
    };
    let expected = c.reading.expected.as_ref().map_or("no slot".into(), |l| {
        let mut s = path(&l.path);
        if let Some(c) = l.class {
            s.push_str(&format!(" [class {c}]"));
        }
        s
    });
    expect.assert_eq(&format!("{spot}: {expected}"));
}

#[test]
fn a_monster_and_its_infos() {
    check_leaves(
        "MONSTER: ('D', \"red dragon\"), (1,2), asleep, fleeing: 3, m_feature \"fountain\", \"Smaug\", align[1], seen_traps: \"pit\"|\"web\"",
        expect![[r#"
            'D' — monster (arg 1) › monster class (element 1) [class D]
            "red dragon" — monster (arg 1) › monster species (element 2) [class D]
            1 — position (arg 2) › x (column) (element 1)
            2 — position (arg 2) › y (row) (element 2)
            asleep — monster info (arg 3)
            fleeing — monster info (arg 4)
            3 — monster info (arg 4) › turns of fleeing (after fleeing)
            m_feature — monster info (arg 5)
            "fountain" — monster info (arg 5) › dungeon feature it looks like (after m_feature)
            "Smaug" — monster info (arg 6) › monster's name (info)
            align — monster info (arg 7)
            1 — monster info (arg 7) › alignment register (0–2) (index)
            seen_traps — monster info (arg 8)
            "pit" — monster info (arg 8) › traps it knows of (after seen_traps)
            "web" — monster info (arg 8) › traps it knows of (after seen_traps)"#]],
    );
}

#[test]
fn an_object_and_its_infos() {
    check_leaves(
        "OBJECT: ('%', \"corpse\"), montype: ('d', \"jackal\"), random, cursed, -1, name: \"x\" . $s, quantity: 2d3, locked, erodeproof",
        expect![[r#"
            '%' — object (arg 1) › object class (element 1) [class %]
            "corpse" — object (arg 1) › object kind (element 2) [class %]
            montype — object info (arg 2)
            'd' — object info (arg 2) › monster type (after montype) › monster class (element 1) [class d]
            "jackal" — object info (arg 2) › monster type (after montype) › monster species (element 2) [class d]
            random — object info (arg 3) › position (info)
            cursed — object info (arg 4)
            -1 — object info (arg 5) › enchantment or charges (info)
            name — object info (arg 6)
            "x" — object info (arg 6) › given name (after name)
            $s — object info (arg 6) › given name (after name)
            quantity — object info (arg 7)
            2d3 — object info (arg 7) › quantity (after quantity)
            locked — object info (arg 8)
            erodeproof — object info (arg 9)"#]],
    );
}

#[test]
fn selections_and_their_arguments() {
    check_leaves(
        "TERRAIN: line (1,1), (3,1) & circle((2,2), 3, unfilled) & grow(north|west, $sel) & filter(50%, rect (0,0,4,4)) & complement floodfill (1,1), '.'",
        expect![[r#"
            line — where (arg 1)
            1 — where (arg 1) › start of the line (line arg 1) › x (column) (element 1)
            1 — where (arg 1) › start of the line (line arg 1) › y (row) (element 2)
            3 — where (arg 1) › end of the line (line arg 2) › x (column) (element 1)
            1 — where (arg 1) › end of the line (line arg 2) › y (row) (element 2)
            circle — where (arg 1)
            2 — where (arg 1) › centre (circle arg 1) › x (column) (element 1)
            2 — where (arg 1) › centre (circle arg 1) › y (row) (element 2)
            3 — where (arg 1) › radius (circle arg 2)
            unfilled — where (arg 1) › filled or only the rim (circle arg 3)
            grow — where (arg 1)
            north — where (arg 1) › directions to grow in (grow arg 1)
            west — where (arg 1) › directions to grow in (grow arg 1)
            $sel — where (arg 1) › selection to grow (grow arg 2)
            filter — where (arg 1)
            50% — where (arg 1) › filter (filter arg 1)
            rect — where (arg 1) › selection to filter (filter arg 2)
            0 — where (arg 1) › selection to filter (filter arg 2) › rectangle (rect arg 1) › left x (element 1)
            0 — where (arg 1) › selection to filter (filter arg 2) › rectangle (rect arg 1) › top y (element 2)
            4 — where (arg 1) › selection to filter (filter arg 2) › rectangle (rect arg 1) › right x (element 3)
            4 — where (arg 1) › selection to filter (filter arg 2) › rectangle (rect arg 1) › bottom y (element 4)
            complement — where (arg 1)
            floodfill — where (arg 1) › selection to invert (complement arg 1)
            1 — where (arg 1) › selection to invert (complement arg 1) › starting point (floodfill arg 1) › x (column) (element 1)
            1 — where (arg 1) › selection to invert (complement arg 1) › starting point (floodfill arg 1) › y (row) (element 2)
            '.' — terrain (arg 2)"#]],
    );
    check_leaves(
        "DOOR: locked, randline (1,1), (5,5), 10 & filter('T', fillrect (0,0,3,3)) & ellipse((1,1), 2, 1) & random[dry, wet]",
        expect![[r#"
            locked — door state (arg 1)
            randline — where (arg 2)
            1 — where (arg 2) › start of the line (randline arg 1) › x (column) (element 1)
            1 — where (arg 2) › start of the line (randline arg 1) › y (row) (element 2)
            5 — where (arg 2) › end of the line (randline arg 2) › x (column) (element 1)
            5 — where (arg 2) › end of the line (randline arg 2) › y (row) (element 2)
            10 — where (arg 2) › roughness (randline arg 3)
            filter — where (arg 2)
            'T' — where (arg 2) › filter (filter arg 1)
            fillrect — where (arg 2) › selection to filter (filter arg 2)
            0 — where (arg 2) › selection to filter (filter arg 2) › rectangle (fillrect arg 1) › left x (element 1)
            0 — where (arg 2) › selection to filter (filter arg 2) › rectangle (fillrect arg 1) › top y (element 2)
            3 — where (arg 2) › selection to filter (filter arg 2) › rectangle (fillrect arg 1) › right x (element 3)
            3 — where (arg 2) › selection to filter (filter arg 2) › rectangle (fillrect arg 1) › bottom y (element 4)
            ellipse — where (arg 2)
            1 — where (arg 2) › centre (ellipse arg 1) › x (column) (element 1)
            1 — where (arg 2) › centre (ellipse arg 1) › y (row) (element 2)
            2 — where (arg 2) › horizontal radius (ellipse arg 2)
            1 — where (arg 2) › vertical radius (ellipse arg 3)
            dry — where (arg 2) › kind of random spot (in [ ])
            wet — where (arg 2) › kind of random spot (in [ ])"#]],
    );
}

#[test]
fn forms_chosen_by_the_first_argument() {
    check_leaves(
        "INIT_MAP: mines, '.', ' ', true, true, lit, random, 'T'",
        expect![[r#"
            mines — fill style (arg 1)
            '.' — foreground terrain (arg 2)
            ' ' — background terrain (arg 3)
            true — smoothed (arg 4)
            true — joined (arg 5)
            lit — lighting (arg 6)
            random — walled (arg 7)
            'T' — filling (arg 8)"#]],
    );
    check_leaves(
        "GEOMETRY: (3,4), false",
        expect![[r#"
        3 — placement (arg 1) › x (column) (element 1)
        4 — placement (arg 1) › y (row) (element 2)
        false — keep the map's frame (arg 2)"#]],
    );
    check_leaves(
        "GEOMETRY: left, top, true",
        expect![[r#"
        left — horizontal placement (arg 1)
        top — vertical placement (arg 2)
        true — keep the map's frame (arg 3)"#]],
    );
    check_leaves(
        "STAIR: levregion(1,0,10,20), (0,0,5,5), up",
        expect![[r#"
            levregion — region (arg 1)
            1 — region (arg 1) › left x (element 1)
            0 — region (arg 1) › top y (element 2)
            10 — region (arg 1) › right x (element 3)
            20 — region (arg 1) › bottom y (element 4)
            0 — excluded region (arg 2) › left x (element 1)
            0 — excluded region (arg 2) › top y (element 2)
            5 — excluded region (arg 2) › right x (element 3)
            5 — excluded region (arg 2) › bottom y (element 4)
            up — direction of travel (arg 3)"#]],
    );
    check_leaves(
        "STAIR: (1,1), down",
        expect![[r#"
        1 — position (arg 1) › x (column) (element 1)
        1 — position (arg 1) › y (row) (element 2)
        down — direction of travel (arg 2)"#]],
    );
    check_leaves(
        "ROOM: \"zoo\"[40%], lit, (1,1), (center, top), (5,4), filled, joined",
        expect![[r#"
            "zoo" — room type (arg 1)
            [40%] — room type (arg 1) › chance of the room type (value)
            lit — lighting (arg 2)
            1 — cell of the 5 × 5 level grid (arg 3) › grid column (1–5) (element 1)
            1 — cell of the 5 × 5 level grid (arg 3) › grid row (1–5) (element 2)
            center — alignment in its cell (arg 4) › horizontal alignment (element 1)
            top — alignment in its cell (arg 4) › vertical alignment (element 2)
            5 — size (arg 5) › width (element 1)
            4 — size (arg 5) › height (element 2)
            filled — room flags (arg 6)
            joined — room flags (arg 7)"#]],
    );
    check_leaves(
        "CORRIDOR: (0, south, random), 2",
        expect![[r#"
        0 — start door (arg 1) › room number (element 1)
        south — start door (arg 1) › wall (element 2)
        random — start door (arg 1) › door position (element 3)
        2 — end door or room number (arg 2)"#]],
    );
}

#[test]
fn the_slot_at_the_cursor() {
    check_cursor(
        "MONSTER: ('D', \"$0",
        expect!["string []: monster (arg 1) › monster species (element 2) [class D]"],
    );
    check_cursor(
        "MONSTER: ('$0",
        expect!["char [']: monster (arg 1) › monster class (element 1)"],
    );
    check_cursor(
        "MONSTER: 'd', (1,1), m_feature \"fo$0",
        expect![
            "string [fo]: monster info (arg 3) › dungeon feature it looks like (after m_feature)"
        ],
    );
    check_cursor(
        "MONSTER: 'd', (1,1), fleeing: $0",
        expect!["value []: monster info (arg 3) › turns of fleeing (after fleeing)"],
    );
    check_cursor(
        "MONSTER: 'd', (1,1), seen_traps: \"pit\"|$0",
        expect!["value []: monster info (arg 3) › traps it knows of (after seen_traps)"],
    );
    check_cursor("OBJECT: '%', montype: ('d', \"$0", expect!["string []: object info (arg 2) › monster type (after montype) › monster species (element 2) [class d]"]);
    check_cursor(
        "TERRAIN: grow($0",
        expect!["value []: where (arg 1) › directions to grow in (grow arg 1)"],
    );
    check_cursor(
        "TERRAIN: circle((1,1), 3, $0",
        expect!["value []: where (arg 1) › filled or only the rim (circle arg 3)"],
    );
    check_cursor(
        "TERRAIN: rect $0",
        expect!["value []: where (arg 1) › rectangle (rect arg 1)"],
    );
    check_cursor(
        "TERRAIN: line (1,1), $0",
        expect!["value []: where (arg 1) › end of the line (line arg 2)"],
    );
    check_cursor(
        "TERRAIN: line (1,1), (2,2), $0",
        expect!["value []: terrain (arg 2)"],
    );
    check_cursor(
        "TERRAIN: filter('$0",
        expect!["char [']: where (arg 1) › filter (filter arg 1)"],
    );
    check_cursor(
        "MONSTER: 'd', random[dry,$0",
        expect!["value []: position (arg 2) › kind of random spot (in [ ])"],
    );
    check_cursor(
        "ROOMDOOR: true, open, north|$0",
        expect!["value []: wall (arg 3)"],
    );
    check_cursor(
        "ROOM: \"ordinary\", lit, (1,1), (cen$0",
        expect!["value [cen]: alignment in its cell (arg 4) › horizontal alignment (element 1)"],
    );
    check_cursor("ALTAR: (1,1), law $0", expect!["value []: no slot"]);
    check_cursor("TERRAIN: $s$0", expect!["variable [$s]: where (arg 1)"]);
    check_cursor("IF [$0", expect!["value []: condition (value)"]);
    check_cursor("$x = $0", expect!["value []: value (value)"]);
    check_cursor(
        "$x = selection: $0",
        expect!["value []: value (value) › selection (value)"],
    );
    check_cursor(
        "FOR $i = 1 TO $0",
        expect!["value []: bound of the loop (value)"],
    );
}

#[test]
fn where_a_statement_may_start() {
    check_cursor("$0", expect!["keyword []: no slot"]);
    check_cursor("  MONS$0", expect!["keyword [MONS]: no slot"]);
    check_cursor("IF [50%] { $0", expect!["keyword []: no slot"]);
    check_cursor("[50%]: $0", expect!["keyword []: no slot"]);
    check_cursor("SWITCH [2] {\n  CASE 1: $0", expect!["keyword []: no slot"]);
    check_cursor("} ELSE { TR$0", expect!["keyword [TR]: no slot"]);
    check_cursor("MONSTER: 'd',\n  $0", expect!["value []: position (arg 2)"]);
    check_cursor(
        "MESSAGE: \"a, $0",
        expect!["string [a, ]: message text (arg 1)"],
    );
}
