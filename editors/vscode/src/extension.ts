// The levls VS Code extension: starts `levls --stdio` and shows what the
// server makes of the active file in the status bar. Everything else
// (diagnostics, hover, completion, navigation, semantic tokens…) comes from
// the server through vscode-languageclient. Python files holding MiniHack
// levels get only the part of that which leaves the Python extension alone
// (src/hosts.ts).
import * as os from "node:os";
import * as path from "node:path";
import * as vscode from "vscode";
import {
  DidChangeConfigurationNotification,
  DidOpenTextDocumentNotification,
  LanguageClient,
  RequestType,
  State,
  type DocumentSelector,
  type DynamicFeature,
  type LanguageClientOptions,
  type ServerOptions,
  type StaticFeature,
} from "vscode-languageclient/node";
import languagesJson from "../../languages.json";
import { HOST_FORMATS, HostGate, hostSelector, levelFilesOnly, withoutHosts } from "./hosts";
import { type CellDetails, type CellRef, MapPreview, type Rendered } from "./preview";
import {
  bundledServerPath,
  configuredServerPath,
  hostContext,
  resolveServer,
  restoreExecutableBit,
  type Resolution,
} from "./serverPath";

interface LanguageEntry {
  id: string;
  name: string;
  extensions: string[];
  contentDetected: string[];
}

interface DocumentInfoParams {
  textDocument: { uri: string };
}

/** The answer to `levls/documentInfo` (null: the server does not know the document). */
export interface DocumentInfo {
  format: string | null;
  formatName: string | null;
  detectedBy: string | null;
  status: string | null;
  version: number;
}

const DocumentInfoRequest = new RequestType<DocumentInfoParams, DocumentInfo | null, void>(
  "levls/documentInfo",
);

interface RenderParams extends DocumentInfoParams {
  /** The parts of the answer wanted: the panel draws the pictures' `cells`. */
  include: ("html" | "svg" | "text" | "links" | "cells")[];
  /** The hashes of the pictures the panel holds: those come back as their hash alone. */
  known?: string[];
  /** How many levels the game should generate from the text (the panel's Samples box). */
  samples?: number;
}

const RenderRequest = new RequestType<RenderParams, Rendered | null, void>("levls/render");
/** A cell's tooltip and text (pointer, click), and the cell of a text position (cursor). */
const RenderCellRequest = new RequestType<DocumentInfoParams & CellRef, CellDetails | null, void>(
  "levls/renderCell",
);
const RenderCellAtRequest = new RequestType<
  DocumentInfoParams & { position: { line: number; character: number } },
  (CellRef & { version: number }) | null,
  void
>("levls/renderCellAt");

const LANGUAGES: LanguageEntry[] = (languagesJson as { languages: LanguageEntry[] }).languages;
const LANGUAGE_IDS = new Set(LANGUAGES.map((l) => l.id));
/** Extensions whose files the server sorts out by content (`.dat`: WUAS or not). */
const CONTENT_DETECTED = [...new Set(LANGUAGES.flatMap((l) => l.contentDetected))];
/** The language to switch a content-detected file to, per server format. */
const LANGUAGE_OF_FORMAT: Record<string, string> = {
  wuas: "wuas",
  "nethack-lua": "nethack-lua",
  "nethack-dungeon-lua": "nethack-dungeon-lua",
};

let client: LanguageClient | undefined;
/** The host documents (Python) the running client has sent to the server. */
let gate = new HostGate();
let statusItem: vscode.StatusBarItem;
let output: vscode.LogOutputChannel;
let statusTimer: NodeJS.Timeout | undefined;

/** The `levls` settings object the server reads (server/src/lsp/settings.rs). */
export function serverSettings(): {
  nethack: { dialect: string; variant: string; python: string | null };
  wuas: { definitions: string | null };
  dungeonMystery: { node: string; package: string | null };
} {
  const config = vscode.workspace.getConfiguration("levls");
  const definitions = config.get<string>("wuas.definitions", "").trim();
  const node = config.get<string>("dungeonMystery.node", "").trim();
  const dmPackage = config.get<string>("dungeonMystery.package", "").trim();
  const python = config.get<string>("nethack.python", "").trim();
  return {
    nethack: {
      dialect: config.get<string>("nethack.dialect", "auto"),
      variant: config.get<string>("nethack.variant", "auto"),
      // No Python of the user's: the server's own search (the virtualenv, then python3).
      python: python === "" ? null : expandHome(python),
    },
    wuas: { definitions: definitions === "" ? null : expandHome(definitions) },
    // No node of the user's: VS Code's own runtime, which levls runs with ELECTRON_RUN_AS_NODE.
    dungeonMystery: {
      node: node === "" ? process.execPath : expandHome(node),
      package: dmPackage === "" ? null : expandHome(dmPackage),
    },
  };
}

function expandHome(p: string): string {
  return p === "~" || p.startsWith("~/") ? path.join(os.homedir(), p.slice(1)) : p;
}

/** The server to start: the setting, the bundled binary, then PATH (src/serverPath.ts). */
function findServer(context: vscode.ExtensionContext): Resolution {
  const config = vscode.workspace.getConfiguration("levls");
  const configured = configuredServerPath(
    config.get<string>("server.path", ""),
    config.inspect<string>("server.path"),
    vscode.workspace.isTrusted,
  );
  restoreExecutableBit(bundledServerPath(context.extensionPath, process.platform));
  return resolveServer(
    hostContext(configured, context.extensionPath, vscode.workspace.workspaceFolders?.[0]?.uri.fsPath),
  );
}

function documentSelector(): DocumentSelector {
  const selector: DocumentSelector = [];
  for (const id of LANGUAGE_IDS) {
    selector.push({ scheme: "file", language: id }, { scheme: "untitled", language: id });
  }
  // `.dat` files go to the server whatever their language; it decides by content.
  for (const ext of CONTENT_DETECTED) {
    selector.push({ scheme: "file", pattern: `**/*${ext}` });
  }
  // Python files and notebook cells; HostGate decides which are sent.
  selector.push(...hostSelector());
  return selector;
}

/**
 * A client whose providers other than those of HOST_METHODS (formatting,
 * semantic tokens, folding, symbols…) are registered for the level
 * languages only, never for a host language. Every registration, from the
 * server's initialize answer or a later client/registerCapability, goes
 * through a feature's `register`; the client's options offer no selector
 * per feature.
 */
class LevlsClient extends LanguageClient {
  override registerFeature(feature: StaticFeature | DynamicFeature<unknown>): void {
    if ("registrationType" in feature && levelFilesOnly(feature.registrationType.method)) {
      const register = feature.register.bind(feature);
      feature.register = (data) => {
        const options = data.registerOptions as { documentSelector?: DocumentSelector | null };
        const selector = options?.documentSelector;
        register(selector ? { ...data, registerOptions: { ...options, documentSelector: withoutHosts(selector) } as typeof data.registerOptions } : data);
      };
    }
    super.registerFeature(feature);
  }
}

async function startClient(context: vscode.ExtensionContext): Promise<void> {
  const found = findServer(context);
  if (found.command === undefined) {
    const problem = found.problem;
    statusItem.text = "$(error) levls";
    statusItem.tooltip = problem;
    statusItem.show();
    output.appendLine(problem);
    const choice = await vscode.window.showErrorMessage(problem, "Open Settings");
    if (choice === "Open Settings") {
      void vscode.commands.executeCommand("workbench.action.openSettings", "levls.server.path");
    }
    return;
  }
  const command = found.command;
  output.appendLine(`starting ${command} --stdio (${found.source === "setting" ? "levls.server.path" : found.source === "bundled" ? "bundled with the extension" : "found on PATH"})`);
  const serverOptions: ServerOptions = { command, args: ["--stdio"] };
  const sent = new HostGate();
  gate = sent;
  const clientOptions: LanguageClientOptions = {
    documentSelector: documentSelector(),
    outputChannel: output,
    initializationOptions: serverSettings(),
    middleware: {
      // A host document reaches the server once it mentions a level (HostGate).
      didOpen: (document, next) =>
        sent.open(document.uri.toString(), document.languageId, document.getText()) ? next(document) : Promise.resolve(),
      didChange: async (event, next) => {
        const document = event.document;
        switch (sent.change(document.uri.toString(), document.languageId, document.getText())) {
          case "send":
            return next(event);
          case "open":
            return created.sendNotification(
              DidOpenTextDocumentNotification.type,
              created.code2ProtocolConverter.asOpenTextDocumentParams(document),
            );
        }
      },
      didClose: (document, next) =>
        sent.close(document.uri.toString(), document.languageId) ? next(document) : Promise.resolve(),
      provideHover: (document, position, token, next) =>
        sent.serves(document.uri.toString(), document.languageId) ? next(document, position, token) : undefined,
      provideCompletionItem: (document, position, context, token, next) =>
        sent.serves(document.uri.toString(), document.languageId) ? next(document, position, context, token) : undefined,
      provideCodeActions: (document, range, context, token, next) =>
        sent.serves(document.uri.toString(), document.languageId) ? next(document, range, context, token) : undefined,
      workspace: {
        // The server pulls the `levls` section; answer it with the object it reads.
        configuration: async (params, token, next) => {
          const answer = await next(params, token);
          if (!Array.isArray(answer)) return answer;
          return params.items.map((item, i) => (item.section === "levls" ? serverSettings() : answer[i]));
        },
      },
    },
  };
  const created = new LevlsClient("levls", "levls", serverOptions, clientOptions);
  created.onDidChangeState((e) => {
    if (e.newState === State.Stopped) {
      statusItem.text = "$(debug-disconnect) levls";
      statusItem.tooltip = "The levls server has stopped. Run “levls: Restart Server”.";
    } else if (e.newState === State.Running) {
      scheduleStatus();
    }
  });
  client = created;
  try {
    await created.start();
  } catch (error) {
    const message = `levls: the server (${command}) did not start: ${error instanceof Error ? error.message : String(error)}`;
    output.appendLine(message);
    void vscode.window.showErrorMessage(message);
    return;
  }
  for (const document of vscode.workspace.textDocuments) {
    void detectContent(document);
  }
  scheduleStatus();
}

async function stopClient(): Promise<void> {
  const stopping = client;
  client = undefined;
  if (stopping) {
    try {
      await stopping.stop();
    } catch (error) {
      output.appendLine(`stopping the server: ${String(error)}`);
    }
  }
}

async function documentInfo(document: vscode.TextDocument): Promise<DocumentInfo | null> {
  if (!client || !client.isRunning()) return null;
  // A Python file the server was never sent: nothing to ask.
  if (!gate.serves(document.uri.toString(), document.languageId)) return null;
  return client.sendRequest(DocumentInfoRequest, {
    textDocument: { uri: client.code2ProtocolConverter.asUri(document.uri) },
  });
}

/** A `.dat` the server reads as WUAS becomes a `wuas` document. */
async function detectContent(document: vscode.TextDocument): Promise<void> {
  if (document.uri.scheme !== "file" || LANGUAGE_IDS.has(document.languageId)) return;
  if (!CONTENT_DETECTED.some((ext) => document.fileName.toLowerCase().endsWith(ext))) return;
  // The client sends didOpen on its own schedule: ask again briefly if the
  // server does not know the document yet.
  for (let attempt = 0; attempt < 10; attempt++) {
    let info: DocumentInfo | null = null;
    try {
      info = await documentInfo(document);
    } catch (error) {
      output.appendLine(`levls/documentInfo: ${String(error)}`);
      return;
    }
    if (document.isClosed) return;
    if (info) {
      const language = info.format ? LANGUAGE_OF_FORMAT[info.format] : undefined;
      if (language && document.languageId !== language) {
        await vscode.languages.setTextDocumentLanguage(document, language);
      }
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function scheduleStatus(): void {
  if (statusTimer) clearTimeout(statusTimer);
  statusTimer = setTimeout(() => void updateStatus(), 100);
}

/** The status item: the active file's format, and the dialect for NetHack. */
async function updateStatus(): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (!editor || !client) {
    if (client) statusItem.hide();
    return;
  }
  const document = editor.document;
  let info: DocumentInfo | null = null;
  try {
    info = await documentInfo(document);
  } catch (error) {
    output.appendLine(`levls/documentInfo: ${String(error)}`);
  }
  if (vscode.window.activeTextEditor?.document !== document) return;
  if (!info || !info.format) {
    statusItem.hide();
    return;
  }
  statusItem.text = `$(symbol-structure) ${statusText(info)}`;
  const tooltip = new vscode.MarkdownString();
  tooltip.appendMarkdown(`**levls**: ${info.formatName ?? info.format}\n\n`);
  if (info.detectedBy) tooltip.appendMarkdown(`detected by ${info.detectedBy}\n\n`);
  if (info.status) tooltip.appendText(info.status);
  statusItem.tooltip = tooltip;
  statusItem.show();
}

/**
 * `NetHack 3.6` from status `dialect 3.6 (…)`; for a host document (Python)
 * its status, which counts its levels; otherwise the format's name.
 */
export function statusText(info: DocumentInfo): string {
  if (info.format && HOST_FORMATS.has(info.format) && info.status) return info.status;
  const short: Record<string, string> = {
    derf: "DERF",
    frupal: "Frupal",
    wuas: "WUAS",
    nethack: "NetHack",
    "dungeon-mystery": "dungeon-mystery",
  };
  const name = (info.format && short[info.format]) ?? info.formatName ?? info.format ?? "";
  const dialect = info.status?.match(/^dialect\s+(\S+)/)?.[1];
  return dialect ? `${name} ${dialect}` : name;
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  output = vscode.window.createOutputChannel("levls", { log: true });
  statusItem = vscode.window.createStatusBarItem("levls.status", vscode.StatusBarAlignment.Right, 100);
  statusItem.name = "levls";
  statusItem.command = "levls.showOutput";
  const preview = new MapPreview(
    {
      render: async (uri, samples, known) => {
        if (!client?.isRunning()) throw new Error("the levls server is not running");
        return client.sendRequest(RenderRequest, {
          textDocument: { uri: uri.toString() },
          include: ["cells"],
          known,
          samples,
        });
      },
      cell: async (uri, cell) => {
        if (!client?.isRunning()) return null;
        return client.sendRequest(RenderCellRequest, { textDocument: { uri: uri.toString() }, ...cell });
      },
      cellAt: async (uri, position) => {
        if (!client?.isRunning()) return null;
        return client.sendRequest(RenderCellAtRequest, {
          textDocument: { uri: uri.toString() },
          position: { line: position.line, character: position.character },
        });
      },
    },
    (document) => LANGUAGE_IDS.has(document.languageId) || (gate.isHost(document.languageId) && gate.serves(document.uri.toString(), document.languageId)),
    output,
  );
  context.subscriptions.push(output, statusItem, preview);

  context.subscriptions.push(
    vscode.commands.registerCommand("levls.restartServer", async () => {
      await stopClient();
      await startClient(context);
    }),
    vscode.commands.registerCommand("levls.showOutput", () => output.show(true)),
    vscode.commands.registerCommand("levls.openPreview", () => preview.open()),
    vscode.workspace.onDidChangeTextDocument((e) => preview.documentChanged(e.document)),
    vscode.window.onDidChangeActiveTextEditor((editor) => preview.editorChanged(editor)),
    vscode.window.onDidChangeTextEditorSelection((e) => preview.selectionChanged(e.textEditor)),
    vscode.window.onDidChangeActiveTextEditor(() => scheduleStatus()),
    vscode.languages.onDidChangeDiagnostics((e) => {
      const active = vscode.window.activeTextEditor?.document.uri.toString();
      if (active && e.uris.some((uri) => uri.toString() === active)) scheduleStatus();
    }),
    vscode.workspace.onDidOpenTextDocument((document) => void detectContent(document)),
    vscode.workspace.onDidChangeConfiguration(async (e) => {
      if (e.affectsConfiguration("levls.server.path")) {
        await stopClient();
        await startClient(context);
      } else if (
        client?.isRunning() &&
        (e.affectsConfiguration("levls.nethack") ||
          e.affectsConfiguration("levls.wuas") ||
          e.affectsConfiguration("levls.dungeonMystery"))
      ) {
        await client.sendNotification(DidChangeConfigurationNotification.type, {
          settings: { levls: serverSettings() },
        });
      }
    }),
    { dispose: () => void stopClient() },
  );
  await startClient(context);
}

export async function deactivate(): Promise<void> {
  await stopClient();
}
