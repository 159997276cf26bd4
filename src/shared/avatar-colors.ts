/**
 * Avatar and cursor colours, each with the name the profile's colour picker reads out. Initials
 * are white on every one in both themes, so each keeps at least 4.5:1 contrast with white
 * (avatar-colors.test.ts measures it). Stored on the user as the hex value: keep existing values
 * when changing the palette, or migrate the users who chose a removed one.
 */
export const AVATAR_PALETTE = [
  { value: "#4f46e5", name: "Indigo" },
  { value: "#0f766e", name: "Teal" },
  { value: "#b45309", name: "Amber" },
  { value: "#be123c", name: "Rose" },
  { value: "#7c3aed", name: "Violet" },
  { value: "#0369a1", name: "Sky" },
  { value: "#15803d", name: "Green" },
  { value: "#a21caf", name: "Fuchsia" },
] as const;

export type AvatarColor = (typeof AVATAR_PALETTE)[number]["value"];

export const AVATAR_COLORS: readonly AvatarColor[] = AVATAR_PALETTE.map((color) => color.value);

/** Whether `value` is one of the palette's colours (as stored: lower-case hex). */
export function isAvatarColor(value: unknown): value is AvatarColor {
  return typeof value === "string" && (AVATAR_COLORS as readonly string[]).includes(value);
}
