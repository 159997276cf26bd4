import type { NextRequest } from "next/server";
import { readUploadForm } from "@/server/http/read-upload-form";
import { defineRoute } from "@/server/http/route";
import { requireApiContext } from "@/server/http/require-api-actor";
import { uploadImage } from "@/server/services/files/upload-image";

export const dynamic = "force-dynamic";

/** Uploads an image for a document (multipart: `file`, `documentId`); 201 `{ id, url }`. */
export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  POST: async (request: NextRequest) => {
    // The caller comes first, so an anonymous client can't make us read 10 MB.
    const ctx = await requireApiContext(request, { scope: "write" });
    const form = await readUploadForm(request);
    const uploaded = await uploadImage(ctx, form);
    return Response.json({ id: uploaded.id, url: uploaded.url }, { status: 201, headers: { Location: uploaded.url } });
  },
});
