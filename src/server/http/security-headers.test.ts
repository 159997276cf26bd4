import { describe, expect, it } from "vitest";
import { RESOURCE_CONTENT_SECURITY_POLICY, baseSecurityHeaders, newNonce, pageContentSecurityPolicy } from "./security-headers";

function directives(policy: string): Map<string, string[]> {
  return new Map(policy.split("; ").map((d) => [d.split(" ")[0] ?? "", d.split(" ").slice(1)]));
}

describe("pageContentSecurityPolicy", () => {
  const production = directives(pageContentSecurityPolicy({ nonce: "abc123", isDev: false, origin: "https://docs.example.com" }));

  it("allows scripts only by nonce and from them, never inline or eval in production", () => {
    expect(production.get("script-src")).toEqual(["'self'", "'nonce-abc123'", "'strict-dynamic'"]);
  });

  it("locks down plugins, base URLs, framing and form targets", () => {
    expect(production.get("object-src")).toEqual(["'none'"]);
    expect(production.get("base-uri")).toEqual(["'none'"]);
    expect(production.get("frame-ancestors")).toEqual(["'none'"]);
    expect(production.get("form-action")).toEqual(["'self'"]);
  });

  it("lets the page reach its own /collab socket over wss: behind https, ws: over http", () => {
    expect(production.get("connect-src")).toEqual(["'self'", "wss://docs.example.com"]);
    const http = directives(pageContentSecurityPolicy({ nonce: "n", isDev: false, origin: "http://localhost:3000" }));
    expect(http.get("connect-src")).toEqual(["'self'", "ws://localhost:3000"]);
  });

  it("adds eval for React's development tooling only in development", () => {
    const dev = directives(pageContentSecurityPolicy({ nonce: "n", isDev: true, origin: "http://localhost:3000" }));
    expect(dev.get("script-src")).toContain("'unsafe-eval'");
    expect(dev.get("script-src")).not.toContain("'unsafe-inline'");
  });
});

describe("baseSecurityHeaders", () => {
  it("sends HSTS only when the public address is https", () => {
    expect(baseSecurityHeaders({ publicUrl: "https://docs.example.com" })["Strict-Transport-Security"]).toBe("max-age=31536000; includeSubDomains");
    expect(baseSecurityHeaders({ publicUrl: "http://docs.example.com" })).not.toHaveProperty("Strict-Transport-Security");
    expect(baseSecurityHeaders({ publicUrl: undefined })).not.toHaveProperty("Strict-Transport-Security");
  });

  it("gives everything the resource policy, nosniff and a referrer policy", () => {
    expect(baseSecurityHeaders({ publicUrl: undefined })).toMatchObject({
      "Content-Security-Policy": RESOURCE_CONTENT_SECURITY_POLICY,
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
    });
  });
});

describe("newNonce", () => {
  it("makes a different base64 value of 16 random bytes each time", () => {
    const nonces = new Set(Array.from({ length: 100 }, newNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });
});
