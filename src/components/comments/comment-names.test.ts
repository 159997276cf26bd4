import { describe, expect, it } from "vitest";
import type { CommentDto, CommentThreadDto } from "@/shared/comments/comment-dto";
import { commentSubject, editBoxNames, replyBoxNames, threadSubject } from "./comment-names";

function comment(text: string, overrides: Partial<CommentDto> = {}): CommentDto {
  return {
    id: "c1",
    author: { id: "u1", name: "Ana", color: "#000" },
    body: { ops: [{ insert: text }] },
    createdAt: "2025-01-01T00:00:00.000Z",
    editedAt: null,
    isDeleted: false,
    reactions: [],
    canEdit: true,
    canDelete: true,
    ...overrides,
  };
}

function thread(overrides: Partial<CommentThreadDto>): CommentThreadDto {
  const base = { id: "t1", documentId: "d1", anchor: { start: "a", end: "b" }, quote: "brown fox", createdAt: "", resolvedAt: null, resolvedBy: null };
  return { ...base, comments: [comment("Is it brown?")], ...overrides };
}

describe("threadSubject", () => {
  it("names the opener and the words, or the opening comment's start for a document-level thread", () => {
    expect(threadSubject(thread({}), false)).toBe("Ana's thread on “brown fox”");
    expect(threadSubject(thread({}), true)).toBe("Ana's thread on deleted text “brown fox”");
    expect(threadSubject(thread({ anchor: null, quote: "" }), false)).toBe("Ana's thread on the document: “Is it brown?”");
  });

  it("names no one for a deleted opening comment, and shortens long words", () => {
    const opening = comment("", { isDeleted: true });
    expect(threadSubject(thread({ anchor: null, comments: [opening] }), false)).toBe("the thread on the document");
    expect(threadSubject(thread({ quote: `${"word ".repeat(20)}\nend` }), false)).toBe("Ana's thread on “word word word word word word word word…”");
  });
});

describe("commentSubject", () => {
  it("names the author and the start of the text, a mention as @Name, on one line", () => {
    const body = { ops: [{ insert: "Ask " }, { insert: { mention: { id: "u2", name: "Bo" } } }, { insert: "\nabout it\n" }] };
    expect(commentSubject(comment("", { body }))).toBe("Ana's comment: “Ask @Bo about it”");
  });
});

describe("replyBoxNames and editBoxNames", () => {
  it("name a reply box's text box, Reply and Cancel by the thread, each starting with its visible label", () => {
    expect(replyBoxNames(threadSubject(thread({}), false))).toEqual({
      text: "Your reply to Ana's thread on “brown fox”",
      submit: "Reply to Ana's thread on “brown fox”",
      cancel: "Cancel reply to Ana's thread on “brown fox”",
    });
  });

  it("name an edit box's text box, Save and Cancel by the comment", () => {
    expect(editBoxNames(commentSubject(comment("Is it brown?")))).toEqual({
      text: "Edit Ana's comment: “Is it brown?”",
      submit: "Save edit of Ana's comment: “Is it brown?”",
      cancel: "Cancel edit of Ana's comment: “Is it brown?”",
    });
  });
});
