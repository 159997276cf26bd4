import http from "node:http";
import Provider from "oidc-provider";
import type { Page } from "playwright-core";
import { freePort } from "@test/free-port";

/** A person the test's provider knows: the login typed on its page is the id. */
export interface OidcPerson {
  email: string;
  name: string;
  emailVerified: boolean;
}

/** A real OpenID Connect provider (oidc-provider, its dev sign-in pages) on a local port. */
export interface RunningOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** People by the login typed on the provider's page; add before signing them in. */
  people: Map<string, OidcPerson>;
  stop(): Promise<void>;
}

/** Starts a provider with one client whose redirect URIs are `redirectUris` (Quire's callback addresses). */
export async function startOidcProvider(redirectUris: string[]): Promise<RunningOidcProvider> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = "quire-e2e";
  const clientSecret = "quire-e2e-secret-that-is-long-enough";
  const people = new Map<string, OidcPerson>();
  const provider = new Provider(issuer, {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: redirectUris, token_endpoint_auth_method: "client_secret_basic" }],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    cookies: { keys: ["quire-e2e-oidc-cookie-key"] },
    features: { devInteractions: { enabled: true } },
    findAccount: async (_ctx, id) => {
      const person = people.get(id);
      if (!person) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, email: person.email, email_verified: person.emailVerified, name: person.name }) };
    },
  });
  const server = http.createServer(provider.callback());
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    issuer,
    clientId,
    clientSecret,
    people,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Clicks "Sign in with <label>" on Quire's sign-in page and passes `idp`'s own sign-in and
 * consent pages as `login` (in a context that has no session at the provider yet); resolves
 * once the browser is back on `appUrl`.
 */
export async function signInAtProvider(page: Page, options: { idp: RunningOidcProvider; appUrl: string; label: string; login: string }): Promise<void> {
  await page.getByRole("button", { name: `Sign in with ${options.label}` }).click();
  await page.waitForURL((url) => url.origin === options.idp.issuer);
  await page.locator('input[name="login"]').fill(options.login);
  await page.locator('input[name="password"]').fill("anything");
  await page.locator('button[type="submit"]').click();
  await page.locator('button[type="submit"]', { hasText: "Continue" }).click();
  await page.waitForURL((url) => url.origin === options.appUrl);
}

/** The signed-in user of `page`'s context, from better-auth's session endpoint, or null. */
export async function sessionUser(page: Page): Promise<{ id: string; email: string } | null> {
  const session = (await page.evaluate(async () => (await fetch("/api/auth/get-session")).json())) as { user?: { id: string; email: string } } | null;
  return session?.user ?? null;
}
