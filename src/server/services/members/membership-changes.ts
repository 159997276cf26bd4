import { processSingleton } from "../../process-singleton";

/** Someone's role in a workspace changed, or they left or were removed. */
export interface MembershipChange {
  workspaceId: string;
  userId: string;
}

type Listener = (change: MembershipChange) => Promise<void>;

// Server actions run in Next's bundles and the collab server in server.ts's copy of our
// modules, in one process: the listeners live on globalThis (see process-singleton.ts).
const listeners = () => processSingleton("membership-change-listeners", () => new Set<Listener>());

/** Tells this process's collab server to re-check that person's open connections; resolves once it has. */
export async function announceMembershipChange(change: MembershipChange): Promise<void> {
  await Promise.all([...listeners()].map((listener) => listener(change)));
}

/** Calls `listener` on every announced change; returns the unsubscribe function. */
export function onMembershipChange(listener: Listener): () => void {
  listeners().add(listener);
  return () => listeners().delete(listener);
}
