import type { CodeBlockLanguage } from "@/shared/editor-formats";
import { CODE_BLOCK_LANGUAGES } from "@/shared/editor-formats";

// The names Markdown fences and HTML classes use for the editor's languages.
const ALIASES: Readonly<Record<string, CodeBlockLanguage>> = {
  js: "javascript", jsx: "javascript", mjs: "javascript", cjs: "javascript", node: "javascript",
  ts: "typescript", tsx: "typescript",
  sh: "bash", shell: "bash", zsh: "bash", console: "bash", shellsession: "bash",
  py: "python", python3: "python", rb: "ruby", rs: "rust", golang: "go",
  c: "cpp", "c++": "cpp", cc: "cpp", h: "cpp", hpp: "cpp", "c#": "cs", csharp: "cs",
  html: "xml", htm: "xml", svg: "xml", xhtml: "xml", md: "markdown", yml: "yaml", patch: "diff",
  jsonc: "json", json5: "json", postgresql: "sql", psql: "sql", mysql: "sql", scss: "css", less: "css",
  text: "plain", txt: "plain", plaintext: "plain",
};

/**
 * The editor's code-block language for a fence's info string or a `language-*` class: its own
 * name, a common alias, else "plain" (an unknown language would lose the code-block format).
 */
export function codeBlockLanguage(name: string | null | undefined): CodeBlockLanguage {
  const key = (name ?? "").trim().split(/\s+/)[0]?.toLowerCase() ?? "";
  const known = (CODE_BLOCK_LANGUAGES as readonly string[]).find((language) => language === key);
  return known ? (known as CodeBlockLanguage) : (ALIASES[key] ?? "plain");
}
