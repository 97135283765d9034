// Python files with MiniHack levels (src/hosts.ts, editors/languages.json
// `hosts`): which documents go to the server, and which of the server's
// providers a Python document gets. The module has no `vscode` import;
// esbuild turns it into JavaScript for this plain-node test. The real
// client's registrations are checked in code-server by e2e/run.mjs.
import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { readFileSync } from "node:fs";
import { buildSync } from "esbuild";
import { extensionDir } from "./fixtures.mjs";

const built = buildSync({
  entryPoints: [path.join(extensionDir, "src/hosts.ts")],
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  write: false,
});
const hosts = await import(`data:text/javascript;base64,${Buffer.from(built.outputFiles[0].text).toString("base64")}`);
const pkg = JSON.parse(readFileSync(path.join(extensionDir, "package.json"), "utf8"));

test("Python is a host: it activates the extension and is never contributed as a language or grammar", () => {
  assert.deepEqual([...hosts.HOST_IDS], ["python"]);
  assert.ok(pkg.activationEvents.includes("onLanguage:python"));
  assert.ok(!pkg.contributes.languages.some((l) => l.id === "python" || l.extensions.includes(".py")));
  assert.ok(!pkg.contributes.grammars.some((g) => g.language === "python"));
});

test("Python files, unsaved Python editors and notebook cells are in the selector", () => {
  assert.deepEqual(hosts.hostSelector(), [
    { scheme: "file", language: "python" },
    { scheme: "untitled", language: "python" },
    { scheme: "vscode-notebook-cell", language: "python" },
  ]);
});

test("providers other than hover, completion and quick fixes are registered for the level languages only", () => {
  for (const method of [
    "textDocument/formatting",
    "textDocument/rangeFormatting",
    "textDocument/semanticTokens",
    "textDocument/foldingRange",
    "textDocument/documentSymbol",
    "textDocument/inlayHint",
    "textDocument/definition",
    "textDocument/references",
    "textDocument/rename",
  ]) {
    assert.ok(hosts.levelFilesOnly(method), method);
  }
  for (const method of [
    "textDocument/didOpen",
    "textDocument/didChange",
    "textDocument/didClose",
    "textDocument/hover",
    "textDocument/completion",
    "textDocument/codeAction",
    "textDocument/diagnostic",
    "notebookDocument/sync",
    "workspace/didChangeWatchedFiles",
  ]) {
    assert.ok(!hosts.levelFilesOnly(method), method);
  }
  const selector = [
    { scheme: "file", language: "nethack-des" },
    { scheme: "file", pattern: "**/*.dat" },
    "derf",
    "python",
    ...hosts.hostSelector(),
  ];
  assert.deepEqual(hosts.withoutHosts(selector), selector.slice(0, 3));
});

test("a Python file is worth sending when it names MiniHack or holds a level's header", () => {
  const yes = [
    "import minihack\n",
    "env = gym.make('MiniHack-Navigation-Custom-v0')\n",
    'des_file = """\nMAZE: "mylevel", \' \'\n"""\n',
    'LEVEL_TEXT = """LEVEL: "mylevel"\n"""\n',
  ];
  const no = ["import numpy as np\n", "maze = build_maze()\n", "level: int = 3\n", ""];
  for (const text of yes) assert.ok(hosts.mentionsLevel("python", text), text);
  for (const text of no) assert.ok(!hosts.mentionsLevel("python", text), text);
  assert.ok(!hosts.mentionsLevel("nethack-des", "MAZE: \"x\""), "only hosts have a test");
});

test("the gate: a Python file goes to the server once it mentions a level, and stays until closed", () => {
  const gate = new hosts.HostGate();
  const uri = "file:///w/train.py";
  assert.equal(gate.open(uri, "python", "import numpy\n"), false);
  assert.equal(gate.serves(uri, "python"), false);
  assert.equal(gate.change(uri, "python", "import numpy\nx = 1\n"), "skip");
  assert.equal(gate.change(uri, "python", "import numpy\nimport minihack\n"), "open");
  assert.equal(gate.serves(uri, "python"), true);
  assert.equal(gate.change(uri, "python", "import numpy\n"), "send", "an import deleted for a moment keeps it");
  assert.equal(gate.close(uri, "python"), true);
  assert.equal(gate.serves(uri, "python"), false);
  assert.equal(gate.close("file:///w/other.py", "python"), false, "a file never sent is never closed");

  const cell = "vscode-notebook-cell:/w/n.ipynb#W1sZmlsZQ%3D%3D";
  assert.equal(gate.open(cell, "python", 'des = """\nMAZE: "mylevel", \' \'\n"""'), true);

  for (const id of ["nethack-des", "derf", "plaintext"]) {
    assert.equal(gate.open(`file:///w/x.${id}`, id, ""), true, id);
    assert.equal(gate.change(`file:///w/x.${id}`, id, ""), "send", id);
    assert.equal(gate.serves(`file:///w/x.${id}`, id), true, id);
    assert.equal(gate.close(`file:///w/x.${id}`, id), true, id);
  }
});
