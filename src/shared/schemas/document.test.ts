import { describe, expect, it } from "vitest";
import { CreateDocumentSchema, MoveDocumentSchema, RenameDocumentSchema } from "./document";

const documentId = "abcdefghij12";

describe("RenameDocumentSchema", () => {
  it("trims the title and allows an empty one", () => {
    expect(RenameDocumentSchema.parse({ documentId, title: "  Plan  " }).title).toBe("Plan");
    expect(RenameDocumentSchema.parse({ documentId, title: "   " }).title).toBe("");
  });

  it("allows 200 characters and refuses 201", () => {
    expect(RenameDocumentSchema.safeParse({ documentId, title: "x".repeat(200) }).success).toBe(true);
    const result = RenameDocumentSchema.safeParse({ documentId, title: "x".repeat(201) });
    expect(result.error?.issues[0]).toMatchObject({ path: ["title"], message: "Titles are at most 200 characters." });
  });

  it("refuses control characters such as NUL, tabs and line breaks with a field error", () => {
    for (const title of ["Plan\u0000", "Plan\tB", "Plan\nB", "Plan\u009b"]) {
      expect(RenameDocumentSchema.safeParse({ documentId, title }).error?.issues[0]).toMatchObject({
        path: ["title"],
        message: "Titles can't hold tabs, line breaks or other control characters.",
      });
    }
  });

  it("refuses unknown fields and malformed ids", () => {
    expect(RenameDocumentSchema.safeParse({ documentId, title: "a", workspaceId: "x" }).success).toBe(false);
    expect(RenameDocumentSchema.safeParse({ documentId: "../etc", title: "a" }).success).toBe(false);
  });
});

describe("CreateDocumentSchema", () => {
  it("takes a workspace and optionally a parent and a title", () => {
    const workspaceId = "5f0c6c2e-8a4b-4d8e-9f3a-2b1c0d9e8f7a";
    expect(CreateDocumentSchema.parse({ workspaceId })).toEqual({ workspaceId });
    expect(CreateDocumentSchema.parse({ workspaceId, parentId: null, title: " A " })).toEqual({ workspaceId, parentId: null, title: "A" });
    expect(CreateDocumentSchema.safeParse({ workspaceId: "acme" }).success).toBe(false);
  });
});

describe("MoveDocumentSchema", () => {
  it("requires parentId, null for the top level", () => {
    expect(MoveDocumentSchema.safeParse({ documentId }).success).toBe(false);
    expect(MoveDocumentSchema.parse({ documentId, parentId: null, afterId: documentId })).toMatchObject({ parentId: null });
  });
});
