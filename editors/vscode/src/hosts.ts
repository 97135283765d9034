// Levels written inside other languages' files (MiniHack's Python:
// `des_file="""MAZE: …"""`), the `hosts` of editors/languages.json. levls
// checks only the levels in such a file; the host's own language server
// (Pylance, the Python extension) owns everything else, so a host document
// gets from levls only what cannot get in that server's way. No `vscode`
// import: the node:test suite runs this module as it is.
import type { DocumentFilter, DocumentSelector } from "vscode-languageserver-protocol";
import languagesJson from "../../languages.json";

export interface HostEntry {
  id: string;
  /** The server's format for such a document (levls/documentInfo). */
  format: string;
  name: string;
  extensions: string[];
  /** Whether the host's notebook cells (Jupyter) hold levels too. */
  notebookCells?: boolean;
  /** A JavaScript regex: a host file whose text matches may hold a level. */
  mentions: string;
}

export const HOSTS: HostEntry[] = (languagesJson as { hosts?: HostEntry[] }).hosts ?? [];
export const HOST_IDS = new Set(HOSTS.map((h) => h.id));
export const HOST_FORMATS = new Set(HOSTS.map((h) => h.format));
const MENTIONS = new Map(HOSTS.map((h) => [h.id, new RegExp(h.mentions)]));

/** Where host documents come from: files and unsaved editors, and notebook cells. */
const HOST_SCHEMES = ["file", "untitled"];
const NOTEBOOK_CELL_SCHEME = "vscode-notebook-cell";

/**
 * The requests a host document takes part in, besides its text going to the
 * server: diagnostics (pulled, should the server pull), hover, completion
 * and quick fixes, which merge with the host server's own answers. Any other
 * provider (formatting, semantic tokens, folding, symbols, rename…) would
 * compete with the host server's: a second formatter makes VS Code ask which
 * to use, a semantic-tokens provider can take over the highlighting.
 */
export const HOST_METHODS = new Set([
  "textDocument/didOpen",
  "textDocument/didChange",
  "textDocument/didClose",
  "textDocument/didSave",
  "textDocument/willSave",
  "textDocument/willSaveWaitUntil",
  "textDocument/diagnostic",
  "textDocument/hover",
  "textDocument/completion",
  "textDocument/codeAction",
]);

/** Whether a feature registered under `method` should not see host documents. */
export function levelFilesOnly(method: string): boolean {
  return method.startsWith("textDocument/") && !HOST_METHODS.has(method);
}

/** The selector entries that send host documents to the server. */
export function hostSelector(): DocumentFilter[] {
  return HOSTS.flatMap((h) =>
    [...HOST_SCHEMES, ...(h.notebookCells ? [NOTEBOOK_CELL_SCHEME] : [])].map((scheme) => ({ scheme, language: h.id })),
  );
}

/** `selector` without its host entries: the level languages' documents only. */
export function withoutHosts(selector: DocumentSelector): DocumentSelector {
  return selector.filter((filter) => {
    if (typeof filter === "string") return !HOST_IDS.has(filter);
    const language = "language" in filter ? filter.language : undefined;
    return language === undefined || !HOST_IDS.has(language);
  });
}

/** Whether a host document's text may hold a level (a level's header, or MiniHack's name). */
export function mentionsLevel(languageId: string, text: string): boolean {
  return MENTIONS.get(languageId)?.test(text) ?? false;
}

/**
 * Which host documents the server has been sent. A host document goes to the
 * server once its text mentions a level (on open, or on the change that
 * makes it so) and stays until it closes, so an import deleted for a moment
 * does not make its diagnostics flicker. The other host documents (most
 * Python files) never reach the server, and levls' completion triggers
 * (space, quotes, commas…) cost them nothing. Documents of the level
 * languages always go.
 */
export class HostGate {
  private readonly sent = new Set<string>();

  isHost(languageId: string): boolean {
    return HOST_IDS.has(languageId);
  }

  /** On open: send it? */
  open(uri: string, languageId: string, text: string): boolean {
    if (!this.isHost(languageId)) return true;
    if (!mentionsLevel(languageId, text)) return false;
    this.sent.add(uri);
    return true;
  }

  /** On a change: send the change, open it now (its first mention), or skip it. */
  change(uri: string, languageId: string, text: string): "send" | "open" | "skip" {
    if (!this.isHost(languageId) || this.sent.has(uri)) return "send";
    return this.open(uri, languageId, text) ? "open" : "skip";
  }

  /** On close: send the close (only for a document the server was sent)? */
  close(uri: string, languageId: string): boolean {
    if (!this.isHost(languageId)) return true;
    return this.sent.delete(uri);
  }

  /** Whether requests about the document should reach the server. */
  serves(uri: string, languageId: string): boolean {
    return !this.isHost(languageId) || this.sent.has(uri);
  }
}
