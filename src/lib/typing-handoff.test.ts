// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { arriveAtDocument, dropHeldTyping, holdTyping } from "./typing-handoff";

/** Presses `keys` on whatever has focus, as a browser would dispatch them; "\n" is Enter, "⌫" Backspace. */
function press(keys: string, modifiers: KeyboardEventInit = {}): boolean[] {
  return Array.from(keys, (char) => {
    const key = char === "\n" ? "Enter" : char === "⌫" ? "Backspace" : char;
    const target = document.activeElement ?? document.body;
    return target.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true, ...modifiers }));
  });
}

let button: HTMLButtonElement;
beforeEach(() => {
  document.body.innerHTML = '<button type="button">New document</button><input id="elsewhere">';
  button = document.querySelector("button") as HTMLButtonElement;
  button.focus();
});
afterEach(() => {
  arriveAtDocument("nothing-held", true).leave(); // ends any hold a test left open
  vi.useRealTimers();
});

describe("holdTyping", () => {
  it("holds a new document's title, moves on to the body after Enter, and hands both over with focus", () => {
    const hold = holdTyping("title");
    const defaults = press("Plannx⌫ed\nfirst line\nsecond");
    hold.forDocument("doc-1");
    expect(defaults.every((notPrevented) => !notPrevented)).toBe(true); // the button is not pressed again
    expect(arriveAtDocument("doc-1", true).arrival).toEqual({ title: "Planned", body: "first line\nsecond", focus: "body" });
  });

  it("leaves shortcuts, keys with modifiers and typing in a text field alone", () => {
    holdTyping("body", "doc-2");
    expect(press("k", { ctrlKey: true })).toEqual([true]);
    expect(press("x", { altKey: true })).toEqual([true]);
    expect(document.body.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true, cancelable: true }))).toBe(true);
    document.getElementById("elsewhere")?.focus();
    expect(press("abc")).toEqual([true, true, true]);
    button.focus();
    press("hi");
    expect(arriveAtDocument("doc-2", true).arrival).toEqual({ title: "", body: "hi", focus: "body" });
  });

  it("gives the keys to no other document, and none to a read-only one", () => {
    holdTyping("body", "doc-3");
    press("typed");
    expect(arriveAtDocument("doc-other", true).arrival).toEqual({ title: "", body: "", focus: "body" });
    expect(arriveAtDocument("doc-3", false).arrival).toBeNull();
    expect(press("z")).toEqual([true]); // nothing is held any more
  });

  it("holds nothing for the document already open, and stops after a failed creation or on an error page", () => {
    vi.useFakeTimers();
    const open = arriveAtDocument("doc-4", true);
    holdTyping("body", "doc-4");
    expect(press("a")).toEqual([true]);
    open.leave();

    holdTyping("title").release();
    expect(press("b")).toEqual([true]);

    holdTyping("body", "doc-5");
    expect(press("c")).toEqual([false]);
    dropHeldTyping();
    expect(press("d")).toEqual([true]);
    expect(arriveAtDocument("doc-5", true).arrival).toEqual({ title: "", body: "", focus: "body" });
  });

  it("takes keys for 30 s at most, and still hands what it took to a document that opens later", () => {
    vi.useFakeTimers();
    const hold = holdTyping("title");
    expect(press("Slow")).toEqual([false, false, false, false]);
    vi.advanceTimersByTime(29_000);
    expect(press("!")).toEqual([false]);
    vi.advanceTimersByTime(1_000);
    expect(press("x")).toEqual([true]); // no longer taken: it goes where focus is
    hold.forDocument("doc-9");
    expect(arriveAtDocument("doc-9", true).arrival).toEqual({ title: "Slow!", body: "", focus: "title" });
  });

  it("takes focus for the body of an opened document unless the person is typing in another field", () => {
    expect(arriveAtDocument("doc-6", true).arrival).toEqual({ title: "", body: "", focus: "body" });
    document.getElementById("elsewhere")?.focus();
    expect(arriveAtDocument("doc-7", true).arrival).toBeNull();
    holdTyping("body", "doc-8");
    expect(arriveAtDocument("doc-8", true).arrival).toEqual({ title: "", body: "", focus: null });
  });
});
