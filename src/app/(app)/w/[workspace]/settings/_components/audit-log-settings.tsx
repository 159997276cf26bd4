import { EmptyList } from "@/components/ui/empty-list";
import Link from "next/link";
import { buttonClass } from "@/components/ui/button";
import { LocalTime } from "@/components/time/local-time";
import type { AuditEventKind } from "@/shared/audit-events";
import { AUDIT_EVENT_KINDS, AUDIT_EVENT_LABELS } from "@/shared/audit-events";
import type { AuditEventDto } from "@/shared/schemas/audit";

/** The filters as the form holds them: days are the reader's (the page turns them into moments). */
export interface AuditLogFilterValues {
  actor?: string;
  kind?: AuditEventKind;
  from?: string;
  to?: string;
}

const SELECT_CLASS = "min-h-10 rounded-md border border-input-border bg-raised px-3 text-base text-fg sm:text-sm";

/**
 * Settings → Audit log: filters (a plain GET form, so every view has its own address and works
 * before scripts load), the events newest first, "Older" for the next page and the CSV of
 * everything the filters match.
 */
export function AuditLogSettings({
  slug,
  people,
  filters,
  events,
  olderHref,
  csvHref,
  error,
}: {
  slug: string;
  people: Array<{ id: string; label: string }>;
  filters: AuditLogFilterValues;
  events: AuditEventDto[];
  olderHref: string | null;
  csvHref: string;
  error: string | null;
}) {
  const filtered = Boolean(filters.actor || filters.kind || filters.from || filters.to);
  return (
    <section aria-labelledby="audit-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="audit-heading" className="text-lg font-medium">
          Audit log
        </h2>
        <a href={csvHref} download className={buttonClass("secondary")}>
          Export CSV
        </a>
      </div>
      <form method="get" action={`/w/${slug}/settings/audit-log`} className="grid grid-cols-1 gap-3 rounded-xl border border-border bg-surface p-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <label htmlFor="audit-actor" className="text-sm font-medium">
            Person
          </label>
          <select id="audit-actor" name="actor" defaultValue={filters.actor ?? ""} className={SELECT_CLASS}>
            <option value="">Anyone</option>
            {people.map((person) => (
              <option key={person.id} value={person.id}>
                {person.label}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="audit-kind" className="text-sm font-medium">
            What
          </label>
          <select id="audit-kind" name="kind" defaultValue={filters.kind ?? ""} className={SELECT_CLASS}>
            <option value="">Anything</option>
            {AUDIT_EVENT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {AUDIT_EVENT_LABELS[kind]}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="audit-from" className="text-sm font-medium">
            From
          </label>
          <input id="audit-from" type="date" name="from" defaultValue={filters.from ?? ""} className={SELECT_CLASS} />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="audit-to" className="text-sm font-medium">
            To (including)
          </label>
          <input id="audit-to" type="date" name="to" defaultValue={filters.to ?? ""} className={SELECT_CLASS} />
        </div>
        <div className="flex gap-2 sm:col-span-2">
          <button type="submit" className={buttonClass("primary")}>
            Apply filters
          </button>
          {filtered ? (
            <Link href={`/w/${slug}/settings/audit-log`} className={buttonClass("ghost")}>
              Clear
            </Link>
          ) : null}
        </div>
      </form>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      {events.length === 0 ? (
        <EmptyList>{filtered ? "No events match these filters." : "Nothing has been recorded yet."}</EmptyList>
      ) : (
        <ul className="divide-y divide-border rounded-xl border border-border" aria-label="Audit events">
          {events.map((event) => (
            <li key={event.id} className="flex flex-col gap-0.5 px-4 py-3">
              <p className="text-sm">
                <span className="font-medium">{event.actor.label ?? "Someone"}</span> · {AUDIT_EVENT_LABELS[event.kind]}
                {event.target.label ? (
                  <>
                    {" "}
                    · <span className="break-all">{event.target.label}</span>
                  </>
                ) : null}
              </p>
              <p className="text-xs text-muted">
                <LocalTime value={event.createdAt} />
                {describeDetails(event.details)}
                {event.ipAddress ? ` · ${event.ipAddress}` : ""}
              </p>
            </li>
          ))}
        </ul>
      )}
      {olderHref ? (
        <div>
          <Link href={olderHref} className={buttonClass("secondary")}>
            Older
          </Link>
        </div>
      ) : null}
    </section>
  );
}

/** Details worth a glance ("editor → viewer", "docx", "via passkey"); the CSV and the API carry all of them. */
function describeDetails(details: AuditEventDto["details"]): string {
  if (typeof details.from === "string" && typeof details.to === "string") return ` · ${details.from} → ${details.to}`;
  const shown = ["role", "format", "scope"].map((key) => details[key]).filter((value) => typeof value === "string");
  if (typeof details.via === "string") shown.push(`via ${details.via === "sso" ? "single sign-on" : details.via}`);
  return shown.length > 0 ? ` · ${shown.join(", ")}` : "";
}
