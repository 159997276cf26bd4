import type { Metadata } from "next";
import Link from "next/link";

export const metadata: Metadata = { title: "Check your email" };

/**
 * Where sign-up lands when SMTP is set up, for a new address and a taken one alike (the form
 * must not tell them apart), and an invited sign-up too: the email either finishes the sign-up or
 * says the account exists.
 */
export default function CheckEmailPage() {
  return (
    <>
      <h1 className="text-2xl font-semibold">Check your email</h1>
      <p className="mt-3 text-sm">
        We sent an email to the address you entered. Open the link in it to confirm the address and go to your workspace; it works for 24 hours.
      </p>
      {/* Signing up again would only mail "you already have an account": a refused sign-in mails a new link (auth.ts). */}
      <p className="mt-3 text-sm text-muted">
        Nothing arrived after a few minutes, or the link expired? Look in your spam folder, or{" "}
        <Link href="/login" className="font-medium text-accent underline-offset-2 hover:underline">
          sign in
        </Link>{" "}
        with the address and password you chose: until the address is confirmed, that sends a new link.
      </p>
    </>
  );
}
