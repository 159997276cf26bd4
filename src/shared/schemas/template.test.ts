import { describe, expect, it } from "vitest";
import { CreateTemplateSchema, UpdateTemplateSchema } from "./template";

// A template's body is held to the API's delta rules (shared/schemas/delta.ts): the template editor
// sends Quill's own delta, which holds only the editor's embeds and formats.
describe("template bodies", () => {
  const templateId = "00000000-0000-4000-8000-000000000000";
  const workspaceId = "00000000-0000-4000-8000-000000000001";

  it("refuse an embed the editor doesn't have, naming it and the op", () => {
    const result = UpdateTemplateSchema.safeParse({ templateId, body: { ops: [{ insert: "Agenda\n" }, { insert: { video: "https://example.com/v" } }] } });
    expect(result.error?.issues).toMatchObject([{ path: ["body", "ops", 1, "insert"], message: 'Unknown embed "video" at op 1; the editor\'s embeds are image, formula and mention.' }]);
  });

  it("refuse a format the editor doesn't have", () => {
    const result = CreateTemplateSchema.safeParse({ workspaceId, name: "T", body: { ops: [{ insert: "x", attributes: { direction: "rtl" } }] } });
    expect(result.error?.issues).toMatchObject([{ path: ["body", "ops", 0, "attributes"], message: expect.stringMatching(/^Unknown format "direction" at op 0; the editor's formats are header, /) }]);
  });

  it("take what the editor holds: every embed, a table, a check list, a code block", () => {
    const body = {
      ops: [
        { insert: { image: "https://example.com/a.png" }, attributes: { alt: "chart", width: "200" } },
        { insert: { formula: "x^2" } },
        { insert: { mention: { id: "u1", name: "Ann" } } },
        { insert: "\n", attributes: { list: "unchecked" } },
        { insert: "cell" },
        { insert: "\n", attributes: { table: "row-ab12", "table-header": true } },
        { insert: "code" },
        { insert: "\n", attributes: { "code-block": "typescript" } },
      ],
    };
    // A new body names the version it was edited from (update-template.ts refuses a save over a newer one).
    expect(UpdateTemplateSchema.safeParse({ templateId, body, baseVersion: "v1" }).success).toBe(true);
  });
});
