import type { ServiceContext } from "@/server/context";
import { authorize } from "@/server/errors";
import { documentAbilities } from "@/server/policies/document-policy";
import { findDocumentForMember } from "@/server/services/documents/find-document-for-member";
import type { SetDocumentFollowInput } from "@/shared/schemas/notification";
import { setFollowing } from "./internal/document-followers";

/**
 * Follows or unfollows a document (new threads on it notify followers). Anyone who can read it.
 * @throws AppError not_found | forbidden
 */
export async function setDocumentFollow(ctx: ServiceContext, input: SetDocumentFollowInput): Promise<{ documentId: string; following: boolean }> {
  const doc = await findDocumentForMember(ctx, input.documentId);
  authorize(documentAbilities(doc).read, "You can't follow this document.");
  await setFollowing(ctx.db, doc.id, ctx.actor.id, input.following);
  return { documentId: doc.id, following: input.following };
}
