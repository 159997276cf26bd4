import crypto from "node:crypto";
import { and, desc, eq, isNull } from "drizzle-orm";
import { generateKeyBetween } from "fractional-indexing";
import type { Actor, ServiceContext } from "@/server/context";
import type { Db } from "@/server/db/client";
import { documents, memberships, users, workspaces } from "@/server/db/schema";
import { segmentedTitle } from "@/server/db/word-breaks";
import { newDocumentId } from "@/server/services/documents/internal/new-document-id";
import type { Role } from "@/shared/roles";

/**
 * Inserts a user row, for service tests that don't sign in. It counts as an account with a
 * password (no credential row is made) unless `passwordless`: one single sign-on made. Its address
 * is unconfirmed, as a sign-up leaves it, unless `emailVerified`.
 */
export async function buildUser(db: Db, overrides: Partial<Actor> & { emailVerified?: boolean } = {}): Promise<Actor> {
  const id = crypto.randomUUID();
  const actor: Actor = {
    id,
    name: overrides.name ?? "Ada Lovelace",
    email: overrides.email ?? `user-${id.slice(0, 8)}@example.com`,
    color: overrides.color ?? "#4f46e5",
    twoFactorEnabled: overrides.twoFactorEnabled ?? false,
    ...(overrides.passwordless ? { passwordless: true } : {}),
  };
  const { passwordless, ...row } = actor;
  await db.insert(users).values({ ...row, hasPassword: passwordless !== true, emailVerified: overrides.emailVerified ?? false });
  return actor;
}

/** Inserts a workspace with the given members and roles; the first member created it. */
export async function buildWorkspace(
  db: Db,
  members: Array<{ actor: Actor; role: Role }>,
  overrides: { name?: string; slug?: string } = {},
) {
  const suffix = crypto.randomBytes(4).toString("hex");
  const [workspace] = await db
    .insert(workspaces)
    .values({ name: overrides.name ?? "Acme", slug: overrides.slug ?? `acme-${suffix}`, createdBy: members[0]?.actor.id })
    .returning();
  if (!workspace) throw new Error("insert returned no row");
  if (members.length > 0) {
    await db.insert(memberships).values(members.map((m) => ({ workspaceId: workspace.id, userId: m.actor.id, role: m.role })));
  }
  return workspace;
}

/**
 * Inserts a document, by default appended as the last child of `parentId` (or top level).
 * `deletedAt` alone marks it a trashed root; pass `deletedRootId` for a trashed descendant.
 */
export async function buildDocument(
  db: Db,
  workspaceId: string,
  overrides: {
    parentId?: string | null;
    title?: string;
    position?: string;
    createdBy?: string;
    updatedAt?: Date;
    deletedAt?: Date;
    deletedBy?: string;
    deletedRootId?: string;
  } = {},
) {
  const id = newDocumentId();
  const parentId = overrides.parentId ?? null;
  const [last] = await db
    .select({ position: documents.position })
    .from(documents)
    .where(and(eq(documents.workspaceId, workspaceId), parentId ? eq(documents.parentId, parentId) : isNull(documents.parentId)))
    .orderBy(desc(documents.position))
    .limit(1);
  const [document] = await db
    .insert(documents)
    .values({
      id,
      workspaceId,
      parentId,
      position: overrides.position ?? generateKeyBetween(last?.position ?? null, null),
      title: overrides.title ?? "Notes",
      // As createDocument writes it: search reads a Thai, Lao, Khmer or Burmese title's words from it.
      segmentedTitle: segmentedTitle(overrides.title ?? "Notes"),
      createdBy: overrides.createdBy,
      updatedBy: overrides.createdBy,
      ...(overrides.updatedAt ? { createdAt: overrides.updatedAt, updatedAt: overrides.updatedAt } : {}),
      deletedAt: overrides.deletedAt,
      deletedBy: overrides.deletedBy,
      deletedRootId: overrides.deletedRootId ?? (overrides.deletedAt ? id : undefined),
    })
    .returning();
  if (!document) throw new Error("insert returned no row");
  return document;
}

/** A service context for `actor`. */
export function contextFor(db: Db, actor: Actor): ServiceContext {
  return { db, actor };
}
