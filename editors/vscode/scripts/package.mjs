#!/usr/bin/env node
// Packages the extension (npm run package -- …):
//
//   npm run package                                   universal levls.vsix, no server inside
//   npm run package -- --target linux-x64 --server ../../target/release/levls
//                                                     levls-linux-x64.vsix with the server inside
//
// Options:
//   --target T   a vsce target: linux-x64, linux-arm64, darwin-x64, darwin-arm64, win32-x64
//   --server P   the levls binary built for T (levls.exe for win32-x64); required with --target
//   --out F      the .vsix to write (default levls-T.vsix, or levls.vsix)
//
// With --target, the binary is copied to server/levls (server/levls.exe for
// win32) with mode 755, `vsce package --target T` is run, and server/ is
// removed again, so a later universal package has no binary. The extension is
// built first (vsce runs the `vscode:prepublish` script, `npm run build`).
// Relative paths are relative to the folder npm was run from ($INIT_CWD), so
// both `cd editors/vscode && npm run package -- --server ../../target/release/levls …`
// and `npm --prefix editors/vscode run package -- --server target/release/levls …`
// from the repository root work; the .vsix is written there too.
import { spawnSync } from "node:child_process";
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const TARGETS = ["linux-x64", "linux-arm64", "darwin-x64", "darwin-arm64", "win32-x64"];
const extensionDir = dirname(dirname(fileURLToPath(import.meta.url)));
// Relative paths are relative to where npm was run (INIT_CWD), else to the current directory.
const cwd = process.env.INIT_CWD ?? process.cwd();

function fail(message) {
  console.error(`package: ${message}`);
  console.error("usage: npm run package [-- --target <linux-x64|linux-arm64|darwin-x64|darwin-arm64|win32-x64> --server <levls binary>] [-- --out <file.vsix>]");
  process.exit(2);
}

const args = { target: undefined, server: undefined, out: undefined };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const m = argv[i].match(/^--(target|server|out)(?:=(.*))?$/);
  if (!m) fail(`unknown argument ${argv[i]}`);
  const value = m[2] ?? argv[++i];
  if (value === undefined || value === "") fail(`--${m[1]} needs a value`);
  args[m[1]] = value;
}
if (args.target && !TARGETS.includes(args.target)) fail(`unknown target ${args.target} (one of ${TARGETS.join(", ")})`);
if (args.target && !args.server) fail(`--target ${args.target} needs --server, the levls binary for that target`);
if (args.server && !args.target) fail("--server needs --target, the platform the binary is built for");

const serverDir = join(extensionDir, "server");
rmSync(serverDir, { recursive: true, force: true });
const out = resolve(cwd, args.out ?? (args.target ? `levls-${args.target}.vsix` : "levls.vsix"));

let status = 1;
try {
  if (args.target) {
    const source = resolve(cwd, args.server);
    if (!existsSync(source) || !statSync(source).isFile()) fail(`no levls binary at ${source}`);
    const windows = args.target.startsWith("win32-");
    if (windows !== source.toLowerCase().endsWith(".exe")) {
      fail(`${source}: a ${args.target} server is ${windows ? "levls.exe" : "levls, not an .exe"}`);
    }
    mkdirSync(serverDir);
    const bundled = join(serverDir, windows ? "levls.exe" : "levls");
    copyFileSync(source, bundled);
    chmodSync(bundled, 0o755);
    console.log(`package: ${source} -> server/${windows ? "levls.exe" : "levls"} (${args.target})`);
  }
  const vsce = join(extensionDir, "node_modules", ".bin", process.platform === "win32" ? "vsce.cmd" : "vsce");
  // The README's relative links and images, as the stores show them: vsce
  // ignores repository.directory, so give it the extension's folder.
  const { repository } = JSON.parse(readFileSync(join(extensionDir, "package.json"), "utf8"));
  const repo = repository.url.replace(/^git\+/, "").replace(/\.git$/, "");
  const folder = repository.directory ? `/${repository.directory}` : "";
  const vsceArgs = [
    "package",
    "--no-dependencies",
    "--out",
    out,
    "--baseContentUrl",
    `${repo}/blob/HEAD${folder}`,
    "--baseImagesUrl",
    `${repo}/raw/HEAD${folder}`,
    ...(args.target ? ["--target", args.target] : []),
  ];
  console.log(`package: vsce ${vsceArgs.join(" ")}`);
  const run = spawnSync(vsce, vsceArgs, { cwd: extensionDir, stdio: "inherit", shell: process.platform === "win32" });
  status = run.status ?? 1;
} finally {
  rmSync(serverDir, { recursive: true, force: true });
}
if (status === 0) console.log(`package: wrote ${out}`);
process.exit(status);
