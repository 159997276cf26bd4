import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { keepSections, writeSection } from "./doc-sections";

describe("benchmark doc sections", () => {
  it("replaces only its own section, and npm run bench's rewrite keeps the others", () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "quire-sections-")), "benchmarks.md");
    fs.writeFileSync(file, "# Benchmarks\n\nEditor figures v1\n");
    writeSection(file, "search", "## Search\n\nrun 1");
    writeSection(file, "search", "## Search\n\nrun 2 $& $1");
    expect(fs.readFileSync(file, "utf8")).toBe("# Benchmarks\n\nEditor figures v1\n\n<!-- section:search -->\n## Search\n\nrun 2 $& $1\n<!-- /section:search -->\n");
    const rewritten = keepSections(file, "# Benchmarks\n\nEditor figures v2\n");
    expect(rewritten).toBe("# Benchmarks\n\nEditor figures v2\n\n<!-- section:search -->\n## Search\n\nrun 2 $& $1\n<!-- /section:search -->\n");
    fs.rmSync(path.dirname(file), { recursive: true });
  });
});
