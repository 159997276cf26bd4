import type { Metadata } from "next";
import type { ReactNode } from "react";
import { headers } from "next/headers";
import { getAuth } from "@/server/auth/auth";
import { passkeysUsableAt } from "@/server/http/passkey-host";
import { presentPasskey } from "@/server/presenters/present-passkey";
import { presentSession } from "@/server/presenters/present-session";
import { presentSignInMethod } from "@/server/presenters/present-sign-in-method";
import { requireContext } from "@/server/http/request-context";
import { listPasskeys } from "@/server/services/accounts/list-passkeys";
import { listSessions } from "@/server/services/accounts/list-sessions";
import { listSignInMethods } from "@/server/services/accounts/list-sign-in-methods";
import { NO_PASSWORD_MESSAGE } from "@/server/services/accounts/change-password";
import { ssoSignInOptions } from "@/server/services/sso/sso-sign-in-options";
import { AccountFrame } from "@/app/(app)/profile/_components/account-frame";
import { PasskeySection } from "@/app/(app)/profile/security/_components/passkey-section";
import { PasswordForm } from "@/app/(app)/profile/security/_components/password-form";
import { SessionList } from "@/app/(app)/profile/security/_components/session-list";
import { SignInMethods } from "@/app/(app)/profile/security/_components/sign-in-methods";
import { TwoFactorSection } from "@/app/(app)/profile/security/_components/two-factor-section";
import { WorkspaceSlugField } from "@/shared/schemas/workspace";

export const metadata: Metadata = { title: "Security" };

type Props = { searchParams: Promise<{ required?: string | string[] }> };

/**
 * The signed-in person's password, two-factor, passkeys, sign-in methods and sessions (docs/product.md "Account
 * security"). `?required=<workspace>`: a workspace that requires two-factor sent them here.
 */
export default async function SecurityPage({ searchParams }: Props) {
  const ctx = await requireContext("/profile/security");
  const requestHeaders = await headers();
  const session = { auth: await getAuth(), headers: requestHeaders };
  // SSO_ONLY: the provider is the only way in (passwords and passkeys are refused at sign-in).
  const sso = ssoSignInOptions();
  const ssoOnly = sso.ssoOnly;
  const [{ sessions, currentSessionId }, passkeys, signInMethods] = await Promise.all([listSessions(ctx, session), listPasskeys(ctx, session), listSignInMethods(ctx)]);
  const passwordless = ctx.actor.passwordless === true;
  const required = WorkspaceSlugField.safeParse((await searchParams).required);
  return (
    <AccountFrame
      title="Security"
      intro="Change your password, turn on two-factor authentication, add passkeys, review how your account signs in, and see and sign out the devices signed in to your account."
      back={{ href: "/profile", label: "Back to your profile" }}
    >
      <TwoFactorSection enabled={ctx.actor.twoFactorEnabled === true} passwordless={passwordless} requiredBy={required.success ? required.data : null} />
      {ssoOnly ? (
        <SignInThroughProvider>This Quire signs in through {sso.instance?.label ?? "single sign-on"} only: there is no password or passkey to manage here.</SignInThroughProvider>
      ) : (
        <>
          {passwordless ? <SignInThroughProvider>{NO_PASSWORD_MESSAGE}</SignInThroughProvider> : <PasswordForm />}
          <PasskeySection passkeys={passkeys.map(presentPasskey)} usableHere={passkeysUsableAt(requestHeaders)} />
        </>
      )}
      <SignInMethods methods={signInMethods.map((method) => presentSignInMethod(method, sso.instance?.label ?? null))} />
      <SessionList sessions={sessions.map((row) => presentSession(row, currentSessionId))} />
    </AccountFrame>
  );
}

/** In place of the password form, for someone who has no password to change. */
function SignInThroughProvider({ children }: { children: ReactNode }) {
  return (
    <section aria-labelledby="password-heading" className="rounded-xl border border-border bg-raised p-5 shadow-sm sm:p-6">
      <h2 id="password-heading" className="text-lg font-semibold">
        Password
      </h2>
      <p className="mt-2 text-sm text-muted">{children}</p>
    </section>
  );
}
