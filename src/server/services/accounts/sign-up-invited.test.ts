import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { buildUser, buildWorkspace, contextFor } from "@test/factories";
import type { Auth } from "@/server/auth/auth";
import { createAuth } from "@/server/auth/auth";
import type { Mail } from "@/server/mail/mailer";
import { memberships, sessions, users } from "@/server/db/schema";
import { createInvitation } from "@/server/services/invitations/create-invitation";
import { findInvitationByToken } from "@/server/services/invitations/find-invitation-by-token";
import { INVITATION_MESSAGES } from "@/shared/invitations";
import { revokeInvitation } from "@/server/services/invitations/revoke-invitation";
import { EMAIL_TAKEN_MESSAGE } from "./sign-up";
import { signUp } from "./sign-up";
import { appErrorOf } from "@test/app-errors";
import { withTestDatabase } from "@test/test-database-hooks";

const database = withTestDatabase();
let auth: Auth;
beforeAll(async () => {
  auth = createAuth({ db: database.db, secret: "test-secret-that-is-at-least-32-characters" });
});

const ORIGIN = "http://docs.example.com";
const headers = () => new Headers({ host: "localhost:3000", "x-quire-client-ip": "203.0.113.9" });
const newEmail = () => `invitee-${Math.random().toString(36).slice(2, 8)}@example.com`;

async function invitationFor(email: string, now?: Date) {
  const owner = await buildUser(database.db);
  const workspace = await buildWorkspace(database.db, [{ actor: owner, role: "owner" }]);
  const { token, invitation } = await createInvitation(contextFor(database.db, owner), { workspaceId: workspace.id, email, role: "commenter" }, now);
  return { owner, workspace, token, invitation };
}

async function accountExists(email: string): Promise<boolean> {
  return (await database.db.select().from(users).where(eq(users.email, email))).length > 0;
}

describe("signUp with an invitation", () => {
  it("creates the account as a member of the inviting workspace with the invited role, and nothing else", async () => {
    const email = newEmail();
    const { workspace, token } = await invitationFor(email);
    const { user, workspace: joined } = await signUp(database.db, auth, { name: "Ivy", email, password: "long enough pw", token }, headers());
    expect(joined.id).toBe(workspace.id);
    const rows = await database.db.select().from(memberships).where(eq(memberships.userId, user.id));
    expect(rows).toMatchObject([{ workspaceId: workspace.id, role: "commenter" }]);
    expect((await findInvitationByToken({ db: database.db }, token))?.status).toBe("accepted");
    const signIn = await auth.api.signInEmail({ body: { email, password: "long enough pw" }, headers: headers() });
    expect(signIn.user.id).toBe(user.id);
  });

  // QA: an invited sign-up was signed in at once, unconfirmed, though whoever invited holds the link
  // too (so does anyone they pass it to); with SMTP an address is confirmed by mail before it signs in.
  it("with SMTP set up, joins at once but signs in only through the emailed link, which confirms the address", async () => {
    const sent: Mail[] = [];
    const mailer = { send: async (mail: Mail) => void sent.push(mail) };
    const withMail = createAuth({ db: database.db, secret: "test-secret-that-is-at-least-32-characters", publicUrl: ORIGIN, mailer });
    const email = newEmail();
    const { workspace, token } = await invitationFor(email);
    const result = await signUp(database.db, withMail, { name: "Ivy", email, password: "long enough pw", token }, headers(), { mailer, origin: ORIGIN });
    expect(result).toEqual({ status: "check_email" });
    const [user] = await database.db.select().from(users).where(eq(users.email, email));
    expect(user?.emailVerified).toBe(false);
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, user?.id ?? ""))).toEqual([]);
    expect(await database.db.select().from(memberships).where(eq(memberships.userId, user?.id ?? ""))).toMatchObject([{ workspaceId: workspace.id, role: "commenter" }]);
    expect((await findInvitationByToken({ db: database.db }, token))?.status).toBe("accepted");

    expect(sent.map((mail) => [mail.to, mail.subject])).toEqual([[email, "Finish creating your Quire account"]]);
    expect(sent[0]?.text).toContain(`you have joined the workspace “${workspace.name}”`);
    const link = /http:\/\/docs\.example\.com\/api\/auth\/verify-email\?token=\S+/.exec(sent[0]?.text ?? "")?.[0] ?? "";
    const response = await withMail.handler(new Request(link, { headers: { "x-quire-client-ip": "203.0.113.9" } }));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/w/${workspace.slug}`);
    expect(response.headers.get("set-cookie")).toMatch(/better-auth\.session_token=/);
    const [confirmed] = await database.db.select().from(users).where(eq(users.email, email));
    expect(confirmed?.emailVerified).toBe(true);
  });

  it("with SMTP set up, leaves no account and the link still pending when the email can't be sent", async () => {
    const mailer = { send: () => Promise.reject(new Error("SMTP is down")) };
    const withMail = createAuth({ db: database.db, secret: "test-secret-that-is-at-least-32-characters", publicUrl: ORIGIN, mailer });
    const email = newEmail();
    const { token } = await invitationFor(email);
    const error = await appErrorOf(signUp(database.db, withMail, { name: "Ivy", email, password: "long enough pw", token }, headers(), { mailer, origin: ORIGIN }));
    expect(error.code).toBe("unavailable");
    expect(await accountExists(email)).toBe(false);
    expect((await findInvitationByToken({ db: database.db }, token))?.status).toBe("pending");
  });

  it("refuses another address than the invited one, and creates no account", async () => {
    const { token } = await invitationFor(newEmail());
    const other = newEmail();
    const error = await appErrorOf(signUp(database.db, auth, { name: "Eve", email: other, password: "long enough pw", token }, headers()));
    expect(error.fields?.email).toMatch(/This invitation is for/);
    expect(await accountExists(other)).toBe(false);
  });

  it("refuses an expired or revoked link, and creates no account", async () => {
    const expiredEmail = newEmail();
    const expired = await invitationFor(expiredEmail, new Date(Date.now() - 8 * 24 * 60 * 60 * 1000));
    const error = await appErrorOf(signUp(database.db, auth, { name: "Old", email: expiredEmail, password: "long enough pw", token: expired.token }, headers()));
    expect(error.fields?._).toBe(INVITATION_MESSAGES.expired);
    expect(await accountExists(expiredEmail)).toBe(false);

    const revokedEmail = newEmail();
    const revoked = await invitationFor(revokedEmail);
    await revokeInvitation(contextFor(database.db, revoked.owner), { invitationId: revoked.invitation.id });
    const second = await appErrorOf(signUp(database.db, auth, { name: "Rev", email: revokedEmail, password: "long enough pw", token: revoked.token }, headers()));
    expect(second.fields?._).toBe(INVITATION_MESSAGES.revoked);
    expect(await accountExists(revokedEmail)).toBe(false);
  });

  it("sends someone who already has an account to sign in", async () => {
    const existing = await buildUser(database.db);
    const { token } = await invitationFor(existing.email);
    const error = await appErrorOf(signUp(database.db, auth, { name: "Dup", email: existing.email, password: "long enough pw", token }, headers()));
    expect(error.fields).toEqual({ email: EMAIL_TAKEN_MESSAGE });
  });
});
