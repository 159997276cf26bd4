import type { Connection } from "@hocuspocus/server";
import { MessageType } from "@hocuspocus/server";
import * as decoding from "lib0/decoding";

/**
 * The one place we reach into Hocuspocus (4.7): its awareness path has no hook to take a message
 * before `MessageReceiver` handles it (a scratch Y.Doc per message; `beforeHandleMessage` can only
 * accept or close), so the established connection's `handleMessage` — the public method its
 * ClientConnection routes every frame of the document to — is wrapped: an awareness frame goes
 * to `take`, everything else to Hocuspocus in order as before. Frames that arrived before the
 * `connected` hook (while authenticating) still take Hocuspocus's own path. ClientConnection
 * still sees every frame first, so its idle timeout keeps counting them. What diverted frames
 * skip: the `beforeHandleMessage` / `afterHandleMessage` hooks (none of our extensions has them),
 * and `onAwarenessUpdate` then reports one local-origin update per window, without a connection.
 * `divert-awareness.test.ts` fails if Hocuspocus stops routing frames this way.
 */
export function divertAwareness(connection: Connection, take: (update: Uint8Array) => void): void {
  const handle = connection.handleMessage.bind(connection);
  connection.handleMessage = (data: Uint8Array): void => {
    const update = awarenessUpdateOf(data);
    if (update) take(update);
    else handle(data);
  };
}

/** The awareness update inside a frame (address, type, update), or null for any other frame. */
export function awarenessUpdateOf(data: Uint8Array): Uint8Array | null {
  try {
    const decoder = decoding.createDecoder(data);
    decoding.readVarString(decoder); // the address: ClientConnection already routed it here
    if (decoding.readVarUint(decoder) !== MessageType.Awareness) return null;
    return decoding.readVarUint8Array(decoder);
  } catch {
    return null; // unreadable: Hocuspocus decides what to do with it
  }
}
