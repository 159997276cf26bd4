import { z } from "./zod";
import { EDITOR_ATTRIBUTES, EDITOR_EMBEDS, type EditorEmbed } from "@/shared/editor-formats";
import { MENTION_ID } from "@/shared/mentions";
import { formulaProblem } from "@/shared/formula-rules";

/** A format's value (Quill's are strings, numbers and booleans; null, which removes one, sets nothing in a new document). */
const DeltaAttributeValue = z.union([z.string(), z.number(), z.boolean(), z.null()], { error: "A format's value is a string, a number, true, false or null." });

const EMBED_LIST = listOf(EDITOR_EMBEDS);
const ATTRIBUTE_LIST = listOf(EDITOR_ATTRIBUTES);

/** What each embed's value must be, for the message that refuses one. */
const EMBED_VALUES: Record<EditorEmbed, string> = {
  image: "an address (a string)",
  formula: "TeX source (a string)",
  mention: '{"id": "<user id>", "name": "<name>"}, the id of letters, digits, _ and -',
};

/** The message for an embed `name` whose value is not what it takes. */
const badValue = (name: EditorEmbed) => (issue: { path?: PropertyKey[] }) => valueProblem(name, opIndex(issue.path));
/** The message for an embed object that is not one of the editor's: `input` is the object. */
const badEmbed = (issue: { input?: unknown; path?: PropertyKey[] }) => insertProblem(issue.input, opIndex(issue.path));

/**
 * The editor's embeds, one schema each (shared/editor-formats.ts EDITOR_EMBEDS): an image's address
 * (or `true`, Quill's blank image), a formula's TeX, a member mention (shared/mentions.ts). Their
 * values are then sanitised by the server's EMBED_RULES: an image outside the allowed protocols
 * is blanked, never refused (docs/product.md "Editor rules").
 */
const EMBED_SCHEMAS = {
  image: z
    .strictObject({ image: z.union([z.string(), z.literal(true)], { error: badValue("image") }) }, { error: badEmbed })
    .meta({ description: "An image: its address (http, https or a raster data: URI; any other becomes blank)." }),
  // shared/formula-rules.ts: a formula past what rendering it may cost is refused, saying why, instead of holding a body worker.
  formula: z
    .strictObject(
      {
        formula: z.string({ error: badValue("formula") }).superRefine((tex, context) => {
          const problem = formulaProblem(tex);
          if (problem) context.addIssue({ code: "custom", message: problem });
        }),
      },
      { error: badEmbed },
    )
    .meta({ description: "A formula: its TeX source (at most 1,000 characters, groups nested at most 100 deep, no command definitions)." }),
  mention: z
    .strictObject(
      {
        mention: z.strictObject(
          { id: z.string({ error: badValue("mention") }).regex(MENTION_ID, { error: badValue("mention") }), name: z.string({ error: badValue("mention") }).optional() },
          { error: badValue("mention") },
        ),
      },
      { error: badEmbed },
    )
    .meta({ description: "A member mention: the user's id, and the name shown when they can't be looked up." }),
} as const satisfies Record<EditorEmbed, z.ZodType>;

/**
 * One op of a document's delta, as Quill holds one: `insert` is text, or one of the editor's
 * embeds (an object with exactly one key naming it), and `attributes` a flat map of the editor's
 * formats. An embed or a format the editor doesn't have is refused, naming it and the op, rather
 * than dropped by the sanitiser as the editor would drop it: a caller who sent one expected it to
 * be kept (docs/api.md "Documents"). Nothing in it nests deeper than a mention's object, so a
 * payload nested thousands deep is refused here, at its first level, instead of reaching a worker
 * (QA report item 3). A document's delta only inserts: `retain` and `delete` change an existing
 * document, which the API never takes a delta for.
 */
const DeltaOp = z.strictObject(
  {
    insert: z.union([z.string(), EMBED_SCHEMAS.image, EMBED_SCHEMAS.formula, EMBED_SCHEMAS.mention], {
      error: (issue) => insertProblem(issue.input, opIndex(issue.path)),
    }),
    attributes: z
      .partialRecord(z.enum(EDITOR_ATTRIBUTES), DeltaAttributeValue, {
        error: (issue) => attributesProblem(issue.input, opIndex(issue.path)),
      })
      .optional(),
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? `An op has insert and attributes only, not ${issue.keys.join(" or ")}.` : undefined) },
);

/** A Quill delta: `{ops: [...]}` of the editor's embeds and formats, sanitised by the editor's rules when stored. */
export const DeltaSchema = z
  .object({ ops: z.array(DeltaOp) })
  .meta({
    id: "Delta",
    description: `A Quill 2 delta of insert ops: text, or an embed object with one key (${EMBED_LIST}), each with optional formats (${ATTRIBUTE_LIST}). An embed or a format the editor doesn't have is refused with 422 naming it and the op. Values are sanitised by the editor's rules: a link outside http, https, mailto and tel becomes about:blank, an image outside http, https and raster data: becomes blank, and a value a format can't take in the editor (a header of 4, a colour that is not #hex, rgb() or a name) is dropped.`,
  });

/** Why `input` is not an op's insert: what it is, and what the editor's embeds are. */
function insertProblem(input: unknown, index: number | undefined): string {
  if (input === undefined) return "Each op inserts: a document's delta holds insert ops only (retain and delete change an existing document).";
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return 'insert is text, or an embed: an object with exactly one key, such as {"image": "https://…"}.';
  }
  const keys = Object.keys(input);
  if (keys.length !== 1) return "An embed is an object with exactly one key.";
  const [name = ""] = keys;
  if (!(EDITOR_EMBEDS as readonly string[]).includes(name)) return `Unknown embed ${JSON.stringify(name)}${atOp(index)}; the editor's embeds are ${EMBED_LIST}.`;
  return valueProblem(name as EditorEmbed, index);
}

function valueProblem(name: EditorEmbed, index: number | undefined): string {
  return `The ${name} embed${atOp(index)} takes ${EMBED_VALUES[name]}.`;
}

/** Why `input` is not an op's attributes: the names the editor has no format for, or its shape. */
function attributesProblem(input: unknown, index: number | undefined): string {
  const unknown = typeof input === "object" && input !== null && !Array.isArray(input) ? Object.keys(input).filter((name) => !(EDITOR_ATTRIBUTES as readonly string[]).includes(name)) : [];
  if (unknown.length === 0) return 'attributes is an object of formats, such as {"bold": true}.';
  return `Unknown format${unknown.length > 1 ? "s" : ""} ${unknown.map((name) => JSON.stringify(name)).join(", ")}${atOp(index)}; the editor's formats are ${ATTRIBUTE_LIST}.`;
}

// The op's index: the number after "ops" in the issue's path (…, "ops", 3, "insert", "mention", "id").
function opIndex(path: readonly PropertyKey[] | undefined): number | undefined {
  if (!path) return undefined;
  for (let at = path.length - 1; at > 0; at -= 1) {
    const index = path[at];
    if (typeof index === "number" && path[at - 1] === "ops") return index;
  }
  return undefined;
}

function atOp(index: number | undefined): string {
  return index === undefined ? "" : ` at op ${index}`;
}

function listOf(names: readonly string[]): string {
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}` : names.join("");
}
