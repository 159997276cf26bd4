import type { Page } from "playwright-core";
import { EditorPage } from "../../e2e/pages/editor-page";
import { Sidebar } from "../../e2e/pages/sidebar";
import { connectCollab } from "@test/collab-client";
import type { RunningApp } from "../../e2e/support/start-app";

/** A benchmark document as the server stored it. */
export interface SeededDocument {
  id: string;
  /** The canonical page path (`/w/<ws>/d/<slug>-<id>`): any other slug answers a redirect. */
  path: string;
  /** From the Yjs insert to the stored delta having the whole text. */
  storeMs: number;
}

/** A body as delta ops (text with attributes, or an embed). */
export type BodyOps = Array<{ insert: string | Record<string, unknown>; attributes?: Record<string, unknown> }>;

interface StoredDocument {
  url: string;
  delta: { ops: Array<{ insert: unknown }> };
}

/** Creates `count` empty documents through the sidebar's "New document" button; returns their ids. */
export async function createDocuments(page: Page, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const before = page.url();
    await new Sidebar(page).newTopLevelDocument();
    // From a document page the URL already matches /d/: wait for the new document's own.
    await page.waitForURL((url) => url.href !== before && url.pathname.includes("/d/"), { timeout: 20_000 });
    const editor = new EditorPage(page);
    await editor.waitUntilEditable();
    ids.push(editor.documentId());
  }
  if (new Set(ids).size !== ids.length) throw new Error(`document ids repeat: ${ids.join(", ")}`);
  return ids;
}

/**
 * Inserts `body` (plain text, or a delta's ops) into a document's body through a Node Yjs client
 * on /collab and waits until the server has stored it (the API's delta holds the whole text).
 * @throws Error when the client is refused or the store does not land within the timeout
 */
export async function fillDocument(app: RunningApp, cookie: string, id: string, body: string | BodyOps): Promise<SeededDocument> {
  const length = typeof body === "string" ? body.length : body.reduce((sum, op) => sum + (typeof op.insert === "string" ? op.insert.length : 1), 0);
  const client = connectCollab(app.port, id, { cookie });
  try {
    await until(() => client.events.includes("synced") || client.events.some((e) => e.startsWith("denied")), 15_000, "collab sync");
    if (!client.events.includes("synced")) throw new Error(`collab refused: ${client.events.join(", ")}`);
    const started = performance.now();
    if (typeof body === "string") client.doc.getText("body").insert(0, body);
    else client.doc.getText("body").applyDelta(body);
    let stored: StoredDocument | null = null;
    let lastError: unknown = null;
    // The server debounces stores by 2 s, then renders the HTML and search vector.
    await until(
      async () => {
        try {
          stored = await readStored(app.url, cookie, id);
        } catch (error) {
          // A reused keep-alive socket can be reset by the server (ECONNRESET): poll again.
          lastError = error;
          return false;
        }
        return deltaLength(stored) >= length;
      },
      // Stored in seconds; the guard leaves room for a body the workers once took half a minute over.
      180_000,
      () => `store of document ${id}${lastError ? ` (last error: ${String(lastError)})` : ""}`,
    );
    const storeMs = performance.now() - started;
    const url = (stored as StoredDocument | null)?.url ?? "";
    return { id, path: url, storeMs };
  } finally {
    // The last client leaving with nothing pending unloads the document without a store.
    client.close();
  }
}

/** The stored document from `GET /api/v1/documents/<id>`. @throws Error on a non-2xx answer */
export async function readStored(baseUrl: string, cookie: string, id: string): Promise<StoredDocument> {
  const response = await fetch(`${baseUrl}/api/v1/documents/${id}`, { headers: { cookie } });
  if (!response.ok) throw new Error(`GET document ${id}: ${response.status}`);
  return (await response.json()) as StoredDocument; // our own API's documented shape
}

function deltaLength(doc: StoredDocument): number {
  return doc.delta.ops.reduce((sum, op) => sum + (typeof op.insert === "string" ? op.insert.length : 1), 0);
}

/** Polls `check` every 250 ms until it is true. @throws Error after `timeoutMs` */
export async function until(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string | (() => string)): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${typeof what === "string" ? what : what()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
