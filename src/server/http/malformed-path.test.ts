import { describe, expect, it } from "vitest";
import { hasMalformedPath } from "./malformed-path";

describe("hasMalformedPath", () => {
  it("accepts plain and well-escaped paths, whatever the query holds", () => {
    expect(hasMalformedPath("/w/acme/d/caf%C3%A9-abc123def456")).toBe(false);
    expect(hasMalformedPath("/search?q=%zz")).toBe(false);
    expect(hasMalformedPath("/")).toBe(false);
  });

  it("flags escapes that do not decode", () => {
    expect(hasMalformedPath("/api/v1/documents/%E0")).toBe(true);
    expect(hasMalformedPath("/w/%E0%A4%A")).toBe(true);
    expect(hasMalformedPath("/%zz?q=1")).toBe(true);
  });
});
