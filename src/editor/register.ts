import type QuillType from "quill";
import { CODE_BLOCK_TAB } from "@/shared/editor-rules";
import { sanitizeImageUrl, sanitizeLinkUrl } from "@/shared/safe-urls";
import { registerTableFormats } from "@/shared/table-formats";
import { registerMentionFormat } from "@/shared/mention-format";
import { currentMemberName } from "./mention-names";

let registered = false;

/**
 * The one Quill.register call (docs/architecture.md "Layout"): the link and image formats
 * with the protocol rules of docs/product.md "Editor rules", the code block's Tab, the
 * table header-row attribute and the mention embed. The
 * browser editor and the server renderer both call it.
 */
export function registerQuillFormats(Quill: typeof QuillType): void {
  if (registered) return;
  registered = true;
  const Link = Quill.import("formats/link") as unknown as LinkStatics; // Quill's import() is untyped
  const Image = Quill.import("formats/image") as unknown as ImageStatics;

  // Quill's own link whitelist also allows sms:; our rule allows http, https, mailto, tel (docs/product.md "Editor rules").
  class SafeLink extends Link {
    static override sanitize(url: string): string {
      return sanitizeLinkUrl(url);
    }
  }
  // Quill blanks a refused image as "//:0"; our rule says blank, and data: is limited
  // to the picker's raster types. Every image carries an alt attribute: its description when
  // someone wrote one (the `alt` format), else alt="" (decorative), never none at all, which
  // screen readers would read as the file's address (WCAG 1.1.1). The empty one stays out of
  // the delta: it is how an image without a description renders, not a format.
  class SafeImage extends Image {
    static override sanitize(url: string): string {
      return sanitizeImageUrl(url);
    }
    static override create(value: unknown): HTMLElement {
      const node = super.create(value);
      node.setAttribute("alt", "");
      return node;
    }
    static override formats(domNode: HTMLElement): Record<string, string> {
      const formats = super.formats(domNode);
      if (formats.alt === "") delete formats.alt;
      return formats;
    }
    override format(name: string, value: unknown): void {
      super.format(name, value);
      if (name === "alt" && !value) this.domNode.setAttribute("alt", "");
    }
  }
  Quill.register({ "formats/link": SafeLink, "formats/image": SafeImage }, true);
  // Tab in a code block inserts, and Shift+Tab removes, this many spaces (the rule's two; Quill's
  // keyboard module reads it from the registered code-block format).
  const CodeBlock = Quill.import("formats/code-block") as unknown as { TAB: string };
  CodeBlock.TAB = CODE_BLOCK_TAB;
  // The header-row mark of a table's cells (docs/architecture.md "Documents and the editor").
  registerTableFormats(Quill as unknown as Parameters<typeof registerTableFormats>[0]);
  // Member mentions, shown with the member's current name (editor/mention-names.ts).
  registerMentionFormat(Quill as unknown as Parameters<typeof registerMentionFormat>[0], currentMemberName);
}

interface LinkStatics {
  new (...args: never[]): object;
  sanitize(url: string): string;
}
interface ImageStatics {
  new (...args: never[]): { domNode: HTMLElement; format(name: string, value: unknown): void };
  sanitize(url: string): string;
  create(value: unknown): HTMLElement;
  formats(domNode: HTMLElement): Record<string, string>;
}
