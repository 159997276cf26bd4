/**
 * Escaping as the HTML serialisation algorithm does it (what jsdom's innerHTML gives): text
 * escapes & < > and U+00A0; an attribute value & " U+00A0 < and > (the 2025 rule jsdom follows).
 */
const TEXT = /[&<>\u00a0]/g;
const ATTRIBUTE = /[&"<>\u00a0]/g;
const ENTITIES: Readonly<Record<string, string>> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "\u00a0": "&nbsp;" };

export function escapeText(text: string): string {
  return text.replace(TEXT, (c) => ENTITIES[c] ?? c);
}

export function escapeAttribute(value: string): string {
  return value.replace(ATTRIBUTE, (c) => ENTITIES[c] ?? c);
}

/** ` name="value"` for each attribute, in order. */
export function attributeList(attributes: readonly (readonly [string, string])[]): string {
  let out = "";
  for (const [name, value] of attributes) out += ` ${name}="${escapeAttribute(value)}"`;
  return out;
}
