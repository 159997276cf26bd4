// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  KEPT_CONTEXT,
  STALE_KEPT_TYPING_MS,
  earlyTypingKey,
  forgetKeptTyping,
  keepTyping,
  keepTypingOnHide,
  keptTypingOf,
  storedEntries,
} from "./early-typing-keep";
import { keptTypings } from "./early-typing-kept";
import { serverBodySnapshotScript } from "./server-body-snapshot-script";

const KEY = earlyTypingKey("user1", "doc123456789");
const BEFORE = "<p>Existing line.</p><p>Second.</p>";

/** A body of `paragraphs` lines of about 15 words (6,772 of them: the benchmarks' 100,000-word document). */
function bigBody(paragraphs: number): string {
  return Array.from({ length: paragraphs }, (_, i) => `<p>Line ${i} of the document, with words enough to wrap on a narrow screen.</p>`).join("");
}

/** localStorage with a small quota (keys and values in UTF-16 code units, as browsers count), refusing as they do. */
class QuotaStorage implements Storage {
  private items = new Map<string, string>();
  constructor(private readonly quota: number) {}
  get length() {
    return this.items.size;
  }
  key(index: number) {
    return Array.from(this.items.keys())[index] ?? null;
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    const used = Array.from(this.items).reduce((sum, [k, v]) => (k === key ? sum : sum + k.length + v.length), 0);
    if (used + key.length + value.length > this.quota) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    this.items.set(key, String(value));
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  clear() {
    this.items.clear();
  }
  /** Everything stored, parsed where it is JSON. */
  contents(): Record<string, unknown> {
    return Object.fromEntries(Array.from(this.items, ([k, v]) => [k, v.startsWith("[") ? (JSON.parse(v) as unknown) : v]));
  }
}

/** localStorage blocked (site data off): every use throws. */
class BlockedStorage extends QuotaStorage {
  constructor() {
    super(0);
  }
  override getItem(): string | null {
    throw new DOMException("The operation is insecure.", "SecurityError");
  }
  override setItem(): void {
    throw new DOMException("The operation is insecure.", "SecurityError");
  }
}

let root: HTMLElement;
beforeEach(() => {
  localStorage.clear();
  document.body.innerHTML = `<div class="ql-editor" contenteditable="true" data-body-key="page-1">${BEFORE}</div>`;
  root = document.querySelector(".ql-editor") as HTMLElement;
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("early typing kept at unload", () => {
  it("stores the changed middle, the length of the markup before and a stretch on each side, and reads it back as the texts before and after", () => {
    const entry = keptTypingOf("page-1", BEFORE, "<p>Existing line. typed-early</p><p>Second.</p>", 5);
    expect(entry).toEqual({
      v: 2,
      id: "page-1",
      length: BEFORE.length,
      head: 17,
      tail: 18,
      pre: "<p>Existing line.",
      post: "</p><p>Second.</p>",
      removed: "",
      middle: " typed-early",
      at: 5,
    });
    expect(keepTyping(KEY, entry)).toBe(true);
    expect(keptTypings(KEY, "another-page", BEFORE)).toEqual([{ before: "Existing line.\nSecond.\n", after: "Existing line. typed-early\nSecond.\n", caret: null }]);
    // A page never replays its own entry: its typing is still in its body.
    expect(keptTypings(KEY, "page-1", BEFORE)).toEqual([]);
  });

  it("keeps a bounded stretch of a 100,000-word body, not the body", () => {
    const before = bigBody(6_772);
    const middle = before.indexOf("<p>Line 3386 ") + "<p>Line 3386".length;
    const entry = keptTypingOf("page-1", before, `${before.slice(0, middle)} typed-early${before.slice(middle)}`);
    expect(before.length).toBeGreaterThan(500_000);
    expect(JSON.stringify(entry).length).toBeLessThan(2 * KEPT_CONTEXT + 200);
    // " typed-early" before " of": the first character that differs is after the space.
    expect(entry).toMatchObject({ length: before.length, head: middle + 1, middle: "typed-early ", removed: "" });
    expect(entry.pre).toBe(before.slice(middle + 1 - KEPT_CONTEXT, middle + 1));
    expect(entry.post).toBe(before.slice(middle + 1, middle + 1 + KEPT_CONTEXT));
  });

  it("rebuilds the markup before from the next page's body when it is the same, as the browser writes it or not", () => {
    const before = bigBody(300);
    const middle = before.indexOf("<p>Line 150 ") + "<p>Line 150".length;
    keepTyping(KEY, keptTypingOf("page-1", before, `${before.slice(0, middle)} typed-early${before.slice(middle)}`));
    for (const baseline of [before, before.replaceAll("<p>", "<p >")]) {
      const [typed] = keptTypings(KEY, "next", baseline);
      expect(typed && "near" in typed).toBe(false); // replayed whole, as the page's own typing is
      expect(typed?.after).toContain("\nLine 150 typed-early of the document");
      expect(typed?.after.length).toBe((typed?.before.length ?? 0) + " typed-early".length);
    }
    // Changed elsewhere, the same length: put back into it as typed (the replay moves it onto the live document).
    const [elsewhere] = keptTypings(KEY, "next", before.replace("Line 3 ", "Line X "));
    expect(elsewhere && "near" in elsewhere).toBe(false);
    expect(elsewhere?.after).toMatch(/^Line 0 .*\nLine X .*\nLine 150 typed-early of the document/s);
    // A body changed since: the kept stretch around the typing.
    const [changed] = keptTypings(KEY, "next", before.replace("Line 3 ", "Line three "));
    expect(changed).toMatchObject({ near: (middle + 1) / before.length, caret: null });
    expect(changed?.after.length).toBeLessThan(2 * KEPT_CONTEXT);
  });

  it("finds the changed middle that comparing character by character finds", () => {
    const naive = (before: string, after: string) => {
      let head = 0;
      while (head < Math.min(before.length, after.length) && before[head] === after[head]) head++;
      let tail = 0;
      while (tail < Math.min(before.length, after.length) - head && before.at(-1 - tail) === after.at(-1 - tail)) tail++;
      return { head, tail };
    };
    const before = bigBody(40);
    for (const at of [0, 1, 1023, 1024, 1025, 2047, 2048, Math.floor(before.length / 2), before.length - 1025, before.length - 1, before.length]) {
      for (const [cut, text] of [[0, "x"], [1, ""], [3, "abc"], [1500, "y"], [0, before.slice(at, at + 2000)]] as const) {
        const after = before.slice(0, at) + text + before.slice(at + cut);
        const entry = keptTypingOf("page", before, after);
        expect({ head: entry.head, tail: entry.tail }).toEqual(naive(before, after));
        expect(before.slice(0, entry.head) + entry.middle + before.slice(before.length - entry.tail)).toBe(after);
      }
    }
  });

  it("keeps one entry per page, replaced at each hide, and replays several pages' oldest first", () => {
    keepTyping(KEY, keptTypingOf("second", BEFORE, "<p>Existing line.</p><p>Second. two</p>", 20));
    keepTyping(KEY, keptTypingOf("first", BEFORE, "<p>Existing line. one</p><p>Second.</p>", 10));
    keepTyping(KEY, keptTypingOf("first", BEFORE, "<p>Existing line. one more</p><p>Second.</p>", 11));
    expect(keptTypings(KEY, "now", BEFORE).map((typed) => typed.after)).toEqual(["Existing line. one more\nSecond.\n", "Existing line.\nSecond. two\n"]);
    forgetKeptTyping(KEY);
    expect(keptTypings(KEY, "now", BEFORE)).toEqual([]);
  });

  it("forgets the entries of the pages it names, leaving another page's written meanwhile", () => {
    keepTyping(KEY, keptTypingOf("replayed", BEFORE, "<p>Existing line. one</p><p>Second.</p>", 10));
    keepTyping(KEY, keptTypingOf("still-open", BEFORE, "<p>Existing line.</p><p>Second. two</p>", 20));
    forgetKeptTyping(KEY, new Set(["replayed", "this-page"]));
    expect(keptTypings(KEY, "next", BEFORE).map((typed) => typed.after)).toEqual(["Existing line.\nSecond. two\n"]);
    forgetKeptTyping(KEY, new Set(["still-open"]));
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it("forgets a page's entry when what it kept at a hide was deleted back before the page went", () => {
    keepTyping(KEY, keptTypingOf("other-page", BEFORE, "<p>Existing line.</p><p>Second. two</p>", 20));
    const stop = keepTypingOnHide(root, BEFORE, KEY, "page-1");
    const text = root.querySelector("p")!.appendChild(document.createTextNode(" typed"));
    window.dispatchEvent(new Event("pagehide"));
    expect(keptTypings(KEY, "next", BEFORE)).toHaveLength(2);
    text.remove(); // deleted back to what the server sent
    window.dispatchEvent(new Event("pagehide"));
    expect(keptTypings(KEY, "next", BEFORE).map((typed) => typed.after)).toEqual(["Existing line.\nSecond. two\n"]);
    stop();
  });

  it("still replays an entry a page wrote in the old format, the whole markup before", () => {
    localStorage.setItem(KEY, JSON.stringify([{ id: "old-page", before: BEFORE, head: 17, tail: 18, middle: " typed-early", at: 5 }, { id: "damaged", head: "x" }]));
    expect(keptTypings(KEY, "next", "<p>Changed since.</p>")).toEqual([{ before: "Existing line.\nSecond.\n", after: "Existing line. typed-early\nSecond.\n", caret: null }]);
    localStorage.setItem(KEY, "not JSON");
    expect(keptTypings(KEY, "next", BEFORE)).toEqual([]);
  });

  it("keeps the body's typing on pagehide and when the tab is hidden, and nothing once the editor took it or stopped keeping", () => {
    const stop = keepTypingOnHide(root, BEFORE, KEY, "page-1");
    window.dispatchEvent(new Event("pagehide"));
    expect(localStorage.getItem(KEY)).toBeNull(); // nothing typed
    root.querySelector("p")?.append(" typed");
    window.dispatchEvent(new Event("pagehide"));
    expect(keptTypings(KEY, "next", BEFORE)).toEqual([{ before: "Existing line.\nSecond.\n", after: "Existing line. typed\nSecond.\n", caret: null }]);

    forgetKeptTyping(KEY);
    root.setAttribute("contenteditable", "false"); // taken by the live editor
    window.dispatchEvent(new Event("pagehide"));
    expect(localStorage.getItem(KEY)).toBeNull();
    root.setAttribute("contenteditable", "true");
    stop();
    window.dispatchEvent(new Event("pagehide"));
    expect(localStorage.getItem(KEY)).toBeNull();
  });
});

describe("early typing kept when storage is full", () => {
  const otherKey = earlyTypingKey("user1", "otherdoc0001");
  const staleKey = earlyTypingKey("user1", "otherdoc0002");
  const someoneElses = earlyTypingKey("user2", "otherdoc0003");

  /** Storage holding an old-format entry of another document, a stale one and another person's, with `room` characters left. */
  function fullStorage(room: number): QuotaStorage {
    const oldBefore = bigBody(500);
    const items: Array<[string, string]> = [
      [otherKey, JSON.stringify([{ id: "p", before: oldBefore, head: 40, tail: oldBefore.length - 40, middle: "x", at: Date.now() - 1000 }])],
      [staleKey, JSON.stringify([keptTypingOf("q", BEFORE, "<p>Existing line. stale</p><p>Second.</p>", Date.now() - STALE_KEPT_TYPING_MS - 1)])],
      [someoneElses, JSON.stringify([{ id: "r", before: oldBefore, head: 0, tail: 0, middle: "", at: 0 }])],
    ];
    const used = items.reduce((sum, [key, value]) => sum + key.length + value.length, 0);
    const storage = new QuotaStorage(used + room);
    for (const [key, value] of items) storage.setItem(key, value);
    return storage;
  }

  it("makes room by compacting old entries and dropping other documents' stale ones, then keeps the typing", () => {
    const storage = fullStorage(100);
    vi.stubGlobal("localStorage", storage);
    const entry = keptTypingOf("page-1", BEFORE, "<p>Existing line. typed-early</p><p>Second.</p>");
    expect(keepTyping(KEY, entry)).toBe(true);
    expect(storedEntries(KEY)).toEqual([entry]);
    expect(storage.getItem(staleKey)).toBeNull();
    // The other document's typing is still there, smaller, and replays the same on its body.
    const compacted = storedEntries(otherKey);
    expect(compacted).toMatchObject([{ v: 2, id: "p", head: 40, middle: "x" }]);
    expect(keptTypings(otherKey, "next", bigBody(500))[0]?.after).toMatch(/^Line 0 of the document, with words enxough to wrap/);
    // Another person's entries are theirs.
    expect(JSON.parse(storage.getItem(someoneElses) ?? "[]")).toMatchObject([{ id: "r", before: bigBody(500) }]);
  });

  it("says so when no room can be made, and the page asks before it is left", () => {
    const storage = new QuotaStorage(0);
    vi.stubGlobal("localStorage", storage);
    expect(keepTyping(KEY, keptTypingOf("page-1", BEFORE, "<p>typed</p>"))).toBe(false);

    const stop = keepTypingOnHide(root, BEFORE, KEY, "page-1");
    const leave = () => {
      const event = new Event("beforeunload", { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(leave()).toBe(false); // nothing typed: nothing to ask about
    root.querySelector("p")?.append(" typed");
    expect(leave()).toBe(true);
    vi.stubGlobal("localStorage", new BlockedStorage());
    expect(leave()).toBe(true);
    vi.stubGlobal("localStorage", new QuotaStorage(10_000));
    expect(leave()).toBe(false); // kept now
    expect(keptTypings(KEY, "next", BEFORE)[0]?.after).toBe("Existing line. typed\nSecond.\n");
    stop();
  });
});

describe("the page's inline script", () => {
  /** A fresh body (an earlier test's script keeps watching its own, now gone), and the script run on it as the browser does right after parsing it. */
  function runScript(before = BEFORE) {
    document.body.innerHTML = `<div class="ql-editor" contenteditable="true" data-body-key="page-1">${before}</div>`;
    root = document.querySelector(".ql-editor") as HTMLElement;
    new Function(serverBodySnapshotScript("page-1", KEY))(); // a nonce'd script in production
  }
  const leave = () => {
    const event = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  };

  it.each([
    ["typing", BEFORE, (body: HTMLElement) => body.querySelector("p")?.append(" before hydration")],
    ["a long selection typed over", bigBody(400), (body: HTMLElement) => body.replaceChildren(Object.assign(document.createElement("p"), { textContent: "Replaced." }))],
  ])("keeps exactly what keepTypingOnHide keeps: %s", (_kind, before, type) => {
    runScript(before);
    type(root);
    window.dispatchEvent(new Event("pagehide"));
    const fromScript = localStorage.getItem(KEY);
    localStorage.clear();
    const stop = keepTypingOnHide(root, before, KEY, "page-1");
    document.dispatchEvent(new Event("visibilitychange")); // visible: keeps nothing
    window.dispatchEvent(new Event("pagehide"));
    stop();
    const ours = JSON.parse(localStorage.getItem(KEY) ?? "[]") as Array<{ at: number }>;
    const theirs = JSON.parse(fromScript ?? "[]") as Array<{ at: number }>;
    expect(theirs.map((entry) => ({ ...entry, at: 0 }))).toEqual(ours.map((entry) => ({ ...entry, at: 0 })));
    expect(theirs).toHaveLength(1);
    root.remove();
  });

  it("forgets its entry exactly as keepTypingOnHide does when the typing it kept is deleted back", () => {
    const run = (keeper: () => () => void) => {
      localStorage.clear();
      keepTyping(KEY, keptTypingOf("other-page", BEFORE, "<p>Existing line.</p><p>Second. two</p>", 20));
      const stop = keeper();
      const text = root.querySelector("p")!.appendChild(document.createTextNode(" typed"));
      window.dispatchEvent(new Event("pagehide"));
      const kept = storedEntries(KEY).length;
      text.remove();
      window.dispatchEvent(new Event("pagehide"));
      const left = storedEntries(KEY);
      stop();
      return { kept, left: (left as Array<{ id: string }>).map((entry) => entry.id) };
    };
    const fromScript = run(() => {
      runScript();
      return () => root.remove();
    });
    const ours = run(() => {
      document.body.innerHTML = `<div class="ql-editor" contenteditable="true">${BEFORE}</div>`;
      root = document.querySelector(".ql-editor") as HTMLElement;
      return keepTypingOnHide(root, BEFORE, KEY, "page-1");
    });
    expect(fromScript).toEqual({ kept: 2, left: ["other-page"] });
    expect(ours).toEqual(fromScript);
  });

  it("makes room exactly as keepTyping does when storage is full", () => {
    vi.useFakeTimers({ now: 1_000_000_000_000, toFake: ["Date"] });
    try {
      const run = (keeper: () => () => void) => {
        const otherBefore = "<p>Other document.</p>".repeat(200);
        const items: Array<[string, string]> = [
          [earlyTypingKey("user1", "otherdoc0001"), JSON.stringify([{ id: "p", before: otherBefore, head: 3, tail: otherBefore.length - 3, middle: "x", at: Date.now() - 1 }])],
          [earlyTypingKey("user1", "otherdoc0002"), JSON.stringify([{ id: "q", before: "<p>a</p>", head: 3, tail: 4, middle: "b", at: Date.now() - STALE_KEPT_TYPING_MS }])],
          [KEY, JSON.stringify([{ id: "earlier-page", before: BEFORE, head: 3, tail: BEFORE.length - 3, middle: "Early ", at: 1 }, null, "junk"])],
        ];
        const storage = new QuotaStorage(items.reduce((sum, [key, value]) => sum + key.length + value.length, 0) + 50);
        for (const [key, value] of items) storage.setItem(key, value);
        vi.stubGlobal("localStorage", storage);
        const stop = keeper();
        root.querySelector("p")?.append(" typed");
        const asked = leave();
        stop();
        return { asked, contents: storage.contents() };
      };
      const fromScript = run(() => {
        runScript();
        return () => root.remove(); // the script stops keeping a body that is gone
      });
      const ours = run(() => {
        document.body.innerHTML = `<div class="ql-editor" contenteditable="true">${BEFORE}</div>`;
        root = document.querySelector(".ql-editor") as HTMLElement;
        return keepTypingOnHide(root, BEFORE, KEY, "page-1");
      });
      expect(fromScript).toEqual(ours);
      expect(fromScript.asked).toBe(false);
      expect(Object.keys(fromScript.contents)).toEqual([earlyTypingKey("user1", "otherdoc0001"), KEY]);
      expect(keptTypings(KEY, "next", BEFORE).map((typed) => typed.after)).toEqual(["Early Existing line.\nSecond.\n", "Existing line. typed\nSecond.\n"]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("asks before the page is left when no room can be made", () => {
    runScript();
    vi.stubGlobal("localStorage", new QuotaStorage(0));
    expect(leave()).toBe(false);
    root.querySelector("p")?.append(" typed");
    expect(leave()).toBe(true);
    vi.stubGlobal("localStorage", new QuotaStorage(10_000));
    expect(leave()).toBe(false);
    root.remove();
  });
});
