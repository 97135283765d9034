#!/usr/bin/env python3
"""Write the seeds of one fuzz target (run by scripts/fuzz, in fuzz/).

    python3 seeds.py TARGET FORMAT OUT_DIR

Seeds come from the committed fuzz/corpus/<format>/seed-* and fuzz/seeds/<format>/,
the project's examples/ and tests/fixtures/, and the shared corpus beside the
checkout (../shared/corpus/, fetched public data: read here, never committed).
NetHack files are split level by level (a quest file holds a dozen levels,
and the fast targets fuzz small inputs). MiniHack's Python seeds also get
every NetHack 3.6 level written as a `des_file` string. A check_* or convert_* target reads
its first two bytes as the choice of settings, so each of its seeds gets
two, in turn, so the seeds cover every choice.
"""

import hashlib
import pathlib
import re
import sys

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent
SHARED = ROOT.parent / "shared" / "corpus"

# Where each format's files are, and how their names end.
SOURCES = {
    "derf": ([ROOT / "examples/derf", ROOT / "tests/fixtures/derf", SHARED / "derf"], (".derf", ".der")),
    "frupal": ([ROOT / "examples/frupal", SHARED / "frupal"], (".fmap",)),
    "wuas": ([SHARED / "wuas"], (".dat",)),
    "dungeon_mystery": ([SHARED / "dungeon-mystery"], (".json",)),
    "nethack": (
        [
            ROOT / "examples/nethack",
            ROOT / "tests/fixtures/nethack",
            SHARED / "nethack/3.4.3",
            SHARED / "nethack/3.6",
            SHARED / "nethack/probes",
            SHARED / "nethack/variants",
        ],
        (".des",),
    ),
    "python": ([HERE / "seeds/python"], (".py", ".ipynb")),
    # NetHack 5.0: the level scripts (and the support scripts, which are no
    # level: a fuzzer's edit may make one), and dungeon.lua.
    "nethack_lua": ([SHARED / "nethack/5.0/dat", SHARED / "nethack/5.0/lua-2019"], (".lua",)),
    "dungeon_lua": ([SHARED / "nethack/5.0/dat"], ("dungeon.lua",)),
}

LEVEL_HEADER = re.compile(rb"^(MAZE|LEVEL)\s*:", re.MULTILINE)


def files(format_name):
    dirs, endings = SOURCES.get(format_name, ([], ()))
    for committed in sorted((HERE / "corpus" / format_name).glob("seed-*")):
        yield committed
    for folder in dirs:
        if folder.is_dir():
            yield from sorted(p for p in folder.rglob("*") if p.is_file() and p.name.endswith(endings))


def levels(text):
    """A NetHack file's levels, each from its header to the next one."""
    starts = [m.start() for m in LEVEL_HEADER.finditer(text)]
    if len(starts) < 2:
        return [text]
    starts[0] = 0
    return [text[a:b] for a, b in zip(starts, starts[1:] + [len(text)])]


def as_python(level):
    """A NetHack level as MiniHack users write it."""
    body = level.replace(b"\\", b"\\\\").replace(b'"""', b'\\"\\"\\"')
    return b'from minihack import LevelGenerator\n\ndes_file = """\n' + body + b'"""\n'


def texts(format_name):
    for path in files(format_name):
        data = path.read_bytes()
        if format_name == "nethack":
            yield from levels(data)
        else:
            yield data
    if format_name == "python":
        for path in files("nethack"):
            if "3.6" in path.parts or "probes" in path.parts:
                for level in levels(path.read_bytes()):
                    yield as_python(level)


def main():
    target, format_name, out = sys.argv[1], sys.argv[2], pathlib.Path(sys.argv[3])
    out.mkdir(parents=True, exist_ok=True)
    prefixed = target.startswith(("check_", "convert_"))
    seen = set()
    for text in texts(format_name):
        if prefixed:
            # Spread the choices: consecutive seeds get choosing bytes far apart.
            text = ((len(seen) * 40503) % 65536).to_bytes(2, "little") + text
        digest = hashlib.sha1(text).hexdigest()
        if digest in seen:
            continue
        seen.add(digest)
        (out / digest).write_bytes(text)


main()
