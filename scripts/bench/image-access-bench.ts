import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { buildDocument, buildUser, buildWorkspace, contextFor } from "@test/factories";
import { buildShare } from "@test/share-factories";
import { openDatabase } from "@/server/db/client";
import { migrateDatabase } from "@/server/db/migrate";
import { documents, files } from "@/server/db/schema";
import { optimizedImageAccess } from "@/server/http/optimized-image-guard";
import { processSingleton } from "@/server/process-singleton";
import { loadDocumentForEditor } from "@/server/services/documents/load-document-for-editor";
import { resolveShare } from "@/server/services/sharing/resolve-share";
import { FileUrlSigner } from "@/server/storage/file-url-signer";
import { fileUrl } from "@/server/storage/file-urls";
import { generateText } from "./generate-text";

// `node --import tsx scripts/bench/image-access-bench.ts [--rounds N] [--words N]`: what letting one
// signed image through costs, per request, as server.ts pays it in front of /_next/image for every
// optimised image, cached or not (optimizedImageAccess: the signature, then what it was signed for),
// and as the file route pays it before reading the file. In this process, on a fresh in-memory
// PGlite migrated to the checked-out code, for the image addresses the pages themselves hand out: a
// member's document page (loadDocumentForEditor), a published page's shared document and one of its
// children (resolveShare). Each body is `--words` of prose with one image in the middle; the cost
// must not grow with it. It writes nothing: docs/benchmarks.md "Signed image reads" quotes its
// output, run on the commit before a change and after it (the script uses only APIs both have).
const { values } = parseArgs({ options: { rounds: { type: "string", default: "2000" }, words: { type: "string", default: "100000" } } });
const rounds = Number(values.rounds);
const words = Number(values.words);

const FILE = "Zx8Kq2mVbN4pL7tR1sYw3A";
const handle = await openDatabase({});
await migrateDatabase(handle);
const { db } = handle;
const signer = new FileUrlSigner("bench-secret-that-is-at-least-32-characters");
// The guard reaches the database and the signer as the server does, through process singletons.
processSingleton("database", () => ({ handle: Promise.resolve(handle), release: () => {} }));
processSingleton("file-url-signer", () => signer);

const owner = await buildUser(db);
const workspace = await buildWorkspace(db, [{ actor: owner, role: "owner" }]);
const root = await buildDocument(db, workspace.id, { title: "Handbook" });
const child = await buildDocument(db, workspace.id, { parentId: root.id, title: "Chapter" });
await db.insert(files).values({ id: FILE, workspaceId: workspace.id, documentId: root.id, name: "a.png", mime: "image/png", size: 1, sha256: "0".repeat(64), storageKey: "k" });
const lines = generateText(words, 7).text.split("\n").filter(Boolean);
const half = Math.floor(lines.length / 2);
const ops = [...lines.slice(0, half).map((line) => ({ insert: `${line}\n` })), { insert: { image: fileUrl(FILE) } }, { insert: "\n" }, ...lines.slice(half).map((line) => ({ insert: `${line}\n` }))];
const html = [...lines.slice(0, half).map((line) => `<p>${line}</p>`), `<p><img src="${fileUrl(FILE)}"></p>`, ...lines.slice(half).map((line) => `<p>${line}</p>`)].join("");
for (const id of [root.id, child.id]) await db.update(documents).set({ content: { ops }, html }).where(sql`${documents.id} = ${id}`);
const share = await buildShare(db, root.id, { createdBy: owner.id, includeChildren: true });

const imageOf = (page: string) => {
  const src = /<img[^>]*\ssrc="([^"]+)"/.exec(page)?.[1]?.replace(/&amp;/g, "&");
  if (!src?.startsWith("/_next/image?")) throw new Error(`no optimised image in the page: ${src}`);
  return src;
};
const member = imageOf((await loadDocumentForEditor(contextFor(db, owner), root.id)).html);
const publishedRoot = imageOf((await resolveShare({ db }, { token: share.token })).document.html);
const publishedChild = imageOf((await resolveShare({ db }, { token: share.token, documentId: child.id })).document.html);
const signedQuery = (optimized: string) => new URL(new URL(optimized, "http://localhost").searchParams.get("url") ?? "", "http://localhost").searchParams;

const rows: Array<[string, number]> = [];
rows.push(["`select 1` (PGlite's floor for any query)", await medianUs(() => db.execute(sql`select 1`))]);
rows.push(["HMAC alone (a member's URL, `verifyQuery`)", await medianUs(() => signer.verifyQuery(FILE, signedQuery(member)))]);
// What checking the body itself would cost: the page's HTML read and scanned for the address.
rows.push(["the page's HTML scanned for the address instead (`strpos`)", await medianUs(() => db.execute(sql`select strpos(${documents.html}, ${fileUrl(FILE)}) > 0 as shown from ${documents} where ${documents.id} = ${root.id}`))]);
for (const [label, url] of [
  ["member's document page", member],
  ["published page, shared document", publishedRoot],
  ["published page, child document", publishedChild],
] as const) {
  if (!(await optimizedImageAccess(url))) throw new Error(`${label}: the image was refused`);
  rows.push([`${label} (\`optimizedImageAccess\`)`, await medianUs(() => optimizedImageAccess(url))]);
}
console.log(`${words.toLocaleString("en")}-word bodies, one image each; median of ${rounds.toLocaleString("en")} sequential calls after a warm-up, Node ${process.version}\n`);
console.log("| per image request | µs |\n|---|---:|");
for (const [label, us] of rows) console.log(`| ${label} | ${us.toFixed(0)} |`);
console.log(`\nmember URL: ${decodeURIComponent(member.split("url=")[1]?.split("&w=")[0] ?? "")}`);
await handle.close();

async function medianUs(run: () => unknown): Promise<number> {
  for (let i = 0; i < Math.min(200, rounds); i++) await run();
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    await run();
    times.push((performance.now() - started) * 1000);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? Number.NaN;
}
