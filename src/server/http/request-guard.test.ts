import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { GuardOptions, Verdict } from "./request-guard";
import { guardRequest, hasReadableUpgradeTarget, listPublicFiles, requestPath } from "./request-guard";

const options: GuardOptions = { publicFiles: new Set(["/sw.js"]), isDev: false };
const verdict = (method: string, url: string, headers: Record<string, string> = {}): Verdict => guardRequest({ method, url, headers }, options);
const NOT_ALLOWED = { kind: "refuse", refusal: { status: 405, text: "Method Not Allowed", allow: "GET, HEAD" } };

describe("guardRequest", () => {
  it("hands reads of pages and files to Next", () => {
    for (const url of ["/", "/w/acme/d/notes-abc123def456?x=1", "/no-such-page", "/_next/static/chunks/a.js", "/sw.js", "/_next/image?url=%2Fx&w=640&q=75"]) {
      expect(verdict("GET", url), url).toEqual({ kind: "next" });
      expect(verdict("HEAD", url), url).toEqual({ kind: "next" });
    }
  });

  it("refuses every other method on a page with 405 and Allow, server actions aside", () => {
    for (const method of ["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "PROPFIND"]) expect(verdict(method, "/login"), method).toEqual(NOT_ALLOWED);
    expect(verdict("POST", "/w/acme", { "next-action": "7f00aa" })).toEqual({ kind: "action-post" });
    expect(verdict("POST", "/login", { "content-type": "multipart/form-data; boundary=x" })).toEqual({ kind: "action-post" });
    // Url-encoded, Next answers an action's not-found itself.
    expect(verdict("POST", "/w/acme", { "next-action": "7f00aa", "content-type": "application/x-www-form-urlencoded" })).toEqual({ kind: "next" });
    expect(verdict("PUT", "/w/acme", { "next-action": "7f00aa" })).toEqual(NOT_ALLOWED);
    expect(verdict("POST", "/login", { "content-type": "application/x-www-form-urlencoded" })).toEqual(NOT_ALLOWED);
  });

  it("refuses a server action from another site, or with a null, empty or unreadable Origin, with 403 (Next: a plain 500)", () => {
    const host = "docs.example.com:3000";
    const action = (headers: Record<string, string>) => verdict("POST", "/w/acme/d/plan-abc123def456", { host, "next-action": "7f00aa", "content-type": "text/plain;charset=UTF-8", ...headers });
    const form = (headers: Record<string, string>) => verdict("POST", "/login", { host, "content-type": "multipart/form-data; boundary=x", ...headers });
    const FORBIDDEN = { kind: "refuse", refusal: { status: 403, text: "Forbidden" } };
    for (const origin of ["http://evil.example", "null", "", "not a url", "http://docs.example.com:3001", "http://docs.example.com"]) {
      expect(action({ origin }), origin).toEqual(FORBIDDEN);
      expect(form({ origin }), origin).toEqual(FORBIDDEN);
    }
    // The same site, by Host or by a proxy's X-Forwarded-Host (its first value), as Next reads them.
    expect(action({ origin: `http://${host}` })).toEqual({ kind: "action-post" });
    expect(action({ origin: `https://${host}` })).toEqual({ kind: "action-post" });
    expect(action({ origin: "https://quire.example.org", "x-forwarded-host": "quire.example.org, proxy.internal" })).toEqual({ kind: "action-post" });
    expect(action({ origin: `http://${host}`, "x-forwarded-host": "quire.example.org" })).toEqual(FORBIDDEN);
    // No Origin (a hand-made request: no browser leaves it out of a cross-site POST) passes, as in Next.
    expect(action({})).toEqual({ kind: "action-post" });
    expect(form({})).toEqual({ kind: "action-post" });
    expect(verdict("POST", "/login", { "next-action": "7f00aa", origin: "http://x" })).toEqual(FORBIDDEN); // no Host at all
  });

  it("with PUBLIC_URL, refuses a server action from any other Origin, even one that names its own Host (a client that is not a browser)", () => {
    const guarded = (headers: Record<string, string>) =>
      guardRequest({ method: "POST", url: "/forgot-password", headers: { "next-action": "7f00aa", "content-type": "text/plain;charset=UTF-8", ...headers } }, { ...options, publicUrl: "https://docs.example.com" });
    const FORBIDDEN = { kind: "refuse", refusal: { status: 403, text: "Forbidden" } };
    // QA's request: Host and Origin agree, so Next's own check passes; they just aren't this server's address.
    expect(guarded({ host: "evil.example", origin: "http://evil.example" })).toEqual(FORBIDDEN);
    expect(guarded({ host: "127.0.0.1:3000", "x-forwarded-host": "evil.example", origin: "https://evil.example" })).toEqual(FORBIDDEN);
    // PUBLIC_URL's Origin, but a Host Next's check refuses it for: still 403 rather than Next's 500.
    expect(guarded({ host: "evil.example", origin: "https://docs.example.com" })).toEqual(FORBIDDEN);
    // The public address, directly or through a proxy that names it in Host or X-Forwarded-Host.
    expect(guarded({ host: "docs.example.com", origin: "https://docs.example.com" })).toEqual({ kind: "action-post" });
    expect(guarded({ host: "127.0.0.1:3000", "x-forwarded-host": "docs.example.com", origin: "https://docs.example.com" })).toEqual({ kind: "action-post" });
    // No Origin passes, as without PUBLIC_URL: whatever its Host, emailed links are on PUBLIC_URL (public-origin.ts).
    expect(guarded({ host: "evil.example" })).toEqual({ kind: "action-post" });
  });

  it("matches Next's CSRF check only while next.config.ts allows no other origins", async () => {
    const config = (await import("../../../next.config")).default;
    expect(config.experimental?.serverActions?.allowedOrigins).toBeUndefined();
  });

  it("refuses anything but reads of static files, server-action headers or not", () => {
    for (const url of ["/_next/static/chunks/a.js", "/sw.js", "/_next/image?url=%2Fx&w=640&q=75"]) {
      expect(verdict("POST", url, { "next-action": "7f00aa", "content-type": "multipart/form-data; boundary=x" }), url).toEqual(NOT_ALLOWED);
      expect(verdict("DELETE", url), url).toEqual(NOT_ALLOWED);
    }
  });

  it("leaves the API's methods to its routes, and answers those Next never routes with the JSON 400", () => {
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) expect(verdict(method, "/api/v1/documents"), method).toEqual({ kind: "next" });
    expect(verdict("TRACE", "/api/health")).toEqual({
      kind: "refuse",
      refusal: { status: 400, text: "Bad Request", api: { code: "bad_request", message: "TRACE is not a method this API takes." } },
    });
  });

  it("answers 400 for a target that is not a path, a malformed escape or an unreadable router state", () => {
    for (const [url, headers] of [
      ["http://other.example/", {}],
      ["*", {}],
      ["/w/%E0%A4%A", {}],
      ["/", { rsc: "1", "next-router-state-tree": "garbage" }],
      ["/", { rsc: "1", "next-router-state-tree": encodeURIComponent(JSON.stringify([1, 2, 3])) }],
    ] as const) {
      expect(verdict("GET", url, headers), url).toMatchObject({ kind: "refuse", refusal: { status: 400, text: "Bad Request" } });
    }
    expect(verdict("GET", "/api/v1/documents/%E0")).toMatchObject({ refusal: { status: 400, api: { code: "bad_request" } } });
    const routerState = encodeURIComponent(JSON.stringify(["", { children: ["__PAGE__", {}] }]));
    expect(verdict("GET", "/", { rsc: "1", "next-router-state-tree": routerState })).toEqual({ kind: "next" });
  });

  it("lets Next's development tooling through in development only", () => {
    expect(guardRequest({ method: "POST", url: "/__nextjs_original-stack-frames", headers: {} }, { ...options, isDev: true })).toEqual({ kind: "next" });
    expect(verdict("POST", "/__nextjs_original-stack-frames")).toEqual(NOT_ALLOWED);
  });
});

describe("listPublicFiles", () => {
  it("lists every file under the folder by its address", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "quire-public-"));
    fs.mkdirSync(path.join(dir, "fonts"));
    fs.writeFileSync(path.join(dir, "sw.js"), "");
    fs.writeFileSync(path.join(dir, "fonts", "a.woff2"), "");
    expect([...listPublicFiles(dir)].sort()).toEqual(["/fonts/a.woff2", "/sw.js"]);
    expect(listPublicFiles(path.join(dir, "missing")).size).toBe(0);
    fs.rmSync(dir, { recursive: true });
  });
});

describe("requestPath", () => {
  it("is the target up to its query or fragment, for targets a URL parser refuses too", () => {
    expect(requestPath("/collab?token=x")).toBe("/collab");
    expect(requestPath("//[::1#x")).toBe("//[::1");
    expect(requestPath(undefined)).toBe("/");
  });
});

describe("hasReadableUpgradeTarget", () => {
  it("accepts what makes a URL with its Host, and refuses a Host that doesn't", () => {
    expect(hasReadableUpgradeTarget({ url: "/collab", headers: { host: "docs.example.com:3000" } })).toBe(true);
    expect(hasReadableUpgradeTarget({ url: "/collab", headers: {} })).toBe(true);
    expect(hasReadableUpgradeTarget({ url: "/collab", headers: { host: "a b" } })).toBe(false);
    expect(hasReadableUpgradeTarget({ url: "/collab", headers: { host: "[" } })).toBe(false);
  });
});
