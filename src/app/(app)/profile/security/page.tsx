import type { Metadata } from "next";
import { headers } from "next/headers";
import { getAuth } from "@/server/auth/auth";
import { presentSession } from "@/server/presenters/present-session";
import { requireContext } from "@/server/http/request-context";
import { listSessions } from "@/server/services/accounts/list-sessions";
import { AccountFrame } from "@/app/(app)/profile/_components/account-frame";
import { PasswordForm } from "@/app/(app)/profile/security/_components/password-form";
import { SessionList } from "@/app/(app)/profile/security/_components/session-list";

export const metadata: Metadata = { title: "Security" };

/** The signed-in person's password and sessions (docs/product.md "Account security"). */
export default async function SecurityPage() {
  const ctx = await requireContext("/profile/security");
  const { sessions, currentSessionId } = await listSessions(ctx, { auth: await getAuth(), headers: await headers() });
  return (
    <AccountFrame title="Security" intro="Change your password, and see and sign out the devices signed in to your account." back={{ href: "/profile", label: "Back to your profile" }}>
      <PasswordForm />
      <SessionList sessions={sessions.map((row) => presentSession(row, currentSessionId))} />
    </AccountFrame>
  );
}
