import { getSessionCookie } from "better-auth/cookies";
import type { NextRequest } from "next/server";
import { NextResponse } from "next/server";
import { getEnv } from "@/server/env";
import { PATH_HEADER } from "@/server/http/path-header";
import { NONCE_HEADER, newNonce, pageContentSecurityPolicy } from "@/server/http/security-headers";

const CSP = "Content-Security-Policy";
/** The header Next's client sets on a server action call (its ACTION_HEADER). */
const NEXT_ACTION_HEADER = "next-action";

// Pages that need a session; the rest (landing, sign-in, 404s) are open to anyone.
const SIGNED_IN_SECTIONS = ["/w", "/workspaces", "/account"];

/**
 * Every page request: a fresh CSP nonce (Next puts it on its scripts; the root layout hands it
 * to next-themes), and signed-out visitors to app pages go to sign-in with the page to come
 * back to. Only the cookie's presence is checked here (fast, no database): pages still verify
 * the session and membership through the policy module.
 */
export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const needsSession = SIGNED_IN_SECTIONS.some((section) => pathname === section || pathname.startsWith(`${section}/`));
  // A server action called from client code checks the session itself and answers a missing or
  // unreadable one as it does an expired one ("unauthenticated", run-action.ts); a redirect would
  // reach it as no result at all. Next forwards an action to the page that holds it without the
  // cookies it can't decode (`session_token=%%`), so such a cookie arrived here as none and the
  // action answered `200 {}`.
  const isActionCall = request.method === "POST" && request.headers.has(NEXT_ACTION_HEADER);
  if (needsSession && !isActionCall && !getSessionCookie(request)) {
    const login = new URL("/login", request.url);
    login.searchParams.set("next", `${pathname}${search}`);
    return NextResponse.redirect(login);
  }
  const env = getEnv();
  const nonce = newNonce();
  const policy = pageContentSecurityPolicy({
    nonce,
    isDev: env.NODE_ENV === "development",
    origin: env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : requestOrigin(request),
  });
  // Next finds the nonce in the request's CSP header while rendering; the response header is
  // the one the browser enforces (it replaces server.ts's resource policy).
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set(NONCE_HEADER, nonce);
  requestHeaders.set(CSP, policy);
  // Pages that redirect keep where the reader was going (a workspace's old address, http/require-member.ts).
  requestHeaders.set(PATH_HEADER, `${pathname}${search}`);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set(CSP, policy);
  return response;
}

// The Host the browser used (nextUrl's host is the custom server's bind address); a Host no
// browser would send falls back to the latter instead of failing the request.
function requestOrigin(request: NextRequest): string {
  const origin = `${request.nextUrl.protocol}//${request.headers.get("host") ?? request.nextUrl.host}`;
  return URL.canParse(origin) ? origin : request.nextUrl.origin;
}

export const config = {
  // Everything that can answer with HTML. API routes answer JSON, and static files and
  // optimised images are not documents: they keep server.ts's resource policy.
  matcher: ["/((?!api/|_next/static/|_next/image|icon\\.svg$|favicon\\.ico$).*)"],
};
