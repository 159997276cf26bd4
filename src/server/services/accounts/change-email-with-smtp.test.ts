import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInPerson } from "@test/auth-sessions";
import { startSmtpSink } from "@test/smtp-sink";
import type { Auth } from "@/server/auth/auth";
import { createAuth } from "@/server/auth/auth";
import { users } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { createSmtpMailer } from "@/server/mail/mailer";
import { changeEmail, EMAIL_CONFIRMED_PATH, WRONG_PASSWORD_MESSAGE } from "./change-email";
import { withTestDatabase } from "@test/test-database-hooks";

// With SMTP set up, a new address must prove itself before the account uses it, and a taken
// address gets the same answer as a free one (docs/product.md "Validation").

const ORIGIN = "http://docs.example.com";
const database = withTestDatabase();
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let auth: Auth;
beforeAll(async () => {
  sink = await startSmtpSink();
  auth = createAuth({ db: database.db, secret: "test-secret-that-is-at-least-32-characters", publicUrl: ORIGIN, mailer: createSmtpMailer(sink.url, "Quire <quire@example.com>") });
});
afterAll(async () => {
  await sink.close();
});

const newAddress = () => `new-${Math.random().toString(36).slice(2, 10)}@example.com`;
const mail = { origin: ORIGIN };

function mailsTo(address: string): string[] {
  return sink.mailsTo(address);
}

async function storedEmail(id: string) {
  const [row] = await database.db.select({ email: users.email }).from(users).where(eq(users.id, id));
  return row?.email;
}

describe("changeEmail with SMTP set up", () => {
  it("emails a link to the new address and changes the email only when it is opened", async () => {
    const person = await signedInPerson(auth);
    const email = newAddress();
    const result = await changeEmail({ db: database.db, actor: person.actor }, { email, currentPassword: person.password }, { auth, headers: person.headers, mail });
    expect(result).toEqual({ status: "check_email", email });
    expect(await storedEmail(person.actor.id)).toBe(person.actor.email);

    const [body] = mailsTo(email);
    expect(body).toMatch(/Subject: Confirm your new email address for Quire/);
    const link = /http:\/\/docs\.example\.com\/api\/auth\/verify-email\?token=[^\s"<]+/.exec(body ?? "")?.[0];
    expect(link).toBeDefined();
    const response = await auth.handler(new Request((link ?? "").replaceAll("&amp;", "&"), { headers: { cookie: person.headers.get("cookie") ?? "" } }));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(EMAIL_CONFIRMED_PATH);
    expect(await storedEmail(person.actor.id)).toBe(email);
  });

  it("answers a taken address as a free one, sends it nothing and changes nothing", async () => {
    const person = await signedInPerson(auth);
    const other = await signedInPerson(auth);
    const result = await changeEmail({ db: database.db, actor: person.actor }, { email: other.actor.email, currentPassword: person.password }, { auth, headers: person.headers, mail });
    expect(result).toEqual({ status: "check_email", email: other.actor.email });
    expect(mailsTo(other.actor.email)).toEqual([]);
    expect(await storedEmail(person.actor.id)).toBe(person.actor.email);
  });

  it("refuses a wrong password before sending anything", async () => {
    const person = await signedInPerson(auth);
    const email = newAddress();
    const error = await changeEmail({ db: database.db, actor: person.actor }, { email, currentPassword: "wrong password" }, { auth, headers: person.headers, mail }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).fields).toEqual({ currentPassword: WRONG_PASSWORD_MESSAGE });
    expect(mailsTo(email)).toEqual([]);
  });

  it("says so when the email can't be sent, and changes nothing", async () => {
    const closed = await startSmtpSink();
    await closed.close();
    const brokenAuth = createAuth({ db: database.db, secret: "test-secret-that-is-at-least-32-characters", publicUrl: ORIGIN, mailer: createSmtpMailer(closed.url, "Quire <quire@example.com>") });
    const person = await signedInPerson(brokenAuth);
    const error = await changeEmail({ db: database.db, actor: person.actor }, { email: newAddress(), currentPassword: person.password }, { auth: brokenAuth, headers: person.headers, mail }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("unavailable");
    expect(await storedEmail(person.actor.id)).toBe(person.actor.email);
  });
});
