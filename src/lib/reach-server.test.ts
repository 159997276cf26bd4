import { redirect } from "next/navigation";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { FormState } from "@/shared/form-state";
import { reachForm, reachServer, UNREACHABLE_MESSAGE } from "./reach-server";

const noAnswer = () => Promise.reject(new TypeError("Failed to fetch"));

describe("reachServer", () => {
  it("answers a call that got no answer as an ordinary failure, and passes an answer on", async () => {
    expect(await reachServer(noAnswer)).toEqual({ ok: false, code: "unavailable", message: UNREACHABLE_MESSAGE });
    expect(await reachServer(() => Promise.resolve({ ok: true as const, data: 1 }))).toEqual({ ok: true, data: 1 });
  });

  it("leaves a redirect the action asked for to the router", async () => {
    const redirecting = async () => redirect("/w/acme");
    await expect(reachServer(redirecting)).rejects.toMatchObject({ digest: expect.stringContaining("NEXT_REDIRECT") });
  });
});

describe("reachForm", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("in the browser, answers no answer with the message and what was submitted, never a password or secret", async () => {
    vi.stubGlobal("window", {});
    const form = new FormData();
    form.set("name", "Acme Corp");
    form.set("slug", "acme-corp");
    form.set("currentPassword", "hunter22");
    form.set("clientSecret", "s3cret");
    form.set("file", new Blob(["x"]));
    const state = await reachForm<FormState>(noAnswer)({}, form);
    expect(state).toEqual({ message: UNREACHABLE_MESSAGE, code: "unavailable", values: { name: "Acme Corp", slug: "acme-corp" } });
    const redirecting = reachForm<FormState>(async () => redirect("/w/acme"));
    await expect(redirecting({}, form)).rejects.toMatchObject({ digest: expect.stringContaining("NEXT_REDIRECT") });
  });

  it("on the server, is the action itself, so the form still posts before the page's scripts run", () => {
    const action = async (state: FormState) => state;
    expect(reachForm(action)).toBe(action);
  });
});
