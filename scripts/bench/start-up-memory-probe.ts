import { startApp } from "../../e2e/support/start-app";
import { MemoryProbe } from "./memory-probe";
import { describeSmaps, smapsBreakdown } from "./proc-smaps";

// `node --import tsx scripts/bench/start-up-memory-probe.ts [NAME=value…]`: a server's memory on a
// new data directory 5 s after it is ready, after two full GCs, split by mapping (proc-smaps.ts);
// the arguments are environment variables for the server (MALLOC_ARENA_MAX=1,
// NODE_OPTIONS=--require=…). Quicker than bench:memory for comparing one setting.
const env = Object.fromEntries(process.argv.slice(2).map((a) => [a.slice(0, a.indexOf("=")), a.slice(a.indexOf("=") + 1)] as [string, string]));
const app = await startApp({ sourceMaps: false, env: { ...env, NODE_OPTIONS: `--inspect=127.0.0.1:0 ${env.NODE_OPTIONS ?? ""}` } });
const probe = await MemoryProbe.connect(app.output, app.process.pid ?? 0);
try {
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  const r = await probe.read();
  console.log(`${JSON.stringify(env)}: RSS ${r.rss.toFixed(0)} (anon ${r.rssAnon.toFixed(0)}), heap ${r.heapUsed.toFixed(0)}/${r.heapTotal.toFixed(0)}, external ${r.external.toFixed(0)}, threads ${r.threads}; ${describeSmaps(smapsBreakdown(app.process.pid ?? 0))}`);
} finally {
  probe.close();
  await app.stop();
}
