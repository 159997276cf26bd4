import type { ReactNode } from "react";

/** The panel that holds a secret or link shown only once (a new token, a webhook's signing secret, an invitation link). */
export function ShownOnce({ children, isStatus = true }: { children: ReactNode; isStatus?: boolean }) {
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-border bg-surface p-4" role={isStatus ? "status" : undefined}>
      {children}
    </div>
  );
}
