import { getDatabase } from "@/server/db/database";
import { defineRoute, jsonError } from "@/server/http/route";

export const dynamic = "force-dynamic";

const PING_TIMEOUT_MS = 3000;

/** Liveness and database reachability, for load balancers and uptime checks. */
export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: async () => {
    const started = performance.now();
    try {
      const handle = await getDatabase();
      await withTimeout(handle.ping(), PING_TIMEOUT_MS);
      const latencyMs = Math.round((performance.now() - started) * 10) / 10;
      return Response.json(
        { status: "ok", database: { reachable: true, kind: handle.driver.kind, latencyMs } },
        { headers: { "Cache-Control": "no-store" } },
      );
    } catch (error) {
      console.error("[health] database unreachable:", error instanceof Error ? error.message : error);
      return jsonError("unavailable", "The database cannot be reached.", { headers: { "Cache-Control": "no-store" } });
    }
  },
});

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}
