import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { proxy } from "./proxy";

const at = (path: string, init: { method?: string; headers?: Record<string, string> } = {}) => proxy(new NextRequest(`http://localhost:3000${path}`, init));

describe("proxy: signed-out visitors of app pages", () => {
  it("sends a page request without a session cookie to sign in, with the page to come back to", () => {
    const response = at("/w/acme/d/plan-abc?x=1");
    expect(response.status).toBe(307);
    expect(response.headers.get("location")).toBe("http://localhost:3000/login?next=%2Fw%2Facme%2Fd%2Fplan-abc%3Fx%3D1");
  });

  it("lets a server action call through, cookie or not: the action answers it as an expired session", () => {
    // Next forwards an action to the page that holds it without the cookies it can't decode
    // (`better-auth.session_token=%%`): the forwarded call arrives here with none.
    for (const cookie of [undefined, "better-auth.session_token=%%%%"]) {
      const response = at("/w/acme/d/plan-abc", { method: "POST", headers: { "next-action": "7f00aa", ...(cookie ? { cookie } : {}) } });
      expect(response.status).toBe(200);
      expect(response.headers.get("x-middleware-next")).toBe("1");
    }
    // Not a page's POST without the header (a form posted without JavaScript carries its action in the body).
    expect(at("/w/acme", { method: "POST" }).status).toBe(307);
  });
});
