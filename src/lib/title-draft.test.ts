// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TITLE_LIVE_ATTRIBUTE, keepTitleDraft, readTitleDraft, titleDraftKey, titleKeepScript } from "./title-draft";

// The inline script keeps what TitleField's own code keeps, in the same entry: readTitleDraft (the
// next load) must read what it writes, and it must stand down once the field is live.
const DOCUMENT_ID = "0f5a2c3e-7d1b-4c8e-9a2f-1b3c5d7e9f00";
const USER_ID = "user-b";

function renderField(saved: string): HTMLTextAreaElement {
  document.body.innerHTML = `<textarea id="document-title"></textarea>`;
  const field = document.getElementById("document-title") as HTMLTextAreaElement;
  field.defaultValue = saved; // as the server renders it
  return field;
}

describe("titleKeepScript", () => {
  const sent: Array<{ url: string; body: unknown }> = [];
  beforeEach(() => {
    localStorage.clear();
    sent.length = 0;
    vi.stubGlobal("fetch", (url: string, init: RequestInit) => {
      sent.push({ url, body: JSON.parse(String(init.body)) });
      return Promise.resolve(new Response(null, { status: 200 }));
    });
    new Function(titleKeepScript(USER_ID, DOCUMENT_ID))(); // a nonce'd script in production
  });
  afterEach(() => vi.unstubAllGlobals());

  it("keeps a title typed before hydration as the draft the next load reads, and sends it as the page goes", () => {
    const field = renderField("Old title");
    field.value = "Typed early";
    window.dispatchEvent(new Event("pagehide"));
    expect(readTitleDraft(USER_ID, DOCUMENT_ID)).toEqual({ title: "Typed early", base: "Old title" });
    expect(sent).toEqual([{ url: `/api/v1/documents/${DOCUMENT_ID}`, body: { title: "Typed early" } }]);
  });

  it("does nothing for an unchanged title, or once the field is live", () => {
    const field = renderField("Old title");
    window.dispatchEvent(new Event("pagehide"));
    field.value = "Typed after hydration";
    field.setAttribute(TITLE_LIVE_ATTRIBUTE, "");
    window.dispatchEvent(new Event("pagehide"));
    expect(readTitleDraft(USER_ID, DOCUMENT_ID)).toBeNull();
    expect(sent).toEqual([]);
  });
});

// QA (fourth sweep, #5): drafts were one per document for the whole browser, so the next person to
// sign in there saved the previous person's unsent title under their own name.
describe("title drafts", () => {
  beforeEach(() => localStorage.clear());

  it("are the typing person's: another person on the same browser reads none", () => {
    keepTitleDraft("user-b", DOCUMENT_ID, { title: "B's unsent title", base: "Shared" });
    expect(readTitleDraft("user-a", DOCUMENT_ID)).toBeNull();
    expect(readTitleDraft("user-b", DOCUMENT_ID)).toEqual({ title: "B's unsent title", base: "Shared" });
    // Beside the person's device copy, so signing out deletes it with them (editor/connection/offline-pages.ts).
    expect(Object.keys(localStorage)).toEqual([titleDraftKey("user-b", DOCUMENT_ID)]);
    expect(titleDraftKey("user-b", DOCUMENT_ID)).toBe(`quire:user-b:${DOCUMENT_ID}:title`);
  });

  it("never apply a draft from before they were per person: it names no one, and reading drops it", () => {
    localStorage.setItem(`quire:title-draft:${DOCUMENT_ID}`, JSON.stringify({ title: "Whose?", base: "Shared" }));
    expect(readTitleDraft("user-a", DOCUMENT_ID)).toBeNull();
    expect(localStorage.getItem(`quire:title-draft:${DOCUMENT_ID}`)).toBeNull();
  });
});
