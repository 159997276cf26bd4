import type { ReactNode } from "react";
import { StandaloneHeader } from "@/components/standalone-header";

export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-surface">
      <StandaloneHeader />
      <main className="flex flex-1 items-start justify-center px-4 pb-16 pt-6 sm:pt-12">
        <div className="w-full max-w-md rounded-xl border border-border bg-raised p-6 shadow-sm sm:p-8">{children}</div>
      </main>
    </div>
  );
}
