import { and, eq } from "drizzle-orm";
import { symmetricDecrypt } from "better-auth/crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { expectAppError } from "@test/app-errors";
import { buildUser, buildWorkspace, contextFor } from "@test/factories";
import { withTestDatabase } from "@test/test-database-hooks";
import type { Auth } from "@/server/auth/auth";
import { createAuth } from "@/server/auth/auth";
import { workspaceSsoId } from "@/server/auth/sso-providers";
import type { Actor } from "@/server/context";
import { auditEvents, memberships, workspaceSsoProviders } from "@/server/db/schema";
import type { Role } from "@/shared/roles";
import type { SaveSsoProviderInput } from "@/shared/schemas/sso";
import { SaveSsoProviderSchema } from "@/shared/schemas/sso";
import { completeSsoSignIn } from "./complete-sso-sign-in";
import { findWorkspaceSso } from "./find-workspace-sso";
import { getSsoProvider } from "./get-sso-provider";
import { removeSsoProvider } from "./remove-sso-provider";
import { saveSsoProvider } from "./save-sso-provider";

const SECRET = "client-secret-of-the-test-provider";
const database = withTestDatabase();
let auth: Auth;
beforeAll(() => {
  auth = createAuth({ db: database.db, secret: "test-secret-that-is-at-least-32-characters" });
});

async function setup(role: Role = "admin") {
  const owner = await buildUser(database.db);
  const actor = await buildUser(database.db);
  const workspace = await buildWorkspace(database.db, [
    { actor: owner, role: "owner" },
    { actor, role },
  ]);
  return { actor, workspace, ctx: contextFor(database.db, actor) };
}

function form(workspaceId: string, overrides: Partial<SaveSsoProviderInput> = {}) {
  return SaveSsoProviderSchema.parse({
    workspaceId,
    label: "Acme Login",
    issuer: "https://login.acme.test/",
    clientId: "quire",
    clientSecret: SECRET,
    allowedDomains: "acme.test, @Example.COM",
    defaultRole: "commenter",
    ...overrides,
  });
}

async function storedRow(workspaceId: string) {
  const [row] = await database.db.select().from(workspaceSsoProviders).where(eq(workspaceSsoProviders.workspaceId, workspaceId));
  return row;
}

async function eventsOf(workspaceId: string, kind: (typeof auditEvents.$inferSelect)["kind"]) {
  return database.db.select().from(auditEvents).where(and(eq(auditEvents.workspaceId, workspaceId), eq(auditEvents.kind, kind)));
}

describe("SaveSsoProviderSchema", () => {
  const valid = { workspaceId: crypto.randomUUID(), label: "Acme", issuer: "https://login.acme.test", clientId: "quire", defaultRole: "editor" };
  const fieldsWithErrors = (issuer: string) => new Set(SaveSsoProviderSchema.safeParse({ ...valid, issuer }).error?.issues.map((issue) => issue.path.join(".")));

  it("takes an http(s) issuer address", () => {
    expect(SaveSsoProviderSchema.parse(valid).issuer).toBe("https://login.acme.test");
    expect(SaveSsoProviderSchema.parse({ ...valid, issuer: "http://127.0.0.1:4000/realms/acme" }).issuer).toBe("http://127.0.0.1:4000/realms/acme");
  });

  it("refuses an issuer that is not an http(s) address, or carries a query, fragment or password", () => {
    for (const issuer of ["", "login.acme.test", "ftp://login.acme.test", "javascript:alert(1)", "https://login.acme.test/?tenant=1", "https://login.acme.test/#x", "https://user:pw@login.acme.test"]) {
      expect(fieldsWithErrors(issuer), issuer).toEqual(new Set(["issuer"]));
    }
  });

  it("lists domains in lower case and refuses a malformed one, and never offers admin or owner as the default role", () => {
    expect(SaveSsoProviderSchema.parse({ ...valid, allowedDomains: " A.com, @b.ORG  c.net " }).allowedDomains).toEqual(["a.com", "b.org", "c.net"]);
    expect(SaveSsoProviderSchema.safeParse({ ...valid, allowedDomains: "not a domain!" }).success).toBe(false);
    expect(SaveSsoProviderSchema.safeParse({ ...valid, defaultRole: "admin" }).success).toBe(false);
    expect(SaveSsoProviderSchema.safeParse({ ...valid, defaultRole: "owner" }).success).toBe(false);
  });
});

describe("saveSsoProvider", () => {
  it("adds the provider with its secret encrypted, and never returns or logs the secret", async () => {
    const { ctx, workspace } = await setup("admin");
    const result = await saveSsoProvider(ctx, form(workspace.id), { auth });
    expect(result).toEqual({ workspaceSlug: workspace.slug });

    const row = await storedRow(workspace.id);
    expect(row).toMatchObject({ label: "Acme Login", issuer: "https://login.acme.test", clientId: "quire", allowedDomains: ["acme.test", "example.com"], defaultRole: "commenter" });
    expect(row?.clientSecret).not.toContain(SECRET);
    expect(await symmetricDecrypt({ key: (await auth.$context).secret, data: row?.clientSecret ?? "" })).toBe(SECRET);

    const shown = await getSsoProvider(ctx, { workspaceId: workspace.id });
    expect(shown).toMatchObject({ label: "Acme Login", issuer: "https://login.acme.test", clientId: "quire", defaultRole: "commenter" });
    expect(Object.keys(shown ?? {})).not.toContain("clientSecret");
    expect(JSON.stringify(shown)).not.toContain(row?.clientSecret);

    const [added] = await eventsOf(workspace.id, "sso.provider_added");
    expect(added?.details).toMatchObject({ issuer: "https://login.acme.test", clientId: "quire", secretChanged: true });
    expect(JSON.stringify(added)).not.toContain(SECRET);
  });

  it("keeps the saved secret when a change leaves it empty, and replaces it when given", async () => {
    const { ctx, workspace } = await setup("owner");
    await saveSsoProvider(ctx, form(workspace.id), { auth });
    const sealed = (await storedRow(workspace.id))?.clientSecret;

    await saveSsoProvider(ctx, form(workspace.id, { label: "Renamed", clientSecret: "" }), { auth });
    expect(await storedRow(workspace.id)).toMatchObject({ label: "Renamed", clientSecret: sealed });
    const [changed] = await eventsOf(workspace.id, "sso.provider_changed");
    expect(changed?.details).toMatchObject({ secretChanged: false });

    await saveSsoProvider(ctx, form(workspace.id, { clientSecret: "a-new-secret" }), { auth });
    const row = await storedRow(workspace.id);
    expect(await symmetricDecrypt({ key: (await auth.$context).secret, data: row?.clientSecret ?? "" })).toBe("a-new-secret");
  });

  it("asks for the secret when adding a provider without one", async () => {
    const { ctx, workspace } = await setup("admin");
    const error = await expectAppError(saveSsoProvider(ctx, form(workspace.id, { clientSecret: "" }), { auth }), "bad_request");
    expect(error.fields).toMatchObject({ clientSecret: "Enter the client secret." });
    expect(await storedRow(workspace.id)).toBeUndefined();
  });
});

describe("removeSsoProvider", () => {
  it("removes the provider: its sign-in link names nothing any more; removing twice is harmless and logged once", async () => {
    const { ctx, workspace } = await setup("admin");
    await saveSsoProvider(ctx, form(workspace.id), { auth });
    expect(await findWorkspaceSso({ db: database.db }, workspace.slug)).toEqual({ slug: workspace.slug, name: workspace.name, label: "Acme Login", providerId: workspaceSsoId(workspace.id) });

    expect(await removeSsoProvider(ctx, { workspaceId: workspace.id })).toEqual({ workspaceSlug: workspace.slug });
    await removeSsoProvider(ctx, { workspaceId: workspace.id });
    expect(await storedRow(workspace.id)).toBeUndefined();
    expect(await getSsoProvider(ctx, { workspaceId: workspace.id })).toBeNull();
    expect(await findWorkspaceSso({ db: database.db }, workspace.slug)).toBeNull();
    const removed = await eventsOf(workspace.id, "sso.provider_removed");
    expect(removed.map((event) => event.details)).toEqual([{ issuer: "https://login.acme.test" }]);
  });
});

describe("who may manage single sign-on", () => {
  it("is forbidden below admin, as the rest of Settings, and changes nothing", async () => {
    for (const role of ["viewer", "commenter", "editor"] as const) {
      const { ctx, workspace } = await setup(role);
      await expectAppError(getSsoProvider(ctx, { workspaceId: workspace.id }), "forbidden");
      await expectAppError(saveSsoProvider(ctx, form(workspace.id), { auth }), "forbidden");
      await expectAppError(removeSsoProvider(ctx, { workspaceId: workspace.id }), "forbidden");
      expect(await storedRow(workspace.id)).toBeUndefined();
    }
  });

  it("is not_found for a workspace the actor is not in, so its id reveals nothing", async () => {
    const { ctx: admin, workspace } = await setup("admin");
    await saveSsoProvider(admin, form(workspace.id), { auth });
    const stranger = contextFor(database.db, await buildUser(database.db));
    await expectAppError(getSsoProvider(stranger, { workspaceId: workspace.id }), "not_found");
    await expectAppError(saveSsoProvider(stranger, form(workspace.id, { label: "Taken over" }), { auth }), "not_found");
    await expectAppError(removeSsoProvider(stranger, { workspaceId: workspace.id }), "not_found");
    expect(await storedRow(workspace.id)).toMatchObject({ label: "Acme Login" });
  });
});

describe("completeSsoSignIn", () => {
  async function roleOf(workspaceId: string, person: Actor) {
    const [row] = await database.db.select({ role: memberships.role }).from(memberships).where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, person.id)));
    return row?.role ?? null;
  }

  it("makes a first sign-in through a workspace's provider a member with its default role, once, and records that sign-in", async () => {
    const { ctx, workspace } = await setup("admin");
    await saveSsoProvider(ctx, form(workspace.id, { defaultRole: "commenter" }), { auth });
    const newcomer = await buildUser(database.db);
    const signIn = { userId: newcomer.id, providerId: workspaceSsoId(workspace.id), clientIp: "198.51.100.7" };
    await completeSsoSignIn({ db: database.db }, signIn);
    await completeSsoSignIn({ db: database.db }, signIn);
    expect(await roleOf(workspace.id, newcomer)).toBe("commenter");
    expect(await eventsOf(workspace.id, "member.joined")).toHaveLength(1);
    // The second sign-in is a member's: the session hook records it (auth/record-sign-in.ts), not this.
    expect(await eventsOf(workspace.id, "account.signed_in")).toHaveLength(1);
  });

  it("keeps a member's role as it is", async () => {
    const { ctx, actor, workspace } = await setup("admin");
    await saveSsoProvider(ctx, form(workspace.id, { defaultRole: "viewer" }), { auth });
    await completeSsoSignIn({ db: database.db }, { userId: actor.id, providerId: workspaceSsoId(workspace.id), clientIp: null });
    expect(await roleOf(workspace.id, actor)).toBe("admin");
  });

  it("joins nothing through the instance's provider, or a workspace whose provider is gone", async () => {
    const { ctx, workspace } = await setup("admin");
    const person = await buildUser(database.db);
    await completeSsoSignIn({ db: database.db }, { userId: person.id, providerId: "sso", clientIp: null });
    await completeSsoSignIn({ db: database.db }, { userId: person.id, providerId: workspaceSsoId(workspace.id), clientIp: null });
    expect(await roleOf(workspace.id, person)).toBeNull();
    await saveSsoProvider(ctx, form(workspace.id), { auth });
    await removeSsoProvider(ctx, { workspaceId: workspace.id });
    await completeSsoSignIn({ db: database.db }, { userId: person.id, providerId: workspaceSsoId(workspace.id), clientIp: null });
    expect(await roleOf(workspace.id, person)).toBeNull();
  });
});
