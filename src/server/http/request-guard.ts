import fs from "node:fs";
import type { IncomingHttpHeaders, ServerResponse } from "node:http";
import path from "node:path";
// Next's own check of the header (the function its renderer calls), so both agree on what parses.
import { parseAndValidateFlightRouterState } from "next/dist/server/app-render/parse-and-validate-flight-router-state.js";
import type { ApiErrorBody, ErrorCode } from "@/shared/api-error";
import { hasMalformedPath } from "./malformed-path";
import { STATUS_PAGE_CSP, statusPage } from "./status-page";

/** An answer server.ts gives itself instead of handing the request to Next. */
export interface Refusal {
  status: 400 | 403 | 405 | 413;
  /** The framework's text for the status (docs/product.md "Errors"), the page's heading. */
  text: string;
  /** Under /api/, the API's JSON error instead of the page. */
  api?: { code: ErrorCode; message: string };
  /** With a 405: the methods the address takes. */
  allow?: string;
}

/**
 * What becomes of a request: Next answers it, server.ts refuses it, or it is a server action's
 * POST (sent by the app with `Next-Action`, or a form posted before the page's scripts ran), whose
 * body server.ts checks first (form-post.ts).
 */
export type Verdict = { kind: "next" } | { kind: "action-post" } | { kind: "refuse"; refusal: Refusal };

/** What guardRequest knows of the installation. */
export interface GuardOptions {
  /** The files of public/ by address ("/sw.js"): served as they are, like /_next/static. */
  publicFiles: ReadonlySet<string>;
  /** Development: Next's own tooling (/_next/…, /__nextjs…) passes untouched. */
  isDev: boolean;
  /** PUBLIC_URL: when set, a server action's Origin must be its origin (isCrossSiteAction). */
  publicUrl?: string;
}

/** The methods Next hands to a route handler; any other it answers itself (an empty 400, TRACE a plain 500). */
const ROUTE_METHODS = new Set(["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"]);
const READ_METHODS = "GET, HEAD";

/**
 * Decides which requests server.ts answers itself, so that no address, header or method reaches
 * a plain framework 500 (docs/product.md "Errors"). A page (anything Next renders as HTML) takes
 * GET and HEAD, and POST only as a server action: with a `Next-Action` header, or as a multipart
 * form posted before the page's scripts ran. A file (/_next/static, /_next/image, public/) takes
 * GET and HEAD. Anything else is 405 with `Allow`, where Next would render the page anyway (200)
 * or fail (500). The API answers 405 itself (defineRoute, better-auth); only methods Next never
 * hands to a route are refused here, with the 400 Next gives them, in the API's JSON shape.
 * Malformed addresses and router-state headers Next would fail on are 400. A server action's POST
 * whose Origin Next's CSRF check refuses (another site, `null`, an empty or unreadable one) is
 * 403, where Next throws "Invalid Server Actions request" and answers 500; so is one whose Origin
 * is not PUBLIC_URL's when that is set.
 */
export function guardRequest(request: { method?: string; url?: string; headers: IncomingHttpHeaders }, options: GuardOptions): Verdict {
  const url = request.url ?? "/";
  const method = request.method ?? "GET";
  // Absolute-form targets ("GET http://other.example/") and "OPTIONS *" are for proxies;
  // Next would redirect the first to the other host and fail on the second.
  if (!url.startsWith("/")) return refuse(badRequest("The request target must be a path."));
  const pathname = requestPath(url);
  const isApi = pathname === "/api" || pathname.startsWith("/api/");
  if (hasMalformedPath(url)) return refuse(badRequest("The address has a malformed percent-escape.", isApi));
  if (isApi) return ROUTE_METHODS.has(method) ? NEXT : refuse(badRequest(`${method} is not a method this API takes.`, true));
  if (options.isDev && (pathname.startsWith("/_next/") || pathname.startsWith("/__nextjs"))) return NEXT;
  // The client router's state, which Next's renderer parses and, when it can't, answers with a plain 500.
  if (!hasReadableRouterState(request.headers["next-router-state-tree"])) return refuse(badRequest("The router state header does not parse."));
  if (method === "GET" || method === "HEAD") return NEXT;
  const isFile = pathname.startsWith("/_next/") || options.publicFiles.has(pathname);
  if (!isFile && method === "POST") {
    const isFetchAction = request.headers["next-action"] !== undefined;
    // Next answers an action sent url-encoded with its not-found itself, before any other check.
    if (isFetchAction && isUrlEncoded(request.headers["content-type"])) return NEXT;
    if (isFetchAction || isMultipart(request.headers["content-type"])) {
      return isCrossSiteAction(request.headers, options.publicUrl) ? refuse({ status: 403, text: "Forbidden" }) : { kind: "action-post" };
    }
  }
  return refuse({ status: 405, text: "Method Not Allowed", allow: READ_METHODS });
}

/**
 * The path of a request target, as sent: no URL parsing, which throws on targets such as `//[`
 * (in an event handler, an uncaught exception that left the socket hanging).
 */
export function requestPath(url: string | undefined): string {
  return (url ?? "/").split(/[?#]/, 1)[0] ?? "/";
}

/**
 * Whether a WebSocket handshake's Host and target make a URL: crossws builds one from them for
 * /collab and answers a plain 500 when it can't (a Host of `a b`, say), so server.ts answers 400.
 */
export function hasReadableUpgradeTarget(request: { url?: string; headers: IncomingHttpHeaders }): boolean {
  return URL.canParse(`http://${request.headers.host || "localhost"}${request.url ?? "/"}`);
}

/** Writes a refusal: the API's JSON error under /api/, else the status page. */
export function sendRefusal(response: ServerResponse, refusal: Refusal): void {
  response.statusCode = refusal.status;
  // A 413 leaves the rest of the body unread: the connection can't carry another request.
  if (refusal.status === 413) response.setHeader("Connection", "close");
  if (refusal.allow) response.setHeader("Allow", refusal.allow);
  if (refusal.api) {
    const body: ApiErrorBody = { error: refusal.api };
    response.setHeader("Content-Type", "application/json");
    response.end(JSON.stringify(body));
    return;
  }
  response.setHeader("Content-Type", "text/html; charset=utf-8");
  response.setHeader("Content-Security-Policy", STATUS_PAGE_CSP);
  response.end(statusPage(refusal.status, refusal.text));
}

/** The addresses of the files in `dir` (public/), read once at start. */
export function listPublicFiles(dir: string): Set<string> {
  if (!fs.existsSync(dir)) return new Set();
  const entries = fs.readdirSync(dir, { recursive: true, withFileTypes: true });
  return new Set(entries.filter((entry) => entry.isFile()).map((entry) => `/${path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")}`));
}

/**
 * Whether Next's CSRF check of a server action (app-render/action-handler.ts) would refuse this
 * request's Origin: it compares the Origin's host with the first `X-Forwarded-Host`, else `Host`,
 * and throws (a 500) when they differ, when the Origin is `null`, and on an Origin `new URL` can't
 * read (""). Like Next, a request without an Origin (or one with no host, `file://`) passes: no
 * browser leaves it out of a cross-site POST, and a hand-made request carries no one's cookies
 * unless its sender has them. `serverActions.allowedOrigins` is not set in next.config.ts; setting
 * it would need it here too (request-guard.test.ts checks).
 *
 * Host and X-Forwarded-Host are the sender's to choose: a client that is not a browser passes
 * Next's check with any Host it names in both headers. So with `publicUrl` (PUBLIC_URL) the
 * Origin must also be that address, as for the API's writes and /collab (same-origin.ts). Nothing
 * that leaves the server rests on this check: emailed links are built on PUBLIC_URL alone
 * (mail/mail-link-origin.ts).
 */
export function isCrossSiteAction(headers: IncomingHttpHeaders, publicUrl?: string): boolean {
  const origin = headers.origin;
  if (origin === undefined) return false;
  let originHost: string;
  try {
    originHost = origin === "null" ? "null" : new URL(origin).host;
  } catch {
    return true;
  }
  if (!originHost) return false;
  if (publicUrl && originHost !== new URL(publicUrl).host) return true;
  const forwarded = headers["x-forwarded-host"];
  const forwardedHost = Array.isArray(forwarded) ? forwarded[0] : forwarded?.split(",")[0]?.trim();
  const host = forwardedHost || headers.host;
  return !host || originHost !== host;
}

/** Whether a Content-Type is multipart/form-data (what Next treats as a possible form post). */
export function isMultipart(contentType: string | undefined): boolean {
  return contentType?.toLowerCase().startsWith("multipart/form-data") ?? false;
}

function isUrlEncoded(contentType: string | undefined): boolean {
  return contentType === "application/x-www-form-urlencoded";
}

const NEXT: Verdict = { kind: "next" };

function hasReadableRouterState(header: string | string[] | undefined): boolean {
  try {
    parseAndValidateFlightRouterState(header);
    return true;
  } catch {
    return false;
  }
}

function refuse(refusal: Refusal): Verdict {
  return { kind: "refuse", refusal };
}

function badRequest(message: string, isApi = false): Refusal {
  return { status: 400, text: "Bad Request", ...(isApi ? { api: { code: "bad_request", message } } : {}) };
}
