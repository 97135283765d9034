// Where the extension finds the `levls` server, in this order:
//   1. the `levls.server.path` setting (in an untrusted workspace, only the
//      user's value: a workspace must not choose a program to run);
//   2. the binary bundled in a platform-specific .vsix
//      (`<extension>/server/levls`, `levls.exe` on Windows);
//   3. `levls` on PATH (then ~/.cargo/bin, where `cargo install` puts it).
// No `vscode` import: test/server-path.test.mjs runs it under plain node.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

/** What the lookup reads from the world; the tests give their own. */
export interface ResolveContext {
  /** The `levls.server.path` value in force (see `configuredServerPath`); "" when unset. */
  configured: string;
  /** The extension's folder (`context.extensionPath`). */
  extensionPath: string;
  /** The first workspace folder, for a relative configured path. */
  workspaceFolder?: string;
  platform: NodeJS.Platform;
  /** The PATH variable's value. */
  envPath: string;
  homedir: string;
  /** Whether a file exists and may be run. */
  isExecutable: (file: string) => boolean;
  /** The path module of `platform` (path.win32 for Windows); default the host's. */
  pathModule?: typeof path.posix;
}

export type Resolution =
  | { command: string; source: "setting" | "bundled" | "path" }
  | { command?: undefined; problem: string };

/** The part of `WorkspaceConfiguration.inspect` the setting's lookup reads. */
export interface InspectedSetting {
  globalValue?: string;
  workspaceValue?: string;
  workspaceFolderValue?: string;
}

/**
 * The `levls.server.path` value in force: in a trusted workspace the usual
 * one (`effective`, what `getConfiguration().get` answers), in an untrusted
 * one the user's own value only, whatever the workspace says (VS Code also
 * does this for `restrictedConfigurations`; this keeps it true when it
 * does not).
 */
export function configuredServerPath(effective: string | undefined, inspected: InspectedSetting | undefined, trusted: boolean): string {
  const value = trusted ? effective : inspected?.globalValue;
  return (value ?? "").trim();
}

/** The bundled binary's place in the extension: `server/levls` (`server/levls.exe` on Windows). */
export function bundledServerPath(extensionPath: string, platform: NodeJS.Platform, p: typeof path.posix = path): string {
  return p.join(extensionPath, "server", platform === "win32" ? "levls.exe" : "levls");
}

export const INSTALL_HINT =
  "Install the levls extension for your platform (its .vsix has the server inside), " +
  "or install the server with `cargo install levls` (from a clone: `cargo install --path server`), " +
  "or set `levls.server.path` to the levls binary.";

/** The server to start, or why there is none. */
export function resolveServer(ctx: ResolveContext): Resolution {
  const p = ctx.pathModule ?? path;
  const exe = ctx.platform === "win32" ? "levls.exe" : "levls";
  const expand = (file: string): string =>
    file === "~" || file.startsWith("~/") ? p.join(ctx.homedir, file.slice(1)) : file;

  // 1. The setting: when it is set, it is the answer, or the error.
  if (ctx.configured !== "") {
    let file = expand(ctx.configured);
    if (!p.isAbsolute(file) && (file.includes("/") || file.includes(p.sep)) && ctx.workspaceFolder) {
      file = p.join(ctx.workspaceFolder, file);
    }
    if (p.isAbsolute(file)) {
      return ctx.isExecutable(file)
        ? { command: file, source: "setting" }
        : { problem: `levls.server.path is set to ${file}, which is not an executable file. ${INSTALL_HINT}` };
    }
    const found = onPath(file, ctx, p);
    return found
      ? { command: found, source: "setting" }
      : { problem: `levls.server.path is set to ${file}, which is not on PATH. ${INSTALL_HINT}` };
  }

  // 2. The binary a platform-specific .vsix carries.
  const bundled = bundledServerPath(ctx.extensionPath, ctx.platform, p);
  if (ctx.isExecutable(bundled)) return { command: bundled, source: "bundled" };

  // 3. PATH (and ~/.cargo/bin).
  const found = onPath(exe, ctx, p);
  if (found) return { command: found, source: "path" };

  return {
    problem:
      "The levls language server was not found. levls looked, in order, at the setting levls.server.path (not set), " +
      `at the server bundled with the extension (${bundled}: not there; the universal build has none), ` +
      `and for ${exe} on PATH and in ${p.join(ctx.homedir, ".cargo", "bin")} (not there). ${INSTALL_HINT}`,
  };
}

function onPath(name: string, ctx: ResolveContext, p: typeof path.posix): string | undefined {
  const delimiter = ctx.platform === "win32" ? ";" : ":";
  for (const dir of ctx.envPath.split(delimiter)) {
    if (dir === "") continue;
    const candidate = p.join(dir, name);
    if (ctx.isExecutable(candidate)) return candidate;
  }
  // cargo install puts binaries here, which a GUI-started editor's PATH may lack.
  const cargo = p.join(ctx.homedir, ".cargo", "bin", name);
  return ctx.isExecutable(cargo) ? cargo : undefined;
}

/** A regular file this process may run. */
export function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * A bundled binary whose executable bit an unzip lost gets it back (the
 * user's own extension folder; never a configured path).
 */
export function restoreExecutableBit(file: string): void {
  if (process.platform === "win32") return;
  try {
    const stat = fs.statSync(file);
    if (stat.isFile() && (stat.mode & 0o111) === 0) fs.chmodSync(file, stat.mode | 0o755);
  } catch {
    // absent: the universal .vsix
  }
}

/** The host's context, from the process. */
export function hostContext(configured: string, extensionPath: string, workspaceFolder: string | undefined): ResolveContext {
  return {
    configured,
    extensionPath,
    workspaceFolder,
    platform: process.platform,
    envPath: process.env.PATH ?? "",
    homedir: os.homedir(),
    isExecutable,
  };
}
