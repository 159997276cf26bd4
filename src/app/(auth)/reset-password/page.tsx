import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getAuth } from "@/server/auth/auth";
import { isResetTokenLive } from "@/server/services/accounts/sign-in-link-state";
import { INVALID_RESET_LINK_MESSAGE } from "@/server/services/accounts/reset-password";
import { ssoSignInOptions } from "@/server/services/sso/sso-sign-in-options";
import { ResetPasswordForm } from "@/app/(auth)/_components/reset-password-form";

export const metadata: Metadata = { title: "Choose a new password" };

/**
 * Where the emailed reset link lands (auth/auth-mail-senders.ts builds it on PUBLIC_URL). The token is
 * checked as the page opens, so a used, expired or made-up link says so at once, with a way to ask
 * again, instead of after a new password was typed; the reset checks it again when the form is sent.
 */
export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  // SSO_ONLY: there are no passwords to reset; the provider keeps them.
  if (ssoSignInOptions().ssoOnly) redirect("/login");
  const { token } = await searchParams;
  const isLive = typeof token === "string" && (await isResetTokenLive(await getAuth(), token));
  return (
    <>
      <h1 className="text-2xl font-semibold">Choose a new password</h1>
      {isLive ? (
        <>
          <p className="mt-1 text-sm text-muted">Choosing a new password signs you out everywhere; then sign in with it.</p>
          <ResetPasswordForm token={token} />
        </>
      ) : token ? (
        <p className="mt-3 text-sm" role="alert">
          {INVALID_RESET_LINK_MESSAGE}
        </p>
      ) : (
        <p className="mt-3 text-sm" role="alert">
          This link is incomplete. Open the link from the email again, or ask for a new one.
        </p>
      )}
      <p className="mt-6 text-sm">
        <Link href="/forgot-password" className="font-medium text-accent underline-offset-2 hover:underline">
          Ask for a new link
        </Link>
      </p>
    </>
  );
}
