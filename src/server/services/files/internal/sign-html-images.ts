import type { Db } from "@/server/db/client";
import { replaceImageSources } from "@/server/formats/export/replace-image-sources";
import { fileIdFromUrl } from "@/server/storage/file-urls";
import type { ImageReader } from "./sign-file-urls";
import { signFileUrls } from "./sign-file-urls";

// One of next.config.ts images.deviceSizes: a text column at 1–2× density; quality is the framework default of 75 (docs/product.md "Editor rules").
const WIDTH = 1080;
const QUALITY = 75;

/**
 * Body HTML for a reader the caller has found may see the workspace's documents (a member's
 * page, a live share link), with uploaded images routed through next/image
 * (`/_next/image?url=&w=&q=`). The optimiser fetches without the reader's cookies, so each
 * image gets a signed URL for its `reader` — the member (their membership goes under the
 * signature) or the grant a published page was resolved through — that answers only while that
 * reader may still see it; images of other workspaces are left as they were (signFileUrls).
 */
export async function signHtmlImages(db: Db, workspaceId: string, html: string, reader: ImageReader): Promise<string> {
  const ids: string[] = [];
  replaceImageSources(html, (src) => {
    const id = fileIdFromUrl(src);
    if (id) ids.push(id);
    return null;
  });
  if (ids.length === 0) return html;
  const signed = await signFileUrls(db, { workspaceId, fileIds: ids, reader });
  return replaceImageSources(html, (src) => {
    const id = fileIdFromUrl(src);
    const url = id ? signed.get(id) : undefined;
    return url ? optimizedUrl(url) : null;
  });
}

function optimizedUrl(path: string): string {
  return `/_next/image?url=${encodeURIComponent(path)}&w=${WIDTH}&q=${QUALITY}`;
}
