import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Readable } from "node:stream";

// React's own Flight client (the one Next ships), so arguments and results travel in exactly
// the encoding the browser uses: encodeReply for the request, the Flight decoder for the answer.
const require = createRequire(import.meta.url);
const flight = require("next/dist/compiled/react-server-dom-webpack/client.node.js") as {
  encodeReply(value: unknown): Promise<string | FormData>;
  createFromNodeStream(stream: Readable, manifest: { moduleMap: object; serverModuleMap: null; moduleLoading: null }): Promise<unknown>;
};

// An action that revalidates also sends the page's new tree, which names client components.
// Only the action's result (`a`) is read here, so every client module may stay a placeholder.
const ANY_CLIENT_MODULE = new Proxy({}, { get: (_modules, id) => ({ "*": { id, chunks: [] } }) });
const placeholders = globalThis as { __next_require__?: unknown; __webpack_chunk_load__?: unknown };
placeholders.__next_require__ ??= () => ({});
placeholders.__webpack_chunk_load__ ??= () => Promise.resolve();

const MANIFEST = path.resolve(import.meta.dirname, "../../.next/server/server-reference-manifest.json");

/** What a server action call came back with. */
export interface ActionResponse {
  status: number;
  /** Where the server sent the caller instead (the proxy's sign-in redirect, or redirect() in the action). */
  redirect: string | null;
  /** The action's return value, decoded; undefined when it redirected. */
  result: unknown;
}

/**
 * The id Next gave an exported server action in this build, looked up by its export name.
 * Only actions some client component imports get an id; the others can't be called at all.
 */
export function actionId(exportedName: string): string {
  const entry = Object.entries(readManifest()).find(([, action]) => action.exportedName === exportedName);
  if (!entry) throw new Error(`No server action "${exportedName}" in ${MANIFEST}: is it imported by a client component?`);
  return entry[0];
}

/** The export names of every server action this build lets a client call. */
export function exposedActionNames(): string[] {
  return Object.values(readManifest()).map((action) => action.exportedName ?? "(unnamed)");
}

function readManifest(): Record<string, { exportedName?: string }> {
  return (JSON.parse(fs.readFileSync(MANIFEST, "utf8")) as { node: Record<string, { exportedName?: string }> }).node;
}

/** The headers and body of a server action call with these arguments, as the browser sends them. */
export async function actionRequest(baseUrl: string, name: string, args: unknown[]): Promise<{ headers: Record<string, string>; body: string | FormData }> {
  const body = await flight.encodeReply(args);
  return {
    headers: {
      "next-action": actionId(name),
      accept: "text/x-component",
      origin: baseUrl,
      // A FormData body sets its own multipart type.
      ...(typeof body === "string" ? { "content-type": "text/plain;charset=UTF-8" } : {}),
    },
    body,
  };
}

/**
 * Calls a server action over HTTP the way the browser does: a POST to the page that uses it
 * with the `Next-Action` header and React-encoded arguments. It passes through the proxy, the
 * action's session check and its service exactly as a click would.
 */
export async function callAction(
  baseUrl: string,
  call: { name: string; args: unknown[]; path: string; cookie?: string },
): Promise<ActionResponse> {
  const { headers, body } = await actionRequest(baseUrl, call.name, call.args);
  const response = await fetch(`${baseUrl}${call.path}`, {
    method: "POST",
    redirect: "manual",
    headers: { ...headers, ...(call.cookie ? { cookie: call.cookie } : {}) },
    body,
  });
  const redirect = response.headers.get("x-action-redirect")?.split(";")[0] ?? response.headers.get("location");
  if (!response.headers.get("content-type")?.startsWith("text/x-component")) {
    await response.body?.cancel();
    return { status: response.status, redirect, result: undefined };
  }
  const payload = (await flight.createFromNodeStream(Readable.from([Buffer.from(await response.arrayBuffer())]), {
    moduleMap: ANY_CLIENT_MODULE,
    serverModuleMap: null,
    moduleLoading: null,
  })) as { a?: unknown };
  return { status: response.status, redirect, result: await payload.a };
}
