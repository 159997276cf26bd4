import type { NextRequest } from "next/server";
import { z } from "zod";
import type { ServiceContext } from "@/server/context";
import { AppError, fieldErrorsFrom } from "@/server/errors";

/**
 * The request's query parameters validated by `schema`: bad ones are 400 `bad_request` naming
 * each parameter (docs/product.md "Errors": "malformed JSON or parameters"). Unknown parameters pass.
 * @throws AppError bad_request
 */
export function readQuery<S extends z.ZodType>(request: NextRequest, schema: S): z.output<S> {
  const parsed = schema.safeParse(Object.fromEntries(request.nextUrl.searchParams));
  if (parsed.success) return parsed.data;
  const fields = fieldErrorsFrom(parsed.error);
  throw new AppError("bad_request", Object.values(fields)[0] ?? "These parameters are not valid.", fields);
}

/**
 * The workspace an API call names (a slug or an id), or an API token's own when it names none.
 * @throws AppError bad_request (a session caller naming none)
 */
export function apiWorkspace(ctx: ServiceContext, named: string | undefined): { id: string } | { slug: string } {
  if (named !== undefined) return z.uuid().safeParse(named).success ? { id: named } : { slug: named };
  if (ctx.grant) return { id: ctx.grant.workspaceId };
  throw new AppError("bad_request", "Name the workspace in `workspace` (its slug or id).", { workspace: "Name the workspace (its slug or id)." });
}
