import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildDocument, buildUser, buildWorkspace, contextFor } from "@test/factories";
import { buildShare } from "@test/share-factories";
import { showImages } from "@test/file-factories";
import { documents, files, shares } from "@/server/db/schema";
import { verifySignedFileUrl } from "@/server/services/files/verify-signed-file-url";
import { purgeDocument } from "@/server/services/documents/purge-document";
import { trashDocument } from "@/server/services/documents/trash-document";
import { resolveShare } from "./resolve-share";
import { withTestDatabase } from "@test/test-database-hooks";

const database = withTestDatabase();

/** root ─ a ─ a1, root ─ b; plus an unrelated document and one in another workspace. */
async function setUp(options: { includeChildren?: boolean } = {}) {
  const admin = await buildUser(database.db);
  const workspace = await buildWorkspace(database.db, [{ actor: admin, role: "admin" }]);
  const other = await buildWorkspace(database.db, [{ actor: admin, role: "owner" }]);
  const root = await buildDocument(database.db, workspace.id, { title: "Handbook" });
  const a = await buildDocument(database.db, workspace.id, { parentId: root.id, title: "A" });
  const b = await buildDocument(database.db, workspace.id, { parentId: root.id, title: "B" });
  const a1 = await buildDocument(database.db, workspace.id, { parentId: a.id, title: "A1" });
  const unrelated = await buildDocument(database.db, workspace.id, { title: "Private" });
  const foreign = await buildDocument(database.db, other.id, { title: "Elsewhere" });
  await database.db.update(documents).set({ html: "<p>Root body</p>", text: "Root body" }).where(eq(documents.id, root.id));
  await database.db.update(documents).set({ html: "<p>A1 body</p>", text: "A1 body" }).where(eq(documents.id, a1.id));
  const share = await buildShare(database.db, root.id, { createdBy: admin.id, includeChildren: options.includeChildren ?? true });
  return { ctx: contextFor(database.db, admin), root, a, b, a1, unrelated, foreign, share };
}

describe("resolveShare", () => {
  it("resolves the shared document with its stored HTML and the contents in tree order", async () => {
    const { root, a, a1, b, share } = await setUp();
    const page = await resolveShare({ db: database.db }, { token: share.token });
    expect(page.document).toMatchObject({ id: root.id, title: "Handbook", html: "<p>Root body</p>", text: "Root body" });
    expect(page.share).toEqual({ token: share.token, includeChildren: true, allowIndexing: false });
    expect(page.contents?.map((n) => [n.title, n.parentId])).toEqual([
      ["Handbook", null],
      ["A", root.id],
      ["A1", a.id],
      ["B", root.id],
    ]);
    expect(page.contents?.map((n) => n.id)).toEqual([root.id, a.id, a1.id, b.id]);
  });

  it("resolves a descendant at any depth when the link includes children", async () => {
    const { a1, share } = await setUp();
    const page = await resolveShare({ db: database.db }, { token: share.token, documentId: a1.id });
    expect(page.document).toMatchObject({ id: a1.id, html: "<p>A1 body</p>" });
  });

  it("refuses descendants when the link does not include children, and shows no contents", async () => {
    const { a1, share } = await setUp({ includeChildren: false });
    expect((await resolveShare({ db: database.db }, { token: share.token })).contents).toBeNull();
    await expect(resolveShare({ db: database.db }, { token: share.token, documentId: a1.id })).rejects.toMatchObject({ code: "not_found" });
  });

  it("answers not_found for documents outside the shared tree or workspace", async () => {
    const { unrelated, foreign, share } = await setUp();
    for (const id of [unrelated.id, foreign.id, "zzzzzzzzzzzz"]) {
      await expect(resolveShare({ db: database.db }, { token: share.token, documentId: id })).rejects.toMatchObject({ code: "not_found" });
    }
  });

  it("answers not_found for unknown, malformed and revoked tokens", async () => {
    const { share } = await setUp();
    await database.db.update(shares).set({ revokedAt: new Date() }).where(eq(shares.id, share.id));
    for (const token of [share.token, "x".repeat(32), "short", `${share.token}/..`]) {
      await expect(resolveShare({ db: database.db }, { token })).rejects.toMatchObject({ code: "not_found" });
    }
  });

  it("stops answering once the shared document is trashed, and answers again after a restore", async () => {
    const { ctx, root, a1, share } = await setUp();
    await trashDocument(ctx, { documentId: root.id });
    await expect(resolveShare({ db: database.db }, { token: share.token })).rejects.toMatchObject({ code: "not_found" });
    await expect(resolveShare({ db: database.db }, { token: share.token, documentId: a1.id })).rejects.toMatchObject({ code: "not_found" });
  });

  it("hides a trashed child, and a live document under a trashed ancestor between it and the root", async () => {
    const { a, a1, b, share } = await setUp();
    await database.db.update(documents).set({ deletedAt: new Date(), deletedRootId: a.id }).where(eq(documents.id, a.id));
    // a1 stays live here on purpose: the walk must refuse it because of a, not because of itself.
    await expect(resolveShare({ db: database.db }, { token: share.token, documentId: a.id })).rejects.toMatchObject({ code: "not_found" });
    await expect(resolveShare({ db: database.db }, { token: share.token, documentId: a1.id })).rejects.toMatchObject({ code: "not_found" });
    const page = await resolveShare({ db: database.db }, { token: share.token, documentId: b.id });
    expect(page.contents?.map((n) => n.title)).toEqual(["Handbook", "B"]);
  });

  it("signs the page's images for this link and page, so that they stop answering with it", async () => {
    const { root, a1, share } = await setUp();
    const fileId = "Zx8Kq2mVbN4pL7tR1sYw3A";
    await database.db.insert(files).values({ id: fileId, workspaceId: root.workspaceId, documentId: root.id, name: "a.png", mime: "image/png", size: 1, sha256: "0".repeat(64), storageKey: "k" });
    // Shown by both pages, in the body (content) the HTML is derived from, as a store writes them.
    for (const page of [root, a1]) await showImages(database.db, page.id, [fileId]);
    const signedOf = async (documentId?: string) => {
      const { html } = (await resolveShare({ db: database.db }, { token: share.token, documentId })).document;
      const optimized = /src="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, "&") ?? "";
      return new URL(new URL(optimized, "http://localhost").searchParams.get("url") ?? "", "http://localhost").searchParams;
    };
    const rootQuery = await signedOf();
    const childQuery = await signedOf(a1.id);
    // The shared document's page names the link only (its document's id is never on its page); a child's names itself too.
    expect([rootQuery.get("share"), rootQuery.get("doc")]).toEqual([share.id, null]);
    expect([childQuery.get("share"), childQuery.get("doc")]).toEqual([share.id, a1.id]);
    for (const query of [rootQuery, childQuery]) {
      await expect(verifySignedFileUrl({ db: database.db }, { fileId, query })).resolves.toMatchObject({ published: true });
    }
    await database.db.update(shares).set({ revokedAt: new Date() }).where(eq(shares.id, share.id));
    for (const query of [rootQuery, childQuery]) {
      await expect(verifySignedFileUrl({ db: database.db }, { fileId, query })).rejects.toMatchObject({ code: "not_found" });
    }
  });

  describe("links to documents", () => {
    const ORIGIN = "https://docs.example.com";
    const link = (href: string, text: string) => `<a href="${href}" rel="noopener noreferrer" target="_blank">${text}</a>`;
    /** Sets a1's body to `links` and answers its published body. */
    async function publishedBody(fixture: Awaited<ReturnType<typeof setUp>>, links: string[]): Promise<string> {
      const target = fixture.share.includeChildren ? fixture.a1 : fixture.root;
      await database.db.update(documents).set({ html: `<p>${links.join(" ")}</p>` }).where(eq(documents.id, target.id));
      return (await resolveShare({ db: database.db }, { token: fixture.share.token, documentId: target.id === fixture.root.id ? null : target.id, origin: ORIGIN })).document.html;
    }

    it("point documents of the published tree at their published pages, a heading's anchor kept", async () => {
      const fixture = await setUp();
      const { root, a, b, share } = fixture;
      const html = await publishedBody(fixture, [
        link(`/w/acme/d/handbook-${root.id}`, "Root"),
        link(`/w/acme/d/old-title-${a.id}#h-risks-and-costs`, "A"),
        link(`${ORIGIN}/w/acme/d/${b.id}?comment=x#comment-1`, "B"),
        // Another address of this site (no PUBLIC_URL, opened under another name): known by the document's id.
        link(`http://192.168.1.20:3000/w/renamed/d/b-${b.id}`, "B again"),
      ]);
      expect(html).toBe(
        `<p>${link(`/p/${share.token}`, "Root")} ${link(`/p/${share.token}/a-${a.id}#h-risks-and-costs`, "A")} ${link(`/p/${share.token}/b-${b.id}`, "B")} ${link(`/p/${share.token}/b-${b.id}`, "B again")}</p>`,
      );
    });

    it("unlink every other link into the workspace, keeping the text, and leave the rest alone", async () => {
      const fixture = await setUp();
      const { unrelated, foreign } = fixture;
      const external = [
        link("https://example.com/w/someone/d/x-abcdefghijkl", "Another site"),
        link(`https://other.example.org/w/elsewhere/d/elsewhere-${foreign.id}`, "Another workspace elsewhere"),
        link("mailto:ada@example.com", "Mail"),
        link("/p/someone-elses-published-page", "Published"),
      ];
      const html = await publishedBody(fixture, [
        link(`/w/acme/d/private-${unrelated.id}`, "Private"),
        link(`https://else.example.net/w/acme/d/private-${unrelated.id}`, "Private, pasted from another address"),
        link(`/w/other/d/elsewhere-${foreign.id}`, "Another workspace here"),
        link(`${ORIGIN}/w/acme/settings/members`, "<strong>Settings</strong>"),
        link("/w/acme", "Home"),
        link(`/w/acme/d/handbook-${fixture.root.id}/history`, "History"),
        ...external,
      ]);
      expect(html).toBe(`<p>Private Private, pasted from another address Another workspace here <strong>Settings</strong> Home History ${external.join(" ")}</p>`);
      expect(html).not.toContain("/w/acme");
    });

    it("unlink documents below the shared one when the link does not include them", async () => {
      const fixture = await setUp({ includeChildren: false });
      const html = await publishedBody(fixture, [link(`/w/acme/d/a-${fixture.a.id}`, "A"), link(`/w/acme/d/${fixture.root.id}`, "Root")]);
      expect(html).toBe(`<p>A ${link(`/p/${fixture.share.token}`, "Root")}</p>`);
    });

    it("unlink a trashed document of the tree", async () => {
      const fixture = await setUp();
      await database.db.update(documents).set({ deletedAt: new Date(), deletedRootId: fixture.b.id }).where(eq(documents.id, fixture.b.id));
      expect(await publishedBody(fixture, [link(`/w/acme/d/b-${fixture.b.id}`, "B")])).toBe("<p>B</p>");
    });
  });

  it("goes away with the document when it is purged", async () => {
    const { ctx, root, share } = await setUp();
    await trashDocument(ctx, { documentId: root.id });
    await purgeDocument(ctx, { documentId: root.id });
    expect(await database.db.select().from(shares).where(eq(shares.id, share.id))).toEqual([]);
  });
});
