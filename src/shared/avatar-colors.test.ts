import { describe, expect, it } from "vitest";
import { AVATAR_PALETTE, isAvatarColor } from "./avatar-colors";

// WCAG 2.x relative luminance and contrast ratio.
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a: string, b: string) => {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
};

describe("avatar palette", () => {
  it.each(AVATAR_PALETTE)("$name keeps 4.5:1 with the white initials (the same in light and dark)", ({ value }) => {
    expect(contrast(value, "#ffffff")).toBeGreaterThanOrEqual(4.5);
  });

  it("has distinct values and names", () => {
    expect(new Set(AVATAR_PALETTE.map((c) => c.value)).size).toBe(AVATAR_PALETTE.length);
    expect(new Set(AVATAR_PALETTE.map((c) => c.name)).size).toBe(AVATAR_PALETTE.length);
  });

  it("knows its own colours only", () => {
    expect(isAvatarColor("#0f766e")).toBe(true);
    expect(isAvatarColor("#ffffff")).toBe(false);
    expect(isAvatarColor("red")).toBe(false);
    expect(isAvatarColor(undefined)).toBe(false);
  });
});
