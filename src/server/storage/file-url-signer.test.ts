import { describe, expect, it } from "vitest";
import { FILE_URL_WINDOW_SECONDS, FileUrlSigner } from "./file-url-signer";

const signer = new FileUrlSigner("test-secret-that-is-at-least-32-characters");
const NOW = Date.UTC(2030, 0, 1, 12, 30);

function parse(signedPath: string) {
  const url = new URL(signedPath, "http://localhost");
  return { path: url.pathname, expires: url.searchParams.get("expires"), sig: url.searchParams.get("sig") };
}

/** A signed path's query. */
const query = (signedPath: string) => new URL(signedPath, "http://localhost").searchParams;

/** `params` with `name` set to `value`, or left out for null: a URL changed by hand. */
function withParam(params: URLSearchParams, name: string, value: string | null): URLSearchParams {
  const changed = new URLSearchParams(params);
  if (value === null) changed.delete(name);
  else changed.set(name, value);
  return changed;
}

const SHARE = "0b6c4c1e-8a44-4c0f-9f6a-2f8d3c1b7e55";

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

  describe("a published page's URL", () => {
    const OTHER_SHARE = "4f1d2a3b-5c6d-4e7f-8a9b-0c1d2e3f4a5b";

    it("carries the link and the page's document under its signature, and reads them back", () => {
      const root = query(signer.signedSharePath("file123", { shareId: SHARE, documentId: null }, NOW));
      expect([...root.keys()]).toEqual(["expires", "share", "sig"]);
      expect(signer.verifyQuery("file123", root, NOW)).toMatchObject({ grant: { shareId: SHARE, documentId: null } });
      const child = query(signer.signedSharePath("file123", { shareId: SHARE, documentId: "abcdefghijk1" }, NOW));
      expect(child.get("doc")).toBe("abcdefghijk1");
      const verified = signer.verifyQuery("file123", child, NOW);
      expect(verified?.grant).toEqual({ shareId: SHARE, documentId: "abcdefghijk1" });
      expect(verified?.remainingSeconds).toBeGreaterThanOrEqual(FILE_URL_WINDOW_SECONDS);
    });

    it("answers an export's URL, bound to no one, as verify does", () => {
      const exported = query(signer.signedPath("file123", NOW));
      expect(signer.verifyQuery("file123", exported, NOW)).toEqual({ remainingSeconds: signer.verify("file123", exported.get("expires"), exported.get("sig"), NOW), grant: null, membershipId: null });
    });

    it("refuses a grant dropped, added, moved to another link or page, or of the wrong shape", () => {
      const child = query(signer.signedSharePath("file123", { shareId: SHARE, documentId: "abcdefghijk1" }, NOW));
      const member = query(signer.signedPath("file123", NOW));
      for (const forged of [
        withParam(withParam(child, "share", null), "doc", null), // a published URL passed off as an export's
        withParam(child, "doc", null), // the shared document's page instead of the child's
        withParam(child, "doc", "abcdefghijk2"),
        withParam(child, "share", OTHER_SHARE),
        withParam(member, "share", SHARE), // an export's URL passed off as a published one
        withParam(member, "doc", "abcdefghijk1"),
        withParam(child, "share", "not-a-uuid"),
        withParam(child, "doc", "a.b"),
      ]) {
        expect(signer.verifyQuery("file123", forged, NOW)).toBeNull();
      }
      expect(signer.verify("file123", child.get("expires"), child.get("sig"), NOW)).toBeNull();
      expect(signer.verifyQuery("file124", child, NOW)).toBeNull();
      expect(signer.verifyQuery("file123", child, Number(child.get("expires")) * 1000)).toBeNull();
    });
  });

  describe("a member's page's URL", () => {
    const MEMBERSHIP = "7a1e9c2b-3d4f-4a5b-8c6d-9e0f1a2b3c4d";
    const OTHER_MEMBERSHIP = "1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e";

    it("carries the membership under its signature, in the same windows, and reads it back", () => {
      const member = query(signer.signedMemberPath("file123", MEMBERSHIP, NOW));
      expect([...member.keys()]).toEqual(["expires", "member", "sig"]);
      expect(member.get("expires")).toBe(query(signer.signedPath("file123", NOW)).get("expires"));
      expect(signer.verifyQuery("file123", member, NOW)).toMatchObject({ membershipId: MEMBERSHIP, grant: null });
    });

    it("refuses the membership dropped, changed, joined by a link, or of the wrong shape, and another member's URL as an export's", () => {
      const member = query(signer.signedMemberPath("file123", MEMBERSHIP, NOW));
      const published = query(signer.signedSharePath("file123", { shareId: SHARE, documentId: null }, NOW));
      for (const forged of [
        withParam(member, "member", null), // a member's URL passed off as an export's, which answers anyone
        withParam(member, "member", OTHER_MEMBERSHIP),
        withParam(member, "share", SHARE),
        withParam(member, "doc", "abcdefghijk1"),
        withParam(member, "member", "not-a-uuid"),
        withParam(withParam(published, "share", null), "member", SHARE), // a published URL passed off as a member's
        withParam(published, "member", MEMBERSHIP),
      ]) {
        expect(signer.verifyQuery("file123", forged, NOW)).toBeNull();
      }
      expect(signer.verify("file123", member.get("expires"), member.get("sig"), NOW)).toBeNull();
      expect(signer.verifyQuery("file124", member, NOW)).toBeNull();
      expect(signer.verifyQuery("file123", member, Number(member.get("expires")) * 1000)).toBeNull();
    });
  });
});
