import { z } from "zod";
import type { OpenApiPaths } from "./common";
import { createdResponse, errorResponses, jsonResponse, publicErrorResponses, writeOperation } from "./common";

const WorkspaceImportFormSchema = z
  .object({
    file: z.string().meta({ format: "binary", description: "A workspace archive from the export (≤ 50 MB)." }),
    name: z.string().optional().meta({ description: "A new workspace's name (with `slug`)." }),
    slug: z.string().optional().meta({ description: "A new workspace's address (with `name`)." }),
    workspace: z.string().optional().meta({ description: "Or: an empty workspace the caller administers (slug or id)." }),
  })
  .meta({ id: "WorkspaceImportForm" });

const WorkspaceImportResultSchema = z
  .object({
    workspace: z.object({ id: z.uuid(), slug: z.string(), name: z.string(), url: z.string() }),
    counts: z.object({ documents: z.int(), files: z.int(), revisions: z.int(), comments: z.int(), templates: z.int() }),
  })
  .meta({ id: "WorkspaceImportResult" });

/** /api/v1/workspaces/…. */
export const workspacesPaths: OpenApiPaths = {
  "/api/v1/workspaces/slug-availability": {
    get: {
      operationId: "slugAvailability",
      tags: ["Workspaces"],
      summary: "Whether a workspace address can be taken",
      security: [],
      requestParams: { query: z.object({ slug: z.string().meta({ description: "The address to check." }) }) },
      responses: {
        "200": jsonResponse("The answer.", z.object({ slug: z.string(), available: z.boolean(), message: z.string().optional() })),
        ...publicErrorResponses(400),
      },
    },
  },
  "/api/v1/workspaces/{id}/export": {
    get: {
      operationId: "exportWorkspace",
      tags: ["Workspaces"],
      summary: "Download a workspace archive (admins and owners)",
      description: "A zip of every document (trashed ones too) with its tree, Yjs state, revisions and comment threads, every image and the workspace's templates. An archive is a read: an admin's or owner's `read` token is enough.",
      requestParams: { path: z.object({ id: z.string().meta({ description: "The workspace's id or slug." }) }) },
      responses: { "200": { description: "The archive.", content: { "application/zip": { schema: z.string().meta({ format: "binary" }) } } }, ...errorResponses(403, 404) },
    },
  },
  "/api/v1/workspaces/import": {
    post: writeOperation({
      operationId: "importWorkspace",
      tags: ["Workspaces"],
      summary: "Import a workspace archive into a new or an empty workspace",
      requestBody: { required: true, content: { "multipart/form-data": { schema: WorkspaceImportFormSchema } } },
      responses: {
        "201": createdResponse("The workspace and what it received.", WorkspaceImportResultSchema, "The workspace's page: `/w/{slug}`."),
        ...errorResponses(400, 403, 404, 409, 413, 415, 422),
      },
    }),
  },
};
