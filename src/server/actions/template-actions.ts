"use server";

import { revalidatePath } from "next/cache";
import type { ActionResult } from "@/shared/api-error";
import type { DocumentSummaryDto } from "@/shared/dto";
import type { FilledDelta } from "@/shared/template-placeholders";
import type {
  CreateDocumentFromTemplateInput,
  CreateTemplateInput,
  FillTemplateInput,
  ListTemplatesInput,
  SaveDocumentAsTemplateInput,
  TemplateBodyDto,
  TemplateDto,
  TemplateRefInput,
  UpdateTemplateInput,
} from "@/shared/schemas/template";
import {
  CreateDocumentFromTemplateSchema,
  CreateTemplateSchema,
  FillTemplateSchema,
  ListTemplatesSchema,
  SaveDocumentAsTemplateSchema,
  TemplateRefSchema,
  UpdateTemplateSchema,
} from "@/shared/schemas/template";
import type { ServiceContext } from "@/server/context";
import { presentDocumentSummary } from "@/server/presenters/present-document";
import { presentTemplate, presentTemplateBody } from "@/server/presenters/present-template";
import { createDocumentFromTemplate } from "@/server/services/templates/create-document-from-template";
import { createTemplate } from "@/server/services/templates/create-template";
import { deleteTemplate } from "@/server/services/templates/delete-template";
import { fillTemplate } from "@/server/services/templates/fill-template";
import { getTemplate } from "@/server/services/templates/get-template";
import { listTemplates } from "@/server/services/templates/list-templates";
import { saveDocumentAsTemplate } from "@/server/services/templates/save-document-as-template";
import { updateTemplate } from "@/server/services/templates/update-template";
import { findWorkspaceForMember } from "@/server/services/workspaces/find-workspace-for-member";
import { runAction } from "./run-action";

/** The template pickers (sidebar, palette, an empty document, the "/" menu): the workspace's templates. */
export async function listTemplatesAction(input: ListTemplatesInput): Promise<ActionResult<TemplateDto[]>> {
  return runAction(ListTemplatesSchema, input, async (ctx, data) => (await listTemplates(ctx, { id: data.workspaceId })).templates.map(presentTemplate));
}

/** "New from template": a document made from a template, placeholders filled in the browser's zone. */
export async function createDocumentFromTemplateAction(input: CreateDocumentFromTemplateInput): Promise<ActionResult<DocumentSummaryDto>> {
  return runAction(CreateDocumentFromTemplateSchema, input, async (ctx, data) => {
    const doc = await createDocumentFromTemplate(ctx, data);
    await revalidateWorkspacePath(ctx, doc.workspaceId, "layout");
    return presentDocumentSummary(doc);
  });
}

/** The "/" menu's "Template": the filled body the editor inserts at the caret. */
export async function fillTemplateAction(input: FillTemplateInput): Promise<ActionResult<FilledDelta>> {
  return runAction(FillTemplateSchema, input, (ctx, data) => fillTemplate(ctx, data));
}

/** Settings → Templates → "New template": an empty template, opened in the template editor next. */
export async function createTemplateAction(input: CreateTemplateInput): Promise<ActionResult<{ id: string }>> {
  return runAction(CreateTemplateSchema, input, async (ctx, data) => {
    const template = await createTemplate(ctx, data);
    await revalidateWorkspacePath(ctx, template.workspaceId);
    return { id: template.id };
  });
}

/** The document menu's "Save as template…". */
export async function saveDocumentAsTemplateAction(input: SaveDocumentAsTemplateInput): Promise<ActionResult<{ id: string; name: string }>> {
  return runAction(SaveDocumentAsTemplateSchema, input, async (ctx, data) => {
    const template = await saveDocumentAsTemplate(ctx, data);
    await revalidateWorkspacePath(ctx, template.workspaceId);
    return { id: template.id, name: template.name };
  });
}

/** The template editor's "Save" (with the body version it started from), and renaming in Settings → Templates. */
export async function updateTemplateAction(input: UpdateTemplateInput): Promise<ActionResult<{ id: string; name: string; version: string }>> {
  return runAction(UpdateTemplateSchema, input, async (ctx, data) => {
    const template = await updateTemplate(ctx, data);
    await revalidateWorkspacePath(ctx, template.workspaceId);
    return { id: template.id, name: template.name, version: template.version };
  });
}

/** The template editor, after a save met someone else's newer body: the stored body and its version. */
export async function getTemplateBodyAction(input: TemplateRefInput): Promise<ActionResult<TemplateBodyDto>> {
  return runAction(TemplateRefSchema, input, async (ctx, data) => presentTemplateBody(await getTemplate(ctx, data)));
}

/** Settings → Templates → "Delete", after its confirmation. */
export async function deleteTemplateAction(input: TemplateRefInput): Promise<ActionResult<{ id: string }>> {
  return runAction(TemplateRefSchema, input, async (ctx, data) => {
    const result = await deleteTemplate(ctx, data);
    await revalidateWorkspacePath(ctx, result.workspaceId);
    return { id: result.id };
  });
}

/** Settings → Templates (or, for a new document, the whole workspace's layout: the sidebar tree). */
async function revalidateWorkspacePath(ctx: ServiceContext, workspaceId: string, scope?: "layout"): Promise<void> {
  const { slug } = await findWorkspaceForMember(ctx, { id: workspaceId });
  if (scope === "layout") revalidatePath(`/w/${slug}`, "layout");
  else revalidatePath(`/w/${slug}/settings/templates`);
}
