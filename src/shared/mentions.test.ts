import { describe, expect, it } from "vitest";
import { MAX_MENTION_NAME_CHARS, mentionText, mentionValueOf, mentionedUserIds } from "./mentions";

describe("mentions", () => {
  it("reads a well-formed mention and refuses anything else", () => {
    expect(mentionValueOf({ mention: { id: "u_1", name: " Ada\u0007 " } })).toEqual({ id: "u_1", name: "Ada" });
    expect(mentionValueOf({ mention: { id: "u_1" } })).toEqual({ id: "u_1", name: "" });
    expect(mentionValueOf({ mention: { id: "<script>", name: "x" } })).toBeNull();
    expect(mentionValueOf({ mention: { id: "", name: "x" } })).toBeNull();
    expect(mentionValueOf({ mention: "u_1" })).toBeNull();
    expect(mentionValueOf({ image: "u_1" })).toBeNull();
    expect(mentionValueOf("text")).toBeNull();
  });

  it("cuts a long name without leaving a space at the cut, so reading it again changes nothing", () => {
    const name = `${"a".repeat(MAX_MENTION_NAME_CHARS - 1)} b`;
    const once = mentionValueOf({ mention: { id: "u_1", name } });
    expect(once).toEqual({ id: "u_1", name: "a".repeat(MAX_MENTION_NAME_CHARS - 1) });
    expect(mentionValueOf({ mention: once })).toEqual(once);
  });

  it("lists each mentioned user once, in order", () => {
    const ops = [{ insert: "Hi " }, { insert: { mention: { id: "b", name: "B" } } }, { insert: { mention: { id: "a", name: "A" } } }, { insert: { mention: { id: "b", name: "B" } } }];
    expect(mentionedUserIds(ops)).toEqual(["b", "a"]);
  });

  it("reads as @ and the current name, else the stored one", () => {
    expect(mentionText({ id: "a", name: "Old" }, "New")).toBe("@New");
    expect(mentionText({ id: "a", name: "Old" })).toBe("@Old");
    expect(mentionText({ id: "a", name: "" })).toBe("@someone");
  });
});
