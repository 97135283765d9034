use super::*;

use std::path::Path;

use expect_test::{expect, Expect};

/// The materialised variant trees: `LEVLS_VARIANT_TREES`, else `/work/trees`.
fn variant_trees() -> PathBuf {
    std::env::var_os("LEVLS_VARIANT_TREES")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/work/trees"))
}

fn compiled_names(variant: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared/corpus/nethack/variant-trees")
        .join(variant)
        .join("compiled-names")
}

/// `(class, name)` rows of a compiled dump (`index class name …`), unnamed
/// entries left out as the built-in tables leave them out.
fn compiled(path: &Path) -> Vec<(char, String)> {
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .skip(1)
        .filter_map(|line| {
            let mut fields = line.split('\t');
            let (_, class, name) = (fields.next()?, fields.next()?, fields.next()?);
            let class = class.chars().next()?;
            (!name.is_empty()).then(|| (class, name.to_string()))
        })
        .collect()
}

/// Where two tables first differ, for the failure message.
fn first_difference(got: &[(char, String)], want: &[(char, String)]) -> String {
    let at = got
        .iter()
        .zip(want)
        .position(|(g, w)| g != w)
        .unwrap_or(got.len().min(want.len()));
    format!(
        "{} rows read, {} compiled; first difference at row {at}: read {:?}, compiled {:?}",
        got.len(),
        want.len(),
        got.get(at),
        want.get(at)
    )
}

/// Each materialised variant's source tree, found as a level finds it:
/// from the tree's `dat/` (dNetHack and SLASH'EM keep the game one folder
/// down). Empty, with a note, when the trees are absent.
pub(super) fn variant_roots() -> Vec<(&'static str, PathBuf)> {
    let trees = variant_trees();
    let variants = ["dnethack", "slashem", "unnethack", "splicehack", "xnethack"];
    if !trees.is_dir() || !compiled_names(variants[0]).is_dir() {
        eprintln!(
            "skipped: the variant trees ({}, or set LEVLS_VARIANT_TREES) or ../shared's compiled names are absent",
            trees.display()
        );
        return Vec::new();
    }
    variants
        .into_iter()
        .map(|variant| {
            let top = trees.join(variant);
            let dat = dat_folder(&top).unwrap_or(top);
            let root = find_root(&dat).unwrap_or_else(|| {
                panic!("{variant}: no source tree found under {}", trees.display())
            });
            (variant, root)
        })
        .collect()
}

#[test]
fn each_variant_trees_names_equal_its_compiled_tables() {
    let mut failures = Vec::new();
    for (variant, root) in variant_roots() {
        let vocabulary = read(&root).unwrap_or_else(|e| panic!("{variant}: {e}"));
        let expected = compiled_names(variant);
        for (what, got, want) in [
            (
                "monsters",
                &vocabulary.monsters,
                compiled(&expected.join("monsters.tsv")),
            ),
            (
                "objects",
                &vocabulary.objects,
                compiled(&expected.join("objects.tsv")),
            ),
        ] {
            if *got != want {
                failures.push(format!(
                    "{variant} {what}: {}",
                    first_difference(got, &want)
                ));
            }
        }
        // The built-in lexicon is what the reader makes of the tree.
        let built_in = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("src/formats/nethack/names/data/variants")
            .join(format!("{variant}.lexicon.tsv"));
        let got = vocabulary.lexicon_tsv();
        if std::env::var_os("UPDATE_PROFILES").is_some() {
            std::fs::write(&built_in, &got).unwrap();
        } else if std::fs::read_to_string(&built_in).ok().as_deref() != Some(got.as_str()) {
            failures.push(format!(
                "{variant}: {} differs from what the reader makes of the tree; rerun with UPDATE_PROFILES=1",
                built_in.display()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

pub(super) fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("src/formats/nethack/names/tree/tests/fixtures")
        .join(name)
}

fn check_tree(
    name: &str,
    base: Dialect,
    title: &str,
    names: Expect,
    lexicon: Expect,
    guessed: Expect,
) {
    let vocabulary = read(&fixture(name)).unwrap();
    assert_eq!((vocabulary.base, vocabulary.title.as_str()), (base, title));
    names.assert_eq(&vocabulary.names_tsv());
    lexicon.assert_eq(&vocabulary.lexicon_tsv());
    guessed.assert_debug_eq(&vocabulary.guessed);
}

#[test]
fn the_root_is_the_nearest_folder_with_the_games_sources() {
    let classic = fixture("classic");
    assert_eq!(
        find_root(&classic.join("dat/test.des")),
        Some(classic.clone())
    );
    assert_eq!(find_root(&classic.join("src")), Some(classic));
    // A game kept one folder down (like `libnethack/`) is found from beside it.
    let modern = fixture("modern");
    assert_eq!(
        find_root(&modern.join("dat/modern.des")),
        Some(modern.join("game"))
    );
}

#[test]
fn a_level_outside_any_source_tree_has_no_root() {
    let dir = std::env::temp_dir().join(format!("levls-no-tree-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("dat")).unwrap();
    std::fs::write(dir.join("dat/alone.des"), "MAZE:\"alone\",' '\n").unwrap();
    let root = find_root(&dir.join("dat/alone.des"));
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(root, None);
}

#[test]
fn a_folder_without_the_tables_is_an_error() {
    let error = read(&fixture("classic").join("dat")).unwrap_err();
    assert!(error.contains("monsym.h"), "{error}");
}

#[test]
fn a_tree_in_the_343_variants_style_reads_as_its_build_compiles_it() {
    check_tree(
        "classic",
        Dialect::V343,
        "ClassicHack",
        expect![[r#"
            kind	class_char	name
            monster	a	giant ant
            monster	d	jackal
            monster	z	wallaby
            monster	z	ember moss
            monster	z	oddity
            monster	z	zruty
            monster	 	ghost
            object	]	strange object
            object	)	arrow
            object	)	bullet
            object	)	orcish dagger
            object	)	elven dagger
            object	)	lightsaber
            object	$	gold piece
        "#]],
        expect![[r#"
            kind	value	detail
            word	ENDMAP	MAP_ID
            word	MAZE	MAZE_ID
            word	LEVEL	LEVEL_ID
            word	MAP	BEGIN(MAPC)
            word	RANDOM_REGION	RANDOMREGION_ID
            word	half-left	LEFT_OR_RIGHT
            word	lit	LIGHT_STATE
            word	unlit	LIGHT_STATE
            word	noteleport	FLAG_TYPE
            word	spooky	FLAG_TYPE
            map-char	 	STONE
            map-char	#	CORR
            map-char	,	GRASS
            map-char	G	GRASS
            map-char	\	THRONE
            map-char	.	ROOM
            trap	arrow	ARROW_TRAP
            trap	mummy trap	MUMMY_TRAP
            trap	essence	ESSENCE_TRAP
            room-type	ordinary	OROOM
            room-type	dragonlair	DRAGONLAIR
            room-type	black market	BLACKSHOP
            monster-class	a	DEF_ANT
            monster-class	d	DEF_DOG
            monster-class	z	DEF_ZRUTY
            monster-class	 	DEF_GHOST
            object-class	]	ILLOBJ_CLASS
            object-class	)	WEAPON_CLASS
            object-class	$	COIN_CLASS
        "#]],
        expect![[r#"
        []
    "#]],
    );
}

#[test]
fn a_tree_in_the_36_variants_style_reads_as_its_build_compiles_it() {
    check_tree(
        "modern/game",
        Dialect::V36,
        "ModernHack",
        expect![[r#"
            kind	class_char	name
            monster	a	sand beetle
            monster	l	pond skink
            monster	@	hillman
            monster	@	hillwoman
            monster	@	hill dweller
            monster	@	courier imp
            monster	9	marsh hound
            object	]	odd trinket
            object	"	pendant of humming
            object	"	pendant of "echoes"
            object	+	tome of sneezing
            object	+	empty tome
        "#]],
        expect![[r#"
            kind	value	detail
            word	ENDMAP	MAP_ID
            word	MAZE	MAZE_ID
            word	MAP	BEGIN(MAPC)
            word	obj	object_ID
            word	object	object_ID
            word	NAME	NAME_ID
            word	name	NAME_ID
            word	LOOP	LOOP_ID
            word	random[	RANDOM_TYPE_BRACKET
            word	noflip	FLAG_TYPE
            map-char	 	STONE
            map-char	,	GRASS
            map-char	g	GRASS
            trap	arrow	ARROW_TRAP
            trap	glyph of law	GLYPH_LAW
            room-type	ordinary	OROOM
            room-type	den	DEN
            monster-class	a	DEF_ANT
            monster-class	l	DEF_LIZARD
            monster-class	@	DEF_HUMAN
            monster-class	9	DEF_GNOLL
            object-class	]	ILLOBJ_CLASS
            object-class	"	AMULET_CLASS
            object-class	+	SPBOOK_CLASS
        "#]],
        expect![[r#"
            [
                "src/monst.c:47: #if defined(POSTAL) && POSTAL_KIND > 1 /* POSTAL_KIND is defined by no header */",
            ]
        "#]],
    );
}
