import type { StoredDelta } from "@/server/db/schema";

/** One of the templates every workspace starts with (docs/product.md "Templates"). */
export interface BuiltInTemplate {
  key: string;
  name: string;
  description: string;
  body: StoredDelta;
}

type Op = StoredDelta["ops"][number];

/** One line; an empty one is just its newline (an empty insert is not a valid op). */
const line = (text: string, attributes?: Record<string, unknown>): Op[] => [...(text ? [{ insert: text }] : []), attributes ? { insert: "\n", attributes } : { insert: "\n" }];
const heading = (text: string) => line(text, { header: 2 });
const bullet = (text: string) => line(text, { list: "bullet" });
const numbered = (text: string) => line(text, { list: "ordered" });
const task = (text: string) => line(text, { list: "unchecked" });
const label = (name: string, value: string): Op[] => [{ insert: `${name}: `, attributes: { bold: true } }, ...line(value)];

/** Kept in code, not in a migration, so a fix here reaches every workspace seeded after it. */
export const BUILT_IN_TEMPLATES: readonly BuiltInTemplate[] = [
  {
    key: "meeting-notes",
    name: "Meeting notes",
    description: "Date, attendees, agenda, notes and action items.",
    body: {
      ops: [
        ...label("Date", "{{date}}, {{time}}"),
        ...label("Notes by", "{{author}}"),
        ...heading("Attendees"),
        ...bullet("{{author}}"),
        ...bullet(""),
        ...heading("Agenda"),
        ...numbered(""),
        ...heading("Notes"),
        ...line(""),
        ...heading("Action items"),
        ...task(""),
      ],
    },
  },
  {
    key: "project-brief",
    name: "Project brief",
    description: "The problem, goals, scope, milestones and open questions of a project.",
    body: {
      ops: [
        ...label("Owner", "{{author}}"),
        ...label("Started", "{{date}}"),
        ...heading("Problem"),
        ...line("What is wrong today, and for whom?"),
        ...heading("Goals"),
        ...bullet(""),
        ...heading("Out of scope"),
        ...bullet(""),
        ...heading("Milestones"),
        ...task(""),
        ...heading("Open questions"),
        ...bullet(""),
      ],
    },
  },
  {
    key: "decision-record",
    name: "Decision record",
    description: "Context, the options weighed, the decision and its consequences.",
    body: {
      ops: [
        ...label("Status", "Proposed"),
        ...label("Date", "{{date}}"),
        ...label("Decided by", "{{author}}"),
        ...heading("Context"),
        ...line("What forces us to decide, and what constrains the choice?"),
        ...heading("Options"),
        ...numbered(""),
        ...heading("Decision"),
        ...line(""),
        ...heading("Consequences"),
        ...bullet(""),
      ],
    },
  },
  {
    key: "weekly-report",
    name: "Weekly report",
    description: "What was done, what is next, and what is in the way.",
    body: {
      ops: [
        ...label("Week of", "{{date}}"),
        ...label("From", "{{author}}"),
        ...heading("Done"),
        ...bullet(""),
        ...heading("Next"),
        ...task(""),
        ...heading("Blocked by"),
        ...bullet(""),
      ],
    },
  },
];
