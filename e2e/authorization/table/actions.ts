
import { action, page } from "../probes";
import type { AccessRow } from "./support";
import { allow, changeRole, createTokenAs, deletableWebhook, docId, docPage, everyone, form, historyPage, isRole, newAddress, own, ownerCreatesDocument, removeMember, revisionId, sessionIdOf, settingsPage, signOutProbe, workspaceId, ws } from "./support";

/** The access table's server actions, each called on the page whose components call it. */
export const ACTION_ROWS: AccessRow[] = [
  // Notifications (docs/product.md "Notifications"): each person marks and chooses only their own;
  // following needs read access to the document; an unsubscribe link's token is its own authority.
  {
    surface: "action",
    name: "markNotificationsReadAction",
    expected: everyone("ok", { anonymous: "login" }),
    probe: action("markNotificationsReadAction", (fx) => `/w/${fx.workspace.slug}/notifications`, () => [{ all: true }]),
  },
  {
    surface: "action",
    name: "setDocumentFollowAction",
    expected: allow("viewer"),
    probe: action("setDocumentFollowAction", docPage, (fx, t) => [{ documentId: docId(fx, t), following: true }]),
  },
  {
    surface: "action",
    name: "setEmailPreferencesAction",
    expected: everyone("ok", { anonymous: "login" }),
    probe: action("setEmailPreferencesAction", () => "/profile", () => [{ emailed: ["mention", "reply", "thread", "invitation", "role"] }]),
  },
  {
    surface: "action",
    name: "unsubscribeAction with a forged token",
    expected: everyone("not_found"),
    probe: action("unsubscribeAction", () => "/unsubscribe", (fx, t) => [t === "real" ? `mention.${fx.doc.id}.forged-signature-forged-signature` : "mention.nobody.forged-signature-forged-signature"]),
  },
  // Comments (docs/product.md "Comments"): viewers read, commenters and up write, authors edit
  // their own, authors, admins and owners delete.
  {
    surface: "action",
    name: "listCommentThreadsAction",
    expected: allow("viewer"),
    probe: action("listCommentThreadsAction", docPage, (fx, t) => [{ documentId: docId(fx, t) }]),
  },
  {
    surface: "action",
    name: "createCommentThreadAction",
    expected: allow("commenter"),
    probe: action("createCommentThreadAction", docPage, (fx, t) => [{ documentId: docId(fx, t), body: { ops: [{ insert: "A thought" }] } }]),
  },
  {
    surface: "action",
    name: "replyToThreadAction",
    expected: allow("commenter"),
    probe: action("replyToThreadAction", docPage, (fx, t) => [{ threadId: t === "real" ? fx.comments.threadId : fx.missing.commentId, body: { ops: [{ insert: "Agreed" }] } }]),
  },
  {
    surface: "action",
    name: "setThreadResolvedAction",
    expected: allow("commenter"),
    probe: action("setThreadResolvedAction", docPage, (fx, t) => [{ threadId: t === "real" ? fx.comments.threadId : fx.missing.commentId, resolved: true }]),
  },
  // Follows an edit of the text (an undo that brought the thread's words back): editors and up.
  {
    surface: "action",
    name: "reanchorCommentThreadAction",
    expected: allow("editor"),
    probe: action("reanchorCommentThreadAction", docPage, (fx, t) => [{ threadId: t === "real" ? fx.comments.threadId : fx.missing.commentId, anchor: fx.comments.anchor }]),
  },
  {
    surface: "action",
    name: "toggleCommentReactionAction",
    expected: allow("commenter"),
    probe: action("toggleCommentReactionAction", docPage, (fx, t) => [{ commentId: t === "real" ? fx.comments.commentId : fx.missing.commentId, emoji: "👍" }]),
  },
  {
    surface: "action",
    name: "editCommentAction of the actor's own comment",
    expected: allow("commenter"),
    probe: action("editCommentAction", docPage, (fx, t, actor) => [{ commentId: own(t, fx.comments.own.edit, actor, fx.missing.commentId), body: { ops: [{ insert: "Edited" }] } }]),
  },
  // Only its author edits a comment: not even an owner edits someone else's.
  {
    surface: "action",
    name: "editCommentAction of someone else's comment",
    expected: allow("viewer", {}, "forbidden"),
    probe: action("editCommentAction", docPage, (fx, t) => [{ commentId: t === "real" ? fx.comments.othersComment : fx.missing.commentId, body: { ops: [{ insert: "Edited" }] } }]),
  },
  {
    surface: "action",
    name: "deleteCommentAction of the actor's own comment",
    expected: allow("commenter"),
    probe: action("deleteCommentAction", docPage, (fx, t, actor) => [{ commentId: own(t, fx.comments.own.delete, actor, fx.missing.commentId) }]),
  },
  {
    surface: "action",
    name: "deleteCommentAction of someone else's comment",
    expected: allow("admin"),
    probe: action("deleteCommentAction", docPage, (fx, t, actor) => [{ commentId: own(t, fx.comments.others.delete, actor, fx.missing.commentId) }]),
  },
  // Server actions, on the page whose components call them.
  {
    surface: "action",
    name: "createDocumentAction",
    expected: allow("editor"),
    probe: action("createDocumentAction", (fx) => `/w/${fx.workspace.slug}`, (fx, t) => [{ workspaceId: workspaceId(fx, t), title: "New" }]),
  },
  {
    surface: "action",
    name: "renameDocumentAction",
    expected: allow("editor"),
    probe: action("renameDocumentAction", (fx) => `/w/${fx.workspace.slug}/d/${fx.doc.segment}`, (fx, t) => [{ documentId: docId(fx, t), title: "Handbook" }]),
  },
  {
    surface: "action",
    name: "moveDocumentAction",
    expected: allow("editor"),
    probe: action("moveDocumentAction", (fx) => `/w/${fx.workspace.slug}`, (fx, t) => [{ documentId: docId(fx, t), parentId: null }]),
  },
  // Another workspace's document as the new parent: as hidden as a missing one, even to editors.
  {
    surface: "action",
    name: "moveDocumentAction under another workspace's document",
    expected: allow("editor", {}, "not_found"),
    probe: action("moveDocumentAction", (fx) => `/w/${fx.workspace.slug}`, (fx, t) => [
      { documentId: fx.doc.id, parentId: t === "real" ? fx.otherDoc.id : fx.missing.documentId },
    ]),
  },
  {
    surface: "action",
    name: "createDocumentAction under another workspace's document",
    expected: allow("editor", {}, "not_found"),
    probe: action("createDocumentAction", (fx) => `/w/${fx.workspace.slug}`, (fx, t) => [
      { workspaceId: fx.workspace.id, parentId: t === "real" ? fx.otherDoc.id : fx.missing.documentId },
    ]),
  },
  {
    surface: "action",
    name: "trashDocumentAction",
    expected: allow("editor"),
    probe: action("trashDocumentAction", (fx) => `/w/${fx.workspace.slug}`, async (fx, t) => [
      { documentId: t === "real" ? await ownerCreatesDocument(fx) : fx.missing.documentId },
    ]),
  },
  {
    surface: "action",
    name: "restoreDocumentAction",
    expected: allow("editor"),
    probe: action("restoreDocumentAction", (fx) => `/w/${fx.workspace.slug}/trash`, async (fx, t) => [
      { documentId: t === "real" ? await ownerCreatesDocument(fx, { trashed: true }) : fx.missing.documentId },
    ]),
  },
  {
    surface: "action",
    name: "purgeDocumentAction",
    expected: allow("admin"),
    probe: action("purgeDocumentAction", (fx) => `/w/${fx.workspace.slug}/trash`, async (fx, t) => [
      { documentId: t === "real" ? await ownerCreatesDocument(fx, { trashed: true }) : fx.missing.documentId },
    ]),
  },
  {
    surface: "action",
    name: "toggleFavoriteAction",
    expected: allow("viewer"),
    probe: action("toggleFavoriteAction", (fx) => `/w/${fx.workspace.slug}/d/${fx.doc.segment}`, (fx, t) => [{ documentId: docId(fx, t) }]),
  },
  {
    surface: "action",
    name: "listRecentDocumentsAction",
    expected: allow("viewer"),
    probe: action("listRecentDocumentsAction", (fx) => `/w/${fx.workspace.slug}`, (fx, t) => [{ workspaceId: workspaceId(fx, t) }]),
  },
  {
    surface: "action",
    name: "updateWorkspaceAction",
    expected: allow("owner"),
    probe: action("updateWorkspaceAction", (fx) => `/w/${fx.workspace.slug}/settings`, (fx, t) => [
      {},
      // The same address: an owner's probe must not move the workspace under the other rows.
      form({ workspaceId: workspaceId(fx, t), name: fx.workspace.name, slug: fx.workspace.slug }),
    ]),
  },
  {
    surface: "action",
    name: "createWorkspaceAction",
    expected: everyone("ok", { anonymous: "login" }),
    probe: action("createWorkspaceAction", () => "/workspaces/new", () => [
      {},
      form({ name: "Side project", slug: `side-${Math.random().toString(36).slice(2, 10)}` }),
    ]),
  },

  // Sharing: editors publish; editors change and revoke their own links, admins and owners any (shareAbilities).
  {
    surface: "action",
    name: "createShareAction",
    expected: allow("editor"),
    probe: action("createShareAction", docPage, (fx, t, actor) => [
      { documentId: own(t, fx.sharing.unshared, actor, fx.missing.documentId), includeChildren: false, allowIndexing: false },
    ]),
  },
  // As hidden from A's members as a missing document; the stranger owns it and may publish it.
  {
    surface: "action",
    name: "createShareAction of another workspace's document",
    expected: everyone("not_found", { anonymous: "login", stranger: "ok" }),
    probe: action("createShareAction", docPage, (fx, t) => [
      { documentId: t === "real" ? fx.otherDoc.id : fx.missing.documentId, includeChildren: false, allowIndexing: false },
    ]),
  },
  {
    surface: "action",
    name: "createShareAction of a trashed document",
    expected: everyone("not_found", { anonymous: "login" }),
    probe: action("createShareAction", docPage, (fx, t) => [
      { documentId: t === "real" ? fx.trashedDoc.id : fx.missing.documentId, includeChildren: false, allowIndexing: false },
    ]),
  },
  {
    surface: "action",
    name: "updateShareAction of the owner's link",
    expected: allow("admin"),
    probe: action("updateShareAction", docPage, (fx, t) => [{ shareId: t === "real" ? fx.sharing.live.id : fx.missing.shareId, allowIndexing: false }]),
  },
  {
    surface: "action",
    name: "updateShareAction of the editor's own link",
    expected: allow("editor"),
    probe: action("updateShareAction", docPage, (fx, t) => [{ shareId: t === "real" ? fx.sharing.editors.id : fx.missing.shareId, allowIndexing: false }]),
  },
  {
    surface: "action",
    name: "revokeShareAction of the owner's link",
    expected: allow("admin"),
    probe: action("revokeShareAction", docPage, (fx, t, actor) => [{ shareId: own(t, fx.sharing.revocable.byOwner, actor, fx.missing.shareId) }]),
  },
  {
    surface: "action",
    name: "revokeShareAction of the editor's own link",
    expected: allow("editor"),
    probe: action("revokeShareAction", docPage, (fx, t, actor) => [{ shareId: own(t, fx.sharing.revocable.byEditor, actor, fx.missing.shareId) }]),
  },

  // Members and invitations: admins invite, revoke, re-role and remove below admin; owners
  // manage admins and owners; the last owner can neither leave nor be demoted (docs/product.md "States", "Roles").
  {
    surface: "action",
    name: "inviteMemberAction of an editor",
    expected: allow("admin"),
    probe: action("inviteMemberAction", settingsPage("invitations"), (fx, t) => [{}, form({ workspaceId: workspaceId(fx, t), email: newAddress(), role: "editor" })]),
  },
  {
    surface: "action",
    name: "inviteMemberAction of an admin",
    expected: allow("owner"),
    probe: action("inviteMemberAction", settingsPage("invitations"), (fx, t) => [{}, form({ workspaceId: workspaceId(fx, t), email: newAddress(), role: "admin" })]),
  },
  {
    surface: "action",
    name: "revokeInvitationAction of an editor's invitation",
    expected: allow("admin"),
    probe: action("revokeInvitationAction", settingsPage("invitations"), (fx, t, actor) => [
      { invitationId: own(t, fx.members.revocable.editor, actor, fx.missing.invitationId) },
    ]),
  },
  {
    surface: "action",
    name: "revokeInvitationAction of an admin's invitation",
    expected: allow("owner"),
    probe: action("revokeInvitationAction", settingsPage("invitations"), (fx, t, actor) => [
      { invitationId: own(t, fx.members.revocable.admin, actor, fx.missing.invitationId) },
    ]),
  },
  {
    surface: "action",
    name: "reissueInvitationAction of an editor's invitation",
    expected: allow("admin"),
    probe: action("reissueInvitationAction", settingsPage("invitations"), (fx, t, actor) => [
      { invitationId: own(t, fx.members.reissuable, actor, fx.missing.invitationId) },
    ]),
  },
  {
    surface: "action",
    name: "changeMemberRoleAction of a viewer to commenter",
    expected: allow("admin"),
    probe: changeRole("viewerToCommenter", "commenter"),
  },
  {
    surface: "action",
    name: "changeMemberRoleAction of a viewer to admin",
    expected: allow("owner"),
    probe: changeRole("viewerToAdmin", "admin"),
  },
  {
    surface: "action",
    name: "changeMemberRoleAction of an admin to editor",
    expected: allow("owner"),
    probe: changeRole("adminToEditor", "editor"),
  },
  // The owner may demote owners, but not the only one: that is themselves here.
  {
    surface: "action",
    name: "changeMemberRoleAction of the last owner to admin",
    expected: allow("owner", {}, "conflict"),
    probe: action("changeMemberRoleAction", settingsPage("members"), (fx, t) => [{ workspaceId: workspaceId(fx, t), userId: fx.members.ownerId, role: "admin" }]),
  },
  {
    surface: "action",
    name: "removeMemberAction of an editor",
    expected: allow("admin"),
    probe: removeMember("editorToRemove"),
  },
  {
    surface: "action",
    name: "removeMemberAction of an admin",
    expected: allow("owner"),
    probe: removeMember("adminToRemove"),
  },
  // Nobody outranks the owner, and the owner leaves rather than removes themselves.
  {
    surface: "action",
    name: "removeMemberAction of the owner",
    expected: allow("owner", {}, "forbidden"),
    probe: action("removeMemberAction", settingsPage("members"), (fx, t) => [{ workspaceId: workspaceId(fx, t), userId: fx.members.ownerId }]),
  },
  // Each member leaves a workspace of their own where they hold the same role as in A.
  {
    surface: "action",
    name: "leaveWorkspaceAction",
    expected: allow("viewer"),
    probe: action("leaveWorkspaceAction", settingsPage("members"), (fx, t, actor) => [
      { workspaceId: t === "missing" ? fx.missing.workspaceId : isRole(actor) ? fx.members.leave.withCoOwner[actor] : fx.workspace.id },
    ]),
  },
  {
    surface: "action",
    name: "leaveWorkspaceAction of the last owner",
    expected: { ...allow("viewer"), owner: "conflict" },
    probe: action("leaveWorkspaceAction", settingsPage("members"), (fx, t, actor) => [
      { workspaceId: t === "missing" ? fx.missing.workspaceId : isRole(actor) ? fx.members.leave.soleOwner[actor] : fx.workspace.id },
    ]),
  },
  // Accepting needs a session and the invited address; a member already in the workspace just opens it.
  {
    surface: "action",
    name: "acceptInvitationAction of an invitation for another address",
    expected: allow("viewer", { stranger: "forbidden" }),
    probe: action("acceptInvitationAction", (fx) => `/invite/${fx.members.pendingToken}`, (fx, t) => [
      {},
      form({ token: t === "real" ? fx.members.pendingToken : fx.missing.invitationToken }),
    ]),
  },
  {
    surface: "action",
    name: "acceptInvitationAction of an invitation for the caller's address",
    expected: everyone("ok", { anonymous: "login" }),
    probe: action("acceptInvitationAction", (fx) => `/invite/${fx.members.pendingToken}`, (fx, t, actor) => [
      {},
      form({ token: own(t, fx.members.own, actor, fx.missing.invitationToken) }),
    ]),
  },
  // Anyone holding the link signs up with the invited address and lands in the workspace.
  {
    surface: "action",
    name: "signUpAction with an invitation's token",
    expected: everyone("ok"),
    probe: action("signUpAction", () => "/signup", (fx, _t, actor) => [
      {},
      form({ name: "New person", email: fx.members.signUp[actor].email, password: "a-long-enough-password", token: fx.members.signUp[actor].token }),
    ]),
  },

  // Versions: editors and up save and restore; every member pages the timeline.
  {
    surface: "action",
    name: "saveVersionAction",
    expected: allow("editor"),
    probe: action("saveVersionAction", docPage, (fx, t) => [{ documentId: docId(fx, t), name: "Checkpoint" }]),
  },
  {
    surface: "action",
    name: "listRevisionsAction",
    expected: allow("viewer"),
    probe: action("listRevisionsAction", historyPage, (fx, t) => [{ documentId: docId(fx, t), cursor: null }]),
  },
  {
    surface: "action",
    name: "restoreRevisionAction",
    expected: allow("editor"),
    probe: action("restoreRevisionAction", historyPage, (fx, t) => [{ documentId: docId(fx, t), revisionId: revisionId(fx, t) }]),
  },

  // Public forms: anyone reaches their validation (an empty form answers field messages).
  { surface: "action", name: "signInAction", expected: everyone("ok"), probe: action("signInAction", () => "/login", () => [{}, form({})]) },
  { surface: "action", name: "signUpAction", expected: everyone("ok"), probe: action("signUpAction", () => "/signup", () => [{}, form({})]) },
  { surface: "action", name: "signOutAction", expected: everyone("ok", { anonymous: "login" }), probe: signOutProbe },

  // The profile: everyone signed in changes only their own name, colour and email (the session's user).
  { surface: "page", name: "/profile", expected: everyone("ok", { anonymous: "login" }), probe: page(() => "/profile") },
  {
    surface: "action",
    name: "updateProfileAction",
    expected: everyone("ok", { anonymous: "login" }),
    // The actor's own name again, and a colour no other row looks at.
    probe: action("updateProfileAction", () => "/profile", (_fx, _t, actor) => [{}, form({ name: `Test ${actor}`, color: "#0f766e" })]),
  },
  {
    surface: "action",
    name: "changeEmailAction",
    expected: everyone("ok", { anonymous: "login" }),
    // Field messages only: a real change would move an actor's address under the invitation rows.
    probe: action("changeEmailAction", () => "/profile", () => [{}, form({ email: "not an address", currentPassword: "" })]),
  },

  // Profile → Security: everyone signed in lists and ends only their own sessions, and changes their own password.
  { surface: "page", name: "/profile/security", expected: everyone("ok", { anonymous: "login" }), probe: page(() => "/profile/security") },
  {
    surface: "action",
    name: "changePasswordAction",
    expected: everyone("ok", { anonymous: "login" }),
    // Field messages only: a real change would sign the actor's other sessions out under other rows.
    probe: action("changePasswordAction", () => "/profile/security", () => [{}, form({ currentPassword: "", newPassword: "short" })]),
  },
  {
    surface: "action",
    name: "revokeSessionAction of the stranger's session",
    // Someone else's session is not_found, as an id that names nothing; the stranger's own is the
    // session asking, which is signed out with Sign out instead (conflict), and never ended here.
    expected: everyone("not_found", { anonymous: "login", stranger: "conflict" }),
    probe: action("revokeSessionAction", () => "/profile/security", async (fx, t) => [{ sessionId: t === "real" ? await sessionIdOf(fx, "stranger") : fx.missing.userId }]),
  },
  {
    surface: "action",
    name: "revokeOtherSessionsAction",
    // Ends only the actor's own other sessions; the cookie every other row uses stays signed in.
    expected: everyone("ok", { anonymous: "login" }),
    probe: action("revokeOtherSessionsAction", () => "/profile/security", () => []),
  },
  // Two-factor (Profile → Security): everyone signed in turns on, confirms, regenerates and turns
  // off their own only (the session's user); field messages only, so no actor's sign-in changes.
  { surface: "action", name: "startTwoFactorAction", expected: everyone("ok", { anonymous: "login" }), probe: action("startTwoFactorAction", () => "/profile/security", () => [{ password: "" }]) },
  { surface: "action", name: "confirmTwoFactorAction", expected: everyone("ok", { anonymous: "login" }), probe: action("confirmTwoFactorAction", () => "/profile/security", () => [{ code: "not a code" }]) },
  { surface: "action", name: "regenerateBackupCodesAction", expected: everyone("ok", { anonymous: "login" }), probe: action("regenerateBackupCodesAction", () => "/profile/security", () => [{ password: "" }]) },
  { surface: "action", name: "disableTwoFactorAction", expected: everyone("ok", { anonymous: "login" }), probe: action("disableTwoFactorAction", () => "/profile/security", () => [{ password: "" }]) },
  // Passkeys: everyone signed in adds, renames and removes their own; an id that is not theirs is
  // not_found whether it names someone else's passkey or nothing.
  { surface: "action", name: "passkeyRegistrationOptionsAction", expected: everyone("ok", { anonymous: "login" }), probe: action("passkeyRegistrationOptionsAction", () => "/profile/security", () => []) },
  { surface: "action", name: "addPasskeyAction", expected: everyone("ok", { anonymous: "login" }), probe: action("addPasskeyAction", () => "/profile/security", () => [{ response: {}, name: "" }]) },
  {
    surface: "action",
    name: "renamePasskeyAction of a passkey not theirs",
    expected: everyone("not_found", { anonymous: "login" }),
    probe: action("renamePasskeyAction", () => "/profile/security", (fx) => [{ passkeyId: fx.missing.userId, name: "Probe" }]),
  },
  {
    surface: "action",
    name: "removePasskeyAction of a passkey not theirs",
    expected: everyone("not_found", { anonymous: "login" }),
    probe: action("removePasskeyAction", () => "/profile/security", (fx) => [{ passkeyId: fx.missing.userId }]),
  },
  {
    surface: "action",
    name: "removeSignInMethodAction of a sign-in method not theirs",
    // Looked up among the actor's own sign-in methods: anyone else's id names nothing.
    expected: everyone("not_found", { anonymous: "login" }),
    probe: action("removeSignInMethodAction", () => "/profile/security", (fx) => [{ methodId: fx.missing.userId }]),
  },
  // The sign-in's second step and passkey sign-in answer everyone (an empty form, an answer that is no passkey's).
  { surface: "action", name: "verifyTwoFactorSignInAction", expected: everyone("ok"), probe: action("verifyTwoFactorSignInAction", () => "/login/two-factor", () => [{}, form({})]) },
  // Its challenge cookie makes Next re-render the calling page, and /login redirects a signed-in
  // visitor, which the probe's Flight client can't decode: called on a page that renders for everyone.
  { surface: "action", name: "passkeySignInOptionsAction", expected: everyone("ok"), probe: action("passkeySignInOptionsAction", () => "/forgot-password", () => []) },
  { surface: "action", name: "passkeySignInAction", expected: everyone("ok"), probe: action("passkeySignInAction", () => "/login", () => ["not an answer", "/"]) },
  // A workspace's two-factor requirement: admins and owners; none of the fixture's has two-factor
  // on, so turning it on is refused for them (conflict) and no row's workspace changes.
  {
    surface: "action",
    name: "setTwoFactorRequirementAction",
    expected: allow("admin", {}, "conflict"),
    probe: action("setTwoFactorRequirementAction", settingsPage("general"), (fx, t) => [{ workspaceId: workspaceId(fx, t), required: true }]),
  },
  // "Forgot password?" and the reset link's page answer everyone; this server has no SMTP, so the
  // first says it can't send a link. An empty form answers field messages.
  { surface: "page", name: "/forgot-password", expected: everyone("ok"), probe: page(() => "/forgot-password", () => /can&#x27;t send email|can't send email/) },
  { surface: "page", name: "/reset-password", expected: everyone("ok"), probe: page(() => "/reset-password?token=not-a-token") },
  { surface: "action", name: "requestPasswordResetAction", expected: everyone("ok"), probe: action("requestPasswordResetAction", () => "/forgot-password", () => [{}, form({})]) },
  { surface: "action", name: "resetPasswordAction", expected: everyone("ok"), probe: action("resetPasswordAction", () => "/reset-password?token=x", () => [{}, form({})]) },

  // Single sign-on (docs/product.md "Single sign-on"): anyone may start a sign-in; admins and
  // owners manage the workspace's provider, and below admin the section is the 404. This app has
  // no provider, so starting one through workspace A's link is the same not_found for everyone,
  // member or not, as for a workspace that doesn't exist (e2e/auth/sso*.e2e.ts start real ones).
  {
    surface: "action",
    name: "startSsoSignInAction",
    expected: everyone("not_found"),
    probe: action("startSsoSignInAction", () => "/login", (fx, t) => [{}, form({ workspace: ws(fx, t) })]),
  },
  { surface: "page", name: "/w/[workspace]/settings/authentication", expected: allow("admin", { below: "not_found" }), probe: page((fx, t) => `/w/${ws(fx, t)}/settings/authentication`) },
  {
    surface: "action",
    name: "saveSsoProviderAction",
    expected: allow("admin"),
    probe: action("saveSsoProviderAction", settingsPage("authentication"), (fx, t) => [
      {},
      form({ workspaceId: workspaceId(fx, t), label: "Probe", issuer: "https://idp.example.test", clientId: "probe", clientSecret: "probe-secret", allowedDomains: "", defaultRole: "viewer" }),
    ]),
  },
  {
    surface: "action",
    name: "removeSsoProviderAction",
    expected: allow("admin"),
    probe: action("removeSsoProviderAction", settingsPage("authentication"), (fx, t) => [{ workspaceId: workspaceId(fx, t) }]),
  },
  // API tokens (Settings → API tokens): every member manages their own, whatever the role.
  { surface: "page", name: "/w/[workspace]/settings/api-tokens", expected: allow("viewer"), probe: page((fx, t) => `/w/${ws(fx, t)}/settings/api-tokens`) },
  {
    surface: "action",
    name: "createApiTokenAction",
    expected: allow("viewer"),
    probe: action("createApiTokenAction", settingsPage("api-tokens"), (fx, t) => [{}, form({ workspaceId: workspaceId(fx, t), name: "Probe", scope: "read" })]),
  },
  {
    surface: "action",
    name: "revokeApiTokenAction of the caller's own token",
    expected: everyone("ok", { anonymous: "login" }),
    probe: action("revokeApiTokenAction", settingsPage("api-tokens"), async (fx, t, actor) => [
      { tokenId: t === "real" && actor !== "anonymous" ? await createTokenAs(fx, actor) : fx.missing.userId },
    ]),
  },
  // Someone else's token (the owner's) is not found for everyone else, admins included.
  {
    surface: "action",
    name: "revokeApiTokenAction of the owner's token",
    expected: everyone("not_found", { anonymous: "login", owner: "ok" }),
    probe: action("revokeApiTokenAction", settingsPage("api-tokens"), async (fx, t) => [{ tokenId: t === "real" ? await createTokenAs(fx, "owner") : fx.missing.userId }]),
  },

  // Webhooks (Settings → Webhooks, docs/product.md "Webhooks"): admins and owners; below admin the
  // page is the 404 (and the tab isn't shown).
  {
    surface: "action",
    name: "createWebhookAction",
    expected: allow("admin"),
    probe: action("createWebhookAction", settingsPage("webhooks"), (fx, t) => {
      const data = form({ workspaceId: workspaceId(fx, t), url: "http://127.0.0.1:9/created", description: "Probe" });
      data.append("events", "document.created");
      return [{}, data];
    }),
  },
  {
    surface: "action",
    name: "deleteWebhookAction",
    expected: allow("admin"),
    probe: action("deleteWebhookAction", settingsPage("webhooks"), (fx, t, actor) => [{ webhookId: deletableWebhook(fx, t, actor, "action") }]),
  },
  {
    surface: "action",
    name: "resendWebhookDeliveryAction",
    expected: allow("admin"),
    probe: action("resendWebhookDeliveryAction", (fx) => `/w/${fx.workspace.slug}/settings/webhooks/${fx.webhooks.id}`, (fx, t) => [
      { deliveryId: t === "real" ? fx.webhooks.deliveryId : fx.missing.userId },
    ]),
  },
  // Templates (docs/product.md "Templates"): editors use and create them and change their own;
  // admins and owners change and delete any; viewers and commenters use none.
  {
    surface: "action",
    name: "listTemplatesAction",
    expected: allow("editor"),
    probe: action("listTemplatesAction", (fx) => `/w/${fx.workspace.slug}`, (fx, t) => [{ workspaceId: workspaceId(fx, t) }]),
  },
  {
    surface: "action",
    name: "createDocumentFromTemplateAction",
    expected: allow("editor"),
    probe: action("createDocumentFromTemplateAction", (fx) => `/w/${fx.workspace.slug}`, (fx, t) => [
      { workspaceId: fx.workspace.id, templateId: t === "real" ? fx.templates.byOwner : fx.missing.templateId, timeZone: "UTC" },
    ]),
  },
  {
    surface: "action",
    name: "createDocumentFromTemplateAction with another workspace's id",
    expected: everyone("not_found", { anonymous: "login" }),
    probe: action("createDocumentFromTemplateAction", (fx) => `/w/${fx.workspace.slug}`, (fx, t) => [
      { workspaceId: t === "real" ? fx.otherWorkspace.id : fx.missing.workspaceId, templateId: t === "real" ? fx.templates.byOwner : fx.missing.templateId },
    ]),
  },
  {
    surface: "action",
    name: "fillTemplateAction",
    expected: allow("editor"),
    probe: action("fillTemplateAction", docPage, (fx, t) => [{ templateId: fx.templates.byOwner, documentId: docId(fx, t), timeZone: "UTC" }]),
  },
  {
    surface: "action",
    name: "saveDocumentAsTemplateAction",
    expected: allow("editor"),
    probe: action("saveDocumentAsTemplateAction", docPage, (fx, t) => [{ documentId: docId(fx, t), name: "From the handbook", description: "" }]),
  },
  {
    surface: "action",
    name: "createTemplateAction",
    expected: allow("editor"),
    probe: action("createTemplateAction", settingsPage("templates"), (fx, t) => [{ workspaceId: workspaceId(fx, t), name: "Made in settings", description: "" }]),
  },
  {
    surface: "action",
    name: "updateTemplateAction of the owner's template",
    expected: allow("admin"),
    probe: action("updateTemplateAction", settingsPage("templates"), (fx, t) => [{ templateId: t === "real" ? fx.templates.byOwner : fx.missing.templateId, name: "Owner's" }]),
  },
  {
    surface: "action",
    name: "updateTemplateAction of the editor's own template",
    expected: allow("editor"),
    probe: action("updateTemplateAction", settingsPage("templates"), (fx, t) => [{ templateId: t === "real" ? fx.templates.byEditor : fx.missing.templateId, description: "Kept up to date" }]),
  },
  {
    surface: "action",
    name: "getTemplateBodyAction",
    expected: allow("editor"),
    probe: action("getTemplateBodyAction", settingsPage("templates"), (fx, t) => [{ templateId: t === "real" ? fx.templates.byOwner : fx.missing.templateId }]),
  },
  {
    surface: "action",
    name: "deleteTemplateAction of the owner's template",
    expected: allow("admin"),
    probe: action("deleteTemplateAction", settingsPage("templates"), (fx, t, actor) => [{ templateId: own(t, fx.templates.deletable, actor, fx.missing.templateId) }]),
  },

];
