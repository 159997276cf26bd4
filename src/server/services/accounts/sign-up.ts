import { eq } from "drizzle-orm";
import { APIError } from "better-auth/api";
import type { SignUpInput } from "@/shared/schemas/auth";
import type { FieldErrors } from "@/shared/api-error";
import type { Auth } from "@/server/auth/auth";
import type { Db } from "@/server/db/client";
import { users } from "@/server/db/schema";
import { AppError, validationError } from "@/server/errors";
import { createWorkspace, SLUG_TAKEN_MESSAGE } from "@/server/services/workspaces/create-workspace";
import { isSlugAvailable } from "@/server/services/workspaces/is-slug-available";

export const EMAIL_TAKEN_MESSAGE = "An account with this email already exists. Sign in instead.";

/**
 * Creates an account, signs it in (the session cookie goes out with the current
 * response) and creates its first workspace with the new user as owner. On any
 * failure nothing is left behind.
 * @throws AppError validation_failed (email or slug taken)
 */
export async function signUp(db: Db, auth: Auth, input: SignUpInput, headers: Headers) {
  const fields: FieldErrors = {};
  if (await isEmailTaken(db, input.email)) fields.email = EMAIL_TAKEN_MESSAGE;
  if (!(await isSlugAvailable({ db }, input.workspaceSlug))) fields.workspaceSlug = SLUG_TAKEN_MESSAGE;
  if (Object.keys(fields).length > 0) throw validationError(fields);

  const { user } = await auth.api
    .signUpEmail({ body: { name: input.name, email: input.email, password: input.password }, headers })
    .catch((error: unknown) => {
      throw translateAuthError(error);
    });
  const actor = { id: user.id, name: user.name, email: user.email, color: String(user.color) };
  try {
    const workspace = await createWorkspace({ db, actor }, { name: input.workspaceName, slug: input.workspaceSlug });
    return { user: actor, workspace };
  } catch (error) {
    // Lost a race for the slug after our check: undo the account so nothing half-made remains.
    await db.delete(users).where(eq(users.id, user.id));
    if (error instanceof AppError && error.fields?.slug) throw validationError({ workspaceSlug: error.fields.slug });
    throw error;
  }
}

/** Whether an account uses `email` (stored lower-case). */
export async function isEmailTaken(db: Db, email: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return rows.length > 0;
}

/** better-auth's sign-up failures as the field errors and codes our forms show. */
export function translateAuthError(error: unknown): unknown {
  if (!(error instanceof APIError)) return error;
  if (error.body?.code === "USER_ALREADY_EXISTS" || error.body?.code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL") {
    return validationError({ email: EMAIL_TAKEN_MESSAGE });
  }
  if (error.status === "TOO_MANY_REQUESTS") {
    return new AppError("rate_limited", "Too many attempts. Wait a minute and try again.");
  }
  if (error.statusCode === 400 || error.statusCode === 422) {
    return validationError({ _: error.body?.message ?? "Could not create the account." });
  }
  return error; // unexpected: reaches the error page and the log

}
