import { describe, expect, it } from "vitest";
import { TOOLBAR, isMoreGroup } from "./toolbar";

/** A group's name: its first control's format. */
const nameOf = (group: (typeof TOOLBAR)[number]) => {
  const first = group[0];
  return typeof first === "string" ? first : Object.keys(first ?? {})[0];
};

describe("the narrow window's More formatting", () => {
  it("takes the rarely used groups and leaves the everyday ones in the toolbar", () => {
    expect(TOOLBAR.filter(isMoreGroup).map(nameOf)).toEqual(["font", "color", "script", "indent", "align", "clean"]);
    expect(TOOLBAR.filter((group) => !isMoreGroup(group)).map(nameOf)).toEqual(["header", "bold", "list", "blockquote", "link"]);
  });
});
