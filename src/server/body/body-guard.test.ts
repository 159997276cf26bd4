import Delta from "quill-delta";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { BODY_YTEXT } from "@/shared/editor-rules";
import { BodyGuard, holdsUpdate } from "./body-guard";

/** A server document and a client that starts from it, as after a sync. */
function setup(initial = "Hello\n", maxBodyChars?: number) {
  const server = new Y.Doc();
  server.getText(BODY_YTEXT).insert(0, initial);
  const client = new Y.Doc();
  Y.applyUpdate(client, Y.encodeStateAsUpdate(server));
  const guard = new BodyGuard(server, { maxBodyChars });
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
  return { server, client, edit, receive };
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
