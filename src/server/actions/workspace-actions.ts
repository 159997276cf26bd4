"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import type { FormState } from "@/shared/form-state";
import { CreateWorkspaceSchema, RenameWorkspaceSchema } from "@/shared/schemas/workspace";
import { requireActor } from "@/server/auth/session";
import { getDb } from "@/server/db/database";
import { createWorkspace } from "@/server/services/workspaces/create-workspace";
import { renameWorkspace } from "@/server/services/workspaces/rename-workspace";
import { formStateFromError, formValues, parseForm } from "./form-helpers";

/** "Create another workspace" form: the actor becomes its owner and lands in it. */
export async function createWorkspaceAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const actor = await requireActor();
  const values = formValues(formData, ["name", "slug"]);
  const parsed = parseForm(CreateWorkspaceSchema, values, values);
  if ("state" in parsed) return parsed.state;
  let slug: string;
  try {
    slug = (await createWorkspace({ db: await getDb(), actor }, parsed.data)).slug;
  } catch (error) {
    return formStateFromError(error, values);
  }
  redirect(`/w/${slug}`);
}

/** Settings → General: renames the workspace (owners). */
export async function renameWorkspaceAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const actor = await requireActor();
  const values = formValues(formData, ["workspaceId", "name"]);
  const parsed = parseForm(RenameWorkspaceSchema, values, values);
  if ("state" in parsed) return parsed.state;
  try {
    const workspace = await renameWorkspace({ db: await getDb(), actor }, parsed.data);
    revalidatePath(`/w/${workspace.slug}`, "layout");
    return { success: "Workspace renamed.", values: { ...values, name: workspace.name } };
  } catch (error) {
    return formStateFromError(error, values);
  }
}
