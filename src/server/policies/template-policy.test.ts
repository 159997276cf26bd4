import { describe, expect, it } from "vitest";
import type { Role } from "@/shared/roles";
import type { TemplateAbilities } from "./template-policy";
import { templateAbilities } from "./template-policy";

const none: TemplateAbilities = { use: false, create: false, edit: false, delete: false };
const table: Array<[Role | null, boolean, TemplateAbilities]> = [
  [null, true, none],
  ["viewer", true, none],
  ["commenter", true, none],
  ["editor", false, { use: true, create: true, edit: false, delete: false }],
  ["editor", true, { use: true, create: true, edit: true, delete: true }],
  ["admin", false, { use: true, create: true, edit: true, delete: true }],
  ["owner", false, { use: true, create: true, edit: true, delete: true }],
];

describe("templateAbilities", () => {
  it.each(table)("gives %s (author: %s) exactly its abilities", (actorRole, isAuthor, expected) => {
    expect(templateAbilities({ actorRole, isAuthor })).toEqual(expected);
  });
});
