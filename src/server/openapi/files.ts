import { z } from "zod";
import { IMAGE_ACCEPT_ATTRIBUTE } from "@/shared/editor-rules";
import type { OpenApiPaths } from "./common";
import { createdResponse, errorResponses, writeOperation } from "./common";

const UploadFormSchema = z
  .object({
    file: z.string().meta({ format: "binary", description: `The image (≤ 10 MB; ${IMAGE_ACCEPT_ATTRIBUTE}, checked by its bytes).` }),
    documentId: z.string().meta({ description: "The document it belongs to." }),
  })
  .meta({ id: "UploadForm" });

const UploadedFileSchema = z
  .object({ id: z.string(), url: z.string().meta({ description: "Where the file is served, relative to the site." }) })
  .meta({ id: "UploadedFile" });

/** /api/v1/files. */
export const filesPaths: OpenApiPaths = {
  "/api/v1/files": {
    post: writeOperation({
      operationId: "uploadFile",
      tags: ["Files"],
      summary: "Upload an image for a document",
      requestBody: { required: true, content: { "multipart/form-data": { schema: UploadFormSchema } } },
      responses: {
        "201": createdResponse("The stored file.", UploadedFileSchema, "Where the file is served: its `url`."),
        ...errorResponses(400, 403, 404, 413, 415, 422),
      },
    }),
  },
  "/api/v1/files/{id}": {
    get: {
      operationId: "getFile",
      tags: ["Files"],
      summary: "Download an uploaded file",
      description:
        "For a caller who may read its document, or anyone with a signed URL as a page or an export hands it out (`expires`, `sig`, and `member`, `share` or `doc` as signed; a changed parameter is a 404). A member's page's URL answers while that member may read the file, a published page's while the page answers and shows the image (docs/api.md \"Files\"). No access, no session and no token are 404; only a bad API token is 401.",
      requestParams: {
        path: z.object({ id: z.string().meta({ description: "The file's id." }) }),
        query: z.object({
          expires: z.string().optional().meta({ description: "A signed URL's expiry, Unix seconds." }),
          sig: z.string().optional().meta({ description: "The signature over the file, the expiry and whom it was signed for." }),
          member: z.string().optional().meta({ description: "A member's page's URL: the membership it was signed for." }),
          share: z.string().optional().meta({ description: "A published page's URL: its public link's id (never its token)." }),
          doc: z.string().optional().meta({ description: "A published page's URL below the shared document: the page's document." }),
        }),
      },
      responses: {
        "200": { description: "The file's bytes.", content: { "image/*": { schema: z.string().meta({ format: "binary" }) } } },
        "304": { description: "Not modified (ETag)." },
        ...errorResponses(404),
        // Only a token is checked as on other routes: no session and no token is a 404 here, like no access.
        "401": { ...errorResponses()["401"], description: "An API token that is unknown, revoked or expired (`unauthenticated`). Without a token or session the answer is 404." },
      },
    },
  },
};
