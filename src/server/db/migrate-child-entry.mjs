// The migrating child's entry in development: a child started with no Node flags doesn't
// have tsx's loader, so register it here, then load the TypeScript. The production build compiles
// migrate-child.ts to this same name beside server.mjs (scripts/build-server.ts).
import { register } from "tsx/esm/api";

register();
await import("./migrate-child.ts");
