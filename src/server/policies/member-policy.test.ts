import { describe, expect, it } from "vitest";
import type { Role } from "@/shared/roles";
import { ROLES } from "@/shared/roles";
import type { MemberAbilities } from "./member-policy";
import { assignableRoles, canAssignRole, invitationAbilities, keepsAnOwner, memberAbilities, memberOptions } from "./member-policy";

const NONE: MemberAbilities = { changeRole: false, remove: false, leave: false };
const MANAGE: MemberAbilities = { changeRole: true, remove: true, leave: false };

// Every actor role (and a non-member) against every target role, someone else's membership.
const memberTable: Array<[Role | null, Role, MemberAbilities]> = [
  ...ROLES.map((target): [Role | null, Role, MemberAbilities] => [null, target, NONE]),
  ...ROLES.map((target): [Role | null, Role, MemberAbilities] => ["viewer", target, NONE]),
  ...ROLES.map((target): [Role | null, Role, MemberAbilities] => ["commenter", target, NONE]),
  ...ROLES.map((target): [Role | null, Role, MemberAbilities] => ["editor", target, NONE]),
  ["admin", "viewer", MANAGE],
  ["admin", "commenter", MANAGE],
  ["admin", "editor", MANAGE],
  ["admin", "admin", NONE],
  ["admin", "owner", NONE],
  ...ROLES.map((target): [Role | null, Role, MemberAbilities] => ["owner", target, MANAGE]),
];

// One's own membership: everyone may leave; only owners may change their own role.
const selfTable: Array<[Role, MemberAbilities]> = [
  ["viewer", { changeRole: false, remove: false, leave: true }],
  ["commenter", { changeRole: false, remove: false, leave: true }],
  ["editor", { changeRole: false, remove: false, leave: true }],
  ["admin", { changeRole: false, remove: false, leave: true }],
  ["owner", { changeRole: true, remove: false, leave: true }],
];

describe("memberAbilities", () => {
  it("covers every pair of roles", () => {
    expect(memberTable).toHaveLength((ROLES.length + 1) * ROLES.length);
  });

  it.each(memberTable)("lets %s do exactly this to a %s", (actor, target, expected) => {
    expect(memberAbilities(actor, { role: target, isSelf: false })).toEqual(expected);
  });

  it.each(selfTable)("lets a %s do exactly this to their own membership", (role, expected) => {
    expect(memberAbilities(role, { role, isSelf: true })).toEqual(expected);
  });
});

const assignTable: Array<[Role | null, Role[]]> = [
  [null, []],
  ["viewer", []],
  ["commenter", []],
  ["editor", []],
  ["admin", ["viewer", "commenter", "editor"]],
  ["owner", ["viewer", "commenter", "editor", "admin", "owner"]],
];

describe("assignableRoles and canAssignRole", () => {
  it.each(assignTable)("lets %s give exactly %j", (actor, roles) => {
    expect(assignableRoles(actor)).toEqual(roles);
    for (const role of ROLES) expect(canAssignRole(actor, role)).toBe(roles.includes(role));
  });
});

describe("keepsAnOwner", () => {
  it.each([
    [1, "owner", null, false],
    [1, "owner", "admin", false],
    [1, "owner", "viewer", false],
    [1, "owner", "owner", true],
    [2, "owner", null, true],
    [2, "owner", "editor", true],
    [1, "admin", null, true],
    [1, "editor", "owner", true],
  ] as const)("with %i owner(s), %s → %s keeps an owner: %s", (count, from, to, expected) => {
    expect(keepsAnOwner(count, from, to)).toBe(expected);
  });
});

describe("memberOptions", () => {
  it("offers an owner every role for another member, and removal", () => {
    expect(memberOptions("owner", { role: "editor", isSelf: false }, 1)).toEqual({
      changeRole: true,
      remove: true,
      leave: false,
      roleOptions: ["viewer", "commenter", "editor", "admin", "owner"],
      isOnlyOwner: false,
    });
  });

  it("offers the only owner no demotion and no leaving, but another owner both", () => {
    expect(memberOptions("owner", { role: "owner", isSelf: true }, 1)).toEqual({ changeRole: false, remove: false, leave: false, roleOptions: [], isOnlyOwner: true });
    expect(memberOptions("owner", { role: "owner", isSelf: true }, 2)).toMatchObject({ changeRole: true, leave: true, isOnlyOwner: false });
  });

  it("offers an admin nothing over an admin, and below admin only roles below admin", () => {
    expect(memberOptions("admin", { role: "admin", isSelf: false }, 1)).toEqual({ changeRole: false, remove: false, leave: false, roleOptions: [], isOnlyOwner: false });
    expect(memberOptions("admin", { role: "viewer", isSelf: false }, 1).roleOptions).toEqual(["viewer", "commenter", "editor"]);
  });
});

describe("invitationAbilities", () => {
  it.each(assignTable)("lets %s revoke invitations for exactly %j", (actor, roles) => {
    for (const role of ROLES) expect(invitationAbilities(actor, { role }).revoke).toBe(roles.includes(role));
  });
});
