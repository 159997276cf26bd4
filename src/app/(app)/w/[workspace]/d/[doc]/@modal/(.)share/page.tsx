import { SharePanel } from "@/app/(app)/w/[workspace]/d/[doc]/_components/share-panel";
import { ShareModal } from "@/app/(app)/w/[workspace]/d/[doc]/_components/share-modal";
import { requireShareDialog } from "@/server/http/require-share-dialog";

type Props = { params: Promise<{ workspace: string; doc: string }> };

/** "Share" opened from the editor: the dialog over the still-mounted editor. */
export default async function InterceptedSharePage({ params }: Props) {
  const { workspace, doc } = await params;
  // No redirect to the canonical slug here: the editor keeps the segment it was loaded with
  // (a rename changes neither it nor the address bar), and a redirect would navigate away from it.
  const dialog = await requireShareDialog(workspace, doc);
  return (
    <ShareModal title={dialog.title}>
      <SharePanel {...dialog.panel} />
    </ShareModal>
  );
}
