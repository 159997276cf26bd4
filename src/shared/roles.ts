/** Workspace roles from least to most powerful (docs/product.md "Roles"). */
export const ROLES = ["viewer", "commenter", "editor", "admin", "owner"] as const;

export type Role = (typeof ROLES)[number];

/** viewer 0 < commenter 1 < editor 2 < admin 3 < owner 4 */
export const ROLE_RANK: Record<Role, number> = {
  viewer: 0,
  commenter: 1,
  editor: 2,
  admin: 3,
  owner: 4,
};

export const ROLE_LABELS: Record<Role, string> = {
  viewer: "Viewer",
  commenter: "Commenter",
  editor: "Editor",
  admin: "Admin",
  owner: "Owner",
};

/** "an editor", "a viewer": a role in running text. */
export function roleWithArticle(role: Role): string {
  const word = ROLE_LABELS[role].toLowerCase();
  return `${/^[aeiou]/.test(word) ? "an" : "a"} ${word}`;
}
