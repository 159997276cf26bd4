// oidc-provider ships no types; the e2e tests use this much of it (a real OpenID Connect provider).
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  interface OidcAccount {
    accountId: string;
    claims: () => Promise<Record<string, unknown>>;
  }

  interface OidcConfiguration {
    clients?: Array<Record<string, unknown>>;
    findAccount?: (ctx: unknown, id: string) => Promise<OidcAccount | undefined>;
    claims?: Record<string, string[]>;
    features?: Record<string, { enabled: boolean }>;
    cookies?: { keys: string[] };
    pkce?: { required: () => boolean };
    [key: string]: unknown;
  }

  export default class Provider {
    constructor(issuer: string, configuration?: OidcConfiguration);
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
  }
}
