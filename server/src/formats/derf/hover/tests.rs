//! Hover on flags, containers, items, the header and the room's lines.

use crate::formats::derf::tests::DERF;
use expect_test::expect;

#[test]
fn hover_flag_shows_transitive_effects() {
    DERF.check_hover(
        "DERF:0.1.0\nLair\nA lair.\nHot.\nFlags: +dungeon_e$0xit -north_exit\n",
        expect![[r#"
        [dungeon_exit]
        **dungeon_exit** — dungeon flag

        the dungeon's exit: players complete the dungeon here

        Marks the room where players complete the dungeon. Every dungeon gets exactly one exit room. A room that is both entrance and exit makes players defeat every boss and come back here to finish.

        **Sets:** `boss`, `north_exit`, `south_exit`, `east_exit`, `west_exit`, `monster_spawn`, `magic`, `trap` (via boss)  
        **Unsets:** `safe_room`, `dungeon_entrance`  
        A flag you write yourself always wins over an implied one.

        In this room: **on** (written here)."#]],
    );
}

#[test]
fn hover_implied_flag_state() {
    DERF.check_hover(
        "DERF:0.1.0\nLair\nA lair.\nHot.\nFlags: +dungeon_exit -tr$0ap\n",
        expect![[r#"
        [trap]
        **trap** — special flag

        traps may be placed here (magical ones if `magic` is set)

        Traps may be placed in this room, set off by players or monsters. With `magic` set they may be magical. A trap room may still end up with no trap.

        Sets and unsets no other flag.

        In this room: **off** (written here)."#]],
    );
}

#[test]
fn hover_subflag() {
    DERF.check_hover(
        "DERF:0.1.0\nLair\nA lair.\nHot.\nFlags: +dungeon_exit +drag$0on_boss\n",
        expect![[r#"
        [dragon_boss]
        **dragon_boss** — sub-flag of `boss`

        `+<type>_boss` / `+<name>_boss` narrows the bosses that may spawn here to those listed; `-…_boss` excludes one. Types and names come from your Dungeon Engine build; by default all are allowed.

        `boss` is on in this room (implied by dungeon_exit), so this sub-flag applies."#]],
    );
}

#[test]
fn hover_flags_keyword_lists_effective_flags() {
    DERF.check_hover(
        "DERF:0.1.0\nLair\nA lair.\nHot.\nFl$0ags: +boss -trap +west_exit\n",
        expect![[r#"
        [Flags:]
        **Flags line**: `+flag` sets a flag, `-flag` unsets it, separated by spaces, all on this one line. Some flags set or unset others; a flag you write yourself always wins over an implied one.

        **Effective flags in this room**

        - `-dungeon_entrance` — implied by boss
        - `+boss` — written here
        - `-safe_room` — implied by boss
        - `+west_exit` — written here
        - `-trap` — written here
        - `+magic` — implied by boss
    "#]],
    );
}

#[test]
fn hover_containers_and_items() {
    DERF.check_hover(
        "DERF:0.1.0\nH\nS.\nL.\nContainers: concealed_b$0ag\n",
        expect![[r#"
        [concealed_bag]
        **concealed_bag** — generic container

        The item is in a bag of some sort: backpack, rucksack, plain bag…

        `concealed_`: the bag is hidden."#]],
    );
    DERF.check_hover(
        "DERF:0.1.0\nH\nS.\nL.\nContainers: bag bag\nba$0g2:magic\n",
        expect![[r#"
        [bag2]
        **bag** — generic container

        The item is in a bag of some sort: backpack, rucksack, plain bag…

        With `concealed_bag`, the bag is hidden.

        `bag2` is bag number 2 in the order of the `Containers:` line."#]],
    );
    DERF.check_hover(
        "DERF:0.1.0\nH\nS.\nL.\nContainers: bag\nbag:ma$0gic\n",
        expect![[r#"
        [magic]
        **magic** — item type

        A magical item: a magical weapon or defensive item, a scroll, a wand… (This item type is unrelated to the room flag `magic`.)

        An item type limits the random item to that type; several types on one container may give one item with all of them. Any other text names a specific item that your Dungeon Engine build provides."#]],
    );
}

#[test]
fn hover_header_and_lines() {
    DERF.check_hover(
        "DE$0RF:0.1.0\nH\nS.\nL.\n",
        expect![[r#"
        [DERF:]
        `DERF:` — the file declaration.

        **File declaration** `DERF:` followed by the **format version** `major.minor.patch`. Dungeon Engine uses it to pick a parser: a missing version or an unknown major version makes it ignore the room; an unknown minor or patch version loads with a warning. The only version defined is `0.1.0`."#]],
    );
    DERF.check_hover(
        "DERF:0.1.0\n\u{e9}glise $0hall\nS.\nL.\n",
        expect![[r#"
        [église hall]
        Room name: **église hall**

        **Room name** (line 2): what the room is called. It may be blank: the room is then auto-named `Room N`, numbered from 1 across such rooms."#]],
    );
    DERF.check_hover(
        "DERF:0.1.0\nH\nS.\nLong $0text.\n",
        expect![[r#"
        [Long text.]
        **Long description** (line 4 up to `Flags:` / `Containers:`): shown when players enter the room or ask for more detail. It may span many lines. A line that starts with `Flags:` or `Containers:` ends it."#]],
    );
}

/// Flags written with a comma between them are read as two flags (D21):
/// hovering the second says what it does.
#[test]
fn hover_the_second_of_two_flags_joined_by_a_comma() {
    DERF.check_hover(
        "DERF:0.1.0\nLair\nA lair.\nHot.\nFlags: +boss,+tr$0ap\n",
        expect![[r#"
            [trap]
            **trap** — special flag

            traps may be placed here (magical ones if `magic` is set)

            Traps may be placed in this room, set off by players or monsters. With `magic` set they may be magical. A trap room may still end up with no trap.

            Sets and unsets no other flag.

            In this room: **on** (written here)."#]],
    );
}
