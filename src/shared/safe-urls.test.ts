import { describe, expect, it } from "vitest";
import { sanitizeImageUrl, sanitizeLinkUrl } from "./safe-urls";

describe("sanitizeLinkUrl", () => {
  it.each([
    ["https://example.com/a?b#c", "https://example.com/a?b#c"],
    ["http://example.com", "http://example.com"],
    ["mailto:ada@example.com", "mailto:ada@example.com"],
    ["tel:+441234", "tel:+441234"],
    ["/w/team/d/notes-abc", "/w/team/d/notes-abc"],
    ["javascript:alert(1)", "about:blank"],
    [" JaVaScRiPt:alert(1)", "about:blank"],
    ["java\tscript:alert(1)", "about:blank"],
    ["vbscript:msgbox(1)", "about:blank"],
    ["data:text/html,<script>alert(1)</script>", "about:blank"],
    ["sms:+441234", "about:blank"],
    ["ftp://x/y", "about:blank"],
  ])("%s → %s", (input, output) => {
    expect(sanitizeLinkUrl(input)).toBe(output);
  });
});

describe("sanitizeImageUrl", () => {
  it.each([
    ["https://example.com/a.png", "https://example.com/a.png"],
    ["/api/v1/files/abc", "/api/v1/files/abc"],
    ["data:image/png;base64,iVBOR", "data:image/png;base64,iVBOR"],
    ["ftp://x/y.png", ""],
    ["javascript:alert(1)", ""],
    ["data:image/svg+xml;base64,PHN2Zz4=", ""],
    ["data:text/html;base64,PHNjcmlwdD4=", ""],
  ])("%s → %j", (input, output) => {
    expect(sanitizeImageUrl(input)).toBe(output);
  });
});
