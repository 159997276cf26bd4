import { describe, expect, it } from "vitest";
import { WebhookAddressError, checkWebhookUrl, isPublicAddress, parseWebhookUrl } from "./address-guard";

const strict = { allowPrivate: false };
const open = { allowPrivate: true };

describe("isPublicAddress", () => {
  it.each([
    "127.0.0.1",
    "127.8.9.10",
    "10.0.0.1",
    "172.16.5.4",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "::1",
    "::",
    "fe80::1",
    "fc00::1",
    "fd12:3456::1",
    "::ffff:127.0.0.1",
    "::ffff:169.254.169.254",
    "2002:7f00:1::1",
    "64:ff9b::7f00:1",
    // IPv4-compatible (::/96, deprecated): ipaddr.js calls it unicast; QA registered https://[::127.0.0.1]/.
    "::127.0.0.1",
    "::7f00:1",
    "::169.254.169.254",
    "::10.0.0.1",
  ])("refuses %s", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111", "::ffff:8.8.8.8", "::8.8.8.8"])("accepts %s", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it("refuses what is not an address", () => {
    expect(isPublicAddress("example.com")).toBe(false);
  });
});

describe("parseWebhookUrl", () => {
  it("wants https, and takes http only when private addresses are allowed", () => {
    expect(() => parseWebhookUrl("http://example.com/hook", strict)).toThrow(/https/);
    expect(parseWebhookUrl("http://example.com/hook", open).href).toBe("http://example.com/hook");
    expect(() => parseWebhookUrl("ftp://example.com/", open)).toThrow(WebhookAddressError);
    expect(() => parseWebhookUrl("not an address", strict)).toThrow(/full address/);
    expect(() => parseWebhookUrl("https://user:pw@example.com/", strict)).toThrow(/user name or password/);
  });
});

describe("checkWebhookUrl", () => {
  it("refuses loopback, link-local and private literals, in any spelling", async () => {
    for (const url of ["https://127.0.0.1/", "https://169.254.169.254/latest/meta-data", "https://[::1]:8443/", "https://10.1.2.3/", "https://2130706433/", "https://0x7f.1/", "https://[::ffff:7f00:1]/"]) {
      await expect(checkWebhookUrl(url, strict), url).rejects.toThrow(/private, loopback or link-local/);
    }
  });

  it("refuses a name that resolves to loopback (localhost)", async () => {
    await expect(checkWebhookUrl("https://localhost:9/hook", strict)).rejects.toThrow(/resolves to (127\.0\.0\.1|::1)/);
  });

  it("accepts them all when the instance allows private addresses", async () => {
    expect((await checkWebhookUrl("http://127.0.0.1:9/hook", open)).host).toBe("127.0.0.1:9");
    expect((await checkWebhookUrl("https://localhost/hook", open)).hostname).toBe("localhost");
  });

  it("accepts a public literal", async () => {
    expect((await checkWebhookUrl("https://93.184.216.34/hook", strict)).hostname).toBe("93.184.216.34");
  });

  it("refuses a name that does not resolve", async () => {
    await expect(checkWebhookUrl("https://does-not-exist.invalid/", strict)).rejects.toThrow(/could not be resolved/);
  });
});
