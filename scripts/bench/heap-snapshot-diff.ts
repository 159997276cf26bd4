import fs from "node:fs";

// `node --import tsx scripts/bench/heap-snapshot-diff.ts before.heapsnapshot after.heapsnapshot [rows]`:
// what grew between two V8 heap snapshots (written by the soak's --heap-snapshots, or DevTools),
// grouped by constructor (or node type for strings, code, arrays…): count and self size in each
// and the difference, largest growth first. Self sizes, not retained: summing them by group is
// exact and needs no dominator tree, and a leak shows as a group whose count grows with the load.
// Also prints the native (non-JS) part V8 counts in the snapshot, e.g. ArrayBuffer backing stores.

interface Group {
  count: number;
  bytes: number;
}

interface SnapshotJson {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

/** Constructor (object nodes) or node type (strings, code, arrays…) → count and self size. */
export function groupSnapshot(json: SnapshotJson): Map<string, Group> {
  const fields = json.snapshot.meta.node_fields;
  const width = fields.length;
  const typeAt = fields.indexOf("type");
  const nameAt = fields.indexOf("name");
  const sizeAt = fields.indexOf("self_size");
  const types = json.snapshot.meta.node_types[0];
  const groups = new Map<string, Group>();
  for (let i = 0; i < json.nodes.length; i += width) {
    const type = types[json.nodes[i + typeAt] ?? 0] ?? "?";
    const name = json.strings[json.nodes[i + nameAt] ?? 0] ?? "?";
    // Objects and closures by name; everything else by type (each string's text is its name).
    const key = type === "object" || type === "native" ? `${name}` : type === "closure" ? `(closure) ${name}` : `(${type})`;
    const group = groups.get(key) ?? { count: 0, bytes: 0 };
    group.count++;
    group.bytes += json.nodes[i + sizeAt] ?? 0;
    groups.set(key, group);
  }
  return groups;
}

export interface GroupChange {
  key: string;
  before: Group;
  after: Group;
}

/** Every group whose size or count changed, largest growth in bytes first. */
export function diffGroups(before: Map<string, Group>, after: Map<string, Group>): GroupChange[] {
  const empty = { count: 0, bytes: 0 };
  const keys = new Set([...before.keys(), ...after.keys()]);
  return [...keys]
    .map((key) => ({ key, before: before.get(key) ?? empty, after: after.get(key) ?? empty }))
    .filter((c) => c.before.count !== c.after.count || c.before.bytes !== c.after.bytes)
    .sort((a, b) => b.after.bytes - b.before.bytes - (a.after.bytes - a.before.bytes));
}

function load(file: string): Map<string, Group> {
  return groupSnapshot(JSON.parse(fs.readFileSync(file, "utf8")) as SnapshotJson); // V8's .heapsnapshot format
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop() ?? "\0")) {
  const [beforeFile, afterFile, rowsArg] = process.argv.slice(2);
  if (!beforeFile || !afterFile) throw new Error("usage: heap-snapshot-diff.ts before.heapsnapshot after.heapsnapshot [rows]");
  const before = load(beforeFile);
  const after = load(afterFile);
  const total = (groups: Map<string, Group>) => [...groups.values()].reduce((sum, g) => sum + g.bytes, 0);
  const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(2);
  console.log(`self size in all: ${mib(total(before))} MiB → ${mib(total(after))} MiB`);
  console.log(`| group | count before | count after | MiB before | MiB after | Δ MiB |`);
  console.log(`|---|---|---|---|---|---|`);
  for (const c of diffGroups(before, after).slice(0, Number(rowsArg ?? 40))) {
    console.log(`| ${c.key.slice(0, 80).replaceAll("|", "\\|")} | ${c.before.count} | ${c.after.count} | ${mib(c.before.bytes)} | ${mib(c.after.bytes)} | ${mib(c.after.bytes - c.before.bytes)} |`);
  }
}
