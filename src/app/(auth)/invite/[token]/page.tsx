import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { buttonClass } from "@/components/ui/button";
import type { Actor, ServiceContext } from "@/server/context";
import { publicContext, signedInContext } from "@/server/http/request-context";
import { AppError } from "@/server/errors";
import type { InvitationByToken } from "@/server/services/invitations/find-invitation-by-token";
import { findInvitationByToken } from "@/server/services/invitations/find-invitation-by-token";
import { INVITATION_TTL_DAYS } from "@/shared/invitations";
import { findWorkspaceForMember } from "@/server/services/workspaces/find-workspace-for-member";
import { ssoSignInOptions } from "@/server/services/sso/sso-sign-in-options";
import { InvitationTokenField } from "@/shared/schemas/member";
import { roleWithArticle } from "@/shared/roles";
import { AcceptInvitationForm } from "@/app/(auth)/invite/[token]/_components/accept-invitation-form";
import { SwitchAccountForm } from "@/app/(auth)/invite/[token]/_components/switch-account-form";

export const metadata: Metadata = { title: "Invitation", robots: { index: false, follow: false } };

const PROBLEM_TITLES = {
  invalid: "This invitation link isn't valid",
  accepted: "This invitation has already been used",
  revoked: "This invitation was withdrawn",
  expired: "This invitation has expired",
} as const;

/** What to do next, under the heading (the full message, INVITATION_MESSAGES, would repeat the heading word for word). */
const PROBLEM_NEXT_STEPS = {
  invalid: "Check that you copied all of it, or ask for a new invitation.",
  accepted: "If it was yours, sign in to open the workspace.",
  revoked: "Ask the person who invited you for a new one.",
  expired: `It can't be used any more: links work for ${INVITATION_TTL_DAYS} days. Ask the person who invited you for a new one.`,
} as const satisfies Record<keyof typeof PROBLEM_TITLES, string>;

/** /invite/[token]: anyone with the link sees the invitation and can sign up or sign in to accept it. */
export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const invitation = InvitationTokenField.safeParse(token).success ? await findInvitationByToken(await publicContext(), token) : null;
  const ctx = await signedInContext();
  const actor = ctx?.actor ?? null;
  if (!invitation) return <Problem kind="invalid" actor={actor} />;
  // Already a member (whatever became of the link): straight to the workspace.
  if (ctx && (await isMember(ctx, invitation))) redirect(`/w/${invitation.workspace.slug}`);
  if (invitation.status !== "pending") return <Problem kind={invitation.status} actor={actor} />;

  const invitePath = `/invite/${token}`;
  const isForActor = actor?.email.toLowerCase() === invitation.email;
  const sso = ssoSignInOptions();
  return (
    <>
      <h1 className="text-2xl font-semibold">Join {invitation.workspace.name}</h1>
      <p className="mt-2 text-sm text-muted">
        {invitation.inviterName ?? "Someone"} invited <span className="font-medium text-fg">{invitation.email}</span> to join{" "}
        <span className="font-medium text-fg">{invitation.workspace.name}</span> on Quire as {roleWithArticle(invitation.role)}.
      </p>
      {!actor && sso.ssoOnly ? (
        // SSO_ONLY: there is no password sign-up; the provider's first sign-in makes the account.
        <div className="mt-6 flex flex-col gap-3">
          <p className="text-sm">
            Sign in through {sso.instance?.label ?? "your organisation's sign-in"} with that address to accept.
          </p>
          <div className="flex flex-wrap gap-3">
            <Link href={`/login?next=${encodeURIComponent(invitePath)}`} className={buttonClass("primary")}>
              Sign in
            </Link>
          </div>
        </div>
      ) : !actor ? (
        <div className="mt-6 flex flex-col gap-3">
          <p className="text-sm">Create an account with that address, or sign in if you have one, to accept.</p>
          <div className="flex flex-wrap gap-3">
            <Link href={`/signup?invite=${encodeURIComponent(token)}`} className={buttonClass("primary")}>
              Create an account
            </Link>
            <Link href={`/login?next=${encodeURIComponent(invitePath)}`} className={buttonClass("secondary")}>
              Sign in
            </Link>
          </div>
        </div>
      ) : isForActor ? (
        <AcceptInvitationForm token={token} workspaceName={invitation.workspace.name} />
      ) : (
        <div className="mt-6 flex flex-col gap-3">
          <p role="alert" className="rounded-md border border-danger/40 bg-danger-soft px-3 py-2 text-sm text-danger">
            This invitation is for {invitation.email}, but you&apos;re signed in as {actor.email}. Sign in with the invited address to
            accept it.
          </p>
          <div className="flex flex-wrap gap-3">
            <SwitchAccountForm next={invitePath} />
            <Link href="/" className={buttonClass("secondary")}>
              Go to Quire
            </Link>
          </div>
        </div>
      )}
    </>
  );
}

function Problem({ kind, actor }: { kind: keyof typeof PROBLEM_TITLES; actor: Actor | null }) {
  return (
    <>
      <h1 className="text-2xl font-semibold">{PROBLEM_TITLES[kind]}</h1>
      <p className="mt-2 text-sm text-muted">{PROBLEM_NEXT_STEPS[kind]}</p>
      <div className="mt-6 flex flex-wrap gap-3">
        {actor ? (
          <Link href="/" className={buttonClass("secondary")}>
            Go to Quire
          </Link>
        ) : (
          <Link href="/login" className={buttonClass("secondary")}>
            Sign in
          </Link>
        )}
      </div>
    </>
  );
}

async function isMember(ctx: ServiceContext, invitation: InvitationByToken): Promise<boolean> {
  try {
    await findWorkspaceForMember(ctx, { id: invitation.workspace.id });
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") return false;
    throw error;
  }
}
