import type { Metadata } from "next";
import Link from "next/link";
import { Logo } from "@/components/logo";
import { ThemeToggle } from "@/components/theme-toggle";
import { requireContext } from "@/server/http/request-context";
import { getMailer } from "@/server/mail/mailer";
import { EmailForm } from "@/app/(app)/profile/_components/email-form";
import { ProfileForm } from "@/app/(app)/profile/_components/profile-form";

export const metadata: Metadata = { title: "Profile" };

type Props = { searchParams: Promise<{ email?: string }> };

/** The signed-in person's own name, avatar colour and email (docs/product.md "Screens"). */
export default async function ProfilePage({ searchParams }: Props) {
  const { actor } = await requireContext("/profile");
  // Where the emailed link lands once the new address is the account's (change-email.ts).
  const isConfirmed = (await searchParams).email === "confirmed";
  return (
    <div className="flex min-h-dvh flex-col bg-surface">
      <header className="flex items-center justify-between px-4 py-3 sm:px-6">
        <Link href="/" aria-label="Quire home" className="rounded-md">
          <Logo />
        </Link>
        <ThemeToggle />
      </header>
      <main id="main" className="mx-auto flex w-full max-w-xl flex-1 flex-col gap-6 px-4 pb-16 pt-6 sm:pt-10">
        <div>
          <h1 className="text-2xl font-semibold">Profile</h1>
          <p className="mt-1 text-sm text-muted">How others see you in every workspace, and the address you sign in with.</p>
        </div>
        <ProfileForm actor={{ id: actor.id, name: actor.name, email: actor.email, color: actor.color }} />
        <EmailForm currentEmail={actor.email} canSendEmail={getMailer() !== null} isConfirmed={isConfirmed} />
        <p className="text-sm">
          <Link href="/" className="text-muted underline underline-offset-2 hover:text-fg">
            Back to your workspace
          </Link>
        </p>
      </main>
    </div>
  );
}
