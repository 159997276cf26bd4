import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getActor } from "@/server/auth/session";
import { safeReturnPath } from "@/shared/form-state";
import { TwoFactorSignInForm } from "@/app/(auth)/_components/two-factor-sign-in-form";

export const metadata: Metadata = { title: "Two-factor authentication" };

/**
 * The sign-in's second step, after a right password with two-factor on: better-auth holds the
 * pending sign-in in a cookie for 10 minutes; without one, the form's answer sends back to sign-in.
 */
export default async function TwoFactorSignInPage({ searchParams }: { searchParams: Promise<{ next?: string }> }) {
  const { next } = await searchParams;
  if (await getActor()) redirect(safeReturnPath(next));
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
