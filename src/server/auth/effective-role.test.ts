import { describe, expect, it } from "vitest";
import { ROLES } from "@/shared/roles";
import { effectiveRole, readingRole } from "./effective-role";

const WS = "11111111-1111-4111-8111-111111111111";
const OTHER = "22222222-2222-4222-8222-222222222222";

describe("effectiveRole", () => {
  it.each(ROLES)("keeps a session's %s role as it is", (role) => {
    expect(effectiveRole(role, WS, undefined)).toBe(role);
  });

  it.each(ROLES)("keeps %s for a write token of the same workspace", (role) => {
    expect(effectiveRole(role, WS, { tokenId: "t", workspaceId: WS, scope: "write" })).toBe(role);
  });

  it.each(ROLES)("caps %s at viewer for a read token", (role) => {
    expect(effectiveRole(role, WS, { tokenId: "t", workspaceId: WS, scope: "read" })).toBe("viewer");
  });

  it.each(["read", "write"] as const)("treats another workspace than a %s token's as not a member", (scope) => {
    expect(effectiveRole("owner", OTHER, { tokenId: "t", workspaceId: WS, scope })).toBeNull();
  });

  it("never makes a non-member a member", () => {
    expect(effectiveRole(null, WS, { tokenId: "t", workspaceId: WS, scope: "write" })).toBeNull();
    expect(effectiveRole(null, WS, undefined)).toBeNull();
  });
});

describe("readingRole", () => {
  it.each(ROLES)("keeps %s for a read token of the same workspace, as for a write token or a session", (role) => {
    expect(readingRole(role, WS, { tokenId: "t", workspaceId: WS, scope: "read" })).toBe(role);
    expect(readingRole(role, WS, { tokenId: "t", workspaceId: WS, scope: "write" })).toBe(role);
    expect(readingRole(role, WS, undefined)).toBe(role);
  });

  it("treats another workspace than the token's as not a member, and never makes a non-member one", () => {
    expect(readingRole("owner", OTHER, { tokenId: "t", workspaceId: WS, scope: "read" })).toBeNull();
    expect(readingRole(null, WS, { tokenId: "t", workspaceId: WS, scope: "read" })).toBeNull();
  });
});
