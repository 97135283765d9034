// One document per format, each with one known error, shared by the
// node:test suite (test/server.test.mjs) and the code-server end-to-end test
// (e2e/run.mjs). The texts are the project's examples and a shared corpus
// file with one line changed, or a small inline text.
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const extensionDir = dirname(dirname(fileURLToPath(import.meta.url)));
export const repoRoot = resolve(extensionDir, "..", "..");
/** shared/ sits beside the checkout (CI clones main with shared/ beside it). */
export const sharedDir = process.env.LEVLS_SHARED ?? resolve(repoRoot, "..", "shared");

/** `text` with `from` replaced by `to`, failing loudly if `from` is gone. */
function edit(path, from, to) {
  const text = readFileSync(path, "utf8");
  if (!text.includes(from)) throw new Error(`${path} no longer contains ${JSON.stringify(from)}`);
  return text.replace(from, to);
}

const WUAS_BOARD = [
  "# A small WUAS board for the editor tests: the second row lacks a cell.",
  "",
  "1",
  "+------+------+",
  "| shop | wall |",
  "|      |      |",
  "+------+------+",
  "| shop |",
  "|      |",
  "+------+",
  "",
  "G goldcoin      nil    8  8",
  "",
].join("\n");

/**
 * name: the file name in the end-to-end workspace; languageId: what the
 * test client sends (`plaintext` for the `.dat`, as an editor would);
 * error: a piece of the known error's message; errorLine: its line (0-based);
 * hover: a position and a piece of the hover text; completion: a position
 * where the server offers `completionLabel`; status: the status item's text.
 */
export function fixtures() {
  return [
    {
      format: "derf",
      name: "gate.derf",
      languageId: "derf",
      text: edit(join(repoRoot, "examples/derf/01-gate-of-cinders.derf"), "\nbag:healing potion", "\nchest:healing potion"),
      error: "`chest` is not listed on the `Containers:` line",
      errorLine: 9,
      hover: { line: 6, character: 2, word: "Flags", expect: "Effective flags in this room" },
      completion: { line: 6, character: 7, label: "+dungeon_entrance" },
      status: "DERF",
    },
    {
      format: "frupal",
      name: "island.fmap",
      languageId: "frupal",
      text: edit(join(repoRoot, "examples/frupal/island.fmap"), "\ndiamonds: 16 5", "\ndiamonds: 99 5"),
      error: "x = 99 is outside the map",
      errorLine: 17,
      hover: { line: 17, character: 2, word: "diamonds", expect: "The Royal Diamonds" },
      completion: { line: 18, character: 0, label: "treasure:" },
      status: "Frupal",
    },
    {
      format: "wuas",
      name: "board.dat",
      languageId: "plaintext",
      text: WUAS_BOARD,
      error: "this row has 1 cells but the floor's first row has 2",
      errorLine: 7,
      hover: { line: 4, character: 3, word: "shop", expect: "at floor 0, row 1, column 1" },
      completion: { line: 4, character: 2, label: "shop" },
      status: "WUAS",
    },
    {
      format: "nethack",
      name: "watchtower.des",
      languageId: "nethack-des",
      text: edit(join(repoRoot, "examples/nethack/watchtower.des"), "\nFOUNTAIN: (13,6)", "\nFOUNTAN: (13,6)"),
      error: "unknown keyword `FOUNTAN`",
      errorLine: 33,
      hover: { line: 34, character: 2, word: "MONSTER", expect: "Places a monster of a class" },
      completion: { line: 34, character: 0, label: "MONSTER" },
      status: "NetHack 3.4.3",
    },
    {
      format: "dungeon-mystery",
      name: "basic-usage.dm.json",
      languageId: "dungeon-mystery",
      text: edit(join(sharedDir, "corpus/dungeon-mystery/docs-examples/basic-usage.json"), '"layout": 1,', '"layout": "banana",'),
      error: "`floor_props.layout` must be an integer code, not a string",
      errorLine: 2,
      hover: { line: 2, character: 6, word: "layout", expect: "The generator to use" },
      completion: { line: 2, character: 15, label: "0" },
      status: "dungeon-mystery",
    },
  ];
}

/**
 * MiniHack levels written in Python. `level`: a MiniHack script whose
 * `des_file="""…"""` level misspells a monster (error, errorLine and
 * errorCharacter: where levls puts it, 0-based, in the Python file; the
 * hover of a word inside the level; status: the status item's text);
 * `plain`: a Python file with no level and no mention of MiniHack, which
 * the extension never sends to the server; `notebook`: the level in a
 * Jupyter notebook's cell.
 */
export function pythonFixtures() {
  const level = [
    '"""A MiniHack navigation task with one misspelt monster."""',
    "import gymnasium as gym",
    "import minihack  # noqa: F401",
    "",
    'des_file = """',
    "MAZE: \"mylevel\", ' '",
    "FLAGS: noteleport",
    "GEOMETRY: center, center",
    "MAP",
    "-------",
    "|.....|",
    "|.....|",
    "-------",
    "ENDMAP",
    "BRANCH: (1,1,1,1), (0,0,0,0)",
    "STAIR: (5,2), down",
    "MONSTER: ('D', \"red dragn\"), (3,1)",
    '"""',
    "",
    'env = gym.make("MiniHack-Navigation-Custom-v0", des_file=des_file)',
    "",
  ].join("\n");
  // The same level in a Jupyter notebook's second cell (the first imports
  // MiniHack): the cell is a document of its own.
  const lines = level.split("\n");
  const cell = lines.slice(lines.indexOf('des_file = """'), lines.indexOf('"""', lines.indexOf('des_file = """')) + 1);
  const source = (text) => text.map((l, i) => (i < text.length - 1 ? `${l}\n` : l));
  const notebook = {
    cells: [
      { cell_type: "code", execution_count: null, metadata: {}, outputs: [], source: source(["import minihack"]) },
      { cell_type: "code", execution_count: null, metadata: {}, outputs: [], source: source(cell) },
    ],
    metadata: { kernelspec: { display_name: "Python 3", language: "python", name: "python3" }, language_info: { name: "python" } },
    nbformat: 4,
    nbformat_minor: 5,
  };
  return {
    notebook: {
      name: "levels.ipynb",
      text: JSON.stringify(notebook, null, 1) + "\n",
      error: "Unknown monster ('D', \"red dragn\")",
      // In the second cell.
      errorLine: cell.findIndex((l) => l.startsWith("MONSTER:")),
      errorCharacter: 9,
    },
    level: {
      name: "maze_env.py",
      languageId: "python",
      text: level,
      error: "Unknown monster ('D', \"red dragn\")",
      errorLine: 16,
      errorCharacter: 9,
      hover: { line: 16, character: 2, word: "MONSTER", expect: "Places a monster" },
      // Inside "red dragn": the 'D' class's monsters.
      completion: { line: 16, character: 16, label: "red dragon" },
      status: "NetHack 3.6 levels in Python: 1",
    },
    plain: {
      name: "geometry.py",
      languageId: "python",
      text: ["def area(width, height):", "    return width * height", "", "", "print(area(3, 4))", ""].join("\n"),
    },
  };
}
