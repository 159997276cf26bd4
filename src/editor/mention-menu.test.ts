// @vitest-environment jsdom
import Quill from "quill";
import Delta from "quill-delta";
import { beforeAll, describe, expect, it } from "vitest";
import { registerQuillFormats } from "./register";
import { filterMentionDocuments, filterMentionMembers, isMentionStart, shouldCloseMentionPicker } from "./mention-items";
import { MentionMenuModule, typedAtIndex } from "./mention-menu";
import { setMentionMembers } from "./mention-names";

const MEMBERS = [
  { id: "u1", name: "Ann Lee", email: "ann@example.test" },
  { id: "u2", name: "Bob Stone", email: "robert@example.test" },
  { id: "u3", name: "Annika Berg" },
];

describe("the @ picker's rules", () => {
  it("opens only at a word's start", () => {
    expect([undefined, "", " ", "(", "\u201c"].map(isMentionStart)).toEqual([true, true, true, true, true]);
    expect(["a", "1", "@"].map(isMentionStart)).toEqual([false, false, false]);
  });

  it("finds members by a prefix of a word of the name or of the address", () => {
    const names = (query: string) => filterMentionMembers(query, MEMBERS).map((m) => m.name);
    expect(names("")).toEqual(["Ann Lee", "Bob Stone", "Annika Berg"]);
    expect(names("ann")).toEqual(["Ann Lee", "Annika Berg"]);
    expect(names("le")).toEqual(["Ann Lee"]);
    expect(names("ann b")).toEqual(["Annika Berg"]);
    expect(names("robert@")).toEqual(["Bob Stone"]);
    expect(names("zed")).toEqual([]);
  });

  it("finds documents by a prefix of a word of the title", () => {
    const docs = [{ id: "d1", title: "Road map 2027", url: "/w/a/d/road-map-d1" }, { id: "d2", title: "Notes", url: "/w/a/d/notes-d2" }];
    expect(filterMentionDocuments("map", docs).map((d) => d.id)).toEqual(["d1"]);
    expect(filterMentionDocuments("", docs)).toEqual([]);
  });

  it("closes on a long query or a sentence that finds nothing", () => {
    expect(shouldCloseMentionPicker("ann", 0, false)).toBe(false);
    expect(shouldCloseMentionPicker("the station", 0, false)).toBe(true);
    expect(shouldCloseMentionPicker("the station", 0, true)).toBe(false);
    expect(shouldCloseMentionPicker("x".repeat(41), 3, false)).toBe(true);
  });

  it("reads a typed @ from the change alone", () => {
    expect(typedAtIndex(new Delta().retain(5).insert("@"))).toBe(5);
    expect(typedAtIndex(new Delta().insert("@"))).toBe(0);
    expect(typedAtIndex(new Delta().retain(2).insert("@").delete(3))).toBe(2);
    expect(typedAtIndex(new Delta().retain(2).insert("a@"))).toBeNull();
    expect(typedAtIndex(new Delta().retain(2).insert("@").retain(1, { bold: true }))).toBeNull();
  });
});

describe("MentionMenuModule in Quill", () => {
  let quill: Quill;
  beforeAll(() => {
    // jsdom lays nothing out: Quill's getBounds needs these to exist.
    Range.prototype.getBoundingClientRect = () => new DOMRect();
    Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
    registerQuillFormats(Quill);
    Quill.register("modules/mentionMenu", MentionMenuModule, true);
    setMentionMembers(MEMBERS);
    document.body.innerHTML = '<div id="editor"></div>';
    quill = new Quill("#editor", { formats: ["bold", "link", "code-block", "mention"], modules: { mentionMenu: { workspaceId: null } } });
  });

  const open = () => quill.root.getAttribute("aria-activedescendant");
  const type = (text: string) => {
    for (const char of text) {
      const index = quill.getSelection()?.index ?? quill.getLength() - 1;
      quill.insertText(index, char, "user");
      quill.setSelection(index + 1, 0, "user");
    }
  };

  it("opens on @ at a word's start, filters, and inserts the member as one mention character", () => {
    quill.setContents(new Delta().insert("Hi \n"), "user");
    quill.setSelection(3, 0, "user");
    type("@");
    expect(open()).toMatch(/-m-u1$/);
    type("bo");
    expect(open()).toMatch(/-m-u2$/);
    quill.root.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true }));
    expect(quill.getContents().ops).toEqual([{ insert: "Hi " }, { insert: { mention: { id: "u2", name: "Bob Stone" } } }, { insert: " \n" }]);
    expect(open()).toBeNull();
    expect(quill.root.querySelector(".mention")?.textContent).toBe("\ufeff@Bob Stone\ufeff");
  });

  it("stays closed after a letter, and Escape keeps the typed text", () => {
    quill.setContents(new Delta().insert("me\n"), "user");
    quill.setSelection(2, 0, "user");
    type("@an");
    expect(open()).toBeNull();
    quill.setContents(new Delta().insert("\n"), "user");
    quill.setSelection(0, 0, "user");
    type("@an");
    expect(open()).not.toBeNull();
    quill.root.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true, cancelable: true }));
    expect(open()).toBeNull();
    expect(quill.getText()).toBe("@an\n");
  });

  // What a keystroke asks of Quill, counted rather than timed (timings belong in benchmarks):
  // the closed picker's check must not read the document, and an "@" only the caret's line.
  function countReads(run: () => void): Record<string, number> {
    const counts: Record<string, number> = {};
    const target = quill as unknown as Record<string, (...args: unknown[]) => unknown>;
    const names = ["getText", "getContents", "getLines", "getLine", "getLength", "getFormat", "getSemanticHTML"];
    const originals = names.map((name) => target[name]);
    names.forEach((name, i) => {
      counts[name] = 0;
      target[name] = (...args: unknown[]) => {
        counts[name] = (counts[name] ?? 0) + 1;
        return originals[i]?.apply(quill, args);
      };
    });
    try {
      run();
    } finally {
      names.forEach((name, i) => (target[name] = originals[i] as (...args: unknown[]) => unknown));
    }
    return Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0));
  }

  it("reads nothing of the document for a keystroke while closed, however long it is", () => {
    quill.setContents(new Delta().insert("A line of words that is about this long, give or take.\n".repeat(2_000)), "silent");
    quill.setSelection(quill.getLength() - 1, 0, "silent");
    const menu = quill.getModule("mentionMenu") as MentionMenuModule;
    const onChange = (menu as unknown as { onChange(delta: Delta, source: string): void }).onChange.bind(menu);
    const keystroke = new Delta().retain(quill.getLength() - 1).insert("a");
    expect(countReads(() => onChange(keystroke, "user"))).toEqual({});
  });

  it("reads only the caret's line when an @ is typed and while open", () => {
    const menu = quill.getModule("mentionMenu") as MentionMenuModule;
    const onChange = (menu as unknown as { onChange(delta: Delta, source: string): void }).onChange.bind(menu);
    quill.setContents(new Delta().insert("A line of words that is about this long, give or take.\n".repeat(2_000)).insert("Ask @a\n"), "silent");
    const at = quill.getLength() - 3;
    quill.setSelection(at + 2, 0, "silent");
    expect(countReads(() => onChange(new Delta().retain(at).insert("@"), "user"))).toEqual({ getLine: 1 }); // opens
    expect(countReads(() => onChange(new Delta().retain(at + 1).insert("a"), "user"))).toEqual({ getLine: 1 }); // follows the query
    quill.root.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true, cancelable: true }));
  });
});
