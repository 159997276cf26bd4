import type Quill from "quill";
import type { Delta as DeltaType } from "quill";
import { sanitizeImageUrl, sanitizeLinkUrl } from "@/shared/safe-urls";

type Op = DeltaType["ops"][number];

/**
 * Makes link and image values safe where they enter the editor, before y-quill copies
 * them into the shared document. Quill sanitises only the DOM it renders, while the
 * delta it emits (and so the Yjs update) keeps the raw value. The server repairs such
 * updates (SanitizeExtension), but the editor should not produce them in the first place.
 */
export function guardUnsafeValues(quill: Quill, Delta: typeof DeltaType): void {
  // Paste: Quill's matchers read raw href/src attributes from the pasted HTML.
  quill.clipboard.addMatcher(Node.ELEMENT_NODE, (_node, delta) => new Delta(delta.ops.map(sanitizeOp)));

  // The link tooltip and API calls: format('link', value) and formatText(…, 'link', value).
  const format = quill.format.bind(quill);
  quill.format = ((name: string, value: unknown, source?: never) =>
    format(name, name === "link" && value ? sanitizeLinkUrl(value) : value, source)) as Quill["format"];

  const formatText = quill.formatText.bind(quill) as (...args: unknown[]) => DeltaType;
  quill.formatText = ((...args: unknown[]) => {
    const [, , nameOrFormats, value] = args;
    if (nameOrFormats === "link" && value) args[3] = sanitizeLinkUrl(value);
    if (typeof nameOrFormats === "object" && nameOrFormats && "link" in nameOrFormats) {
      const formats = nameOrFormats as Record<string, unknown>;
      if (formats.link) args[2] = { ...formats, link: sanitizeLinkUrl(formats.link) };
    }
    return formatText(...args);
  }) as Quill["formatText"];

  const insertEmbed = quill.insertEmbed.bind(quill);
  quill.insertEmbed = ((index: number, embed: string, value: unknown, source?: never) =>
    insertEmbed(index, embed, embed === "image" ? sanitizeImageUrl(value) : value, source)) as Quill["insertEmbed"];
}

/** One delta op with its link attribute and image embed made safe. */
export function sanitizeOp(op: Op): Op {
  let next = op;
  if (op.attributes?.link) next = { ...next, attributes: { ...op.attributes, link: sanitizeLinkUrl(op.attributes.link) } };
  if (op.insert && typeof op.insert === "object" && "image" in op.insert) {
    next = { ...next, insert: { ...op.insert, image: sanitizeImageUrl(op.insert.image) } };
  }
  return next;
}
