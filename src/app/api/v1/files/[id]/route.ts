import type { NextRequest } from "next/server";
import { resolveCaller } from "@/server/auth/resolve-caller";
import { AppError } from "@/server/errors";
import { SESSION_CACHE_CONTROL, fileResponse, signedCacheControl } from "@/server/storage/file-response";
import { SIGNATURE_PARAM } from "@/server/storage/file-url-signer";
import { defineRoute } from "@/server/http/route";
import { apiContextFor } from "@/server/http/require-api-actor";
import { publicContext } from "@/server/http/request-context";
import { FILE_NOT_FOUND, readFile } from "@/server/services/files/read-file";
import { readSignedFile } from "@/server/services/files/read-signed-file";

export const dynamic = "force-dynamic";

/**
 * An uploaded file's bytes, for a member who may read its document (session cookie or API token) or
 * for anyone holding an unexpired signed URL (Next's image optimiser fetches without
 * cookies; published pages have no session), a published page's only while that page answers.
 * No access is a 404, never a 401/403.
 */
export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: async (request: NextRequest, { params }) => {
    const { id } = await params;
    if (typeof id !== "string") throw new AppError("not_found", FILE_NOT_FOUND);
    const query = request.nextUrl.searchParams;
    if (query.has(SIGNATURE_PARAM)) {
      const signed = await readSignedFile(await publicContext(), { fileId: id, query }).catch(
        (error: unknown) => {
          // An expired link still works for a signed-in member: fall through to the session.
          if (error instanceof AppError && error.code === "not_found") return null;
          throw error;
        },
      );
      if (signed) return fileResponse(request, signed.file, signedCacheControl(signed));
    }
    // An API token is checked as on every route (a bad one is 401); no credential at all is a 404.
    const caller = await resolveCaller(request.headers, { acceptTokens: true });
    if (caller.kind === "anonymous") throw new AppError("not_found", FILE_NOT_FOUND);
    const ctx = await apiContextFor(caller, request, { scope: "read" });
    return fileResponse(request, await readFile(ctx, id), SESSION_CACHE_CONTROL);
  },
});
