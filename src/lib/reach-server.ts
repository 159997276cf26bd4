import type { ActionResult } from "@/shared/api-error";

/** What a failed call says when no answer came back (offline, server down). */
export const UNREACHABLE_MESSAGE = "Can't reach Quire. Check your connection, then try again: nothing you typed is lost.";

/**
 * Calls a server action and turns "no answer at all" into an ActionResult like any other failure.
 * A server action's promise rejects only when the request never got an answer (runAction answers
 * every server-side failure as a value), and a caller that awaited it bare left its form stuck:
 * a button disabled for good, the text gone on the next reload.
 */
export async function reachServer<T>(call: () => Promise<ActionResult<T>>): Promise<ActionResult<T>> {
  try {
    return await call();
  } catch {
    return { ok: false, code: "unavailable", message: UNREACHABLE_MESSAGE };
  }
}
