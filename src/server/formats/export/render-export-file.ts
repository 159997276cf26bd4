import type { BodyDelta } from "@/server/body/sanitize-delta";
import { sanitizeDelta } from "@/server/body/sanitize-delta";
import { mentionsAsText, showMentionNames } from "@/server/body/mention-markup";
import type { MentionNameLookup } from "@/shared/mention-format";
import { fileIdFromUrl } from "@/server/storage/file-urls";
import type { ExportImage, UploadLoader } from "./export-images";
import { imageExtension, resolveImages, toDataUri } from "./export-images";
import type { ExportFormat } from "./export-formats";
import { EXPORT_CONTENT_TYPES } from "./export-formats";
import { printPdf } from "./pdf-printer";
import { remoteImagesAsLinks } from "./remote-images-as-links";
import { keepHtmlSpaces } from "./keep-html-spaces";
import { replaceImageSources } from "./replace-image-sources";
import { toDocx } from "./to-docx";
import { titleHeading, toMarkdown } from "./to-markdown";
import { toStandaloneHtml } from "./to-standalone-html";

/** One document as stored, ready to export. */
export interface ExportSource {
  /** The display title ("Untitled" for an empty one). */
  title: string;
  /** `documents.content`: the body delta. */
  delta: unknown;
  /** `documents.html`: the body as the editor's sanitised HTML. */
  html: string;
}

export interface RenderOptions {
  /** Reads an upload with the caller's access; null leaves the image a link. */
  loadUpload: UploadLoader;
  /**
   * Markdown only: bundle the uploads the reader may see (listed in `bundledImages` by file
   * name) and link them as `linkPrefix` + name, e.g. "../images/". Without it an upload's
   * link is `signUpload`'s address for it, made absolute against `origin`.
   */
  bundleImages?: { linkPrefix: string };
  /**
   * Markdown only: a signed path (`/api/v1/files/<id>?expires=…&sig=…`) for an upload the
   * caller may see, so the exported file's images open without a session; null for one they
   * may not, which keeps its stored address.
   */
  signUpload?: (fileId: string) => Promise<string | null>;
  /** The site's origin, for absolute links to uploads in Markdown (`http://host:port`). */
  origin: string;
  /**
   * Members' current names, asked for only when the body holds a mention: a mention is written
   * as "@" and that name (else the name stored with it).
   */
  mentionNames?: () => Promise<MentionNameLookup>;
}

export interface RenderedFile {
  body: Uint8Array | string;
  contentType: string;
  /** Markdown with `bundleImages`: the uploads its links point at, by file name (`<file id>.<ext>`). */
  bundledImages: Map<string, ExportImage>;
}

/**
 * One document in one export format: HTML from the stored HTML (the editor's own rendering,
 * so it matches what readers saw), Markdown and DOCX from the delta (explicit block formats
 * and inline attributes map to Markdown's and Word's structures more directly than Quill's
 * markup), PDF by printing the standalone HTML in Chromium. Uploads are embedded in HTML,
 * DOCX and PDF. Mentions are "@Name" text in Markdown and DOCX, and
 * `<span class="mention" data-user-id="…">@Name</span>` in HTML and PDF, with current names.
 * @throws AppError unavailable (PDF without Chromium)
 */
export async function renderExportFile(source: ExportSource, format: ExportFormat, options: RenderOptions): Promise<RenderedFile> {
  const contentType = EXPORT_CONTENT_TYPES[format];
  const bundledImages = new Map<string, ExportImage>();
  if (format === "md") {
    const delta = await withMentionsAsText(sanitizeDelta(source.delta).delta, options);
    const links = await markdownImageLinks(imageSources(delta), options, bundledImages);
    const body = toMarkdown(withImageSources(delta, (src) => links.get(src) ?? src));
    return { body: `${titleHeading(source.title)}\n\n${body}`, contentType, bundledImages };
  }
  if (format === "docx") {
    const delta = await withMentionsAsText(sanitizeDelta(source.delta).delta, options);
    const images = await resolveImages(imageSources(delta), options.loadUpload);
    return { body: await toDocx({ title: source.title, delta, images }), contentType, bundledImages };
  }
  // data: images are already inline in HTML; only uploads need reading.
  const html = source.html.includes('class="mention"') ? showMentionNames(source.html, await mentionLookup(options), "export") : source.html;
  const images = await resolveImages(uploadSources(html), options.loadUpload);
  const inlined = replaceImageSources(html, (src) => {
    const image = images.get(src);
    return image?.fileId ? toDataUri(image) : null;
  });
  // Spaces an import would collapse are kept as &nbsp; so the file imports back as it shows; the
  // PDF prints the markup as stored (a space there may end a printed line, an &nbsp; may not).
  if (format === "html") return { body: toStandaloneHtml({ title: source.title, html: keepHtmlSpaces(inlined) }), contentType, bundledImages };
  const page = toStandaloneHtml({ title: source.title, html: remoteImagesAsLinks(inlined) });
  return { body: await printPdf(page), contentType, bundledImages };
}

async function mentionLookup(options: RenderOptions): Promise<MentionNameLookup> {
  return options.mentionNames ? options.mentionNames() : () => null;
}

async function withMentionsAsText(delta: BodyDelta, options: RenderOptions): Promise<BodyDelta> {
  const hasMention = delta.ops.some((op) => typeof op.insert === "object" && "mention" in op.insert);
  return hasMention ? mentionsAsText(delta, await mentionLookup(options)) : delta;
}

function uploadSources(html: string): string[] {
  const sources: string[] = [];
  replaceImageSources(html, (src) => {
    if (fileIdFromUrl(src)) sources.push(src);
    return null;
  });
  return sources;
}

function imageSources(delta: BodyDelta): string[] {
  return delta.ops.flatMap((op) => (typeof op.insert === "object" && typeof op.insert.image === "string" ? [op.insert.image] : []));
}

function withImageSources(delta: BodyDelta, replace: (src: string) => string): BodyDelta {
  return {
    ops: delta.ops.map((op) => (typeof op.insert === "object" && typeof op.insert.image === "string" ? { ...op, insert: { image: replace(op.insert.image) } } : op)),
  };
}

// Where Markdown links each image: an upload by its signed address absolute against the origin,
// or with bundleImages the bundled copy the reader may see; data: and web images stay as they are.
async function markdownImageLinks(sources: string[], options: RenderOptions, bundled: Map<string, ExportImage>): Promise<Map<string, string>> {
  const links = new Map<string, string>();
  if (!options.bundleImages) {
    for (const src of new Set(sources)) {
      const fileId = fileIdFromUrl(src);
      if (!fileId || !src.startsWith("/")) continue;
      links.set(src, `${options.origin}${(await options.signUpload?.(fileId)) ?? src}`);
    }
    return links;
  }
  for (const src of sources) if (fileIdFromUrl(src) && src.startsWith("/")) links.set(src, `${options.origin}${src}`);
  const { linkPrefix } = options.bundleImages;
  // data: images stay inline: the Markdown is still one self-contained file for them.
  const uploads = await resolveImages(sources.filter((src) => fileIdFromUrl(src)), options.loadUpload);
  for (const [src, image] of uploads) {
    if (!image.fileId) continue;
    const name = `${image.fileId}.${imageExtension(image.mime)}`;
    links.set(src, `${linkPrefix}${name}`);
    bundled.set(name, image);
  }
  return links;
}
