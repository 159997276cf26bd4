import type { NextRequest } from "next/server";
import { WorkspaceSlugField } from "@/shared/schemas/workspace";
import { fieldErrorsFrom } from "@/server/errors";
import { publicContext } from "@/server/http/request-context";
import { defineRoute, jsonError } from "@/server/http/route";
import { isSlugAvailable } from "@/server/services/workspaces/is-slug-available";
import { SLUG_TAKEN_MESSAGE } from "@/server/services/workspaces/create-workspace";

export const dynamic = "force-dynamic";

/** Whether a workspace address can be taken: `{ slug, available, message? }` (sign-up and "new workspace" forms). */
export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: async (request: NextRequest) => {
    const raw = request.nextUrl.searchParams.get("slug");
    if (raw === null) return jsonError("bad_request", "Pass the address to check as ?slug=.");
    const parsed = WorkspaceSlugField.safeParse(raw);
    if (!parsed.success) {
      const message = fieldErrorsFrom(parsed.error)._ ?? "This address is not valid.";
      return Response.json({ slug: raw, available: false, message });
    }
    const available = await isSlugAvailable(await publicContext(), parsed.data);
    return Response.json({ slug: parsed.data, available, ...(available ? {} : { message: SLUG_TAKEN_MESSAGE }) });
  },
});
