import type { MemberSummaryDto, ShareDto } from "@/shared/dto";
import type { ShareAbilities } from "@/server/policies/share-policy";
import type { Role } from "@/shared/roles";

/** A live public link with who made it and what the viewer may do with it. */
export interface ShareRow {
  id: string;
  token: string;
  includeChildren: boolean;
  allowIndexing: boolean;
  createdByName: string | null;
  createdAt: Date;
  abilities: ShareAbilities;
}

/** What the share dialog loads: whether the viewer may publish, the members, the live link. */
export interface ShareSettings {
  canPublish: boolean;
  members: Array<{ userId: string; name: string; email: string; color: string; role: Role; joinedAt: Date }>;
  share: ShareRow | null;
}

/** The share dialog's data: members with their roles, the live link, what the viewer may do. */
export function presentShareSettings(settings: ShareSettings): { canPublish: boolean; members: MemberSummaryDto[]; share: ShareDto | null } {
  return {
    canPublish: settings.canPublish,
    members: settings.members.map((m) => ({ ...m, joinedAt: m.joinedAt.toISOString() })),
    share: settings.share ? presentShare(settings.share) : null,
  };
}

/** A live link for the dialog (the token is in the path: only members who can read the document see it). */
export function presentShare(share: ShareRow): ShareDto {
  return {
    id: share.id,
    // The token is the address: only members who can read the document ever see it.
    path: `/p/${share.token}`,
    includeChildren: share.includeChildren,
    allowIndexing: share.allowIndexing,
    createdByName: share.createdByName,
    createdAt: share.createdAt.toISOString(),
    abilities: { update: share.abilities.update, revoke: share.abilities.revoke },
  };
}
