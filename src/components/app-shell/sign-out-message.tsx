import Link from "next/link";
import type { TreeRow } from "@/components/document-tree/build-tree";
import { Button } from "@/components/ui/button";
import { displayTitle, documentSegment } from "@/shared/document-slug";
import type { SignOutState } from "./use-sign-out";

export const SIGN_OUT_TEXT = {
  saving: "Saving the changes kept on this device before signing out…",
  offline: "You're offline: signing out needs a connection to Quire. Try again once you're back online. Nothing on this device was deleted.",
  unreachable: "Can't reach Quire, so you're still signed in. Check your connection, then try again: nothing on this device was deleted.",
  unsaved: "You're still signed in: changes on this device haven't reached Quire yet, and signing out would delete them. Open the document to save them (or to download them), then sign out.",
} as const;

/** Why "Sign out" hasn't finished (use-sign-out.ts), with the documents it is waiting for and the way to let them go. */
export function SignOutMessage({
  state,
  workspace,
  onDiscard,
}: {
  state: SignOutState;
  /** This workspace's documents, to name the ones in it. */
  workspace: { slug: string; documents: TreeRow[] };
  onDiscard: () => void;
}) {
  if (state.kind === "saving") {
    return (
      <p role="status" className="px-2 text-sm text-muted" data-testid="sign-out-message">
        {SIGN_OUT_TEXT.saving}
      </p>
    );
  }
  return (
    // As a form's own failure looks (components/ui/form-message.tsx).
    <div role="alert" className="rounded-md border border-danger/40 bg-danger-soft px-3 py-2 text-sm text-danger" data-testid="sign-out-message">
      <p>{SIGN_OUT_TEXT[state.kind]}</p>
      {state.kind === "unsaved" ? (
        <>
          <ul className="mt-2 list-disc pl-5">
            {state.documents.map((document) => {
              const row = workspace.documents.find((candidate) => candidate.id === document.documentId);
              const href = row ? `/w/${workspace.slug}/d/${documentSegment(row)}` : document.href;
              const name = row ? displayTitle(row.title) : "Another document";
              return (
                <li key={document.deviceCopy} className="break-words">
                  {href ? (
                    <Link href={href} className="font-medium underline" dir="auto">
                      {name}
                    </Link>
                  ) : (
                    <span dir="auto">{name}</span>
                  )}
                </li>
              );
            })}
          </ul>
          <Button variant="ghost-danger" className="mt-2 w-full" onClick={onDiscard}>
            Sign out and delete them
          </Button>
        </>
      ) : null}
    </div>
  );
}
