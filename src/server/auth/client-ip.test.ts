import type { IncomingMessage } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { getEnv } from "@/server/env";
import { clearProcessSingleton } from "@/server/process-singleton";
import { CLIENT_IP_HEADER, stampClientIp, trustedProxyHops } from "./client-ip";

/** The address server.ts would stamp on a request from `socketAddress` carrying these headers. */
function stamped(headers: Record<string, string | string[]>, socketAddress: string, proxyHops: number): unknown {
  const request = { headers: { ...headers }, socket: { remoteAddress: socketAddress } } as unknown as IncomingMessage;
  stampClientIp(request, proxyHops);
  return request.headers[CLIENT_IP_HEADER];
}

describe("stampClientIp", () => {
  it("takes the socket's address, whatever the client claims, when no proxy is trusted", () => {
    expect(stamped({ "x-forwarded-for": "198.51.100.1", [CLIENT_IP_HEADER]: "198.51.100.2" }, "203.0.113.9", 0)).toBe("203.0.113.9");
  });

  it("behind one proxy (TRUST_PROXY=1), takes the address the proxy appended, not what the client wrote before it", () => {
    // nginx's $proxy_add_x_forwarded_for: the client's own header, then the address nginx saw.
    expect(stamped({ "x-forwarded-for": "198.51.100.66, 203.0.113.9" }, "127.0.0.1", 1)).toBe("203.0.113.9");
    expect(stamped({ "x-forwarded-for": "10.0.0.1,198.51.100.66 ,  203.0.113.9" }, "127.0.0.1", 1)).toBe("203.0.113.9");
    expect(stamped({ "x-forwarded-for": "203.0.113.9" }, "127.0.0.1", 1)).toBe("203.0.113.9");
    // A client that writes its own CLIENT_IP_HEADER is overwritten too.
    expect(stamped({ "x-forwarded-for": "203.0.113.9", [CLIENT_IP_HEADER]: "198.51.100.66" }, "127.0.0.1", 1)).toBe("203.0.113.9");
  });

  it("behind N proxies (TRUST_PROXY=N), takes the entry N places from the right, counting the socket's", () => {
    // Client 203.0.113.9 → load balancer (adds 203.0.113.9) → nginx at 10.0.0.2 (adds 10.0.0.5, the balancer) → Quire.
    expect(stamped({ "x-forwarded-for": "198.51.100.66, 203.0.113.9, 10.0.0.5" }, "10.0.0.2", 2)).toBe("203.0.113.9");
    expect(stamped({ "x-forwarded-for": ["198.51.100.66, 203.0.113.9", "10.0.0.5"] }, "10.0.0.2", 2)).toBe("203.0.113.9");
  });

  it("with fewer forwarded entries than trusted proxies, takes the first there is (no header: the socket's)", () => {
    expect(stamped({ "x-forwarded-for": "203.0.113.9" }, "10.0.0.2", 2)).toBe("203.0.113.9");
    expect(stamped({}, "127.0.0.1", 1)).toBe("127.0.0.1");
    expect(stamped({ "x-forwarded-for": " , " }, "127.0.0.1", 1)).toBe("127.0.0.1");
  });
});

describe("TRUST_PROXY", () => {
  const saved = process.env.TRUST_PROXY;
  afterEach(() => {
    if (saved === undefined) delete process.env.TRUST_PROXY;
    else process.env.TRUST_PROXY = saved;
    clearProcessSingleton("env");
  });
  const hopsFor = (value: string | undefined) => {
    if (value === undefined) delete process.env.TRUST_PROXY;
    else process.env.TRUST_PROXY = value;
    clearProcessSingleton("env");
    return trustedProxyHops(getEnv());
  };

  it("counts the proxies in front of Quire: unset and 0 trust none, 1 is one nginx, as before", () => {
    expect([hopsFor(undefined), hopsFor("0"), hopsFor("1"), hopsFor("2")]).toEqual([0, 0, 1, 2]);
  });

  it("refuses a value that is not a count, saying what it takes", () => {
    expect(() => hopsFor("true")).toThrow(/TRUST_PROXY: must be 0, or how many reverse proxies stand in front of Quire/);
  });
});
