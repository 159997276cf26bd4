import { describe, expect, it } from "vitest";
import { EDITOR_ATTRIBUTES, EDITOR_EMBEDS, EDITOR_FORMATS, IMAGE_ATTRIBUTES } from "@/shared/editor-formats";
import { EMBED_RULES, FORMAT_RULES, hasRule } from "./editor-formats";

// The toolbar, the server's Quill host and these rules are built from one table: a format the
// editor can make must have a server rule (or the server would drop what people typed), and a
// rule must belong to a format the editor can make (or the server would keep what no editor makes).
describe("the server's format rules", () => {
  it("cover every format the editor holds, embeds as embeds", () => {
    for (const format of EDITOR_FORMATS) {
      const isEmbed = (EDITOR_EMBEDS as readonly string[]).includes(format);
      expect(isEmbed ? hasRule(EMBED_RULES, format) : hasRule(FORMAT_RULES, format), format).toBe(true);
    }
  });

  it("hold nothing else: every attribute rule is an editor format or an image's attribute", () => {
    const known = new Set<string>([...EDITOR_FORMATS, ...IMAGE_ATTRIBUTES]);
    expect(Object.keys(FORMAT_RULES).filter((name) => !known.has(name))).toEqual([]);
    expect(Object.keys(EMBED_RULES).sort()).toEqual([...EDITOR_EMBEDS].sort());
    expect(hasRule(FORMAT_RULES, "code-token")).toBe(false); // highlighting is display only
    // The API's delta schema accepts exactly these names (shared/schemas/delta.ts).
    expect(Object.keys(FORMAT_RULES).sort()).toEqual([...EDITOR_ATTRIBUTES].sort());

  });
});
