import type { RefObject } from "react";
import { useEffect } from "react";

/**
 * After a submission comes back with errors, moves focus to the first invalid field
 * (or the form's alert), so keyboard and screen-reader users land on what to fix.
 */
export function useFocusFirstError(form: RefObject<HTMLFormElement | null>, state: object): void {
  useEffect(() => {
    const target = form.current?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]');
    if (!target) return;
    if (target.getAttribute("role") === "alert") target.setAttribute("tabindex", "-1");
    target.focus();
  }, [form, state]);
}
