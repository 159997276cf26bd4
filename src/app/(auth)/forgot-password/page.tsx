import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getMailer } from "@/server/mail/mailer";
import { ssoSignInOptions } from "@/server/services/sso/sso-sign-in-options";
import { ForgotPasswordForm } from "@/app/(auth)/_components/forgot-password-form";

export const metadata: Metadata = { title: "Forgot password" };

/**
 * "Forgot password?" from the sign-in page: a link by email when SMTP is set up; without it the
 * page says this server can't send one (docs/product.md "Account security").
 */
export default function ForgotPasswordPage() {
  // SSO_ONLY: there are no passwords to reset; the provider keeps them.
  if (ssoSignInOptions().ssoOnly) redirect("/login");
  const canSendEmail = getMailer() !== null;
  return (
    <>
      <h1 className="text-2xl font-semibold">Reset your password</h1>
      {canSendEmail ? (
        <>
          <p className="mt-1 text-sm text-muted">{"Enter the email address you sign in with, and we'll email you a link to choose a new password."}</p>
          <ForgotPasswordForm />
        </>
      ) : (
        <p className="mt-3 text-sm" role="status">
          {"This server can't send email, so it can't send you a link to reset your password. Ask the administrator of this Quire server for help."}
        </p>
      )}
      <p className="mt-6 text-sm">
        <Link href="/login" className="font-medium text-accent underline-offset-2 hover:underline">
          Back to sign in
        </Link>
      </p>
    </>
  );
}
