import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/server/db/client";
import { openDatabase } from "@/server/db/client";
import { migrateDatabase } from "@/server/db/migrate";
import { notifications } from "@/server/db/schema";
import type { Mail } from "@/server/mail/mailer";
import { buildDocument, buildUser, buildWorkspace } from "@test/factories";
import type { RunningService } from "@test/services";
import { missingServices, startPostgres } from "@test/services";
import { NotificationEmailWorker } from "./internal/email-worker";

// Several instances on one PostgreSQL: three email workers look at once; the advisory lock and
// FOR UPDATE SKIP LOCKED must give each person's batch to exactly one of them, in one message.
const skip = missingServices();
let postgres: RunningService | undefined;
let handles: DbHandle[] = [];

beforeAll(async () => {
  if (skip) return;
  postgres = await startPostgres();
  const first = await openDatabase({ url: postgres.url });
  await migrateDatabase(first);
  handles = [first, await openDatabase({ url: postgres.url }), await openDatabase({ url: postgres.url })];
}, 120_000);

afterAll(async () => {
  await Promise.all(handles.map((handle) => handle.close()));
  await postgres?.stop();
});

describe.skipIf(Boolean(skip))("notification emails on PostgreSQL", () => {
  it("three workers looking at once email each of 30 people once, with all their notifications", async () => {
    const db = handles[0]!.db;
    const actor = await buildUser(db, { name: "Olive" });
    const people = await Promise.all(Array.from({ length: 30 }, (_, i) => buildUser(db, { name: `P${i}`, email: `p${i}@example.com` })));
    const workspace = await buildWorkspace(db, [{ actor, role: "owner" }, ...people.map((p) => ({ actor: p, role: "viewer" as const }))]);
    const doc = await buildDocument(db, workspace.id, { title: "Plan" });
    const old = new Date(Date.now() - 11 * 60_000);
    await db.insert(notifications).values(
      people.flatMap((p) => [0, 1, 2].map(() => ({ userId: p.id, workspaceId: workspace.id, kind: "thread" as const, actorId: actor.id, documentId: doc.id, createdAt: old }))),
    );
    const sent: Mail[] = [];
    const mailer = { send: async (mail: Mail) => void sent.push(mail) };
    const workers = handles.map((handle) => new NotificationEmailWorker(async () => handle.db, { mailer, origin: "http://q.example", batchSize: 4, secret: "s".repeat(40) }));
    await Promise.all(workers.map(async (worker) => {
      for (let round = 0; round < 20; round += 1) await worker.runOnce();
    }));
    expect(sent).toHaveLength(30);
    expect(new Set(sent.map((mail) => mail.to)).size).toBe(30);
    expect(sent.every((mail) => mail.subject === "3 new notifications on Quire")).toBe(true);
  });
});
