import type { Auth } from "@/server/auth/auth";
import type { Actor } from "@/server/context";

/** A person with a password and a live session: their actor and the headers carrying the session cookie. */
export interface SignedInPerson {
  actor: Actor;
  headers: Headers;
  password: string;
}

/**
 * Creates an account through better-auth and signs it in (sign-up doesn't, with a mailer), so
 * use cases that call better-auth's own endpoints run against a real session. With a mailer the
 * address is confirmed first, as the emailed link leaves it: a password signs in only then.
 */
export async function signedInPerson(auth: Auth, overrides: { name?: string; email?: string } = {}): Promise<SignedInPerson> {
  const email = overrides.email ?? `person-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const password = "correct horse battery";
  const base = { host: "localhost:3000", "x-quire-client-ip": "203.0.113.20" };
  await auth.api.signUpEmail({ body: { name: overrides.name ?? "Ada Lovelace", email, password }, headers: new Headers(base) });
  const context = await auth.$context;
  if (context.options.emailAndPassword?.requireEmailVerification) await context.internalAdapter.updateUserByEmail(email, { emailVerified: true });
  const { actor, headers } = await signIn(auth, email, password);
  return { actor, headers, password };
}

/** Another sign-in of an existing account, from the device and address the headers name; the headers then carry its cookie. */
export async function signIn(auth: Auth, email: string, password: string, device: Record<string, string> = {}): Promise<{ actor: Actor; headers: Headers }> {
  const base = { host: "localhost:3000", "x-quire-client-ip": "203.0.113.20", ...device };
  const { headers, response } = await auth.api.signInEmail({ body: { email, password }, headers: new Headers(base), returnHeaders: true });
  const cookie = headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const { user } = response;
  return { actor: { id: user.id, name: user.name, email: user.email, color: String(user.color), twoFactorEnabled: false }, headers: new Headers({ ...base, cookie }) };
}
