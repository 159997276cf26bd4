import * as Y from "yjs";
import { BodyGuard } from "@/server/body/body-guard";
import { BODY_YTEXT } from "@/shared/editor-rules";
import { median } from "../soak-verdicts";

/** One crowd size: CPU per keystroke of the guard's check plus applying the update, both ways. */
export interface GuardCostRow {
  clients: number;
  keystrokes: number;
  /** Every update applied to the shadow copy and judged there (`BodyGuard.checkInFull`), µs. */
  fullMicros: number;
  /** As the server checks: plain edits judged from their own structs (`BodyGuard.check`), µs. */
  checkMicros: number;
}

/**
 * Part (d) of bench:collab, in this process: `clients` typists who have all written to one
 * document (so Yjs's state vectors have an entry for each), then `keystrokes` one-character
 * updates from them in turn, as y-quill sends them. Each update is checked and applied to the
 * document as the collaboration server does, with the full check on every update and with the
 * plain-edit path, alternating `rounds` times on fresh documents; the medians are reported. It
 * isolates the guard from sockets and scheduling, which (b) measures as a whole.
 */
export function benchGuardCost(options: { clients: number[]; keystrokes: number; rounds: number }): GuardCostRow[] {
  return options.clients.map((clients) => {
    const full: number[] = [];
    const check: number[] = [];
    for (let round = 0; round < options.rounds; round += 1) {
      full.push(timeKeystrokes(clients, options.keystrokes, "full"));
      check.push(timeKeystrokes(clients, options.keystrokes, "check"));
    }
    return { clients, keystrokes: options.keystrokes, fullMicros: median(full), checkMicros: median(check) };
  });
}

function timeKeystrokes(clients: number, keystrokes: number, mode: "full" | "check"): number {
  const server = new Y.Doc();
  server.getText(BODY_YTEXT).insert(0, `${"word ".repeat(400)}\n`);
  const guard = new BodyGuard(server);
  const docs = Array.from({ length: clients }, () => new Y.Doc());
  const deliver = (update: Uint8Array) => {
    const verdict = mode === "full" ? guard.checkInFull(update) : guard.check(update);
    if (verdict.kind !== "accept") throw new Error(`the guard did not accept a keystroke (${verdict.kind})`);
    Y.applyUpdate(server, update);
  };
  for (const doc of docs) Y.applyUpdate(doc, Y.encodeStateAsUpdate(server));
  const updates = docs.map((doc, index) => typeOne(doc, 5 + index * 3));
  for (const update of updates) deliver(update);
  for (const doc of docs) Y.applyUpdate(doc, Y.encodeStateAsUpdate(server, Y.encodeStateVector(doc)));
  // Made before the clock starts: only the server's side is timed.
  const typed = Array.from({ length: keystrokes }, (_, index) => typeOne(docs[index % clients]!, 6 + (index % clients) * 3));
  const started = process.cpuUsage();
  for (const update of typed) deliver(update);
  const used = process.cpuUsage(started);
  return (used.user + used.system) / keystrokes;
}

/** The update one typed character gives, as the editor's provider sends it (one transaction). */
function typeOne(doc: Y.Doc, at: number): Uint8Array {
  let update: Uint8Array | undefined;
  const take = (bytes: Uint8Array) => (update = bytes);
  doc.on("update", take);
  doc.getText(BODY_YTEXT).insert(Math.min(at, doc.getText(BODY_YTEXT).length - 1), "k");
  doc.off("update", take);
  if (!update) throw new Error("typing made no update");
  return update;
}
