import { parentPort } from "node:worker_threads";
import { deriveDocument } from "./derive-document";

/** Runs in a worker thread (see derive-off-thread.ts): derives a body from an encoded Yjs state. */
parentPort?.on("message", (message: { id: number; state: Uint8Array }) => {
  deriveDocument(message.state).then(
    (result) => parentPort?.postMessage({ id: message.id, result }),
    (error: unknown) => parentPort?.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
