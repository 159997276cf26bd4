import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { appErrorOf } from "@test/app-errors";
import { signedInPerson, signIn } from "@test/auth-sessions";
import { buildWorkspace } from "@test/factories";
import { withTestDatabase } from "@test/test-database-hooks";
import type { Auth } from "@/server/auth/auth";
import { createAuth } from "@/server/auth/auth";
import { workspaceSsoId } from "@/server/auth/sso-providers";
import { accounts, auditEvents, passkeys, workspaceSsoProviders, workspaces } from "@/server/db/schema";
import { presentSignInMethod } from "@/server/presenters/present-sign-in-method";
import { listSignInMethods } from "./list-sign-in-methods";
import { KEPT_METHOD_MESSAGES, LAST_WAY_IN_MESSAGE, removeSignInMethod, SIGN_IN_METHOD_GONE_MESSAGE } from "./remove-sign-in-method";

// Profile → Security → "Sign-in methods": a person sees every way into their account and can
// take a workspace's own sign-in provider out of it (docs/product.md "Single sign-on").

const database = withTestDatabase();
let auth: Auth;
beforeAll(() => {
  auth = createAuth({ db: database.db, secret: "test-secret-that-is-at-least-32-characters" });
});

/** A workspace whose admin set up its own provider, labelled `label`. */
async function workspaceWithProvider(label: string, name: string) {
  const workspace = await buildWorkspace(database.db, [], { name });
  await database.db.insert(workspaceSsoProviders).values({ workspaceId: workspace.id, label, issuer: "https://idp.invalid", clientId: "quire", clientSecret: "sealed" });
  return workspace;
}

/** The row better-auth writes when a provider signs someone in for the first time. */
async function link(userId: string, providerId: string): Promise<string> {
  const id = crypto.randomUUID();
  await database.db.insert(accounts).values({ id, accountId: `subject-${id.slice(0, 8)}`, providerId, userId });
  return id;
}

/** A person with a password, a live session and a link to `label`'s workspace provider; they are a member of a workspace of their own. */
async function personLinkedTo(label: string) {
  const person = await signedInPerson(auth);
  const own = await buildWorkspace(database.db, [{ actor: person.actor, role: "owner" }]);
  const provider = await workspaceWithProvider(label, `${label} workspace`);
  const linkId = await link(person.actor.id, workspaceSsoId(provider.id));
  return { person, own, provider, linkId, ctx: { db: database.db, actor: person.actor }, session: { auth, headers: person.headers } };
}

describe("listSignInMethods", () => {
  it("lists the password, the instance's provider and each workspace's, naming whose they are; nobody else's", async () => {
    const { person, provider, linkId, ctx } = await personLinkedTo("Acme Login");
    const instanceLinkId = await link(person.actor.id, "sso");
    const gone = await buildWorkspace(database.db, [], { name: "Deleted later" });
    const goneLinkId = await link(person.actor.id, workspaceSsoId(gone.id));
    await database.db.delete(workspaces).where(eq(workspaces.id, gone.id));
    const someoneElse = await signedInPerson(auth);
    await link(someoneElse.actor.id, workspaceSsoId(provider.id));

    const methods = (await listSignInMethods(ctx)).map((row) => presentSignInMethod(row, "Company Login"));
    // The password, the instance's provider, then the workspaces' (oldest first; these two were
    // linked in one test transaction, at the same moment).
    const shown = methods.map(({ id, kind, name, detail, removable }) => ({ id, kind, name, detail, removable }));
    expect(shown.slice(0, 2)).toEqual([
      { id: expect.any(String), kind: "password", name: "Password", detail: "Sign in with your email and password.", removable: false },
      { id: instanceLinkId, kind: "instance", name: "Company Login", detail: "This server's single sign-on.", removable: false },
    ]);
    expect(shown.slice(2).sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { id: linkId, kind: "workspace", name: "Acme Login", detail: "The sign-in provider of the workspace “Acme Login workspace”.", removable: true },
      { id: goneLinkId, kind: "workspace", name: "Single sign-on", detail: "The sign-in provider of a workspace that has been deleted.", removable: true },
    ]);
  });
});

describe("removeSignInMethod", () => {
  it("takes a workspace's provider out of the account, signs the other sessions out and records it in the person's workspaces", async () => {
    const { person, own, provider, linkId, ctx, session } = await personLinkedTo("Acme Login");
    const elsewhere = await signIn(auth, person.actor.email, person.password);

    expect(await removeSignInMethod(ctx, { methodId: linkId }, session)).toEqual({ signedOutOthers: 2 });
    expect(await database.db.select().from(accounts).where(eq(accounts.id, linkId))).toEqual([]);
    expect((await listSignInMethods(ctx)).map((method) => method.kind)).toEqual(["password"]);
    // The sessions that provider made can't be told apart: every other one ends, this one stays.
    expect(await auth.api.getSession({ headers: elsewhere.headers })).toBeNull();
    expect((await auth.api.getSession({ headers: person.headers }))?.user.id).toBe(person.actor.id);
    const events = await database.db.select().from(auditEvents).where(and(eq(auditEvents.workspaceId, own.id), eq(auditEvents.kind, "account.sign_in_method_removed")));
    expect(events.map((event) => event.details)).toEqual([{ method: "Acme Login (Acme Login workspace)" }]);
    // The workspace and its provider are untouched: only this account's link went.
    expect(await database.db.select({ id: workspaceSsoProviders.id }).from(workspaceSsoProviders).where(eq(workspaceSsoProviders.workspaceId, provider.id))).toHaveLength(1);

    const again = await appErrorOf(removeSignInMethod(ctx, { methodId: linkId }, session));
    expect([again.code, again.message]).toEqual(["not_found", SIGN_IN_METHOD_GONE_MESSAGE]);
  });

  it("keeps the password and the instance's provider, and never touches another person's", async () => {
    const { person, provider, ctx, session } = await personLinkedTo("Acme Login");
    const instanceLinkId = await link(person.actor.id, "sso");
    const password = (await listSignInMethods(ctx)).find((method) => method.kind === "password");
    const passwordRefusal = await appErrorOf(removeSignInMethod(ctx, { methodId: password?.id ?? "" }, session));
    expect([passwordRefusal.code, passwordRefusal.message]).toEqual(["conflict", KEPT_METHOD_MESSAGES.password]);
    const instanceRefusal = await appErrorOf(removeSignInMethod(ctx, { methodId: instanceLinkId }, session));
    expect([instanceRefusal.code, instanceRefusal.message]).toEqual(["conflict", KEPT_METHOD_MESSAGES.instance]);

    const someoneElse = await signedInPerson(auth);
    const theirs = await link(someoneElse.actor.id, workspaceSsoId(provider.id));
    expect((await appErrorOf(removeSignInMethod(ctx, { methodId: theirs }, session))).code).toBe("not_found");
    expect(await database.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, theirs))).toHaveLength(1);
    expect((await listSignInMethods(ctx)).map((method) => method.kind).sort()).toEqual(["instance", "password", "workspace"]);
  });

  it("keeps the last way in: an account without a password keeps its only provider until it has a passkey", async () => {
    const { person, linkId, ctx, session } = await personLinkedTo("Acme Login");
    // As an account that provider made: no password.
    await database.db.delete(accounts).where(and(eq(accounts.userId, person.actor.id), eq(accounts.providerId, "credential")));
    const refusal = await appErrorOf(removeSignInMethod(ctx, { methodId: linkId }, session));
    expect([refusal.code, refusal.message]).toEqual(["conflict", LAST_WAY_IN_MESSAGE]);
    expect(await database.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, linkId))).toHaveLength(1);

    await database.db.insert(passkeys).values({ id: crypto.randomUUID(), name: "Laptop", publicKey: "key", userId: person.actor.id, credentialID: crypto.randomUUID(), counter: 0, deviceType: "singleDevice", backedUp: false });
    await expect(removeSignInMethod(ctx, { methodId: linkId }, session)).resolves.toEqual({ signedOutOthers: 1 });
    expect(await listSignInMethods(ctx)).toEqual([]);
  });
});
