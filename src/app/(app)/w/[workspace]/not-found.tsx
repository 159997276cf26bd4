"use client";

import Link from "next/link";
import { useParams } from "next/navigation";
import { useEffect } from "react";
import { buttonClass } from "@/components/ui/button";
import { dropHeldTyping } from "@/lib/typing-handoff";

// Shown inside the workspace frame; members of other workspaces get the root 404 instead.
export default function WorkspaceNotFound() {
  const { workspace } = useParams<{ workspace: string }>();
  // A document on its way (trashed, or never there) ended here: the keys held for it go to the page again.
  useEffect(dropHeldTyping, []);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-20 text-center">
      <div className="flex flex-col items-center gap-3 sm:flex-row sm:gap-5">
        <span className="text-2xl font-semibold">404</span>
        <span aria-hidden="true" className="hidden h-10 w-px bg-border sm:block" />
        <h1 className="text-base">This page could not be found</h1>
      </div>
      <Link href={`/w/${workspace}`} className={buttonClass("secondary")}>
        Back to the workspace
      </Link>
    </div>
  );
}
