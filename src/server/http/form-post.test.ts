import { IncomingMessage } from "node:http";
import { Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { FORM_POST_LIMIT_BYTES, MAX_ACTION_NESTING, jsonNesting, readActionPost } from "./form-post";

/** A request as server.ts receives it, with `body` arriving in two chunks. */
function incoming(headers: Record<string, string>, body: string | Buffer): IncomingMessage {
  const request = new IncomingMessage(new Socket());
  request.method = "POST";
  request.url = "/w/acme/d/plan-abc123def456";
  request.headers = headers;
  const bytes = Buffer.from(body);
  setImmediate(() => {
    request.push(bytes.subarray(0, 3));
    request.push(bytes.subarray(3));
    request.push(null);
  });
  return request;
}

async function readAll(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const ACTION = { "next-action": "7f00aa", "content-type": "text/plain;charset=UTF-8" };

describe("readActionPost", () => {
  it("hands an action's JSON arguments on in a fresh request with the same body", async () => {
    const body = '[{"documentId":"abc123def456","quote":"é"},"$undefined"]';
    const checked = await readActionPost(incoming(ACTION, body));
    expect("request" in checked).toBe(true);
    if (!("request" in checked)) return;
    expect(checked.request.headers["next-action"]).toBe("7f00aa");
    expect(await readAll(checked.request)).toBe(body);
  });

  it("answers 400 to an action whose body is not JSON (Next: a plain 500), empty included", async () => {
    for (const body of ["not json", "[", ""]) {
      expect(await readActionPost(incoming(ACTION, body)), JSON.stringify(body)).toEqual({ refusal: { status: 400, text: "Bad Request" } });
    }
  });

  it("reads multipart bodies as forms, with or without Next-Action, and refuses one that doesn't parse", async () => {
    const form = new FormData();
    form.append("0", '["$K1"]');
    form.append("1_name", "Plan");
    const encoded = new Response(form);
    const contentType = encoded.headers.get("content-type") ?? "";
    const bytes = Buffer.from(await encoded.arrayBuffer());
    expect("request" in (await readActionPost(incoming({ "next-action": "7f00aa", "content-type": contentType }, bytes)))).toBe(true);
    expect("request" in (await readActionPost(incoming({ "content-type": contentType }, bytes)))).toBe(true);
    expect(await readActionPost(incoming({ "content-type": "multipart/form-data; boundary=x" }, "not multipart"))).toEqual({ refusal: { status: 400, text: "Bad Request" } });
  });

  it("answers 400 to arguments nested deeper than MAX_ACTION_NESTING (React's decoding overflowed the stack)", async () => {
    const refused = { refusal: { status: 400, text: "Bad Request" } };
    const deepArrays = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    const deepObjects = `[${'{"a":'.repeat(100_000)}1${"}".repeat(100_000)}]`;
    for (const body of [deepArrays, deepObjects]) expect(await readActionPost(incoming(ACTION, body))).toEqual(refused);
    const atLimit = `${"[".repeat(MAX_ACTION_NESTING)}${"]".repeat(MAX_ACTION_NESTING)}`;
    expect("request" in (await readActionPost(incoming(ACTION, atLimit)))).toBe(true);
    expect(await readActionPost(incoming(ACTION, `[${atLimit}]`))).toEqual(refused);
  });

  it("counts the nesting of a multipart body's models together, and not a FormData argument's own text", async () => {
    const post = async (entries: Array<[string, string]>) => {
      const form = new FormData();
      for (const [key, value] of entries) form.append(key, value);
      const encoded = new Response(form);
      const headers = { "next-action": "7f00aa", "content-type": encoded.headers.get("content-type") ?? "" };
      return readActionPost(incoming(headers, Buffer.from(await encoded.arrayBuffer())));
    };
    const half = Math.ceil(MAX_ACTION_NESTING / 2);
    const nested = (levels: number, inner: string) => `${"[".repeat(levels)}${inner}${"]".repeat(levels)}`;
    // Each model alone is within the limit; one names the next, so React revives them as one.
    expect(await post([["0", nested(half, '"$1"')], ["1", nested(half, "1")]])).toEqual({ refusal: { status: 400, text: "Bad Request" } });
    expect(await post([["$ACTION_REF_1", ""], ["$ACTION_1:0", nested(MAX_ACTION_NESTING + 1, "1")]])).toEqual({ refusal: { status: 400, text: "Bad Request" } });
    // A form's text is the person's: brackets in it are words, not nesting.
    expect("request" in (await post([["0", '["$K1"]'], ["1_title", "[".repeat(100_000)]]))).toBe(true);
  });

  it("answers 413 past Next's 1 MB limit for an action's body", async () => {
    const big = `["${"x".repeat(FORM_POST_LIMIT_BYTES)}"]`;
    expect(await readActionPost(incoming(ACTION, big))).toEqual({ refusal: { status: 413, text: "Content Too Large" } });
  });
});

describe("jsonNesting", () => {
  it("counts arrays and objects, not brackets inside strings or after escaped quotes", () => {
    expect(jsonNesting('"[[["')).toBe(0);
    expect(jsonNesting("1")).toBe(0);
    expect(jsonNesting('[{"a":[1,{"b":"]]]"}]},[]]')).toBe(4);
    expect(jsonNesting('["\\"\\\\",[["{"]]]')).toBe(3);
  });
});
