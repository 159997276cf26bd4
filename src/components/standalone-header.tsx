import Link from "next/link";
import { Logo } from "@/components/logo";
import { ThemeToggle } from "@/components/theme-toggle";

/** The header of the pages outside a workspace (sign-in and sign-up, new workspace, profile, security): the logo home and the theme. */
export function StandaloneHeader() {
  return (
    <header className="flex items-center justify-between px-4 py-3 sm:px-6">
      <Link href="/" aria-label="Quire home" className="rounded-md">
        <Logo />
      </Link>
      <ThemeToggle />
    </header>
  );
}
