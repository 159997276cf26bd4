import type { ButtonHTMLAttributes } from "react";

/**
 * `ghost-danger` is the quiet look for an irreversible action in a list (Revoke, Remove, Delete
 * forever). There is no class merging here: an appended `text-danger` loses to ghost's `text-fg`
 * (same specificity, and Tailwind orders them in the stylesheet, not by the class attribute), so a
 * colour change is a variant, never an extra class.
 */
type Variant = "primary" | "secondary" | "ghost" | "ghost-danger" | "danger";

const VARIANTS: Record<Variant, string> = {
  primary: "bg-accent text-accent-fg hover:opacity-90",
  secondary: "border border-border bg-raised text-fg hover:bg-surface",
  ghost: "text-fg hover:bg-surface",
  "ghost-danger": "text-danger hover:bg-danger-soft",
  danger: "bg-danger text-danger-fg hover:opacity-90",
};

/** Class names for a button-looking element (also used on links). */
export function buttonClass(variant: Variant = "primary", extra = ""): string {
  return `inline-flex min-h-10 items-center justify-center gap-2 rounded-md px-4 text-sm font-medium transition-[background-color,opacity] disabled:cursor-not-allowed disabled:opacity-60 ${VARIANTS[variant]} ${extra}`;
}

export function Button({
  variant = "primary",
  className = "",
  type = "button",
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return <button type={type} className={buttonClass(variant, className)} {...props} />;
}
