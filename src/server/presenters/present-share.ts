import type { MemberSummaryDto, ShareDto } from "@/shared/dto";
import type { loadShareSettings } from "@/server/services/sharing/load-share-settings";
import { sharePath } from "@/server/services/sharing/internal/share-token";

type ShareSettings = Awaited<ReturnType<typeof loadShareSettings>>;

/** The share dialog's data: members with their roles, the live link, what the viewer may do. */
export function presentShareSettings(settings: ShareSettings): { canPublish: boolean; members: MemberSummaryDto[]; share: ShareDto | null } {
  return {
    canPublish: settings.canPublish,
    members: settings.members.map((m) => ({ ...m, joinedAt: m.joinedAt.toISOString() })),
    share: settings.share ? presentShare(settings.share) : null,
  };
}

/** A live link for the dialog (the token is in the path: only members who can read the document see it). */
export function presentShare(share: NonNullable<ShareSettings["share"]>): ShareDto {
  return {
    id: share.id,
    path: sharePath(share.token),
    includeChildren: share.includeChildren,
    allowIndexing: share.allowIndexing,
    createdByName: share.createdByName,
    createdAt: share.createdAt.toISOString(),
    abilities: { update: share.abilities.update, revoke: share.abilities.revoke },
  };
}
