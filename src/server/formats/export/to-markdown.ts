import { strikethrough, tables } from "@joplin/turndown-plugin-gfm";
import TurndownService from "turndown";
import { quillMarkdownRules } from "./quill-markdown-rules";

/**
 * GitHub-flavoured Markdown for a document body rendered as the editor's HTML (Quill 2
 * markup): ATX headings, `-` bullets, `- [ ]` / `- [x]` check lists, fenced code with its
 * language, `$…$` formulas, `~~strike~~`, `<u>underline</u>`. Pure; never throws on odd HTML.
 */
export function toMarkdown(html: string): string {
  // U+FEFF is Quill's zero-width guard around embeds; turndown counts it as whitespace
  // and would carry it into the Markdown.
  const markdown = createService().turndown(html.replace(/\uFEFF/g, ""));
  return markdown ? `${markdown}\n` : "";
}

function createService(): TurndownService {
  const service = new TurndownService({
    headingStyle: "atx",
    bulletListMarker: "-",
    codeBlockStyle: "fenced",
    fence: "```",
    emDelimiter: "*",
    strongDelimiter: "**",
    hr: "---",
  });
  // Only the GFM parts Quill can produce; its task-list and highlighted-code rules expect
  // GitHub's markup, and ours (quillMarkdownRules, added last so they win) handle Quill's.
  service.use([tables, strikethrough, quillMarkdownRules]);
  return service;
}
