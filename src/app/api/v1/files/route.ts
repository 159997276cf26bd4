import type { NextRequest } from "next/server";
import { actorFromHeaders } from "@/server/auth/actor-from-headers";
import { getDb } from "@/server/db/database";
import { AppError } from "@/server/errors";
import { readUploadForm } from "@/server/files/read-upload-form";
import { defineRoute } from "@/server/http/route";
import { uploadImage } from "@/server/services/files/upload-image";

export const dynamic = "force-dynamic";

/** Uploads an image for a document (multipart: `file`, `documentId`); 201 `{ id, url }`. */
export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  POST: async (request: NextRequest) => {
    // The session comes first, so an anonymous client can't make us read 10 MB.
    const actor = await actorFromHeaders(request.headers);
    if (!actor) throw new AppError("unauthenticated", "Sign in to upload images.");
    const form = await readUploadForm(request);
    const uploaded = await uploadImage({ db: await getDb(), actor }, form);
    return Response.json({ id: uploaded.id, url: uploaded.url }, { status: 201, headers: { Location: uploaded.url } });
  },
});
