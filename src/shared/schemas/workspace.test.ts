import { describe, expect, it } from "vitest";
import { slugFromName } from "@/shared/workspace-slug";
import { PersonNameField } from "./fields";
import { VersionNameField } from "./revision";
import { WorkspaceNameField, WorkspaceSlugField } from "./workspace";

describe("WorkspaceSlugField", () => {
  it.each(["abc", "acme-inc", "a1-b2-c3", "x".repeat(40)])("accepts %s", (slug) => {
    expect(WorkspaceSlugField.safeParse(slug).success).toBe(true);
  });

  it.each([
    ["ab", "at least 3"],
    ["x".repeat(41), "at most 40"],
    ["-acme", "hyphen"],
    ["acme-", "hyphen"],
    ["acme_inc", "lower-case letters"],
    ["acme inc", "lower-case letters"],
    ["api", "reserved"],
    ["login", "reserved"],
    ["signup", "reserved"],
  ])("refuses %s with a message about %s", (slug, message) => {
    const result = WorkspaceSlugField.safeParse(slug);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain(message);
  });

  it("lower-cases what people type", () => {
    expect(WorkspaceSlugField.parse("Acme")).toBe("acme");
  });
});

describe("slugFromName", () => {
  it.each([
    ["Acme Inc.", "acme-inc"],
    ["Café Crème", "cafe-creme"],
    ["  Spaces   everywhere ", "spaces-everywhere"],
    ["Hi", ""],
    ["A".repeat(60), "a".repeat(40)],
    ["The International Society of Extremely Long Names", "the-international-society-of-extremely"],
  ])("derives %s → %s", (name, slug) => {
    expect(slugFromName(name)).toBe(slug);
  });
});

describe("names", () => {
  it.each([
    ["workspace", WorkspaceNameField, "Workspace names"],
    ["person", PersonNameField, "Names"],
    ["version", VersionNameField, "Version names"],
  ] as const)("refuses a %s name holding a NUL byte or another control character with a field error", (_kind, field, what) => {
    expect(field.safeParse("Team").success).toBe(true);
    for (const name of ["Team\u0000", "Te\tam", "Te\u001bam"]) {
      expect(field.safeParse(name).error?.issues[0]?.message).toBe(`${what} can't hold tabs, line breaks or other control characters.`);
    }
  });
});
