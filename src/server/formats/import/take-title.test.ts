import { describe, expect, it } from "vitest";
import type { BodyDelta } from "@/server/body/sanitize-delta";
import { takeTitle } from "./take-title";

describe("takeTitle", () => {
  it("takes a level-1 heading that starts the body as the title and removes its line", () => {
    const delta: BodyDelta = { ops: [{ insert: "Hello " }, { insert: "world", attributes: { bold: true } }, { insert: "\nBody\n", attributes: { header: 1 } }, { insert: "rest\n" }] };
    expect(takeTitle(delta, "file")).toEqual({ title: "Hello world", body: { ops: [{ insert: "Body\n", attributes: { header: 1 } }, { insert: "rest\n" }] } });
  });

  it("uses the fallback when the body starts otherwise or the heading is empty or lower", () => {
    const plain: BodyDelta = { ops: [{ insert: "Intro\nTitle" }, { insert: "\n", attributes: { header: 1 } }] };
    expect(takeTitle(plain, "notes")).toEqual({ title: "notes", body: plain });
    const h2 = { ops: [{ insert: "Sub" }, { insert: "\n", attributes: { header: 2 } }] };
    expect(takeTitle(h2, "notes").title).toBe("notes");
    const blank = { ops: [{ insert: "  " }, { insert: "\n", attributes: { header: 1 } }] };
    expect(takeTitle(blank, "notes").title).toBe("notes");
  });

  it("cuts titles to 200 characters", () => {
    const long = "x".repeat(250);
    expect(takeTitle({ ops: [{ insert: long }, { insert: "\n", attributes: { header: 1 } }] }, "f").title).toHaveLength(200);
    expect(takeTitle({ ops: [] }, long).title).toHaveLength(200);
  });

  it("keeps a title to one line without control characters (a NUL in a file name or heading)", () => {
    expect(takeTitle({ ops: [{ insert: "Plan\u0000 A" }, { insert: "\n", attributes: { header: 1 } }] }, "f").title).toBe("Plan A");
    expect(takeTitle({ ops: [] }, "notes\u0000\u001b").title).toBe("notes");
  });
});
