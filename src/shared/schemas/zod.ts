import { z } from "zod";

// Zod 4 decides whether to compile an object schema's parser when the schema is made, by probing
// `new Function`. The app's CSP forbids eval, so in the browser the probe fails anyway and the
// browser reports a violation for it. Every shared schema takes `z` from here, so the probe is
// off before the first schema exists, whichever module a page evaluates first. The server keeps
// the compiled parsers (no CSP applies there).
if (typeof window !== "undefined") z.config({ jitless: true });

export { z };
