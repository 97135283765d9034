#!/usr/bin/env node
// Writes the language part of package.json (contributes.languages,
// contributes.grammars, the onLanguage activation events) and the files in
// language-configuration/ from ../languages.json, the one list of the
// languages levls serves. Its `hosts` (Python, for MiniHack's levels) only
// activate the extension: their languages and grammars are the host
// extension's, never contributed here. With --check it changes nothing and exits 1 when a
// file is out of step (the node:test suite runs the same comparison).
import { readFileSync, writeFileSync, existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(dirname(fileURLToPath(import.meta.url)));
const languagesPath = join(here, "..", "languages.json");

/** The server's NetHack languageId has an alias; the editor uses the first. */
const ALIASES = { "nethack-des": ["nethack"] };
/** Bracket pairs per language: only NetHack and JSON have any. */
const BRACKETS = {
  "nethack-des": [["(", ")"], ["[", "]"], ["{", "}"]],
  "dungeon-mystery": [["{", "}"], ["[", "]"]],
};
/** TextMate scope names; dungeon-mystery is JSON and uses VS Code's own. */
const SCOPES = {
  derf: "source.derf",
  frupal: "source.frupal",
  wuas: "source.wuas",
  "nethack-des": "source.nethack-des",
  "nethack-dungeon-def": "source.nethack-dungeon-def",
};

export function readLanguages() {
  return JSON.parse(readFileSync(languagesPath, "utf8")).languages;
}

export function readHosts() {
  return JSON.parse(readFileSync(languagesPath, "utf8")).hosts ?? [];
}

/** The generated parts, from the languages.json entries. */
export function generate(languages, hosts = []) {
  const contributesLanguages = languages.map((l) => {
    const entry = {
      id: l.id,
      aliases: [l.name, l.id, ...(ALIASES[l.id] ?? [])],
      extensions: [...l.extensions],
    };
    if (l.firstLine) entry.firstLine = l.firstLine;
    entry.configuration = `./language-configuration/${l.id}.json`;
    return entry;
  });
  const grammars = languages.map((l) =>
    SCOPES[l.id]
      ? { language: l.id, scopeName: SCOPES[l.id], path: `./syntaxes/${l.id}.tmLanguage.json` }
      : // Formats written in another language (dungeon-mystery's JSON, NetHack
        // 5.0's Lua): that language's grammar, which VS Code has built in.
        {
          language: l.id,
          scopeName: `source.${l.treeSitterName}.levls-${l.id}`,
          path: `./syntaxes/${l.id}.tmLanguage.json`,
          embeddedLanguages: { [`source.${l.treeSitterName}`]: l.treeSitterName },
        },
  );
  // A host's strings: the level language's grammar injected into the host's
  // (syntaxes/<level id>-in-<host id>.tmLanguage.json, written by hand).
  for (const h of hosts) {
    const level = languages.find((l) => l.format === h.levels);
    if (!level || !SCOPES[level.id]) continue;
    grammars.push({
      scopeName: `${SCOPES[level.id]}.embedded.${h.id}`,
      path: `./syntaxes/${level.id}-in-${h.id}.tmLanguage.json`,
      injectTo: [`source.${h.id}`],
    });
  }
  const contentDetected = [...new Set(languages.flatMap((l) => l.contentDetected))];
  const activationEvents = [
    ...languages.map((l) => `onLanguage:${l.id}`),
    ...contentDetected.map((ext) => `workspaceContains:**/*${ext}`),
    ...hosts.map((h) => `onLanguage:${h.id}`),
  ];
  const configurations = Object.fromEntries(
    languages.map((l) => {
      const brackets = BRACKETS[l.id] ?? [];
      const config = {};
      if (l.lineComment) config.comments = { lineComment: l.lineComment };
      config.brackets = brackets;
      config.autoClosingPairs = [
        ...brackets.map(([open, close]) => ({ open, close })),
        ...(l.id === "nethack-des" || l.id === "dungeon-mystery"
          ? [{ open: '"', close: '"', notIn: ["string"] }]
          : []),
        ...(l.id === "nethack-des" ? [{ open: "'", close: "'", notIn: ["string"] }] : []),
      ];
      config.surroundingPairs = config.autoClosingPairs.map(({ open, close }) => [open, close]);
      return [l.id, config];
    }),
  );
  return { contributesLanguages, grammars, activationEvents, configurations, contentDetected };
}

/** package.json with its generated parts replaced, as text. */
export function packageJsonText(pkg, generated) {
  const next = structuredClone(pkg);
  next.contributes ??= {};
  next.contributes.languages = generated.contributesLanguages;
  next.contributes.grammars = generated.grammars;
  next.activationEvents = generated.activationEvents;
  return JSON.stringify(next, null, 2) + "\n";
}

export function configurationText(config) {
  return JSON.stringify(config, null, 2) + "\n";
}

/** Every file this script writes, with the text it should hold. */
export function expectedFiles() {
  const generated = generate(readLanguages(), readHosts());
  const pkgPath = join(here, "package.json");
  const files = [[pkgPath, packageJsonText(JSON.parse(readFileSync(pkgPath, "utf8")), generated)]];
  for (const [id, config] of Object.entries(generated.configurations)) {
    files.push([join(here, "language-configuration", `${id}.json`), configurationText(config)]);
  }
  return files;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes("--check");
  let stale = 0;
  for (const [path, text] of expectedFiles()) {
    const current = existsSync(path) ? readFileSync(path, "utf8") : null;
    if (current === text) continue;
    if (check) {
      console.error(`out of step with editors/languages.json: ${path}`);
      stale++;
    } else {
      writeFileSync(path, text);
      console.log(`wrote ${path}`);
    }
  }
  if (stale) {
    console.error("run `npm run sync-languages` in editors/vscode");
    process.exit(1);
  }
}
