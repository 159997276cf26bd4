import path from "node:path";

/**
 * The editing traces the benchmarks replay and draw text from: real people's character-by-character
 * edits (josephg/editing-traces, CC BY 4.0; test/fixtures/editing-traces/SOURCES.md), kept in the
 * repository so benches and tests run from any checkout.
 */
export const EDITING_TRACES = path.resolve(import.meta.dirname, "../../test/fixtures/editing-traces");
