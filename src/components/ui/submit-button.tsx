"use client";

import type { ReactNode } from "react";
import { useFormStatus } from "react-dom";
import { buttonClass } from "./button";

/** A form's submit button: disabled and relabelled while the form is submitting. */
export function SubmitButton({
  children,
  pendingLabel,
  className = "",
}: {
  children: ReactNode;
  pendingLabel: string;
  className?: string;
}) {
  const { pending } = useFormStatus();
  // aria-disabled rather than disabled: a disabled button drops keyboard focus to <body>.
  return (
    <button
      type="submit"
      aria-disabled={pending}
      onClick={(event) => {
        if (pending) event.preventDefault(); // no second submit while the first runs
      }}
      className={buttonClass("primary", `${pending ? "cursor-wait opacity-60" : ""} ${className}`)}
    >
      {pending ? pendingLabel : children}
    </button>
  );
}
