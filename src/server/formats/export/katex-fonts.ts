import fs from "node:fs";
import path from "node:path";

let cached: string | undefined;

/**
 * KaTeX's @font-face rules with each font inlined as a woff2 data: URI (about 400 KB in
 * all), for exports that contain formulas: without them a formula falls back to the
 * system's serif font, and its fraction bars and radicals sit wrong. The stylesheet's own
 * rules point at relative files a downloaded page (or Chromium printing from memory)
 * can't reach. Read once per process.
 * @throws Error when KaTeX's stylesheet or a font is missing from node_modules
 */
export function katexFontFaces(): string {
  cached ??= buildFontFaces();
  return cached;
}

function buildFontFaces(): string {
  // From the working directory, as in export-styles.ts: a route bundle's location says nothing.
  const dist = path.join(process.cwd(), "node_modules", "katex", "dist");
  const css = fs.readFileSync(path.join(dist, "katex.min.css"), "utf8");
  const rules = css.match(/@font-face\s*\{[^}]*\}/g) ?? [];
  return rules
    .map((rule) =>
      rule.replace(/src:[^;}]*/, (src) => {
        const file = /url\((fonts\/[^)]+\.woff2)\)/.exec(src)?.[1];
        if (!file) return src;
        const font = fs.readFileSync(path.join(dist, file)).toString("base64");
        return `src:url(data:font/woff2;base64,${font}) format("woff2")`;
      }),
    )
    .join("\n");
}
