// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { serverBodySnapshotScript } from "@/lib/server-rendered-body";
import { earlyTypingKey, forgetKeptTyping, keepTyping, keepTypingOnHide, keptTypingOf, keptTypings } from "./early-typing-keep";

const KEY = earlyTypingKey("user1", "doc123456789");
const BEFORE = "<p>Existing line.</p><p>Second.</p>";

let root: HTMLElement;
beforeEach(() => {
  localStorage.clear();
  document.body.innerHTML = `<div class="ql-editor" contenteditable="true" data-body-key="page-1">${BEFORE}</div>`;
  root = document.querySelector(".ql-editor") as HTMLElement;
});

describe("early typing kept at unload", () => {
  it("stores the markup after typing as its changed middle, and reads it back as the texts before and after", () => {
    const entry = keptTypingOf("page-1", BEFORE, "<p>Existing line. typed-early</p><p>Second.</p>", 5);
    expect(entry).toEqual({ id: "page-1", before: BEFORE, head: 17, tail: 18, middle: " typed-early", at: 5 });
    keepTyping(KEY, entry);
    expect(keptTypings(KEY, "another-page")).toEqual([{ before: "Existing line.\nSecond.\n", after: "Existing line. typed-early\nSecond.\n", caret: null }]);
    // A page never replays its own entry: its typing is still in its body.
    expect(keptTypings(KEY, "page-1")).toEqual([]);
  });

  it("keeps one entry per page, replaced at each hide, and replays several pages' oldest first", () => {
    keepTyping(KEY, keptTypingOf("second", BEFORE, "<p>Existing line.</p><p>Second. two</p>", 20));
    keepTyping(KEY, keptTypingOf("first", BEFORE, "<p>Existing line. one</p><p>Second.</p>", 10));
    keepTyping(KEY, keptTypingOf("first", BEFORE, "<p>Existing line. one more</p><p>Second.</p>", 11));
    expect(keptTypings(KEY, "now").map((typed) => typed.after)).toEqual(["Existing line. one more\nSecond.\n", "Existing line.\nSecond. two\n"]);
    forgetKeptTyping(KEY);
    expect(keptTypings(KEY, "now")).toEqual([]);
  });

  it("keeps the body's typing on pagehide and when the tab is hidden, and nothing once the editor took it or stopped keeping", () => {
    const stop = keepTypingOnHide(root, BEFORE, KEY, "page-1");
    window.dispatchEvent(new Event("pagehide"));
    expect(localStorage.getItem(KEY)).toBeNull(); // nothing typed
    root.querySelector("p")?.append(" typed");
    window.dispatchEvent(new Event("pagehide"));
    expect(keptTypings(KEY, "next")).toEqual([{ before: "Existing line.\nSecond.\n", after: "Existing line. typed\nSecond.\n", caret: null }]);

    forgetKeptTyping(KEY);
    root.setAttribute("contenteditable", "false"); // taken by the live editor
    window.dispatchEvent(new Event("pagehide"));
    expect(localStorage.getItem(KEY)).toBeNull();
    root.setAttribute("contenteditable", "true");
    stop();
    window.dispatchEvent(new Event("pagehide"));
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it("the page's inline script keeps exactly what keepTypingOnHide keeps", () => {
    // As the browser runs it, right after the body is parsed (a nonce'd script in production).
    new Function(serverBodySnapshotScript("page-1", KEY))();
    root.querySelector("p")?.append(" before hydration");
    window.dispatchEvent(new Event("pagehide"));
    const fromScript = localStorage.getItem(KEY);
    localStorage.clear();
    const stop = keepTypingOnHide(root, BEFORE, KEY, "page-1");
    document.dispatchEvent(new Event("visibilitychange")); // visible: keeps nothing
    window.dispatchEvent(new Event("pagehide"));
    stop();
    const ours = JSON.parse(localStorage.getItem(KEY) ?? "[]") as Array<{ at: number }>;
    const theirs = JSON.parse(fromScript ?? "[]") as Array<{ at: number }>;
    expect(theirs.map((entry) => ({ ...entry, at: 0 }))).toEqual(ours.map((entry) => ({ ...entry, at: 0 })));
    expect(theirs).toHaveLength(1);
  });
});
