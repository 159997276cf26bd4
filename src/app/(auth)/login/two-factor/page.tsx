import type { Metadata } from "next";
import Link from "next/link";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { getAuth } from "@/server/auth/auth";
import { getActor } from "@/server/auth/session";
import { hasPendingTwoFactorSignIn } from "@/server/services/accounts/sign-in-link-state";
import { safeReturnPath } from "@/shared/form-state";
import { TwoFactorSignInForm } from "@/app/(auth)/_components/two-factor-sign-in-form";

export const metadata: Metadata = { title: "Two-factor authentication" };

/**
 * The sign-in's second step, after a right password with two-factor on: better-auth holds the
 * pending sign-in in a cookie for 10 minutes. Without one (opened by its address, or the 10 minutes
 * are over) the page sends back to sign-in at once, saying why, rather than asking for a code that
 * can only fail; a code the plugin refuses later (too many wrong ones) still does so from the form.
 */
export default async function TwoFactorSignInPage({ searchParams }: { searchParams: Promise<{ next?: string }> }) {
  const { next } = await searchParams;
  if (await getActor()) redirect(safeReturnPath(next));
  if (!(await hasPendingTwoFactorSignIn(await getAuth(), await cookies()))) {
    redirect(`/login?expired=no-two-factor${next ? `&next=${encodeURIComponent(safeReturnPath(next))}` : ""}`);
  }
  return (
    <>
      <h1 className="text-2xl font-semibold">Two-factor authentication</h1>
      <TwoFactorSignInForm next={safeReturnPath(next, "")} />
      <p className="mt-6 text-sm text-muted">
        <Link href="/login" className="font-medium text-accent underline-offset-2 hover:underline">
          Back to sign in
        </Link>
      </p>
    </>
  );
}
