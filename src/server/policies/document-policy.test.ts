import { describe, expect, it } from "vitest";
import type { Role } from "@/shared/roles";
import type { DocumentAbilities } from "./document-policy";
import { documentAbilities } from "./document-policy";

const none: DocumentAbilities = {
  read: false,
  comment: false,
  update: false,
  trash: false,
  restore: false,
  share: false,
  purge: false,
  export: false,
  readHistory: false,
  saveVersion: false,
  restoreVersion: false,
};
const reader = { ...none, read: true, export: true, readHistory: true };
const commenter = { ...reader, comment: true };
const editor = { ...commenter, update: true, trash: true, share: true, saveVersion: true, restoreVersion: true };
const trashedReader = { ...reader, readHistory: false };
const trashedEditor = { ...trashedReader, restore: true };
const trashedAdmin = { ...trashedEditor, purge: true };

const table: Array<[Role | null, boolean, DocumentAbilities]> = [
  [null, false, none],
  [null, true, none],
  ["viewer", false, reader],
  ["viewer", true, trashedReader],
  ["commenter", false, commenter],
  ["commenter", true, trashedReader],
  ["editor", false, editor],
  ["editor", true, trashedEditor],
  ["admin", false, editor],
  ["admin", true, trashedAdmin],
  ["owner", false, editor],
  ["owner", true, trashedAdmin],
];

describe("documentAbilities", () => {
  it.each(table)("gives %s (trashed: %s) exactly its abilities", (actorRole, isTrashed, expected) => {
    expect(documentAbilities({ actorRole, isTrashed })).toEqual(expected);
  });
});
