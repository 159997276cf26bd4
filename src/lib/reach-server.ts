import { unstable_rethrow } from "next/navigation";
import type { ActionResult } from "@/shared/api-error";
import type { FormState } from "@/shared/form-state";

/** What a failed call says when no answer came back (offline, server down). */
export const UNREACHABLE_MESSAGE = "Can't reach Quire. Check your connection, then try again: nothing you typed is lost.";

/** Fields a form never shows again, whatever happened: passwords and secrets. */
const NEVER_ECHOED = /password|secret/i;

/**
 * Calls a server action and turns "no answer at all" into an ActionResult like any other failure.
 * A server action's promise rejects only when the request never got an answer (runAction answers
 * every server-side failure as a value), and a caller that awaited it bare left its form stuck:
 * a button disabled for good, the text gone on the next reload, or, in a transition, the whole
 * page replaced by the error boundary. A redirect or not-found the action asked for (Next rejects
 * the call with them) goes on to the router.
 */
export async function reachServer<T>(call: () => Promise<ActionResult<T>>): Promise<ActionResult<T>> {
  try {
    return await call();
  } catch (error) {
    unstable_rethrow(error);
    return { ok: false, code: "unavailable", message: UNREACHABLE_MESSAGE };
  }
}

/**
 * reachServer for a `useActionState` form: `useActionState(reachForm(saveAction), …)`. With no
 * answer, the form's state says so and carries what was submitted (never a password or secret),
 * since React has already reset the uncontrolled fields: the form shows the typed values again.
 * On the server it hands back the action itself: React renders a server action's form so that it
 * posts before the page's scripts have run, which a function of the browser's can't.
 */
export function reachForm<S extends FormState>(action: (previous: S, formData: FormData) => Promise<S>): (previous: S, formData: FormData) => Promise<S> {
  if (typeof window === "undefined") return action;
  return async (previous, formData) => {
    try {
      return await action(previous, formData);
    } catch (error) {
      unstable_rethrow(error);
      return { message: UNREACHABLE_MESSAGE, code: "unavailable", values: submittedValues(formData) } as S;
    }
  };
}

/** A form's text fields as submitted, without passwords and secrets (files are left out too). */
export function submittedValues(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of formData) {
    if (typeof value === "string" && !NEVER_ECHOED.test(name) && !name.startsWith("$ACTION")) values[name] = value;
  }
  return values;
}
