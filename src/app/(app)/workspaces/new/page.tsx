import type { Metadata } from "next";
import Link from "next/link";
import { StandaloneHeader } from "@/components/standalone-header";
import { NewWorkspaceForm } from "@/app/(app)/workspaces/new/_components/new-workspace-form";

export const metadata: Metadata = { title: "New workspace" };

export default function NewWorkspacePage() {
  return (
    <div className="flex min-h-dvh flex-col bg-surface">
      <StandaloneHeader />
      <main className="flex flex-1 items-start justify-center px-4 pb-16 pt-6 sm:pt-12">
        <div className="w-full max-w-md rounded-xl border border-border bg-raised p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-semibold">Create a workspace</h1>
          <p className="mt-1 text-sm text-muted">A separate space with its own documents and members. You will be its owner.</p>
          <NewWorkspaceForm />
          <p className="mt-4 text-center text-sm">
            <Link href="/" className="text-muted underline-offset-2 hover:text-fg hover:underline">
              Cancel and go back
            </Link>
          </p>
        </div>
      </main>
    </div>
  );
}
