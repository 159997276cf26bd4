import { beforeAll, describe, expect, it } from "vitest";
import { signedInPerson, signIn } from "@test/auth-sessions";
import { appErrorOf } from "@test/app-errors";
import { withTestDatabase } from "@test/test-database-hooks";
import type { Auth } from "@/server/auth/auth";
import { createAuth } from "@/server/auth/auth";
import { presentSession } from "@/server/presenters/present-session";
import { RevokeSessionSchema } from "@/shared/schemas/security";
import { listSessions } from "./list-sessions";
import { revokeOtherSessions } from "./revoke-other-sessions";
import { revokeSession } from "./revoke-session";

// Profile → Security → Sessions: a person sees and ends their own sessions, never anyone else's.

const FIREFOX_ON_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI_ON_IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

const database = withTestDatabase();
let auth: Auth;
beforeAll(() => {
  auth = createAuth({ db: database.db, secret: "test-secret-that-is-at-least-32-characters" });
});

/**
 * A person with four sessions: sign-up's own and this one (no User-Agent: the test's requests),
 * Firefox on Windows and Safari on an iPhone.
 */
async function personOnThreeDevices() {
  const person = await signedInPerson(auth);
  const laptop = await signIn(auth, person.actor.email, person.password, { "user-agent": FIREFOX_ON_WINDOWS, "x-quire-client-ip": "198.51.100.7" });
  const phone = await signIn(auth, person.actor.email, person.password, { "user-agent": SAFARI_ON_IPHONE, "x-quire-client-ip": "198.51.100.8" });
  const ctx = { db: database.db, actor: person.actor };
  return { person, laptop, phone, ctx, session: { auth, headers: person.headers } };
}

describe("listSessions", () => {
  it("lists the person's own sessions with device, address and times, marking the one asking", async () => {
    const { ctx, session } = await personOnThreeDevices();
    await signedInPerson(auth); // someone else's session never shows
    const { sessions, currentSessionId } = await listSessions(ctx, session);
    const listed = sessions.map((row) => presentSession(row, currentSessionId));
    expect(listed).toHaveLength(4);
    expect(listed.filter((s) => s.isCurrent)).toHaveLength(1);
    expect(listed.map((s) => [s.device, s.ipAddress]).sort()).toEqual([
      ["Firefox on Windows", "198.51.100.7"],
      ["Safari on iPhone", "198.51.100.8"],
      ["Unknown device", "203.0.113.20"],
      ["Unknown device", "203.0.113.20"],
    ]);
    expect(listed.find((s) => s.isCurrent)?.device).toBe("Unknown device");
    for (const s of listed) expect(Date.parse(s.lastActiveAt)).toBeGreaterThanOrEqual(Date.parse(s.createdAt));
    expect(JSON.stringify(listed)).not.toContain(sessions[0]?.token);
  });

  it("refuses a session that has ended", async () => {
    const { person, ctx, session } = await personOnThreeDevices();
    await auth.api.signOut({ headers: person.headers });
    expect((await appErrorOf(listSessions(ctx, session))).code).toBe("unauthenticated");
  });
});

describe("revokeSession", () => {
  it("ends another of the person's sessions at once, and leaves the rest", async () => {
    const { laptop, phone, ctx, session } = await personOnThreeDevices();
    const laptopId = (await auth.api.getSession({ headers: laptop.headers }))?.session.id ?? "";
    expect(await revokeSession(ctx, { sessionId: laptopId }, session)).toEqual({ sessionId: laptopId });
    expect(await auth.api.getSession({ headers: laptop.headers })).toBeNull();
    expect(await auth.api.getSession({ headers: phone.headers })).not.toBeNull();
    expect(await auth.api.getSession({ headers: session.headers })).not.toBeNull();
    expect((await listSessions(ctx, session)).sessions.map((s) => s.id)).not.toContain(laptopId);
  });

  it("answers not_found for someone else's session as for an id that names nothing, and ends neither", async () => {
    const { ctx, session } = await personOnThreeDevices();
    const stranger = await signedInPerson(auth);
    const strangerId = (await auth.api.getSession({ headers: stranger.headers }))?.session.id ?? "";
    const theirs = await appErrorOf(revokeSession(ctx, { sessionId: strangerId }, session));
    const nothing = await appErrorOf(revokeSession(ctx, { sessionId: crypto.randomUUID() }, session));
    expect([theirs.code, theirs.message]).toEqual([nothing.code, nothing.message]);
    expect(theirs.code).toBe("not_found");
    expect(await auth.api.getSession({ headers: stranger.headers })).not.toBeNull();
  });

  it("refuses the session asking (sign out is for that)", async () => {
    const { ctx, session } = await personOnThreeDevices();
    const { currentSessionId } = await listSessions(ctx, session);
    expect((await appErrorOf(revokeSession(ctx, { sessionId: currentSessionId }, session))).code).toBe("conflict");
    expect(await auth.api.getSession({ headers: session.headers })).not.toBeNull();
  });

  it("checks the id in the schema", () => {
    expect(RevokeSessionSchema.safeParse({ sessionId: "" }).success).toBe(false);
    expect(RevokeSessionSchema.safeParse({ sessionId: "x".repeat(101) }).success).toBe(false);
    expect(RevokeSessionSchema.safeParse({ sessionId: "a", token: "b" }).success).toBe(false);
  });
});

describe("revokeOtherSessions", () => {
  it("ends every session but the one asking, and no one else's", async () => {
    const { laptop, phone, ctx, session } = await personOnThreeDevices();
    const stranger = await signedInPerson(auth);
    expect(await revokeOtherSessions(ctx, session)).toEqual({ revoked: 3 });
    expect(await auth.api.getSession({ headers: laptop.headers })).toBeNull();
    expect(await auth.api.getSession({ headers: phone.headers })).toBeNull();
    expect(await auth.api.getSession({ headers: session.headers })).not.toBeNull();
    expect(await auth.api.getSession({ headers: stranger.headers })).not.toBeNull();
    expect((await listSessions(ctx, session)).sessions).toHaveLength(1);
  });
});
