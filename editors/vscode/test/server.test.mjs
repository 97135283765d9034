// The real levls server over stdio, driven as the extension drives it
// (vscode-languageserver-protocol's node connection): initialize with the
// extension's initializationOptions, answer workspace/configuration, open
// one document of each format and check diagnostics, hover, completion and
// levls/documentInfo. The binary comes from $LEVLS (default: the debug build).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import {
  createMessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
} from "vscode-languageserver-protocol/node";
import { extensionDir, fixtures, pythonFixtures } from "./fixtures.mjs";

const LEVLS = resolve(extensionDir, process.env.LEVLS ?? "../../target/debug/levls");
const TIMEOUT = 20_000;

let child;
let connection;
let initializeResult;
const diagnostics = new Map(); // uri -> diagnostics
const waiters = new Set();
const configurationPulls = [];
let stderr = "";

/** Resolves when `check(diagnostics of uri)` holds, or fails after TIMEOUT. */
function waitForDiagnostics(uri, check) {
  return new Promise((resolvePromise, reject) => {
    const waiter = () => {
      const current = diagnostics.get(uri);
      if (current && check(current)) {
        waiters.delete(waiter);
        clearTimeout(timer);
        resolvePromise(current);
      }
    };
    const timer = setTimeout(() => {
      waiters.delete(waiter);
      reject(new Error(`no matching diagnostics for ${uri}; last: ${JSON.stringify(diagnostics.get(uri))}`));
    }, TIMEOUT);
    waiters.add(waiter);
    waiter();
  });
}

before(async () => {
  assert.ok(existsSync(LEVLS), `no levls binary at ${LEVLS}: run cargo build -p levls (or set LEVLS)`);
  child = spawn(LEVLS, ["--stdio"], { stdio: ["pipe", "pipe", "pipe"] });
  child.stderr.on("data", (d) => (stderr += d));
  connection = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  connection.onNotification("textDocument/publishDiagnostics", (p) => {
    diagnostics.set(p.uri, p.diagnostics);
    for (const w of [...waiters]) w();
  });
  connection.onRequest("workspace/configuration", (p) => {
    configurationPulls.push(p);
    // As the extension answers: the `levls` section is the settings object.
    return p.items.map((item) =>
      item.section === "levls" ? { nethack: { dialect: "auto" }, wuas: { definitions: null } } : null,
    );
  });
  connection.onRequest("client/registerCapability", () => null);
  connection.onRequest("window/workDoneProgress/create", () => null);
  connection.listen();
  initializeResult = await connection.sendRequest("initialize", {
    processId: process.pid,
    rootUri: pathToFileURL(extensionDir).href,
    capabilities: {
      general: { positionEncodings: ["utf-16"] },
      workspace: { configuration: true, didChangeConfiguration: { dynamicRegistration: false } },
      textDocument: {
        hover: { contentFormat: ["markdown", "plaintext"] },
        completion: { completionItem: { snippetSupport: true } },
        publishDiagnostics: { relatedInformation: true },
      },
    },
    initializationOptions: { nethack: { dialect: "auto" }, wuas: { definitions: null } },
  });
  connection.sendNotification("initialized", {});
});

after(async () => {
  if (!connection) return;
  try {
    await connection.sendRequest("shutdown");
    connection.sendNotification("exit");
  } catch {
    // the server is gone already
  }
  await new Promise((r) => {
    const timer = setTimeout(() => {
      child.kill();
      r();
    }, 3000);
    child.on("exit", () => {
      clearTimeout(timer);
      r();
    });
  });
  connection.dispose();
});

test("initialize: the server offers what the extension relies on", () => {
  const caps = initializeResult.capabilities;
  for (const key of [
    "hoverProvider",
    "completionProvider",
    "documentSymbolProvider",
    "foldingRangeProvider",
    "codeActionProvider",
    "definitionProvider",
    "referencesProvider",
    "renameProvider",
    "inlayHintProvider",
    "documentFormattingProvider",
    "semanticTokensProvider",
  ]) {
    assert.ok(caps[key], `${key} missing from ${JSON.stringify(caps)}`);
  }
  assert.equal(caps.positionEncoding, "utf-16");
});

test("the server pulls the levls section of workspace/configuration", async () => {
  const deadline = Date.now() + TIMEOUT;
  while (configurationPulls.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  assert.ok(
    configurationPulls.some((p) => p.items.some((i) => i.section === "levls")),
    JSON.stringify(configurationPulls),
  );
});

for (const fixture of fixtures()) {
  test(`${fixture.format}: diagnostics, hover, completion, documentInfo`, async () => {
    const uri = pathToFileURL(resolve(extensionDir, "test-artifacts/protocol", fixture.name)).href;
    connection.sendNotification("textDocument/didOpen", {
      textDocument: { uri, languageId: fixture.languageId, version: 1, text: fixture.text },
    });

    const found = await waitForDiagnostics(uri, (ds) => ds.some((d) => d.message.includes(fixture.error)));
    const error = found.find((d) => d.message.includes(fixture.error));
    assert.equal(error.severity, 1, "the known error is an Error");
    assert.equal(error.range.start.line, fixture.errorLine, "the known error's line");

    const hover = await connection.sendRequest("textDocument/hover", {
      textDocument: { uri },
      position: { line: fixture.hover.line, character: fixture.hover.character },
    });
    assert.ok(hover, "a hover answer");
    const hoverText = typeof hover.contents === "string" ? hover.contents : hover.contents.value;
    assert.ok(hoverText.includes(fixture.hover.expect), hoverText);

    const completion = await connection.sendRequest("textDocument/completion", {
      textDocument: { uri },
      position: { line: fixture.completion.line, character: fixture.completion.character },
    });
    const items = Array.isArray(completion) ? completion : completion?.items ?? [];
    assert.ok(
      items.some((i) => i.label === fixture.completion.label),
      `${fixture.completion.label} not in ${JSON.stringify(items.map((i) => i.label))}`,
    );

    const info = await connection.sendRequest("levls/documentInfo", { textDocument: { uri } });
    assert.equal(info.format, fixture.format);
    assert.equal(info.version, 1);
    assert.equal(info.detectedBy, fixture.languageId === "plaintext" ? "content" : "languageId");
    if (fixture.format === "nethack") assert.match(info.status, /^dialect 3\.4\.3/);
  });
}

test("python: the level in des_file is checked at its Python position; hover and completion inside it, null outside", async () => {
  const { level } = pythonFixtures();
  const uri = pathToFileURL(resolve(extensionDir, "test-artifacts/protocol", level.name)).href;
  connection.sendNotification("textDocument/didOpen", {
    textDocument: { uri, languageId: level.languageId, version: 1, text: level.text },
  });
  const found = await waitForDiagnostics(uri, (ds) => ds.some((d) => d.message.includes(level.error)));
  const error = found.find((d) => d.message.includes(level.error));
  assert.deepEqual(error.range.start, { line: level.errorLine, character: level.errorCharacter });
  const hover = await connection.sendRequest("textDocument/hover", {
    textDocument: { uri },
    position: { line: level.hover.line, character: level.hover.character },
  });
  assert.ok(hover?.contents?.value?.includes(level.hover.expect), JSON.stringify(hover));
  const outside = await connection.sendRequest("textDocument/hover", { textDocument: { uri }, position: { line: 1, character: 2 } });
  assert.equal(outside, null, "no hover on `import gymnasium`");
  const completion = await connection.sendRequest("textDocument/completion", {
    textDocument: { uri },
    position: { line: level.completion.line, character: level.completion.character },
  });
  const labels = (Array.isArray(completion) ? completion : completion?.items ?? []).map((i) => i.label);
  assert.ok(labels.includes(level.completion.label), `${level.completion.label} not in ${JSON.stringify(labels)}`);
  const lastLine = level.text.split("\n").length - 2;
  const none = await connection.sendRequest("textDocument/completion", { textDocument: { uri }, position: { line: lastLine, character: 6 } });
  assert.equal(none, null, "no completion in the Python code");
  const info = await connection.sendRequest("levls/documentInfo", { textDocument: { uri } });
  assert.equal(info.format, "python");
  assert.equal(info.status, level.status);
});

test("levls/documentInfo: null for a document the server was not sent, format null for a non-levls .dat", async () => {
  const unknown = await connection.sendRequest("levls/documentInfo", {
    textDocument: { uri: "file:///nowhere/never-opened.derf" },
  });
  assert.equal(unknown, null);
  const uri = pathToFileURL(resolve(extensionDir, "test-artifacts/protocol/notes.dat")).href;
  connection.sendNotification("textDocument/didOpen", {
    textDocument: { uri, languageId: "plaintext", version: 1, text: "just some notes, not a board\n" },
  });
  const info = await connection.sendRequest("levls/documentInfo", { textDocument: { uri } });
  assert.equal(info?.format ?? null, null, JSON.stringify(info));
});

test("the nethack.dialect setting reaches the server (didChangeConfiguration with the levls section)", async () => {
  const nethack = fixtures().find((f) => f.format === "nethack");
  const uri = pathToFileURL(resolve(extensionDir, "test-artifacts/protocol", nethack.name)).href;
  connection.sendNotification("workspace/didChangeConfiguration", {
    settings: { levls: { nethack: { dialect: "3.6" }, wuas: { definitions: null } } },
  });
  const deadline = Date.now() + TIMEOUT;
  let info;
  do {
    info = await connection.sendRequest("levls/documentInfo", { textDocument: { uri } });
    if (/^dialect 3\.6/.test(info?.status ?? "")) break;
    await new Promise((r) => setTimeout(r, 100));
  } while (Date.now() < deadline);
  assert.match(info.status, /^dialect 3\.6/, `${JSON.stringify(info)}\n${stderr.slice(-2000)}`);
});
