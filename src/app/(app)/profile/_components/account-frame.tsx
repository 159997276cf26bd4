import Link from "next/link";
import type { ReactNode } from "react";
import { StandaloneHeader } from "@/components/standalone-header";

/** The frame of the account pages (Profile, Security): logo, theme, a heading, the way back. */
export function AccountFrame({ title, intro, back, children }: { title: string; intro: string; back: { href: string; label: string }; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-surface">
      <StandaloneHeader />
      <main id="main" className="mx-auto flex w-full max-w-xl flex-1 flex-col gap-6 px-4 pb-16 pt-6 sm:pt-10">
        <div>
          <h1 className="text-2xl font-semibold">{title}</h1>
          <p className="mt-1 text-sm text-muted">{intro}</p>
        </div>
        {children}
        <p className="text-sm">
          <Link href={back.href} className="text-muted underline underline-offset-2 hover:text-fg">
            {back.label}
          </Link>
        </p>
      </main>
    </div>
  );
}
