import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { writeBenchSection } from "./benchmarks-doc";

describe("writeBenchSection", () => {
  it("replaces only its own section and keeps the intro and the other bench's", () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "bench-doc-")), "benchmarks.md");
    writeBenchSection(file, "editor", "## Editor\nfirst run");
    writeBenchSection(file, "collab", "## Collab\nfirst run");
    writeBenchSection(file, "editor", "## Editor\nsecond run");
    const doc = fs.readFileSync(file, "utf8");
    expect(doc.startsWith("# Benchmarks")).toBe(true);
    expect(doc).toContain("<!-- bench:editor -->\n## Editor\nsecond run\n<!-- /bench:editor -->");
    expect(doc).toContain("<!-- bench:collab -->\n## Collab\nfirst run\n<!-- /bench:collab -->");
    expect(doc).not.toContain("first run\n<!-- /bench:editor -->");
    expect(doc.indexOf("<!-- bench:editor -->")).toBeLessThan(doc.indexOf("<!-- bench:collab -->"));
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });
});
