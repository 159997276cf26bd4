import { IncomingMessage } from "node:http";
import type { Refusal } from "./request-guard";
import { isMultipart } from "./request-guard";

/** Next's own limit for a server action's body (`serverActions.bodySizeLimit`, 1 MB unless configured). */
export const FORM_POST_LIMIT_BYTES = 1024 * 1024;

/**
 * How deep a server action's arguments may nest arrays and objects. React's decodeReply revives
 * them recursively, one stack frame or more per level, so `[` ×100,000 (100 KB, well under the
 * size limit) overflowed the stack before any action of ours ran. Our deepest legitimate call is
 * a comment's or template's delta inside an input object (about 6 levels); 512 leaves room for
 * anything an action may yet take while staying far below where decoding overflows (thousands).
 */
export const MAX_ACTION_NESTING = 512;

/**
 * Reads a server action's POST and checks that its body parses, as Next will: a form posted
 * before the page's scripts ran (multipart, no `Next-Action` header), or the app's own call
 * (`Next-Action`: multipart when its arguments hold files or forms, else React's reply encoding,
 * which is JSON). Next reads such a body only once it has decided the request is an action, and
 * one that doesn't parse, or passes its 1 MB limit, ends there as a plain 500; here it is the
 * client's 400 (or 413). So is one whose arguments nest deeper than MAX_ACTION_NESTING, which
 * React's decoding would meet with a stack overflow (a 500 with a digest). A body that passes is
 * handed on in a fresh request on the same socket, since the original has been read.
 * @throws Error when the client breaks off while sending
 */
export async function readActionPost(request: IncomingMessage): Promise<{ request: IncomingMessage } | { refusal: Refusal }> {
  const body = await readAtMost(request, FORM_POST_LIMIT_BYTES);
  if (!body) return { refusal: { status: 413, text: "Content Too Large" } };
  const contentType = request.headers["content-type"] ?? "";
  return (isMultipart(contentType) ? await isFormData(body, contentType) : isJson(body)) ? { request: replay(request, body) } : { refusal: { status: 400, text: "Bad Request" } };
}

/**
 * How deep `json` nests arrays and objects (0 for a string, number, true, false or null), in one
 * pass over it. Brackets inside strings don't count; `json` is taken to parse (it is only
 * measured, JSON.parse judges it).
 */
export function jsonNesting(json: string): number {
  let depth = 0;
  let deepest = 0;
  let isInString = false;
  for (let at = 0; at < json.length; at++) {
    const char = json.charCodeAt(at);
    if (isInString) {
      if (char === BACKSLASH) at++; // the escaped character, a quote included, is text
      else if (char === QUOTE) isInString = false;
    } else if (char === QUOTE) isInString = true;
    else if (char === OPEN_BRACKET || char === OPEN_BRACE) deepest = Math.max(deepest, ++depth);
    else if (char === CLOSE_BRACKET || char === CLOSE_BRACE) depth--;
  }
  return deepest;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * The fields of a multipart action body that React reads as JSON: the models of the app's call
 * (`0`, `1`, … and streams' `S1`…, decodeReply) and a form's bound arguments (`$ACTION_1:0`…,
 * decodeAction). A FormData argument's own entries (`1_title`) and files are passed on as they are.
 */
const MODEL_FIELD = /^(\$ACTION_[^:]*:)?S?\d+$/;

// The same parser Next uses for a form post (a web Request's formData()). A model may name another
// ("$1"), and React revives the one named where it is named, so the levels of all of them add up:
// their sum, each model one level more than its own nesting, must stay within MAX_ACTION_NESTING.
async function isFormData(body: Buffer, contentType: string): Promise<boolean> {
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { "content-type": contentType } }).formData();
  } catch {
    return false;
  }
  let nesting = 0;
  for (const [key, value] of form) {
    if (typeof value === "string" && MODEL_FIELD.test(key)) nesting += jsonNesting(value) + 1;
  }
  return nesting <= MAX_ACTION_NESTING;
}

// React's decodeReply reads a string body as the JSON of the arguments; Next decodes it as UTF-8.
function isJson(body: Buffer): boolean {
  const text = body.toString("utf8");
  if (jsonNesting(text) > MAX_ACTION_NESTING) return false;
  try {
    JSON.parse(text);
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
