import type { Metadata } from "next";
import { AppError } from "@/server/errors";
import { kindsOfUnsubscribeToken } from "@/server/services/notifications/email-preferences";
import { NOTIFICATION_KIND_LABELS } from "@/shared/notifications";
import { UnsubscribeTokenSchema } from "@/shared/schemas/notification";
import { UnsubscribeForm } from "@/app/(auth)/unsubscribe/_components/unsubscribe-form";

export const metadata: Metadata = { title: "Unsubscribe", robots: { index: false, follow: false } };

/**
 * /unsubscribe?token=: a notification email's link (docs/product.md "Notifications"). Works
 * without a session; opening it changes nothing (mail scanners open links), the button does.
 */
export default async function UnsubscribePage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const { token } = await searchParams;
  const kinds = validKinds(token);
  if (!token || !kinds) {
    return (
      <>
        <h1 className="text-xl font-semibold">This unsubscribe link isn&apos;t valid</h1>
        <p className="mt-2 text-sm text-muted">Sign in and choose which emails you get under Profile → Notifications.</p>
      </>
    );
  }
  return (
    <>
      <h1 className="text-xl font-semibold">Stop these emails?</h1>
      <p className="mt-2 text-sm text-muted">
        Quire will stop emailing you about: {kinds.map((kind) => NOTIFICATION_KIND_LABELS[kind].toLowerCase()).join(", ")}. They still show under Notifications in the app.
      </p>
      <UnsubscribeForm token={token} />
    </>
  );
}

function validKinds(token: string | undefined) {
  if (!token || !UnsubscribeTokenSchema.safeParse(token).success) return null;
  try {
    return kindsOfUnsubscribeToken(token);
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}
