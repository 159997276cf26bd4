import { z } from "./zod";
import { AUDIT_EVENT_KINDS } from "@/shared/audit-events";
import { CursorParam, LimitParam, WorkspaceParam } from "./api-v1";
import { hasNoControlCharacter } from "./fields";
import { isStoredMoment } from "@/shared/stored-values";

const DAY_OR_MOMENT_MESSAGE = "Give a day (2026-11-25) or a moment (2026-11-25T14:30:00Z).";
const DATE_RANGE_MESSAGE = "Give a date between the years 1 and 9999.";
const PAGE_DAY_RANGE_MESSAGE = "Give a day between the years 1000 and 9999.";

/** The moment a day (UTC) starts, or a moment itself, in milliseconds. */
function startOf(value: string): number {
  return Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
}

/**
 * `from` / `to`: a day (UTC) or an ISO moment with its offset, in the years PostgreSQL stores
 * (shared/stored-values.ts: year 0000 and moments an offset takes past either end are refused).
 */
const DayOrMoment = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })], { error: DAY_OR_MOMENT_MESSAGE })
  .refine((value) => isStoredMoment(startOf(value)), DATE_RANGE_MESSAGE);

/** The settings page's days, in the reader's zone: from year 1000, so that a zone's offset keeps them in range. */
const PageDay = z.iso.date().refine((day) => day >= "1000-01-01", PAGE_DAY_RANGE_MESSAGE);

/** A user id as the `actor` filter takes it: one line (ids are UUIDs; anything else matches no one). */
const ActorFilter = z.string().min(1).max(100).refine(hasNoControlCharacter, "This is not a user id.");

/** The audit log's filters, shared by Settings → Audit log, its CSV and GET /api/v1/audit-events. */
export const AuditEventFiltersSchema = z.object({
  workspace: WorkspaceParam,
  actor: ActorFilter.optional().meta({ description: "Only events by this user id." }),
  kind: z.enum(AUDIT_EVENT_KINDS, { error: "This is not an audit event kind." }).optional().meta({ description: "Only events of this kind." }),
  from: DayOrMoment.optional().meta({ description: "Events at or after this moment; a day means its start (UTC)." }),
  to: DayOrMoment.optional().meta({ description: "Events before this moment; a day means its end (UTC): `to=2026-11-25` includes that day." }),
});
export type AuditEventFilters = z.infer<typeof AuditEventFiltersSchema>;

/** GET /api/v1/audit-events's query parameters. */
export const AuditEventsQuerySchema = AuditEventFiltersSchema.extend({ cursor: CursorParam, limit: LimitParam });
export type AuditEventsQuery = z.infer<typeof AuditEventsQuerySchema>;

/** One audit event as the API, the settings page and the CSV show it. */
export const AuditEventDtoSchema = z
  .strictObject({
    id: z.uuid(),
    kind: z.enum(AUDIT_EVENT_KINDS),
    /** Who did it; `id` null once that account is gone (the label stays), both null for no signed-in person. */
    actor: z.strictObject({ id: z.string().nullable(), label: z.string().nullable() }),
    target: z.strictObject({ id: z.string().nullable(), label: z.string().nullable() }),
    details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
    ipAddress: z.string().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "AuditEvent" });
export type AuditEventDto = z.infer<typeof AuditEventDtoSchema>;

export const AuditEventPageSchema = z.strictObject({ data: z.array(AuditEventDtoSchema), nextCursor: z.string().nullable() }).meta({ id: "AuditEventPage" });
export type AuditEventPage = z.infer<typeof AuditEventPageSchema>;

/** Settings → Audit log's address parameters: days are the reader's own (the page converts them). */
export const AuditLogPageParamsSchema = z.object({
  actor: ActorFilter.optional(),
  kind: z.enum(AUDIT_EVENT_KINDS).optional(),
  from: PageDay.optional(),
  to: PageDay.optional(),
  cursor: z.string().max(200).optional(),
});
