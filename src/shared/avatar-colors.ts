/** Avatar and cursor colours; each keeps 4.5:1 contrast with white initials. */
export const AVATAR_COLORS = [
  "#4f46e5", "#0f766e", "#b45309", "#be123c", "#7c3aed", "#0369a1", "#15803d", "#a21caf",
] as const;
