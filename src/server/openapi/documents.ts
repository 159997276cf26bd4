import { z } from "zod";
import {
  CreateDocumentBodySchema,
  DocumentPageSchema,
  DocumentSchema,
  DocumentSummarySchema,
  ListDocumentsParamsSchema,
  ReadDocumentParamsSchema,
  TrashedDocumentSchema,
  UpdateDocumentBodySchema,
} from "@/shared/schemas/api-documents";
import { ExportQuerySchema } from "@/shared/schemas/export";
import { EXPORT_CONTENT_TYPES } from "@/server/formats/export/export-formats";
import type { OpenApiPaths } from "./common";
import { DocumentIdPath, createdResponse, errorResponses, jsonBody, jsonResponse, writeOperation } from "./common";

/** /api/v1/documents and its sub-resources. */
export const documentsPaths: OpenApiPaths = {
  "/api/v1/documents": {
    get: {
      operationId: "listDocuments",
      tags: ["Documents"],
      summary: "List documents",
      description: "Live documents of a workspace the caller can read, paged with `cursor` and `limit`.",
      requestParams: { query: ListDocumentsParamsSchema },
      responses: { "200": jsonResponse("One page of documents.", DocumentPageSchema), ...errorResponses(400, 404) },
    },
    post: writeOperation({
      operationId: "createDocument",
      tags: ["Documents"],
      summary: "Create a document",
      description:
        "Created as the last child of `parentId` (or at the top level), empty, with a body given as Markdown or as a Quill delta, or from a template (`templateId`: an unknown id, or another workspace's, is 404).",
      requestBody: jsonBody(CreateDocumentBodySchema),
      responses: {
        "201": createdResponse("The new document.", DocumentSummarySchema, "The new document's address in the API: `/api/v1/documents/{id}`."),
        ...errorResponses(403, 404, 409, 413, 415, 422),
      },
    }),
  },
  "/api/v1/documents/{id}": {
    get: {
      operationId: "getDocument",
      tags: ["Documents"],
      summary: "Read a document",
      requestParams: { path: DocumentIdPath, query: ReadDocumentParamsSchema },
      responses: { "200": jsonResponse("The document with its body in the requested format.", DocumentSchema), ...errorResponses(400, 404) },
    },
    patch: writeOperation({
      operationId: "updateDocument",
      tags: ["Documents"],
      summary: "Rename or move a document",
      requestParams: { path: DocumentIdPath },
      requestBody: jsonBody(UpdateDocumentBodySchema),
      responses: {
        "200": jsonResponse("The document after the change.", DocumentSummarySchema),
        ...errorResponses(403, 404, 409, 413, 415, 422),
      },
    }),
    delete: writeOperation({
      operationId: "trashDocument",
      tags: ["Documents"],
      summary: "Move a document to the trash",
      description: "Its live descendants go with it; restore within 30 days.",
      requestParams: { path: DocumentIdPath },
      responses: { "200": jsonResponse("What went to the trash.", TrashedDocumentSchema), ...errorResponses(403, 404) },
    }),
  },
  "/api/v1/documents/{id}/restore": {
    post: writeOperation({
      operationId: "restoreDocument",
      tags: ["Documents"],
      summary: "Restore a document from the trash",
      description: "Back to its old parent, or the top level when that parent is gone.",
      requestParams: { path: DocumentIdPath },
      responses: { "200": jsonResponse("The restored document.", DocumentSummarySchema), ...errorResponses(403, 404) },
    }),
  },
  "/api/v1/documents/{id}/export": {
    get: {
      operationId: "exportDocument",
      tags: ["Documents"],
      summary: "Export a document as a file",
      requestParams: {
        path: DocumentIdPath,
        query: ExportQuerySchema,
      },
      responses: {
        "200": {
          description: "A download (Content-Disposition: attachment).",
          content: Object.fromEntries(
            [...Object.values(EXPORT_CONTENT_TYPES).map((type) => type.split(";")[0] ?? type), "application/zip"].map((type) => [type, { schema: z.string().meta({ format: "binary" }) }]),
          ),
        },
        ...errorResponses(400, 404, 503),
      },
    },
  },
};
