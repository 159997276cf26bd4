import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Hocuspocus } from "@hocuspocus/server";
import type { Caller } from "@/server/auth/resolve-caller";
import { resolveCaller } from "@/server/auth/resolve-caller";
import { clearProcessSingleton, processSingleton } from "@/server/process-singleton";
import { createCollabUpgrade, stopCollab } from "@/server/collab/collab-upgrade";
import type { ConnectionLimits } from "@/server/collab/connection-limits";
import type { CollabServerOptions } from "@/server/collab/create-collab-server";
import { createCollabServer } from "@/server/collab/create-collab-server";
import type { Actor } from "@/server/context";
import { sessions } from "@/server/db/schema";
import { BODY_YTEXT } from "@/shared/editor-rules";
import { connectCollab } from "@test/collab-client";
import { buildUser } from "./factories";
import type { TestDatabase } from "./test-db";
import { createTestDatabase } from "./test-db";

/**
 * The real collaboration server (every extension), a real database and real WebSockets, for
 * integration tests. Only reading the session cookie is replaced, by a header naming the
 * session: e2e/collab covers the cookie for real. API tokens (`Authorization: Bearer`) go through
 * the real resolveCaller, on this harness's database.
 */
export async function startCollabHarness(options: { limits?: ConnectionLimits; collab?: Pick<CollabServerOptions, "maxDocumentBytes"> } = {}) {
  const db: TestDatabase = await createTestDatabase();
  processSingleton("database", () => ({ handle: Promise.resolve(db), release: () => {} }));
  const identities = new Map<string, Caller>();
  const lookUp = async (headers: Headers): Promise<Caller> =>
    headers.has("authorization") ? resolveCaller(headers, { acceptTokens: true }) : (identities.get(headers.get("x-test-identity") ?? "") ?? { kind: "anonymous" });
  const hocuspocus: Hocuspocus = createCollabServer({ resolveCaller: lookUp, getDb: async () => db.db, ...options.collab });
  const server = http.createServer();
  // No server.ts here to stamp the client address: a test may send CLIENT_IP_HEADER itself.
  server.on("upgrade", createCollabUpgrade(hocuspocus, { resolveCaller: lookUp, limits: options.limits ?? { perSession: 1000, perAddress: 1000 } }));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;

  /** A signed-in person with a live session row; `key` identifies them to `connect`. */
  async function signedIn(name: string, overrides: Partial<Actor> = {}): Promise<{ actor: Actor; key: string; sessionId: string }> {
    return sessionOf(await buildUser(db.db, { name, ...overrides }));
  }

  /** Another live session of an existing person, as the actor says (e.g. after turning two-factor on). */
  async function sessionOf(actor: Actor): Promise<{ actor: Actor; key: string; sessionId: string }> {
    const sessionId = crypto.randomUUID();
    await db.db.insert(sessions).values({
      id: sessionId,
      userId: actor.id,
      token: crypto.randomBytes(16).toString("hex"),
      expiresAt: new Date(Date.now() + 60_000),
    });
    identities.set(sessionId, { kind: "session", actor, sessionId });
    return { actor, key: sessionId, sessionId };
  }

  /** A provider client on `documentId` as the person behind `identityKey`; it records what it is told. */
  function connect(documentId: string, identityKey: string) {
    return connectWith(documentId, { "x-test-identity": identityKey });
  }

  /** A provider client on `documentId` sending `headers` (an API token's Authorization). */
  function connectWith(documentId: string, headers: Record<string, string>) {
    const client = connectCollab(port, documentId, headers);
    return { ...client, body: client.doc.getText(BODY_YTEXT), isSynced: () => client.events.includes("synced") };
  }

  return {
    db,
    port,
    signedIn,
    sessionOf,
    connect,
    connectWith,
    async stop() {
      await stopCollab(hocuspocus);
      await new Promise((resolve) => server.close(resolve));
      clearProcessSingleton("database");
      await db.destroy();
    },
  };
}
