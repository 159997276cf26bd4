import type { z } from "zod";
import type { ActionResult } from "@/shared/api-error";
import { headers } from "next/headers";
import { clientIpOf } from "@/server/auth/client-ip";
import { getSessionCaller } from "@/server/auth/session";
import type { ServiceContext } from "@/server/context";
import { getDb } from "@/server/db/database";
import { AppError, fieldErrorsFrom } from "@/server/errors";
import { refusedInput } from "./form-helpers";
import { UNCONFIRMED_SESSION_MESSAGE } from "@/shared/address-confirmation";

/**
 * For actions called from client code: checks the session and the input, then runs `work`.
 * Expected failures (AppError) come back as values, since Next hides thrown action errors
 * in production, and so does a database error input caused (inputErrorOf: `bad_request`);
 * anything else is rethrown.
 */
export async function runAction<S extends z.ZodType, T>(
  schema: S,
  input: unknown,
  work: (ctx: ServiceContext, data: z.infer<S>) => Promise<T>,
): Promise<ActionResult<T>> {
  const caller = await getSessionCaller();
  // A value, not a redirect: the caller is client code that can keep the user's work on screen.
  if (caller.kind !== "session") {
    const message = caller.kind === "anonymous" && caller.ended === "unconfirmed" ? UNCONFIRMED_SESSION_MESSAGE : "Your session has ended. Sign in again.";
    return { ok: false, code: "unauthenticated", message };
  }
  const { actor } = caller;
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    return { ok: false, code: "validation_failed", message: "Some fields need attention.", fields: fieldErrorsFrom(parsed.error) };
  }
  try {
    return { ok: true, data: await work({ db: await getDb(), actor, clientIp: clientIpOf(await headers()) }, parsed.data) };
  } catch (error) {
    const expected = error instanceof AppError ? error : refusedInput(error);
    if (!expected) throw error;
    return { ok: false, code: expected.code, message: expected.message, ...(expected.fields ? { fields: expected.fields } : {}) };
  }
}
