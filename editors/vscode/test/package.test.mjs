// The packaging entry point's interface (scripts/package.mjs, `npm run
// package -- --target T --server P`): what it refuses before running vsce.
// scripts/test-vscode packages both .vsix files and checks their contents.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { extensionDir } from "./fixtures.mjs";

const script = path.join(extensionDir, "scripts/package.mjs");
const temp = mkdtempSync(path.join(tmpdir(), "levls-package-"));
const fakeServer = path.join(temp, "levls");
writeFileSync(fakeServer, "#!/bin/sh\n");
const fakeExe = path.join(temp, "levls.exe");
writeFileSync(fakeExe, "MZ");

function run(...args) {
  const r = spawnSync(process.execPath, [script, ...args], { cwd: temp, encoding: "utf8", env: { ...process.env, INIT_CWD: temp } });
  return { status: r.status, stderr: r.stderr };
}

test("the targets are vsce's five", () => {
  const r = run("--target", "plan9-x64", "--server", fakeServer);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /unknown target plan9-x64 \(one of linux-x64, linux-arm64, darwin-x64, darwin-arm64, win32-x64\)/);
});

test("--target needs --server, and --server needs --target", () => {
  let r = run("--target", "linux-x64");
  assert.equal(r.status, 2);
  assert.match(r.stderr, /--target linux-x64 needs --server/);
  r = run("--server", fakeServer);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /--server needs --target/);
});

test("the server must exist, and be levls.exe exactly for win32", () => {
  let r = run("--target", "linux-x64", "--server", "missing/levls");
  assert.equal(r.status, 2);
  assert.match(r.stderr, /no levls binary at .*missing\/levls/);
  r = run("--target", "win32-x64", "--server", fakeServer);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /a win32-x64 server is levls\.exe/);
  r = run("--target", "linux-arm64", "--server", fakeExe);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /a linux-arm64 server is levls, not an \.exe/);
  // Refused before anything is copied.
  assert.equal(existsSync(path.join(extensionDir, "server")), false);
});

test("unknown arguments are refused", () => {
  const r = run("--targte", "linux-x64");
  assert.equal(r.status, 2);
  assert.match(r.stderr, /unknown argument --targte/);
  assert.match(r.stderr, /usage: npm run package/);
});
