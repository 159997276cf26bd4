// @vitest-environment jsdom
import { quillInJsdom } from "@test/quill-in-jsdom";
import { beforeEach, describe, expect, it } from "vitest";
import { KEPT_REMOVED_MAX, earlyTypingKey, keepTyping, keptTypingOf } from "./early-typing-keep";
import { keptTypings } from "./early-typing-kept";
import { replayTyping } from "./replay-typing";

const KEY = earlyTypingKey("user1", "doc123456789");

/** Lines of about 15 words each, numbered so every stretch of them is found once. */
function lines(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `Line ${i} of the document, with words enough to wrap on a narrow screen.`);
}

/** The body's markup, as the server renders plain lines (and the browser writes them back). */
function markupOf(text: string[]): string {
  return text.map((line) => `<p>${line.replaceAll("&", "&amp;")}</p>`).join("");
}

/** What the earlier page kept for typing that turned `before` into `after`, replayed by this page on `live` (its body `baseline`). */
function replayOn(before: string, after: string, live: string[], baseline = markupOf(live)): string {
  localStorage.clear();
  keepTyping(KEY, keptTypingOf("earlier-page", before, after));
  const editor = quillInJsdom();
  editor.quill.setContents(new editor.Delta().insert(`${live.join("\n")}\n`), "silent");
  for (const kept of keptTypings(KEY, "this-page", baseline)) replayTyping(editor.quill, editor.Delta, kept);
  return editor.quill.getText();
}

/** `markup` with `text` typed after the first occurrence of `after`. */
function typedAfter(markup: string, after: string, text: string): string {
  const at = markup.indexOf(after) + after.length;
  return markup.slice(0, at) + text + markup.slice(at);
}

const BODY = lines(300);
const BEFORE = markupOf(BODY);

beforeEach(() => localStorage.clear());

describe("typing kept by an earlier page, replayed on a body that changed since", () => {
  it("lands where it was typed when the document changed far from it", () => {
    const live = BODY.map((line, i) => (i === 3 ? "Rewritten by someone else." : line));
    live.splice(280, 0, "Added near the end.");
    const text = replayOn(BEFORE, typedAfter(BEFORE, "Line 150 of the document,", " typed-early"), live);
    const expected = live.map((line, i) => (i === 150 ? line.replace("document,", "document, typed-early") : line));
    expect(text).toBe(`${expected.join("\n")}\n`);
  });

  it("lands next to the text around it when that changed too, keeping the others' edit", () => {
    // Someone changed the same line, a few words after the typing.
    const live = BODY.map((line, i) => (i === 150 ? line.replace("narrow screen", "phone") : line));
    const text = replayOn(BEFORE, typedAfter(BEFORE, "Line 150 of the", " whole"), live);
    expect(text.split("\n")[150]).toBe("Line 150 of the whole document, with words enough to wrap on a phone.");
    expect(text.split("\n")).toHaveLength(301);
  });

  it("replays lines joined and split in a stretch cut mid-entity at its start and mid-tag at its end", () => {
    const body = BODY.map((line, i) => (i === 149 ? `Fish ${"&".repeat(250)} chips` : i === 151 ? "x".repeat(58) : line));
    const bold = (i: number) => i >= 150 && i < 170 && i !== 151;
    const markup = (text: string[]) => text.map((line, i) => (bold(i) ? `<p><strong>${line}</strong></p>` : `<p>${line.replaceAll("&", "&amp;")}</p>`)).join("");
    const before = markup(body);
    // Backspace at the start of line 150 (joined to line 149), then Enter after "Line 150 of" and a word typed.
    const after = before.replace("chips</p><p><strong>Line 150 of", "chips<strong>Line 150 of").replace("Line 150 of", "Line 150 of</strong></p><p><strong>new");
    const kept = keptTypingOf("earlier-page", before, after);
    expect(kept.pre).toMatch(/^mp;&amp;/);
    expect(kept.post).toMatch(/<str$/);
    const live = body.map((line, i) => (i === 10 ? "Changed elsewhere." : line));
    const text = replayOn(before, after, live, markup(live)).split("\n");
    expect(text.slice(148, 152)).toEqual([body[148], `${body[149]}Line 150 of`, "new the document, with words enough to wrap on a narrow screen.", body[151]]);
    expect(text[10]).toBe("Changed elsewhere.");
    expect(text).toHaveLength(301);
  });

  it("adds the line as typed, on its own, when the text around it was deleted meanwhile", () => {
    const live = [...BODY.slice(0, 140), ...BODY.slice(160)];
    const text = replayOn(BEFORE, typedAfter(BEFORE, "Line 150 of the document,", " typed-early"), live).split("\n");
    const at = text.indexOf("Line 150 of the document, typed-early with words enough to wrap on a narrow screen.");
    expect(at).toBeGreaterThan(100);
    expect(at).toBeLessThan(180);
    expect([...text.slice(0, at), ...text.slice(at + 1)].join("\n")).toBe(`${live.join("\n")}\n`);
  });

  it("deletes a long selection typed over where both its ends are found as they were, and else adds the line as typed", () => {
    const from = BEFORE.indexOf("Line 20 ");
    const to = BEFORE.indexOf("Line 280 ");
    const after = `${BEFORE.slice(0, from)}Replaced.</p><p>${BEFORE.slice(to)}`;
    expect(to - from).toBeGreaterThan(KEPT_REMOVED_MAX);
    const replaced = (live: string[]) => `${[...live.slice(0, 20), "Replaced.", ...live.slice(280)].join("\n")}\n`;
    // The same body: rebuilt from this page's.
    expect(replayOn(BEFORE, after, BODY)).toBe(replaced(BODY));
    // Changed elsewhere, or inside the replaced stretch: its two ends are still there, and all between them goes.
    const changed = BODY.map((line, i) => (i === 2 || i === 100 ? "Changed." : line));
    expect(replayOn(BEFORE, after, changed)).toBe(replaced(changed));
    // Its first line changed: nothing is deleted; the line as typed goes before the line it was typed in.
    const atItsStart = BODY.map((line, i) => (i === 20 ? "Changed." : line));
    expect(replayOn(BEFORE, after, atItsStart)).toBe(`${[...atItsStart.slice(0, 20), "Replaced.", ...atItsStart.slice(20)].join("\n")}\n`);
  });
});
