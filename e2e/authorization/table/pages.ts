import { page, softNavigation } from "../probes";
import type { AccessRow } from "./support";
import { allow, docPath, everyone, intoWorkspace, revisionId, shareToken, ws } from "./support";

/** The access table's pages: who may open each screen (access-table.ts). */
export const PAGE_ROWS: AccessRow[] = [
  // Pages. Signed-in visitors of /, /login and /signup are redirected into the app: `ok`.
  { surface: "page", name: "/", expected: everyone("ok"), probe: page(() => "/") },
  { surface: "page", name: "/login", expected: everyone("ok"), probe: page(() => "/login") },
  // The sign-in's second step: without a pending sign-in (none of the table's visitors has one) it
  // sends a signed-out visitor back to /login at once, and a signed-in one into the app.
  { surface: "page", name: "/login/two-factor", expected: everyone("ok", { anonymous: "login" }), probe: page(() => "/login/two-factor") },
  { surface: "page", name: "/signup", expected: everyone("ok"), probe: page(() => "/signup") },
  // Says only "check your email": the same for everyone, nothing to protect.
  { surface: "page", name: "/signup/check-email", expected: everyone("ok"), probe: page(() => "/signup/check-email") },
  { surface: "page", name: "/workspaces/new", expected: everyone("ok", { anonymous: "login" }), probe: page(() => "/workspaces/new") },
  { surface: "page", name: "/w/[workspace]", expected: allow("viewer"), probe: page((fx, t) => `/w/${ws(fx, t)}`) },
  {
    surface: "page",
    name: "/w/[workspace]/d/[doc]",
    expected: allow("viewer"),
    probe: page((fx, t) => `/w/${ws(fx, t)}/d/${t === "real" ? fx.doc.segment : `handbook-${fx.missing.documentId}`}`),
  },
  {
    surface: "page",
    name: "/w/[workspace]/d/[doc] of a trashed document",
    expected: everyone("not_found", { anonymous: "login" }),
    probe: page((fx, t) => `/w/${fx.workspace.slug}/d/old-notes-${t === "real" ? fx.trashedDoc.id : fx.missing.documentId}`),
  },
  {
    surface: "page",
    name: "/w/[workspace]/[...rest] (no such page)",
    expected: everyone("not_found", { anonymous: "login" }),
    probe: page((fx, t) => `/w/${ws(fx, t)}/no-such-page`),
  },
  { surface: "page", name: "/w/[workspace]/trash", expected: allow("viewer"), probe: page((fx, t) => `/w/${ws(fx, t)}/trash`) },
  // The inbox lists the reader's own notifications; any member reaches it from the workspace.
  { surface: "page", name: "/w/[workspace]/notifications", expected: allow("viewer"), probe: page((fx, t) => `/w/${ws(fx, t)}/notifications`) },
  // An email's unsubscribe link needs no session: the token is checked, and only the button acts.
  { surface: "page", name: "/unsubscribe", expected: everyone("ok"), probe: page(() => "/unsubscribe?token=mention.someone.forged-signature-forged-signature") },
  { surface: "page", name: "/w/[workspace]/search", expected: allow("viewer"), probe: page((fx, t) => `/w/${ws(fx, t)}/search?q=notes`) },
  { surface: "page", name: "/w/[workspace]/settings", expected: allow("viewer"), probe: page((fx, t) => `/w/${ws(fx, t)}/settings`) },
  {
    surface: "page",
    name: "/w/[workspace]/settings/members",
    expected: allow("viewer"),
    probe: page((fx, t) => `/w/${ws(fx, t)}/settings/members`),
  },
  // An admin section: below admin the address is the 404 page (and the tab isn't shown).
  {
    surface: "page",
    name: "/w/[workspace]/settings/invitations",
    expected: allow("admin", { below: "not_found" }),
    probe: page((fx, t) => `/w/${ws(fx, t)}/settings/invitations`),
  },

  // Sharing. Every member sees the dialog (and the live link); only editors and up change links.
  {
    surface: "page",
    name: "/w/[workspace]/d/[doc]/share",
    expected: allow("viewer"),
    probe: page((fx, t) => `${docPath(fx, t)}/share`, (_actor, fx) => new RegExp(fx.sharing.live.token)),
  },
  {
    surface: "page",
    name: "/w/[workspace]/d/[doc]/share of a trashed document",
    expected: everyone("not_found", { anonymous: "login" }),
    probe: page((fx, t) => `/w/${fx.workspace.slug}/d/old-notes-${t === "real" ? fx.trashedDoc.id : fx.missing.documentId}/share`),
  },
  // "Share" clicked in the editor: the router's request from the document page, which the modal intercepts.
  {
    surface: "page",
    name: "/w/[workspace]/d/[doc]/@modal/(.)share",
    expected: allow("viewer"),
    probe: softNavigation((fx, t) => ({ path: `${docPath(fx, t)}/share`, from: docPath(fx, t) }), /"ShareModal"/),
  },
  // Published pages: anyone with the link, signed in or not, while the link and its documents are live.
  {
    surface: "page",
    name: "/p/[share]",
    expected: everyone("ok"),
    probe: page((fx) => `/p/${fx.sharing.live.token}`, () => /Handbook/),
  },
  {
    surface: "page",
    name: "/p/[share]/[[...path]] of a child under a link with children",
    expected: everyone("ok"),
    probe: page((fx) => `/p/${fx.sharing.live.token}/${fx.sharing.child.segment}`, () => /Chapter one/),
  },
  {
    surface: "page",
    name: "/p/[share] of a revoked link",
    expected: everyone("not_found"),
    probe: page((fx, t) => `/p/${shareToken(fx, t, fx.sharing.revokedToken)}`),
  },
  {
    surface: "page",
    name: "/p/[share] of a trashed document's link",
    expected: everyone("not_found"),
    probe: page((fx, t) => `/p/${shareToken(fx, t, fx.sharing.trashedToken)}`),
  },
  {
    surface: "page",
    name: "/p/[share]/[[...path]] of a child under a link without children",
    expected: everyone("not_found"),
    probe: page((fx, t) => `/p/${fx.sharing.flat.token}/${t === "real" ? fx.sharing.flat.childSegment : `unpublished-child-${fx.missing.documentId}`}`),
  },
  {
    surface: "page",
    name: "/p/[share]/[[...path]] of another workspace's document under a live link",
    expected: everyone("not_found"),
    probe: page((fx, t) => `/p/${fx.sharing.live.token}/${t === "real" ? fx.otherDoc.segment : `their-plans-${fx.missing.documentId}`}`),
  },

  // Invitation links: anyone holding one. Signed out: the invitation, with sign-up and sign-in;
  // a member of its workspace: that workspace; anyone else: who it is for and who they are signed in as.
  {
    surface: "page",
    name: "/invite/[token]",
    expected: everyone("ok"),
    probe: page((fx) => `/invite/${fx.members.pendingToken}`, (actor, fx) => {
      if (actor === "anonymous") return /Create an account/;
      return actor === "stranger" ? /but you(&#x27;|')re signed in as/ : intoWorkspace(fx);
    }),
  },
  // Whatever became of the link, a member is sent into the workspace; anyone else is told.
  {
    surface: "page",
    name: "/invite/[token] of a revoked invitation",
    expected: everyone("ok"),
    probe: page(
      (fx) => `/invite/${fx.members.revokedToken}`,
      (actor, fx) => (actor === "anonymous" || actor === "stranger" ? /This invitation was withdrawn/ : intoWorkspace(fx)),
    ),
  },
  // The invited sign-up form for someone signed out; signed in, the invitation page instead.
  {
    surface: "page",
    name: "/signup?invite=[token]",
    expected: everyone("ok"),
    probe: page(
      (fx) => `/signup?invite=${fx.members.pendingToken}`,
      (actor, fx) => (actor === "anonymous" ? new RegExp(`Join (<!-- -->)?${fx.workspace.name}`) : new RegExp(`^/invite/${fx.members.pendingToken}$`)),
    ),
  },
  {
    surface: "page",
    name: "/invite/[token] that names no invitation",
    expected: everyone("ok"),
    probe: page((fx) => `/invite/${fx.missing.invitationToken}`, () => /This invitation link isn(&#x27;|')t valid/),
  },
  // The browser's print view (Export as PDF where the server has no Chromium): reading, like export.
  {
    surface: "page",
    name: "/w/[workspace]/d/[doc]/print",
    expected: allow("viewer"),
    probe: page((fx, t) => `${docPath(fx, t)}/print`, () => /Print or save as PDF/),
  },

  // Version history: every member reads the timeline and old versions.
  { surface: "page", name: "/w/[workspace]/d/[doc]/history", expected: allow("viewer"), probe: page((fx, t) => `${docPath(fx, t)}/history`, () => /First edition/) },
  {
    surface: "page",
    name: "/w/[workspace]/d/[doc]/history of a revision",
    expected: allow("viewer"),
    probe: page((fx, t) => `${docPath(fx, t)}/history/${revisionId(fx, t)}`, () => /Changes since this version/),
  },
  {
    surface: "page",
    name: "/w/[workspace]/d/[doc]/history of a trashed document",
    expected: everyone("not_found", { anonymous: "login" }),
    probe: page((fx, t) => `/w/${fx.workspace.slug}/d/old-notes-${t === "real" ? fx.trashedDoc.id : fx.missing.documentId}/history`),
  },
  // Templates (docs/product.md "Templates"): a section for those who can create documents; a
  // template's editor for those who may change it (the owner's: admins and owners).
  {
    surface: "page",
    name: "/w/[workspace]/settings/templates",
    expected: allow("editor", { below: "not_found" }),
    probe: page((fx, t) => `/w/${ws(fx, t)}/settings/templates`, () => /Meeting notes/),
  },
  {
    surface: "page",
    name: "/w/[workspace]/settings/templates/[template] of the owner's template",
    expected: allow("admin", { below: "not_found" }),
    probe: page((fx, t) => `/w/${fx.workspace.slug}/settings/templates/${t === "real" ? fx.templates.byOwner : fx.missing.templateId}`),
  },
  {
    surface: "page",
    name: "/w/[workspace]/settings/templates/[template] of the editor's template",
    expected: allow("editor", { below: "not_found" }),
    probe: page((fx, t) => `/w/${fx.workspace.slug}/settings/templates/${t === "real" ? fx.templates.byEditor : fx.missing.templateId}`),
  },

];
