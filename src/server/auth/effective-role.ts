import type { ApiGrant } from "@/server/context";
import type { Role } from "@/shared/roles";

/**
 * The role an actor acts with in `workspaceId`, given their membership role (null: not a
 * member) and, for an API token, its grant (docs/product.md "Roles": a token acts as its user in one
 * workspace, limited to its scope). Another workspace than the grant's is "not a member" (so
 * lookups answer 404, as for strangers); a `read` token caps the role at viewer. Every
 * membership lookup passes its role through here.
 */
export function effectiveRole(role: Role | null, workspaceId: string, grant: ApiGrant | undefined): Role | null {
  if (role === null || !grant) return role;
  if (grant.workspaceId !== workspaceId) return null;
  return grant.scope === "read" ? "viewer" : role;
}
