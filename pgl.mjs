import { PGlite } from "@electric-sql/pglite";
let t=Date.now();
const db = new PGlite();
await db.waitReady; console.log("mem ready", Date.now()-t);
t=Date.now(); const dump = await db.dumpDataDir("none"); console.log("dump", Date.now()-t, dump.size);
t=Date.now(); const db2 = new PGlite({loadDataDir: dump}); await db2.waitReady; console.log("load", Date.now()-t);
t=Date.now(); const db3 = new PGlite("/tmp/pgltest"+Date.now()); await db3.waitReady; console.log("dir ready", Date.now()-t);
console.log(process.memoryUsage().rss/1e6);
