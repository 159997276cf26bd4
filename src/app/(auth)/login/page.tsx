import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getActor } from "@/server/auth/session";
import { safeReturnPath } from "@/shared/form-state";
import { SignInForm } from "@/app/(auth)/_components/sign-in-form";
import { PasskeySignInButton } from "@/app/(auth)/_components/passkey-sign-in-button";

export const metadata: Metadata = { title: "Sign in" };

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ next?: string; reset?: string; expired?: string }> }) {
  const { next, reset, expired } = await searchParams;
  if (await getActor()) redirect(safeReturnPath(next));
  // Coming from an invitation: "Create an account" joins that workspace instead of making one.
  const invite = /^\/invite\/([A-Za-z0-9_-]+)$/.exec(safeReturnPath(next, ""))?.[1];
  return (
    <>
      <h1 className="text-2xl font-semibold">Sign in to Quire</h1>
      <p className="mt-1 text-sm text-muted">
        New here?{" "}
        <Link href={invite ? `/signup?invite=${invite}` : "/signup"} className="font-medium text-accent underline-offset-2 hover:underline">
          Create an account
        </Link>
      </p>
      {reset === "done" ? (
        <p role="status" className="mt-4 text-sm text-success">
          Your password is changed, and every session is signed out. Sign in with the new password.
        </p>
      ) : null}
      {expired === "two-factor" ? (
        <p role="alert" className="mt-4 text-sm text-danger">
          That sign-in expired or had too many wrong codes. Sign in with your password again.
        </p>
      ) : null}
      <SignInForm next={safeReturnPath(next, "")} />
      <div className="mt-4 flex flex-col gap-3">
        <p className="text-center text-sm text-muted">or</p>
        <PasskeySignInButton next={safeReturnPath(next, "")} />
      </div>
    </>
  );
}
