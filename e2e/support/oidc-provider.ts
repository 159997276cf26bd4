import http from "node:http";
import Provider from "oidc-provider";
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
