import { z } from "./zod";

/** A format's value (Quill's are strings, numbers and booleans; null, which removes one, sets nothing in a new document). */
const DeltaAttributeValue = z.union([z.string(), z.number(), z.boolean(), z.null()], { error: "A format's value is a string, a number, true, false or null." });

/** An embed's value: a string (an image's address, a formula's TeX), or an object of such values (a mention's `{id, name}`). */
const DeltaEmbedValue = z.union([z.string(), z.number(), z.boolean(), z.record(z.string(), DeltaAttributeValue)], {
  error: "An embed's value is a string, a number, true, false, or an object of those (a mention's {\"id\", \"name\"}).",
});

/**
 * One op of a document's delta, as Quill holds one: `insert` is text, or an embed (an object with
 * exactly one key naming it), and `attributes` a flat map of formats. Nothing in it nests deeper
 * than a mention's object, so a payload nested thousands deep is refused here, at its first
 * level, instead of reaching a worker (QA report item 3). A document's delta only inserts:
 * `retain` and `delete` change an existing document, which the API never takes a delta for.
 */
const DeltaOp = z.strictObject(
  {
    insert: z.union([z.string(), z.record(z.string(), DeltaEmbedValue).refine((embed) => Object.keys(embed).length === 1, "An embed is an object with exactly one key.")], {
      error: (issue) =>
        issue.input === undefined
          ? "Each op inserts: a document's delta holds insert ops only (retain and delete change an existing document)."
          : "insert is text, or an embed: an object with exactly one key, such as {\"image\": \"https://…\"}.",
    }),
    attributes: z.record(z.string(), DeltaAttributeValue, { error: "attributes is an object of formats, such as {\"bold\": true}." }).optional(),
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? `An op has insert and attributes only, not ${issue.keys.join(" or ")}.` : undefined) },
);

/** A Quill delta: `{ops: [...]}`, sanitised by the editor's rules when stored. */
export const DeltaSchema = z
  .object({ ops: z.array(DeltaOp) })
  .meta({
    id: "Delta",
    description:
      "A Quill 2 delta of insert ops: text, or an embed object with one key (`image`, `formula`, `mention`), each with optional formats. Links and images are sanitised by the editor's rules, and formats or embeds the editor has not are dropped.",
  });
