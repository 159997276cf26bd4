import os from "node:os";
import path from "node:path";
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildDocument, buildUser, buildWorkspace, contextFor } from "@test/factories";
import { withTestDatabase } from "@test/test-database-hooks";
import type { Actor, ServiceContext } from "@/server/context";
import { auditEvents } from "@/server/db/schema";
import { createApiToken } from "@/server/services/api-tokens/create-api-token";
import { revokeApiToken } from "@/server/services/api-tokens/revoke-api-token";
import { exportDocument } from "@/server/services/documents/export-document";
import { exportWorkspace } from "@/server/services/workspaces/export-workspace";
import { DiskBlobStore } from "@/server/storage/blob-store";
import { purgeDocument } from "@/server/services/documents/purge-document";
import { restoreDocument } from "@/server/services/documents/restore-document";
import { trashDocument } from "@/server/services/documents/trash-document";
import { acceptInvitation } from "@/server/services/invitations/accept-invitation";
import { createInvitation } from "@/server/services/invitations/create-invitation";
import { revokeInvitation } from "@/server/services/invitations/revoke-invitation";
import { changeMemberRole } from "@/server/services/members/change-member-role";
import { removeMember } from "@/server/services/members/remove-member";
import { createShare } from "@/server/services/sharing/create-share";
import { revokeShare } from "@/server/services/sharing/revoke-share";
import { updateWorkspace } from "@/server/services/workspaces/update-workspace";
import { purgeExpiredAuditEvents } from "./internal/purge-expired-audit-events";
import { recordAuditEvent } from "./internal/record-audit-event";

const database = withTestDatabase();

async function setup() {
  const owner = await buildUser(database.db, { name: "Olive Owner" });
  const admin = await buildUser(database.db, { name: "Adam Admin" });
  const editor = await buildUser(database.db, { name: "Eddie Editor" });
  const workspace = await buildWorkspace(database.db, [
    { actor: owner, role: "owner" },
    { actor: admin, role: "admin" },
    { actor: editor, role: "editor" },
  ]);
  return { owner, admin, editor, workspace };
}

const ctx = (actor: Actor): ServiceContext => ({ ...contextFor(database.db, actor), clientIp: "203.0.113.7" });

async function eventsOf(workspaceId: string) {
  return database.db.select().from(auditEvents).where(eq(auditEvents.workspaceId, workspaceId)).orderBy(desc(auditEvents.createdAt), desc(auditEvents.id));
}

describe("recording audit events from the use cases", () => {
  it("records an invitation, its revocation, and someone joining through one", async () => {
    const { admin, workspace } = await setup();
    const { invitation } = await createInvitation(ctx(admin), { workspaceId: workspace.id, email: "New@Example.com", role: "editor" });
    const [invited] = await eventsOf(workspace.id);
    expect(invited).toMatchObject({
      kind: "member.invited",
      actorId: admin.id,
      actorLabel: `Adam Admin <${admin.email}>`,
      targetId: invitation.id,
      targetLabel: "new@example.com",
      details: { role: "editor" },
      ipAddress: "203.0.113.7",
    });

    await revokeInvitation(ctx(admin), { invitationId: invitation.id });
    await revokeInvitation(ctx(admin), { invitationId: invitation.id }); // harmless, and recorded once
    expect((await eventsOf(workspace.id)).filter((e) => e.kind === "member.invitation_revoked")).toHaveLength(1);

    const { token } = await createInvitation(ctx(admin), { workspaceId: workspace.id, email: "joiner@example.com", role: "viewer" });
    const joiner = await buildUser(database.db, { name: "Jo Iner", email: "joiner@example.com" });
    await acceptInvitation(contextFor(database.db, joiner), token);
    const [joined] = await eventsOf(workspace.id);
    expect(joined).toMatchObject({ kind: "member.joined", actorId: joiner.id, targetId: joiner.id, details: { role: "viewer" }, ipAddress: null });
  });

  it("records a role change with the old and new role, and a removal; nothing for a refused change", async () => {
    const { owner, admin, editor, workspace } = await setup();
    await changeMemberRole(ctx(owner), { workspaceId: workspace.id, userId: editor.id, role: "viewer" });
    const [changed] = await eventsOf(workspace.id);
    expect(changed).toMatchObject({ kind: "member.role_changed", actorId: owner.id, targetId: editor.id, targetLabel: `Eddie Editor <${editor.email}>`, details: { from: "editor", to: "viewer" } });

    // An admin can't demote the owner: the transaction rolls back, and so does any event.
    await expect(changeMemberRole(ctx(admin), { workspaceId: workspace.id, userId: owner.id, role: "viewer" })).rejects.toThrow();
    expect(await eventsOf(workspace.id)).toHaveLength(1);

    await removeMember(ctx(admin), { workspaceId: workspace.id, userId: editor.id });
    const [removed] = await eventsOf(workspace.id);
    expect(removed).toMatchObject({ kind: "member.removed", actorId: admin.id, targetId: editor.id, details: { role: "viewer" } });
  });

  it("records publishing and revoking a link with the document's title", async () => {
    const { editor, workspace } = await setup();
    const doc = await buildDocument(database.db, workspace.id, { title: "Roadmap" });
    const share = await createShare(ctx(editor), { documentId: doc.id, includeChildren: true, allowIndexing: false });
    await revokeShare(ctx(editor), { shareId: share.id });
    const [revoked, created] = await eventsOf(workspace.id);
    expect(created).toMatchObject({ kind: "share.created", targetId: doc.id, targetLabel: "Roadmap", details: { shareId: share.id, includeChildren: true, allowIndexing: false } });
    expect(revoked).toMatchObject({ kind: "share.revoked", targetId: doc.id, targetLabel: "Roadmap", details: { shareId: share.id } });
  });

  it("records trashing, restoring and deleting forever", async () => {
    const { admin, editor, workspace } = await setup();
    const doc = await buildDocument(database.db, workspace.id, { title: "" });
    await buildDocument(database.db, workspace.id, { parentId: doc.id, title: "Child" });
    await trashDocument(ctx(editor), { documentId: doc.id });
    await restoreDocument(ctx(editor), { documentId: doc.id });
    await trashDocument(ctx(editor), { documentId: doc.id });
    await purgeDocument(ctx(admin), { documentId: doc.id });
    const kinds = (await eventsOf(workspace.id)).map((e) => [e.kind, e.targetLabel, e.details]);
    expect(kinds).toEqual([
      ["document.deleted_forever", "Untitled", { documents: 2 }],
      ["document.trashed", "Untitled", { documents: 2 }],
      ["document.restored", "Untitled", {}],
      ["document.trashed", "Untitled", { documents: 2 }],
    ]);
  });

  it("records creating and revoking an API token, never its secret", async () => {
    const { editor, workspace } = await setup();
    const { token, apiToken } = await createApiToken(ctx(editor), { workspaceId: workspace.id, name: "CI", scope: "read" });
    await revokeApiToken(ctx(editor), { tokenId: apiToken.id });
    await revokeApiToken(ctx(editor), { tokenId: apiToken.id });
    const events = await eventsOf(workspace.id);
    expect(events.map((e) => [e.kind, e.targetId, e.targetLabel, e.details.scope])).toEqual([
      ["api_token.revoked", apiToken.id, "CI", "read"],
      ["api_token.created", apiToken.id, "CI", "read"],
    ]);
    expect(JSON.stringify(events)).not.toContain(token);
  });

  it("records a settings change only when something changed", async () => {
    const { owner, workspace } = await setup();
    await updateWorkspace(ctx(owner), { workspaceId: workspace.id, name: workspace.name, slug: workspace.slug });
    expect(await eventsOf(workspace.id)).toHaveLength(0);
    await updateWorkspace(ctx(owner), { workspaceId: workspace.id, name: "Renamed", slug: workspace.slug });
    const [changed] = await eventsOf(workspace.id);
    expect(changed).toMatchObject({ kind: "workspace.settings_changed", details: { nameFrom: workspace.name, nameTo: "Renamed" } });
  });
});

describe("recording downloads", () => {
  it("records a document export with its format, and a workspace archive download, when they start", async () => {
    const { admin, editor, workspace } = await setup();
    const doc = await buildDocument(database.db, workspace.id, { title: "Spec" });
    await exportDocument(ctx(editor), doc.id, "md", "http://localhost:3000");
    await exportWorkspace(ctx(admin), { id: workspace.id }, new DiskBlobStore(path.join(os.tmpdir(), "quire-audit-blobs")));
    // An editor can't download the archive: nothing is recorded for a refusal.
    await expect(exportWorkspace(ctx(editor), { id: workspace.id }, new DiskBlobStore(path.join(os.tmpdir(), "quire-audit-blobs")))).rejects.toThrow();
    const events = await eventsOf(workspace.id);
    expect(events.map((e) => [e.kind, e.actorId, e.targetLabel, e.details])).toEqual([
      ["workspace.archive_downloaded", admin.id, workspace.name, {}],
      ["export.downloaded", editor.id, "Spec", { format: "md", withChildren: false }],
    ]);
  });
});

describe("purgeExpiredAuditEvents", () => {
  it("deletes events older than the retention and keeps the rest", async () => {
    const { owner, workspace } = await setup();
    const now = new Date("2026-06-01T00:00:00Z");
    const record = (daysAgo: number) =>
      recordAuditEvent(contextFor(database.db, owner), { workspaceId: workspace.id, kind: "member.left", at: new Date(now.getTime() - daysAgo * 86_400_000) });
    await record(400);
    await record(366);
    await record(364);
    await record(1);
    expect(await purgeExpiredAuditEvents(database.db, 365, now)).toBe(2);
    expect(await eventsOf(workspace.id)).toHaveLength(2);
  });
});
