import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { symmetricDecrypt } from "better-auth/crypto";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import { eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { workspaceSsoProviders } from "@/server/db/schema";
import { clientIpOf } from "./client-ip";
import type { InstanceSso } from "./sso-providers";
import { WORKSPACE_SSO_CANNOT_LINK } from "@/shared/sso-errors";
import { INSTANCE_SSO_ID, emailDomainAllowed, oidcConfig, workspaceIdOfSso } from "./sso-providers";
import { reportSsoSignIn } from "./sso-sign-in-port";

type AuthContext = Parameters<NonNullable<BetterAuthPlugin["init"]>>[0];
type SocialProvider = AuthContext["socialProviders"][number];

/**
 * Every endpoint that signs in or signs up without the provider (a password, a passkey): refused
 * when SSO_ONLY is set, whatever the pages offer, so a passkey or password kept from before still
 * lets no one in.
 */
const ENTRY_PATHS_BESIDES_SSO = new Set([
  "/sign-in/email",
  "/sign-up/email",
  "/reset-password",
  "/request-password-reset",
  "/passkey/generate-authenticate-options",
  "/passkey/verify-authentication",
]);

/**
 * Single sign-on over better-auth's genericOAuth (docs/architecture.md "Auth"): the instance's
 * provider is a static genericOAuth provider; a workspace's is built by genericOAuth from its
 * database row whenever a sign-in or a callback names it, so adding, changing or removing one
 * needs no restart. The SSO plugin package (@better-auth/sso) would store providers itself, but
 * its releases pin older better-auth internals than the better-auth installed here.
 */
export function ssoPlugins(options: { db: Db; instance: InstanceSso | null }): BetterAuthPlugin[] {
  const plugins: BetterAuthPlugin[] = [];
  if (options.instance) plugins.push(genericOAuth({ config: [oidcConfig(INSTANCE_SSO_ID, options.instance)] }));
  plugins.push(quireSso(options.db, options.instance));
  return plugins;
}

function quireSso(db: Db, instance: InstanceSso | null): BetterAuthPlugin {
  // Built providers by id, with the row's updatedAt they were built from: discovery runs once per change.
  const built = new Map<string, { updatedAt: number; provider: SocialProvider }>();

  async function allowedDomains(providerId: string): Promise<string[] | null> {
    if (providerId === INSTANCE_SSO_ID) return instance?.allowedDomains ?? [];
    const workspaceId = workspaceIdOfSso(providerId);
    if (!workspaceId) return null;
    const [row] = await db.select({ allowedDomains: workspaceSsoProviders.allowedDomains }).from(workspaceSsoProviders).where(eq(workspaceSsoProviders.workspaceId, workspaceId));
    return row?.allowedDomains ?? null;
  }

  // Puts the current provider of a workspace into better-auth's list (or takes a removed one out).
  async function refreshWorkspaceProvider(context: AuthContext, providerId: string): Promise<void> {
    const workspaceId = workspaceIdOfSso(providerId);
    if (!workspaceId) return;
    const [row] = await db.select().from(workspaceSsoProviders).where(eq(workspaceSsoProviders.workspaceId, workspaceId));
    const list = context.socialProviders;
    const index = list.findIndex((provider) => provider.id === providerId);
    if (!row) {
      built.delete(providerId);
      if (index >= 0) list.splice(index, 1);
      return;
    }
    const cached = built.get(providerId);
    if (cached && cached.updatedAt === row.updatedAt.getTime() && index >= 0) return;
    const clientSecret = await symmetricDecrypt({ key: context.secret, data: row.clientSecret });
    const plugin = genericOAuth({ config: [oidcConfig(providerId, { ...row, clientSecret })] });
    const result = await plugin.init?.({ ...context, socialProviders: [] });
    const provider = (result?.context?.socialProviders as SocialProvider[] | undefined)?.find((candidate) => candidate.id === providerId);
    if (index >= 0) list.splice(index, 1);
    if (!provider) {
      built.delete(providerId); // discovery failed: the sign-in answers "provider not found" and the next one tries again
      return;
    }
    built.set(providerId, { updatedAt: row.updatedAt.getTime(), provider });
    list.unshift(provider);
  }

  return {
    id: "quire-sso",
    init: () => ({
      options: {
        user: {
          // Runs for a new account, a link and every returning sign-in through a provider, with the
          // email the provider asserts now: a person moved out of an allowed domain is refused too.
          validateUserInfo: async ({ user, source }) => {
            if (source.method !== "oauth" || !source.oauth) return;
            // Anyone can create a workspace and point its provider at an identity provider they
            // run, which may claim any address as verified: linking would hand them the existing
            // account of that address, in every workspace it belongs to. A workspace's provider
            // signs in only the accounts it created; the instance's (the operator's) may link.
            if (source.action === "link-account" && workspaceIdOfSso(source.oauth.providerId) !== null) {
              return { error: WORKSPACE_SSO_CANNOT_LINK };
            }
            const allowed = await allowedDomains(source.oauth.providerId);
            if (allowed === null) return;
            const email = typeof user.email === "string" ? user.email : "";
            if (emailDomainAllowed(email, allowed)) return;
            return { error: "email_domain_not_allowed", errorDescription: `${email} may not sign in here: its domain is not allowed.` };
          },
        },
      },
    }),
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === "/sign-in/social" || ctx.path === "/callback/:id",
          handler: createAuthMiddleware(async (ctx) => {
            const id = (ctx.body as { provider?: unknown } | undefined)?.provider ?? ctx.params?.id;
            if (typeof id === "string") await refreshWorkspaceProvider(ctx.context, id);
          }),
        },
        {
          matcher: (ctx) => Boolean(instance?.ssoOnly) && ENTRY_PATHS_BESIDES_SSO.has(ctx.path ?? ""),
          handler: createAuthMiddleware(async () => {
            throw new APIError("FORBIDDEN", { code: "SSO_ONLY", message: "This Quire signs in through single sign-on only." });
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === "/callback/:id",
          handler: createAuthMiddleware(async (ctx) => {
            const session = ctx.context.newSession;
            const providerId = ctx.params?.id;
            if (!session || typeof providerId !== "string") return;
            await reportSsoSignIn({ userId: session.user.id, providerId, clientIp: (ctx.headers && clientIpOf(ctx.headers)) || null });
          }),
        },
      ],
    },
  };
}
