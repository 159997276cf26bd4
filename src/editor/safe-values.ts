import type Quill from "quill";
import type { Delta as DeltaType } from "quill";
import { sanitizeImageUrl, sanitizeLinkUrl } from "@/shared/safe-urls";
import { formulaProblem } from "@/shared/formula-rules";
import { createEditorNotice } from "./editor-notice";

type Op = DeltaType["ops"][number];

/**
 * Makes link and image values safe where they enter the editor, before y-quill copies
 * them into the shared document. Quill sanitises only the DOM it renders, while the
 * delta it emits (and so the Yjs update) keeps the raw value. The server repairs such
 * updates (SanitizeExtension), but the editor should not produce them in the first place.
 * Formulas are held to shared/formula-rules.ts the same way: one typed in the formula box past
 * them is not inserted and a notice says why; one pasted past them is pasted as its TeX, as text.
 */
export function guardUnsafeValues(quill: Quill, Delta: typeof DeltaType): void {
  const say = createEditorNotice(quill.container, "ql-formula-notice");
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
  quill.insertEmbed = ((index: number, embed: string, value: unknown, source?: never) => {
    const problem = embed === "formula" && typeof value === "string" ? formulaProblem(value) : null;
    if (problem) {
      say(`${problem} It was not inserted.`);
      return new Delta();
    }
    return insertEmbed(index, embed, embed === "image" ? sanitizeImageUrl(value) : value, source);
  }) as Quill["insertEmbed"];
}

/** One delta op with its link attribute and image embed made safe, and a formula past shared/formula-rules.ts made its TeX as text. */
export function sanitizeOp(op: Op): Op {
  let next = op;
  if (op.insert && typeof op.insert === "object" && "formula" in op.insert && typeof op.insert.formula === "string" && formulaProblem(op.insert.formula)) {
    next = { ...next, insert: op.insert.formula };
  }
  if (op.attributes?.link) next = { ...next, attributes: { ...op.attributes, link: sanitizeLinkUrl(op.attributes.link) } };
  if (op.insert && typeof op.insert === "object" && "image" in op.insert) {
    next = { ...next, insert: { ...op.insert, image: sanitizeImageUrl(op.insert.image) } };
  }
  return next;
}
