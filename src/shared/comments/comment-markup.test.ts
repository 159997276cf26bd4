import { describe, expect, it } from "vitest";
import { commentBodyMentions, commentBodyToMarkup, parseCommentMarkup } from "./comment-markup";

describe("parseCommentMarkup", () => {
  it("reads Markdown's inline marks", () => {
    expect(parseCommentMarkup("a **b** *c* _d_ `e*` [f](https://x.test) g").ops).toEqual([
      { insert: "a " },
      { insert: "b", attributes: { bold: true } },
      { insert: " " },
      { insert: "c", attributes: { italic: true } },
      { insert: " " },
      { insert: "d", attributes: { italic: true } },
      { insert: " " },
      { insert: "e*", attributes: { code: true } },
      { insert: " " },
      { insert: "f", attributes: { link: "https://x.test" } },
      { insert: " g" },
    ]);
  });

  it("links bare addresses but not the sentence's full stop, and leaves snake_case alone", () => {
    expect(parseCommentMarkup("see https://x.test/a_b. my_var_name").ops).toEqual([
      { insert: "see " },
      { insert: "https://x.test/a_b", attributes: { link: "https://x.test/a_b" } },
      { insert: ". my_var_name" },
    ]);
  });

  it("nests marks inside bold and links", () => {
    expect(parseCommentMarkup("**a *b***").ops).toEqual([
      { insert: "a ", attributes: { bold: true } },
      { insert: "b", attributes: { bold: true, italic: true } },
    ]);
  });

  it("round-trips through the composer's text", () => {
    for (const text of ["plain \\*star\\*", "**bold** and *it* `co_de` [x](https://y.test)", "https://a.test/b", "**[l](https://z.test)**"]) {
      const body = parseCommentMarkup(text);
      expect(parseCommentMarkup(commentBodyToMarkup(body))).toEqual(body);
    }
  });

  it("turns the picked members' @Name into mentions, longest name first, and leaves other @words as text", () => {
    const mentions = [{ id: "u1", name: "Ann" }, { id: "u2", name: "Ann Lee" }];
    expect(parseCommentMarkup("@Ann Lee and @Ann, not @Annie or me@Ann **@Bo**", mentions).ops).toEqual([
      { insert: { mention: { id: "u2", name: "Ann Lee" } } },
      { insert: " and " },
      { insert: { mention: { id: "u1", name: "Ann" } } },
      { insert: ", not @Annie or me@Ann " },
      { insert: "@Bo", attributes: { bold: true } },
    ]);
  });

  it("writes mentions back as @Name (the current name) and lists them for the composer", () => {
    const body = { ops: [{ insert: "hi " }, { insert: { mention: { id: "u1", name: "Old" } } }] };
    const names = (id: string) => (id === "u1" ? "New" : null);
    expect(commentBodyToMarkup(body, names)).toBe("hi @New");
    expect(commentBodyMentions(body, names)).toEqual([{ id: "u1", name: "New" }]);
    expect(parseCommentMarkup(commentBodyToMarkup(body, names), commentBodyMentions(body, names))).toEqual({ ops: [{ insert: "hi " }, { insert: { mention: { id: "u1", name: "New" } } }] });
  });
});
