import type { IRunOptions, ParagraphChild } from "docx";
import { ExternalHyperlink, ImageRun, ShadingType, TextRun } from "docx";
import type { BodyAttributes } from "@/server/body/sanitize-delta";
import { FORMULA_FONT, INLINE_CODE_FILL, LINK_COLOR, MONOSPACE_FONT, docxFont, docxSize, hexColor } from "@/server/formats/docx-formats";
import { DOCX_STYLES } from "@/server/formats/docx-styles";
import type { InlineRun } from "./document-lines";
import type { ImageMap } from "./export-images";
import type { ImageSize } from "./image-size";
import { imageSize } from "./image-size";

/** The grey behind a code block's lines, and behind inline code. */
export const CODE_SHADING = { type: ShadingType.CLEAR, fill: "F6F8FA" } as const;
export const INLINE_CODE_SHADING = { type: ShadingType.CLEAR, fill: INLINE_CODE_FILL } as const;
// The text column of an A4/Letter page with 1 in margins, in pixels at 96 dpi.
const MAX_IMAGE_WIDTH = 620;
const DOCX_IMAGE_TYPES: Record<string, "png" | "jpg" | "gif" | "bmp"> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/bmp": "bmp",
};

/**
 * A line's runs as Word runs: bold, italic, underline, strike, inline code, sub/superscript,
 * font, size, colour and background, links as hyperlinks, images embedded when `images` has
 * them (else a link to the address), and formulas as their TeX source in Cambria Math. Inline
 * code and formulas carry their character style too (docx-styles.ts), for the import.
 */
export function docxRuns(runs: InlineRun[], images: ImageMap): ParagraphChild[] {
  return runs.map((run) => docxRun(run, images));
}

function docxRun(run: InlineRun, images: ImageMap): ParagraphChild {
  const { insert, attributes } = run;
  if (typeof insert === "string") return linked(attributes, [new TextRun({ text: insert, ...runFormat(attributes) })]);
  if (typeof insert.formula === "string") {
    return new TextRun({ text: insert.formula, ...runFormat(attributes), style: DOCX_STYLES.formula.id, font: FORMULA_FONT, italics: true });
  }
  if (typeof insert.image === "string") return imageRun(insert.image, attributes, images);
  return new TextRun("");
}

function linked(attributes: BodyAttributes, children: ParagraphChild[]): ParagraphChild {
  const link = attributes.link;
  // about:blank is what the sanitiser leaves of a refused link: show the text, link nowhere.
  if (typeof link !== "string" || link === "about:blank") return children[0] ?? new TextRun("");
  return new ExternalHyperlink({ link, children });
}

function runFormat(attributes: BodyAttributes): IRunOptions {
  const code = attributes.code === true;
  const color = hexColor(attributes.color);
  const background = hexColor(attributes.background);
  const isLink = typeof attributes.link === "string" && attributes.link !== "about:blank";
  return {
    style: code ? DOCX_STYLES.inlineCode.id : undefined,
    bold: attributes.bold === true || undefined,
    italics: attributes.italic === true || undefined,
    underline: attributes.underline === true || isLink ? {} : undefined,
    strike: attributes.strike === true || undefined,
    superScript: attributes.script === "super" || undefined,
    subScript: attributes.script === "sub" || undefined,
    font: code ? MONOSPACE_FONT : docxFont(attributes.font),
    size: docxSize(attributes.size),
    color: color ?? (isLink ? LINK_COLOR : undefined),
    shading: background ? { type: ShadingType.CLEAR, fill: background } : code ? INLINE_CODE_SHADING : undefined,
  };
}

function imageRun(src: string, attributes: BodyAttributes, images: ImageMap): ParagraphChild {
  const embedded = embeddable(src, images);
  if (!embedded) return imageLink(src, attributes);
  const { width, height } = displaySize(embedded.size, attributes.width);
  const alt = typeof attributes.alt === "string" ? attributes.alt : "";
  return linked(attributes, [
    new ImageRun({ type: embedded.type, data: embedded.bytes, transformation: { width, height }, altText: { name: alt || "image", description: alt, title: alt } }),
  ]);
}

/** Whether an image is written as a link to its web address: one that is not embedded (the export downloads nothing). */
export function isRemoteImage(src: string, images: ImageMap): boolean {
  return !embeddable(src, images) && REMOTE_ADDRESS.test(src);
}

const REMOTE_ADDRESS = /^https?:\/\//i;

// An image the export has the bytes of, in a type Word shows, with its size.
function embeddable(src: string, images: ImageMap): { bytes: Uint8Array; type: "png" | "jpg" | "gif" | "bmp"; size: ImageSize } | null {
  const image = images.get(src);
  const type = image ? DOCX_IMAGE_TYPES[image.mime] : undefined;
  const size = image ? imageSize(image.bytes) : null;
  return image && type && size ? { bytes: image.bytes, type, size } : null;
}

// A remote image (the server downloads nothing: docs/architecture.md "Export"), an ICO Word
// can't show, or one the reader may not see: a link to its address where there is one, else a
// placeholder. A remote image's link carries the "Remote Image" style, by which the import makes
// it the image again; its text is "[alt: address]", or "[image: address]" without an alt.
function imageLink(src: string, attributes: BodyAttributes): ParagraphChild {
  const label = typeof attributes.alt === "string" && attributes.alt ? attributes.alt : "image";
  if (REMOTE_ADDRESS.test(src)) {
    return new ExternalHyperlink({ link: src, children: [new TextRun({ text: `[${label}: ${src}]`, ...runFormat({ link: src }), style: DOCX_STYLES.remoteImage.id })] });
  }
  return new TextRun({ text: `[${label}]`, italics: true });
}

// The editor's width attribute (px, or % of the column) when set, never wider than the page.
function displaySize(size: ImageSize, widthAttribute: unknown): ImageSize {
  let width = size.width;
  const match = typeof widthAttribute === "string" || typeof widthAttribute === "number" ? /^(\d+(?:\.\d+)?)(px|%)?$/.exec(String(widthAttribute)) : null;
  if (match?.[1]) width = match[2] === "%" ? (MAX_IMAGE_WIDTH * Number(match[1])) / 100 : Number(match[1]);
  width = Math.max(1, Math.min(width, MAX_IMAGE_WIDTH));
  return { width: Math.round(width), height: Math.max(1, Math.round((size.height * width) / size.width)) };
}
