import type { Page } from "playwright-core";

/** A line of a stored body: its text, its block formats, and its runs that carry formats. */
export interface StoredLine {
  text: string;
  block: Record<string, unknown>;
  inline: Array<[string, Record<string, unknown>]>;
}

/** The document page: title, status, toolbar and body. */
export class EditorPage {
  constructor(readonly page: Page) {}

  /** The document id from the current URL (`…/d/<slug>-<id>`). */
  documentId(): string {
    return documentIdIn(new URL(this.page.url())) ?? "";
  }

  body() {
    return this.page.locator(".document-editor [data-testid=editor-mount] .ql-editor");
  }

  /** The server's HTML shown until the live editor replaces it (it takes typing meanwhile). */
  placeholder() {
    return this.page.getByTestId("editor-placeholder");
  }

  title() {
    return this.page.getByLabel("Title", { exact: true });
  }

  toolbar() {
    return this.page.locator(".document-editor .ql-toolbar");
  }

  status() {
    return this.page.getByTestId("save-status");
  }

  /**
   * From the next page load on, records every frame where the body's first line sits on the page
   * (the server's HTML first, then the live editor), for bodyPositions().
   */
  async watchBodyPosition() {
    await this.page.addInitScript(() => {
      const seen: Array<{ isLive: boolean; top: number }> = [];
      Object.assign(window, { quireBodyPositions: seen });
      const frame = () => {
        const placeholder = document.querySelector("[data-testid=editor-placeholder]");
        const body = placeholder ?? document.querySelector("[data-testid=editor-mount]:not([hidden]) .ql-editor");
        if (body) {
          const entry = { isLive: !placeholder, top: Math.round(body.getBoundingClientRect().top + window.scrollY) };
          const last = seen.at(-1);
          if (last?.isLive !== entry.isLive || last.top !== entry.top) seen.push(entry);
        }
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
  }

  async bodyPositions(): Promise<Array<{ isLive: boolean; top: number }>> {
    return this.page.evaluate(() => (window as unknown as { quireBodyPositions: Array<{ isLive: boolean; top: number }> }).quireBodyPositions);
  }

  /** Waits until the live editor has synced and is editable. */
  async waitUntilEditable() {
    await this.body().and(this.page.locator("[contenteditable=true]")).waitFor();
  }

  /** Waits until the server has every change ("Saved"). */
  async waitUntilSaved() {
    await this.page.waitForFunction(() => document.querySelector("[data-testid=save-status]")?.textContent === "Saved");
  }

  async setTitle(title: string) {
    await this.title().fill(title);
    await this.title().press("Enter");
  }

  /** The stored document, as the API returns it (the delta the server keeps). */
  async storedDocument(documentId = this.documentId()): Promise<{ title: string; delta: { ops: Array<{ insert: unknown; attributes?: Record<string, unknown> }> } }> {
    const response = await this.page.request.get(`/api/v1/documents/${documentId}`);
    if (!response.ok()) throw new Error(`GET document: ${response.status()} ${await response.text()}`);
    return response.json();
  }

  /** The stored body as lines: each one's text (an embed as U+FFFC), its block formats and its formatted runs. */
  async storedLines(documentId = this.documentId()): Promise<StoredLine[]> {
    const { delta } = await this.storedDocument(documentId);
    const lines: StoredLine[] = [];
    let current: StoredLine = { text: "", block: {}, inline: [] };
    for (const op of delta.ops) {
      const insert = typeof op.insert === "string" ? op.insert : "\uFFFC";
      insert.split("\n").forEach((part, index) => {
        if (index > 0) {
          lines.push({ ...current, block: op.attributes ?? {} });
          current = { text: "", block: {}, inline: [] };
        }
        if (part) {
          current.text += part;
          if (op.attributes) current.inline.push([part, op.attributes]);
        }
      });
    }
    return lines;
  }

  /** The stored body's text (an embed counts as U+FFFC, as in Quill's length). */
  async storedText(documentId = this.documentId()): Promise<string> {
    const { delta } = await this.storedDocument(documentId);
    return delta.ops.map((op) => (typeof op.insert === "string" ? op.insert : "\uFFFC")).join("");
  }
}

/** The document id in an editor address (`…/d/<slug>-<id>`, maybe followed by `/share`), or null elsewhere. */
export function documentIdIn(url: URL): string | null {
  const segment = url.pathname.split("/d/")[1]?.split("/")[0];
  return segment ? segment.slice(segment.lastIndexOf("-") + 1) : null;
}
