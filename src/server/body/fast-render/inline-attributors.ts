/**
 * The editor's inline attributors as Quill registers them (quill/formats/color.js,
 * background.js, font.js, size.js): colours as inline styles, font and size as classes.
 */
export const INLINE_ATTRIBUTORS = {
  color: { kind: "style", key: "color" },
  background: { kind: "style", key: "background-color" },
  font: { kind: "class", key: "ql-font" },
  size: { kind: "class", key: "ql-size" },
} as const;

export type InlineAttributorName = keyof typeof INLINE_ATTRIBUTORS;

/** The attributor whose class this is (ClassAttributor.keys: the class up to its last "-"). */
export function attributorOfClass(className: string): InlineAttributorName | undefined {
  const prefix = className.split("-").slice(0, -1).join("-");
  if (prefix === "ql-font") return "font";
  if (prefix === "ql-size") return "size";
  return undefined;
}

export function attributorOfStyle(property: string): InlineAttributorName | undefined {
  if (property === "color") return "color";
  if (property === "background-color") return "background";
  return undefined;
}

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
const RGB = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/i;

/**
 * The CSS text jsdom's cssstyle keeps for a colour, or null when this renderer does not know it
 * (named colours, rgba(), percentages, 4/8-digit hex: cssstyle's rules for those are its own,
 * and the caller falls back to the Quill host). Hex and rgb() become "rgb(r, g, b)".
 */
export function attributorCss(name: InlineAttributorName, value: string): string | null {
  if (name !== "color" && name !== "background") return value;
  const rgb = rgbOf(value);
  return rgb ? `rgb(${rgb.join(", ")})` : null;
}

/** The value Quill reads back (ColorAttributor.value: rgb() as #rrggbb); used to compare formats. */
export function attributorFormat(name: InlineAttributorName, css: string): string {
  if (name !== "color" && name !== "background") return css;
  const rgb = rgbOf(css);
  return rgb ? `#${rgb.map((c) => c.toString(16).padStart(2, "0")).join("")}` : css;
}

function rgbOf(value: string): [number, number, number] | null {
  const hex = HEX.exec(value)?.[1];
  if (hex) {
    const digits = hex.length === 3 ? [...hex].map((d) => d + d) : [hex.slice(0, 2), hex.slice(2, 4), hex.slice(4, 6)];
    return [parseInt(digits[0]!, 16), parseInt(digits[1]!, 16), parseInt(digits[2]!, 16)];
  }
  const match = RGB.exec(value);
  if (!match) return null;
  const channels = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (channels.some((c) => c > 255)) return null;
  return channels as [number, number, number];
}

/** Whether a colour value is one attributorCss reproduces. */
export function isSupportedColor(value: unknown): boolean {
  return typeof value === "string" && rgbOf(value) !== null;
}
