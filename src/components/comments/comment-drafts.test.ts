// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { clearOfflineData } from "@/editor/connection/offline-pages";
import { CommentDraftStore, commentDraftsKey } from "./comment-drafts";

const DOC = "0f5a2c3e-7d1b-4c8e-9a2f-1b3c5d7e9f00";
const reply = { text: "Half a reply", mentions: [{ id: "user-b", name: "Bea" }], subject: "Ana's thread on “fox”" };

describe("CommentDraftStore", () => {
  beforeEach(() => localStorage.clear());

  it("keeps replies and edits per person and document, across pages of the same browser", () => {
    new CommentDraftStore(commentDraftsKey("user-a", DOC)).set("reply", "thread-1", reply);
    new CommentDraftStore(commentDraftsKey("user-a", DOC)).set("edit", "comment-1", { ...reply, text: "An edit" });

    const again = new CommentDraftStore(commentDraftsKey("user-a", DOC)); // a reload
    expect(again.get("reply", "thread-1")).toEqual(reply);
    expect(again.get("edit", "comment-1")?.text).toBe("An edit");
    expect(new CommentDraftStore(commentDraftsKey("user-b", DOC)).isEmpty()).toBe(true);
    expect(new CommentDraftStore(commentDraftsKey("user-a", "other-doc")).isEmpty()).toBe(true);
  });

  it("forgets a draft when it is emptied or deleted, and the entry with the last one", () => {
    const store = new CommentDraftStore(commentDraftsKey("user-a", DOC));
    store.set("reply", "thread-1", reply);
    store.set("reply", "thread-2", reply);
    store.set("reply", "thread-1", { ...reply, text: "  " });
    expect(store.has("reply", "thread-1")).toBe(false);
    store.delete("reply", "thread-2");
    expect(localStorage.getItem(commentDraftsKey("user-a", DOC))).toBeNull();
  });

  it("reads only well-formed drafts from storage", () => {
    localStorage.setItem(commentDraftsKey("user-a", DOC), JSON.stringify({ reply: { t: { text: "ok", mentions: [{ id: 1 }] }, u: { text: 5 } }, edit: "x" }));
    const store = new CommentDraftStore(commentDraftsKey("user-a", DOC));
    expect(store.all("reply")).toEqual({ t: { text: "ok", mentions: [], subject: "" } });
    expect(store.all("edit")).toEqual({});
    localStorage.setItem(commentDraftsKey("user-a", DOC), "{not json");
    expect(store.isEmpty()).toBe(true);
  });

  it("is forgotten at sign-out with the person's device copies", async () => {
    new CommentDraftStore(commentDraftsKey("user-a", DOC)).set("reply", "thread-1", reply);
    await clearOfflineData();
    expect(localStorage.getItem(commentDraftsKey("user-a", DOC))).toBeNull();
  });
});
