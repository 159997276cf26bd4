"use client";

import type { ReactNode } from "react";
import { useFormStatus } from "react-dom";
import { buttonClass } from "./button";

/**
 * A form's submit button: marked busy and relabelled while the form is submitting — a form
 * action's submission, or `pending` for a form that submits through its own transition.
 */
export function SubmitButton({
  children,
  pendingLabel,
  pending,
  variant = "primary",
  className = "",
}: {
  children: ReactNode;
  pendingLabel: string;
  /** Given by a form submitted in its own transition (onSubmit), where useFormStatus sees nothing. */
  pending?: boolean;
  variant?: "primary" | "secondary" | "danger";
  className?: string;
}) {
  const status = useFormStatus();
  const isPending = pending ?? status.pending;
  // aria-disabled rather than disabled: a disabled button drops keyboard focus to <body>.
  return (
    <button
      type="submit"
      aria-disabled={isPending}
      onClick={(event) => {
        if (isPending) event.preventDefault(); // no second submit while the first runs
      }}
      className={buttonClass(variant, `${isPending ? "cursor-wait opacity-60" : ""} ${className}`)}
    >
      {isPending ? pendingLabel : children}
    </button>
  );
}
