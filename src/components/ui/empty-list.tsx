import type { ReactNode } from "react";

/** What a list shows instead of rows when it has none; `className` replaces the default padding and size. */
export function EmptyList({ children, className = "p-6 text-sm" }: { children: ReactNode; className?: string }) {
  return <p className={`rounded-xl border border-dashed border-border text-center text-muted ${className}`}>{children}</p>;
}
