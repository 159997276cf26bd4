import { describe, expect, it } from "vitest";
import { ROLES } from "@/shared/roles";
import { TWO_FACTOR_REQUIRED_MESSAGE, TwoFactorRequiredError } from "@/server/errors";
import { effectiveRole, readingRole, roleOrRefusal, TWO_FACTOR_REQUIRED } from "./effective-role";

const WS = "11111111-1111-4111-8111-111111111111";
const OTHER = "22222222-2222-4222-8222-222222222222";
const SESSION = { actor: { twoFactorEnabled: false } };
const ENROLLED = { actor: { twoFactorEnabled: true } };
const member = (role: (typeof ROLES)[number] | null, workspaceId = WS, requireTwoFactor = false) => ({ role, workspaceId, requireTwoFactor });
const token = (scope: "read" | "write", twoFactorEnabled = false) => ({ actor: { twoFactorEnabled }, grant: { tokenId: "t", workspaceId: WS, scope } });

describe("effectiveRole", () => {
  it.each(ROLES)("keeps a session's %s role as it is", (role) => {
    expect(effectiveRole(member(role), SESSION)).toBe(role);
  });

  it.each(ROLES)("keeps %s for a write token of the same workspace", (role) => {
    expect(effectiveRole(member(role), token("write"))).toBe(role);
  });

  it.each(ROLES)("caps %s at viewer for a read token", (role) => {
    expect(effectiveRole(member(role), token("read"))).toBe("viewer");
  });

  it.each(["read", "write"] as const)("treats another workspace than a %s token's as not a member", (scope) => {
    expect(effectiveRole(member("owner", OTHER), token(scope))).toBeNull();
  });

  it("never makes a non-member a member", () => {
    expect(effectiveRole(member(null), token("write"))).toBeNull();
    expect(effectiveRole(member(null), SESSION)).toBeNull();
  });
});

describe("a workspace that requires two-factor", () => {
  it.each(ROLES)("refuses a %s without it, session or token, with what to do", (role) => {
    for (const acting of [SESSION, token("write"), token("read")]) {
      expect(() => effectiveRole(member(role, WS, true), acting)).toThrow(TwoFactorRequiredError);
      expect(() => readingRole(member(role, WS, true), acting)).toThrow(TWO_FACTOR_REQUIRED_MESSAGE);
      expect(roleOrRefusal(member(role, WS, true), acting)).toBe(TWO_FACTOR_REQUIRED);
    }
  });

  it("is forbidden, not not_found: the person is a member", () => {
    const error = new TwoFactorRequiredError();
    expect([error.code, error.status, error.message]).toEqual(["forbidden", 403, TWO_FACTOR_REQUIRED_MESSAGE]);
  });

  it.each(ROLES)("lets a %s with two-factor act as usual", (role) => {
    expect(effectiveRole(member(role, WS, true), ENROLLED)).toBe(role);
    expect(effectiveRole(member(role, WS, true), token("read", true))).toBe("viewer");
  });

  it.each(ROLES)("lets a %s whose account has no password (single sign-on made it) act as usual, session or token", (role) => {
    const passwordless = { actor: { twoFactorEnabled: false, passwordless: true } };
    expect(effectiveRole(member(role, WS, true), passwordless)).toBe(role);
    expect(effectiveRole(member(role, WS, true), { ...passwordless, grant: { tokenId: "t", workspaceId: WS, scope: "read" as const } })).toBe("viewer");
  });

  it("tells strangers nothing: a non-member, or a token of another workspace, is still not a member", () => {
    expect(effectiveRole(member(null, WS, true), SESSION)).toBeNull();
    expect(effectiveRole(member("owner", OTHER, true), token("write"))).toBeNull();
  });
});

describe("readingRole", () => {
  it.each(ROLES)("keeps %s for a read token of the same workspace, as for a write token or a session", (role) => {
    expect(readingRole(member(role), token("read"))).toBe(role);
    expect(readingRole(member(role), token("write"))).toBe(role);
    expect(readingRole(member(role), SESSION)).toBe(role);
  });

  it("treats another workspace than the token's as not a member, and never makes a non-member one", () => {
    expect(readingRole(member("owner", OTHER), token("read"))).toBeNull();
    expect(readingRole(member(null), token("read"))).toBeNull();
  });
});
