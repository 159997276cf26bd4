import fs from "node:fs";
import path from "node:path";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  file: string;
  totalMs: number;
  /** The busiest functions by self time (ms), idle excluded. */
  functions: Array<{ name: string; where: string; selfMs: number; percent: number }>;
  /** Self time grouped by package (ms, share of busy time). */
  packages: Array<{ name: string; selfMs: number; percent: number }>;
  /** Inclusive time under each part of the collab server's work (share of busy time; parts overlap). */
  parts: Array<{ name: string; percent: number }>;
}

interface CallFrame {
  functionName: string;
  url: string;
}

// The collab server's work, by the frame it runs under. Inclusive: a part counts everything its
// frame calls, so parts overlap (a broadcast's socket writes are in both "flush" and "sending").
const PARTS: Array<{ name: string; matches: (frame: CallFrame) => boolean }> = [
  { name: "sending frames (ws sendFrame → writev)", matches: (f) => f.functionName === "sendFrame" },
  // With WriteWindow the socket is corked, so the syscall runs when the window releases it, not under sendFrame.
  { name: "socket writes (writev / writeGeneric, wherever called)", matches: (f) => ["writev", "writevGeneric", "writeGeneric"].includes(f.functionName) },
  { name: "incoming awareness (Hocuspocus MessageReceiver)", matches: (f) => f.functionName === "apply" && f.url.includes("@hocuspocus/server") },
  // AwarenessWindow (src/server/collab/awareness-window.ts), in the compiled server.
  { name: "awareness windows (AwarenessWindow receive/apply)", matches: (f) => (f.functionName === "receive" || f.functionName === "apply") && f.url.includes("/.next/quire/") },
  // WriteWindow (src/server/collab/write-window.ts): uncorking every socket the window held.
  { name: "window writes released (WriteWindow release → uncork)", matches: (f) => f.functionName === "release" && f.url.includes("/.next/quire/") },
  { name: "new Y.Doc (awareness scratch documents)", matches: (f) => f.functionName === "Doc" && f.url.includes("yjs") },
  { name: "broadcast batches (Document.flush)", matches: (f) => f.functionName === "flush" && f.url.includes("@hocuspocus/server") },
  { name: "SanitizeExtension (BodyGuard.check)", matches: (f) => f.functionName === "check" && f.url.includes("body-guard") },
  { name: "applying updates (y-protocols readUpdate/readSyncStep2)", matches: (f) => (f.functionName === "readUpdate" || f.functionName === "readSyncStep2") && f.url.includes("y-protocols") },
  { name: "Yjs state vectors (getStateVector)", matches: (f) => f.functionName === "getStateVector" },
  { name: "persistence render (renderDeltaHtml)", matches: (f) => f.functionName === "renderDeltaHtml" },
  { name: "authentication (onAuthenticate)", matches: (f) => f.functionName === "onAuthenticate" },
  { name: "garbage collection", matches: (f) => f.functionName === "(garbage collector)" },
];

/** Self time per function and per package in a V8 .cpuprofile (from `node --cpu-prof`). */
export function summariseProfile(file: string, top = 15): ProfileSummary {
  const profile = JSON.parse(fs.readFileSync(file, "utf8")) as CpuProfile; // V8's documented profile shape
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const partUs = new Map<string, number>();
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const byFunction = new Map<string, { name: string; where: string; us: number }>();
  const byPackage = new Map<string, number>();
  let busyUs = 0;
  for (const [id, us] of selfUs) {
    const frame = nodes.get(id)?.callFrame;
    if (!frame || frame.functionName === "(idle)" || frame.functionName === "(program)") continue;
    busyUs += us;
    const where = `${shortUrl(frame.url)}:${frame.lineNumber + 1}`;
    const name = frame.functionName || "(anonymous)";
    const entry = byFunction.get(`${name} ${where}`) ?? { name, where, us: 0 };
    entry.us += us;
    byFunction.set(`${name} ${where}`, entry);
    const pkg = packageOf(frame.url, name);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
    const counted = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) {
      const ancestor = nodes.get(at)?.callFrame;
      if (!ancestor) break;
      for (const part of PARTS) {
        if (counted.has(part.name) || !part.matches(ancestor)) continue;
        counted.add(part.name);
        partUs.set(part.name, (partUs.get(part.name) ?? 0) + us);
      }
    }
  }
  const percent = (us: number) => (100 * us) / busyUs;
  return {
    file: path.basename(file),
    totalMs: busyUs / 1000,
    functions: [...byFunction.values()]
      .sort((a, b) => b.us - a.us)
      .slice(0, top)
      .map((f) => ({ name: f.name, where: f.where, selfMs: f.us / 1000, percent: percent(f.us) })),
    packages: [...byPackage.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, selfMs: us / 1000, percent: percent(us) })),
    parts: PARTS.map((part) => ({ name: part.name, percent: percent(partUs.get(part.name) ?? 0) })),
  };
}

function shortUrl(url: string): string {
  const at = url.lastIndexOf("node_modules/");
  if (at >= 0) return url.slice(at + "node_modules/".length);
  const src = url.indexOf("/src/");
  return src >= 0 ? url.slice(src + 1) : url.replace(/^file:\/\//, "") || "(native)";
}

function packageOf(url: string, name: string): string {
  if (!url) return name.startsWith("(") ? name : "(native)";
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url.slice(url.lastIndexOf("node_modules/") >= 0 ? url.lastIndexOf("node_modules/") : 0));
  if (match?.[1]) return match[1];
  if (url.startsWith("node:")) return "node (core)";
  if (url.includes("/src/")) return "quire (src)";
  return url.replace(/^file:\/\//, "");
}
