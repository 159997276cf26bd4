import { describe, expect, it } from "vitest";
import { CreateApiTokenSchema } from "./api-token";
import { AuditEventFiltersSchema, AuditLogPageParamsSchema } from "./audit";
import { ImportFieldsSchema } from "./import";
import { ChangeMemberRoleSchema, RemoveMemberSchema } from "./member";
import { SetDocumentFollowSchema } from "./notification";
import { SaveSsoProviderSchema } from "./sso";
import { SearchParamsSchema } from "./search";
import { CreateWebhookSchema } from "./webhook";

const WORKSPACE_ID = "cfb670ab-1f9d-4a07-bd35-0206d7aa3c9c";

describe("free-text fields are one line, as titles and names are (docs/product.md \"Validation\")", () => {
  it("refuses a NUL byte, a tab or a line break in an API token's name and a webhook's description", () => {
    for (const name of ["a\u0000b", "a\tb", "a\nb"]) {
      const token = CreateApiTokenSchema.safeParse({ workspaceId: WORKSPACE_ID, name, scope: "read" });
      expect(token.error?.issues[0]).toMatchObject({ path: ["name"], message: "Token names can't hold tabs, line breaks or other control characters." });
      const hook = CreateWebhookSchema.safeParse({ workspaceId: WORKSPACE_ID, url: "https://example.com/", description: name, events: ["document.created"] });
      expect(hook.error?.issues[0]).toMatchObject({ path: ["description"], message: "Descriptions can't hold tabs, line breaks or other control characters." });
    }
    expect(CreateApiTokenSchema.safeParse({ workspaceId: WORKSPACE_ID, name: "  CI  ", scope: "read" }).data?.name).toBe("CI");
  });

  it("refuses control characters in a workspace or actor named by a query", () => {
    expect(AuditEventFiltersSchema.safeParse({ workspace: "a\u0000" }).success).toBe(false);
    expect(AuditEventFiltersSchema.safeParse({ actor: "\u0000" }).success).toBe(false);
    expect(AuditLogPageParamsSchema.safeParse({ actor: "\u0000" }).success).toBe(false);
    expect(SearchParamsSchema.safeParse({ workspace: "\u0000" }).success).toBe(false);
    expect(ImportFieldsSchema.safeParse({ workspace: "\u0000" }).success).toBe(false);
    expect(AuditEventFiltersSchema.safeParse({ workspace: "acme", actor: WORKSPACE_ID }).success).toBe(true);
  });

  it("refuses ids holding a NUL byte in actions' arguments, and a NUL in a sign-in provider's label or client id", () => {
    expect(ChangeMemberRoleSchema.safeParse({ workspaceId: WORKSPACE_ID, userId: "a\u0000", role: "editor" }).success).toBe(false);
    expect(RemoveMemberSchema.safeParse({ workspaceId: WORKSPACE_ID, userId: "a\u0000" }).success).toBe(false);
    expect(SetDocumentFollowSchema.safeParse({ documentId: "a\u0000", following: true }).success).toBe(false);
    const provider = { workspaceId: WORKSPACE_ID, label: "Okta", issuer: "https://login.example.com", clientId: "quire", defaultRole: "viewer" };
    expect(SaveSsoProviderSchema.safeParse({ ...provider, label: "Ok\u0000ta" }).error?.issues[0]?.path).toEqual(["label"]);
    expect(SaveSsoProviderSchema.safeParse({ ...provider, clientId: "a\nb" }).error?.issues[0]?.path).toEqual(["clientId"]);
  });

  it("takes audit dates PostgreSQL stores: API days and moments in years 1–9999, the page's days from year 1000", () => {
    const ok = (value: string) => AuditEventFiltersSchema.safeParse({ from: value }).success;
    expect(["0001-01-01", "2026-11-25", "9999-12-31", "2026-11-25T14:30:00+05:30", "9999-12-31T23:59:59.999Z"].every(ok)).toBe(true);
    expect(["0000-01-01", "0001-01-01T00:00:00+01:00", "9999-12-31T23:00:00-01:00"].some(ok)).toBe(false);
    expect(AuditLogPageParamsSchema.safeParse({ from: "0999-12-31" }).success).toBe(false);
    expect(AuditLogPageParamsSchema.safeParse({ from: "1000-01-01", to: "9999-12-31" }).success).toBe(true);
  });
});
