import type { TokenScope } from "@/shared/api-tokens";
import type { Db } from "@/server/db/client";

/** The signed-in person a service acts for. */
export interface Actor {
  id: string;
  name: string;
  email: string;
  color: string;
  /**
   * Whether the person has two-factor authentication on: from the session's user, or for an API
   * token from its user's row, read with the token. A workspace that requires it refuses
   * everything to an actor without it (policies/workspace-policy.ts `mustEnrolTwoFactor`).
   */
  twoFactorEnabled: boolean;
  /**
   * True for an account with no password (single sign-on made it: `users.has_password`), read
   * with the same row. A workspace's two-factor requirement does not apply to it
   * (`mustEnrolTwoFactor`); absent counts as having a password.
   */
  passwordless?: boolean;
}

/** What an API token allows its user (docs/product.md "Roles"): one workspace, within a scope. */
export interface ApiGrant {
  tokenId: string;
  workspaceId: string;
  scope: TokenScope;
}

/** What a use case open to anyone receives (a published page, an invitation link, a signed file URL): the database. */
export interface PublicContext {
  db: Db;
}

/** What every other service receives: the database and who is asking. */
export interface ServiceContext extends PublicContext {
  actor: Actor;
  /** Set when the caller came with an API token rather than a session: membership lookups cap the role by it. */
  grant?: ApiGrant;
  /** The caller's address (server.ts stamps it), for the audit log; unset outside a request. */
  clientIp?: string;
}
