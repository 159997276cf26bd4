import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiskBlobStore, newBlobKey } from "./blob-store";

let root: string;
let store: DiskBlobStore;
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "quire-blobs-"));
  store = new DiskBlobStore(root);
});
afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

function streamOf(...parts: string[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(new TextEncoder().encode(part));
      controller.close();
    },
  });
}

describe("DiskBlobStore", () => {
  it("stores bytes and gives them back with their size", async () => {
    const key = newBlobKey();
    expect(await store.put(key, new TextEncoder().encode("hello"))).toEqual({ size: 5 });
    const blob = await store.get(key);
    expect(blob?.size).toBe(5);
    expect(await readAll(blob!.stream)).toBe("hello");
  });

  it("stores a stream chunk by chunk", async () => {
    const key = newBlobKey();
    expect(await store.put(key, streamOf("ab", "cd", "e"))).toEqual({ size: 5 });
    expect(await readAll((await store.get(key))!.stream)).toBe("abcde");
  });

  it("answers null for a missing key and deletes idempotently", async () => {
    const key = newBlobKey();
    expect(await store.get(key)).toBeNull();
    await store.put(key, new Uint8Array([1, 2, 3]));
    await store.delete(key);
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
  });

  it("leaves neither a blob nor a temporary file when the source fails midway", async () => {
    const key = newBlobKey();
    const failing = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new Uint8Array([1, 2]));
        controller.error(new Error("client went away"));
      },
    });
    await expect(store.put(key, failing)).rejects.toThrow("client went away");
    expect(await store.get(key)).toBeNull();
    expect(fs.readdirSync(path.join(root, "tmp"))).toEqual([]);
  });

  it("refuses keys that could leave the folder", async () => {
    await expect(store.get("../../etc/passwd")).rejects.toThrow("Invalid blob key");
    await expect(store.put("a/b", new Uint8Array())).rejects.toThrow("Invalid blob key");
  });
});
