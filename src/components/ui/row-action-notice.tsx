import type { RowActionNotice as Notice } from "@/lib/use-row-actions";

/** useRowActions' notice: announced politely on success, as an alert on failure. */
export function RowActionNotice({ notice }: { notice: Notice | null }) {
  if (!notice) return null;
  return (
    <p role={notice.isError ? "alert" : "status"} className={`text-sm ${notice.isError ? "text-danger" : "text-success"}`}>
      {notice.text}
    </p>
  );
}
