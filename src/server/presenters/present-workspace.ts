import type { WorkspaceDto } from "@/shared/dto";
import type { Role } from "@/shared/roles";
import { workspaceAbilities } from "@/server/policies/workspace-policy";

/** A workspace as the UI sees it, with the viewer's role and abilities. */
export function presentWorkspace(row: { id: string; slug: string; name: string; role: Role }): WorkspaceDto {
  return { id: row.id, slug: row.slug, name: row.name, role: row.role, abilities: workspaceAbilities(row.role) };
}
