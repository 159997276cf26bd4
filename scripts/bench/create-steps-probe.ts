import * as Y from "yjs";
import { buildUser, buildWorkspace, contextFor } from "@test/factories";
import { openDatabase } from "@/server/db/client";
import { migrateDatabase } from "@/server/db/migrate";
import { BODY_YTEXT } from "@/shared/editor-rules";
import { sanitizeDelta } from "@/server/body/sanitize-delta";
import { bodyDelta } from "@/server/body/derive-document";
import { deltaToPlainText, renderDeltaHtml } from "@/server/body/render-delta-html";
import { stateFromDelta } from "@/server/body/state-from-delta";
import { convertFile } from "@/server/formats/import/convert-file";
import { createDocument } from "@/server/services/documents/create-document";
import { realHtml, realMarkdown } from "./markdown-corpus";

// Where one 150 KB create's time goes, step by step, all on this thread (no body workers):
// `node --import tsx scripts/bench/create-steps-probe.ts [runs]`. CPU medians after a warm-up.
const RUNS = Number(process.argv[2] ?? 7);
const handle = await openDatabase({});
await migrateDatabase(handle);
const owner = await buildUser(handle.db);
const workspace = await buildWorkspace(handle.db, [{ actor: owner, role: "owner" }]);
const ctx = contextFor(handle.db, owner);
const markdown = new TextEncoder().encode(realMarkdown(150_000));
const html = new TextEncoder().encode(realHtml(150_000));

const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const samples = new Map<string, number[]>();
async function step<T>(label: string, run: () => T | Promise<T>): Promise<T> {
  const start = cpu();
  const value = await run();
  const list = samples.get(label) ?? [];
  list.push(cpu() - start);
  samples.set(label, list);
  return value;
}
for (let i = 0; i < RUNS + 2; i += 1) {
  if (i === 2) samples.clear();
  const delta = await step("convert markdown", () => convertFile({ kind: "markdown", bytes: markdown }));
  await step("convert html", () => convertFile({ kind: "html", bytes: html }));
  const safe = await step("sanitizeDelta", () => sanitizeDelta(delta).delta);
  const doc = new Y.Doc({ gc: true });
  await step("Y.Text applyDelta", () => doc.getText(BODY_YTEXT).applyDelta(safe.ops));
  const content = await step("bodyDelta (toDelta + sanitise)", () => bodyDelta(doc));
  await step("Y.Text toDelta", () => doc.getText(BODY_YTEXT).toDelta());
  await step("deltaToPlainText", () => deltaToPlainText(content));
  await step("renderDeltaHtml", () => renderDeltaHtml(content));
  await step("encodeStateAsUpdate", () => Y.encodeStateAsUpdate(doc));
  doc.destroy();
  await step("stateFromDelta (all of the above)", () => stateFromDelta(delta));
  await step("createDocument (in thread)", () => createDocument(ctx, { workspaceId: workspace.id, parentId: null, title: "Probe" }, { body: delta }));
  await step("createDocument, empty", () => createDocument(ctx, { workspaceId: workspace.id, parentId: null, title: "Probe" }));
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
for (const [label, values] of samples) console.log(`${label.padEnd(40)} ${median(values).toFixed(1).padStart(7)} ms CPU (min ${Math.min(...values).toFixed(1)})`);
await handle.close();
