import type { Metadata } from "next";
import { headers } from "next/headers";
import { getAuth } from "@/server/auth/auth";
import { passkeysUsableAt } from "@/server/http/passkey-host";
import { presentPasskey } from "@/server/presenters/present-passkey";
import { presentSession } from "@/server/presenters/present-session";
import { requireContext } from "@/server/http/request-context";
import { listPasskeys } from "@/server/services/accounts/list-passkeys";
import { listSessions } from "@/server/services/accounts/list-sessions";
import { AccountFrame } from "@/app/(app)/profile/_components/account-frame";
import { PasskeySection } from "@/app/(app)/profile/security/_components/passkey-section";
import { PasswordForm } from "@/app/(app)/profile/security/_components/password-form";
import { SessionList } from "@/app/(app)/profile/security/_components/session-list";
import { TwoFactorSection } from "@/app/(app)/profile/security/_components/two-factor-section";
import { WorkspaceSlugField } from "@/shared/schemas/workspace";

export const metadata: Metadata = { title: "Security" };

type Props = { searchParams: Promise<{ required?: string | string[] }> };

/**
 * The signed-in person's password, two-factor, passkeys and sessions (docs/product.md "Account
 * security"). `?required=<workspace>`: a workspace that requires two-factor sent them here.
 */
export default async function SecurityPage({ searchParams }: Props) {
  const ctx = await requireContext("/profile/security");
  const requestHeaders = await headers();
  const session = { auth: await getAuth(), headers: requestHeaders };
  const [{ sessions, currentSessionId }, passkeys] = await Promise.all([listSessions(ctx, session), listPasskeys(ctx, session)]);
  const required = WorkspaceSlugField.safeParse((await searchParams).required);
  return (
    <AccountFrame
      title="Security"
      intro="Change your password, turn on two-factor authentication, add passkeys, and see and sign out the devices signed in to your account."
      back={{ href: "/profile", label: "Back to your profile" }}
    >
      <TwoFactorSection enabled={ctx.actor.twoFactorEnabled === true} requiredBy={required.success ? required.data : null} />
      <PasswordForm />
      <PasskeySection passkeys={passkeys.map(presentPasskey)} usableHere={passkeysUsableAt(requestHeaders)} />
      <SessionList sessions={sessions.map((row) => presentSession(row, currentSessionId))} />
    </AccountFrame>
  );
}
