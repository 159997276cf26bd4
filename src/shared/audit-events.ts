/**
 * What the audit log records (docs/product.md "Audit log"): a fixed list, so filters, the API and
 * the CSV can name every kind. A new one is a line here, its call site and a migration
 * (`npm run db:generate`): the column is a Postgres enum of these kinds (db/schema/audit.ts).
 */
export const AUDIT_EVENT_KINDS = [
  "account.signed_in",
  "account.sign_in_failed",
  "member.invited",
  "member.invitation_revoked",
  "member.joined",
  "member.role_changed",
  "member.removed",
  "member.left",
  "share.created",
  "share.revoked",
  "document.trashed",
  "document.restored",
  "document.deleted_forever",
  "comment.deleted",
  "export.downloaded",
  "workspace.archive_downloaded",
  "api_token.created",
  "api_token.revoked",
  "workspace.settings_changed",
  "webhook.created",
  "webhook.deleted",
  "workspace.two_factor_requirement_changed",
  "account.two_factor_enabled",
  "account.two_factor_disabled",
  "account.backup_codes_regenerated",
  "account.passkey_added",
  "account.passkey_removed",
  "account.sign_in_method_removed",
  "sso.provider_added",
  "sso.provider_changed",
  "sso.provider_removed",
  // No longer recorded (sign-ins through SSO are account.signed_in); kept so older events still read.
  "sso.signed_in",
  "template.created",
  "template.deleted",
] as const;
export type AuditEventKind = (typeof AUDIT_EVENT_KINDS)[number];

/** How each kind reads in Settings → Audit log and its filter. */
export const AUDIT_EVENT_LABELS: Record<AuditEventKind, string> = {
  "account.signed_in": "Signed in",
  "account.sign_in_failed": "Failed to sign in",
  "member.invited": "Invited someone",
  "member.invitation_revoked": "Revoked an invitation",
  "member.joined": "Joined",
  "member.role_changed": "Changed a role",
  "member.removed": "Removed a member",
  "member.left": "Left",
  "share.created": "Published a link",
  "share.revoked": "Revoked a link",
  "document.trashed": "Moved to trash",
  "document.restored": "Restored from trash",
  "document.deleted_forever": "Deleted forever",
  "comment.deleted": "Deleted someone's comment",
  "export.downloaded": "Exported a document",
  "workspace.archive_downloaded": "Downloaded the workspace archive",
  "api_token.created": "Created an API token",
  "api_token.revoked": "Revoked an API token",
  "workspace.settings_changed": "Changed workspace settings",
  "webhook.created": "Added a webhook",
  "webhook.deleted": "Deleted a webhook",
  "workspace.two_factor_requirement_changed": "Changed the two-factor requirement",
  "account.two_factor_enabled": "Turned on two-factor authentication",
  "account.two_factor_disabled": "Turned off two-factor authentication",
  "account.backup_codes_regenerated": "Made new backup codes",
  "account.passkey_added": "Added a passkey",
  "account.passkey_removed": "Removed a passkey",
  "account.sign_in_method_removed": "Removed a workspace's sign-in provider from their account",
  "sso.provider_added": "Added the SSO provider",
  "sso.provider_changed": "Changed the SSO provider",
  "sso.provider_removed": "Removed the SSO provider",
  "sso.signed_in": "Signed in through SSO",
  "template.created": "Created a template",
  "template.deleted": "Deleted a template",
};

/** Free-form facts about an event (old and new role, format…): small, flat, never a secret or document text. */
export type AuditDetails = Record<string, string | number | boolean | null>;
