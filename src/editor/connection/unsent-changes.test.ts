// @vitest-environment jsdom
import type { HocuspocusProvider } from "@hocuspocus/provider";
import { afterEach, describe, expect, it } from "vitest";
import { keepTitleDraft } from "@/lib/title-draft";
import { clearOfflineData } from "./offline-pages";
import { holdsUnsentChanges, markUnsent, unsentDocuments, unsentEntryName, watchUnsentChanges } from "./unsent-changes";

/** The part of a HocuspocusProvider the mark follows, driven by the test. */
function fakeProvider() {
  const listeners = new Map<string, Set<() => void>>();
  const state = { unsynced: 0, isSynced: false, status: "disconnected" };
  const emit = (event: string) => listeners.get(event)?.forEach((listener) => listener());
  const provider = {
    get hasUnsyncedChanges() {
      return state.unsynced > 0;
    },
    get isSynced() {
      return state.isSynced;
    },
    configuration: {
      websocketProvider: {
        get status() {
          return state.status;
        },
      },
    },
    on(event: string, listener: () => void) {
      listeners.set(event, (listeners.get(event) ?? new Set()).add(listener));
    },
    off(event: string, listener: () => void) {
      listeners.get(event)?.delete(listener);
    },
  };
  return {
    // A stand-in: the mark reads only these members.
    provider: provider as unknown as HocuspocusProvider,
    type: () => {
      state.unsynced += 1;
      emit("unsyncedChanges");
    },
    acknowledge: () => {
      state.unsynced = Math.max(0, state.unsynced - 1);
      if (state.unsynced === 0 && state.status === "connected") state.isSynced = true;
      emit("unsyncedChanges");
    },
    connect: () => {
      state.status = "connected";
      state.unsynced = 1; // the provider's startSync: one until the server confirms the sync
      emit("status");
      emit("unsyncedChanges");
    },
    disconnect: () => {
      state.status = "disconnected";
      state.isSynced = false;
      emit("status");
    },
  };
}

const COPY = "quire:ada:doc1";

afterEach(() => localStorage.clear());

describe("watchUnsentChanges", () => {
  it("marks a copy typed into without a connection, and unmarks it once a sync has the server confirm everything", () => {
    const fake = fakeProvider();
    const stop = watchUnsentChanges(COPY, fake.provider);
    fake.type();
    expect(localStorage.getItem(unsentEntryName(COPY))).toBe(window.location.pathname);
    fake.connect();
    expect(localStorage.getItem(unsentEntryName(COPY))).not.toBeNull(); // syncing, not yet confirmed
    fake.acknowledge();
    expect(localStorage.getItem(unsentEntryName(COPY))).toBeNull();
    stop();
  });

  it("writes nothing while typing online, but marks the copy when the page is left with changes on their way", () => {
    const fake = fakeProvider();
    fake.connect();
    fake.acknowledge();
    const stop = watchUnsentChanges(COPY, fake.provider);
    fake.type();
    fake.acknowledge();
    fake.type();
    expect(localStorage.getItem(unsentEntryName(COPY))).toBeNull();
    window.dispatchEvent(new Event("pagehide"));
    expect(localStorage.getItem(unsentEntryName(COPY))).not.toBeNull();
    stop();
  });

  it("keeps the address of the page that marked it, and lists the editor as live until stopped", () => {
    localStorage.setItem(unsentEntryName(COPY), "/w/acme/d/plan-doc1");
    const fake = fakeProvider();
    const stop = watchUnsentChanges(COPY, fake.provider);
    fake.type();
    expect(localStorage.getItem(unsentEntryName(COPY))).toBe("/w/acme/d/plan-doc1");
    expect(unsentDocuments("ada")).toEqual([
      { documentId: "doc1", deviceCopy: COPY, href: "/w/acme/d/plan-doc1", hasEarlyTyping: false, hasUnsentBody: true, hasTitleDraft: false, provider: fake.provider },
    ]);
    stop();
    expect(unsentDocuments("ada")[0]?.provider).toBeNull();
  });
});

describe("unsentDocuments", () => {
  it("lists one person's marked copies and early typing, not another's", () => {
    markUnsent("quire:ada:doc1", true);
    localStorage.setItem("quire:ada:doc2:early", "[]");
    localStorage.setItem("quire:ada:doc3:unload", "AAA"); // a synced copy's last changes: nothing unsent
    markUnsent("quire:bob:doc4", true);
    const found = unsentDocuments("ada").map(({ documentId, hasEarlyTyping }) => ({ documentId, hasEarlyTyping }));
    expect(found).toEqual([
      { documentId: "doc1", hasEarlyTyping: false },
      { documentId: "doc2", hasEarlyTyping: true },
    ]);
    markUnsent("quire:ada:doc1", false);
    expect(unsentDocuments("ada").map(({ documentId }) => documentId)).toEqual(["doc2"]);
  });

  // QA (fourth sweep, #5): sign-out neither sent nor deleted unsaved titles.
  it("lists one person's unsaved titles, alone or beside the body's changes", () => {
    keepTitleDraft("ada", "doc1", { title: "Mine", base: "Old" });
    keepTitleDraft("ada", "doc2", { title: "Also mine", base: "Old" });
    markUnsent("quire:ada:doc2", true);
    keepTitleDraft("bob", "doc3", { title: "Bob's", base: "Old" });
    const found = unsentDocuments("ada").map(({ documentId, hasUnsentBody, hasTitleDraft }) => ({ documentId, hasUnsentBody, hasTitleDraft }));
    expect(found.sort((a, b) => a.documentId.localeCompare(b.documentId))).toEqual([
      { documentId: "doc1", hasUnsentBody: false, hasTitleDraft: true },
      { documentId: "doc2", hasUnsentBody: true, hasTitleDraft: true },
    ]);
  });
});

describe("clearOfflineData", () => {
  it("forgets what pages kept, except for the copies it is told to keep", async () => {
    markUnsent("quire:ada:doc1", true);
    localStorage.setItem("quire:ada:doc1:unload", "AAA");
    markUnsent("quire:bob:doc2", true);
    localStorage.setItem("quire:bob:doc2:unload", "BBB");
    localStorage.setItem("quire:bob:doc3:unload", "CCC");
    localStorage.setItem("quire-theme", "dark");
    keepTitleDraft("ada", "doc5", { title: "Ada's", base: "Old" });
    keepTitleDraft("bob", "doc6", { title: "Bob's", base: "Old" });
    localStorage.setItem("quire:title-draft:doc7", JSON.stringify({ title: "Whose?", base: "Old" }));
    await clearOfflineData((copy) => !copy.startsWith("quire:ada:") && holdsUnsentChanges(copy));
    expect(Object.keys(localStorage).sort()).toEqual(["quire-theme", "quire:bob:doc2:unload", "quire:bob:doc2:unsent", "quire:bob:doc6:title"]);
  });
});
