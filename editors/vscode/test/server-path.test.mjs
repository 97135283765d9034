// Where the extension finds the server (src/serverPath.ts): the setting, the
// binary bundled in a platform .vsix, then PATH; and the error naming all
// three when none is there. The module has no `vscode` import; esbuild turns
// it into JavaScript for this plain-node test.
import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { buildSync } from "esbuild";
import { extensionDir } from "./fixtures.mjs";

const built = buildSync({
  entryPoints: [path.join(extensionDir, "src/serverPath.ts")],
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  write: false,
});
const sp = await import(`data:text/javascript;base64,${Buffer.from(built.outputFiles[0].text).toString("base64")}`);

const EXT = "/home/u/.vscode/extensions/levls.levls-0.1.0-linux-x64";
const BUNDLED = `${EXT}/server/levls`;
const ON_PATH = "/usr/local/bin/levls";
const CARGO = "/home/u/.cargo/bin/levls";

/** A context where exactly the files in `present` are executable. */
function ctx(present, overrides = {}) {
  const files = new Set(present);
  const asked = [];
  return {
    asked,
    context: {
      configured: "",
      extensionPath: EXT,
      workspaceFolder: "/work/project",
      platform: "linux",
      envPath: "/usr/bin:/usr/local/bin",
      homedir: "/home/u",
      isExecutable: (file) => {
        asked.push(file);
        return files.has(file);
      },
      pathModule: path.posix,
      ...overrides,
    },
  };
}

test("the configured path comes first, before the bundled binary and PATH", () => {
  const { context } = ctx(["/opt/levls/bin/levls", BUNDLED, ON_PATH], { configured: "/opt/levls/bin/levls" });
  assert.deepEqual(sp.resolveServer(context), { command: "/opt/levls/bin/levls", source: "setting" });
});

test("a configured path that is not there is an error, not a fall-back", () => {
  const { context } = ctx([BUNDLED, ON_PATH], { configured: "/opt/missing/levls" });
  const r = sp.resolveServer(context);
  assert.equal(r.command, undefined);
  assert.match(r.problem, /levls\.server\.path is set to \/opt\/missing\/levls, which is not an executable file/);
});

test("a configured relative path with a slash is relative to the workspace folder; ~ is the home folder", () => {
  let { context } = ctx(["/work/project/bin/levls"], { configured: "bin/levls" });
  assert.deepEqual(sp.resolveServer(context), { command: "/work/project/bin/levls", source: "setting" });
  ({ context } = ctx(["/home/u/bin/levls"], { configured: "~/bin/levls" }));
  assert.deepEqual(sp.resolveServer(context), { command: "/home/u/bin/levls", source: "setting" });
});

test("a configured bare name is looked up on PATH", () => {
  const { context } = ctx(["/usr/bin/levls-nightly"], { configured: "levls-nightly" });
  assert.deepEqual(sp.resolveServer(context), { command: "/usr/bin/levls-nightly", source: "setting" });
});

test("no setting: the bundled binary comes before PATH", () => {
  const { context, asked } = ctx([BUNDLED, ON_PATH, CARGO]);
  assert.deepEqual(sp.resolveServer(context), { command: BUNDLED, source: "bundled" });
  assert.deepEqual(asked, [BUNDLED], "PATH is not searched when the bundled binary is there");
});

test("no setting, no bundled binary (the universal .vsix): levls on PATH, then ~/.cargo/bin", () => {
  let { context, asked } = ctx([ON_PATH, CARGO]);
  assert.deepEqual(sp.resolveServer(context), { command: ON_PATH, source: "path" });
  assert.deepEqual(asked, [BUNDLED, "/usr/bin/levls", ON_PATH]);
  ({ context } = ctx([CARGO]));
  assert.deepEqual(sp.resolveServer(context), { command: CARGO, source: "path" });
});

test("nothing found: one message naming the setting, the bundled binary and PATH", () => {
  const { context } = ctx([]);
  const r = sp.resolveServer(context);
  assert.equal(r.command, undefined);
  assert.match(r.problem, /levls\.server\.path/);
  assert.ok(r.problem.includes(BUNDLED), r.problem);
  assert.match(r.problem, /on PATH/);
  assert.match(r.problem, /cargo install levls/);
});

test("Windows: the bundled binary is server\\levls.exe and PATH is searched for levls.exe", () => {
  const ext = "C:\\Users\\u\\.vscode\\extensions\\levls.levls-0.1.0-win32-x64";
  let { context } = ctx([`${ext}\\server\\levls.exe`], {
    platform: "win32",
    extensionPath: ext,
    envPath: "C:\\Windows;C:\\tools",
    homedir: "C:\\Users\\u",
    pathModule: path.win32,
  });
  assert.deepEqual(sp.resolveServer(context), { command: `${ext}\\server\\levls.exe`, source: "bundled" });
  ({ context } = ctx(["C:\\tools\\levls.exe"], {
    platform: "win32",
    extensionPath: ext,
    envPath: "C:\\Windows;C:\\tools",
    homedir: "C:\\Users\\u",
    pathModule: path.win32,
  }));
  assert.deepEqual(sp.resolveServer(context), { command: "C:\\tools\\levls.exe", source: "path" });
});

test("untrusted workspace: the workspace's levls.server.path is ignored, the user's kept", () => {
  const inspected = { globalValue: undefined, workspaceValue: "./evil", workspaceFolderValue: undefined };
  assert.equal(sp.configuredServerPath("./evil", inspected, false), "");
  assert.equal(sp.configuredServerPath("./evil", inspected, true), "./evil");
  const user = { globalValue: " /opt/levls ", workspaceValue: "./evil" };
  assert.equal(sp.configuredServerPath("./evil", user, false), "/opt/levls");
  // Ignored, the lookup goes on to the bundled binary.
  const { context } = ctx([BUNDLED, "/work/project/evil"], { configured: sp.configuredServerPath("./evil", inspected, false) });
  assert.deepEqual(sp.resolveServer(context), { command: BUNDLED, source: "bundled" });
});
