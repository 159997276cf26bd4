import * as Y from "yjs";
import { describe, expect, it } from "vitest";
import { judgeUpdate } from "./body-items";
import { sanitizeDelta } from "./sanitize-delta";
import { deltaToPlainText, renderDeltaHtml } from "./render-delta-html";
import { mentionsAsText, showMentionNames } from "./mention-markup";

const mention = (value: unknown) => ({ ops: [{ insert: "Hi " }, { insert: { mention: value } }, { insert: "\n" }] });

describe("mentions in a document body", () => {
  it("keeps a well-formed mention embed as it is", () => {
    const input = mention({ id: "user_1", name: "Ann Lee" });
    expect(sanitizeDelta(input)).toEqual({ delta: input, changed: false });
  });

  it.each([
    ["no id", { name: "Ann" }],
    ["an id with markup", { id: "<b>", name: "Ann" }],
    ["an empty id", { id: "", name: "Ann" }],
    ["a string instead of an object", "user_1"],
    ["null", null],
  ])("drops a mention with %s", (_label, value) => {
    expect(sanitizeDelta(mention(value))).toEqual({ delta: { ops: [{ insert: "Hi " }, { insert: "\n" }] }, changed: true });
  });

  it("cleans a mention's name and drops extra fields", () => {
    const { delta, changed } = sanitizeDelta(mention({ id: "user_1", name: " Ann\u0007 ", email: "a@x" }));
    expect(changed).toBe(true);
    expect(delta.ops[1]).toEqual({ insert: { mention: { id: "user_1", name: "Ann" } } });
  });

  it("renders a mention as one non-editable span with its stored name, and reads as @Name in the text", async () => {
    const html = await renderDeltaHtml(mention({ id: "user_1", name: "Ann <Lee>" }));
    expect(html).toBe('<p>Hi <span class="mention" data-user-id="user_1" data-name="Ann &lt;Lee&gt;" contenteditable="false">\ufeff<span contenteditable="false">@Ann &lt;Lee&gt;</span>\ufeff</span></p>');
    expect(deltaToPlainText(mention({ id: "user_1", name: "Ann" }))).toBe("Hi @Ann\n");
  });
});

describe("showMentionNames", () => {
  const names = new Map([["user_1", "Ann Smith & Co"]]);
  const lookup = (id: string) => names.get(id);

  it("shows the current name in the editor's markup, the stored one for someone unknown", async () => {
    const html = await renderDeltaHtml({ ops: [{ insert: { mention: { id: "user_1", name: "Ann" } } }, { insert: " " }, { insert: { mention: { id: "gone", name: "Bo" } } }, { insert: "\n" }] });
    const shown = showMentionNames(html, lookup, "editor");
    expect(shown).toContain('data-user-id="user_1" data-name="Ann" contenteditable="false">\ufeff<span contenteditable="false">@Ann Smith &amp; Co</span>');
    expect(shown).toContain('<span contenteditable="false">@Bo</span>');
    expect(showMentionNames(html, lookup, "export")).toBe('<p><span class="mention" data-user-id="user_1">@Ann Smith &amp; Co</span> <span class="mention" data-user-id="gone">@Bo</span></p>');
    expect(showMentionNames(html, lookup, "published")).toBe('<p><span class="mention">@Ann Smith &amp; Co</span> <span class="mention">@Bo</span></p>');
  });

  it("writes mentions as text for Markdown and Word, keeping their formats", () => {
    const delta = { ops: [{ insert: { mention: { id: "user_1", name: "Ann" } }, attributes: { bold: true as const } }, { insert: "\n" }] };
    expect(mentionsAsText(delta, lookup).ops[0]).toEqual({ insert: "@Ann Smith & Co", attributes: { bold: true } });
  });
});

describe("mentions on the socket", () => {
  const updateWith = (embed: object) => {
    const doc = new Y.Doc();
    doc.getText("body").insertEmbed(0, embed);
    return Y.encodeStateAsUpdate(doc);
  };

  it("takes a well-formed mention as it is and marks a malformed one for repair", () => {
    expect(judgeUpdate(updateWith({ mention: { id: "user_1", name: "Ann" } }), "v1")).toBe("ok");
    expect(judgeUpdate(updateWith({ mention: { id: "user 1", name: "Ann" } }), "v1")).toBe("unsafe");
    expect(judgeUpdate(updateWith({ mention: { id: "user_1", name: "Ann", email: "a@x.test" } }), "v1")).toBe("unsafe");
  });
});
