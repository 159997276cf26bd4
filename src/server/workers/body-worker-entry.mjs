// The worker thread's entry: worker threads don't inherit tsx's loader, so register it here
// (the main thread runs under `node --import tsx`), then load the TypeScript worker.
import { register } from "tsx/esm/api";

register();
await import("./body-worker.ts");
