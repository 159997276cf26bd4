import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { isForwardedHttps, secureEveryCookie, withSecure } from "./secure-cookies";

describe("isForwardedHttps", () => {
  it("believes X-Forwarded-Proto only from a trusted proxy, and only its first hop", () => {
    expect(isForwardedHttps({ "x-forwarded-proto": "https" }, true)).toBe(true);
    expect(isForwardedHttps({ "x-forwarded-proto": "HTTPS, http" }, true)).toBe(true);
    expect(isForwardedHttps({ "x-forwarded-proto": "https" }, false)).toBe(false);
    expect(isForwardedHttps({ "x-forwarded-proto": "http, https" }, true)).toBe(false);
    expect(isForwardedHttps({}, true)).toBe(false);
  });
});

describe("secureEveryCookie", () => {
  it("adds Secure to every cookie a response sets, however it was set", async () => {
    const server = http.createServer((_request, response) => {
      secureEveryCookie(response);
      response.setHeader("set-cookie", ["a=1; Path=/; HttpOnly", "b=2; Secure"]);
      response.appendHeader("set-cookie", "c=3; SameSite=Lax");
      response.end("ok");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      expect(response.headers.getSetCookie()).toEqual(["a=1; Path=/; HttpOnly; Secure", "b=2; Secure", "c=3; SameSite=Lax; Secure"]);
    } finally {
      server.close();
    }
  });

  it("leaves a cookie that is Secure already alone", () => {
    expect(withSecure("a=1; secure; Path=/")).toBe("a=1; secure; Path=/");
    expect(withSecure("secure=1")).toBe("secure=1; Secure");
  });
});
