import { describe, expect, it } from "vitest";
import type { NextRequest } from "next/server";
import { AppError } from "@/server/errors";
import { defineRoute } from "./route";

const request = new Request("http://localhost/api/x") as unknown as NextRequest; // handlers here ignore it
const context = { params: Promise.resolve({}) };

describe("defineRoute", () => {
  const routes = defineRoute({
    GET: async () => Response.json({ ok: true }),
    POST: async () => {
      throw new AppError("conflict", "Already there.");
    },
  });

  it("answers a wrong method with 405, an Allow header and the JSON error shape", async () => {
    const response = await routes.DELETE(request, context);
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, POST, HEAD, OPTIONS");
    expect(await response.json()).toEqual({
      error: { code: "method_not_allowed", message: expect.stringContaining("DELETE is not allowed") },
    });
  });

  it("turns an AppError into its status and code", async () => {
    const response = await routes.POST(request, context);
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: { code: "conflict", message: "Already there." } });
  });

  it("answers 400 for a database error input caused (a NUL byte, a date out of range), never 500", async () => {
    const driverError = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: "22021" });
    const wrapped = Object.assign(new Error("Failed query: select … params: secret text"), { cause: driverError });
    const failing = defineRoute({ GET: async () => Promise.reject(wrapped) });
    const response = await failing.GET(request, context);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { code: "bad_request", message: expect.stringContaining("NUL") } });
  });

  it("hides unexpected errors behind a 500 with a digest", async () => {
    const failing = defineRoute({ GET: async () => Promise.reject(new Error("secret stack detail")) });
    const response = await failing.GET(request, context);
    expect(response.status).toBe(500);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("internal");
    expect(body.error.message).not.toContain("secret");
    expect(body.error.message).toMatch(/Reference: [0-9a-f]{12}/);
  });
});
