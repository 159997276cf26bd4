import { IncomingMessage } from "node:http";
import type { Refusal } from "./request-guard";
import { isMultipart } from "./request-guard";

/** Next's own limit for a server action's body (`serverActions.bodySizeLimit`, 1 MB unless configured). */
export const FORM_POST_LIMIT_BYTES = 1024 * 1024;

/**
 * Reads a server action's POST and checks that its body parses, as Next will: a form posted
 * before the page's scripts ran (multipart, no `Next-Action` header), or the app's own call
 * (`Next-Action`: multipart when its arguments hold files or forms, else React's reply encoding,
 * which is JSON). Next reads such a body only once it has decided the request is an action, and
 * one that doesn't parse, or passes its 1 MB limit, ends there as a plain 500; here it is the
 * client's 400 (or 413). A body that parses is handed on in a fresh request on the same socket,
 * since the original has been read.
 * @throws Error when the client breaks off while sending
 */
export async function readActionPost(request: IncomingMessage): Promise<{ request: IncomingMessage } | { refusal: Refusal }> {
  const body = await readAtMost(request, FORM_POST_LIMIT_BYTES);
  if (!body) return { refusal: { status: 413, text: "Content Too Large" } };
  const contentType = request.headers["content-type"] ?? "";
  return (isMultipart(contentType) ? await isFormData(body, contentType) : isJson(body)) ? { request: replay(request, body) } : { refusal: { status: 400, text: "Bad Request" } };
}

// The same parser Next uses for a form post (a web Request's formData()).
async function isFormData(body: Buffer, contentType: string): Promise<boolean> {
  try {
    await new Response(new Uint8Array(body), { headers: { "content-type": contentType } }).formData();
    return true;
  } catch {
    return false;
  }
}

// React's decodeReply reads a string body as the JSON of the arguments; Next decodes it as UTF-8.
function isJson(body: Buffer): boolean {
  try {
    JSON.parse(body.toString("utf8"));
    return true;
  } catch {
    return false;
  }
}

// The whole body, or null past `limit` bytes. The rest is left unread (breaking off would destroy
// the socket before the 413 is sent): the answer closes the connection.
function readAtMost(request: IncomingMessage, limit: number): Promise<Buffer | null> {
  if (Number(request.headers["content-length"] ?? 0) > limit) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      request.off("data", onData).off("end", onEnd).off("error", reject).pause();
      resolve(null);
    };
    const onEnd = () => resolve(Buffer.concat(chunks));
    request.on("data", onData).on("end", onEnd).on("error", reject);
  });
}

function replay(original: IncomingMessage, body: Buffer): IncomingMessage {
  const copy = new IncomingMessage(original.socket);
  copy.method = original.method;
  copy.url = original.url;
  copy.headers = original.headers;
  copy.rawHeaders = original.rawHeaders;
  copy.httpVersion = original.httpVersion;
  copy.httpVersionMajor = original.httpVersionMajor;
  copy.httpVersionMinor = original.httpVersionMinor;
  copy.push(body);
  copy.push(null);
  copy.complete = true;
  return copy;
}
