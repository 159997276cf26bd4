import http from "node:http";
import type { AddressInfo } from "node:net";
import { QueryClient } from "@tanstack/react-query";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FetchError, fetchJson, shouldRetry } from "./fetch-json";

// A real server whose answers each test scripts: a list of statuses, one per request.
let script: number[] = [];
let requests = 0;
let baseUrl = "";
const server = http.createServer((_request, response) => {
  requests++;
  const status = script.shift() ?? 200;
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(status === 200 ? { ok: true } : { error: { code: "x", message: `failed with ${status}` } }));
});
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`; // listen() above: always an AddressInfo
});
afterAll(() => server.close());

function query() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: shouldRetry, retryDelay: 1 } } });
  return client.fetchQuery({ queryKey: [Math.random()], queryFn: () => fetchJson<{ ok: boolean }>(baseUrl) });
}

describe("client data fetches", () => {
  it("retry a 5xx answer up to 3 times and succeed", async () => {
    script = [500, 502, 503];
    requests = 0;
    await expect(query()).resolves.toEqual({ ok: true });
    expect(requests).toBe(4);
  });

  it("give up after 3 retries with the server's message", async () => {
    script = [500, 500, 500, 500, 500];
    requests = 0;
    const error = await query().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FetchError);
    expect((error as FetchError).message).toBe("failed with 500");
    expect(requests).toBe(4);
  });

  it("never retry a 4xx answer", async () => {
    script = [404];
    requests = 0;
    await expect(query()).rejects.toMatchObject({ status: 404 });
    expect(requests).toBe(1);
  });
});
