import fs from "node:fs";
import path from "node:path";
import { validate, compileErrors } from "@readme/openapi-parser";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "./build-openapi-document";

const API_DIR = path.resolve(import.meta.dirname, "../../app/api/v1");

/** Every route handler under src/app/api/v1 as an OpenAPI path (`[id]` → `{id}`). */
function routePaths(dir = API_DIR, prefix = "/api/v1"): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      const segment = entry.name.replace(/^\[(\w+)\]$/, "{$1}");
      found.push(...routePaths(path.join(dir, entry.name), `${prefix}/${segment}`));
    } else if (entry.name === "route.ts") {
      found.push(prefix);
    }
  }
  return found;
}

describe("the OpenAPI document", () => {
  const document = buildOpenApiDocument({ serverUrl: "http://localhost:3000" });

  it("is valid OpenAPI 3.1", async () => {
    const result = await validate(structuredClone(document) as Parameters<typeof validate>[0]);
    expect(result.valid, result.valid ? "" : compileErrors(result)).toBe(true);
  });

  it("documents every /api/v1 route file, and nothing that has no route", () => {
    const routes = routePaths();
    expect(routes).toContain("/api/v1/documents/{id}");
    expect(Object.keys(document.paths ?? {}).sort()).toEqual([...routes].sort());
  });

  it("takes its schemas from the routes' zod schemas, as named components", () => {
    const schemas = Object.keys(document.components?.schemas ?? {});
    expect(schemas).toEqual(expect.arrayContaining(["CreateDocument", "UpdateDocument", "DocumentSummary", "Document", "DocumentPage", "Error"]));
    const create = document.components?.schemas?.CreateDocument as { additionalProperties?: unknown; required?: string[] };
    expect(create.additionalProperties).toBe(false);
    expect(document.components?.securitySchemes).toMatchObject({ bearerToken: { type: "http", scheme: "bearer" } });
  });
});
