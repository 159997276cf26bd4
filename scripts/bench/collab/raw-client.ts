import * as decoding from "lib0/decoding";
import * as encoding from "lib0/encoding";
import WebSocket from "ws";
import { Awareness, encodeAwarenessUpdate } from "y-protocols/awareness";
import { messageYjsSyncStep1, messageYjsSyncStep2, messageYjsUpdate, writeSyncStep1, writeSyncStep2 } from "y-protocols/sync";
import * as Y from "yjs";
import { collabDocumentName } from "@/shared/protocol/document-name";
import { BODY_YTEXT } from "@/shared/editor-rules";

// The Hocuspocus message types this client speaks (@hocuspocus/provider's MessageType).
const MESSAGE_SYNC = 0;
const MESSAGE_AWARENESS = 1;
const MESSAGE_AUTH = 2;
const MESSAGE_SYNC_STATUS = 8; // the server's answer to each update: applied (1) or refused (0)
const AUTH_TOKEN = 0;
const AUTH_PERMISSION_DENIED = 1;
const AUTH_AUTHENTICATED = 2;
const PROVIDER_VERSION = "4.8.0";

export interface RawClientOptions {
  port: number;
  documentId: string;
  /** Cookie and Origin for the handshake. */
  headers: Record<string, string>;
  /** ≥ 0: record the arrival time of every item other clients insert (a sampled receiver). */
  observerIndex?: number;
  /** Called with each keystroke's arrival, for observers: (client, first clock, clock count, ms). */
  onArrival?: (client: number, clock: number, length: number, at: number) => void;
  /** How long `ready` waits for the first sync before it rejects (a server too busy to admit a client is a result, not a hang). */
  syncTimeoutMs?: number;
}

/** The first sync's default wait: far past any admitted client's (5 s at 450 typists on 2 cores). */
const SYNC_TIMEOUT_MS = 60_000;

/**
 * A lightweight /collab client that speaks Hocuspocus's wire protocol with a private Y.Doc but,
 * unlike @hocuspocus/provider, never applies the updates other clients send after the first
 * sync: one load-generator process can then stand in for hundreds of people, each of whom
 * would apply them on their own machine. It types only after its own text (the end of the
 * document as it was when it joined), so every edit it makes is valid on the server.
 * Its socket still receives and parses everything the server broadcasts.
 */
export class RawCollabClient {
  readonly doc = new Y.Doc();
  readonly awareness = new Awareness(this.doc);
  private readonly text = this.doc.getText(BODY_YTEXT);
  private readonly name: string;
  private readonly socket: WebSocket;
  /** From the start of this client's own run of text, in its local copy. */
  private ownStart = 0;
  private ownLength = 0;
  isSynced = false;
  closedWith: string | null = null;
  /** Socket errors, and a close this client did not ask for ("code reason"): the soak counts them. */
  readonly errors: string[] = [];
  unexpectedClose: string | null = null;
  private isClosing = false;
  /**
   * Updates (and sync step 2 answers) sent, and the server's answers to them (SyncStatus, one
   * each): one never answered, or refused, is a soak's sync failure.
   */
  updatesSent = 0;
  updatesAcked = 0;
  updatesRefused = 0;
  readonly ready: Promise<void>;
  readonly observerIndex: number;

  constructor(private readonly options: RawClientOptions) {
    this.name = collabDocumentName(options.documentId);
    this.observerIndex = options.observerIndex ?? -1;
    this.socket = new WebSocket(`ws://127.0.0.1:${options.port}/collab`, { headers: options.headers, perMessageDeflate: false });
    this.socket.binaryType = "nodebuffer";
    const timeoutMs = options.syncTimeoutMs ?? SYNC_TIMEOUT_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    this.ready = new Promise<void>((resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`not synced within ${timeoutMs / 1000} s`)), timeoutMs);
      this.socket.on("open", () => {
        this.send(MESSAGE_AUTH, (encoder) => {
          encoding.writeVarUint(encoder, AUTH_TOKEN);
          encoding.writeVarString(encoder, "session-cookie");
          encoding.writeVarString(encoder, PROVIDER_VERSION);
        });
        this.send(MESSAGE_SYNC, (encoder) => writeSyncStep1(encoder, this.doc));
      });
      this.socket.on("message", (data: Buffer) => {
        const failure = this.receive(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
        if (failure) reject(new Error(failure));
        else if (this.isSynced) resolve();
      });
      this.socket.on("close", (code, reason) => {
        this.closedWith = `${code} ${reason.toString()}`;
        if (!this.isClosing) this.unexpectedClose = this.closedWith;
        reject(new Error(`closed before sync: ${this.closedWith}`));
      });
      this.socket.on("error", (error) => {
        this.errors.push(error.message);
        reject(error);
      });
    }).finally(() => clearTimeout(timer));
    // The awareness renewal every 15 s, as the provider sends it, keeps the connection alive.
    this.awareness.on("update", ({ added, updated, removed }: { added: number[]; updated: number[]; removed: number[] }, origin: unknown) => {
      if (origin === this) return;
      const changed = added.concat(updated, removed);
      this.send(MESSAGE_AWARENESS, (encoder) => encoding.writeVarUint8Array(encoder, encodeAwarenessUpdate(this.awareness, changed)));
    });
  }

  get isObserver(): boolean {
    return this.observerIndex >= 0;
  }

  /** Announces who this is, as the editor does on connect (name and colour, no cursor yet). */
  announce(name: string): void {
    this.awareness.setLocalState({ user: { name, color: "#4f46e5" } });
  }

  /**
   * Makes this client's text start on a new line after what it saw when it joined. With a
   * `marker` (the soak names each client's line with one, to find it in the stored text), the
   * line also gets its own closing newline and the client types before it: a client that joins
   * later appends after that newline, which this client never sees, so a keystroke after its
   * own last character with nothing to its right would be concurrent with that append and Yjs
   * could order it after the newcomer's text. Anchored on both sides, each line stays whole.
   */
  startOwnLine(marker = ""): void {
    const start = this.text.length;
    this.text.insert(start, marker ? `\n${marker}\n` : "\n");
    this.ownStart = start + 1 + marker.length;
    this.ownLength = 0;
  }

  /** What this client has typed on its line (its copy holds only its own edits after joining). */
  ownText(): string {
    return this.text.toString().slice(this.ownStart, this.ownStart + this.ownLength);
  }

  /**
   * Types one character after this client's own text, or clears its line once it reaches
   * `maxLine` characters, and moves its cursor in awareness like y-quill does on every edit.
   * Returns the inserted item's (client, clock), or null for a deletion.
   */
  keystroke(char: string, maxLine: number, withCursor: boolean): { client: number; clock: number } | null {
    let inserted: { client: number; clock: number } | null = null;
    if (this.ownLength >= maxLine) {
      this.text.delete(this.ownStart, this.ownLength);
      this.ownLength = 0;
    } else {
      inserted = { client: this.doc.clientID, clock: Y.getState(this.doc.store, this.doc.clientID) };
      this.type(char);
    }
    if (withCursor) {
      const index = this.ownStart + this.ownLength;
      const cursor = Y.relativePositionToJSON(Y.createRelativePositionFromTypeIndex(this.text, index));
      this.awareness.setLocalStateField("cursor", { anchor: cursor, head: cursor });
    }
    return inserted;
  }

  close(): Promise<void> {
    this.isClosing = true;
    this.awareness.destroy();
    if (this.socket.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      this.socket.once("close", () => resolve());
      this.socket.close();
    });
  }

  private type(chars: string): void {
    this.text.insert(this.ownStart + this.ownLength, chars);
    this.ownLength += chars.length;
  }

  // Local edits go to the server as Yjs updates, one message each (as the provider sends them).
  private readonly sendUpdate = (update: Uint8Array, origin: unknown): void => {
    if (origin === this) return;
    if (this.send(MESSAGE_SYNC, (encoder) => {
      encoding.writeVarUint(encoder, messageYjsUpdate);
      encoding.writeVarUint8Array(encoder, update);
    })) this.updatesSent += 1;
  };

  // Returns a reason when the server refused the connection.
  private receive(message: Uint8Array): string | null {
    const decoder = decoding.createDecoder(message);
    decoding.readVarString(decoder); // the document name: this socket carries one document
    const type = decoding.readVarUint(decoder);
    if (type === MESSAGE_AUTH) {
      const auth = decoding.readVarUint(decoder);
      if (auth === AUTH_PERMISSION_DENIED) return `denied: ${decoding.readVarString(decoder)}`;
      if (auth === AUTH_AUTHENTICATED) this.doc.on("update", this.sendUpdate);
      return null;
    }
    if (type === MESSAGE_SYNC_STATUS) {
      if (decoding.readVarUint(decoder) === 1) this.updatesAcked += 1;
      else this.updatesRefused += 1;
      return null;
    }
    if (type !== MESSAGE_SYNC) return null; // awareness, sync status, stateless: not needed here
    const syncType = decoding.readVarUint(decoder);
    if (syncType === messageYjsSyncStep1) {
      const stateVector = decoding.readVarUint8Array(decoder);
      if (this.send(MESSAGE_SYNC, (encoder) => writeSyncStep2(encoder, this.doc, stateVector))) this.updatesSent += 1;
    } else if (syncType === messageYjsSyncStep2 && !this.isSynced) {
      Y.applyUpdate(this.doc, decoding.readVarUint8Array(decoder), this);
      this.isSynced = true;
    } else if (syncType === messageYjsUpdate && this.isObserver) {
      this.observe(decoding.readVarUint8Array(decoder));
    }
    return null;
  }

  private observe(update: Uint8Array): void {
    const at = performance.timeOrigin + performance.now();
    for (const struct of Y.decodeUpdate(update).structs) {
      if (struct instanceof Y.Item && struct.id.client !== this.doc.clientID) {
        this.options.onArrival?.(struct.id.client, struct.id.clock, struct.length, at);
      }
    }
  }

  /** Returns whether the message went out (not when the socket is no longer open). */
  private send(type: number, write: (encoder: encoding.Encoder) => void): boolean {
    if (this.socket.readyState !== WebSocket.OPEN) return false;
    const encoder = encoding.createEncoder();
    encoding.writeVarString(encoder, this.name);
    encoding.writeVarUint(encoder, type);
    write(encoder);
    this.socket.send(encoding.toUint8Array(encoder));
    return true;
  }
}
