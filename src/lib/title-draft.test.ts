// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TITLE_LIVE_ATTRIBUTE, readTitleDraft, titleKeepScript } from "./title-draft";

// The inline script keeps what TitleField's own code keeps, in the same entry: readTitleDraft (the
// next load) must read what it writes, and it must stand down once the field is live.
const DOCUMENT_ID = "0f5a2c3e-7d1b-4c8e-9a2f-1b3c5d7e9f00";

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
    new Function(titleKeepScript(DOCUMENT_ID))(); // a nonce'd script in production
  });
  afterEach(() => vi.unstubAllGlobals());

  it("keeps a title typed before hydration as the draft the next load reads, and sends it as the page goes", () => {
    const field = renderField("Old title");
    field.value = "Typed early";
    window.dispatchEvent(new Event("pagehide"));
    expect(readTitleDraft(DOCUMENT_ID)).toEqual({ title: "Typed early", base: "Old title" });
    expect(sent).toEqual([{ url: `/api/v1/documents/${DOCUMENT_ID}`, body: { title: "Typed early" } }]);
  });

  it("does nothing for an unchanged title, or once the field is live", () => {
    const field = renderField("Old title");
    window.dispatchEvent(new Event("pagehide"));
    field.value = "Typed after hydration";
    field.setAttribute(TITLE_LIVE_ATTRIBUTE, "");
    window.dispatchEvent(new Event("pagehide"));
    expect(readTitleDraft(DOCUMENT_ID)).toBeNull();
    expect(sent).toEqual([]);
  });
});
