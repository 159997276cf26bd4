import { describe, expect, it } from "vitest";
import { SLASH_ITEMS, filterSlashItems, shouldCloseSlashMenu } from "./slash-items";
import { EDITOR_FORMATS } from "@/shared/editor-formats";

const labels = (query: string) => filterSlashItems(query).map((item) => item.label);

describe("filterSlashItems", () => {
  it("finds everything with an empty filter", () => {
    expect(labels("")).toHaveLength(SLASH_ITEMS.length);
  });

  it.each([
    ["hea", ["Heading 1", "Heading 2", "Heading 3"]],
    ["HEAD 2", ["Heading 2"]],
    ["h2", ["Heading 2"]],
    ["list", ["Bulleted list", "Numbered list", "Check list"]],
    ["code", ["Code block"]],
    ["todo", ["Check list"]],
    ["math", ["Formula"]],
    ["img", []],
    ["ima", ["Image"]],
    ["quote", ["Quote"]],
    ["temp", ["Template"]],
  ])("%j finds %j", (query, expected) => {
    expect(labels(query)).toEqual(expected);
  });

  it("only produces formats the editor has", () => {
    for (const item of SLASH_ITEMS) {
      const formats = item.action.kind === "line" ? Object.keys(item.action.attributes) : item.action.kind === "toolbar" ? [item.action.handler] : [];
      for (const format of formats) expect(EDITOR_FORMATS).toContain(format);
    }
  });
});

describe("shouldCloseSlashMenu", () => {
  it("closes when nothing matches after a space, or the filter is long", () => {
    expect(shouldCloseSlashMenu("zzz", 0)).toBe(false);
    expect(shouldCloseSlashMenu("and then ", 0)).toBe(true);
    expect(shouldCloseSlashMenu("heading ", 3)).toBe(false);
    expect(shouldCloseSlashMenu("x".repeat(40), 0)).toBe(true);
  });
});
