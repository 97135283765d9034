// The TextMate grammars in syntaxes/, run through vscode-textmate with the
// oniguruma regex engine VS Code itself uses: each format's typical lines
// get the scopes the highlighting depends on.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import textmate from "vscode-textmate";
import oniguruma from "vscode-oniguruma";

const here = dirname(dirname(fileURLToPath(import.meta.url)));
const require = createRequire(import.meta.url);
const pkg = JSON.parse(readFileSync(join(here, "package.json"), "utf8"));

const wasm = readFileSync(require.resolve("vscode-oniguruma/release/onig.wasm")).buffer;
const onigLib = oniguruma.loadWASM(wasm).then(() => ({
  createOnigScanner: (patterns) => new oniguruma.OnigScanner(patterns),
  createOnigString: (s) => new oniguruma.OnigString(s),
}));

const registry = new textmate.Registry({
  onigLib,
  loadGrammar: async (scopeName) => {
    const entry = pkg.contributes.grammars.find((g) => g.scopeName === scopeName);
    if (!entry) return null; // source.json: VS Code's own, not needed here
    const path = join(here, entry.path);
    return textmate.parseRawGrammar(readFileSync(path, "utf8"), path);
  },
});

/** [text, scopes] for every token of every line. */
async function tokenize(scopeName, text) {
  const grammar = await registry.loadGrammar(scopeName);
  assert.ok(grammar, `grammar ${scopeName}`);
  let stack = textmate.INITIAL;
  const out = [];
  for (const line of text.split("\n")) {
    const r = grammar.tokenizeLine(line, stack);
    for (const t of r.tokens) out.push([line.slice(t.startIndex, t.endIndex), t.scopes.slice(1)]);
    stack = r.ruleStack;
  }
  return out;
}

/** The scopes of the first token whose text is `text` (after `after` tokens matched). */
function scopesOf(tokens, text, nth = 0) {
  const found = tokens.filter(([t]) => t === text);
  assert.ok(found.length > nth, `no token ${JSON.stringify(text)} in ${JSON.stringify(tokens.map(([t]) => t))}`);
  return found[nth][1].join(" ");
}

test("every grammar in package.json loads", async () => {
  for (const g of pkg.contributes.grammars) {
    if (g.language === "dungeon-mystery") continue; // includes source.json only
    assert.ok(await registry.loadGrammar(g.scopeName), g.scopeName);
  }
});

test("DERF: header, flags, containers and items", async () => {
  const tokens = await tokenize(
    "source.derf",
    "DERF:0.1.0\nThe Hall\nA hall.\nWarning: not a container line.\nFlags: +dungeon_entrance -south_exit\nContainers: room bag\nroom:torch\n",
  );
  assert.match(scopesOf(tokens, "DERF:"), /keyword\.other\.directive/);
  assert.match(scopesOf(tokens, "0.1.0"), /constant\.numeric\.version/);
  assert.equal(scopesOf(tokens, "Warning: not a container line."), "");
  assert.match(scopesOf(tokens, "Flags:"), /keyword\.other\.flags/);
  assert.match(scopesOf(tokens, "+"), /keyword\.operator\.sign/);
  assert.match(scopesOf(tokens, "dungeon_entrance"), /constant\.other\.flag/);
  assert.match(scopesOf(tokens, "bag"), /entity\.name\.type\.container/);
  assert.match(scopesOf(tokens, "room", 1), /entity\.name\.type\.container/);
  assert.match(scopesOf(tokens, "torch"), /string\.unquoted\.item/);
});

test("Frupal: kingdom line, comments, elements, numbers, terrain rows", async () => {
  const tokens = await tokenize(
    "source.frupal",
    'Frupal_Kingdom:\n# a comment\nterrain: 4 2\n=..~\n="~~\nclue: 3 5 It is on an island.\\nGo.\n',
  );
  assert.match(scopesOf(tokens, "Frupal_Kingdom:"), /keyword\.other\.directive/);
  assert.match(scopesOf(tokens, " a comment"), /comment\.line/);
  assert.match(scopesOf(tokens, "terrain:"), /keyword\.other\.element/);
  assert.match(scopesOf(tokens, "4"), /constant\.numeric/);
  assert.match(scopesOf(tokens, ".."), /meta\.terrain-row.*meadow/);
  assert.match(scopesOf(tokens, "~~"), /water/);
  assert.match(scopesOf(tokens, '"'), /swamp/);
  assert.match(scopesOf(tokens, "\\n"), /constant\.character\.escape/);
  assert.equal(scopesOf(tokens, " It is on an island."), "");
});

test("WUAS: comment, version, floor, board, metadata, fields, graph edges", async () => {
  const tokens = await tokenize(
    "source.wuas",
    "# c\n1\nfloor=2\n+---+---+\n| shop | neutral* |\nname: Rocket\nG goldcoin nil 8 8\na--b\n",
  );
  assert.match(scopesOf(tokens, "# c"), /comment\.line/);
  assert.match(scopesOf(tokens, "1"), /constant\.numeric\.version/);
  assert.match(scopesOf(tokens, "floor="), /keyword\.other\.floor/);
  assert.match(scopesOf(tokens, "+---+---+"), /punctuation\.separator\.board-border/);
  assert.match(scopesOf(tokens, "|"), /punctuation\.separator\.cell/);
  assert.match(scopesOf(tokens, "neutral*"), /string\.unquoted\.cell/);
  assert.match(scopesOf(tokens, "name"), /variable\.other\.property/);
  assert.match(scopesOf(tokens, "Rocket"), /string\.unquoted\.value/);
  assert.match(scopesOf(tokens, "nil"), /constant\.language\.nil/);
  assert.match(scopesOf(tokens, "8"), /constant\.numeric/);
  assert.match(scopesOf(tokens, "--"), /keyword\.operator\.edge/);
});

test("NetHack: header, statements, chance, map block, strings, chars, 3.6 variables", async () => {
  const tokens = await tokenize(
    "source.nethack-des",
    [
      'MAZE: "wtower1", \' \'',
      "# comment",
      "MAP",
      "}}---",
      "}|.S|",
      "ENDMAP",
      'MONSTER[40%]: \'d\', "jackal", place[1]',
      "$place = { (1,2), (3,4) }",
      "IF [50%] {",
      "  OBJECT: random, random, rndcoord($place)",
      "}",
    ].join("\n"),
  );
  assert.match(scopesOf(tokens, "MAZE"), /keyword\.control\.level/);
  assert.match(scopesOf(tokens, "wtower1"), /string\.quoted\.double/);
  assert.match(scopesOf(tokens, " comment"), /comment\.line/);
  assert.match(scopesOf(tokens, "MAP"), /keyword\.control\.map/);
  assert.match(scopesOf(tokens, "}}---"), /string\.unquoted\.map/);
  assert.match(scopesOf(tokens, "}|.S|"), /string\.unquoted\.map/);
  assert.match(scopesOf(tokens, "ENDMAP"), /keyword\.control\.map/);
  assert.match(scopesOf(tokens, "MONSTER"), /keyword\.other\.statement/);
  assert.match(scopesOf(tokens, "[40%]"), /constant\.numeric\.chance/);
  assert.match(scopesOf(tokens, "'d'"), /string\.quoted\.single\.char/);
  assert.match(scopesOf(tokens, "place"), /variable\.language\.register/);
  assert.match(scopesOf(tokens, "$place"), /variable\.other/);
  assert.match(scopesOf(tokens, "IF"), /keyword\.control/);
  assert.match(scopesOf(tokens, "random"), /constant\.language/);
  assert.match(scopesOf(tokens, "rndcoord"), /support\.function/);
  assert.match(scopesOf(tokens, "OBJECT"), /keyword\.other\.statement/);
});

// VS Code's own Python grammar, from the code-server that
// scripts/install-vscode-test-tools installs (scripts/test-vscode runs it
// before this suite).
const TOOLS = process.env.LEVLS_VSCODE_TOOLS ?? join(homedir(), ".cache/levls/vscode-test-tools");
const MAGIC_PYTHON = join(TOOLS, "code-server/node_modules/code-server/lib/vscode/extensions/python/syntaxes/MagicPython.tmLanguage.json");

test("Python: a level in a triple-quoted string is highlighted as NetHack, other strings stay Python's", async () => {
  assert.ok(existsSync(MAGIC_PYTHON), `no Python grammar at ${MAGIC_PYTHON}: run scripts/install-vscode-test-tools`);
  const injections = pkg.contributes.grammars.filter((g) => g.injectTo);
  const withPython = new textmate.Registry({
    onigLib,
    loadGrammar: async (scopeName) => {
      if (scopeName === "source.python") return textmate.parseRawGrammar(readFileSync(MAGIC_PYTHON, "utf8"), MAGIC_PYTHON);
      const entry = pkg.contributes.grammars.find((g) => g.scopeName === scopeName);
      if (!entry) return null;
      return textmate.parseRawGrammar(readFileSync(join(here, entry.path), "utf8"), join(here, entry.path));
    },
    getInjections: (scopeName) => injections.filter((g) => g.injectTo.includes(scopeName)).map((g) => g.scopeName),
  });
  const grammar = await withPython.loadGrammar("source.python");
  let stack = textmate.INITIAL;
  const tokens = [];
  const text = [
    'des_file = """',
    "MAZE: \"mylevel\", ' '",
    "MAP",
    "|.....|",
    "ENDMAP",
    "MONSTER: ('D', \"red dragon\"), (3,1)",
    '"""',
    'inline = """LEVEL: "small"',
    'FOUNTAIN: (1,1)"""',
    'doc = """A maze: MONSTER: nothing here"""',
    "x = 1",
  ];
  for (const line of text) {
    const r = grammar.tokenizeLine(line, stack);
    for (const t of r.tokens) tokens.push([line.slice(t.startIndex, t.endIndex), t.scopes.slice(1).join(" ")]);
    stack = r.ruleStack;
  }
  const scopes = (word, nth = 0) => {
    const found = tokens.filter(([t]) => t.trim() === word);
    assert.ok(found.length > nth, `no token ${word} in ${JSON.stringify(tokens.map(([t]) => t))}`);
    return found[nth][1];
  };
  assert.match(scopes("MAZE"), /string\.quoted\.multi\.python.*meta\.embedded\.block\.nethack-des.*keyword\.control\.level/);
  assert.match(scopes("ENDMAP"), /keyword\.control\.map\.nethack-des/);
  assert.match(scopes("|.....|"), /string\.unquoted\.map\.nethack-des/);
  assert.match(scopes("MONSTER"), /keyword\.other\.statement\.nethack-des/);
  assert.match(scopes("LEVEL"), /meta\.embedded\.block\.nethack-des.*keyword.*nethack-des/, "a level right after the opening quotes");
  assert.match(scopes("FOUNTAIN"), /nethack-des/);
  assert.match(scopes('"""', 1), /punctuation\.definition\.string\.end\.python/, "the closing quotes stay Python's");
  assert.doesNotMatch(tokens.find(([t]) => t.includes("A maze"))[1], /nethack-des/, "a string that does not start with a header");
  assert.doesNotMatch(scopes("x"), /nethack-des|string/, "the code after the strings");
});
