"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { LocalTime } from "@/components/time/local-time";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { revokeOtherSessionsAction, revokeSessionAction } from "@/server/actions/security-actions";
import { reachServer } from "@/lib/reach-server";
import type { ActionResult } from "@/shared/api-error";
import type { SessionDto } from "@/shared/dto";

/**
 * Every live session of the person: device, address, when it began and was last extended, "This
 * device" marked. Another session can be signed out alone, or all of them at once once confirmed.
 */
export function SessionList({ sessions }: { sessions: SessionDto[] }) {
  const router = useRouter();
  const [isPending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [isConfirming, setConfirming] = useState(false);
  const others = sessions.filter((s) => !s.isCurrent).length;

  function act<T>(call: () => Promise<ActionResult<T>>, done: string) {
    setError(null);
    setStatus(null);
    startTransition(async () => {
      const result = await call();
      if (!result.ok) {
        setError(result.message);
        if (result.code === "unauthenticated") router.push("/login?next=/profile/security");
      } else {
        setStatus(done);
      }
      router.refresh();
    });
  }

  return (
    <section aria-labelledby="sessions-heading" className="rounded-xl border border-border bg-raised p-5 shadow-sm sm:p-6">
      <h2 id="sessions-heading" className="text-lg font-semibold">
        Sessions
      </h2>
      <p className="mt-1 text-sm text-muted">{"Where your account is signed in. Sign out any device you don't recognise, then change your password."}</p>
      <ul className="mt-4 divide-y divide-border rounded-lg border border-border" data-testid="sessions">
        {sessions.map((session) => (
          <li key={session.id} className="flex flex-wrap items-center gap-3 px-3 py-3" data-testid="session">
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-medium" title={session.userAgent ?? undefined}>
                {session.device}
                {session.isCurrent ? <span className="ml-2 rounded bg-accent-soft px-1.5 py-0.5 text-xs font-medium text-accent">This device</span> : null}
              </p>
              <p className="text-muted">
                {session.ipAddress ? <>{session.ipAddress} · </> : null}
                Signed in <LocalTime value={session.createdAt} /> · Last active <LocalTime value={session.lastActiveAt} style="date" />
              </p>
            </div>
            {session.isCurrent ? null : (
              <Button variant="secondary" disabled={isPending} onClick={() => act(() => reachServer(() => revokeSessionAction({ sessionId: session.id })), `Signed out ${session.device}.`)}>
                Sign out<span className="sr-only"> {session.device}</span>
              </Button>
            )}
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Button variant="danger" disabled={isPending || others === 0} onClick={() => setConfirming(true)}>
          Sign out everywhere else
        </Button>
        {others === 0 ? <p className="text-sm text-muted">No other device is signed in.</p> : null}
      </div>
      {error ? (
        <p role="alert" className="mt-3 text-sm text-danger">
          {error}
        </p>
      ) : null}
      {status ? (
        <p role="status" className="mt-3 text-sm text-success">
          {status}
        </p>
      ) : null}
      <ConfirmDialog
        open={isConfirming}
        title="Sign out everywhere else?"
        description={`${others === 1 ? "1 other session" : `${others} other sessions`} will be signed out at once, open documents included. This device stays signed in.`}
        confirmLabel="Sign out everywhere else"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          act(() => reachServer(() => revokeOtherSessionsAction()), "Every other session is signed out.");
        }}
      />
    </section>
  );
}
