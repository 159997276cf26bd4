import { describe, expect, it } from "vitest";
import type { Role } from "@/shared/roles";
import type { CommentAccess } from "./comment-policy";
import { commentAbilities } from "./comment-policy";

const own: CommentAccess = { authorId: "me", isDeleted: false };
const others = { authorId: "someone", isDeleted: false };
const gone = { authorId: null, isDeleted: false };

describe("commentAbilities", () => {
  const table: Array<[Role | null, boolean, typeof own, { edit: boolean; delete: boolean }]> = [
    [null, false, own, { edit: false, delete: false }],
    ["viewer", false, own, { edit: false, delete: false }],
    ["commenter", false, own, { edit: true, delete: true }],
    ["commenter", false, others, { edit: false, delete: false }],
    ["commenter", true, own, { edit: false, delete: false }],
    ["editor", false, others, { edit: false, delete: false }],
    ["admin", false, others, { edit: false, delete: true }],
    ["admin", false, gone, { edit: false, delete: true }],
    ["owner", false, others, { edit: false, delete: true }],
    ["owner", true, others, { edit: false, delete: false }],
    ["owner", false, { ...own, isDeleted: true }, { edit: false, delete: false }],
  ];
  it.each(table)("%s (trashed: %s) on %o", (actorRole, isTrashed, comment, expected) => {
    expect(commentAbilities({ actorRole, isTrashed }, "me", comment)).toEqual(expected);
  });
});
