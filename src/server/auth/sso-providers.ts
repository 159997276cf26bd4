import type { GenericOAuthConfig } from "better-auth/plugins/generic-oauth";

/** The instance's provider (SSO_* settings); its better-auth id is `sso`. */
export interface InstanceSso {
  issuer: string;
  clientId: string;
  clientSecret: string;
  label: string;
  /** Lower-case; empty: any domain. */
  allowedDomains: string[];
  ssoOnly: boolean;
}

export const INSTANCE_SSO_ID = "sso";
const WORKSPACE_PREFIX = "workspace-";

/** better-auth's provider id for a workspace's provider. */
export function workspaceSsoId(workspaceId: string): string {
  return `${WORKSPACE_PREFIX}${workspaceId}`;
}

/** The workspace a provider id names, or null for the instance's or any other. */
export function workspaceIdOfSso(providerId: string): string | null {
  if (!providerId.startsWith(WORKSPACE_PREFIX)) return null;
  const id = providerId.slice(WORKSPACE_PREFIX.length);
  return /^[0-9a-f-]{36}$/i.test(id) ? id : null;
}

/** "a.com, B.org" → ["a.com", "b.org"]. */
export function parseDomains(list: string | undefined): string[] {
  return (list ?? "")
    .split(/[,\s]+/)
    .map((domain) => domain.trim().toLowerCase().replace(/^@/, ""))
    .filter(Boolean);
}

/** Whether `email`'s domain is among `allowed` (every domain when it is empty). */
export function emailDomainAllowed(email: string, allowed: readonly string[]): boolean {
  if (allowed.length === 0) return true;
  const domain = email.slice(email.lastIndexOf("@") + 1).toLowerCase();
  return allowed.includes(domain);
}

/**
 * genericOAuth's config for an OpenID Connect provider: discovery from the issuer, the ID token
 * checked against its JWKS, issuer and audience (requireIdTokenVerification), PKCE and a nonce.
 */
export function oidcConfig(providerId: string, provider: { issuer: string; clientId: string; clientSecret: string; label: string }): GenericOAuthConfig {
  return {
    providerId,
    name: provider.label,
    discoveryUrl: `${provider.issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    scopes: ["openid", "email", "profile"],
    pkce: true,
    requireIdTokenVerification: true,
    // client_secret_basic: the default of OpenID Connect (and of most providers) for the token endpoint.
    authentication: "basic",
  };
}

/** The instance's provider from the SSO_* settings, or null when SSO_ISSUER is unset. */
export function instanceSsoFrom(env: {
  SSO_ISSUER?: string;
  SSO_CLIENT_ID?: string;
  SSO_CLIENT_SECRET?: string;
  SSO_LABEL: string;
  SSO_ALLOWED_DOMAINS?: string;
  SSO_ONLY: "0" | "1";
}): InstanceSso | null {
  if (!env.SSO_ISSUER || !env.SSO_CLIENT_ID || !env.SSO_CLIENT_SECRET) return null;
  return {
    issuer: env.SSO_ISSUER,
    clientId: env.SSO_CLIENT_ID,
    clientSecret: env.SSO_CLIENT_SECRET,
    label: env.SSO_LABEL,
    allowedDomains: parseDomains(env.SSO_ALLOWED_DOMAINS),
    ssoOnly: env.SSO_ONLY === "1",
  };
}
