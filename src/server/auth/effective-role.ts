import type { Actor, ApiGrant } from "@/server/context";
import { TwoFactorRequiredError } from "@/server/errors";
import { mustEnrolTwoFactor } from "@/server/policies/workspace-policy";
import type { Role } from "@/shared/roles";

/** What a membership lookup read: the actor's role in the workspace (null: not a member), and what the workspace requires. */
export interface MembershipOf {
  role: Role | null;
  workspaceId: string;
  requireTwoFactor: boolean;
}

/** Who is acting: the actor (for their two-factor state and whether they have a password) and an API token's grant, if any. */
export interface Acting {
  actor: Pick<Actor, "twoFactorEnabled" | "passwordless">;
  grant?: ApiGrant;
}

/** A member the workspace refuses until they turn two-factor on (`mustEnrolTwoFactor`). */
export const TWO_FACTOR_REQUIRED = "two_factor_required";

/**
 * The role an actor acts with in a workspace, or why they can't: null for a non-member, and
 * for an API token in another workspace than its grant's (so lookups answer 404, as for
 * strangers); TWO_FACTOR_REQUIRED for a member without two-factor in a workspace that requires
 * it; else their role, capped at viewer by a `read` token (docs/product.md "Roles"). For callers
 * that answer rather than throw (the socket's re-check, lists); others use effectiveRole.
 */
export function roleOrRefusal(membership: MembershipOf, acting: Acting): Role | null | typeof TWO_FACTOR_REQUIRED {
  const role = grantedRole(membership, acting.grant);
  if (role === null) return null;
  // Only a member learns that the workspace requires two-factor; a stranger still gets not_found.
  return mustEnrolTwoFactor(membership, acting.actor) ? TWO_FACTOR_REQUIRED : role;
}

/**
 * The role an actor acts with in a workspace (null: not a member, or another workspace than
 * their token's). Every membership lookup passes its role through here.
 * @throws TwoFactorRequiredError (forbidden) for a member who must turn two-factor on first
 */
export function effectiveRole(membership: MembershipOf, acting: Acting): Role | null {
  const role = roleOrRefusal(membership, acting);
  if (role === TWO_FACTOR_REQUIRED) throw new TwoFactorRequiredError();
  return role;
}

/**
 * The role an actor reads with in a workspace: as effectiveRole, but a `read` token keeps its
 * user's role, since its scope limits what it changes, not what it reads. Decide only reads with
 * it (the workspace archive: admins and owners download it, with either scope).
 * @throws TwoFactorRequiredError (forbidden) as effectiveRole
 */
export function readingRole(membership: MembershipOf, acting: Acting): Role | null {
  if (effectiveRole(membership, acting) === null) return null;
  return membership.role;
}

function grantedRole({ role, workspaceId }: MembershipOf, grant: ApiGrant | undefined): Role | null {
  if (role === null || !grant) return role;
  if (grant.workspaceId !== workspaceId) return null;
  return grant.scope === "read" ? "viewer" : role;
}
