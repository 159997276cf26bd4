import { describe, expect, it } from "vitest";
import { FILE_URL_WINDOW_SECONDS, FileUrlSigner } from "./file-url-signer";

const signer = new FileUrlSigner("test-secret-that-is-at-least-32-characters");
const NOW = Date.UTC(2030, 0, 1, 12, 30);

function parse(signedPath: string) {
  const url = new URL(signedPath, "http://localhost");
  return { path: url.pathname, expires: url.searchParams.get("expires"), sig: url.searchParams.get("sig") };
}

describe("FileUrlSigner", () => {
  it("accepts its own signature and reports the seconds left", () => {
    const { path, expires, sig } = parse(signer.signedPath("file123", NOW));
    expect(path).toBe("/api/v1/files/file123");
    const remaining = signer.verify("file123", expires, sig, NOW);
    expect(remaining).toBeGreaterThanOrEqual(FILE_URL_WINDOW_SECONDS);
    expect(remaining).toBeLessThanOrEqual(2 * FILE_URL_WINDOW_SECONDS);
  });

  it("gives the same URL throughout a window", () => {
    const windowStart = Math.floor(NOW / 1000 / FILE_URL_WINDOW_SECONDS) * FILE_URL_WINDOW_SECONDS * 1000;
    expect(signer.signedPath("f", windowStart)).toBe(signer.signedPath("f", windowStart + FILE_URL_WINDOW_SECONDS * 1000 - 1));
    expect(signer.signedPath("f", windowStart)).not.toBe(signer.signedPath("f", windowStart + FILE_URL_WINDOW_SECONDS * 1000));
  });

  it("refuses a signature for another file, a changed expiry, another secret, or a missing part", () => {
    const { expires, sig } = parse(signer.signedPath("file123", NOW));
    expect(signer.verify("file124", expires, sig, NOW)).toBeNull();
    expect(signer.verify("file123", String(Number(expires) + 1), sig, NOW)).toBeNull();
    expect(new FileUrlSigner("another-secret-that-is-at-least-32-chars").verify("file123", expires, sig, NOW)).toBeNull();
    expect(signer.verify("file123", null, sig, NOW)).toBeNull();
    expect(signer.verify("file123", expires, null, NOW)).toBeNull();
    expect(signer.verify("file123", "1e12", sig, NOW)).toBeNull();
  });

  it("refuses an expired signature", () => {
    const { expires, sig } = parse(signer.signedPath("file123", NOW));
    expect(signer.verify("file123", expires, sig, Number(expires) * 1000)).toBeNull();
  });
});
