import type { TokenScope } from "@/shared/api-tokens";
import type { Db } from "@/server/db/client";

/** The signed-in person a service acts for. */
export interface Actor {
  id: string;
  name: string;
  email: string;
  color: string;
  /**
   * Whether the person has two-factor authentication on; known for sessions (pages and actions),
   * unset for API tokens, which a workspace's two-factor requirement does not gate.
   */
  twoFactorEnabled?: boolean;
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
