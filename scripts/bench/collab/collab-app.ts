import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import WebSocket from "ws";
import type { RunningApp, StartAppOptions } from "../../../e2e/support/start-app";
import { copyDatabaseTemplate, startApp } from "../../../e2e/support/start-app";
import { connectCollab } from "@test/collab-client";
import { BODY_YTEXT } from "@/shared/editor-rules";

const ROOT = path.resolve(import.meta.dirname, "../../..");

export interface SeededWorkspace {
  email: string;
  password: string;
  /** A session cookie from better-auth's sign-in (seed-workspace.ts says why not over HTTP). */
  cookie: string;
  workspaceSlug: string;
  documentIds: string[];
  /** A read-scope API token of the workspace, when asked for. */
  apiToken?: string;
}

/**
 * Creates an account, its workspace and `count` empty documents in `dataDir` through the
 * services (seed-workspace.ts, its own process, before any server opens the directory), and a
 * read-scope API token with `apiToken`. Under bench:smoke the database starts as a copy of its
 * migrated one (copyDatabaseTemplate) rather than with initdb and the migrations.
 */
export async function seedWorkspace(dataDir: string, count: number, options: { apiToken?: boolean } = {}): Promise<SeededWorkspace> {
  if (!fs.existsSync(path.join(dataDir, "db"))) copyDatabaseTemplate(dataDir);
  const args = ["--import", "tsx", "scripts/bench/collab/seed-workspace.ts", String(count), ...(options.apiToken ? ["--api-token"] : [])];
  const { stdout } = await promisify(execFile)(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, DATABASE_URL: "" },
    maxBuffer: 16 * 1024 * 1024,
  });
  const last = stdout.trim().split("\n").at(-1) ?? "";
  return JSON.parse(last) as SeededWorkspace; // the seed script's own last line
}

/**
 * Starts the production server on `dataDir` with extra Node flags (`--cpu-prof`, `--inspect`),
 * and checks the seeded session over HTTP; returns the app and the headers a /collab client sends.
 * @throws Error when the server does not accept the session
 */
export async function startSignedIn(
  dataDir: string,
  account: SeededWorkspace,
  nodeOptions: string[] = [],
  appOptions: Pick<StartAppOptions, "sourceMaps"> = {},
): Promise<{ app: RunningApp; headers: Record<string, string> }> {
  // Hundreds of simulated people share one session and one address here: lift the socket limits
  // (COLLAB_MAX_CONNECTIONS_PER_*), which would otherwise refuse all but the first 50.
  const unlimited = { COLLAB_MAX_CONNECTIONS_PER_SESSION: "100000", COLLAB_MAX_CONNECTIONS_PER_ADDRESS: "1000000" };
  const app = await startApp({ dataDir, env: { NODE_OPTIONS: nodeOptions.join(" "), ...unlimited }, ...appOptions });
  const response = await fetch(`${app.url}/api/auth/get-session`, { headers: { cookie: account.cookie } });
  const session = (await response.json()) as { user?: { email: string } } | null; // better-auth's session shape
  if (session?.user?.email !== account.email) throw new Error(`the server does not accept the seeded session (${response.status})`);
  // One session for every client (the limits above are lifted for it).
  return { app, headers: { cookie: account.cookie, origin: app.url } };
}

/**
 * Types a line into `documentId` and waits `waitMs`, by default past the 2 s store debounce, so
 * the server's first store (which loads jsdom, Quill and KaTeX: seconds, once per process) lands
 * before measuring. A smoke run, whose figures nobody reads, waits less.
 */
export async function warmUp(app: RunningApp, headers: Record<string, string>, documentId: string, waitMs = 6_000): Promise<void> {
  const client = connectCollab(app.port, documentId, headers);
  try {
    const deadline = performance.now() + 30_000;
    while (!client.events.includes("synced")) {
      if (performance.now() > deadline) throw new Error(`warm-up client did not sync: ${client.events.join(", ")}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    client.doc.getText(BODY_YTEXT).insert(0, "Warm-up line.\n");
    await new Promise((resolve) => setTimeout(resolve, waitMs));
  } finally {
    client.close();
  }
}

/**
 * A Chrome DevTools Protocol session on the server's inspector (a server started with
 * `--inspect=127.0.0.1:0`, which NODE_OPTIONS allows where `--cpu-prof` and `--expose-gc` are not):
 * forced garbage collection and CPU profiles without changing the server.
 */
export class ServerInspector {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();

  private constructor(private readonly socket: WebSocket) {
    socket.on("message", (data: Buffer) => {
      const reply = JSON.parse(data.toString()) as { id?: number; result?: unknown; error?: { message: string } }; // CDP's reply shape
      const waiting = reply.id === undefined ? undefined : this.pending.get(reply.id);
      if (!waiting || reply.id === undefined) return;
      this.pending.delete(reply.id);
      if (reply.error) waiting.reject(new Error(reply.error.message));
      else waiting.resolve(reply.result);
    });
  }

  /** Connects to the inspector the server announced. @throws Error when it was started without --inspect */
  static async attach(app: RunningApp): Promise<ServerInspector> {
    const url = /Debugger listening on (ws:\/\/\S+)/.exec(app.output())?.[1];
    if (!url) throw new Error("the server was not started with --inspect");
    const socket = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      socket.once("open", () => resolve());
      socket.once("error", reject);
    });
    return new ServerInspector(socket);
  }

  send<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.socket.send(JSON.stringify({ id, method, params }));
    });
  }

  /** A full, synchronous garbage collection in the server. */
  collectGarbage(): Promise<void> {
    return this.send("HeapProfiler.collectGarbage");
  }

  /** The server's V8 heap: bytes used by live objects and bytes V8 holds for the heap. */
  heapUsage(): Promise<{ usedSize: number; totalSize: number }> {
    return this.send("Runtime.getHeapUsage");
  }

  async startProfile(): Promise<void> {
    await this.send("Profiler.enable");
    await this.send("Profiler.setSamplingInterval", { interval: 1000 });
    await this.send("Profiler.start");
  }

  /** Stops the profile and returns it (the .cpuprofile JSON). */
  async stopProfile(): Promise<unknown> {
    const { profile } = await this.send<{ profile: unknown }>("Profiler.stop");
    return profile;
  }

  close(): void {
    this.socket.close();
  }
}
