"use client";

import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { setEmailPreferencesAction } from "@/server/actions/notification-actions";
import { reachServer } from "@/lib/reach-server";
import type { NotificationKind } from "@/shared/notifications";
import { NOTIFICATION_KINDS, NOTIFICATION_KIND_LABELS } from "@/shared/notifications";

/** Account settings → Notifications: a checkbox per kind to email (docs/product.md "Notifications"). */
export function NotificationEmailForm({ emailed, canSendEmail }: { emailed: NotificationKind[]; canSendEmail: boolean }) {
  const [chosen, setChosen] = useState(new Set(emailed));
  const [message, setMessage] = useState<{ text: string; isError: boolean } | null>(null);
  const [isPending, startTransition] = useTransition();
  const save = () =>
    startTransition(async () => {
      const result = await reachServer(() => setEmailPreferencesAction({ emailed: [...chosen] }));
      setMessage(result.ok ? { text: "Saved your email choices.", isError: false } : { text: result.message, isError: true });
    });
  return (
    <section id="notifications" aria-labelledby="notifications-heading" className="rounded-xl border border-border bg-raised p-5 shadow-sm sm:p-6">
      <h2 id="notifications-heading" className="text-lg font-semibold">
        Notifications
      </h2>
      <p className="mt-1 text-sm text-muted">
        {canSendEmail
          ? "What you haven't read in Quire within 10 minutes is emailed to you, several in one message. Choose what is emailed; everything still shows under Notifications."
          : "This server sends no email; these choices apply once it does. Everything shows under Notifications."}
      </p>
      <form
        className="mt-4 flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">Email me about</legend>
          {NOTIFICATION_KINDS.map((kind) => (
            <label key={kind} className="flex min-h-9 items-center gap-2 text-sm">
              <input
                type="checkbox"
                name="emailed"
                value={kind}
                checked={chosen.has(kind)}
                onChange={(event) => {
                  const next = new Set(chosen);
                  if (event.target.checked) next.add(kind);
                  else next.delete(kind);
                  setChosen(next);
                }}
                className="size-4 accent-[var(--color-accent)]"
              />
              {NOTIFICATION_KIND_LABELS[kind]}
            </label>
          ))}
        </fieldset>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={isPending}>
            Save email choices
          </Button>
          {message ? (
            <p role={message.isError ? "alert" : "status"} className={`text-sm ${message.isError ? "text-danger" : "text-success"}`}>
              {message.text}
            </p>
          ) : null}
        </div>
      </form>
    </section>
  );
}
