import { describe, expect, it } from "vitest";
import { commentFragment, linkedCommentId } from "./comment-link";

describe("a link to one comment", () => {
  it("names the comment its fragment holds, and none for another fragment", () => {
    expect(linkedCommentId(commentFragment("c0ffee12"))).toBe("c0ffee12");
    expect(linkedCommentId("#comment-caf%C3%A9")).toBe("café");
    expect(linkedCommentId("#comment-")).toBeNull();
    expect(linkedCommentId("#h-intro")).toBeNull();
  });

  // It runs in an effect as the document page opens: a throw there is an error of the whole page.
  it("names none for a fragment with a broken escape, typed or cut by hand", () => {
    expect(linkedCommentId("#comment-%E0%A4%A")).toBeNull();
    expect(linkedCommentId("#comment-%")).toBeNull();
  });
});
