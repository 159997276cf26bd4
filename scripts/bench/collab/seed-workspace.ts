import { getAuth } from "@/server/auth/auth";
import { closeDatabase, getDb } from "@/server/db/database";
import { createDocument } from "@/server/services/documents/create-document";
import { signUp } from "@/server/services/accounts/sign-up";
import { createApiToken } from "@/server/services/api-tokens/create-api-token";

// Run in its own process with DATA_DIR set, before the server starts on that directory (PGlite
// allows one process per folder): creates one account, its workspace and `count` empty
// documents through the same services the sign-up form and the sidebar use, then prints
// `{"email","password","cookie","workspaceSlug","documentIds"}` as its last line, with
// `"apiToken"` (a read token of the workspace, made by the API tokens use case) after `--api-token`. The session is made by
// better-auth's own sign-in, here rather than over HTTP: POST /api/auth/sign-in/email refuses
// every http:// Origin while no PUBLIC_URL is set (better-auth 1.7 trusts only https://<host> for
// `allowedHosts: ["*"]`; under Vitest, TEST=true switches that check off), and the server's port
// is not known before it starts. Usage: seed-workspace.ts <count> [--api-token]
const count = Number(process.argv[2] ?? "1");
if (!Number.isInteger(count) || count < 1) throw new Error("usage: seed-workspace.ts <document count> [--api-token]");
const wantsApiToken = process.argv.includes("--api-token");

const db = await getDb();
const auth = await getAuth();
const suffix = Math.random().toString(36).slice(2, 8);
const input = {
  name: "Bench Writer",
  email: `bench-${suffix}@example.com`,
  password: `bench-${suffix}-password`,
  workspaceName: "Bench",
  workspaceSlug: `bench-${suffix}`,
};
const { user, workspace } = await signUp(db, auth, input, new Headers({ host: "127.0.0.1", "x-quire-client-ip": "127.0.0.1" }));
const documentIds: string[] = [];
for (let i = 0; i < count; i++) {
  const doc = await createDocument({ db, actor: { ...user, twoFactorEnabled: false } }, { workspaceId: workspace.id, title: `Bench ${i + 1}` });
  documentIds.push(doc.id);
}
const signedIn = await auth.api.signInEmail({ body: { email: input.email, password: input.password }, headers: new Headers({ host: "127.0.0.1", "x-quire-client-ip": "127.0.0.1" }), asResponse: true });
if (!signedIn.ok) throw new Error(`sign-in failed: ${signedIn.status} ${await signedIn.text()}`);
const cookie = signedIn.headers
  .getSetCookie()
  .map((c) => c.split(";")[0])
  .join("; ");
const apiToken = wantsApiToken ? (await createApiToken({ db, actor: { ...user, twoFactorEnabled: false } }, { workspaceId: workspace.id, name: "Bench reads", scope: "read" })).token : undefined;
await closeDatabase();
console.log(JSON.stringify({ email: input.email, password: input.password, cookie, workspaceSlug: workspace.slug, documentIds, apiToken }));
