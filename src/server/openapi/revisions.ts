import { z } from "zod";
import { DocumentSchema } from "@/shared/schemas/api-documents";
import { RevisionDtoSchema, RevisionListQuerySchema, RevisionPageSchema } from "@/shared/schemas/revision";
import type { OpenApiPaths } from "./common";
import { DocumentIdPath, errorResponses, jsonResponse, writeOperation } from "./common";

const Revision = RevisionDtoSchema.meta({ id: "Revision" });

/** /api/v1/documents/{id}/revisions…: a document's history (docs/product.md "States"). */
export const revisionsPaths: OpenApiPaths = {
  "/api/v1/documents/{id}/revisions": {
    get: {
      operationId: "listRevisions",
      tags: ["Revisions"],
      summary: "List a document's revisions, newest first",
      requestParams: { path: DocumentIdPath, query: RevisionListQuerySchema },
      responses: { "200": jsonResponse("One page of revisions.", RevisionPageSchema.meta({ id: "RevisionPage" })), ...errorResponses(400, 404) },
    },
  },
  "/api/v1/documents/{id}/revisions/{rev}/restore": {
    post: writeOperation({
      operationId: "restoreRevision",
      tags: ["Revisions"],
      summary: "Put a revision's text and title back",
      description: "Records the current text as a `restore` revision first; open editors update at once.",
      requestParams: { path: DocumentIdPath.extend({ rev: z.uuid().meta({ description: "The revision's id." }) }) },
      responses: {
        "201": jsonResponse("The `restore` revision and the document as it now is.", z.object({ revision: Revision, document: DocumentSchema })),
        ...errorResponses(400, 403, 404),
      },
    }),
  },
};
