import type { Extension, onAuthenticatePayload } from "@hocuspocus/server";
import { AUTH_REFUSED_REASON } from "../../shared/collab/close-codes";
import type { Actor } from "../context";

/** Resolves the person behind a connection from its request headers (the session cookie). */
export type ResolveActor = (headers: Headers) => Promise<Actor | null>;

/** Per-connection state the collaboration hooks share. */
export interface CollabContext {
  actor: Actor;
}

/** Refuses connections without a valid session; the actor goes into the connection's context. */
export class AuthExtension implements Extension {
  constructor(private readonly resolveActor: ResolveActor) {}

  async onAuthenticate({ requestHeaders }: onAuthenticatePayload): Promise<CollabContext> {
    const actor = await this.resolveActor(requestHeaders);
    if (!actor) throw new CollabRefusal(AUTH_REFUSED_REASON.unauthenticated);
    return { actor };
  }
}

/** A refused connection; Hocuspocus sends `reason` to the client in its permission-denied message. */
export class CollabRefusal extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = "CollabRefusal";
  }
}
