"use client";

import { useId, useState } from "react";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { CopyField } from "@/components/ui/copy-field";
import { useIsClient } from "@/lib/use-is-client";
import { createShareAction, revokeShareAction, updateShareAction } from "@/server/actions/share-actions";
import { reachServer } from "@/lib/reach-server";
import type { MemberSummaryDto, ShareDto } from "@/shared/dto";
import { ROLE_LABELS } from "@/shared/roles";

export interface SharePanelProps {
  documentId: string;
  actorId: string;
  /** Editors and up may create a link (documentAbilities.share). */
  canPublish: boolean;
  members: MemberSummaryDto[];
  share: ShareDto | null;
}

type Options = { includeChildren: boolean; allowIndexing: boolean };

/** The share dialog's body: members with access, and the public link (create, copy, options, revoke). */
export function SharePanel({ documentId, actorId, canPublish, members, share: initialShare }: SharePanelProps) {
  const [share, setShare] = useState(initialShare);
  const [draft, setDraft] = useState<Options>({ includeChildren: false, allowIndexing: false });
  const [isPending, setIsPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  /** Runs an action; true when it succeeded (its result went to `onDone`), false after showing its message. */
  const act = async <T,>(work: () => Promise<{ ok: true; data: T } | { ok: false; message: string }>, onDone: (data: T) => void) => {
    setIsPending(true);
    setError(null);
    try {
      const result = await work();
      if (result.ok) onDone(result.data);
      else setError(result.message);
      return result.ok;
    } finally {
      setIsPending(false);
    }
  };

  const options: Options = share ?? draft;
  const canEditOptions = share ? share.abilities.update : canPublish;
  const setOption = (key: keyof Options, value: boolean) => {
    if (!share) return setDraft({ ...draft, [key]: value });
    // Shown at once; put back if the server refuses.
    setShare({ ...share, [key]: value });
    void act(() => reachServer(() => updateShareAction({ shareId: share.id, [key]: value })), setShare).then((isDone) => {
      if (!isDone) setShare(share);
    });
  };

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="share-link-heading" className="flex flex-col gap-3">
        <h2 id="share-link-heading" className="font-medium">
          Public link
        </h2>
        {share ? (
          <LiveLink share={share} />
        ) : (
          <p className="text-sm text-muted">
            {canPublish ? "Anyone with a public link can read this document, without signing in." : "This document has no public link. Editors, admins and owners can publish it."}
          </p>
        )}
        {share || canPublish ? (
          <fieldset className="flex flex-col gap-2 text-sm" disabled={!canEditOptions || isPending}>
            <legend className="sr-only">Link options</legend>
            <Checkbox label="Include child documents" hint="Its sub-documents are published too, with a contents sidebar." checked={options.includeChildren} onChange={(v) => setOption("includeChildren", v)} />
            <Checkbox label="Allow search engines" hint="Without it, the page asks search engines not to index it." checked={options.allowIndexing} onChange={(v) => setOption("allowIndexing", v)} />
          </fieldset>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {!share && canPublish ? (
            <Button disabled={isPending} onClick={() => void act(() => reachServer(() => createShareAction({ documentId, ...draft })), setShare)}>
              Create public link
            </Button>
          ) : null}
          {share?.abilities.revoke ? (
            <Button
              variant="danger"
              disabled={isPending}
              onClick={() => void act(() => reachServer(() => revokeShareAction({ shareId: share.id })), () => setShare(null))}
            >
              Revoke link
            </Button>
          ) : null}
        </div>
        {share && !share.abilities.update && canPublish ? (
          <p className="text-sm text-muted">Only {share.createdByName ?? "its creator"} or an admin can change or revoke this link.</p>
        ) : null}
        {error ? (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        ) : null}
      </section>
      <section aria-labelledby="share-members-heading" className="flex flex-col gap-2">
        <h2 id="share-members-heading" className="font-medium">
          Members with access
        </h2>
        <p className="text-sm text-muted">Everyone in the workspace can open this document; their role says what they can do.</p>
        <ul className="divide-y divide-border rounded-lg border border-border" data-testid="share-members">
          {members.map((member) => (
            <li key={member.userId} className="flex items-center gap-3 px-3 py-2">
              <Avatar name={member.name} color={member.color} size={28} />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium" title={member.name}>
                  {member.name}
                  {member.userId === actorId ? <span className="text-muted"> (you)</span> : null}
                </p>
                <p className="truncate text-xs text-muted" title={member.email}>
                  {member.email}
                </p>
              </div>
              <span className="shrink-0 text-sm">{ROLE_LABELS[member.role]}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function LiveLink({ share }: { share: ShareDto }) {
  const isClient = useIsClient();
  // The browser's own origin: the address this person reached Quire at.
  const url = isClient ? `${window.location.origin}${share.path}` : share.path;
  return <CopyField value={url} label="Anyone with this link can read the document" isLabelVisible noun="link" testId="share-url" />;
}

function Checkbox({ label, hint, checked, onChange }: { label: string; hint: string; checked: boolean; onChange: (value: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-start gap-2">
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} aria-describedby={`${id}-hint`} className="mt-1 size-4 accent-[var(--color-accent)]" />
      <div>
        <label htmlFor={id}>{label}</label>
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      </div>
    </div>
  );
}
