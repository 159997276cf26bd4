import { RUN_FORMAT_MARKER_CLASS, RUN_FORMAT_STYLE_NAME } from "@/server/formats/docx-styles";
import { INLINE_CODE_FILL, LINK_COLOR, WORD_HIGHLIGHTS, editorColor, editorFont, editorSize } from "@/server/formats/docx-formats";
import type { MammothElement } from "./mammoth-element";

/**
 * A Word run's colour, background, font and size as the editor's formats, through mammoth
 * (docx-to-delta.ts), which reads a run's font, size and named highlight but neither its colour
 * (`w:color`) nor its shading (`w:shd`, how the export writes a background):
 * 1. markRunColours writes those two into the run's `w:highlight`, whose value mammoth keeps as
 *    it is, before mammoth reads the XML;
 * 2. readRun reads them back from mammoth's run (restoring its highlight), with its font and
 *    size, and formatRun wraps a run that has any in a run of its own style holding a bookmark
 *    named after them, which mammoth writes as `<span class="…"><a id="…"></a>…</span>`;
 * 3. finishRunFormats makes that span the editor's markup (`style="color:…;background-color:…"`,
 *    `ql-font-*`, `ql-size-*`), which the import reads as a paste of the editor's HTML does.
 */

/** The editor's look of one run. */
export interface RunFormats {
  color?: string;
  background?: string;
  font?: string;
  size?: string;
}

/** Where a run sits, for what its look there means. */
export interface RunPlace {
  /** In a code block's line: code keeps no inline formats. */
  inCode: boolean;
  /** In a hyperlink: Word's link blue is the link's look, not a colour. */
  inLink: boolean;
}

const MARK = "quire:";
const HEX = /^[0-9A-Fa-f]{6}$/;

/**
 * `xml` (a part of a .docx) with each run's own colour and shading fill (RRGGBB, not "auto"),
 * and its named highlight, written as the run's one `w:highlight`: "quire:<colour>:<fill>:<highlight>".
 * Only a run's own `w:rPr` is read and changed, never a tracked change's old properties inside it.
 */
export function markRunColours(xml: string): string {
  if (!/<w:(?:color|shd)\s/.test(xml)) return xml;
  const out: string[] = [];
  let last = 0;
  for (const run of xml.matchAll(RUN_START)) {
    if (run[0].endsWith("/>")) continue;
    const properties = runPropertiesAt(xml, run.index + run[0].length);
    if (!properties) continue;
    const own = properties.inner.replace(PROPERTY_CHANGE, "");
    const color = /<w:color\s[^>]*?w:val=["']([0-9A-Fa-f]{6})["']/.exec(own)?.[1] ?? "";
    const fill = /<w:shd\s[^>]*?w:fill=["']([0-9A-Fa-f]{6})["']/.exec(own)?.[1] ?? "";
    if (!color && !fill) continue;
    const highlight = /<w:highlight\s[^>]*?w:val=["']([A-Za-z]+)["']/.exec(own)?.[1] ?? "";
    // The run's own highlight goes (a tracked change's stays where it is), and the mark ends the properties.
    const inner = properties.inner.replace(/(<w:rPrChange[\s>][\s\S]*?<\/w:rPrChange>)|<w:highlight\s[^>]*\/>/g, (whole, change?: string) => change ?? "");
    out.push(xml.slice(last, properties.innerStart), inner, `<w:highlight w:val="${MARK}${color}:${fill}:${highlight}"/>`);
    last = properties.innerEnd;
  }
  if (last === 0) return xml;
  out.push(xml.slice(last));
  return out.join("");
}

// A run's start tag (`<w:r>`, `<w:r w:rsidR="…">`), not `<w:rPr>` or `<w:rFonts>`.
const RUN_START = /<w:r(?:\s[^>]*)?>/g;
const PROPERTY_CHANGE = /<w:rPrChange[\s>][\s\S]*?<\/w:rPrChange>/g;

// The run's properties element right after its start tag, if it has one with content.
function runPropertiesAt(xml: string, at: number): { innerStart: number; innerEnd: number; inner: string } | null {
  const start = /^\s*<w:rPr>/.exec(xml.slice(at, at + 64));
  if (!start) return null;
  const innerStart = at + start[0].length;
  // The first </w:rPr> after those of the tracked changes inside it.
  let search = innerStart;
  for (;;) {
    const close = xml.indexOf("</w:rPr>", search);
    if (close < 0) return null;
    // Looked for within the properties only: a search to the part's end for every run was n².
    const change = xml.slice(search, close).indexOf("<w:rPrChange");
    if (change < 0) return { innerStart, innerEnd: close, inner: xml.slice(innerStart, close) };
    const changeEnd = xml.indexOf("</w:rPrChange>", search + change);
    if (changeEnd < 0) return null;
    search = changeEnd;
  }
}

/**
 * A mammoth run in `place` with its highlight put back as Word had it, and the editor's look of
 * it, if any. The export's own looks are no formats: inline code's font and grey, a formula's
 * font, a link's blue, a code line's font and size.
 */
export function readRun(run: MammothElement, place: RunPlace): { run: MammothElement; formats?: RunFormats } {
  const value = typeof run.highlight === "string" ? run.highlight : "";
  const [color = "", fill = "", highlight = ""] = value.startsWith(MARK) ? value.slice(MARK.length).split(":") : ["", "", value];
  const restored = value.startsWith(MARK) ? { ...run, highlight: highlight || null } : run;
  if (place.inCode || run.styleName === "Formula") return { run: restored };
  const isInlineCode = run.styleName === "Inline Code";
  const formats: RunFormats = {};
  // A document may hold a highlight that looks like the mark: only RRGGBB values count.
  if (HEX.test(color) && !(place.inLink && color.toUpperCase() === LINK_COLOR)) formats.color = editorColor(color);
  if (HEX.test(fill) && !(isInlineCode && fill.toUpperCase() === INLINE_CODE_FILL)) formats.background = editorColor(fill);
  else if (Object.hasOwn(WORD_HIGHLIGHTS, highlight)) formats.background = WORD_HIGHLIGHTS[highlight];
  const font = isInlineCode ? undefined : editorFont(typeof run.font === "string" ? run.font : null);
  if (font) formats.font = font;
  const size = editorSize(typeof run.fontSize === "number" ? run.fontSize : null);
  if (size) formats.size = size;
  return Object.keys(formats).length > 0 ? { run: restored, formats } : { run: restored };
}

/** `run` inside a run of the wrapper style, whose first child is a bookmark named after `formats`. */
export function formatRun(run: MammothElement, formats: RunFormats): MammothElement {
  const name = `${BOOKMARK_PREFIX}${Object.entries(formats)
    .map(([key, value]) => `${key}=${value}`)
    .join(";")}`;
  return {
    type: "run",
    styleId: null,
    styleName: RUN_FORMAT_STYLE_NAME,
    isBold: false,
    isUnderline: false,
    isItalic: false,
    isStrikethrough: false,
    isAllCaps: false,
    isSmallCaps: false,
    verticalAlignment: "baseline",
    font: null,
    fontSize: null,
    highlight: null,
    children: [{ type: "bookmarkStart", name }, run],
  };
}

const BOOKMARK_PREFIX = "quire-run-format:";

/** mammoth's HTML with each wrapper's span and bookmark made the editor's markup for its formats. */
export function finishRunFormats(html: string): string {
  return html.replace(WRAPPER, (_whole, name: string) => {
    const formats = new Map(name.split(";").map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]));
    const css = (property: string, key: keyof RunFormats) => (formats.has(key) ? [`${property}:${formats.get(key)}`] : []);
    const style = [...css("color", "color"), ...css("background-color", "background")].join(";");
    const classes = (["font", "size"] as const).flatMap((key) => (formats.has(key) ? [`ql-${key}-${formats.get(key)}`] : [])).join(" ");
    return `<span${style ? ` style="${style}"` : ""}${classes ? ` class="${classes}"` : ""}>`;
  });
}

// Every value in a name is one formatRun wrote: #rrggbb colours and the editor's font and size names.
const WRAPPER = new RegExp(`<span class="${RUN_FORMAT_MARKER_CLASS}"><a id="${BOOKMARK_PREFIX}((?:(?:color|background|font|size)=[#a-z0-9-]+;?)+)"></a>`, "g");
