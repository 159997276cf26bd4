"use client";

import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { unsubscribeAction } from "@/server/actions/notification-actions";
import { reachServer } from "@/lib/reach-server";

/** The unsubscribe page's one button; says what happened in place. */
export function UnsubscribeForm({ token }: { token: string }) {
  const [result, setResult] = useState<{ text: string; isError: boolean } | null>(null);
  const [isPending, startTransition] = useTransition();
  if (result && !result.isError) {
    return (
      <p role="status" className="mt-4 text-sm text-success">
        {result.text}
      </p>
    );
  }
  return (
    <div className="mt-4 flex flex-col gap-3">
      <Button
        disabled={isPending}
        onClick={() =>
          startTransition(async () => {
            const outcome = await reachServer(() => unsubscribeAction(token));
            setResult(outcome.ok ? { text: "Done: you won't get these emails any more. Change it back under Profile → Notifications.", isError: false } : { text: outcome.message, isError: true });
          })
        }
      >
        Unsubscribe
      </Button>
      {result ? (
        <p role="alert" className="text-sm text-danger">
          {result.text}
        </p>
      ) : null}
    </div>
  );
}
