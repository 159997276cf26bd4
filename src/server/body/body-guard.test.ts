import Delta from "quill-delta";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { BODY_YTEXT } from "@/shared/editor-rules";
import * as encoding from "lib0/encoding";
import type { BodyGuardOptions } from "./body-guard";
import { BodyGuard, holdsUpdate, MAX_UPDATE_ITEMS } from "./body-guard";
import { countUpdateParts } from "./update-reader";

/** A server document and a client that starts from it, as after a sync. */
function setup(initial = "Hello\n", maxBodyChars?: number, limits: Pick<BodyGuardOptions, "maxUpdateItems" | "maxDocumentItems" | "maxDocumentBytes" | "maxValueBytes" | "maxPendingDeletions"> = {}) {
  const server = new Y.Doc();
  server.getText(BODY_YTEXT).insert(0, initial);
  const client = new Y.Doc();
  Y.applyUpdate(client, Y.encodeStateAsUpdate(server));
  const guard = new BodyGuard(server, { maxBodyChars, ...limits });
  /** The update `edit` makes on the client. */
  const edit = (change: (body: Y.Text, doc: Y.Doc) => void): Uint8Array => {
    const before = Y.encodeStateVector(client);
    change(client.getText(BODY_YTEXT), client);
    return Y.encodeStateAsUpdate(client, before);
  };
  /** What the server applies for `update`, as Hocuspocus would after the guard. */
  const receive = (update: Uint8Array) => {
    const verdict = guard.check(update);
    if (verdict.kind === "replace") Y.applyUpdate(server, verdict.update);
    if (verdict.kind !== "refuse") Y.applyUpdate(server, update);
    return verdict;
  };
  /** The update `change` makes on a new client synced to the server now. */
  const fresh = (change: (body: Y.Text) => void): Uint8Array => {
    const other = new Y.Doc();
    Y.applyUpdate(other, Y.encodeStateAsUpdate(server));
    change(other.getText(BODY_YTEXT));
    return Y.encodeStateAsUpdate(other, Y.encodeStateVector(server));
  };
  return { server, client, edit, fresh, receive };
}

/** `count` one-character inserts, each at the start of the body, so that none merge: QA's flood (third sweep #4). */
function flood(count: number) {
  return (body: Y.Text) => {
    for (let i = 0; i < count; i += 1) body.insert(0, "x");
  };
}

/**
 * A formatted book of about 990,000 characters (a body holds 1,000,000) as the editor pastes it:
 * headings, paragraphs with a bold, italic, linked, code or coloured word every few words, lists.
 * Pasted into the real editor, such a book (290 pages of the benchmark's report) was one update of
 * 80,395 items, the largest the editor sent (docs/architecture.md "Collaboration"); this one has
 * about 76,000.
 */
function formattedBook(chars = 990_000): Array<{ insert: string; attributes?: Record<string, unknown> }> {
  const words = "lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore".split(" ");
  const formats = [{ bold: true }, { italic: true }, { link: "https://example.com/a" }, { code: true }, { color: "#cc0000" }];
  const ops: Array<{ insert: string; attributes?: Record<string, unknown> }> = [];
  let n = 0;
  let length = 0;
  const text = (count: number) => Array.from({ length: count }, () => words[n++ % words.length]).join(" ");
  const push = (insert: string, attributes?: Record<string, unknown>) => {
    ops.push(attributes ? { insert, attributes } : { insert });
    length += insert.length;
  };
  for (let page = 1; length < chars; page += 1) {
    push(`Section ${page} ${text(3)}`);
    push("\n", { header: 2 });
    for (let paragraph = 0; paragraph < 5; paragraph += 1) {
      for (let run = 0; run < 11; run += 1) {
        push(`${text(7)} `);
        push(text(1 + (run % 2)), formats[(page + paragraph + run) % formats.length]);
        push(" ");
      }
      push(`${text(4)}.\n`);
    }
    for (let item = 0; item < 5; item += 1) {
      push(`${text(3)} `);
      push(text(1), formats[item]);
      push(` ${text(3)}`);
      push("\n", { list: "bullet" });
    }
  }
  return ops;
}

/** The body as Quill would hold it (adjacent ops with equal attributes merged). */
function bodyOf(doc: Y.Doc): Delta["ops"] {
  return doc.getText(BODY_YTEXT).toDelta().reduce((delta: Delta, op: Delta["ops"][number]) => delta.push(op), new Delta()).ops;
}

/** Every string a Yjs state carries, deleted-and-collected items excepted. */
function storedStrings(doc: Y.Doc): string {
  return JSON.stringify(
    Y.decodeUpdate(Y.encodeStateAsUpdate(doc)).structs.map((struct) => (struct instanceof Y.Item ? struct.content.getContent() : null)),
  );
}

describe("BodyGuard", () => {
  it("accepts ordinary typing and formatting", () => {
    const { server, edit, receive } = setup();
    expect(receive(edit((body) => body.insert(5, " world", { bold: true, link: "https://example.com" })))).toEqual({ kind: "accept" });
    expect(receive(edit((body) => body.insertEmbed(0, { image: "data:image/png;base64,iVBORw0KGgo=" })))).toEqual({ kind: "accept" });
    expect(server.getText(BODY_YTEXT).toDelta()).toEqual([
      { insert: { image: "data:image/png;base64,iVBORw0KGgo=" } },
      { insert: "Hello" },
      { insert: " world", attributes: { bold: true, link: "https://example.com" } },
      { insert: "\n" },
    ]);
  });

  it("repairs a javascript: link to about:blank, and stores nothing of it", () => {
    const { server, edit, receive } = setup();
    const verdict = receive(edit((body) => body.insert(0, "click", { link: "javascript:alert(1)", bold: true })));
    expect(verdict).toMatchObject({ kind: "replace", reasons: ["unsafe_content"] });
    expect(server.getText(BODY_YTEXT).toDelta()).toEqual([
      { insert: "click", attributes: { bold: true, link: "about:blank" } },
      { insert: "Hello\n" },
    ]);
    expect(storedStrings(server)).not.toContain("javascript");
  });

  it("blanks unsafe images and drops unknown attributes and embeds", () => {
    const { server, edit, receive } = setup();
    receive(
      edit((body) => {
        body.insertEmbed(0, { image: "ftp://x/y.png" });
        body.insertEmbed(1, { image: "javascript:alert(1)" }, { onerror: "alert(1)", width: "10" });
        body.insertEmbed(2, { video: "https://example.com/embed" });
        body.insert(3, "<script>alert(1)</script>", { onclick: "alert(1)" });
      }),
    );
    expect(bodyOf(server)).toEqual([
      { insert: { image: "" } },
      { insert: { image: "" }, attributes: { width: "10" } },
      { insert: "<script>alert(1)</script>Hello\n" },
    ]);
    expect(storedStrings(server)).not.toMatch(/javascript|ftp:|onerror|onclick|video/);
  });

  it("keeps the client in step: the repaired update applied there gives the server's body", () => {
    const { server, client, edit, receive } = setup();
    const verdict = receive(edit((body) => body.insert(0, "x", { link: "vbscript:msgbox(1)" })));
    if (verdict.kind !== "replace") throw new Error("expected a repair");
    Y.applyUpdate(client, verdict.update);
    expect(client.getText(BODY_YTEXT).toDelta()).toEqual(server.getText(BODY_YTEXT).toDelta());
  });

  it("drops an edit that takes the body past the limit and keeps the text before it", () => {
    const { server, edit, receive } = setup("Hello\n", 20);
    expect(receive(edit((body) => body.insert(5, ", all")))).toEqual({ kind: "accept" });
    const verdict = receive(edit((body) => body.insert(0, "x".repeat(50), { bold: true })));
    expect(verdict).toMatchObject({ kind: "replace", reasons: ["body_too_long"] });
    expect(server.getText(BODY_YTEXT).toString()).toBe("Hello, all\n");
  });

  it("drops only the new part of text Yjs merged with the client's earlier typing", () => {
    const { server, edit, receive } = setup("Hello\n", 20);
    receive(edit((body) => body.insert(5, ", all")));
    // Same client, next clocks, right after ", all": Yjs merges both into one item.
    receive(edit((body) => body.insert(10, "y".repeat(50))));
    expect(server.getText(BODY_YTEXT).toString()).toBe("Hello, all\n");
  });

  it("refuses what is not a Quill body: other roots, and non-text content in the body", () => {
    const { server, edit, receive } = setup();
    expect(receive(edit((_body, doc) => doc.getMap("evil").set("x", "javascript:alert(1)")))).toMatchObject({ kind: "refuse" });
    const other = new Y.Doc();
    other.getArray(BODY_YTEXT).insert(0, [{ image: "javascript:alert(1)" }]);
    expect(receive(Y.encodeStateAsUpdate(other))).toMatchObject({ kind: "refuse" });
    expect(receive(new Uint8Array([1, 2, 3, 250]))).toMatchObject({ kind: "refuse" });
    expect(storedStrings(server)).not.toContain("javascript");
    // The guard rebuilt its shadow after each refusal and still judges what follows. (The refused
    // client cannot go on: its later structs depend on the refused ones, hence the close.)
    const next = new Y.Doc();
    Y.applyUpdate(next, Y.encodeStateAsUpdate(server));
    next.getText(BODY_YTEXT).insert(0, "ok ");
    expect(receive(Y.encodeStateAsUpdate(next, Y.encodeStateVector(server)))).toEqual({ kind: "accept" });
    expect(server.getText(BODY_YTEXT).toString()).toBe("ok Hello\n");
  });

  it("knows an update its document already holds (typing it has seen), and not one that deletes or is new", () => {
    const { server, edit, receive } = setup();
    const typed = edit((body) => body.insert(5, "!"));
    expect(holdsUpdate(server, typed)).toBe(false);
    receive(typed);
    expect(holdsUpdate(server, typed)).toBe(true);
    const deleted = edit((body) => body.delete(0, 1));
    receive(deleted);
    expect(holdsUpdate(server, deleted)).toBe(false); // deletions are always applied
    expect(holdsUpdate(server, edit((body) => body.insert(0, "new")))).toBe(false);
  });

  it("refuses an update with more items than the limit, from its headers, applying none of it", () => {
    const { server, edit, fresh, receive } = setup("Hello\n", undefined, { maxUpdateItems: 1_000 });
    const shaded = receive(edit((body) => body.insert(0, "x", { link: "javascript:alert(1)" }))); // the guard now has a shadow
    expect(shaded).toMatchObject({ kind: "replace" });
    const before = Y.encodeStateAsUpdate(server);
    expect(receive(fresh(flood(1_001)))).toMatchObject({ kind: "refuse", reason: "update_too_large" });
    expect(Y.encodeStateAsUpdate(server)).toEqual(before);
    // Read from the headers only: a header claiming ten million items, with none of them sent,
    // is refused as too large, not as malformed (nothing past it was read, let alone applied).
    const encoder = encoding.createEncoder();
    for (const value of [1, 10_000_000, 42, 0]) encoding.writeVarUint(encoder, value); // clients, structs, client, clock
    expect(receive(encoding.toUint8Array(encoder))).toMatchObject({ kind: "refuse", reason: "update_too_large" });
    // A deletion range counts too: 1,001 of them (every other character of a long text).
    const { receive: receiveLong, fresh: freshLong } = setup(`${"ab".repeat(1_001)}\n`, undefined, { maxUpdateItems: 1_000 });
    const scattered = freshLong((body) => {
      for (let i = 1_000; i >= 0; i -= 1) body.delete(i * 2, 1);
    });
    expect(countUpdateParts(scattered)).toEqual({ structs: 0, deleteRanges: 1_001 });
    expect(receiveLong(scattered)).toMatchObject({ kind: "refuse", reason: "update_too_large" });
    // What fits still goes through, checked in full against the shadow as before.
    expect(receive(fresh(flood(1_000)))).toEqual({ kind: "accept" });
    expect(receive(fresh((body) => body.insert(0, "y", { link: "vbscript:x" })))).toMatchObject({ kind: "replace", reasons: ["unsafe_content"] });
    expect(server.getText(BODY_YTEXT).length).toBe("Hello\n".length + 1_002);
  });

  it("counts only new deletions against the limit: a reconnecting client repeats the document's whole delete set", () => {
    const { server, receive } = setup(`${"ab".repeat(1_500)}\n`, undefined, { maxUpdateItems: 1_000 });
    // 1,500 scattered deletions made over time, each in its own change.
    for (let i = 1_499; i >= 0; i -= 1) server.getText(BODY_YTEXT).delete(i * 2, 1);
    // A client that typed a word offline reconnects: its sync step 2 holds every deletion ever made.
    const client = new Y.Doc();
    Y.applyUpdate(client, Y.encodeStateAsUpdate(server));
    client.getText(BODY_YTEXT).insert(0, "offline ");
    const step2 = Y.encodeStateAsUpdate(client, Y.encodeStateVector(server));
    expect(countUpdateParts(step2)).toEqual({ structs: 1, deleteRanges: 1_500 });
    expect(receive(step2)).toEqual({ kind: "accept" });
    expect(server.getText(BODY_YTEXT).toString()).toBe(`offline ${"b".repeat(1_500)}\n`);
  });

  it("accepts the editor's largest update under the default limits: a formatted book pasted at once", () => {
    const { server, edit, receive } = setup("\n");
    const book = formattedBook();
    const update = edit((body) => body.applyDelta(book));
    const items = countUpdateParts(update).structs;
    expect(items).toBeGreaterThan(70_000);
    expect(items).toBeLessThan(MAX_UPDATE_ITEMS / 2);
    expect(receive(update)).toEqual({ kind: "accept" });
    expect(server.getText(BODY_YTEXT).length).toBe(book.reduce((length, op) => length + op.insert.length, 1));
  });

  it("refuses an update that would take the document past its item limit, counting the server's own writes", () => {
    const { server, fresh, receive } = setup("Hello\n", undefined, { maxDocumentItems: 2_000 });
    expect(receive(fresh(flood(900)))).toEqual({ kind: "accept" });
    // Written on the server (a restored version), not through the guard: the guard must count it.
    server.transact(() => flood(900)(server.getText(BODY_YTEXT)));
    const before = Y.encodeStateAsUpdate(server);
    expect(receive(fresh(flood(300)))).toMatchObject({ kind: "refuse", reason: "document_too_large" });
    expect(Y.encodeStateAsUpdate(server)).toEqual(before);
    expect(receive(fresh((body) => body.insert(0, "ok ")))).toEqual({ kind: "accept" });
    expect(server.getText(BODY_YTEXT).toString()).toMatch(/^ok x{1800}Hello\n$/);
  });

  it("refuses a value larger than maxValueBytes, and an update that would take the document past its byte limit, counting the server's own writes", () => {
    const { server, fresh, receive } = setup("Hello\n", undefined, { maxValueBytes: 1_000, maxDocumentBytes: 5_000 });
    const image = (bytes: number) => ({ image: `data:image/png;base64,${"A".repeat(bytes)}` });
    expect(receive(fresh((body) => body.insertEmbed(0, image(2_000))))).toMatchObject({ kind: "refuse", reason: "value_too_large" });
    expect(receive(fresh((body) => body.insertEmbed(0, image(900))))).toEqual({ kind: "accept" });
    // Written on the server (a restored version), not through the guard: the guard must count it.
    server.transact(() => server.getText(BODY_YTEXT).insert(0, "y".repeat(3_500)));
    const before = Y.encodeStateAsUpdate(server);
    expect(receive(fresh((body) => body.insertEmbed(0, image(900))))).toMatchObject({ kind: "refuse", reason: "document_too_large" });
    expect(Y.encodeStateAsUpdate(server)).toEqual(before);
    expect(receive(fresh((body) => body.insert(0, "ok ")))).toEqual({ kind: "accept" });
    expect(receive(fresh((body) => body.delete(0, 100)))).toEqual({ kind: "accept" });
  });

  it("holds back at most maxPendingItems structs waiting for a gap, and never refuses an honest late update", () => {
    const { server, edit, receive } = setup("Hello\n", undefined, { maxUpdateItems: 1_000 });
    // Honest: a keystroke that arrives before the one it follows waits, and both go in when that comes.
    const first = edit((body) => body.insert(5, " a"));
    const second = edit((body) => body.insert(7, "b"));
    expect(receive(second)).toEqual({ kind: "accept" });
    expect(server.store.pendingStructs).not.toBeNull();
    expect(receive(edit((body) => body.insert(0, ">")))).toEqual({ kind: "accept" }); // typing while it waits
    expect(receive(first)).toEqual({ kind: "accept" });
    expect(server.store.pendingStructs).toBeNull();
    expect(server.getText(BODY_YTEXT).toString()).toBe(">Hello ab\n");
    // Crafted: a client's clock 0 never sent, then updates of 600 items each after it. Each is
    // under the update limit and adds no item the document holds, so only a bound on what waits stops them.
    const crafted = new Y.Doc();
    Y.applyUpdate(crafted, Y.encodeStateAsUpdate(server));
    let missing: Uint8Array = new Uint8Array();
    crafted.once("update", (update: Uint8Array) => (missing = update));
    crafted.getText(BODY_YTEXT).insert(0, "g");
    const gapped = () => {
      const at = Y.encodeStateVector(crafted);
      flood(600)(crafted.getText(BODY_YTEXT));
      return Y.encodeStateAsUpdate(crafted, at);
    };
    expect(receive(gapped())).toEqual({ kind: "accept" });
    const state = Y.encodeStateAsUpdate(server);
    expect(receive(gapped())).toMatchObject({ kind: "refuse", reason: "invalid_update" });
    expect(Y.encodeStateAsUpdate(server)).toEqual(state);
    // Honest typing goes on, even past the bound when the rest came from the server's side (another
    // instance, through Redis), and the gap's filler brings in only what was let through: the
    // server-side chunk still waits for the refused one.
    const waiting = () => {
      const pending = server.store.pendingStructs?.update;
      return pending ? Y.decodeUpdateV2(pending).structs.length : 0;
    };
    expect(receive(edit((body) => body.insert(0, "!")))).toEqual({ kind: "accept" });
    Y.applyUpdate(server, gapped());
    expect(waiting()).toBeGreaterThan(1_000);
    expect(receive(edit((body) => body.insert(0, "?")))).toEqual({ kind: "accept" });
    expect(receive(missing)).toEqual({ kind: "accept" });
    expect(waiting()).toBe(600);
    expect(server.getText(BODY_YTEXT).length).toBe(">Hello ab\n".length + 2 + 1 + 600);
  });

  it("holds back at most maxPendingDeletions deletions of clocks the document lacks, a keystroke's shape or not", () => {
    const { server, edit, fresh, receive } = setup("Hello\n", undefined, { maxPendingDeletions: 100 });
    // A keystroke plus deletions of a client the document has never seen.
    const withDeletions = (ranges: number, from: number) => {
      const keystroke = edit((body) => body.insert(0, "k"));
      const encoder = encoding.createEncoder();
      encoding.writeUint8Array(encoder, keystroke.subarray(0, keystroke.length - 1)); // its structs, and its delete set's "0 clients"
      for (const value of [1, 424_242, ranges]) encoding.writeVarUint(encoder, value);
      for (let range = 0; range < ranges; range += 1) for (const value of [from + 2 * range, 1]) encoding.writeVarUint(encoder, value);
      return encoding.toUint8Array(encoder);
    };
    expect(receive(withDeletions(60, 0))).toEqual({ kind: "accept" });
    expect(server.store.pendingDs).not.toBeNull();
    const state = Y.encodeStateAsUpdate(server);
    expect(receive(withDeletions(60, 1_000))).toMatchObject({ kind: "refuse", reason: "invalid_update" });
    expect(Y.encodeStateAsUpdate(server)).toEqual(state);
    expect(receive(fresh((body) => body.insert(0, "!")))).toEqual({ kind: "accept" });
    expect(server.getText(BODY_YTEXT).toString()).toBe("!kHello\n"); // the refused keystroke's "k" is not in it
  });

  it("keeps its shadow in step with server-side writes it never checked", () => {
    const { server, edit, receive } = setup("Hello\n", 20);
    receive(edit((body) => body.insert(5, " there")));
    // A write on the server (a restore, another instance): the guard must still judge what follows against it.
    server.getText(BODY_YTEXT).insert(0, "Server: ");
    const client = new Y.Doc();
    Y.applyUpdate(client, Y.encodeStateAsUpdate(server));
    client.getText(BODY_YTEXT).insert(0, "x".repeat(3));
    // 20 characters now, so three more pass the limit: seen only if the shadow has the server's write.
    expect(receive(Y.encodeStateAsUpdate(client, Y.encodeStateVector(server)))).toMatchObject({ kind: "replace", reasons: ["body_too_long"] });
    expect(server.getText(BODY_YTEXT).toString()).toBe("Server: Hello there\n");
  });
});
