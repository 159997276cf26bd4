import v8 from "node:v8";
import vm from "node:vm";

/**
 * Two full garbage collections once the server has started (docs/configuration.md "Memory").
 * A first start's initdb runs in a second PGlite whose WebAssembly memory (~400 MB) stays
 * resident until a collection finalises it, and an idle server allocates too little for V8 to
 * start one on its own: without this, a first start kept ~950 MB instead of ~500 MB. The second
 * pass, a tick later, frees what the first one's finalisers released. Costs ~100 ms, before
 * the server listens.
 */
export async function collectStartUpGarbage(): Promise<void> {
  // `gc` exists only in contexts created after the flag is set, hence the new context.
  v8.setFlagsFromString("--expose-gc");
  const gc = vm.runInNewContext("gc") as () => void;
  gc();
  await new Promise((resolve) => setImmediate(resolve));
  gc();
}
