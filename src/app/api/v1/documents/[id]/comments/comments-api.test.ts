import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { GET, POST } from "./route";
import { buildDocument, buildWorkspace, contextFor } from "@test/factories";
import type { Actor } from "@/server/context";
import { createCommentThread } from "@/server/services/comments/create-comment-thread";
import { CommentThreadListSchema } from "@/shared/schemas/comment";
import { withTestDatabase } from "@test/test-database-hooks";
import { signedUpCookie, TEST_HOST as HOST, withRouteSingletons } from "@test/route-singletons";

const database = withTestDatabase();
const routes = withRouteSingletons(database);
const cookies: Record<"owner" | "viewer", string> = { owner: "", viewer: "" };
let doc: { id: string };

beforeAll(async () => {
  const actors: Partial<Record<"owner" | "viewer", Actor>> = {};
  for (const who of ["owner", "viewer"] as const) {
    const signedUp = await signedUpCookie(routes.auth, `${who}@example.com`, who);
    cookies[who] = signedUp.cookie;
    actors[who] = signedUp.actor;
  }
  const owner = actors.owner!;
  const workspace = await buildWorkspace(database.db, [
    { actor: owner, role: "owner" },
    { actor: actors.viewer!, role: "viewer" },
  ]);
  doc = await buildDocument(database.db, workspace.id, { title: "Plan" });
  await createCommentThread(contextFor(database.db, owner), { documentId: doc.id, body: { ops: [{ insert: "Looks " }, { insert: "good", attributes: { bold: true } }] } });
});

function call(handler: typeof GET, id: string, who: "owner" | "viewer" | null, method = "GET") {
  const request = new NextRequest(`http://localhost:3000/api/v1/documents/${id}/comments`, { method, headers: { ...HOST, ...(who ? { cookie: cookies[who] } : {}) } });
  return handler(request, { params: Promise.resolve({ id }) });
}

describe("GET /api/v1/documents/{id}/comments", () => {
  it("answers a viewer with the threads in the documented shape, and what they may do", async () => {
    const response = await call(GET, doc.id, "viewer");
    expect(response.status).toBe(200);
    const body = CommentThreadListSchema.parse(await response.json());
    expect(body.canComment).toBe(false);
    expect(body.threads[0]?.comments[0]).toMatchObject({ author: { name: "owner" }, body: { ops: [{ insert: "Looks " }, { insert: "good", attributes: { bold: true } }] }, canEdit: false });
  });

  it("is 401 signed out, 404 for an unknown document, 405 for other methods", async () => {
    expect((await call(GET, doc.id, null)).status).toBe(401);
    expect((await call(GET, "zzzzzzzzzzzz", "owner")).status).toBe(404);
    expect((await call(POST, doc.id, "owner", "POST")).status).toBe(405);
  });
});
