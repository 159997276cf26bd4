import type { StoredDelta } from "@/server/db/schema";
import { sanitizeDelta } from "@/server/body/sanitize-delta";
import { AppError } from "@/server/errors";
import { MAX_TEMPLATE_BODY_CHARS } from "@/shared/schemas/template";

/** The characters a delta's text holds, embeds counting one each, as Quill counts them. */
export function deltaLength(delta: StoredDelta): number {
  return delta.ops.reduce((sum, op) => sum + (typeof op.insert === "string" ? op.insert.length : op.insert === undefined ? 0 : 1), 0);
}

/**
 * Any value as a template body: sanitised exactly as a document's body is on every store
 * (docs/product.md "Editor rules"), ending with the newline every Quill document ends with.
 * @throws AppError too_large past MAX_TEMPLATE_BODY_CHARS
 */
export function templateBody(input: unknown): StoredDelta {
  const { delta } = sanitizeDelta(input ?? { ops: [] });
  const ops: StoredDelta["ops"] = [...delta.ops];
  const last = ops.at(-1);
  if (!last || typeof last.insert !== "string" || !last.insert.endsWith("\n")) ops.push({ insert: "\n" });
  const body = { ops };
  const length = deltaLength(body);
  if (length > MAX_TEMPLATE_BODY_CHARS) {
    throw new AppError("too_large", `A template holds at most ${MAX_TEMPLATE_BODY_CHARS.toLocaleString("en")} characters; this one has ${length.toLocaleString("en")}.`);
  }
  return body;
}
