import type { Role } from "./roles";

/** What a member may do with a workspace as a whole (docs/product.md "Roles"); server/policies/workspace-policy.ts decides it. */
export interface WorkspaceAbilitiesDto {
  /** See the workspace, its documents and its members list. */
  read: boolean;
  /** Create, edit, move and trash documents. */
  edit: boolean;
  /** Invite and remove members below admin, purge trash, revoke shares. */
  manageMembers: boolean;
  /** Open the admin settings sections. */
  manageSettings: boolean;
  /** Rename the workspace; manage admins and owners. */
  rename: boolean;
  /** Delete the workspace. */
  delete: boolean;
  /** Download the whole workspace as an archive (Settings → Import and export). */
  exportArchive: boolean;
  /** Read Settings → Audit log, its API and its CSV. */
  viewAuditLog: boolean;
  /** Register and delete webhooks, read and re-send their deliveries (Settings → Webhooks). */
  manageWebhooks: boolean;
  /** Add, change and remove the workspace's single sign-on provider (Settings → Authentication). */
  manageSso: boolean;
  /** Import an archive into the workspace while it holds no documents. */
  importArchive: boolean;
}

export interface WorkspaceDto {
  id: string;
  slug: string;
  name: string;
  role: Role;
  abilities: WorkspaceAbilitiesDto;
}

/** What the viewer may do to one membership; server/policies/member-policy.ts decides it. */
export interface MemberAbilitiesDto {
  /** Give the member another role (which ones: `assignableRoles`). */
  changeRole: boolean;
  /** Remove someone else from the workspace. */
  remove: boolean;
  /** Leave the workspace (one's own membership). */
  leave: boolean;
}

/** A member as anyone in the workspace sees them (the share dialog's list). */
export interface MemberSummaryDto {
  userId: string;
  name: string;
  email: string;
  color: string;
  role: Role;
  joinedAt: string;
}

/** A member in settings, with what the viewer may do to them. */
export interface MemberDto extends MemberSummaryDto {
  /** This is the viewer's own membership. */
  isSelf: boolean;
  /** Already false where the change would leave the workspace without an owner. */
  abilities: MemberAbilitiesDto;
  /** The roles the viewer may switch this member to (the current one included); empty without changeRole. */
  roleOptions: Role[];
  /** The workspace's only owner: can't leave, be removed or be demoted. */
  isOnlyOwner: boolean;
}

/** A pending invitation in Settings → Invitations. */
export interface PendingInvitationDto {
  id: string;
  email: string;
  role: Role;
  inviterName: string | null;
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601. */
  expiresAt: string;
  /** The viewer may revoke it (admins only invitations below admin). */
  canRevoke: boolean;
}

/** What the invite form shows after inviting: the link, always, and whether it was emailed. */
export interface InvitationCreatedDto {
  email: string;
  role: Role;
  link: string;
  /** `not_configured`: SMTP_URL is unset; `failed`: the SMTP server refused or was unreachable. */
  emailStatus: "sent" | "not_configured" | "failed";
}

export interface ActorDto {
  id: string;
  name: string;
  email: string;
  color: string;
}

/** One live document of the sidebar tree. The list is flat: nest by parentId; siblings arrive in order. */
export interface DocumentTreeNodeDto {
  id: string;
  /** null: top level. */
  parentId: string | null;
  /** Fractional index among siblings; compare with `<` (byte order), never localeCompare. */
  position: string;
  /** As stored, possibly empty: show it with displayTitle(). */
  title: string;
}

/** A document in the recent and favourite lists, and what create, rename, move and restore return. */
export interface DocumentSummaryDto {
  id: string;
  workspaceId: string;
  parentId: string | null;
  position: string;
  title: string;
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601; moves, trashing and restoring leave it alone. */
  updatedAt: string;
}

/** One entry of the trash: a document trashed on its own, with what went with it. */
export interface TrashItemDto {
  id: string;
  /** Where it returns on restore if that parent is still live; else the top level. */
  parentId: string | null;
  title: string;
  /** ISO 8601; purged automatically 30 days later. */
  deletedAt: string;
  /** null once that user is deleted. */
  deletedByName: string | null;
  /** Sub-documents trashed with it (not counting itself). */
  descendantCount: number;
  abilities: { restore: boolean; purge: boolean };
}

/** What trashDocumentAction returns. */
export interface TrashResultDto {
  documentId: string;
  /** The document and its live descendants. */
  trashedCount: number;
}

/** What purgeDocumentAction returns. */
export interface PurgeResultDto {
  documentId: string;
  /** The document and everything trashed with it. */
  purgedCount: number;
}

/** What toggleFavoriteAction returns: whether the document is now starred. */
export interface FavoriteStateDto {
  documentId: string;
  isFavorite: boolean;
}

/** A document's live public link, as the share dialog shows it. */
export interface ShareDto {
  id: string;
  /** The published page's path: `/p/<token>`. */
  path: string;
  includeChildren: boolean;
  allowIndexing: boolean;
  createdByName: string | null;
  createdAt: string;
  /** Mirrors shareAbilities (server/policies/document-policy.ts). */
  abilities: { update: boolean; revoke: boolean };
}

/** A published page's contents entry: its title, its published path, and its children. */
export interface PublishedContentsNode {
  id: string;
  title: string;
  path: string;
  children: PublishedContentsNode[];
}

/** One search hit (the search page, the Ctrl/Cmd-K palette and GET /api/v1/search). */
export interface SearchResultDto {
  id: string;
  /** As stored, possibly empty: show it with displayTitle(). */
  title: string;
  /**
   * An excerpt of the body as HTML that is safe to render: every character of the document is
   * escaped, and the only markup is `<mark>…</mark>` around the matched words.
   */
  snippet: string;
  /** The titles of its ancestors, top level first (as stored, possibly empty). */
  path: Array<{ id: string; title: string }>;
  /** The editor page, `/w/<slug>/d/<title-slug-id>`. */
  url: string;
  /** ISO 8601. */
  updatedAt: string;
}

/** One of the signed-in person's sessions, as Profile → Security lists it (never its token). */
export interface SessionDto {
  id: string;
  /** "Chrome on macOS", from the User-Agent the session began with. */
  device: string;
  userAgent: string | null;
  ipAddress: string | null;
  createdAt: string;
  /** When the session was last extended: better-auth rolls it at most once a day, so this is to the day. */
  lastActiveAt: string;
  /** The session this page was loaded with. */
  isCurrent: boolean;
}

/** A passkey for Profile → Security; its key material stays on the server. */
export interface PasskeyDto {
  id: string;
  /** The name its owner gave it ("Passkey" when they gave none). */
  name: string;
  createdAt: string;
  /** Synced by its provider to the person's other devices (a "multi-device" credential). */
  backedUp: boolean;
}

/** Profile → Security → "Sign-in methods": one way into the account besides passkeys. */
export interface SignInMethodDto {
  id: string;
  kind: "password" | "instance" | "workspace";
  /** The row's name: "Password", or the provider's button label. */
  name: string;
  /** Under the name: whose sign-in it is. */
  detail: string;
  linkedAt: string;
  /** A workspace's own provider: the person may remove it (the server still keeps the last way in). */
  removable: boolean;
}

/** Profile → Security → two-factor: whether it is on. */
export interface TwoFactorStatusDto {
  enabled: boolean;
}

/** What enrolment shows once: the QR code (its modules as one SVG path), the secret as text, the backup codes. */
export interface TwoFactorEnrolmentDto {
  qr: { size: number; path: string };
  totpUri: string;
  secret: string;
  backupCodes: string[];
}
