import type { Metadata } from "next";
import Link from "next/link";
import { buttonClass } from "@/components/ui/button";
import { displayTitle } from "@/shared/document-slug";
import { SharePanel } from "@/app/(app)/w/[workspace]/d/[doc]/_components/share-panel";
import { requireShareDialog } from "@/server/http/require-share-dialog";
import { redirectStaleSegment } from "@/server/http/redirect-stale-segment";

type Props = { params: Promise<{ workspace: string; doc: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { workspace, doc } = await params;
  const dialog = await requireShareDialog(workspace, doc);
  return { title: `Share ${displayTitle(dialog.title)}` };
}

/** The share dialog as a page: `…/share` opened directly, reloaded, or in a new tab. */
export default async function SharePage({ params }: Props) {
  const { workspace, doc: segment } = await params;
  const dialog = await requireShareDialog(workspace, segment);
  const canonical = await redirectStaleSegment(segment, { id: dialog.panel.documentId, title: dialog.title }, (current) => `/w/${workspace}/d/${current}/share`);
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-6 sm:px-8" data-testid="share-page">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="mr-auto min-w-0 break-words text-2xl font-semibold tracking-tight">Share “{displayTitle(dialog.title)}”</h1>
        <Link href={`/w/${workspace}/d/${canonical}`} className={buttonClass("secondary")}>
          Back to the document
        </Link>
      </div>
      <SharePanel {...dialog.panel} />
    </div>
  );
}
