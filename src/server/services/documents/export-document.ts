import slugify from "@sindresorhus/slugify";
import type { ServiceContext } from "../../context";
import { AppError } from "../../errors";
import { replaceImageSources } from "../../export/replace-image-sources";
import { toMarkdown } from "../../export/to-markdown";
import { toStandaloneHtml } from "../../export/to-standalone-html";
import { readFile } from "../files/read-file";
import { fileIdFromUrl } from "../files/sign-file-urls";
import { displayTitle } from "../../../shared/document-slug";
import { readDocument } from "./read-document";

export const EXPORT_FORMATS = ["md", "html"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface ExportedDocument {
  filename: string;
  contentType: string;
  body: string;
}

/**
 * One document as a Markdown file or a standalone HTML page. Uploaded images are
 * inlined as data: URIs in HTML (so the file opens from disk) and kept as links in
 * Markdown, absolute against `origin`.
 * @throws AppError not_found
 */
export async function exportDocument(ctx: ServiceContext, documentId: string, format: ExportFormat, origin: string): Promise<ExportedDocument> {
  const doc = await readDocument(ctx, documentId);
  const title = displayTitle(doc.title);
  const base = slugify(title) || "document";
  if (format === "md") {
    const html = replaceImageSources(doc.html, (src) => (fileIdFromUrl(src) && src.startsWith("/") ? `${origin}${src}` : null));
    const body = `# ${title}\n\n${toMarkdown(html)}`;
    return { filename: `${base}.md`, contentType: "text/markdown; charset=utf-8", body };
  }
  const inlined = await inlineUploads(ctx, doc.html);
  return { filename: `${base}.html`, contentType: "text/html; charset=utf-8", body: toStandaloneHtml({ title, html: inlined }) };
}

async function inlineUploads(ctx: ServiceContext, html: string): Promise<string> {
  const ids = new Set<string>();
  replaceImageSources(html, (src) => {
    const id = fileIdFromUrl(src);
    if (id) ids.add(id);
    return null;
  });
  const dataUris = new Map<string, string>();
  for (const id of ids) {
    try {
      const file = await readFile(ctx, id);
      const bytes = new Uint8Array(await new Response(await file.open()).arrayBuffer());
      dataUris.set(id, `data:${file.mime};base64,${Buffer.from(bytes).toString("base64")}`);
    } catch (error) {
      // An image the reader can't see (another workspace's, deleted) stays a link.
      if (!(error instanceof AppError)) throw error;
    }
  }
  return replaceImageSources(html, (src) => {
    const id = fileIdFromUrl(src);
    return id ? (dataUris.get(id) ?? null) : null;
  });
}
