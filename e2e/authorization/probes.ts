import { expect } from "vitest";
import type { AuthRefusedReason } from "@/shared/protocol/close-codes";
import { connectCollab } from "@test/collab-client";
import { callAction } from "../support/server-actions";
import type { ActorName, Fixture } from "./fixture";

/**
 * What one actor got from one surface, in the table's words:
 * - `ok`: let through (a page or a redirect inside the app, a 2xx, an action that ran);
 * - `login`: sent to sign in (redirect to /login, 401, `unauthenticated`, a socket refused for its session);
 * - `forbidden`: 403 / `forbidden`;
 * - `not_found`: 404 / `not_found`, which must look exactly like a request for nothing;
 * - `conflict`: 409 / `conflict`: the role allows it but the state doesn't (the last owner leaving);
 * - `read-only`: the socket connected, but the server refused the document update.
 */
/** "trashed": the socket's word to a member whose document is in the trash (members see the trash). */
export type Outcome = "ok" | "login" | "forbidden" | "not_found" | "conflict" | "read-only" | "trashed";

/** An outcome plus what the caller saw, compared with a missing id's when it is `not_found`. */
export interface Observation {
  outcome: Outcome | `unexpected: ${string}`;
  evidence: string;
}

/** "real": the fixture's object; "missing": the same request for an id that names nothing. */
export type Target = "real" | "missing";

export type Probe = (fx: Fixture, actor: ActorName, target: Target) => Promise<Observation>;

/**
 * GET a page with the actor's cookie. `shows`, when given, names what that actor must get, for
 * pages that answer everyone but not with the same thing: matched against a 200's HTML (as sent,
 * so with React's escapes) or an in-app redirect's location; otherwise the page is `unexpected`.
 */
export function page(path: (fx: Fixture, target: Target) => string, shows?: (actor: ActorName, fx: Fixture) => RegExp): Probe {
  return async (fx, actor, target) => {
    const response = await fetch(`${fx.app.url}${path(fx, target)}`, { redirect: "manual", headers: { cookie: fx.cookie(actor) } });
    const html = await response.text();
    const location = response.headers.get("location") ?? "";
    // Title and heading: the rest of the HTML carries the requested path and the nonce.
    const evidence = `${response.status} ${match(html, /<title>([^<]*)<\/title>/)} | ${match(html, /<h1[^>]*>([^<]*)<\/h1>/)}`;
    if (response.status >= 300 && response.status < 400) {
      const redirected = { evidence: `${response.status} → ${location}` };
      if (new URL(location, fx.app.url).pathname === "/login") return { outcome: "login", ...redirected };
      const expected = shows?.(actor, fx);
      if (expected && !expected.test(location)) return { outcome: `unexpected: a redirect to ${location}, not ${expected}`, ...redirected };
      return { outcome: "ok", ...redirected };
    }
    const expected = response.status === 200 ? shows?.(actor, fx) : undefined;
    if (expected && !expected.test(html)) return { outcome: `unexpected: no ${expected} in the page`, evidence };
    return { outcome: fromStatus(response.status), evidence };
  };
}

/**
 * A client-side navigation to `path` from the page at `from` (the RSC request the router sends,
 * with `Next-Url`), for intercepted routes: `ok` only when the payload holds `marker` (the
 * intercepting page's component), `not_found` when rendering threw notFound() instead.
 */
export function softNavigation(path: (fx: Fixture, target: Target) => { path: string; from: string }, marker: RegExp): Probe {
  return async (fx, actor, target) => {
    const request = path(fx, target);
    const headers = { rsc: "1", "next-url": request.from, cookie: fx.cookie(actor) };
    let response = await fetch(`${fx.app.url}${request.path}`, { redirect: "manual", headers });
    const location = response.headers.get("location") ?? "";
    // Next first answers an RSC request without its cache-busting `_rsc` parameter with a redirect to it.
    if (response.status === 307 && new URL(location, fx.app.url).searchParams.has("_rsc")) {
      await response.body?.cancel();
      response = await fetch(new URL(location, fx.app.url), { redirect: "manual", headers });
    } else if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel();
      return { outcome: new URL(location, fx.app.url).pathname === "/login" ? "login" : "ok", evidence: `${response.status} → ${location}` };
    }
    const payload = await response.text();
    // The 404 is thrown while rendering (notFound()), so the payload carries its digest; any
    // payload may hold the not-found page's text for a later 404, so that text alone says nothing.
    const isNotFound = payload.includes("NEXT_HTTP_ERROR_FALLBACK;404");
    const hasMarker = marker.test(payload);
    const evidence = `${response.status} 404 thrown: ${isNotFound}, ${marker}: ${hasMarker}`;
    if (response.status !== 200) return { outcome: fromStatus(response.status), evidence };
    if (hasMarker && !isNotFound) return { outcome: "ok", evidence };
    return { outcome: isNotFound && !hasMarker ? "not_found" : `unexpected: ${evidence}`, evidence };
  };
}

/** An HTTP call with the actor's cookie; `init` builds the request (a fresh body per call). */
export function api(
  method: string,
  path: (fx: Fixture, target: Target) => string | Promise<string>,
  init?: (fx: Fixture, target: Target) => Omit<RequestInit, "method">,
): Probe {
  return async (fx, actor, target) => {
    const extra = init?.(fx, target) ?? {};
    const response = await fetch(`${fx.app.url}${await path(fx, target)}`, {
      ...extra,
      method,
      redirect: "manual",
      headers: { ...(extra.headers as Record<string, string> | undefined), cookie: fx.cookie(actor), origin: fx.app.url },
    });
    return { outcome: fromStatus(response.status), evidence: `${response.status} ${await response.text()}` };
  };
}

/** A GET of an endless response (a server-sent event stream): its status, then the connection is dropped. */
export function streamStatus(path: string): Probe {
  return async (fx, actor) => {
    const abort = new AbortController();
    const response = await fetch(`${fx.app.url}${path}`, { redirect: "manual", signal: abort.signal, headers: { cookie: fx.cookie(actor), origin: fx.app.url } });
    const evidence = `${response.status} ${response.headers.get("content-type") ?? ""}`;
    abort.abort();
    return { outcome: fromStatus(response.status), evidence };
  };
}

/**
 * An HTTP call with the actor's API token of `scope` (Authorization: Bearer) instead of a cookie;
 * signed out: no credentials at all. `path` may create what the call consumes.
 */
export function tokenApi(
  scope: "read" | "write",
  method: string,
  path: (fx: Fixture, target: Target) => string | Promise<string>,
  init?: (fx: Fixture, target: Target) => Omit<RequestInit, "method">,
): Probe {
  return async (fx, actor, target) => {
    const extra = init?.(fx, target) ?? {};
    const authorization: Record<string, string> = actor === "anonymous" ? {} : { authorization: `Bearer ${fx.tokens[actor][scope]}` };
    const response = await fetch(`${fx.app.url}${await path(fx, target)}`, {
      ...extra,
      method,
      redirect: "manual",
      headers: { ...(extra.headers as Record<string, string> | undefined), ...authorization },
    });
    return { outcome: fromStatus(response.status), evidence: `${response.status} ${await response.text()}` };
  };
}

/**
 * A server action called over HTTP on the page that uses it (see support/server-actions.ts).
 * `args` may create what the call consumes (a fresh document to trash), as the owner.
 */
export function action(
  name: string,
  path: (fx: Fixture) => string,
  /** `actor`: for rows that give each actor its own object (a member to remove, a link to revoke). */
  args: (fx: Fixture, target: Target, actor: ActorName) => unknown[] | Promise<unknown[]>,
): Probe {
  return async (fx, actor, target) => {
    const response = await callAction(fx.app.url, { name, path: path(fx), args: await args(fx, target, actor), cookie: fx.cookie(actor) });
    if (response.redirect) {
      const isLogin = new URL(response.redirect, fx.app.url).pathname === "/login";
      return { outcome: isLogin ? "login" : "ok", evidence: `redirect → ${response.redirect}` };
    }
    const result = response.result as { ok?: boolean; code?: string; success?: string; fields?: object; values?: object } | undefined;
    // A form's answer echoes what was submitted (the id asked for): not part of what it reveals.
    const evidence = `${response.status} ${JSON.stringify({ ...result, values: undefined })}`;
    if (response.status !== 200 || result === undefined) return { outcome: `unexpected: ${evidence}`, evidence };
    // ActionResult ({ ok, code }) or FormState ({ success } | { code } | { fields } for bad input).
    // An ActionResult's validation_failed too: the call passed the session and access checks and
    // reached the input's (the rows send field messages only where a real call would change state).
    if (result.ok === true || result.success !== undefined || (result.code === undefined && result.fields) || result.code === "validation_failed") return { outcome: "ok", evidence };
    return { outcome: fromCode(result.code), evidence };
  };
}

/**
 * Connects to /collab for a document and, once synced, writes to it: `ok` when an observer
 * (the owner) receives the text, `read-only` when the server acknowledges the update as refused.
 */
export function socket(documentId: (fx: Fixture, target: Target) => string, options: { tokenScope?: "read" | "write" } = {}): Probe {
  return async (fx, actor, target) => {
    const id = documentId(fx, target);
    const { tokenScope } = options;
    // With `tokenScope`, the actor's API token instead of the cookie (signed out: no credentials).
    const credentials: Record<string, string> =
      tokenScope === undefined ? { cookie: fx.cookie(actor) } : actor === "anonymous" ? {} : { authorization: `Bearer ${fx.tokens[actor][tokenScope]}` };
    const client = connectCollab(fx.app.port, id, credentials);
    const observer = connectCollab(fx.app.port, id, { cookie: fx.cookie("owner") });
    try {
      await expect.poll(() => client.events.some((e) => e === "synced" || e.startsWith("denied"))).toBe(true);
      const denial = client.events.find((e) => e.startsWith("denied: "));
      if (denial) {
        const reason = denial.slice("denied: ".length);
        return { outcome: fromRefusal(reason), evidence: reason };
      }
      await expect.poll(() => observer.events.includes("synced")).toBe(true);
      const marker = `written by ${actor} ${Math.random().toString(36).slice(2)}`;
      client.doc.getText("body").insert(0, marker);
      const wasRelayed = () => observer.doc.getText("body").toString().includes(marker);
      const wasRefused = () => client.events.includes("sync-status: refused");
      await expect.poll(() => wasRelayed() || wasRefused()).toBe(true);
      return wasRefused() ? { outcome: "read-only", evidence: "update refused" } : { outcome: "ok", evidence: "update relayed" };
    } finally {
      client.close();
      observer.close();
    }
  };
}

function fromStatus(status: number): Observation["outcome"] {
  if (status >= 200 && status < 300) return "ok";
  if (status === 401) return "login";
  if (status === 403) return "forbidden";
  if (status === 404) return "not_found";
  if (status === 409) return "conflict";
  return `unexpected: ${status}`;
}

function fromRefusal(reason: string): Observation["outcome"] {
  const code = reason as AuthRefusedReason | string; // a reason code from the wire
  if (code === "unauthenticated") return "login";
  // The socket's one refusal for unknown and other workspaces' documents alike.
  if (code === "forbidden") return "not_found";
  if (code === "trashed") return "trashed";
  return `unexpected: ${reason}`;
}

function fromCode(code: string | undefined): Observation["outcome"] {
  if (code === "unauthenticated") return "login";
  if (code === "forbidden" || code === "not_found" || code === "conflict") return code;
  return `unexpected: ${code}`;
}

function match(text: string, pattern: RegExp): string {
  return pattern.exec(text)?.[1]?.trim() ?? "";
}
