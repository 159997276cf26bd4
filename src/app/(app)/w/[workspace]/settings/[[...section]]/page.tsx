import type { Metadata } from "next";
import { cookies, headers } from "next/headers";
import { notFound } from "next/navigation";
import { requireMember } from "@/server/http/require-member";
import { assignableRoles } from "@/server/policies/member-policy";
import { presentMembers, presentPendingInvitation } from "@/server/presenters/present-member";
import { listPendingInvitations } from "@/server/services/invitations/list-pending-invitations";
import { listMembers } from "@/server/services/workspaces/list-members";
import { listApiTokens } from "@/server/services/api-tokens/list-api-tokens";
import { ApiTokensSettings } from "@/app/(app)/w/[workspace]/settings/_components/api-tokens-settings";
import { isWorkspaceEmpty } from "@/server/services/workspaces/is-workspace-empty";
import { GeneralSettings } from "@/app/(app)/w/[workspace]/settings/_components/general-settings";
import { TwoFactorRequirementSettings } from "@/app/(app)/w/[workspace]/settings/_components/two-factor-requirement-settings";
import { ImportExportSettings } from "@/app/(app)/w/[workspace]/settings/_components/import-export-settings";
import { InviteForm } from "@/app/(app)/w/[workspace]/settings/_components/invite-form";
import { MembersList } from "@/app/(app)/w/[workspace]/settings/_components/members-list";
import { PendingInvitations } from "@/app/(app)/w/[workspace]/settings/_components/pending-invitations";
import { SettingsNav } from "@/app/(app)/w/[workspace]/settings/_components/settings-nav";
import { WebhooksSettings } from "@/app/(app)/w/[workspace]/settings/_components/webhooks-settings";
import { WebhookDeliveries } from "@/app/(app)/w/[workspace]/settings/_components/webhook-deliveries";
import { presentWebhookDelivery } from "@/server/presenters/present-webhook";
import { listWebhooks } from "@/server/services/webhooks/list-webhooks";
import { listWebhookDeliveries } from "@/server/services/webhooks/list-webhook-deliveries";
import { AuditLogSettings } from "@/app/(app)/w/[workspace]/settings/_components/audit-log-settings";
import { AuthenticationSettings } from "@/app/(app)/w/[workspace]/settings/_components/authentication-settings";
import { publicOrigin } from "@/server/http/public-origin";
import { getSsoProvider } from "@/server/services/sso/get-sso-provider";
import type { ServiceContext } from "@/server/context";
import { AppError } from "@/server/errors";
import { presentAuditEvent } from "@/server/presenters/present-audit-event";
import { listAuditEvents } from "@/server/services/audit/list-audit-events";
import { AuditLogPageParamsSchema } from "@/shared/schemas/audit";
import { TIME_ZONE_COOKIE, knownTimeZone } from "@/shared/format-time";
import { nextDay, zonedDayStart } from "@/shared/zoned-day";
import { clampToStoredMoments } from "@/shared/stored-values";
import { TemplatesSettings } from "@/app/(app)/w/[workspace]/settings/_components/templates-settings";
import { TemplateEditor } from "@/app/(app)/w/[workspace]/settings/_components/template-editor";
import { presentTemplate, presentTemplateBody } from "@/server/presenters/present-template";
import { getTemplate } from "@/server/services/templates/get-template";
import { listTemplates } from "@/server/services/templates/list-templates";
import { TemplateIdField } from "@/shared/schemas/template";

const SECTIONS = {
  general: "General",
  members: "Members",
  invitations: "Invitations",
  "api-tokens": "API tokens",
  "import-export": "Import and export",
  "audit-log": "Audit log",
  webhooks: "Webhooks",
  authentication: "Authentication",
  templates: "Templates",
} as const;
type Section = keyof typeof SECTIONS;

type Props = { params: Promise<{ workspace: string; section?: string[] }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

function sectionFrom(segments: string[] | undefined): Section {
  const [first, ...rest] = segments ?? [];
  // Two sections have pages of their own: a webhook's deliveries (webhooks/<id>), a template's editor (templates/<id>).
  if (rest.length > (first === "webhooks" || first === "templates" ? 1 : 0)) notFound();
  if (first === undefined) return "general";
  if (first in SECTIONS) return first as Section; // checked just above
  notFound();
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { section } = await params;
  return { title: `${SECTIONS[sectionFrom(section)]} settings` };
}

export default async function SettingsPage({ params, searchParams }: Props) {
  const { workspace: slug, section: segments } = await params;
  const section = sectionFrom(segments);
  const { ctx, workspace, requireTwoFactor } = await requireMember(slug);
  const canManageMembers = workspace.abilities.manageMembers;
  // Invitations are an admin section: others don't see the tab, and the address shows the members' 404.
  if (section === "invitations" && !canManageMembers) notFound();
  if (section === "import-export" && !workspace.abilities.exportArchive) notFound();
  if (section === "audit-log" && !workspace.abilities.viewAuditLog) notFound();
  if (section === "webhooks" && !workspace.abilities.manageWebhooks) notFound();
  if (section === "authentication" && !workspace.abilities.manageSso) notFound();
  // Templates are for those who can create documents (docs/product.md "Templates").
  if (section === "templates" && !workspace.abilities.edit) notFound();
  const sections: Partial<Record<Section, string>> = canManageMembers
    ? { ...SECTIONS }
    : { general: SECTIONS.general, members: SECTIONS.members, "api-tokens": SECTIONS["api-tokens"], templates: SECTIONS.templates };
  if (!workspace.abilities.exportArchive) delete sections["import-export"];
  if (!workspace.abilities.viewAuditLog) delete sections["audit-log"];
  if (!workspace.abilities.manageWebhooks) delete sections.webhooks;
  if (!workspace.abilities.manageSso) delete sections.authentication;
  if (!workspace.abilities.edit) delete sections.templates;

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-8">
      <h1 className="text-2xl font-semibold">Settings</h1>
      <SettingsNav slug={workspace.slug} current={section} sections={sections} />
      {section === "general" ? <GeneralSettings workspace={workspace} hasMoved={(await searchParams).moved === "1"} /> : null}
      {section === "general" && workspace.abilities.manageSettings ? <TwoFactorRequirementSettings workspaceId={workspace.id} required={requireTwoFactor} /> : null}
      {section === "members" ? (
        <MembersList
          members={presentMembers(await listMembers(ctx, workspace.id), { id: ctx.actor.id, role: workspace.role })}
          workspace={{ id: workspace.id, slug: workspace.slug, name: workspace.name }}
          canInvite={canManageMembers}
        />
      ) : null}
      {section === "invitations" ? (
        <>
          <InviteForm workspaceId={workspace.id} roles={assignableRoles(workspace.role)} />
          <PendingInvitations
            invitations={(await listPendingInvitations(ctx, workspace.id)).map((row) => presentPendingInvitation(row, workspace.role))}
          />
        </>
      ) : null}
      {section === "api-tokens" ? <ApiTokensSettings workspaceId={workspace.id} tokens={await listApiTokens(ctx, workspace.id)} /> : null}
      {section === "import-export" ? <ImportExportSettings workspace={workspace} isEmpty={await isWorkspaceEmpty(ctx, { id: workspace.id })} /> : null}
      {section === "audit-log" ? await auditLogSection(ctx, workspace, await searchParams) : null}
      {section === "webhooks" && !segments?.[1] ? <WebhooksSettings workspaceId={workspace.id} slug={workspace.slug} webhooks={await listWebhooks(ctx, { id: workspace.id })} /> : null}
      {section === "webhooks" && segments?.[1] ? await webhookDeliveriesSection(ctx, workspace, segments[1], await searchParams) : null}
      {section === "authentication" ? await authenticationSection(ctx, workspace) : null}
      {section === "templates" && !segments?.[1] ? (
        <TemplatesSettings workspaceId={workspace.id} slug={workspace.slug} templates={(await listTemplates(ctx, { id: workspace.id })).templates.map(presentTemplate)} />
      ) : null}
      {section === "templates" && segments?.[1] ? await templateEditorSection(ctx, workspace, segments[1]) : null}
    </div>
  );
}

/** Settings → Webhooks → one webhook's deliveries: another workspace's webhook, or none, is the 404 page. */
async function webhookDeliveriesSection(ctx: ServiceContext, workspace: { id: string; slug: string }, webhookId: string, query: Record<string, string | string[] | undefined>) {
  const cursor = typeof query.cursor === "string" && query.cursor.length <= 200 ? query.cursor : null;
  let page: Awaited<ReturnType<typeof listWebhookDeliveries>>;
  try {
    page = await listWebhookDeliveries(ctx, { webhookId, cursor });
  } catch (thrown) {
    if (!(thrown instanceof AppError)) throw thrown;
    if (thrown.code === "not_found") notFound();
    if (thrown.code !== "bad_request") throw thrown;
    // A hand-edited cursor: the newest page rather than an error page.
    page = await listWebhookDeliveries(ctx, { webhookId });
  }
  if (page.webhook.workspaceId !== workspace.id) notFound();
  const base = `/w/${workspace.slug}/settings/webhooks/${page.webhook.id}`;
  return (
    <WebhookDeliveries
      slug={workspace.slug}
      webhook={{ id: page.webhook.id, url: page.webhook.url }}
      deliveries={page.deliveries.map(presentWebhookDelivery)}
      olderHref={page.nextCursor ? `${base}?${new URLSearchParams({ cursor: page.nextCursor })}` : null}
    />
  );
}

/** Settings → Templates → one template's editor: another workspace's template, one the actor may not edit, or none, is the 404 page. */
async function templateEditorSection(ctx: ServiceContext, workspace: { id: string; slug: string }, templateId: string) {
  const parsed = TemplateIdField.safeParse(templateId);
  if (!parsed.success) notFound();
  let template: Awaited<ReturnType<typeof getTemplate>>;
  try {
    template = await getTemplate(ctx, { templateId: parsed.data });
  } catch (thrown) {
    if (thrown instanceof AppError && (thrown.code === "not_found" || thrown.code === "forbidden")) notFound();
    throw thrown;
  }
  if (template.workspaceId !== workspace.id || !template.abilities.edit) notFound();
  // Keyed: another template's editor starts afresh; this one's later renders (a save revalidates) keep what is typed.
  return <TemplateEditor key={template.id} slug={workspace.slug} template={presentTemplate(template)} initial={presentTemplateBody(template)} />;
}

/** Settings → Audit log: reads the filters from the address and the reader's days as moments in their zone. */
async function auditLogSection(ctx: ServiceContext, workspace: { id: string; slug: string }, query: Record<string, string | string[] | undefined>) {
  // Empty form fields ("Anyone") arrive as empty strings: they filter nothing.
  const given = Object.fromEntries(Object.entries(query).filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== ""));
  const parsed = AuditLogPageParamsSchema.safeParse(given);
  const params = parsed.success ? parsed.data : {};
  const zone = knownTimeZone((await cookies()).get(TIME_ZONE_COOKIE)?.value) ?? "UTC";
  const filters = {
    ...(params.actor ? { actor: params.actor } : {}),
    ...(params.kind ? { kind: params.kind } : {}),
    ...(params.from ? { from: storedMoment(zonedDayStart(params.from, zone)) } : {}),
    ...(params.to ? { to: storedMoment(zonedDayStart(nextDay(params.to), zone)) } : {}),
  };
  let page: Awaited<ReturnType<typeof listAuditEvents>>;
  let error = parsed.success ? null : "The filters in the address are not valid, so every event is shown.";
  try {
    page = await listAuditEvents(ctx, { workspace: { id: workspace.id }, ...filters, cursor: params.cursor ?? null });
  } catch (thrown) {
    // A hand-edited cursor: show the newest page rather than an error page.
    if (!(thrown instanceof AppError && thrown.code === "bad_request")) throw thrown;
    error = "That page of the log could not be found; showing the newest events.";
    page = await listAuditEvents(ctx, { workspace: { id: workspace.id }, ...filters });
  }
  const formValues = { actor: params.actor, kind: params.kind, from: params.from, to: params.to };
  const pageQuery = new URLSearchParams(Object.entries(formValues).filter((entry): entry is [string, string] => Boolean(entry[1])));
  const csvQuery = new URLSearchParams({ workspace: workspace.slug, ...filters });
  const people = (await listMembers(ctx, workspace.id)).map((member) => ({ id: member.userId, label: `${member.name} (${member.email})` }));
  return (
    <AuditLogSettings
      slug={workspace.slug}
      people={people}
      filters={formValues}
      events={page.events.map(presentAuditEvent)}
      olderHref={page.nextCursor ? `/w/${workspace.slug}/settings/audit-log?${new URLSearchParams([...pageQuery, ["cursor", page.nextCursor]])}` : null}
      csvHref={`/api/v1/audit-events/export?${csvQuery}`}
      error={error}
    />
  );
}

/**
 * A reader's day boundary as the filters (and the CSV link) carry it: the end of 9999-12-31, or a
 * zone's day near year 1000, kept in the moments PostgreSQL stores (no event lies past them).
 */
function storedMoment(iso: string): string {
  return new Date(clampToStoredMoments(Date.parse(iso))).toISOString();
}

/** Settings → Authentication: the provider (never its secret), the redirect URI to register and the sign-in link. */
async function authenticationSection(ctx: ServiceContext, workspace: { id: string; slug: string }) {
  const provider = await getSsoProvider(ctx, { workspaceId: workspace.id });
  const origin = publicOrigin(await headers());
  return (
    <AuthenticationSettings
      workspaceId={workspace.id}
      provider={provider ? { label: provider.label, issuer: provider.issuer, clientId: provider.clientId, allowedDomains: provider.allowedDomains, defaultRole: provider.defaultRole === "viewer" || provider.defaultRole === "commenter" ? provider.defaultRole : "editor" } : null}
      redirectUri={`${origin}/api/auth/callback/workspace-${workspace.id}`}
      signInLink={`${origin}/login?workspace=${encodeURIComponent(workspace.slug)}`}
    />
  );
}
