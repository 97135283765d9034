// "levls: Open Map Preview": the pictures of the active levls document in a
// panel beside the editor, redrawn as the document changes. A click on a
// cell reveals the text that put it there; the cursor lights its cell. The
// server does the drawing (`levls/render`); this file only shows it and links
// cells and text through the answer's `links`.
import * as path from "node:path";
import * as vscode from "vscode";

/** The answer to `levls/render` (null: no picture for this format). */
export interface Rendered {
  version: number;
  /** Only when asked for (`include`). */
  html?: string;
  /** Why there is no picture, when the format could draw one but did not. */
  message?: string | null;
  pictures: RenderedPicture[];
}

export interface RenderedPicture {
  title: string;
  width: number;
  height: number;
  markers: number;
  svg: string;
  /** `[x, y, startLine, startCharacter, endLine, endCharacter]` per linked cell. */
  links: [number, number, number, number, number, number][];
}

/** A cell of one of the pictures. */
interface CellRef {
  picture: number;
  x: number;
  y: number;
}

type Render = (uri: vscode.Uri) => Promise<Rendered | null>;

export class MapPreview implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private uri: vscode.Uri | undefined;
  private rendered: Rendered | null = null;
  /** The document `rendered` shows. */
  private renderedUri = "";
  private timer: NodeJS.Timeout | undefined;
  /** The last cell sent to the panel as the cursor's, to skip repeats. */
  private lit = "";

  constructor(
    private readonly render: Render,
    private readonly isLevelDocument: (document: vscode.TextDocument) => boolean,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  /** Open the panel (or bring it back) for the active editor's document. */
  open(): void {
    const editor = vscode.window.activeTextEditor;
    if (!editor) return;
    this.uri = editor.document.uri;
    if (!this.panel) {
      this.panel = vscode.window.createWebviewPanel(
        "levls.preview",
        "Map",
        { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
        { enableScripts: true, retainContextWhenHidden: true },
      );
      this.panel.webview.html = shell(nonce());
      this.panel.webview.onDidReceiveMessage((m) => {
        if (m?.type === "reveal") void this.reveal(m as CellRef);
        if (m?.type === "ready") void this.refresh();
      });
      this.panel.onDidDispose(() => {
        this.panel = undefined;
        this.rendered = null;
      });
    } else {
      this.panel.reveal(undefined, true);
    }
    void this.refresh();
  }

  /** Redraw shortly after the previewed document changes (typing bursts draw once). */
  documentChanged(document: vscode.TextDocument): void {
    if (!this.panel || document.uri.toString() !== this.uri?.toString()) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.refresh(), 150);
  }

  /** The preview follows the active levls document. */
  editorChanged(editor: vscode.TextEditor | undefined): void {
    if (!this.panel || !editor || !this.isLevelDocument(editor.document)) return;
    if (editor.document.uri.toString() === this.uri?.toString()) return;
    this.uri = editor.document.uri;
    void this.refresh();
  }

  /** The cursor moved in the previewed document: light its cell. */
  selectionChanged(editor: vscode.TextEditor): void {
    if (!this.panel || editor.document.uri.toString() !== this.uri?.toString()) return;
    this.showCursor(editor.selection.active);
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.panel?.dispose();
  }

  private async refresh(): Promise<void> {
    const panel = this.panel;
    const uri = this.uri;
    if (!panel || !uri) return;
    const name = path.basename(uri.fsPath || uri.path);
    panel.title = `Map: ${name}`;
    let rendered: Rendered | null;
    try {
      rendered = await this.render(uri);
    } catch (e) {
      this.log.error(`levls/render failed: ${String(e)}`);
      void panel.webview.postMessage({ type: "message", text: `levls could not draw ${name}: ${String(e)}` });
      return;
    }
    if (this.panel !== panel || this.uri?.toString() !== uri.toString()) return;
    const drawn = this.rendered?.pictures.length && this.renderedUri === uri.toString();
    if (rendered?.message && rendered.pictures.length === 0 && drawn) {
      // The format cannot draw this version (a dungeon-mystery file being
      // typed is invalid JSON half the time): keep the last picture, say why.
      void panel.webview.postMessage({
        type: "stale",
        text: `Showing the last map drawn; this version cannot be drawn: ${rendered.message}`,
      });
      return;
    }
    this.rendered = rendered;
    this.renderedUri = uri.toString();
    this.lit = "";
    if (!rendered || rendered.pictures.length === 0) {
      const why = rendered?.message ?? `levls draws no picture for ${name}.`;
      void panel.webview.postMessage({ type: "message", text: why });
      return;
    }
    void panel.webview.postMessage({
      type: "render",
      name,
      // What was left out (a file of hundreds of maps), if anything.
      note: rendered.message ?? null,
      pictures: rendered.pictures.map((p) => ({
        title: p.title,
        width: p.width,
        height: p.height,
        markers: p.markers,
        svg: p.svg,
      })),
    });
    const editor = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === uri.toString());
    if (editor) this.showCursor(editor.selection.active);
  }

  private showCursor(position: vscode.Position): void {
    const cell = this.rendered ? cellAt(this.rendered, position) : undefined;
    const key = cell ? `${cell.picture}:${cell.x}:${cell.y}` : "";
    if (key === this.lit) return;
    this.lit = key;
    void this.panel?.webview.postMessage({ type: "cursor", cell: cell ?? null });
  }

  /** A cell was clicked: select its text in the document's editor. */
  private async reveal(cell: CellRef): Promise<void> {
    const link = this.rendered?.pictures[cell.picture]?.links.find((l) => l[0] === cell.x && l[1] === cell.y);
    if (!link || !this.uri) return;
    const range = new vscode.Range(link[2], link[3], link[4], link[5]);
    const visible = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === this.uri?.toString());
    const document = visible?.document ?? (await vscode.workspace.openTextDocument(this.uri));
    const editor = await vscode.window.showTextDocument(document, {
      viewColumn: visible?.viewColumn ?? vscode.ViewColumn.One,
      selection: range,
      preserveFocus: false,
    });
    editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  }
}

/**
 * The cell whose source holds `position`: the smallest linked range that
 * contains it (a terrain character before the statement around it), else one
 * that ends right there (the cursor just after a statement).
 */
export function cellAt(rendered: Rendered, position: vscode.Position): CellRef | undefined {
  let best: { cell: CellRef; size: number; inside: boolean } | undefined;
  rendered.pictures.forEach((p, picture) => {
    for (const [x, y, sl, sc, el, ec] of p.links) {
      const start = new vscode.Position(sl, sc);
      const end = new vscode.Position(el, ec);
      if (position.isBefore(start) || position.isAfter(end)) continue;
      const inside = position.isBefore(end);
      // Lines weigh more than characters: a one-line range is smaller than any longer one.
      const size = (el - sl) * 1_000_000 + (ec - sc);
      if (!best || (inside && !best.inside) || (inside === best.inside && size < best.size)) {
        best = { cell: { picture, x, y }, size, inside };
      }
    }
  });
  return best?.cell;
}

function nonce(): string {
  const chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  return Array.from({ length: 32 }, () => chars[Math.floor(Math.random() * chars.length)]).join("");
}

/** The panel's page: empty until the extension posts pictures to it. */
function shell(nonce: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-${nonce}';">
<style>
body { font-family: var(--vscode-font-family, sans-serif); }
section.picture { margin-bottom: 2em; }
section.picture svg { display: block; max-width: 100%; height: auto; }
section.picture g.cell { cursor: pointer; }
rect.levls-cursor { fill: none; stroke: #ffffff; stroke-width: 2; outline: 1px solid #000000; pointer-events: none; }
</style>
</head>
<body>
<p class="levls-message">Drawing…</p>
<div id="maps"></div>
<script nonce="${nonce}">
(function () {
  const vscode = acquireVsCodeApi();
  const maps = document.getElementById("maps");
  const note = document.querySelector(".levls-message");
  const escape = (t) => String(t).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  window.addEventListener("message", (event) => {
    const m = event.data;
    if (m.type === "message") {
      note.textContent = m.text;
      note.hidden = false;
      maps.innerHTML = "";
    } else if (m.type === "stale") {
      note.textContent = m.text;
      note.hidden = false;
    } else if (m.type === "render") {
      note.textContent = m.note || "";
      note.hidden = !m.note;
      maps.innerHTML = m.pictures.map((p, i) =>
        '<section class="picture" data-index="' + i + '"><h2>' + escape(p.title) + "</h2><p>" +
        p.width + "×" + p.height + " cells, " + p.markers + " marker(s)</p>" + p.svg + "</section>").join("");
    } else if (m.type === "cursor") {
      for (const old of document.querySelectorAll("rect.levls-cursor")) old.remove();
      if (!m.cell) return;
      const g = maps.querySelector('section.picture[data-index="' + m.cell.picture + '"] g.cell[data-x="' +
        m.cell.x + '"][data-y="' + m.cell.y + '"]');
      const rect = g && g.querySelector("rect");
      if (!rect) return;
      const mark = document.createElementNS("http://www.w3.org/2000/svg", "rect");
      for (const a of ["x", "y", "width", "height"]) mark.setAttribute(a, rect.getAttribute(a));
      mark.setAttribute("class", "levls-cursor");
      mark.dataset.x = m.cell.x;
      mark.dataset.y = m.cell.y;
      rect.ownerSVGElement.appendChild(mark);
      g.scrollIntoView({ block: "nearest", inline: "nearest" });
    }
  });
  maps.addEventListener("click", (event) => {
    // A marker lies over its cell and carries the cell's coordinates too.
    const g = event.target.closest && event.target.closest("g.cell, rect.marker");
    const section = g && g.closest("section.picture");
    if (!section) return;
    vscode.postMessage({ type: "reveal", picture: Number(section.dataset.index), x: Number(g.dataset.x), y: Number(g.dataset.y) });
  });
  vscode.postMessage({ type: "ready" });
})();
</script>
</body>
</html>`;
}
