import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { signedInPerson, signIn } from "@test/auth-sessions";
import { buildWorkspace } from "@test/factories";
import { withTestDatabase } from "@test/test-database-hooks";
import { auditEvents } from "@/server/db/schema";
import type { Auth } from "./auth";
import { createAuth } from "./auth";

// docs/product.md "Audit log": sign-ins, successful and failed, in every workspace of the account.

const database = withTestDatabase();
let auth: Auth;
beforeAll(() => {
  auth = createAuth({ db: database.db, secret: "test-secret-that-is-at-least-32-characters" });
});

const eventsOf = (workspaceId: string, kind: "account.signed_in" | "account.sign_in_failed") =>
  database.db.select().from(auditEvents).where(and(eq(auditEvents.workspaceId, workspaceId), eq(auditEvents.kind, kind)));

describe("sign-ins in the audit log", () => {
  it("records a sign-in in each of the account's workspaces, with the person, the address and the way in", async () => {
    const person = await signedInPerson(auth, { name: "Grace Hopper" });
    const first = await buildWorkspace(database.db, [{ actor: person.actor, role: "editor" }]);
    const second = await buildWorkspace(database.db, [{ actor: person.actor, role: "viewer" }]);
    const elsewhere = await buildWorkspace(database.db, [{ actor: (await signedInPerson(auth)).actor, role: "owner" }]);

    await signIn(auth, person.actor.email, person.password, { "x-quire-client-ip": "198.51.100.9" });

    for (const workspace of [first, second]) {
      const events = await eventsOf(workspace.id, "account.signed_in");
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        actorId: person.actor.id,
        actorLabel: `Grace Hopper <${person.actor.email}>`,
        targetId: person.actor.id,
        ipAddress: "198.51.100.9",
        details: { via: "password" },
      });
    }
    expect(await eventsOf(elsewhere.id, "account.signed_in")).toHaveLength(0);
  });

  it("records a wrong password against the account with no actor, and nothing for an address nobody has", async () => {
    const person = await signedInPerson(auth);
    const workspace = await buildWorkspace(database.db, [{ actor: person.actor, role: "admin" }]);
    const headers = new Headers({ host: "localhost:3000", "x-quire-client-ip": "192.0.2.44" });

    await expect(auth.api.signInEmail({ body: { email: person.actor.email.toUpperCase(), password: "not the password" }, headers })).rejects.toThrow();
    await expect(auth.api.signInEmail({ body: { email: "nobody-here@example.com", password: "whatever1" }, headers })).rejects.toThrow();

    const failed = await eventsOf(workspace.id, "account.sign_in_failed");
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ actorId: null, actorLabel: null, targetId: person.actor.id, ipAddress: "192.0.2.44" });
    expect(await eventsOf(workspace.id, "account.signed_in")).toHaveLength(0);
  });

  it("counts no sign-in when a session is only replaced, as turning two-factor on does", async () => {
    const person = await signedInPerson(auth);
    const workspace = await buildWorkspace(database.db, [{ actor: person.actor, role: "editor" }]);
    // better-auth replaces the session when the password changes with revokeOtherSessions, as two-factor's enable does.
    await auth.api.changePassword({ body: { currentPassword: person.password, newPassword: "another horse battery", revokeOtherSessions: true }, headers: person.headers });
    expect(await eventsOf(workspace.id, "account.signed_in")).toHaveLength(0);
  });
});

