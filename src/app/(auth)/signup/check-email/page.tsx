import type { Metadata } from "next";
import Link from "next/link";

export const metadata: Metadata = { title: "Check your email" };

/**
 * Where sign-up lands when SMTP is set up, for a new address and a taken one alike (the form
 * must not tell them apart): the email either finishes the sign-up or says the account exists.
 */
export default function CheckEmailPage() {
  return (
    <>
      <h1 className="text-2xl font-semibold">Check your email</h1>
      <p className="mt-3 text-sm">
        We sent an email to the address you entered. Open the link in it to confirm the address and go to your workspace; it works for 24 hours.
      </p>
      <p className="mt-3 text-sm text-muted">
        Nothing arrived after a few minutes? Look in your spam folder, or{" "}
        <Link href="/signup" className="font-medium text-accent underline-offset-2 hover:underline">
          sign up again
        </Link>
        . If you already have an account,{" "}
        <Link href="/login" className="font-medium text-accent underline-offset-2 hover:underline">
          sign in
        </Link>
        .
      </p>
    </>
  );
}
