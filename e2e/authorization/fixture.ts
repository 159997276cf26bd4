import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createAuth } from "../../src/server/auth/auth";
import type { Actor } from "../../src/server/context";
import { openDatabase } from "../../src/server/db/client";
import { migrateDatabase } from "../../src/server/db/migrate";
import { memberships } from "../../src/server/db/schema";
import { createDocument } from "../../src/server/services/documents/create-document";
import { trashDocument } from "../../src/server/services/documents/trash-document";
import { createWorkspace } from "../../src/server/services/workspaces/create-workspace";
import { documentSegment } from "../../src/shared/document-slug";
import type { Role } from "../../src/shared/roles";
import { SAMPLE_IMAGES } from "../../test/file-factories";
import { cookieHeader, signInViaApi } from "../support/accounts";
import type { RunningApp } from "../support/start-app";
import { startApp } from "../support/start-app";

/** Everyone the table asks about: the five roles of workspace A, a stranger (owner of B), and nobody. */
export const ACTORS = ["anonymous", "viewer", "commenter", "editor", "admin", "owner", "stranger"] as const;
export type ActorName = (typeof ACTORS)[number];
type SignedIn = Exclude<ActorName, "anonymous">;

/** A running app with workspace A (one member per role), workspace B (the stranger's) and their objects. */
export interface Fixture {
  app: RunningApp;
  /** The actor's session cookie; "" for anonymous. */
  cookie(actor: ActorName): string;
  /** Signs `actor` in again: a second session, for rows that end the one they use. */
  freshCookie(actor: SignedIn): Promise<string>;
  workspace: { id: string; slug: string; name: string };
  otherWorkspace: { id: string; slug: string };
  /** In A: a live document (with an uploaded image), and a trashed one. */
  doc: { id: string; segment: string };
  trashedDoc: { id: string };
  /** In B: the stranger's document. */
  otherDoc: { id: string };
  fileId: string;
  /** Ids of the right shape that name nothing: what a stranger's denial must be identical to. */
  missing: { documentId: string; workspaceId: string; workspaceSlug: string; fileId: string };
}

const PASSWORD = "authorization-table-pw";

/**
 * Seeds a fresh data directory through the real services (accounts through better-auth, so
 * the app can sign them in), then starts the production server on it. Memberships below
 * owner are inserted directly: inviting is another branch's feature (issue 5).
 */
export async function startFixture(): Promise<Fixture> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "quire-authz-"));
  const tag = crypto.randomBytes(3).toString("hex");
  const emails = Object.fromEntries(ACTORS.filter(isSignedIn).map((a) => [a, `${a}-${tag}@example.com`])) as Record<SignedIn, string>;

  const handle = await openDatabase({ dataDir: path.join(dataDir, "db") });
  let seeded: Omit<Fixture, "app" | "cookie" | "freshCookie" | "fileId">;
  try {
    await migrateDatabase(handle);
    const db = handle.db;
    const auth = createAuth({ db, secret: crypto.randomBytes(32).toString("hex") });
    const actors = {} as Record<SignedIn, Actor>;
    for (const name of ACTORS.filter(isSignedIn)) {
      const { user } = await auth.api.signUpEmail({ body: { name: `Test ${name}`, email: emails[name], password: PASSWORD } });
      actors[name] = { id: user.id, name: user.name, email: user.email, color: String(user.color) };
    }
    const owner = { db, actor: actors.owner };
    const workspace = await createWorkspace(owner, { name: `Team ${tag}`, slug: `team-${tag}` });
    const roles: Role[] = ["viewer", "commenter", "editor", "admin"];
    await db.insert(memberships).values(roles.map((role) => ({ workspaceId: workspace.id, userId: actors[role as SignedIn].id, role })));
    const otherWorkspace = await createWorkspace({ db, actor: actors.stranger }, { name: `Other ${tag}`, slug: `other-${tag}` });
    const otherDoc = await createDocument({ db, actor: actors.stranger }, { workspaceId: otherWorkspace.id, title: "Their plans" });
    const doc = await createDocument(owner, { workspaceId: workspace.id, title: "Handbook" });
    const trashed = await createDocument(owner, { workspaceId: workspace.id, title: "Old notes" });
    await trashDocument(owner, { documentId: trashed.id });
    seeded = {
      workspace: { id: workspace.id, slug: workspace.slug, name: workspace.name },
      otherWorkspace: { id: otherWorkspace.id, slug: otherWorkspace.slug },
      doc: { id: doc.id, segment: documentSegment(doc) },
      trashedDoc: { id: trashed.id },
      otherDoc: { id: otherDoc.id },
      missing: {
        documentId: "zzzzzzzzzzzz",
        workspaceId: crypto.randomUUID(),
        workspaceSlug: `missing-${tag}`,
        fileId: crypto.randomUUID(),
      },
    };
  } finally {
    await handle.close();
  }

  const app = await startApp({ dataDir });
  const cookies = {} as Record<SignedIn, string>;
  const signIn = async (actor: SignedIn) => {
    const response = await signInViaApi(app.url, { email: emails[actor], password: PASSWORD });
    if (!response.ok) throw new Error(`sign-in of ${actor}: ${response.status} ${await response.text()}`);
    return cookieHeader(response);
  };
  for (const actor of ACTORS.filter(isSignedIn)) cookies[actor] = await signIn(actor);
  const fileId = await uploadImage(app.url, cookies.editor, seeded.doc.id);
  return {
    ...seeded,
    app,
    fileId,
    cookie: (actor) => (actor === "anonymous" ? "" : cookies[actor]),
    freshCookie: signIn,
  };
}

async function uploadImage(baseUrl: string, cookie: string, documentId: string): Promise<string> {
  const form = new FormData();
  form.set("documentId", documentId);
  form.set("file", new Blob([Buffer.from(SAMPLE_IMAGES["image/png"])], { type: "image/png" }), "dot.png");
  const response = await fetch(`${baseUrl}/api/v1/files`, { method: "POST", headers: { cookie, origin: baseUrl }, body: form });
  if (response.status !== 201) throw new Error(`upload: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

function isSignedIn(actor: ActorName): actor is SignedIn {
  return actor !== "anonymous";
}
