import { CommentThreadListSchema } from "@/shared/schemas/comment";
import type { OpenApiPaths } from "./common";
import { DocumentIdPath, errorResponses, jsonResponse } from "./common";

/** /api/v1/documents/{id}/comments: a document's comment threads (docs/product.md "Comments"). */
export const commentsPaths: OpenApiPaths = {
  "/api/v1/documents/{id}/comments": {
    get: {
      operationId: "listComments",
      tags: ["Comments"],
      summary: "List a document's comment threads, oldest first, with their comments",
      description: "Everyone who can read the document (a `read` token is enough). Order them by where their text is with the anchors.",
      requestParams: { path: DocumentIdPath },
      responses: { "200": jsonResponse("The threads, and whether the caller may comment.", CommentThreadListSchema.meta({ id: "CommentThreadList" })), ...errorResponses(404) },
    },
  },
};
