import type { Metadata } from "next";
import Link from "next/link";
import { requireContext } from "@/server/http/request-context";
import { getMailer } from "@/server/mail/mailer";
import { AccountFrame } from "@/app/(app)/profile/_components/account-frame";
import { EmailForm } from "@/app/(app)/profile/_components/email-form";
import { ProfileForm } from "@/app/(app)/profile/_components/profile-form";
import { NotificationEmailForm } from "@/app/(app)/profile/_components/notification-email-form";
import { listEmailedKinds } from "@/server/services/notifications/email-preferences";

export const metadata: Metadata = { title: "Profile" };

type Props = { searchParams: Promise<{ email?: string; error?: string }> };

/** The signed-in person's own name, avatar colour and email (docs/product.md "Screens"). */
export default async function ProfilePage({ searchParams }: Props) {
  const ctx = await requireContext("/profile");
  const { actor } = ctx;
  const emailed = await listEmailedKinds(ctx);
  // Where the emailed link lands (change-email.ts): better-auth adds `error` when the link didn't
  // change the address (expired, used already, or the address taken since).
  const { email, error } = await searchParams;
  const emailLink = email !== "confirmed" ? null : error ? "failed" : "confirmed";
  return (
    <AccountFrame title="Profile" intro="How others see you in every workspace, and the address you sign in with." back={{ href: "/", label: "Back to your workspace" }}>
      <ProfileForm actor={{ id: actor.id, name: actor.name, email: actor.email, color: actor.color }} />
      <EmailForm currentEmail={actor.email} canSendEmail={getMailer() !== null} emailLink={emailLink} passwordless={actor.passwordless === true} />
      <NotificationEmailForm emailed={emailed} canSendEmail={getMailer() !== null} />
      <section aria-labelledby="security-heading" className="rounded-xl border border-border bg-raised p-5 shadow-sm sm:p-6">
        <h2 id="security-heading" className="text-lg font-semibold">
          Security
        </h2>
        <p className="mt-1 text-sm text-muted">Your password, and the devices signed in to your account.</p>
        <p className="mt-3 text-sm">
          <Link href="/profile/security" className="font-medium text-accent underline-offset-2 hover:underline">
            Password and sessions
          </Link>
        </p>
      </section>
    </AccountFrame>
  );
}
