import { describe, expect, it } from "vitest";
import { RevisionListQuerySchema, SaveVersionSchema } from "./revision";

describe("SaveVersionSchema", () => {
  const documentId = "abcdefghijkl";
  it("trims the name and takes 1–100 characters", () => {
    expect(SaveVersionSchema.parse({ documentId, name: "  Final draft  " })).toEqual({ documentId, name: "Final draft" });
    expect(SaveVersionSchema.safeParse({ documentId, name: "x".repeat(100) }).success).toBe(true);
  });

  it.each([
    ["", "Give the version a name."],
    ["   ", "Give the version a name."],
    ["x".repeat(101), "Version names are at most 100 characters."],
  ])("refuses %j with a message for the field", (name, message) => {
    const result = SaveVersionSchema.safeParse({ documentId, name });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ["name"], message });
  });

  it("refuses unknown fields", () => {
    expect(SaveVersionSchema.safeParse({ documentId, name: "A", extra: 1 }).success).toBe(false);
  });
});

describe("RevisionListQuerySchema", () => {
  it("defaults the limit to 25 and caps it at 100", () => {
    expect(RevisionListQuerySchema.parse({})).toEqual({ limit: 25 });
    expect(RevisionListQuerySchema.parse({ limit: "100", cursor: "abc" })).toEqual({ limit: 100, cursor: "abc" });
    expect(RevisionListQuerySchema.safeParse({ limit: "101" }).success).toBe(false);
    expect(RevisionListQuerySchema.safeParse({ limit: "2.5" }).success).toBe(false);
  });
});
