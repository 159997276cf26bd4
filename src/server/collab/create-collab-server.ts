import { Hocuspocus } from "@hocuspocus/server";
import type { ResolveActor } from "./auth-extension";
import { AuthExtension } from "./auth-extension";

export interface CollabServerOptions {
  resolveActor: ResolveActor;
}

/** The Hocuspocus instance behind `/collab`: authentication first, then the Yjs sync protocol. */
export function createCollabServer(options: CollabServerOptions): Hocuspocus {
  return new Hocuspocus({
    name: "quire",
    quiet: true,
    // Stores are debounced to at most one per 2 s of typing (the editor issue persists them).
    debounce: 2000,
    maxDebounce: 2000,
    extensions: [new AuthExtension(options.resolveActor)],
  });
}
