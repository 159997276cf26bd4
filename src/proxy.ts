import { getSessionCookie } from "better-auth/cookies";
import type { NextRequest } from "next/server";
import { NextResponse } from "next/server";

/**
 * Signed-out visitors to app pages go to sign-in with the exact page to come back to.
 * Only the cookie's presence is checked here (fast, no database): pages still verify
 * the session and membership through the policy module.
 */
export function proxy(request: NextRequest) {
  if (getSessionCookie(request)) return NextResponse.next();
  const login = new URL("/login", request.url);
  login.searchParams.set("next", `${request.nextUrl.pathname}${request.nextUrl.search}`);
  return NextResponse.redirect(login);
}

export const config = { matcher: ["/w/:path*", "/workspaces/:path*", "/account/:path*"] };
