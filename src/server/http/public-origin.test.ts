import { describe, expect, it } from "vitest";
import { mailLinkOrigin } from "@/server/mail/mail-link-origin";
import { publicOrigin } from "./public-origin";

// A client that is not a browser names any Host, X-Forwarded-Host and Origin it likes.
const forged = new Headers({ host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https", origin: "http://evil.example" });

describe("publicOrigin (links handed back to the request's sender)", () => {
  it("is PUBLIC_URL's origin whenever it is set, whatever the request names", () => {
    expect(publicOrigin(forged, { PUBLIC_URL: "https://docs.example.com/some/path", TRUST_PROXY: "1" })).toBe("https://docs.example.com");
    expect(publicOrigin(forged, { PUBLIC_URL: "http://127.0.0.1:3000", TRUST_PROXY: "0" })).toBe("http://127.0.0.1:3000");
  });

  it("without it, is the address the request was sent to: its Host, and behind a trusted proxy its X-Forwarded-Host and -Proto", () => {
    const proxied = new Headers({ host: "127.0.0.1:3000", "x-forwarded-host": "docs.example.com, proxy.internal", "x-forwarded-proto": "https" });
    expect(publicOrigin(proxied, { TRUST_PROXY: "0" })).toBe("http://127.0.0.1:3000");
    expect(publicOrigin(proxied, { TRUST_PROXY: "1" })).toBe("https://docs.example.com");
    expect(publicOrigin(new Headers(), { TRUST_PROXY: "0" })).toBe("http://localhost");
  });
});

describe("mailLinkOrigin (every emailed link)", () => {
  it("is PUBLIC_URL's origin (it reads no request at all)", () => {
    expect(mailLinkOrigin({ PUBLIC_URL: "https://docs.example.com/quire" })).toBe("https://docs.example.com");
    expect(mailLinkOrigin({ PUBLIC_URL: "http://127.0.0.1:3000" })).toBe("http://127.0.0.1:3000");
  });

  it("throws without PUBLIC_URL, naming the setting and why", () => {
    expect(() => mailLinkOrigin({ PUBLIC_URL: undefined })).toThrow(/^PUBLIC_URL: required when SMTP_URL is set\. .*never on a request's Host header/);
  });
});
