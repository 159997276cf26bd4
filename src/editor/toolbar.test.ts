import { describe, expect, it } from "vitest";
import { OVERFLOW_ORDER, TOOLBAR, groupName } from "./toolbar";

describe("the toolbar's overflow order", () => {
  it("names toolbar groups only, and keeps the heading picker out of More formatting", () => {
    const names = TOOLBAR.map(groupName);
    for (const name of OVERFLOW_ORDER) expect(names).toContain(name);
    expect(OVERFLOW_ORDER).not.toContain("header");
    // Every group but the heading picker can go, so the row never overflows.
    expect(new Set(OVERFLOW_ORDER).size).toBe(names.length - 1);
  });
});
