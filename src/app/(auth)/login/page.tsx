import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getSessionCaller } from "@/server/auth/session";
import { publicContext } from "@/server/http/request-context";
import { findWorkspaceSso } from "@/server/services/sso/find-workspace-sso";
import { ssoSignInOptions } from "@/server/services/sso/sso-sign-in-options";
import { safeReturnPath } from "@/shared/form-state";
import { ssoErrorMessage } from "@/shared/sso-errors";
import { ADDRESS_CONFIRMED_MESSAGE, RECLAIMED_MESSAGE, UNCONFIRMED_SESSION_LOGIN_PARAM, UNCONFIRMED_SESSION_MESSAGE } from "@/shared/address-confirmation";
import { SignInForm } from "@/app/(auth)/_components/sign-in-form";
import { PasskeySignInButton } from "@/app/(auth)/_components/passkey-sign-in-button";
import { SsoSignInButton } from "@/app/(auth)/_components/sso-sign-in-button";

export const metadata: Metadata = { title: "Sign in" };

type Search = { next?: string; reset?: string; expired?: string; confirmed?: string; workspace?: string; error?: string; error_description?: string } & Partial<Record<typeof UNCONFIRMED_SESSION_LOGIN_PARAM, string>>;

export default async function LoginPage({ searchParams }: { searchParams: Promise<Search> }) {
  const search = await searchParams;
  const { next, reset, expired, confirmed, workspace: slug, error, error_description: errorDescription } = search;
  const caller = await getSessionCaller();
  if (caller.kind === "session") redirect(safeReturnPath(next));
  // A session ended because its account's address isn't confirmed (SMTP set up): sent here by a
  // page (requireActor), or ended as this page read it.
  const endedUnconfirmed = search[UNCONFIRMED_SESSION_LOGIN_PARAM] === "1" || (caller.kind === "anonymous" && caller.ended === "unconfirmed");
  // Coming from an invitation: "Create an account" joins that workspace instead of making one.
  const invite = /^\/invite\/([A-Za-z0-9_-]+)$/.exec(safeReturnPath(next, ""))?.[1];
  const sso = ssoSignInOptions();
  // A workspace's sign-in link (Settings → Authentication): its provider's button.
  const workspaceSso = typeof slug === "string" && slug ? await findWorkspaceSso(await publicContext(), slug) : null;
  return (
    <>
      <h1 className="text-2xl font-semibold">{workspaceSso ? `Sign in to ${workspaceSso.name}` : "Sign in to Quire"}</h1>
      {sso.ssoOnly ? null : (
        <p className="mt-1 text-sm text-muted">
          New here?{" "}
          <Link href={invite ? `/signup?invite=${invite}` : "/signup"} className="font-medium text-accent underline-offset-2 hover:underline">
            Create an account
          </Link>
        </p>
      )}
      {reset === "done" || reset === "review" || reset === "reclaimed" ? (
        <p role="status" className="mt-4 text-sm text-success">
          Your password is changed, and every session is signed out. Sign in with the new password.
        </p>
      ) : null}
      {/* A reset of an account whose address wasn't confirmed (services/accounts/internal/reclaim-account.ts). */}
      {reset === "reclaimed" ? (
        <p role="status" className="mt-2 text-sm">
          {RECLAIMED_MESSAGE}
        </p>
      ) : null}
      {reset === "review" ? (
        <p role="status" className="mt-2 text-sm">
          {"A workspace's own sign-in provider can also sign in to this account. Once you are signed in, its Sign-in methods are shown: remove any you don't recognise."}
        </p>
      ) : null}
      {/* A confirmation link of an account with two-factor on confirms and comes here (auth/confirmation-sign-in.ts). */}
      {confirmed === "1" ? (
        <p role="status" className="mt-4 text-sm text-success">
          {ADDRESS_CONFIRMED_MESSAGE}
        </p>
      ) : null}
      {endedUnconfirmed ? (
        <p role="alert" className="mt-4 text-sm text-danger">
          {UNCONFIRMED_SESSION_MESSAGE}
        </p>
      ) : null}
      {expired === "two-factor" ? (
        <p role="alert" className="mt-4 text-sm text-danger">
          That sign-in expired or had too many wrong codes. Sign in with your password again.
        </p>
      ) : null}
      {expired === "no-two-factor" ? (
        <p role="alert" className="mt-4 text-sm text-danger">
          No sign-in is waiting for a code: a code is asked for after your password, within 10 minutes. Sign in with your password.
        </p>
      ) : null}
      {typeof error === "string" && error ? (
        <p role="alert" className="mt-4 text-sm text-danger">
          {ssoErrorMessage(error, typeof errorDescription === "string" ? errorDescription : undefined)}
        </p>
      ) : null}
      {typeof slug === "string" && slug && !workspaceSso ? (
        <p role="alert" className="mt-4 text-sm text-danger">
          This sign-in link names no workspace with single sign-on.
        </p>
      ) : null}
      {workspaceSso ? <SsoSignInButton label={workspaceSso.label} workspace={workspaceSso.slug} /> : null}
      {!workspaceSso && sso.instance ? <SsoSignInButton label={sso.instance.label} next={safeReturnPath(next, "")} /> : null}
      {sso.ssoOnly ? null : (
        <>
          <SignInForm next={safeReturnPath(next, "")} />
          {/* Under SSO_ONLY the provider decides who signs in: no passkeys either. */}
          <div className="mt-4 flex flex-col gap-3">
            <p className="text-center text-sm text-muted">or</p>
            <PasskeySignInButton next={safeReturnPath(next, "")} />
          </div>
        </>
      )}
    </>
  );
}
