// package.json (and language-configuration/) must be what
// scripts/sync-languages.mjs makes of editors/languages.json, the one list
// of languages: a language added there and not synced fails here.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expectedFiles, readLanguages } from "../scripts/sync-languages.mjs";
import { extensionDir } from "./fixtures.mjs";

const pkg = JSON.parse(readFileSync(join(extensionDir, "package.json"), "utf8"));

test("package.json and language-configuration/ are in step with editors/languages.json", () => {
  for (const [path, text] of expectedFiles()) {
    assert.ok(existsSync(path), `${path} is missing: run npm run sync-languages`);
    assert.equal(readFileSync(path, "utf8"), text, `${path} is out of step: run npm run sync-languages`);
  }
});

test("every language of languages.json is contributed with its extensions, first line and comment", () => {
  const languages = readLanguages();
  assert.deepEqual(
    pkg.contributes.languages.map((l) => l.id),
    languages.map((l) => l.id),
  );
  for (const l of languages) {
    const contributed = pkg.contributes.languages.find((c) => c.id === l.id);
    assert.deepEqual(contributed.extensions, l.extensions, l.id);
    assert.equal(contributed.firstLine, l.firstLine ?? undefined, l.id);
    assert.ok(pkg.activationEvents.includes(`onLanguage:${l.id}`), `onLanguage:${l.id}`);
    const config = JSON.parse(readFileSync(join(extensionDir, contributed.configuration), "utf8"));
    assert.equal(config.comments?.lineComment, l.lineComment ?? undefined, l.id);
    const grammar = pkg.contributes.grammars.find((g) => g.language === l.id);
    assert.ok(grammar && existsSync(join(extensionDir, grammar.path)), `grammar of ${l.id}`);
    for (const ext of l.contentDetected) {
      assert.ok(pkg.activationEvents.includes(`workspaceContains:**/*${ext}`), ext);
    }
  }
});

test("the extension's settings and command are declared", () => {
  const properties = Object.keys(pkg.contributes.configuration.properties);
  for (const key of [
    "levls.server.path",
    "levls.nethack.dialect",
    "levls.nethack.variant",
    "levls.nethack.python",
    "levls.wuas.definitions",
    "levls.dungeonMystery.node",
    "levls.dungeonMystery.package",
    "levls.trace.server",
  ]) {
    assert.ok(properties.includes(key), key);
  }
  assert.deepEqual(pkg.contributes.configuration.properties["levls.nethack.dialect"].enum, ["auto", "3.4.3", "3.6"]);
  assert.deepEqual(pkg.contributes.configuration.properties["levls.nethack.variant"].enum, [
    "auto",
    "vanilla",
    "minihack",
    "dnethack",
    "slashem",
    "unnethack",
    "splicehack",
    "xnethack",
  ]);
  assert.ok(pkg.contributes.commands.some((c) => c.command === "levls.restartServer" && `${c.category}: ${c.title}` === "levls: Restart Server"));
});
