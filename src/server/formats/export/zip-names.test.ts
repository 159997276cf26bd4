import { describe, expect, it } from "vitest";
import { SiblingNames } from "./zip-names";

describe("SiblingNames", () => {
  it("slugifies titles and numbers repeats, ignoring case", () => {
    const names = new SiblingNames();
    expect(["Release notes", "release NOTES", "Release notes", "Ünïcode & co", "", "   "].map((t) => names.next(t))).toEqual([
      "release-notes",
      "release-notes-2",
      "release-notes-3",
      "uenicode-and-co",
      "untitled",
      "untitled-2",
    ]);
  });

  it("never hands out a reserved name", () => {
    expect(new SiblingNames(["images"]).next("Images")).toBe("images-2");
  });

  it("keeps names short enough for any file system", () => {
    expect(new SiblingNames().next("word ".repeat(100)).length).toBeLessThanOrEqual(80);
  });
});
