import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { seedWorkspace, ServerInspector, startSignedIn } from "./collab/collab-app";
import { smapsBreakdown, describeSmaps } from "./proc-smaps";

// `node --import tsx scripts/bench/response-leak-probe.ts [N]`: how many ServerResponse,
// IncomingMessage and zlib streams the server still holds (after two full GCs, counted with the
// inspector's queryObjects) after N page loads, then N API reads of each kind, and the RSS by
// mapping. WAIT=35,35 re-counts after those seconds following the page loads; SNAP=<file> writes a
// heap snapshot of the server after them. Used for docs/performance-notes.md "Memory": a page's
// response (and its gzip stream) stays reachable for up to ~35 s through timers and promises
// that captured the request's AsyncLocalStorage store, then is freed.
const N = Number(process.argv[2] ?? 60);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "quire-leakprobe-"));
const account = await seedWorkspace(dataDir, 2, { apiToken: true });
const { app } = await startSignedIn(dataDir, account, ["--inspect=127.0.0.1:0"], { sourceMaps: false });
const inspector = await ServerInspector.attach(app);
const [doc = ""] = account.documentIds;
const meta = (await (await fetch(`${app.url}/api/v1/documents/${doc}?format=delta`, { headers: { authorization: `Bearer ${account.apiToken}` } })).json()) as { url: string };
async function count(label: string) {
  await inspector.collectGarbage();
  await inspector.collectGarbage();
  const out: string[] = [];
  for (const ctor of ['require("node:http").ServerResponse', 'require("node:http").IncomingMessage', 'require("node:zlib").Gzip', 'require("node:zlib").BrotliCompress', 'require("node:zlib").Deflate']) {
    const proto = await inspector.send<{ result: { objectId: string } }>("Runtime.evaluate", { expression: `${ctor}.prototype`, includeCommandLineAPI: true, objectGroup: "probe" });
    const objs = await inspector.send<{ objects: { objectId: string } }>("Runtime.queryObjects", { prototypeObjectId: proto.result.objectId, objectGroup: "probe" });
    const len = await inspector.send<{ result: { value: number } }>("Runtime.callFunctionOn", { objectId: objs.objects.objectId, functionDeclaration: "function () { return this.length; }", returnByValue: true });
    out.push(`${ctor.split(".").pop()} ${len.result.value}`);
    await inspector.send("Runtime.releaseObjectGroup", { objectGroup: "probe" });
  }
  const heap = await inspector.heapUsage();
  console.log(`${label}: ${out.join(", ")}; heap ${(heap.usedSize / 2 ** 20).toFixed(0)} MiB; ${describeSmaps(smapsBreakdown(app.process.pid ?? 0))}`);
}
try {
  await count("start");
  const kinds: Record<string, () => Promise<Response>> = {
    page: () => fetch(`${app.url}${meta.url}`, { headers: { cookie: account.cookie, accept: "text/html" } }),
    markdown: () => fetch(`${app.url}/api/v1/documents/${doc}?format=markdown`, { headers: { authorization: `Bearer ${account.apiToken}` } }),
    list: () => fetch(`${app.url}/api/v1/documents?workspace=${account.workspaceSlug}&limit=50`, { headers: { authorization: `Bearer ${account.apiToken}` } }),
    delta: () => fetch(`${app.url}/api/v1/documents/${doc}?format=delta`, { headers: { cookie: account.cookie } }),
  };
  for (const [kind, request] of Object.entries(kinds)) {
    for (let i = 0; i < N; i++) {
      const r = await request();
      await r.arrayBuffer();
      if (r.status !== 200) console.log(kind, r.status);
    }
    await count(`after ${N} ${kind}`);
    if (kind === "page" && process.env.WAIT) {
      for (const s of process.env.WAIT.split(",")) {
        await new Promise((resolve) => setTimeout(resolve, Number(s) * 1000));
        await count(`${s} s later`);
      }
    }
    if (kind === "page" && process.env.SNAP) {
      await inspector.send("Runtime.evaluate", { expression: `require("node:v8").writeHeapSnapshot(${JSON.stringify(process.env.SNAP)}), "{}"`, includeCommandLineAPI: true });
      break;
    }
  }
} finally {
  inspector.close();
  await app.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
