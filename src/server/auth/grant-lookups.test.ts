import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDocument, buildUser, buildWorkspace } from "@test/factories";
import { buildShare } from "@test/share-factories";
import type { TestDatabase } from "@test/test-db";
import { createTestDatabase } from "@test/test-db";
import type { ApiGrant, ServiceContext } from "@/server/context";
import { files } from "@/server/db/schema";
import type { BlobStore } from "@/server/storage/blob-store";
import { findDocumentForMember } from "@/server/services/documents/find-document-for-member";
import { listDocumentTree } from "@/server/services/documents/list-document-tree";
import { readFile } from "@/server/services/files/read-file";
import { findShareForMember } from "@/server/services/sharing/find-share-for-member";
import { findWorkspaceForMember } from "@/server/services/workspaces/find-workspace-for-member";
import { listWorkspacesForUser } from "@/server/services/workspaces/list-workspaces-for-user";

// The membership lookups every service goes through, with an API token's grant in the context:
// the grant's workspace only (others are not_found, as for strangers), and a read token is a viewer.
let database: TestDatabase;
let ctx: ServiceContext;
let home: { id: string };
let other: { id: string };
let homeDoc: { id: string };
let otherDoc: { id: string };
const noBlobs = {} as BlobStore; // readFile opens no blob until asked

beforeAll(async () => {
  database = await createTestDatabase();
  const owner = await buildUser(database.db);
  ctx = { db: database.db, actor: owner };
  home = await buildWorkspace(database.db, [{ actor: owner, role: "owner" }]);
  other = await buildWorkspace(database.db, [{ actor: owner, role: "owner" }]);
  homeDoc = await buildDocument(database.db, home.id);
  otherDoc = await buildDocument(database.db, other.id);
});
afterAll(() => database.destroy());

const grant = (scope: "read" | "write", workspaceId = home.id): ApiGrant => ({ tokenId: crypto.randomUUID(), workspaceId, scope });

async function fileIn(workspaceId: string, documentId: string) {
  const id = crypto.randomUUID();
  await database.db.insert(files).values({ id, workspaceId, documentId, name: "a.png", mime: "image/png", size: 1, sha256: "x", storageKey: id });
  return id;
}

describe("membership lookups under an API token's grant", () => {
  it("cap the role at viewer for a read token and keep it for a write token", async () => {
    expect((await findDocumentForMember({ ...ctx, grant: grant("read") }, homeDoc.id)).actorRole).toBe("viewer");
    expect((await findDocumentForMember({ ...ctx, grant: grant("write") }, homeDoc.id)).actorRole).toBe("owner");
    expect((await findWorkspaceForMember({ ...ctx, grant: grant("read") }, { id: home.id })).role).toBe("viewer");
    const share = await buildShare(database.db, homeDoc.id);
    expect((await findShareForMember({ ...ctx, grant: grant("read") }, share.id)).actorRole).toBe("viewer");
  });

  it("treat another workspace than the grant's as not a member", async () => {
    const scoped = { ...ctx, grant: grant("write") };
    await expect(findDocumentForMember(scoped, otherDoc.id)).rejects.toMatchObject({ code: "not_found" });
    await expect(findWorkspaceForMember(scoped, { id: other.id })).rejects.toMatchObject({ code: "not_found" });
    await expect(listDocumentTree(scoped, other.id)).rejects.toMatchObject({ code: "not_found" });
    const share = await buildShare(database.db, otherDoc.id);
    await expect(findShareForMember(scoped, share.id)).rejects.toMatchObject({ code: "not_found" });
    const file = await fileIn(other.id, otherDoc.id);
    await expect(readFile(scoped, file, noBlobs)).rejects.toMatchObject({ code: "not_found" });
    expect((await readFile(scoped, await fileIn(home.id, homeDoc.id), noBlobs)).name).toBe("a.png");
    expect((await listWorkspacesForUser(scoped)).map((w) => w.id)).toEqual([home.id]);
    expect(await listWorkspacesForUser(ctx)).toHaveLength(2);
  });
});
