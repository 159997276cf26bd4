import type { beforeHandleAwarenessPayload, Extension } from "@hocuspocus/server";
import type { CollabContext } from "./auth-extension";

/**
 * Awareness (who is here, their cursor) is relayed from client to client as sent, so a crafted
 * client could appear under someone else's name. Every state a connection announces gets the
 * connection's own person as its `user` ({ id, name, colour } from the session), whatever it
 * claimed; the cursor and any other fields pass through.
 */
export class PresenceExtension implements Extension {
  async beforeHandleAwareness({ context, states }: beforeHandleAwarenessPayload<CollabContext>): Promise<void> {
    if (!context?.actor) return; // not from a client connection (server-side writes)
    const { id, name, color } = context.actor;
    for (const state of states.values()) {
      // An empty state is a client saying it left: keep it empty.
      if (Object.keys(state).length > 0) state.user = { id, name, color };
    }
  }
}
