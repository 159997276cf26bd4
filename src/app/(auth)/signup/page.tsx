import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getActor } from "@/server/auth/session";
import { publicContext } from "@/server/http/request-context";
import { findInvitationByToken } from "@/server/services/invitations/find-invitation-by-token";
import { ssoSignInOptions } from "@/server/services/sso/sso-sign-in-options";
import { InvitationTokenField } from "@/shared/schemas/member";
import { SignUpForm } from "@/app/(auth)/_components/sign-up-form";

export const metadata: Metadata = { title: "Create your account" };

/** /signup, or /signup?invite=<token> to join the inviting workspace instead of creating one. */
export default async function SignUpPage({ searchParams }: { searchParams: Promise<{ invite?: string }> }) {
  const { invite } = await searchParams;
  const token = InvitationTokenField.safeParse(invite).success ? invite : undefined;
  if (await getActor()) redirect(token ? `/invite/${token}` : "/");
  // SSO_ONLY: accounts are made by signing in through the provider.
  if (ssoSignInOptions().ssoOnly) redirect("/login");
  if (invite !== undefined) {
    const invitation = token ? await findInvitationByToken(await publicContext(), token) : null;
    // The invitation page explains a link that is unknown, used, revoked or expired.
    if (!token || invitation?.status !== "pending") redirect(`/invite/${encodeURIComponent(invite)}`);
    return (
      <>
        <h1 className="text-2xl font-semibold">Join {invitation.workspace.name}</h1>
        <p className="mt-1 text-sm text-muted">
          Create your account to accept the invitation. Already have one?{" "}
          <Link href={`/login?next=${encodeURIComponent(`/invite/${token}`)}`} className="font-medium text-accent underline-offset-2 hover:underline">
            Sign in
          </Link>
        </p>
        <SignUpForm invitation={{ token, email: invitation.email }} />
      </>
    );
  }
  return (
    <>
      <h1 className="text-2xl font-semibold">Create your account</h1>
      <p className="mt-1 text-sm text-muted">
        Already have one?{" "}
        <Link href="/login" className="font-medium text-accent underline-offset-2 hover:underline">
          Sign in
        </Link>
      </p>
      <SignUpForm />
    </>
  );
}
