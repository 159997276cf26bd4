"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { createDocumentFromTemplateAction } from "@/server/actions/template-actions";
import { reachServer } from "@/lib/reach-server";
import { confirmLeaving } from "@/lib/use-leave-guard";
import { documentSegment } from "@/shared/document-slug";
import type { NewFromTemplateDetail } from "./template-events";
import { OPEN_NEW_FROM_TEMPLATE_EVENT, browserTimeZone } from "./template-events";
import { TemplatePickerDialog } from "./template-picker-dialog";

/**
 * "New from template" (docs/product.md "Templates"): mounted once by the app shell for those who
 * can create documents, opened by `openNewFromTemplate()` from the sidebar, the palette and an
 * empty document. Picking a template creates the document and opens it.
 */
export function NewFromTemplate({ workspaceId, workspaceSlug }: { workspaceId: string; workspaceSlug: string }) {
  const router = useRouter();
  const [request, setRequest] = useState<NewFromTemplateDetail | null>(null);

  useEffect(() => {
    const handleOpen = (event: Event) => setRequest((event as CustomEvent<NewFromTemplateDetail>).detail ?? {});
    window.addEventListener(OPEN_NEW_FROM_TEMPLATE_EVENT, handleOpen);
    return () => window.removeEventListener(OPEN_NEW_FROM_TEMPLATE_EVENT, handleOpen);
  }, []);

  return (
    <TemplatePickerDialog
      open={request !== null}
      workspaceId={workspaceId}
      workspaceSlug={workspaceSlug}
      title="New from template"
      description="The new document starts with the template's text; {{date}}, {{time}}, {{author}} and {{title}} are filled in."
      busyLabel="Creating the document…"
      onClose={() => setRequest(null)}
      onPick={async (template) => {
        // Asked (over the picker) before the document is made: staying leaves none behind.
        if (!(await confirmLeaving())) return null;
        const result = await reachServer(() => createDocumentFromTemplateAction({ workspaceId, templateId: template.id, parentId: request?.parentId ?? null, timeZone: browserTimeZone() }));
        if (!result.ok) return result.message;
        setRequest(null);
        router.push(`/w/${workspaceSlug}/d/${documentSegment(result.data)}`);
        return null;
      }}
    />
  );
}
