import { describe, expect, it } from "vitest";
import type { Role } from "@/shared/roles";
import type { WorkspaceAbilities } from "./workspace-policy";
import { workspaceAbilities } from "./workspace-policy";

const table: Array<[Role | null, WorkspaceAbilities]> = [
  [null, { read: false, edit: false, manageMembers: false, manageSettings: false, rename: false, delete: false, exportArchive: false, importArchive: false, viewAuditLog: false, manageWebhooks: false, manageSso: false }],
  ["viewer", { read: true, edit: false, manageMembers: false, manageSettings: false, rename: false, delete: false, exportArchive: false, importArchive: false, viewAuditLog: false, manageWebhooks: false, manageSso: false }],
  ["commenter", { read: true, edit: false, manageMembers: false, manageSettings: false, rename: false, delete: false, exportArchive: false, importArchive: false, viewAuditLog: false, manageWebhooks: false, manageSso: false }],
  ["editor", { read: true, edit: true, manageMembers: false, manageSettings: false, rename: false, delete: false, exportArchive: false, importArchive: false, viewAuditLog: false, manageWebhooks: false, manageSso: false }],
  ["admin", { read: true, edit: true, manageMembers: true, manageSettings: true, rename: false, delete: false, exportArchive: true, importArchive: true, viewAuditLog: true, manageWebhooks: true, manageSso: true }],
  ["owner", { read: true, edit: true, manageMembers: true, manageSettings: true, rename: true, delete: true, exportArchive: true, importArchive: true, viewAuditLog: true, manageWebhooks: true, manageSso: true }],
];

describe("workspaceAbilities", () => {
  it.each(table)("gives %s exactly its abilities", (role, expected) => {
    expect(workspaceAbilities(role)).toEqual(expected);
  });
});
