import { describe, expect, it } from "vitest";
import type { Role } from "@/shared/roles";
import type { ShareAbilities } from "./share-policy";
import { shareAbilities } from "./share-policy";

const shareTable: Array<[Role | null, boolean, boolean, ShareAbilities]> = [
  // role, isCreator, isTrashed, abilities
  [null, false, false, { read: false, update: false, revoke: false }],
  [null, true, false, { read: false, update: false, revoke: false }],
  ["viewer", false, false, { read: true, update: false, revoke: false }],
  ["viewer", true, false, { read: true, update: false, revoke: false }],
  ["commenter", false, false, { read: true, update: false, revoke: false }],
  ["commenter", true, false, { read: true, update: false, revoke: false }],
  ["editor", false, false, { read: true, update: false, revoke: false }],
  ["editor", true, false, { read: true, update: true, revoke: true }],
  ["editor", true, true, { read: true, update: false, revoke: true }],
  ["editor", false, true, { read: true, update: false, revoke: false }],
  ["admin", false, false, { read: true, update: true, revoke: true }],
  ["admin", false, true, { read: true, update: false, revoke: true }],
  ["owner", false, false, { read: true, update: true, revoke: true }],
  ["owner", true, true, { read: true, update: false, revoke: true }],
];

describe("shareAbilities", () => {
  it.each(shareTable)("gives %s (creator: %s, trashed: %s) exactly its abilities", (actorRole, isCreator, isTrashed, expected) => {
    expect(shareAbilities({ actorRole, isCreator, isTrashed })).toEqual(expected);
  });
});
