import type { TreeRow } from "@/components/document-tree/build-tree";
import type { ActorDto, WorkspaceDto } from "@/shared/dto";

/** What the signed-in frame renders from: the page's reader, its workspace, and the sidebar's lists. */
export interface ShellProps {
  actor: ActorDto;
  workspace: WorkspaceDto;
  workspaces: Array<{ slug: string; name: string }>;
  /** The workspace's live documents in sibling order, for the tree. */
  tree: TreeRow[];
  /** The reader's unread notifications when the page rendered; the bell keeps it live. */
  unreadNotifications: number;
}
