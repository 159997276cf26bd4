import fs from "node:fs";
import path from "node:path";
import { validate, compileErrors } from "@readme/openapi-parser";
import { describe, expect, it } from "vitest";
import { EDITOR_ATTRIBUTES, EDITOR_EMBEDS } from "@/shared/editor-formats";
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

  it("names the editor's embeds and formats in the Delta schema, the only ones a delta may hold", () => {
    type Schema = { properties?: Record<string, Schema>; items?: Schema; anyOf?: Schema[]; required?: string[]; propertyNames?: { enum?: string[] }; description?: string };
    const delta = document.components?.schemas?.Delta as Schema;
    const op = delta.properties?.ops?.items;
    const embeds = op?.properties?.insert?.anyOf?.flatMap((option) => option.required ?? []);
    expect(embeds).toEqual([...EDITOR_EMBEDS]);
    expect(op?.properties?.attributes?.propertyNames?.enum).toEqual([...EDITOR_ATTRIBUTES]);
    expect(delta.description).toMatch(/An embed or a format the editor doesn't have is refused with 422/);
  });

  it("declares what the routes answer: Location on 201s that send one, 400 for an upload without documentId, a non-negative Retry-After", () => {
    type Response = { description: string; headers?: Record<string, { schema: { minimum?: number } }> };
    const responses = (path: string, method: "get" | "post") => (document.paths?.[path] as Record<string, { responses: Record<string, Response> }>)[method]?.responses ?? {};
    for (const [path, method] of [["/api/v1/documents", "post"], ["/api/v1/files", "post"], ["/api/v1/workspaces/import", "post"]] as const) {
      expect(responses(path, method)["201"]?.headers?.Location, path).toBeDefined();
    }
    expect(responses("/api/v1/files", "post")["400"]).toBeDefined();
    expect(responses("/api/v1/documents", "get")["429"]?.headers?.["Retry-After"]?.schema.minimum).toBe(0);
  });

  it("answers a file download's missing credentials with 404 and only a bad token with 401, as docs/api.md says", () => {
    const download = (document.paths?.["/api/v1/files/{id}"] as { get: { responses: Record<string, { description: string }> } }).get.responses;
    expect(download["404"]).toBeDefined();
    expect(download["401"]?.description).toMatch(/^An API token that is unknown, revoked or expired/);
  });

  it("uses no keyword OpenAPI 3.1 deprecates (`example`; JSON Schema's `examples` replaces it)", () => {
    const keys = (value: unknown): string[] =>
      value && typeof value === "object" ? Object.entries(value).flatMap(([key, inner]) => [key, ...keys(inner)]) : [];
    expect(keys(document)).not.toContain("example");
    expect(keys(document)).toContain("examples");
  });
});
