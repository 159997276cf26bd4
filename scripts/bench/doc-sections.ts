import fs from "node:fs";

/**
 * docs/benchmarks.md holds one generated section per benchmark command. Each section other than
 * `npm run bench`'s (which writes the file's frame) sits between these markers, so each command
 * rewrites only its own part.
 */
const START = (id: string) => `<!-- section:${id} -->`;
const END = (id: string) => `<!-- /section:${id} -->`;
const SECTION = /<!-- section:([a-z0-9-]+) -->[\s\S]*?<!-- \/section:\1 -->/g;

/** Replaces section `id` of `file` with `body`, or appends it when the file has none yet. */
export function writeSection(file: string, id: string, body: string): void {
  const block = `${START(id)}\n${body.trim()}\n${END(id)}`;
  const current = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "# Benchmarks\n";
  const pattern = new RegExp(`${escape(START(id))}[\\s\\S]*?${escape(END(id))}`);
  const next = pattern.test(current) ? current.replace(pattern, () => block) : `${current.trimEnd()}\n\n${block}\n`;
  fs.writeFileSync(file, next);
}

/** `fresh` with every marked section of the file's current text appended that `fresh` lacks. */
export function keepSections(file: string, fresh: string): string {
  if (!fs.existsSync(file)) return fresh;
  const kept = [...fs.readFileSync(file, "utf8").matchAll(SECTION)].filter((m) => !fresh.includes(START(m[1] ?? "")));
  return kept.length === 0 ? fresh : `${fresh.trimEnd()}\n\n${kept.map((m) => m[0]).join("\n\n")}\n`;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}
